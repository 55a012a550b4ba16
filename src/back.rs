//! The back button (Android) and Escape (desktop, web): close the open panel (Settings and
//! Statistics go back to the menu); with none open, ask before leaving a game in progress.

use crate::GameSet;
use crate::hud::{OpenPanel, PanelState};
use crate::session::Session;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, go_back.in_set(GameSet::Input));
}

#[allow(clippy::too_many_arguments)]
fn go_back(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut panels: ResMut<PanelState>,
    session: Res<Session>,
    turn: Option<Res<State<crate::session::Turn>>>,
    mut exit: MessageWriter<AppExit>,
    tutorial: Res<crate::tutorial::Tutorial>,
    review: Res<crate::review::Review>,
    mut actions: MessageWriter<crate::hud::UiAction>,
) {
    let Some(keys) = keys else { return };
    if !keys.just_pressed(KeyCode::BrowserBack) && !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    let over = turn.is_some_and(|t| *t.get() == crate::session::Turn::Over);
    match panels.top() {
        Some(OpenPanel::Leave) => panels.leave_prompt = false,
        Some(OpenPanel::Settings | OpenPanel::Stats | OpenPanel::Rules | OpenPanel::Records) => {
            panels.back_to_menu()
        }
        Some(OpenPanel::NewGame) => panels.new_game = false,
        Some(OpenPanel::Menu) => panels.menu = false,
        None => close_the_board(
            &mut panels,
            &session,
            over,
            &tutorial,
            review.active(),
            &mut actions,
            &mut exit,
        ),
    }
}

/// Back with no panel open: leave a lesson, close the result, ask before leaving a game in
/// progress, or (Android, nothing to lose) leave the app.
fn close_the_board(
    panels: &mut PanelState,
    session: &Session,
    over: bool,
    tutorial: &crate::tutorial::Tutorial,
    reviewing: bool,
    actions: &mut MessageWriter<crate::hud::UiAction>,
    exit: &mut MessageWriter<AppExit>,
) {
    if tutorial.active() {
        // Back in a lesson leaves the tutorial; the game in progress comes back.
        actions.write(crate::hud::UiAction::LeaveTutorial);
    } else if reviewing {
        actions.write(crate::hud::UiAction::ReviewClose);
    } else if over && !panels.game_over_closed {
        panels.game_over_closed = true;
    } else if session.game.outcome().is_none() && !session.game.history().is_empty() {
        panels.leave_prompt = true;
    } else if cfg!(target_os = "android") {
        // Nothing to lose: back leaves, as on any Android screen.
        exit.write(AppExit::Success);
    }
}
