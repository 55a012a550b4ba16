//! The player's other online games, kept connected while the app runs (as lichess does):
//! each kept game that is not on the board has a connection of its own that says the
//! seat's `hello`, so that looking at another game never tells a friend "left the game"
//! nor lets them claim it. What these connections hear keeps the "Online games" list true
//! as moves arrive (whose turn, the last move, the clocks), and a game that ends away from
//! the board is said, kept in Game records and leaves the list.

use super::Link;
use super::games::{Listing, OnlineGames, Resume, Standing, clock_runs_for_me, standing_of};
use super::socket::{Heard, Line, Open, keep, poll, resumed, send};
use super::socket::{Socket, live_seat};
use super::wire::{self, ServerMessage, Truth};
use super::{Seat, Waker};
use crate::game::records::Records;
use crate::game::session::StartOnline;
use crate::game::session::{Mode, Session};
use crate::shell::navigation::{Navigate, Panel, Screen};
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.insert_non_send(Others::default()).add_systems(
        Update,
        (resume, keep_others, hear_others)
            .chain()
            .in_set(crate::shell::navigation::GameSet::Rules)
            .after(super::games::take_standing)
            .before(crate::game::session::SessionSystems),
    );
}

/// The most games kept connected at once (the newest): more would be a player who has
/// long stopped playing the oldest, and each is a connection to the server.
pub const MAX_CONNECTED: usize = 12;

/// The other games' connections, by game id. Kept on the main thread: a browser's socket
/// cannot leave it.
#[derive(Default)]
pub(super) struct Others(HashMap<String, Other>);

struct Other {
    seat: Seat,
    socket: Option<Open>,
    line: Line,
    /// The game as last heard (a `moved` message carries only its move).
    truth: Option<Truth>,
}

/// The kept games other than the one on the board, the newest first, up to the most kept
/// connected: these, and only these, have a connection.
fn wanted<'a>(games: &'a OnlineGames, session: &'a Session) -> impl Iterator<Item = &'a Seat> {
    games
        .elsewhere(session)
        .map(|k| &k.seat)
        .take(MAX_CONNECTED)
}

impl Others {
    /// Takes over the board's connection to a game that has left the board but goes on
    /// (another game put on the board): the same connection, so that the server never
    /// sees the player go.
    pub(super) fn adopt(&mut self, seat: Seat, open: Open) {
        if self.0.get(&seat.id).is_some_and(|o| o.socket.is_some()) {
            // It has one already (the board's reopened for a frame before it left):
            // that one stays, and this one, the younger, closes.
            return;
        }
        self.0.insert(
            seat.id.clone(),
            Other {
                seat,
                socket: Some(open),
                line: Line::default(),
                truth: None,
            },
        );
    }
}

/// What hands the board's connection over when the board leaves its online game for
/// another.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct HandOver<'w> {
    pub session: Res<'w, Session>,
    socket: NonSendMut<'w, super::socket::Socket>,
    others: NonSendMut<'w, Others>,
    listing: ResMut<'w, Listing>,
}

impl HandOver<'_> {
    /// The board is leaving its online game for another: its connection goes on among
    /// the other games' (the same connection: its friend never reads "left the game"),
    /// and nothing more of it reaches the board's link (a state still on its way would
    /// be taken for the new game's).
    ///
    /// The game left goes on among the others as it stands now (its connection hears no
    /// news of it until the friend moves): the bar says at once if the player's clock runs
    /// there, whether the board left it for a game from the list, a new one or one joined
    /// (after creating a second game, nothing said so until the list was opened).
    pub(super) fn hand_over(&mut self, link: &Link) {
        if let Some(seat) = &self.session.online
            && let Some(standing) = link.standing()
        {
            self.listing.standing.insert(seat.id.clone(), standing);
        }
        let open = self.socket.0.take();
        let session = &self.session;
        if let Some(seat) = session
            .online
            .clone()
            .filter(|_| session.game.outcome().is_none())
            && let Some(open) = open
        {
            self.others.adopt(seat, open);
        }
    }
}

