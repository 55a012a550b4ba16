//! The player's online games in progress. Every seat the app takes (a game created,
//! joined, a rematch) is kept in `online.json` until its game is over, so that starting
//! another game never loses one: correspondence games go on for days, several at once.
//! The menu's "Online games" card (`panels/online_games.rs`) lists them with whose turn
//! it is, read from the server when the card opens, and a tap puts one on the board: the
//! server's game is the truth, so a game put back on the board is exactly where it is.

use super::clock::Timing;
use super::wire::{self, GameState, Truth};
use super::{Link, Waker, http};
use crate::game::session::{Seat, Session};
use crate::persist::Storage;
use crate::persist::store::Read;
use crate::shell::navigation::Panel;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use surakarta_engine::{Ruleset, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineGames>()
        .init_resource::<Listing>()
        .add_message::<Resume>()
        .add_systems(Startup, load.after(crate::persist::load))
        .add_systems(OnEnter(Panel::OnlineGames), ask_standing)
        // The game that ended away is said until the player looks where it is now.
        .add_systems(OnEnter(Panel::Records), |mut listing: ResMut<Listing>| {
            listing.ended = None;
        })
        .add_systems(Update, forget_ended_on_moving_on)
        .add_systems(
            Update,
            (remember, take_standing, save)
                .chain()
                .in_set(crate::shell::navigation::GameSet::Rules)
                .before(crate::game::session::SessionSystems),
        );
}

/// The game that ended away is said until the player has moved on: a move of their own on
/// the board, or another game put on it (a tester read "Your online game as Black is
/// over" over three later games, one where he was again Black).
fn forget_ended_on_moving_on(
    mut played: MessageReader<crate::game::session::MovePlayed>,
    session: Res<Session>,
    mut listing: ResMut<Listing>,
    mut seen: Local<Option<(Option<String>, u64)>>,
) {
    let this = (session.online.as_ref().map(|s| s.id.clone()), session.seed);
    let other_game = seen.as_ref().is_some_and(|was| *was != this);
    if seen.as_ref() != Some(&this) {
        *seen = Some(this);
    }
    let own_move = played.read().any(|m| match session.mode {
        crate::game::session::Mode::VsComputer { human: me, .. }
        | crate::game::session::Mode::Online { me } => m.before.side_to_move() == me,
        crate::game::session::Mode::TwoPlayers => true,
    });
    if (other_game || own_move) && listing.ended.is_some() {
        listing.ended = None;
    }
}

/// The file the seats are kept in.
pub const GAMES_FILE: &str = "online.json";

/// The most games kept: a player with more has long stopped playing the oldest.
const MAX_KEPT: usize = 50;

/// A kept game: its seat, its rules (to put it on the board before the server's state
/// arrives), and when the app took the seat (seconds since 1970; `None` if the device's
/// clock could not say, or kept before the time was), which tells two games with no move
/// yet apart on the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub seat: Seat,
    pub rules: Ruleset,
    pub since: Option<u64>,
}

impl Kept {
    /// How long ago the app took the seat, by the device's clock.
    pub fn age(&self) -> Option<std::time::Duration> {
        let now = crate::platform::now_secs()?;
        Some(std::time::Duration::from_secs(
            now.saturating_sub(self.since?),
        ))
    }
}

/// The online games in progress the app has a seat in, newest first.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineGames(pub Vec<Kept>);

impl OnlineGames {
    /// The kept games other than the one on the board.
    pub fn elsewhere<'a>(&'a self, session: &'a Session) -> impl Iterator<Item = &'a Kept> {
        let here = session.online.as_ref().map(|s| s.id.as_str());
        self.0
            .iter()
            .filter(move |k| Some(k.seat.id.as_str()) != here)
    }
}

/// How a kept game stands at the server, as last heard (asked when the card opens, and
/// told by the game's own connection as moves arrive: `others.rs`).
#[derive(Clone, Debug)]
pub enum Standing {
    /// Asked; no answer yet.
    Asking,
    /// Going on: whose turn, the last move (numbered), the clocks.
    Going {
        to_move: Side,
        last: Option<String>,
        timing: Timing,
    },
    /// The friend has not taken the other seat yet (the clocks say the time limit).
    Waiting { timing: Timing },
    /// Over (it leaves the list).
    Over,
    /// The server has no such game any more (it leaves the list).
    Gone,
    /// The server could not be reached.
    Unreachable,
}

