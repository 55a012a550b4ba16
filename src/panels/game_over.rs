//! The result of the player's game when it ends: who won and why, Close (to look at the
//! board), Analyse (the game reviewed with the engine's judgement of every move) and New
//! game; after an online game, Rematch.

use crate::game::analysis::Analyse;
use crate::game::session::{Mode, Session, Start};
use crate::panels::new_game::OpenNewGame;
use crate::screens::review::{ClosesTo, OpenReview};
use crate::shell::navigation::Panel;
use crate::ui::i18n::Strings;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, close_panel, label, panel_card, row};
use bevy::prelude::*;
use surakarta_engine::{EndReason, Outcome, Side};

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::GameOver, spawn);
}

/// The headline of the game-over card (tests look for it).
#[derive(Component)]
pub struct GameOverTitle;

/// The headline's translation key for the player's game, if it has ended.
pub fn title_key(session: &Session) -> Option<&'static str> {
    let outcome = session.game.outcome()?;
    Some(match (outcome.winner, session.mode) {
        (None, _) if outcome.reason == EndReason::Aborted => "over.aborted",
        (None, _) => "over.draw",
        (Some(w), Mode::VsComputer { human, .. } | Mode::Online { me: human }) if w == human => {
            "over.you_win"
        }
        (Some(_), Mode::VsComputer { .. }) => "over.you_lose",
        (Some(_), Mode::Online { .. }) => "over.friend_wins",
        (Some(Side::Red), Mode::TwoPlayers) => "over.red_wins",
        (Some(Side::Black), Mode::TwoPlayers) => "over.black_wins",
    })
}

/// Why the game ended, saying who where it matters: who resigned, who had more stones
/// when the players stopped.
pub fn reason_line(session: &Session, outcome: Outcome, strings: &Strings) -> String {
    let loser = outcome.winner.map(Side::other);
    match (outcome.reason, loser, session.mode) {
        (EndReason::Resignation, Some(loser), Mode::TwoPlayers) => {
            strings.fill("reason.resigned", &[("side", strings.side(loser))])
        }
        (EndReason::Resignation, Some(loser), Mode::VsComputer { human: me, .. })
        | (EndReason::Resignation, Some(loser), Mode::Online { me }) => {
            strings.get(if loser == me {
                "reason.you_resigned"
            } else if session.is_online() {
                "reason.friend_resigned"
            } else {
                "reason.computer_resigned"
            })
        }
        // Whose time ran out, who left: the player's words where it was them or the friend.
        (EndReason::TimeForfeit, Some(loser), Mode::Online { me }) => strings.get(if loser == me {
            "reason.time_you"
        } else {
            "reason.time_friend"
        }),
        (EndReason::TimeForfeit, Some(loser), _) => {
            strings.fill("reason.time_side", &[("side", strings.side(loser))])
        }
        (EndReason::Abandoned, Some(loser), Mode::Online { me }) => strings.get(if loser == me {
            "reason.abandoned_you"
        } else {
            "reason.abandoned_friend"
        }),
        (EndReason::AgreedStop, _, _) => match outcome.winner {
            Some(more) => strings.fill("reason.stop_more", &[("side", strings.side(more))]),
            None => strings.get("reason.stop_equal"),
        },
        (reason, _, _) => strings.get(&format!("reason.{}", reason.id())),
    }
}

/// How a game between two others ended, as the game-over card of a two-player game says
/// it: "Red wins · Black resigned" (a game watched live).
pub fn ending_line(outcome: Outcome, strings: &Strings) -> String {
    let title = match outcome.winner {
        Some(Side::Red) => "over.red_wins",
        Some(Side::Black) => "over.black_wins",
        None if outcome.reason == EndReason::Aborted => "over.aborted",
        None => "over.draw",
    };
    let seen = Session {
        mode: Mode::TwoPlayers,
        ..Session::default()
    };
    format!(
        "{} · {}",
        strings.get(title),
        reason_line(&seen, outcome, strings)
    )
}

fn spawn(mut cards: Cards, session: Res<Session>) {
    let (Some(title), Some(outcome)) = (title_key(&session), session.game.outcome()) else {
        return;
    };
    let reason = reason_line(&session, outcome, cards.strings());
    let online = session.is_online();
    cards.spawn(
        DespawnOnExit(Panel::GameOver),
        |c, strings, theme| {
            c.spawn((GameOverTitle, label(strings.get(title), 34.0, theme)));
            c.spawn(label(reason, 18.0, theme));
        },
        move |footer, strings, theme| {
            if online {
                // Another game with the friend, colours swapped: they are asked.
                footer.spawn(row()).with_children(|r| {
                    r.spawn(button(
                        "over.rematch",
                        strings.get("over.rematch"),
                        theme,
                        20.0,
                        true,
                    ))
                    .observe(
                        |_: On<Press>,
                         mut ask: MessageWriter<crate::online::ask::Ask>,
                         mut notice: ResMut<crate::ui::notice::Notice>,
                         strings: Res<Strings>,
                         mut panel: ResMut<NextState<Panel>>| {
                            ask.write(crate::online::ask::Ask::Say(
                                crate::online::wire::Outgoing::Rematch,
                            ));
                            notice.0 = Some(strings.get("notice.rematch_offered"));
                            (*panel).set_if_neq(Panel::None);
                        },
                    );
                });
            }
            footer.spawn(row()).with_children(|r| {
                r.spawn(button(
                    "over.close",
                    strings.get("button.close"),
                    theme,
                    18.0,
                    true,
                ))
                .observe(close_panel);
                r.spawn(button(
                    "over.analyse",
                    strings.get("over.analyse"),
                    theme,
                    18.0,
                    true,
                ))
                .observe(
                    |_: On<Press>,
                     session: Res<Session>,
                     mut reviews: MessageWriter<OpenReview>,
                     mut analyse: MessageWriter<Analyse>| {
                        // The game on the review's board first; then the move list shows
                        // the analysis as it runs.
                        reviews.write(OpenReview(
                            session.game.clone(),
                            ClosesTo::Game,
                            session.player_side(),
                        ));
                        analyse.write(Analyse(session.game.clone()));
                    },
                );
                r.spawn(button(
                    "over.new_game",
                    strings.get("button.new_game"),
                    theme,
                    18.0,
                    true,
                ))
                .observe(|_: On<Press>, mut new_game: OpenNewGame| {
                    new_game.open(None, Start::Fresh);
                });
            });
        },
    );
}