fn keep_others(
    session: Res<Session>,
    games: Res<OnlineGames>,
    mut listing: ResMut<Listing>,
    link: Res<super::Link>,
    mut others: NonSendMut<Others>,
    waker: Res<Waker>,
    mut lifecycle: MessageReader<AppLifecycle>,
) {
    let resumed = resumed(&mut lifecycle);
    // The games ended away stay connected a while, as the board's does after its end,
    // for a rematch (not once on the board: it has its own connection then).
    let board = session.online.as_ref().map(|s| s.id.clone());
    let lingering = |e: &super::games::EndedAway| {
        e.at.elapsed() < super::socket::LINGER && Some(&e.kept.seat.id) != board.as_ref()
    };
    if listing.ended_away.iter().any(|e| !lingering(e)) {
        listing.ended_away.retain(lingering);
    }
    let want: Vec<Seat> = wanted(&games, &session)
        .cloned()
        .chain(listing.ended_away.iter().map(|e| e.kept.seat.clone()))
        .collect();
    // A game gone from the list, or put on the board: there its own connection takes
    // over, and this one stays until that one has been answered (the server never sees
    // the player go in between).
    let board = session.online.as_ref().map(|s| s.id.as_str());
    let board_heard = link.truth.is_some();
    others.0.retain(|id, _| {
        want.iter().any(|seat| seat.id == *id) || (Some(id.as_str()) == board && !board_heard)
    });
    for seat in want {
        let other = others.0.entry(seat.id.clone()).or_insert_with(|| Other {
            seat,
            socket: None,
            line: Line::default(),
            truth: None,
        });
        let want = Some((other.seat.server.as_str(), other.seat.id.as_str()));
        keep(&mut other.socket, &mut other.line, want, &waker, resumed);
    }
}

/// What the other games' connections brought: each state is the list's, and a game over
/// is said, kept in Game records and leaves the list.
fn hear_others(
    mut others: NonSendMut<Others>,
    waker: Res<Waker>,
    mut listing: ResMut<Listing>,
    mut games: ResMut<OnlineGames>,
    mut records: ResMut<Records>,
    strings: Res<Strings>,
) {
    let mut ended = Vec::new();
    for (id, other) in &mut others.0 {
        for heard in poll(&mut other.socket, &mut other.line, &waker) {
            let (truth, state) = match heard {
                Heard::Opened => {
                    // The seat's token: the server counts the player as here.
                    send(&mut other.socket, wire::hello(&other.seat.token));
                    continue;
                }
                Heard::Message(Ok(ServerMessage::State(state))) => match wire::truth(&state) {
                    Ok(truth) => (truth, state),
                    Err(e) => {
                        warn!("the server's game {id} does not replay: {e}");
                        continue;
                    }
                },
                Heard::Message(Ok(ServerMessage::Moved { mv, state })) => {
                    let had = other.truth.as_ref().map(|t| &t.game);
                    match wire::truth_after(had, &mv, &state) {
                        wire::Followed::Next(truth) => (truth, state),
                        wire::Followed::Had => continue,
                        wire::Followed::Gap => {
                            send(&mut other.socket, wire::ClientMessage::Sync.to_json());
                            continue;
                        }
                    }
                }
                // Presence, pongs, refusals: nothing the list shows.
                Heard::Message(Ok(_)) => continue,
                Heard::Message(Err(e)) => {
                    warn!("an unreadable message from the server: {e}");
                    continue;
                }
            };
            let timing = super::clock::Timing::of(&state);
            let standing = standing_of(&truth, timing.clone());
            let friend = other.seat.side.other();
            if let Some(away) = listing
                .ended_away
                .iter_mut()
                .find(|e| e.kept.seat.id == *id)
            {
                // Over already: only a rematch offered there (or gone, or taken up) is news.
                let offered = truth.rematch_offer == Some(friend) && truth.rematch.is_none();
                if away.rematch_offered != offered {
                    away.rematch_offered = offered;
                }
            } else if matches!(standing, Standing::Over) {
                ended.push((
                    other.seat.clone(),
                    truth.game.clone(),
                    truth.rematch_offer == Some(friend),
                ));
            }
            // The player's turn come in a game with a live clock, away from the board, is
            // said in the bar from this standing for as long as it holds
            // (`Listing::move_elsewhere`).
            listing.standing.insert(id.clone(), standing);
            other.truth = Some(truth);
        }
    }
    for (seat, game, rematch_offered) in ended {
        // Its connection stays a while, for a rematch the friend may offer there.
        if let Some(kept) = games.0.iter().find(|k| k.seat.id == seat.id) {
            listing.ended_away.push(super::games::EndedAway {
                kept: kept.clone(),
                at: bevy::platform::time::Instant::now(),
                rematch_offered,
            });
        }
        games.0.retain(|k| k.seat.id != seat.id);
        let Some(outcome) = game.outcome() else {
            continue;
        };
        let seat_side = seat.side;
        let session = Session {
            mode: Mode::Online { me: seat.side },
            game,
            online: Some(seat),
            ..Session::default()
        };
        if let Err(e) = records.save(&session, true) {
            warn!("could not keep the online game that ended: {e}");
        }
        let side = strings.side(seat_side);
        let line = strings.fill(
            "online_games.ended",
            &[
                ("side", side),
                ("what", ended_line(&session, outcome, &strings)),
            ],
        );
        listing.ended = Some(told_ended(listing.ended.take(), line));
    }
}