/// The card's view of the kept games: each one's standing, and the requests on their way.
#[derive(Resource, Default)]
pub struct Listing {
    pub standing: std::collections::HashMap<String, Standing>,
    asking: Vec<(String, http::Slot)>,
    /// A game tapped while the player's clock runs in the one on the board: asked first
    /// ("your clock there keeps running").
    pub confirm: Option<Kept>,
    /// A game of the player's that ended away from the board, in words ("Your online game
    /// as Red is over. ..."): said in the bar until the player opens the list or Game
    /// records, where it is (a notice was gone with the next move on the board).
    pub ended: Option<String>,
    /// The player's games that ended away from the board, each kept connected for a while
    /// after its end as the board's game is, so that a rematch the friend offers there
    /// reaches the player (one offered to a player in another game went unanswered).
    pub ended_away: Vec<EndedAway>,
}

/// A game of the player's that ended away from the board.
#[derive(Clone, Debug)]
pub struct EndedAway {
    pub kept: Kept,
    /// When it was heard over.
    pub at: bevy::platform::time::Instant,
    /// The friend offers a rematch there.
    pub rematch_offered: bool,
}

impl Listing {
    /// The games ended away still kept connected, for a rematch.
    pub fn lingering(&self) -> impl Iterator<Item = &EndedAway> {
        self.ended_away
            .iter()
            .filter(|e| e.at.elapsed() < super::socket::LINGER)
    }

    /// A game ended away whose friend offers a rematch, the newest.
    pub fn rematch_elsewhere(&self) -> Option<&EndedAway> {
        self.lingering().filter(|e| e.rematch_offered).last()
    }
}

/// The player's move in another of their games, its live clock running: said in the bar
/// for as long as it is true (`bars/status.rs`), with the time left, whatever else comes
/// and goes there (a notice was taken down by the next move on the board, and a 3+2 game
/// was lost on time unsaid).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveElsewhere {
    /// The side the player plays there.
    pub side: Side,
    /// The time left there now.
    pub left: std::time::Duration,
    /// True when it runs low.
    pub low: bool,
    /// How it is written.
    pub control: Option<wire::TimeControl>,
}

impl Listing {
    /// The game other than the one on the board where the player is to move with a clock
    /// running (live, or days a move), the one with the least time left, as last heard: a
    /// live game's minutes come before a correspondence game's days.
    pub fn move_elsewhere(&self, games: &OnlineGames, session: &Session) -> Option<MoveElsewhere> {
        games
            .elsewhere(session)
            .filter_map(|kept| {
                let Some(Standing::Going {
                    to_move, timing, ..
                }) = self.standing.get(&kept.seat.id)
                else {
                    return None;
                };
                let side = kept.seat.side;
                // A correspondence move waiting is said too (a tester's went unsaid outside
                // the list); an untimed game's is not pressing.
                let timed = matches!(
                    timing.control,
                    Some(wire::TimeControl::Live { .. } | wire::TimeControl::Correspondence { .. })
                );
                if *to_move != side || !timed {
                    return None;
                }
                let left = if timing.running() == Some(side) {
                    timing.left(side)
                } else {
                    timing.first_move_left()
                }?;
                Some(MoveElsewhere {
                    side,
                    left,
                    low: timing.low(side),
                    control: timing.control,
                })
            })
            .min_by_key(|m| m.left)
    }
}

/// Put this kept game on the board. Asked from the list, it is put to the player first
/// when their clock runs in the game on the board (`confirmed: false`).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    pub kept: Kept,
    pub confirmed: bool,
}

/// How the seats are written: `{"version": 1, "games": [...]}`.
#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    games: Vec<SavedKept>,
}

#[derive(Serialize, Deserialize)]
struct SavedKept {
    server: String,
    id: String,
    side: String,
    token: String,
    rules: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    since: Option<u64>,
}

impl Saved {
    fn of(games: &OnlineGames) -> Saved {
        Saved {
            version: 1,
            games: games
                .0
                .iter()
                .map(|k| SavedKept {
                    server: k.seat.server.clone(),
                    id: k.seat.id.clone(),
                    side: wire::side_word(k.seat.side).to_owned(),
                    token: k.seat.token.clone(),
                    rules: k.rules.to_string(),
                    since: k.since,
                })
                .collect(),
        }
    }

    /// The kept games it names, each checked as a seat from the server is: one that is
    /// not (a damaged or hand-edited file) is left out, never trusted.
    fn games(self) -> Vec<Kept> {
        self.games
            .into_iter()
            .filter_map(|k| {
                let granted = wire::SeatGranted {
                    id: Some(k.id.clone()),
                    seat: k.side,
                    token: k.token,
                    invite: None,
                };
                let (side, token) = wire::granted_seat(&granted).ok()?;
                let server = wire::server_address(&k.server)?;
                wire::valid_id(&k.id).then_some(())?;
                Some(Kept {
                    seat: Seat {
                        server,
                        id: k.id,
                        side,
                        token,
                    },
                    rules: k.rules.parse().ok()?,
                    since: k.since,
                })
            })
            .take(MAX_KEPT)
            .collect()
    }
}

