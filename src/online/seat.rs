//! Taking a seat: the HTTP requests that create a game or join one, their answers (a new
//! online game on the board, or a notice why not), and joining from an invite.

use super::socket::{Socket, Waker};
use super::wire::{self, CreateGame, Refusal, SeatGranted};
use super::{Ask, Link, Request, Seat, http};
use crate::game::session::{Session, StartOnline};
use crate::shell::navigation::{Navigate, Panel};
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use bevy::prelude::*;
use surakarta_engine::{Ruleset, Side};

pub(super) fn ask_server(
    mut asks: MessageReader<Ask>,
    mut link: ResMut<Link>,
    waker: Res<Waker>,
    mut socket: NonSendMut<Socket>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
) {
    for ask in asks.read() {
        let (request, url, body) = match ask {
            // Watching asks for no seat (`watch.rs`).
            Ask::Watch { .. } => continue,
            Ask::Say(say) => {
                if !socket.send(say.text()) {
                    notice.0 = Some(strings.get("online.not_connected"));
                } else if *say == wire::Outgoing::OfferDraw {
                    link.draw_offered_at = link.truth.as_ref().map(|t| t.game.history().len());
                }
                continue;
            }
            Ask::Create {
                server,
                rules,
                colour,
                clock,
            } => {
                let body = CreateGame {
                    ruleset: rules.to_string(),
                    seat: colour.map_or("random", wire::side_word).into(),
                    clock: *clock,
                };
                (
                    Request::Create {
                        server: server.clone(),
                        rules: *rules,
                    },
                    format!("{server}/api/games"),
                    serde_json::to_string(&body).unwrap_or_default(),
                )
            }
            Ask::Join { server, id } => (
                Request::Join {
                    server: server.clone(),
                    id: id.clone(),
                },
                format!("{server}/api/games/{id}/join"),
                "{}".to_owned(),
            ),
        };
        if link.request.is_some() {
            continue;
        }
        link.last_ask = Some(ask.clone());
        link.problem = None;
        let waker = waker.clone();
        let slot = http::into_slot(url, Some(body), move || waker.wake());
        link.request = Some((request, slot));
        notice.0 = Some(strings.get("online.asking"));
    }
}

/// Why the server did not give a seat, in the player's words.
pub(super) fn refusal(status: u16, body: &str, strings: &Strings) -> String {
    match status {
        404 => strings.get("online.no_such_game"),
        409 => strings.get("online.seats_taken"),
        429 => strings.get("online.busy"),
        _ => {
            let why = serde_json::from_str::<Refusal>(body)
                .ok()
                .map(|r| r.error)
                .unwrap_or_else(|| format!("HTTP {status}"));
            strings.fill("online.refused", &[("error", why)])
        }
    }
}

/// The answer to a create or join: a new online game on the board, or a notice why not.
pub(super) fn take_answer(
    mut link: ResMut<Link>,
    mut handover: super::others::HandOver,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
    mut start: MessageWriter<StartOnline>,
    mut navigate: MessageWriter<Navigate>,
    mut settings: ResMut<crate::settings::Settings>,
) {
    let Some(answer) = link.request.as_ref().and_then(|(_, slot)| http::take(slot)) else {
        return;
    };
    let Some((request, _)) = link.request.take() else {
        return;
    };
    let (server, rules, id) = match &request {
        Request::Create { server, rules } => (server, *rules, None),
        Request::Join { server, id } => (server, Ruleset::default(), Some(id.clone())),
    };
    let answer_status = answer.as_ref().ok().map(|(status, _)| *status);
    let seat = match answer {
        Err(e) => {
            // The transport's own words ("Failed to fetch, check the developer
            // console") are for the log, not the player.
            warn!("{server}: {e}");
            Err(strings.fill("online.unreachable", &[("server", server.clone())]))
        }
        Ok((status, body)) if (200..300).contains(&status) => {
            serde_json::from_str::<SeatGranted>(&body)
                .map_err(|e| wire::WireError::Shape(e.to_string()))
                .and_then(|a| {
                    let (side, token) = wire::granted_seat(&a)?;
                    let id = id
                        .or(a.id)
                        .filter(|id| wire::valid_id(id))
                        .ok_or(wire::WireError::GameId)?;
                    Ok(Seat {
                        server: server.clone(),
                        id,
                        side,
                        token,
                    })
                })
                .map_err(|e| strings.fill("online.refused", &[("error", e.to_string())]))
        }
        Ok((status, body)) => Err(refusal(status, &body, &strings)),
    };
    let seat = match seat {
        Ok(seat) => seat,
        Err(why) => {
            // On a card of its own, over the menu or the board: not a line behind a card.
            // Try again only where again may go otherwise: out of reach, busy, the
            // server's own trouble; not a game that is full or gone, nor a refusal.
            let again = match &answer_status {
                None => true,
                Some(status) => *status == 429 || *status >= 500,
            };
            notice.0 = None;
            link.tell_problem(why, again);
            return;
        }
    };
    notice.0 = None;
    let created = matches!(request, Request::Create { .. });
    // A player who joined by link with no server of their own set has one now: the
    // friend's. Settings said "not set" while they played on it, and their own first game
    // would have asked for one.
    if !created && settings.online_server().is_none() {
        settings.server = Some(seat.server.clone());
    }
    handover.hand_over(&link);
    *link = Link {
        // The creator's seat is taken; the friend's is not, until the server says so.
        seats: wire::Seats {
            red: !created || seat.side == Side::Red,
            black: !created || seat.side == Side::Black,
        },
        ..Link::default()
    };
    start.write(StartOnline { rules, seat });
    navigate.write(Navigate::Open(if created {
        Panel::Invite
    } else {
        Panel::None
    }));
}