/// What the bar says of games that ended away: each ending, not only the last (two games
/// that ended seconds apart had the first one's end never said).
fn told_ended(earlier: Option<String>, line: String) -> String {
    match earlier {
        Some(earlier) if earlier.lines().any(|l| l == line) => earlier,
        Some(earlier) => format!("{earlier}\n{line}"),
        None => line,
    }
}

/// How a game of the player's ended, in the words of its game-over card: "Your friend
/// wins · Time ran out for you".
pub fn ended_line(
    session: &Session,
    outcome: surakarta_engine::Outcome,
    strings: &Strings,
) -> String {
    let title = crate::game::ending_words::title_key(session).unwrap_or("over.draw");
    // A line may end with "·", never begin with it (a no-break space before it).
    format!(
        "{}\u{a0}· {}",
        strings.get(title),
        crate::game::ending_words::reason_line(session, outcome, strings)
    )
}

/// A kept game put on the board: the connection starts afresh for it, and the server's
/// state brings its moves.
fn resume(
    mut resumes: MessageReader<Resume>,
    mut handover: HandOver,
    mut link: ResMut<Link>,
    mut start: MessageWriter<StartOnline>,
    mut navigate: MessageWriter<Navigate>,
    mut notice: ResMut<Notice>,
) {
    let Some(Resume { kept, confirmed }) = resumes.read().last().cloned() else {
        return;
    };
    let session = &handover.session;
    let here = session.online.as_ref().map(|s| s.id.as_str());
    if !confirmed && here != Some(kept.seat.id.as_str()) && clock_runs_for_me(session, &link) {
        handover.listing.confirm = Some(kept);
        return;
    }
    handover.listing.confirm = None;
    navigate.write(Navigate::Open(Panel::None));
    navigate.write(Navigate::Go(Screen::Game));
    if handover
        .session
        .online
        .as_ref()
        .is_some_and(|s| s.id == kept.seat.id)
    {
        return; // on the board already
    }
    // What was said of the game on the board is not said of the one coming (a tester read
    // "The rematch: you play Black." and "You decline the draw." on another game).
    notice.0 = None;
    handover.hand_over(&link);
    *link = Link::default();
    start.write(StartOnline {
        rules: kept.rules,
        seat: kept.seat,
    });
}

/// Opens the connection while the player's game needs the server, and closes it when
/// the game no longer does.
pub(super) fn keep_connected(
    session: Res<Session>,
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
    mut others: NonSendMut<Others>,
    games: Res<super::OnlineGames>,
    waker: Res<Waker>,
    mut lifecycle: MessageReader<AppLifecycle>,
) {
    let resumed = resumed(&mut lifecycle);
    let want = live_seat(&session, &link).map(|s| (s.server.as_str(), s.id.as_str()));
    // The connection of a game that has left the board but goes on is handed to the
    // other games' connections, not closed: the friend never reads "left the game".
    let left_board = socket
        .0
        .as_ref()
        .filter(|open| want.is_none_or(|(_, id)| id != open.game))
        .and_then(|open| games.0.iter().find(|k| k.seat.id == open.game));
    if let Some(kept) = left_board
        && let Some(open) = socket.0.take()
    {
        others.adopt(kept.seat.clone(), open);
    }
    let line = link.reborrow().map_unchanged(|l| &mut l.line);
    keep(&mut socket.0, line, want, &waker, resumed);
}

#[cfg(test)]
mod tests {
    use super::told_ended;

    #[test]
    fn every_game_that_ended_away_is_told() {
        let first = "Your online game as Red is over. You win".to_owned();
        let second = "Your online game as Black is over. Your friend wins".to_owned();
        let both = told_ended(Some(first.clone()), second.clone());
        assert_eq!(both, format!("{first}\n{second}"));
        // The same ending heard again is told once.
        assert_eq!(told_ended(Some(both.clone()), second), both);
        assert_eq!(told_ended(None, first.clone()), first);
    }
}
