//! A loaded game: its table, the connections listening to it, who of its players is
//! connected here, the state as last written out, and the timer of its clocks.

use crate::store::Seated;
use crate::store::redis::HEARTBEAT_LAPSES;
use crate::table::Table;
use crate::table::clock::{DAY_MS, now_ms};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use surakarta_engine::Side;
use surakarta_protocol::online::{GameState, ServerMessage, TimeControl};
use tokio::sync::{Notify, OnceCell, broadcast};
use tokio::task::AbortHandle;

/// The server's settings for the time games may wait (docs/online.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// How long each side may take over its first move in a live game before the game is
    /// aborted (a correspondence game: its time for a move).
    pub first_move: Duration,
    /// How long a player of a live game must have been away before the other may claim
    /// the game (a correspondence game: its time for a move).
    pub claim_live: Duration,
    /// The same in a game without a time limit.
    pub claim_untimed: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            first_move: Duration::from_secs(30),
            claim_live: Duration::from_secs(30),
            claim_untimed: Duration::from_secs(300),
        }
    }
}

impl Timing {
    /// How long, in milliseconds, a player of `table` must be away before a claim.
    pub fn claim_after(&self, table: &Table) -> u64 {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        match table.time_control() {
            Some(TimeControl::Live { .. }) => ms(self.claim_live),
            Some(TimeControl::Correspondence { days }) => days.saturating_mul(DAY_MS),
            None => ms(self.claim_untimed),
        }
    }

    /// How long a first move may take in a live game, in milliseconds.
    pub fn first_move_ms(&self) -> u64 {
        u64::try_from(self.first_move.as_millis()).unwrap_or(u64::MAX)
    }
}

/// How many states a slow connection may fall behind before it is sent the latest instead.
const BACKLOG: usize = 32;

/// A loaded game.
pub struct Cell {
    pub(super) table: OnceCell<tokio::sync::Mutex<Table>>,
    /// Every change's state, as the JSON the connections send.
    pub changes: broadcast::Sender<Arc<str>>,
    pub(super) used: AtomicU64,
    /// The latest state written out, and the number of events it is after: a long game's
    /// record costs milliseconds to write, and it is written once per change, not once
    /// per reader.
    written: Mutex<Option<Written>>,
    /// The events and moves of the game when it was last published (a change of one
    /// move goes out as `moved`).
    published: Mutex<(u64, usize)>,
    /// Who is connected to each seat, on this instance.
    presence: Mutex<Presence>,
    /// The task that ends the game when the time of the side to move runs out (while
    /// the game has a deadline)...
    timer: Mutex<Option<AbortHandle>>,
    /// ...the time it wakes at, in milliseconds since the epoch (0: nothing runs)...
    pub(super) wake: AtomicU64,
    /// ...and what tells it that time came sooner.
    pub(super) rearmed: Notify,
    timing: Timing,
    /// False when other instances may hold connections (presence is then what they
    /// wrote to Redis, in `others`).
    alone: bool,
    /// The other instances' connections to the seats, as last read from Redis (`None`:
    /// not read yet, so who is away is not known).
    others: Mutex<Option<Others>>,
    /// Connections to the game that are not (yet) a player's.
    watchers: Arc<std::sync::atomic::AtomicUsize>,
}

/// A watcher's place among a game's; given back when dropped (or when it turns out to be
/// a player's).
pub struct Watching(Arc<std::sync::atomic::AtomicUsize>);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

/// The other instances' connections to a game's seats, added up.
#[derive(Clone, Copy, Debug, Default)]
struct Others {
    connected: [u32; 2],
    /// Since when each seat has had no connection on any of them (0: never had one).
    since: [u64; 2],
}

/// The seats' connections on this instance.
struct Presence {
    connected: [u32; 2],
    /// When each seat's last connection closed (or the game was loaded).
    since: [u64; 2],
    /// Counts the changes (a written state is reused only within one).
    version: u64,
}

/// A state written out as JSON.
#[derive(Clone)]
pub struct Written {
    events: u64,
    version: u64,
    /// Nothing in it runs with time (no clock running, nobody away): it can be sent
    /// again as it is, for a second (how long ago the last move was played is written
    /// to the millisecond, and read by the minute).
    timeless: bool,
    /// When it was written (milliseconds since 1970).
    at: u64,
    state: Arc<GameState>,
    /// As the WebSocket sends it (`{"type": "state", ...}`).
    pub message: Arc<str>,
    /// As `GET /api/games/{id}` answers it.
    pub body: Arc<str>,
}