/// A problem just told opens its card (`panels/problem.rs`), over whatever is on screen.
pub(super) fn open_problem(mut link: ResMut<Link>, mut nav: crate::shell::navigation::Navigator) {
    if link.problem.is_some() && !link.problem_shown {
        link.problem_shown = true;
        nav.open(Panel::Problem);
    }
}

/// Joins a friend's game from an invite: pasted, or opened with the app.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Joiner<'w> {
    clipboard: ResMut<'w, crate::platform::clipboard::Clipboard>,
    settings: Res<'w, crate::settings::Settings>,
    session: Res<'w, Session>,
    ask: MessageWriter<'w, Ask>,
    notice: ResMut<'w, Notice>,
    strings: Res<'w, Strings>,
    link: ResMut<'w, Link>,
}

impl Joiner<'_> {
    /// Reads the clipboard (in a browser: asks for the link in its text box) and joins the
    /// game it names.
    pub fn paste(&mut self) {
        let prompt = self.strings.get("online.paste_prompt");
        match self.clipboard.paste(&prompt) {
            Ok(Some(text)) if !text.trim().is_empty() => {
                self.join(&text);
            }
            // In a browser the player cancelled its text box: nothing to say. Elsewhere the
            // clipboard held nothing: said, not a silent return to the menu.
            Ok(_) if cfg!(target_arch = "wasm32") => {}
            Ok(_) => self.problem("online.clipboard_empty"),
            Err(_) => self.problem("records.no_clipboard"),
        }
    }

    /// Why there is nothing to join, on the problem card (a notice would be hidden
    /// behind the menu's card).
    fn problem(&mut self, key: &str) {
        self.link.tell_problem(self.strings.get(key), false);
    }

    /// Joins the game `text` invites to (or watches the one a watching link names); false
    /// (with a notice saying why) when it is neither.
    pub fn join(&mut self, text: &str) -> bool {
        // A watching link: the game opens to watch, read only.
        if let Some((server, id)) = wire::read_watch_link(text) {
            self.ask.write(Ask::Watch { server, id });
            return true;
        }
        let server = self.settings.online_server();
        match wire::read_invite(text, server.as_deref()) {
            Ok((server, id)) => {
                let same = self
                    .session
                    .online
                    .as_ref()
                    .is_some_and(|s| s.server == server && s.id == id);
                if same {
                    // Already in it (the player's own invite opened again).
                    self.notice.0 = Some(self.strings.get("online.already_in"));
                } else {
                    self.ask.write(Ask::Join { server, id });
                }
                true
            }
            Err(wire::BadInvite::NoServer) => {
                self.problem("online.no_server");
                true
            }
            Err(wire::BadInvite::NotAnInvite) => {
                self.problem("online.not_an_invite");
                false
            }
        }
    }
}
