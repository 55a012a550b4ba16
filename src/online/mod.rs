//! Playing a friend online, through the game server (`crates/server`, docs/online.md).
//!
//! The server's game is the truth; the player's own game follows it. A move the player
//! makes takes the same path as every other (chosen, played, animated, turn ended) and is
//! then sent with the ply it was played at, so that one sent again after a reconnection
//! is never played twice; it stays *pending* until the server's game has it. The friend's
//! move arrives in the server's state and is handed to the same path as the computer's,
//! so it runs round the loops the same way. Anything else the local game and the
//! server's disagree on (a reconnection after several moves, a refused move, a game
//! opened on another device) is settled by taking the server's game as it is.
//!
//! The connection is one WebSocket ([`ewebsock`]: tungstenite on a thread natively, the
//! browser's WebSocket on the web). When it drops (a suspend, a network change, a server
//! restart) it is opened again by itself, after a pause that grows from half a second to
//! half a minute; the seat (server, game, token) is saved with the game, so a killed app
//! reconnects when it starts. Nothing here ever waits: answers come on the network's
//! threads and wake the app, which takes them up on its next frame.

pub mod ask;
pub mod clock;
mod follow;
pub mod games;
pub mod http;
pub mod others;
mod receive;
mod seat;
mod socket;
mod watch;
pub mod wire;

use crate::game::session::SessionSystems;
use crate::shell::navigation::GameSet;
use crate::ui::i18n::Strings;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use surakarta_engine::{Ruleset, Side};
use wire::{Outgoing, Truth};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((watch::plugin, games::plugin, others::plugin));
    app.init_resource::<Link>()
        .init_resource::<Waker>()
        .insert_non_send(Socket(None))
        .add_message::<Ask>()
        .add_message::<AppLifecycle>()
        .add_systems(Startup, socket::make_waker)
        // After the saved game is loaded (Startup).
        .add_systems(PostStartup, reopen_on_board)
        .add_systems(
            Update,
            (
                seat::ask_server,
                seat::take_answer,
                seat::open_problem,
                others::keep_connected,
                receive::receive,
                follow::follow,
                follow::go_to_rematch,
            )
                .chain()
                .in_set(GameSet::Rules)
                .before(SessionSystems),
        )
        .add_systems(
            Update,
            (follow::send_played, follow::send_endings)
                .chain()
                .in_set(GameSet::Rules)
                .after(SessionSystems),
        );
}

pub use crate::game::session::Seat;

pub use ask::Ask;
pub use games::OnlineGames;
pub use receive::refusal_key;
pub use seat::Joiner;
use socket::Socket;
pub use socket::{Line, Waker, backoff};
pub use watch::Watch;

/// The connection as the player is told of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// No online game.
    #[default]
    Off,
    /// Opening the connection.
    Connecting,
    /// Connected: moves go and come.
    Connected,
    /// The connection dropped; the next try is at this time.
    Lost { retry: Instant },
}

