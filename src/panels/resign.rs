//! "Resign?", from "End the game": Keep playing (back to the board), or Resign (the game
//! ends: against the computer it counts as a loss; in a two-player game the side to move
//! resigns).

use crate::game::session::{Command, Ending, Mode, Session};
use crate::shell::navigation::{Panel, Screen};
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, label, panel_card, row};
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
    cards.spawn(
        DespawnOnExit(Panel::Resign),
        |c, strings, theme| {
            c.spawn(label(strings.get("resign.title"), 26.0, theme));
            c.spawn(label(body, 17.0, theme));
        },
        |footer, strings, theme| {
            footer.spawn(row()).with_children(|r| {
                r.spawn(button(
                    "resign.keep",
                    strings.get("resign.keep"),
                    theme,
                    20.0,
                    true,
                ))
                .observe(
                    |_: On<Press>,
                     mut panel: ResMut<NextState<Panel>>,
                     mut screen: ResMut<NextState<Screen>>| {
                        (*panel).set_if_neq(Panel::None);
                        (*screen).set_if_neq(Screen::Game);
                    },
                );
                r.spawn(button(
                    "resign.confirm",
                    strings.get("resign.confirm"),
                    theme,
                    20.0,
                    true,
                ))
                .observe(
                    |_: On<Press>,
                     session: Res<Session>,
                     mut commands: MessageWriter<Command>,
                     mut panel: ResMut<NextState<Panel>>| {
                        commands.write(Command::End(Ending::Resign(resigning(&session))));
                        (*panel).set_if_neq(Panel::None);
                    },
                );
            });
        },
    );
}