pub(crate) fn load(storage: Res<Storage>, mut games: ResMut<OnlineGames>) {
    let Some(store) = &storage.0 else { return };
    if let Read::Text(text) = store.read(GAMES_FILE) {
        match serde_json::from_str::<Saved>(&text) {
            Ok(saved) if saved.version == 1 => games.0 = saved.games(),
            _ => {
                let kept = store.keep_aside(GAMES_FILE);
                warn!("{GAMES_FILE} not used; kept as {kept:?}");
            }
        }
    }
}

fn save(storage: Res<Storage>, games: Res<OnlineGames>) {
    if let Some(store) = &storage.0
        && games.is_changed()
        && !games.is_added()
        && let Ok(text) = serde_json::to_string_pretty(&Saved::of(&games))
    {
        store.write_soon(GAMES_FILE, &text);
    }
}

/// The seat on the board joins the list (first: the newest); a game seen over on the
/// board leaves it.
pub(super) fn remember(session: Res<Session>, mut games: ResMut<OnlineGames>) {
    if !session.is_changed() {
        return;
    }
    let Some(seat) = &session.online else { return };
    let at = games.0.iter().position(|k| k.seat.id == seat.id);
    match (at, session.game.outcome()) {
        (None, None) => {
            games.0.insert(
                0,
                Kept {
                    seat: seat.clone(),
                    rules: *session.game.rules(),
                    since: crate::platform::now_secs(),
                },
            );
            games.0.truncate(MAX_KEPT);
        }
        (Some(at), Some(_)) => {
            games.0.remove(at);
        }
        _ => {}
    }
}

/// The card opened: each kept game is read from its server.
fn ask_standing(games: Res<OnlineGames>, mut listing: ResMut<Listing>, waker: Res<Waker>) {
    listing.asking.clear();
    listing.confirm = None;
    listing.ended = None;
    let kept_ids: Vec<_> = games.0.iter().map(|k| k.seat.id.clone()).collect();
    listing.standing.retain(|id, _| kept_ids.contains(id));
    for kept in &games.0 {
        let waker = waker.clone();
        let url = format!("{}/api/games/{}", kept.seat.server, kept.seat.id);
        let slot = http::into_slot(url, None, move || waker.wake());
        listing.asking.push((kept.seat.id.clone(), slot));
        // What a game's connection last told stays until the answer comes.
        listing
            .standing
            .entry(kept.seat.id.clone())
            .or_insert(Standing::Asking);
    }
}

/// The server's answers: how each game stands; one over or gone leaves the list.
pub(super) fn take_standing(mut listing: ResMut<Listing>, mut games: ResMut<OnlineGames>) {
    if listing.asking.is_empty() {
        return;
    }
    let mut heard = Vec::new();
    listing.asking.retain(|(id, slot)| match http::take(slot) {
        Some(answer) => {
            heard.push((id.clone(), standing(answer)));
            false
        }
        None => true,
    });
    for (id, standing) in heard {
        if matches!(standing, Standing::Over | Standing::Gone) {
            games.0.retain(|k| k.seat.id != id);
        }
        listing.standing.insert(id, standing);
    }
}

/// What a server's answer says of a game.
fn standing(answer: http::Answer) -> Standing {
    match answer {
        Ok((200, body)) => {
            let Ok(state) = serde_json::from_str::<GameState>(&body) else {
                return Standing::Unreachable;
            };
            match wire::truth(&state) {
                Ok(truth) => standing_of(&truth, Timing::of(&state)),
                Err(_) => Standing::Unreachable,
            }
        }
        Ok((404, _)) => Standing::Gone,
        _ => Standing::Unreachable,
    }
}

/// How a game the server has told stands.
pub(super) fn standing_of(truth: &Truth, timing: Timing) -> Standing {
    let game = &truth.game;
    if game.outcome().is_some() {
        Standing::Over
    } else if !(truth.seats.red && truth.seats.black) {
        Standing::Waiting { timing }
    } else {
        // Numbered as the move list and records number it: "12... e5-e4".
        let last = game.history().last().map(|mv| {
            let ply = game.start().plies() + game.history().len() as u32 - 1;
            format!("{} {mv}", surakarta_engine::Record::move_number(ply))
        });
        Standing::Going {
            to_move: game.side_to_move(),
            last,
            timing,
        }
    }
}

/// True while the player's own clock runs in the online game on the board (a live time
/// limit, their turn, the game going on): leaving it for another is asked first.
pub fn clock_runs_for_me(session: &Session, link: &Link) -> bool {
    let Some(seat) = &session.online else {
        return false;
    };
    session.game.outcome().is_none()
        && matches!(link.timing.control, Some(wire::TimeControl::Live { .. }))
        && (link.timing.running() == Some(seat.side)
            || (link.timing.first_move_left().is_some()
                && session.game.side_to_move() == seat.side))
}
