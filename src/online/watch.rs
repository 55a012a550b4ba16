//! Watching a game live, read only: a watching link (`https://HOST/?watch=ID`, shared
//! from the invite card or the menu during an online game) opens the game on the review
//! screen (`screens/review.rs`), where the player's own game waits untouched. Its moves
//! arrive on a watcher's connection (one that sends no `hello`) and run round the loops
//! as they are played, while the board shows the latest; the player can step back
//! through them, and Last (or the next move) brings the board back to the live end. The
//! clocks count down in the bar as in a game. A rematch is followed to its new game.

use super::socket::{Heard, Line, Open, keep, poll, resumed, send};
use super::wire::{self, ServerMessage};
use super::{Ask, Link, Status, Waker, clock::Timing, http, seat::refusal};
use crate::game::session::{Practice, Turn};
use crate::screens::review::{ClosesTo, OpenReview, Review, ReviewStep};
use crate::shell::navigation::Screen;
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use bevy::prelude::*;
use bevy::window::AppLifecycle;

/// The watched game's connection. Kept on the main thread: a browser's socket cannot
/// leave it.
pub(super) struct Watcher(Option<Open>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Watch>()
        .insert_non_send(Watcher(None))
        .add_systems(OnExit(Screen::Review), stop_watching)
        .add_systems(
            Update,
            (ask_to_watch, opened, keep_watching, receive, catch_up)
                .chain()
                .in_set(crate::shell::navigation::GameSet::Rules)
                .before(crate::screens::review::ReviewSystems),
        );
}

/// The game being watched, and its connection.
#[derive(Resource, Debug, Default)]
pub struct Watch {
    /// The server and the game's id, while it is on the board.
    game: Option<(String, String)>,
    /// The connection.
    pub line: Line,
    /// The clocks, as last heard.
    pub timing: Timing,
    /// The GET that reads the game first, on its way: what it is for, and where its
    /// answer lands.
    request: Option<((String, String), http::Slot)>,
    /// The board was put at this many moves to follow the game live: the next move goes
    /// on from there (a step of the player's own ends it).
    following: Option<usize>,
}

impl Watch {
    /// True while a game is watched: the review screen shows it.
    pub fn watching(&self) -> bool {
        self.game.is_some()
    }

    /// True while the watched game's clock counts by the second (the bar then draws
    /// a few frames a second).
    pub fn live_clock(&self) -> bool {
        self.watching() && self.timing.ticking()
    }

    /// True when the board shows fewer of the watched game's `total` moves than it has
    /// (`shown`) and is not on its way to the latest: the watcher stepped back.
    pub fn behind(&self, shown: usize, total: usize) -> bool {
        self.watching() && self.following.is_none() && shown < total
    }

    /// The line the bars show for the connection while the game goes on.
    pub fn line(&self, strings: &Strings) -> String {
        strings.get(match self.line.status {
            Status::Off | Status::Connected => "watch.live",
            Status::Connecting => "online.connecting",
            Status::Lost { .. } => "online.lost",
        })
    }
}

/// Reads the game first (a 404 is a clear "no such game", which a socket cannot say),
/// then opens it on the board.
fn ask_to_watch(
    mut asks: MessageReader<Ask>,
    mut watch: ResMut<Watch>,
    mut link: ResMut<Link>,
    waker: Res<Waker>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
) {
    for ask in asks.read() {
        let Ask::Watch { server, id } = ask else {
            continue;
        };
        link.last_ask = Some(ask.clone());
        link.problem = None;
        let waker = waker.clone();
        let url = format!("{server}/api/games/{id}");
        let slot = http::into_slot(url, None, move || waker.wake());
        watch.request = Some(((server.clone(), id.clone()), slot));
        notice.0 = Some(strings.get("watch.opening"));
    }
}

/// The game read: on the board at its latest move, live from now on; or the problem
/// card saying why not.
fn opened(
    mut watch: ResMut<Watch>,
    mut link: ResMut<Link>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
    mut review: MessageWriter<OpenReview>,
) {
    let Some(answer) = watch
        .request
        .as_ref()
        .and_then(|(_, slot)| http::take(slot))
    else {
        return;
    };
    let Some(((server, id), _)) = watch.request.take() else {
        return;
    };
    notice.0 = None;
    let read = match answer {
        Err(e) => {
            warn!("{server}: {e}");
            Err(strings.fill("online.unreachable", &[("server", server.clone())]))
        }
        Ok((200, body)) => serde_json::from_str::<wire::GameState>(&body)
            .map_err(|e| e.to_string())
            .and_then(|state| Ok((wire::truth(&state).map_err(|e| e.to_string())?, state)))
            .map_err(|e| strings.fill("online.refused", &[("error", e)])),
        Ok((status, body)) => Err(refusal(status, &body, &strings)),
    };
    match read {
        Ok((truth, state)) => {
            *watch = Watch {
                game: Some((server, id)),
                timing: Timing::of(&state),
                ..Watch::default()
            };
            review.write(OpenReview(
                truth.game,
                ClosesTo::Watching,
                surakarta_engine::Side::Red,
                None,
            ));
        }
        Err(why) => link.tell_problem(why, true),
    }
}