/// The state message sent to connections.
pub fn state_message(table: &Table) -> Arc<str> {
    Arc::from(ServerMessage::State(Box::new(table.state())).to_json())
}

impl Cell {
    /// A game not loaded yet; `alone`: no other instance may hold its connections.
    pub(super) fn new(timing: Timing, alone: bool) -> Cell {
        let now = now_ms();
        Cell {
            table: OnceCell::new(),
            changes: broadcast::channel(BACKLOG).0,
            used: AtomicU64::new(0),
            written: Mutex::new(None),
            published: Mutex::new((0, 0)),
            presence: Mutex::new(Presence {
                connected: [0; 2],
                since: [now; 2],
                version: 0,
            }),
            timer: Mutex::new(None),
            wake: AtomicU64::new(0),
            rearmed: Notify::new(),
            timing,
            alone,
            others: Mutex::new(None),
            watchers: Default::default(),
        }
    }

    /// A place among the game's watchers, unless it has `most` already.
    pub fn watch(&self, most: usize) -> Option<Watching> {
        use std::sync::atomic::Ordering;
        self.watchers
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < most).then_some(n + 1)
            })
            .ok()
            .map(|_| Watching(self.watchers.clone()))
    }

    /// This instance's connections to the seats, as it writes them for the others.
    pub fn seated_here(&self) -> Seated {
        let presence = self.presence();
        Seated {
            connected: presence.connected,
            since: presence.since,
            alive: true,
        }
    }

    /// What the other instances wrote of their connections: a stopped instance's count
    /// for nothing, and (its end not being known) as gone since its heartbeat could last
    /// have come, or since Redis was last found away (`store_failed_at`), whichever is
    /// later: while Redis was away no instance could say it ran, so its key may have
    /// lapsed with its players connected all along.
    pub fn others_are(&self, others: &[Seated], now: u64, store_failed_at: u64) {
        let mut sum = Others::default();
        let lapsed = now
            .saturating_sub(HEARTBEAT_LAPSES.as_millis() as u64)
            .max(store_failed_at.min(now));
        for other in others {
            for side in 0..2 {
                if other.alive {
                    sum.connected[side] += other.connected[side];
                    if other.connected[side] == 0 {
                        sum.since[side] = sum.since[side].max(other.since[side]);
                    }
                } else if other.connected[side] > 0 {
                    sum.since[side] = sum.since[side].max(lapsed);
                } else {
                    sum.since[side] = sum.since[side].max(other.since[side]);
                }
            }
        }
        *self.others.lock().unwrap_or_else(|e| e.into_inner()) = Some(sum);
    }

    /// True when who is connected is known: alone, or the others have been read.
    pub fn knows_presence(&self) -> bool {
        self.alone
            || self
                .others
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_some()
    }

    pub(super) fn table(&self) -> &tokio::sync::Mutex<Table> {
        // Cells are handed out only once their table is loaded.
        self.table.get().expect("a cell handed out is loaded")
    }

    fn written(&self) -> std::sync::MutexGuard<'_, Option<Written>> {
        self.written.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the game as it stands.
    pub async fn snapshot(&self) -> Table {
        self.table().lock().await.clone()
    }

    /// The seat `token` opens.
    pub async fn seat_of(&self, token: &str) -> Option<surakarta_engine::Side> {
        self.table().lock().await.seat_of(token)
    }

    /// The game's state as it stands, written out (once per change).
    pub async fn state(&self) -> Written {
        let table = self.table().lock().await;
        self.state_of(&table)
    }

    fn presence(&self) -> std::sync::MutexGuard<'_, Presence> {
        self.presence.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The state as it stands now. The record is written once per change; the clocks and
    /// the time players have been away are set to now.
    fn state_of(&self, table: &Table) -> Written {
        let now = now_ms();
        let version = self.presence().version;
        let cached = self.written().clone();
        let base = match cached {
            Some(w) if w.events == table.events() => {
                if w.version == version && w.timeless && now.saturating_sub(w.at) < 1_000 {
                    return w;
                }
                w.state
            }
            _ => Arc::new(table.state_at(now)),
        };
        let mut state = (*base).clone();
        table.time_into(&mut state, now);
        self.presence_into(&mut state, table, now);
        let timeless = state.first_move.is_none()
            && state.clock.as_ref().is_none_or(|c| c.running.is_none())
            && state.away.red.is_none()
            && state.away.black.is_none();
        let written = Written {
            events: table.events(),
            version,
            timeless,
            at: now,
            body: Arc::from(serde_json::to_string(&state).unwrap_or_default()),
            state: if timeless {
                Arc::new(state.clone())
            } else {
                base
            },
            message: Arc::from(ServerMessage::State(Box::new(state)).to_json()),
        };
        *self.written() = Some(written.clone());
        written
    }

    /// Tells every connection the game changed to `table`: a move as `moved` (the state
    /// without its record, which costs as much to write and send as the game is long),
    /// anything else as the whole state.
    pub(super) fn publish(&self, table: &Table) {
        let now_at = (table.events(), table.plies());
        let (events, plies) = std::mem::replace(&mut *self.published(), now_at);
        let one_move = now_at == (events + 1, plies + 1);
        if let (true, Some(mv)) = (one_move, table.last_move()) {
            let now = now_ms();
            let mut state = table.state_without_record_at(now);
            self.presence_into(&mut state, table, now);
            // Told as it is played: the move is the one just played, the same words from
            // every instance that tells it (not a millisecond or two apart).
            state.last_move_ago = state.last_move_ago.map(|_| 0);
            let message = ServerMessage::Moved {
                mv: mv.to_string(),
                state: Box::new(state),
            };
            let _ = self.changes.send(Arc::from(message.to_json()));
            return;
        }
        let written = self.state_of(table);
        let _ = self.changes.send(written.message.clone());
    }

    /// The game was loaded as `table`: what its connections are told first.
    pub(super) fn loaded(&self, table: &Table) {
        *self.published() = (table.events(), table.plies());
    }

    /// The events and moves of the game as last published.
    fn published(&self) -> std::sync::MutexGuard<'_, (u64, usize)> {
        self.published.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn presence_into(&self, state: &mut GameState, table: &Table, now: u64) {
        state.claim_after = self.timing.claim_after(table);
        state.away.red = self.away_from(table, Side::Red, now);
        state.away.black = self.away_from(table, Side::Black, now);
    }

    /// How long the player of `side` has been away from `table`'s game: as
    /// [`Cell::away`], but never counted from before the seat was taken (a friend who
    /// joins a game created a minute ago has not been away a minute). `None` for a free
    /// seat.
    pub fn away_from(&self, table: &Table, side: Side, now: u64) -> Option<u64> {
        if !table.seated(side) {
            return None;
        }
        let away = self.away(side, now)?;
        Some(match table.seated_since(side) {
            Some(at) => away.min(now.saturating_sub(at)),
            None => away,
        })
    }

    /// How long the player of `side` has had no connection to this game, on this
    /// instance or (with several) any other, in milliseconds (`None` while connected,
    /// and while the other instances' connections have not been read).
    pub fn away(&self, side: Side, now: u64) -> Option<u64> {
        let i = side.index();
        let (here, since_here) = {
            let presence = self.presence();
            (presence.connected[i], presence.since[i])
        };
        let others = if self.alone {
            Others::default()
        } else {
            (*self.others.lock().unwrap_or_else(|e| e.into_inner()))?
        };
        (here + others.connected[i] == 0)
            .then(|| now.saturating_sub(since_here.max(others.since[i])))
    }

    /// How long, in milliseconds, a player must be away before the other may claim.
    pub fn claim_after(&self, table: &Table) -> u64 {
        self.timing.claim_after(table)
    }

    /// A connection of `side` opened (`true`) or closed; true when the player arrived or
    /// left with it.
    pub fn present(&self, side: Side, open: bool) -> bool {
        let mut presence = self.presence();
        let count = &mut presence.connected[side.index()];
        let changed = if open {
            *count += 1;
            *count == 1
        } else {
            *count = count.saturating_sub(1);
            *count == 0
        };
        if changed {
            if !open {
                presence.since[side.index()] = now_ms();
            }
            presence.version += 1;
        }
        changed
    }

    /// Tells every connection who is connected now.
    pub async fn announce(&self) {
        let table = self.table().lock().await;
        let mut state = GameState::default();
        self.presence_into(&mut state, &table, now_ms());
        let message = ServerMessage::Presence {
            away: state.away,
            claim_after: state.claim_after,
        };
        let _ = self.changes.send(Arc::from(message.to_json()));
    }

    pub(super) fn timer(&self) -> std::sync::MutexGuard<'_, Option<AbortHandle>> {
        self.timer.lock().unwrap_or_else(|e| e.into_inner())
    }
}
