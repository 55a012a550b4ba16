//! What the game's connection hears: its opening (the seat's `hello`, what is pending sent
//! again), the server's states (the game followed), presence (the friend left, is back, is
//! reconnecting), and refusals in the player's words.

use super::socket::{Heard, Socket, Waker, poll};
use super::wire::{self, ServerMessage};
use super::{Link, Status};
use crate::game::session::Session;
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::Side;
use surakarta_protocol::online::ErrorCode;

/// Takes what the connection brought: its opening, the server's states and errors.
pub(super) fn receive(
    mut socket: NonSendMut<Socket>,
    mut link: ResMut<Link>,
    waker: Res<Waker>,
    session: Res<Session>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
) {
    let line = link.reborrow().map_unchanged(|l| &mut l.line);
    let heard = poll(&mut socket.0, line, &waker);
    // This app's own connection lost: what it last heard of the friend is old news (the
    // bars say "Connection lost · reconnecting").
    if matches!(link.line.status, Status::Lost { .. })
        && let Some(told) = link.told_left
    {
        // Told moments before this app's own drop: the server going down closes its
        // connections one by one, so the friend's went first (they are on their way back
        // too, and their coming back is no news).
        if told.elapsed() < OWN_DROP_NEAR {
            link.left_in_outage = true;
        }
        let said = [
            strings.get("online.friend_left"),
            strings.get("online.friend_reconnecting"),
        ];
        if notice.0.as_ref().is_some_and(|n| said.contains(n)) {
            notice.0 = None;
        }
    }
    for heard in heard {
        match heard {
            Heard::Opened => {
                let game = socket.0.as_ref().map(|o| o.game.clone());
                // The seat's token first: until then the server takes this for a watcher.
                if let Some(seat) = session
                    .online
                    .as_ref()
                    .filter(|s| Some(&s.id) == game.as_ref())
                {
                    socket.send(wire::hello(&seat.token));
                }
                // What the server may not have: sent again (the ply keeps a move from
                // being played twice; a second resignation is refused harmlessly).
                for say in [link.pending, link.pending_end].into_iter().flatten() {
                    socket.send(say.text());
                }
            }
            Heard::Message(Ok(message)) => {
                if !take(message, &mut link, &session, &mut notice, &strings) {
                    // A move that does not follow the game this app has: all of it again.
                    socket.send(wire::ClientMessage::Sync.to_json());
                }
                if std::mem::take(&mut link.resend) {
                    // The outcome unknown: the game read again, then what is pending sent
                    // again (refused harmlessly if the server had kept it).
                    socket.send(wire::ClientMessage::Sync.to_json());
                    for say in [link.pending, link.pending_end].into_iter().flatten() {
                        socket.send(say.text());
                    }
                }
            }
            Heard::Message(Err(e)) => warn!("an unreadable message from the server: {e}"),
        }
    }
    // The friend away: a frame when the game may be claimed (the app at rest draws none).
    if let Some(wait) = session
        .online
        .as_ref()
        .and_then(|seat| link.timing.claim_in(seat.side))
        .filter(|wait| !wait.is_zero())
        && link.is_changed()
    {
        waker.wake_at(Instant::now() + wait + Duration::from_millis(100));
    }
}

