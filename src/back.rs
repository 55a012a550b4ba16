//! The back button (Android) and Escape (desktop, web): close the open panel (Settings and
//! Statistics go back to the menu); with none open, ask before leaving a game in progress.

use crate::GameSet;
use crate::hud::PanelState;
use crate::session::Session;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, go_back.in_set(GameSet::Input));
}

fn go_back(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut panels: ResMut<PanelState>,
    session: Res<Session>,
    turn: Option<Res<State<crate::session::Turn>>>,
    mut exit: MessageWriter<AppExit>,
    tutorial: Res<crate::tutorial::Tutorial>,
    mut actions: MessageWriter<crate::hud::UiAction>,
) {
    let Some(keys) = keys else { return };
    if !keys.just_pressed(KeyCode::BrowserBack) && !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    let over = turn.is_some_and(|t| *t.get() == crate::session::Turn::Over);
    if panels.leave_prompt {
        panels.leave_prompt = false;
    } else if panels.settings || panels.stats || panels.rules {
        panels.settings = false;
        panels.stats = false;
        panels.rules = false;
    } else if panels.menu {
        panels.menu = false;
    } else if panels.new_game {
        panels.new_game = false;
    } else if tutorial.active() {
        // Back in a lesson leaves the tutorial; the game in progress comes back.
        actions.write(crate::hud::UiAction::LeaveTutorial);
    } else if over && !panels.game_over_closed {
        panels.game_over_closed = true;
    } else if session.game.outcome().is_none() && !session.game.history().is_empty() {
        panels.leave_prompt = true;
    } else if cfg!(target_os = "android") {
        // Nothing to lose: back leaves, as on any Android screen.
        exit.write(AppExit::Success);
    }
}
