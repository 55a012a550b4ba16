//! "Leave the game?", after Back during a game in progress: Stay, or Leave (the game is
//! saved and goes on next time).

use crate::platform::Platform;
use crate::shell::navigation::{Navigator, Panel, Screen};
use crate::ui::confirm::{Answer, confirm_card};
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, close_panel, panel_card};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Leave, spawn);
}

fn spawn(mut cards: Cards) {
    let strings = cards.strings();
    let text = (strings.get("leave.title"), strings.get("leave.body"));
    let stay = Answer::keyed("leave.stay", &cards);
    let leave = Answer::keyed("leave.leave", &cards);
    confirm_card(
        &mut cards,
        DespawnOnExit(Panel::Leave),
        text,
        (stay, close_panel),
        (leave, leave_game),
    );
}

/// Leaves the way the platform does, the game saved as it is: where Back leaves an app
/// (Android) the app goes to the back and its process lives on, so that it opens again
/// where it was; on a desktop the window closes; in a browser and on iOS, where an app
/// does not end itself, the menu comes up over the game.
fn leave_game(
    _: On<Press>,
    mut platform: ResMut<Platform>,
    mut nav: Navigator,
    mut exit: MessageWriter<AppExit>,
) {
    nav.close();
    if platform.back_leaves {
        platform.leave();
    } else if cfg!(not(any(
        target_os = "android",
        target_os = "ios",
        target_arch = "wasm32"
    ))) {
        exit.write(AppExit::Success);
    } else {
        nav.go(Screen::Menu);
    }
}