/// One message of the server about the player's game; false when it cannot be followed
/// (the whole state is to be asked for).
fn take(
    message: ServerMessage,
    link: &mut Link,
    session: &Session,
    notice: &mut Notice,
    strings: &Strings,
) -> bool {
    let (truth, state) = match message {
        ServerMessage::State(state) => match wire::truth(&state) {
            Ok(truth) => (truth, state),
            Err(e) => {
                warn!("the server's game does not replay: {e}");
                return true;
            }
        },
        ServerMessage::Moved { mv, state } => {
            let had = link.truth.as_ref().map(|t| &t.game);
            match wire::truth_after(had, &mv, &state) {
                wire::Followed::Next(truth) => (truth, state),
                wire::Followed::Had => return true,
                wire::Followed::Gap => return false,
            }
        }
        other => {
            take_other(other, link, session, notice, strings);
            return true;
        }
    };
    // The player's own offer gone, the game going on: the friend declined it (or moved,
    // which declines it too).
    let me = session.online.as_ref().map(|s| s.side);
    let declined = me.is_some()
        && link.draw_offer == me
        && truth.draw_offer.is_none()
        && truth.game.outcome().is_none();
    if declined {
        notice.0 = Some(strings.get("notice.draw_declined.friend"));
    }
    // The player's own rematch offer gone without a rematch.
    let turned_down = me.is_some()
        && link.truth.as_ref().is_some_and(|t| t.rematch_offer == me)
        && truth.rematch_offer.is_none()
        && truth.rematch.is_none();
    if turned_down {
        notice.0 = Some(strings.get("notice.rematch_declined.friend"));
    }
    // The friend's own rematch offer come: what was said of an earlier one is over (the
    // card asks now).
    let offered_to_me = me.is_some_and(|me| truth.rematch_offer == Some(me.other()))
        && link
            .truth
            .as_ref()
            .is_none_or(|t| t.rematch_offer != truth.rematch_offer);
    if offered_to_me {
        notice.clear_if_one_of(
            &[
                "notice.rematch_declined.you",
                "notice.rematch_declined.friend",
                "notice.rematch_offered",
            ],
            strings,
        );
    }
    // The friend took their seat while this app watched it empty (not a game read anew
    // after a start or a switch): said on the bar too, not only on the invite's card (a
    // player who went to the board and moved first saw "Waiting for your friend" go
    // without a word).
    let joined = me.is_some_and(|me| {
        link.truth
            .as_ref()
            .is_some_and(|t| !wire::seated(t.seats, me.other()))
            && wire::seated(truth.seats, me.other())
    }) && truth.game.outcome().is_none();
    if joined {
        notice.0 = Some(strings.get("online.friend_joined"));
    }
    if truth.game.outcome().is_some() && link.over_at.is_none() {
        link.over_at = Some(Instant::now());
        // What was said of the game in progress is over with it: an offer waiting for
        // its answer (accepted, it ended the game), a friend who joined or left.
        notice.clear_if_one_of(
            &[
                "notice.draw_offered.online",
                "notice.draw_declined.you",
                "notice.draw_declined.friend",
                "online.friend_joined",
                "online.friend_left",
                "online.friend_reconnecting",
            ],
            strings,
        );
        // "The rematch: you play Red." is said of the rematch's start, not of its end (it
        // stood on the card of a rematch aborted at its first move).
        for side in [Side::Red, Side::Black] {
            let started = strings.fill("notice.rematch_started", &[("side", strings.side(side))]);
            if notice.0.as_ref() == Some(&started) {
                notice.0 = None;
            }
        }
    }
    link.seats = truth.seats;
    link.draw_offer = truth.draw_offer;
    link.truth = Some(truth);
    link.timing = super::clock::Timing::of(&state);
    // The friend seated and not away: connected.
    let seats = link.seats;
    let here = me.is_some_and(|me| {
        wire::seated(seats, me.other()) && link.timing.away(me.other()).is_none()
    });
    link.friend_seen |= here;
    // Told the friend left, and the game read anew has them here (a reconnection sends
    // the game, not always a presence): back, said once; or, gone in an outage of this
    // app's own, nothing to say.
    let going_on = link
        .truth
        .as_ref()
        .is_some_and(|t| t.game.outcome().is_none());
    if here && link.told_left.is_some() && going_on {
        friend_back(link, notice, strings);
    }
    true
}

