//! "End the game", from the menu during a game in progress: offer a draw (the computer
//! answers at once; in a two-player game the other player does, `panels/offer.rs`), stop
//! and count (two players: the side with more stones wins), or resign (`panels/resign.rs`).
//! Online, once the friend has been away long enough, claim the win or a draw (the card
//! opens by itself then: `online/follow.rs`).

use crate::game::search;
use crate::game::session::{Command, Ending, Mode, Offer, Proposal, Session};
use crate::online::wire::{ClaimResult, Outgoing};
use crate::shell::navigation::{Panel, Screen};
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, back_row, button, label, outlined_button, panel_card, row};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;
use surakarta_engine::Side;
use surakarta_engine::ai::{DrawAnswer, Engine, draw_answer};

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::EndGame, spawn);
}

fn spawn(mut cards: Cards, session: Res<Session>, link: Res<crate::online::Link>) {
    let two_players = session.mode == Mode::TwoPlayers;
    // Online, with the friend away long enough: the game may be claimed.
    let claimable = match session.mode {
        Mode::Online { me } => link.timing.claim_in(me).is_some_and(|wait| wait.is_zero()),
        _ => false,
    };
    let may_offer = match session.mode {
        Mode::Online { me } => link.may_offer_draw(&session.game, me),
        _ => true,
    };
    let waiting = session.is_online() && link.waiting_for_friend();
    let mover = session.game.side_to_move();
    let position = *session.game.position();
    let strings = cards.strings();
    let draw_note = if two_players {
        strings.fill(
            "end.offer_draw.two",
            &[("other", strings.side(mover.other()))],
        )
    } else if session.is_online() {
        strings.get("end.offer_draw.online")
    } else {
        strings.get("end.offer_draw.computer")
    };
    let (red, black) = (
        position.stones(Side::Red).count(),
        position.stones(Side::Black).count(),
    );
    // Equal stones: stopping is a draw, said so ("now 12 red, 12 black" left it to the
    // player to work out).
    let stop_note = if red == black {
        strings.fill("end.stop.note_equal", &[("n", red.to_string())])
    } else {
        strings.fill(
            "end.stop.note",
            &[("red", red.to_string()), ("black", black.to_string())],
        )
    };
    cards.spawn(
        DespawnOnExit(Panel::EndGame),
        |c, strings, theme| {
            c.spawn(label(strings.get("end.title"), 26.0, theme));
            if claimable {
                c.spawn(label(strings.get("end.claim.note"), 15.0, theme));
                c.spawn(row()).with_children(|r| {
                    for (id, result) in [
                        ("end.claim_win", ClaimResult::Win),
                        ("end.claim_draw", ClaimResult::Draw),
                    ] {
                        r.spawn(button(id, strings.get(id), theme, 18.0, true))
                            .observe(move |_: On<Press>, mut end: EndIt| end.claim(result));
                    }
                });
            }
            c.spawn(row()).with_children(|r| {
                // Not the card's main button: a tester pressed it at move 4 as the card's
                // choice, and another was nudged towards a draw a stone up.
                let mut offer = r.spawn(crate::ui::widgets::choice(
                    "end.offer_draw",
                    strings.get("end.offer_draw"),
                    false,
                    theme,
                ));
                // Online, one offer between two of the player's moves (the server's rule):
                // not offered where it would be refused.
                if may_offer {
                    offer.observe(|_: On<Press>, mut end: EndIt| end.offer(Proposal::Draw));
                } else {
                    offer.insert(BackgroundColor(theme.button.with_alpha(0.4)));
                }
            });
            c.spawn(label(
                if may_offer {
                    draw_note
                } else if waiting {
                    strings.get("end.offer_draw.no_friend")
                } else {
                    strings.get("end.offer_draw.again")
                },
                15.0,
                theme,
            ));
            if two_players {
                c.spawn(row()).with_children(|r| {
                    // Quiet beside the offer: two dark buttons named no main choice.
                    r.spawn(crate::ui::widgets::choice(
                        "end.stop",
                        strings.get("end.stop"),
                        false,
                        theme,
                    ))
                    .observe(|_: On<Press>, mut end: EndIt| end.offer(Proposal::Stop));
                });
                c.spawn(label(stop_note, 15.0, theme));
            }
            c.spawn(row()).with_children(|r| {
                r.spawn(outlined_button(
                    "end.resign",
                    strings.get("end.resign"),
                    theme,
                ))
                .observe(|_: On<Press>, mut panel: ResMut<NextState<Panel>>| {
                    (*panel).set_if_neq(Panel::Resign);
                });
            });
        },
        // Playing on is the card's main choice: a dark offer had nudged a player a stone
        // up towards a draw, and early against the computer it is answered "too early".
        back_row,
    );
}

/// What the card's buttons change.
#[derive(SystemParam)]
struct EndIt<'w> {
    session: Res<'w, Session>,
    offer: ResMut<'w, Offer>,
    panel: ResMut<'w, NextState<Panel>>,
    screen: ResMut<'w, NextState<Screen>>,
    commands: MessageWriter<'w, Command>,
    notice: ResMut<'w, Notice>,
    strings: Res<'w, Strings>,
    ask: MessageWriter<'w, crate::online::ask::Ask>,
}

impl EndIt<'_> {
    /// The friend has left: the game claimed, won or drawn (the server decides and tells
    /// both; the result comes back as any other).
    fn claim(&mut self, result: ClaimResult) {
        self.ask
            .write(crate::online::ask::Ask::Say(Outgoing::Claim(result)));
        (*self.screen).set_if_neq(Screen::Game);
        (*self.panel).set_if_neq(Panel::None);
    }

    fn offer(&mut self, proposal: Proposal) {
        let game = &self.session.game;
        match self.session.mode {
            Mode::TwoPlayers => {
                // A new proposal: the answer to the last one is old news.
                self.notice.0 = None;
                self.offer.0 = Some((proposal, game.side_to_move()));
                (*self.panel).set_if_neq(Panel::Offer);
            }
            Mode::Online { .. } => {
                // The friend answers on their device; the server tells both.
                self.ask
                    .write(crate::online::ask::Ask::Say(Outgoing::OfferDraw));
                self.notice.0 = Some(self.strings.get("notice.draw_offered.online"));
                (*self.screen).set_if_neq(Screen::Game);
                (*self.panel).set_if_neq(Panel::None);
            }
            Mode::VsComputer { human, .. } => {
                // A short search, at once: the answer does not keep the player waiting.
                let stop = AtomicBool::new(false);
                let answer = search::controlled(&stop, |ctl| {
                    draw_answer(&mut Engine::new(1), game, human.other(), ctl)
                });
                let declined = match answer {
                    DrawAnswer::Accepts => {
                        self.commands.write(Command::End(Ending::Draw));
                        None
                    }
                    DrawAnswer::TooEarly => Some("notice.draw_too_early.computer"),
                    DrawAnswer::StandsBetter | DrawAnswer::GameOver => {
                        Some("notice.draw_declined.computer")
                    }
                };
                if let Some(why) = declined {
                    self.notice.0 = Some(self.strings.get(why));
                    (*self.screen).set_if_neq(Screen::Game);
                }
                (*self.panel).set_if_neq(Panel::None);
            }
        }
    }
}
