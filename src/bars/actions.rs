//! What the bars' buttons do when pressed: ask the game for a command, step a review,
//! open the end-game card (or, after the game, the result again), go to the menu.

use crate::board::selection::Selection;
use crate::game::session::Command;
use crate::screens::review::ReviewStep;
use crate::shell::navigation::{Navigator, Screen};
use crate::ui::press::Press;
use bevy::prelude::*;

/// A button's observer that asks the game for `command`; a hint not while a move waits
/// for Accept (the button is faded then: `fade.rs`).
pub(super) fn ask(
    command: Command,
) -> impl Fn(On<Press>, MessageWriter<Command>, Res<Selection>) + Send + Sync + 'static {
    move |_: On<Press>, mut commands: MessageWriter<Command>, selection: Res<Selection>| {
        if command == Command::Hint && selection.pending.is_some() {
            return;
        }
        commands.write(command);
    }
}

/// A button's observer that steps through the review.
pub(super) fn review(
    step: ReviewStep,
) -> impl Fn(On<Press>, MessageWriter<ReviewStep>) + Send + Sync + 'static {
    move |_: On<Press>, mut steps: MessageWriter<ReviewStep>| {
        steps.write(step);
    }
}

/// End opens the end-game card (offer a draw, stop and count, resign) over the player's
/// own game while it goes on (faded otherwise: `fade.rs`); End opens the end-game card; after the game the same place says "Result" and opens its
/// card again (Rematch, Analyse, a new game), so that a closed result is never lost.
pub(super) fn open_end(
    _: On<Press>,
    session: Res<crate::game::session::Session>,
    screen: Res<State<Screen>>,
    mut nav: Navigator,
) {
    if *screen.get() != Screen::Game {
        return;
    }
    if can_end(&session) {
        nav.open(crate::shell::navigation::Panel::EndGame);
    } else if session.game.outcome().is_some() {
        nav.open(crate::shell::navigation::Panel::GameOver);
    }
}

/// The player's own game goes on, so it can be ended (an online game from its first move
/// on, whoever is to make it).
pub fn can_end(session: &crate::game::session::Session) -> bool {
    let online_on = session.is_online() && session.game.outcome().is_none();
    session.in_progress() || online_on
}

pub(super) fn open_menu(_: On<Press>, mut nav: Navigator) {
    nav.go(Screen::Menu);
    nav.close();
}