/// The online game's connection and what is on its way.
#[derive(Resource, Debug, Default)]
pub struct Link {
    /// The connection.
    pub line: Line,
    /// The last state the server sent, read and replayed, not yet (all) followed.
    truth: Option<Truth>,
    /// Whose seats are taken, as last heard.
    pub seats: wire::Seats,
    /// The side whose draw offer stands, as last heard.
    pub draw_offer: Option<Side>,
    /// The player's move the server has not yet confirmed.
    pending: Option<Outgoing>,
    /// A resignation or an accepted draw the server has not yet confirmed.
    pending_end: Option<Outgoing>,
    /// The server could not tell whether it kept what was sent: read the game again and
    /// send what is pending again.
    resend: bool,
    /// The plies played when the player last offered a draw: the server takes another
    /// offer only after the player's next move.
    pub draw_offered_at: Option<usize>,
    /// The server refused something: take its game as it is.
    resync: bool,
    /// An HTTP request on its way, and the slot its answer lands in.
    request: Option<(Request, http::Slot)>,
    /// The last create or join asked for (Try again sends it once more).
    last_ask: Option<Ask>,
    /// Why the last create or join failed, in the player's words.
    problem: Option<String>,
    /// Its card has been opened.
    problem_shown: bool,
    /// The draw offer already put to the player (so it is asked once).
    asked_offer: Option<usize>,
    /// The clocks and who is away, as last heard.
    pub timing: clock::Timing,
    /// When the player was told the friend left (and not yet that they are back).
    told_left: Option<Instant>,
    /// ... as this app itself came back after a drop (the server's or the network's): the
    /// friend was on their way back too, and their coming back is not said.
    left_in_outage: bool,
    /// The friend has been connected to this game since the app has been.
    friend_seen: bool,
    /// When the server's game was first seen over: the connection stays a while after,
    /// for a rematch.
    over_at: Option<Instant>,
    /// The friend's rematch offer already put to the player.
    asked_rematch: bool,
    /// The rematch this link was made for (so it is gone to once).
    left_for: Option<String>,
}

impl Link {
    /// Why the last create or join failed.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Says why an online game cannot be made or joined, on its card (nothing to try
    /// again when the request was never made: a pasted text that is no invite).
    pub fn tell_problem(&mut self, why: String, retry: bool) {
        if !retry {
            self.last_ask = None;
        }
        self.problem = Some(why);
        self.problem_shown = false;
    }

    /// The create or join that failed, to ask again.
    pub fn retry(&self) -> Option<Ask> {
        self.last_ask.clone().filter(|_| self.problem.is_some())
    }

    /// True while a game is being created or joined.
    pub fn asking(&self) -> bool {
        self.request.is_some()
    }

    /// How the game on the board stands, as its connection last heard (for the list of
    /// online games).
    pub fn standing(&self) -> Option<games::Standing> {
        let truth = self.truth.as_ref()?;
        Some(games::standing_of(truth, self.timing.clone()))
    }

    /// `me`'s rematch offer stands, unanswered, as last heard.
    pub fn rematch_offered_by(&self, me: Side) -> bool {
        self.truth
            .as_ref()
            .is_some_and(|t| t.rematch_offer == Some(me) && t.rematch.is_none())
    }

    /// The server would take a draw offer from `me` now: none made since `me` last moved.
    pub fn may_offer_draw(&self, game: &surakarta_engine::Game, me: Side) -> bool {
        // Nobody to answer yet (a tester's offer came up over the friend's board as they
        // joined, before a move).
        if self.waiting_for_friend() {
            return false;
        }
        let Some(at) = self.draw_offered_at else {
            return true;
        };
        let positions = game.positions();
        (at..game.history().len()).any(|ply| positions[ply].side_to_move() == me)
    }

    /// True while the friend's seat is still free.
    pub fn waiting_for_friend(&self) -> bool {
        !(self.seats.red && self.seats.black)
    }

    /// The line the bars show for the connection.
    pub fn line(&self, strings: &Strings) -> String {
        match &self.line.status {
            Status::Off => String::new(),
            Status::Connecting => strings.get("online.connecting"),
            Status::Connected if self.waiting_for_friend() => strings.get("online.waiting"),
            Status::Connected => strings.get("online.connected"),
            // Not a countdown: a board at rest draws no frames to count with.
            Status::Lost { .. } => strings.get("online.lost"),
        }
    }
}

/// Reopened during an online game, the app goes back to that game's board: the friend's
/// move would otherwise arrive out of sight, and a tap meant for the board land on the
/// menu.
fn reopen_on_board(
    session: Res<crate::game::session::Session>,
    mut nav: crate::shell::navigation::Navigator,
) {
    if session.online.is_some() && session.game.outcome().is_none() {
        nav.go(crate::shell::navigation::Screen::Game);
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Request {
    Create { server: String, rules: Ruleset },
    Join { server: String, id: String },
}