/// The friend told gone is here again: "Your friend is back.", unless they went as this
/// app itself dropped (the server's restart), or in a correspondence game.
fn friend_back(link: &mut Link, notice: &mut Notice, strings: &Strings) {
    link.told_left = None;
    let correspondence = matches!(
        link.timing.control,
        Some(super::wire::TimeControl::Correspondence { .. })
    );
    if std::mem::take(&mut link.left_in_outage) {
        notice.clear_if_one_of(&["online.friend_reconnecting"], strings);
    } else if !correspondence {
        notice.0 = Some(strings.get("online.friend_back"));
    }
}

/// How soon after the friend was said to leave this app's own connection may drop for
/// the two to be one outage (a server shutting down closes its connections one by one).
const OWN_DROP_NEAR: Duration = Duration::from_secs(3);

/// A message of the server that is not the game: who is here, a pong, a refusal.
fn take_other(
    message: ServerMessage,
    link: &mut Link,
    session: &Session,
    notice: &mut Notice,
    strings: &Strings,
) {
    match message {
        ServerMessage::State(_) | ServerMessage::Moved { .. } => {}
        ServerMessage::Presence { away, claim_after } => {
            // The friend left or came back while the game goes on: said once.
            let friend = session.online.as_ref().map(|s| s.side.other());
            let going_on = link
                .truth
                .as_ref()
                .is_some_and(|t| t.game.outcome().is_none());
            link.timing.presence(away, claim_after);
            let gone = friend.map(|f| link.timing.away(f).is_some());
            // "Left" once the friend has been seen here, and "back" only after a "left"
            // (not a first connection after joining).
            let seen = link.friend_seen;
            link.friend_seen |= gone == Some(false);
            // In a correspondence game a friend away is the rule, not news: not said.
            let correspondence = matches!(
                link.timing.control,
                Some(super::wire::TimeControl::Correspondence { .. })
            );
            if going_on && seen && gone == Some(false) && link.told_left.is_some() {
                friend_back(link, notice, strings);
                return;
            }
            if going_on && seen && gone == Some(true) && link.told_left.is_none() {
                link.told_left = Some(Instant::now());
                if correspondence {
                    return;
                }
                // Gone just as this app came back itself: the server or the network
                // dropped both; the friend is on the way back too, and their coming back
                // is no news (a tester read "Your friend is back." of a friend who never
                // left, after a server restart).
                // Heard as this app's own connection dropped (in the same frame as the
                // server closing it) is the same.
                link.left_in_outage =
                    link.line.just_reopened() || !matches!(link.line.status, Status::Connected);
                let key = if link.left_in_outage {
                    "online.friend_reconnecting"
                } else {
                    "online.friend_left"
                };
                notice.0 = Some(strings.get(key));
            }
        }
        ServerMessage::Pong => {}
        ServerMessage::Error { message, code } => {
            warn!("the server refused ({code:?}): {message}");
            if code == Some(ErrorCode::OutcomeUnknown) {
                // The server may have kept it: the move stays pending, the game is read
                // again and the move sent again (its ply keeps it from being played twice).
                link.resend = true;
                notice.0 = Some(strings.get("online.error.outcome_unknown"));
                return;
            }
            link.pending = None;
            link.pending_end = None;
            link.resync = true;
            notice.0 = Some(strings.get(refusal_key(code)));
        }
    }
}

/// A refusal in the player's words: the server's own text is English and for logs.
pub fn refusal_key(code: Option<ErrorCode>) -> &'static str {
    match code {
        Some(ErrorCode::RateLimited) => "online.error.rate_limited",
        Some(ErrorCode::Unavailable | ErrorCode::Timeout) => "online.error.unavailable",
        Some(ErrorCode::TooManyWatchers) => "online.error.too_many_watchers",
        Some(ErrorCode::NotFound) => "online.error.not_found",
        Some(ErrorCode::Watching) => "online.error.watching",
        Some(ErrorCode::OutcomeUnknown) => "online.error.outcome_unknown",
        Some(
            ErrorCode::Refused
            | ErrorCode::BadRequest
            | ErrorCode::Conflict
            | ErrorCode::TooLarge
            | ErrorCode::Other,
        )
        | None => "online.error.refused",
    }
}