fn keep_watching(
    mut watch: ResMut<Watch>,
    mut watcher: NonSendMut<Watcher>,
    waker: Res<Waker>,
    mut lifecycle: MessageReader<AppLifecycle>,
) {
    let resumed = resumed(&mut lifecycle);
    let game = watch.game.clone();
    let want = game.as_ref().map(|(s, id)| (s.as_str(), id.as_str()));
    let line = watch.reborrow().map_unchanged(|w| &mut w.line);
    keep(&mut watcher.0, line, want, &waker, resumed);
}

/// What the watched game's connection brought: a new move joins the record (and is
/// played on the board if it shows the latest), an end is said, a rematch followed.
fn receive(
    mut watch: ResMut<Watch>,
    mut watcher: NonSendMut<Watcher>,
    waker: Res<Waker>,
    mut review: ResMut<Review>,
    practice: Res<Practice>,
    mut steps: MessageWriter<ReviewStep>,
    mut asks: MessageWriter<Ask>,
) {
    let line = watch.reborrow().map_unchanged(|w| &mut w.line);
    for heard in poll(&mut watcher.0, line, &waker) {
        let (truth, state) = match heard {
            // A watcher says nothing but `ping` and `sync`: no `hello`.
            Heard::Opened => continue,
            Heard::Message(Ok(ServerMessage::State(state))) => match wire::truth(&state) {
                Ok(truth) => (truth, state),
                Err(e) => {
                    warn!("the server's game does not replay: {e}");
                    continue;
                }
            },
            Heard::Message(Ok(ServerMessage::Moved { mv, state })) => {
                match wire::truth_after(review.game.as_ref(), &mv, &state) {
                    wire::Followed::Next(truth) => (truth, state),
                    wire::Followed::Had => continue,
                    wire::Followed::Gap => {
                        send(&mut watcher.0, wire::ClientMessage::Sync.to_json());
                        continue;
                    }
                }
            }
            Heard::Message(Ok(ServerMessage::Presence { away, claim_after })) => {
                watch.timing.presence(away, claim_after);
                continue;
            }
            Heard::Message(Ok(_)) => continue,
            Heard::Message(Err(e)) => {
                warn!("an unreadable message from the server: {e}");
                continue;
            }
        };
        watch.timing = Timing::of(&state);
        let Some(whole) = review.game.as_ref() else {
            continue;
        };
        let shown = practice.0.game.history().len();
        let total = whole.history().len();
        let goes_on = truth.game.history().starts_with(whole.history());
        if truth.game != *whole {
            review.game = Some(truth.game.clone());
            if !goes_on {
                // Not the game the board had (never, from an honest server): shown as it is.
                steps.write(ReviewStep::Last);
            } else if shown == total {
                // The board showed the latest: the new moves are played on it (and an end
                // without a move, a resignation or a clock run out, is shown on it).
                watch.following = Some(shown);
            }
        }
        if let (Some(next), Some((server, _))) = (truth.rematch, watch.game.clone()) {
            // The players play again, colours swapped: the watcher goes with them.
            asks.write(Ask::Watch { server, id: next });
        }
    }
}

/// While the board follows the game live, its new moves are played on it one after the
/// other, each running round its loops.
fn catch_up(
    mut watch: ResMut<Watch>,
    practice: Res<Practice>,
    review: Res<Review>,
    turn: Option<Res<State<Turn>>>,
    mut steps: MessageWriter<ReviewStep>,
) {
    let Some(at) = watch.following else {
        return;
    };
    if turn.is_some_and(|t| *t.get() == Turn::Animating) {
        return;
    }
    let shown = practice.0.game.history().len();
    if shown == at && at < review.total() {
        steps.write(ReviewStep::Forward);
        watch.following = Some(at + 1);
    } else {
        let ended_here = review.game.as_ref().is_some_and(|g| g.outcome().is_some())
            && practice.0.game.outcome().is_none();
        if shown == at && ended_here {
            // At the latest move, the game over without one more: the board says so.
            steps.write(ReviewStep::Last);
        }
        // The board is at the latest, or the player stepped elsewhere.
        watch.following = None;
    }
}

fn stop_watching(mut watch: ResMut<Watch>) {
    watch.game = None;
    watch.following = None;
}
