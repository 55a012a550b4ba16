//! "Resign?", from "End the game": Keep playing (back to the board), or Resign (the game
//! ends: against the computer it counts as a loss; in a two-player game the side to move
//! resigns).

use crate::game::session::{Command, Ending, Mode, Session};
use crate::shell::navigation::{Navigator, Panel, Screen};
use crate::ui::confirm::{Answer, confirm_card};
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, panel_card};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Resign, spawn);
}

/// Who resigns: the person against the computer, or the player to move.
pub fn resigning(session: &Session) -> surakarta_engine::Side {
    match session.mode {
        Mode::VsComputer { human, .. } | Mode::Online { me: human } => human,
        Mode::TwoPlayers => session.game.side_to_move(),
    }
}

fn spawn(mut cards: Cards, session: Res<Session>) {
    let side = resigning(&session);
    let strings = cards.strings();
    let body = match session.mode {
        Mode::VsComputer { .. } => strings.get("resign.body.computer"),
        Mode::Online { .. } => strings.get("resign.body.online"),
        Mode::TwoPlayers => strings.fill(
            "resign.body.two",
            &[
                ("side", strings.side(side)),
                ("other", strings.side(side.other())),
            ],
        ),
    };
    let title = strings.get("resign.title");
    let keep = Answer::keyed("resign.keep", &cards);
    let confirm = Answer::keyed("resign.confirm", &cards);
    confirm_card(
        &mut cards,
        DespawnOnExit(Panel::Resign),
        (title, body),
        (keep, keep_playing),
        (confirm, resign),
    );
}

/// Back to the board, the game going on.
fn keep_playing(_: On<Press>, mut nav: Navigator) {
    nav.close();
    nav.go(Screen::Game);
}

fn resign(
    _: On<Press>,
    session: Res<Session>,
    mut commands: MessageWriter<Command>,
    mut nav: Navigator,
) {
    commands.write(Command::End(Ending::Resign(resigning(&session))));
    nav.close();
}
