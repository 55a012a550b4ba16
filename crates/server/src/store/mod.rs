//! Where games are kept: SQLite (one file, the default) or Redis (several instances).
//!
//! Both keep a game as its rule set and its list of events (see [`crate::table`]), and
//! both append with a check: an event is stored at index `n` only if the game has exactly
//! `n` events, so two writers can never both add the `n`th event of a game. The answer
//! comes after the event is committed, so nobody is told of a move the store could lose.

pub mod redis;
pub mod sqlite;

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The rule set.
    pub ruleset: String,
    /// The events, oldest first.
    pub events: Vec<String>,
}

/// A game's events from some index on, and how many it has in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tail {
    /// How many events the game has: fewer than the index asked for when the store went
    /// back in time (a Redis restarted from an older snapshot).
    pub total: u64,
    /// The events from the index on, oldest first.
    pub events: Vec<String>,
}

/// What became of an append.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Appended {
    /// Stored at the index asked for.
    Done,
    /// The game already has an event there (another instance was first).
    Conflict,
    /// The game is not in the store (never was, or expired).
    Gone,
}

/// What became of a rematch: the new game and the old game's event that names it, stored
/// in one step or not at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    /// Both stored.
    Done,
    /// The old game already has an event at that index: nothing stored.
    Conflict,
    /// The old game is not in the store: nothing stored.
    Gone,
    /// The new game's id is taken: nothing stored (draw another).
    IdTaken,
}

/// A new game to store with its first events: id, rule set, event lines.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Its id.
    pub id: String,
    /// Its rule set.
    pub ruleset: String,
    /// Its first events, stored lines.
    pub events: Vec<String>,
}

/// What a heartbeat ([`Store::beat`]) found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Beat {
    /// The time it said this instance runs at (milliseconds since 1970).
    pub at: u64,
    /// Every outage kept (from, to: no instance said it ran, or the store was away),
    /// oldest first; one the beat found is among them.
    pub outages: Vec<(u64, u64)>,
}

/// Reads a stored outage, `from to` (milliseconds since 1970).
pub(crate) fn outage(text: &str) -> Option<(u64, u64)> {
    let (from, to) = text.split_once(' ')?;
    Some((from.parse().ok()?, to.parse().ok()?)).filter(|(from, to)| from < to)
}

/// A store that failed: its message is for the log, players get a plain apology.
#[derive(Clone, Debug)]
pub struct StoreError {
    /// What happened, for the log.
    pub message: String,
    /// What is known of the request's outcome.
    pub kind: Failure,
}

/// What a store's failure says of the request's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The store answered with a failure (or was never asked): nothing changed.
    Refused,
    /// The store could not be reached (a refused connection, or the breaker open after
    /// one): nothing changed, and it is being tried again.
    Unreachable,
    /// The request went and no answer came (a timeout, a connection lost on the way):
    /// the store may have done it, or may still do it (a stalled Redis resumes and runs
    /// what it had read). Not "nothing changed": the client must read the game again.
    Unknown,
}

impl StoreError {
    /// A failure after which nothing changed.
    pub fn new(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            kind: Failure::Refused,
        }
    }

    /// A failure whose outcome is not known.
    pub fn outcome_unknown(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            kind: Failure::Unknown,
        }
    }

    /// True when the store may have done what was asked.
    pub fn unknown(&self) -> bool {
        self.kind == Failure::Unknown
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        // A transaction that failed is rolled back: nothing of it was committed.
        StoreError::new(format!("sqlite: {e}"))
    }
}

impl From<::redis::RedisError> for StoreError {
    fn from(e: ::redis::RedisError) -> Self {
        let kind = if e.is_connection_refusal() {
            Failure::Unreachable
        } else if e.is_timeout() || e.is_connection_dropped() || e.is_io_error() {
            Failure::Unknown
        } else {
            Failure::Refused
        };
        StoreError {
            message: format!("redis: {e}"),
            kind,
        }
    }
}

/// Another instance's event, heard through Redis: game, index, event.
#[derive(Clone, Debug)]
pub struct Heard {
    /// The game.
    pub id: String,
    /// The event's index.
    pub seq: u64,
    /// The event line.
    pub event: String,
}

/// What the other instances said through Redis.
#[derive(Clone, Debug)]
pub enum Said {
    /// An event of a game.
    Event(Heard),
    /// Who is connected to this game changed on some instance.
    Presence(String),
}

/// One instance's connections to one game's seats, as it wrote them to Redis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seated {
    /// Its connections to Red's seat and to Black's.
    pub connected: [u32; 2],
    /// When each seat's last connection on it closed (milliseconds since 1970).
    pub since: [u64; 2],
    /// False when the instance has stopped (its heartbeat lapsed): its connections are
    /// gone.
    pub alive: bool,
}

/// One of the two stores.
#[derive(Clone)]
pub enum Store {
    /// One SQLite file.
    Sqlite(sqlite::SqliteStore),
    /// A Redis server shared by several instances.
    Redis(redis::RedisStore),
}

impl Store {
    /// Stores a new game with its first event; `false` if the id is taken.
    pub async fn create(&self, id: &str, ruleset: &str, first: &str) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(s) => s.create(id, ruleset, first).await,
            Store::Redis(s) => s.guarded(s.create(id, ruleset, first)).await,
        }
    }

    /// The game with this id, if stored.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load(id).await,
            Store::Redis(s) => s.guarded(s.load(id)).await,
        }
    }

    /// The game's events from index `from` on, and their number (`None`: the game is
    /// gone).
    pub async fn events_from(&self, id: &str, from: u64) -> Result<Option<Tail>, StoreError> {
        match self {
            Store::Sqlite(s) => s.events_from(id, from).await,
            Store::Redis(s) => s.guarded(s.events_from(id, from)).await,
        }
    }

    /// Stores `event` as the game's event number `seq` (from 0), if that is the next one.
    pub async fn append(&self, id: &str, seq: u64, event: &str) -> Result<Appended, StoreError> {
        match self {
            Store::Sqlite(s) => s.append(id, seq, event).await,
            Store::Redis(s) => s.guarded(s.append(id, seq, event)).await,
        }
    }

    /// Stores `event` as the game's event number `seq` (as [`Store::append`]) and the game
    /// `new` with it, in one step: both or neither, whoever else tries at once. A rematch
    /// is made so (issue 62: 200 accepts at once had made 200 games, 199 never handed out).
    pub async fn append_with_game(
        &self,
        id: &str,
        seq: u64,
        event: &str,
        new: &NewGame,
    ) -> Result<Made, StoreError> {
        match self {
            Store::Sqlite(s) => s.append_with_game(id, seq, event, new).await,
            Store::Redis(s) => s.guarded(s.append_with_game(id, seq, event, new)).await,
        }
    }

    /// Deletes the games without an event for `idle`; how many. SQLite deletes them a
    /// step at a time, so moves are committed between the steps; Redis expires its keys
    /// by itself (each append, and each [`Store::touch`], sets them to live `idle` longer).
    pub async fn expire(&self, idle: Duration) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => {
                let mut gone = 0;
                loop {
                    let step = s.expire_step(idle).await?;
                    gone += step;
                    if step < sqlite::EXPIRE_STEP {
                        return Ok(gone);
                    }
                }
            }
            Store::Redis(s) => s.guarded(s.forget_expired()).await,
        }
    }

    /// At most `limit` games whose last event was in `[from, to)` (seconds since 1970),
    /// as (that time, id), oldest first, after `after` in that order: the games nobody
    /// has finished are looked for among them before they expire.
    pub async fn idle(
        &self,
        from: i64,
        to: i64,
        after: Option<(i64, String)>,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        match self {
            Store::Sqlite(s) => s.idle(from, to, after, limit).await,
            Store::Redis(s) => s.guarded(s.idle(from, to, after, limit)).await,
        }
    }

    /// Marks these games as used now, so that they do not expire (games someone is
    /// connected to); how many of them are stored.
    pub async fn touch(&self, ids: Vec<String>) -> Result<u64, StoreError> {
        if ids.is_empty() {
            return Ok(0);
        }
        match self {
            Store::Sqlite(s) => s.touch(ids).await,
            Store::Redis(s) => s.guarded(s.touch(&ids)).await,
        }
    }

    /// Whether the store would take a move now: SQLite writes and commits a row, Redis
    /// answers a ping.
    pub async fn probe(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.probe().await,
            Store::Redis(s) => s.guarded(s.ping()).await,
        }
    }

    /// Says that an instance runs now (milliseconds since 1970; the store keeps the
    /// latest any instance said). When the latest before it is more than `gap` ms old, no
    /// instance ran between the two (or the store was away): that outage is kept, for
    /// the clocks to be given it back. The outages ended more than `keep` ago are
    /// forgotten. One step for the store: of several instances that come back at once,
    /// only the first finds the outage.
    pub async fn beat(&self, gap: u64, keep: Duration) -> Result<Beat, StoreError> {
        match self {
            Store::Sqlite(s) => s.beat(gap, keep).await,
            Store::Redis(s) => s.guarded(s.beat(gap, keep)).await,
        }
    }

    /// Milliseconds left before claims are taken again after the store was away (Redis:
    /// [`redis::PRESENCE_SETTLES`] after it answered again); `None` once they are.
    pub fn presence_settling(&self) -> Option<u64> {
        match self {
            Store::Sqlite(_) => None,
            Store::Redis(s) => s.presence_settling(),
        }
    }

    /// True when other instances may change games (their events must be listened for).
    pub fn shared(&self) -> bool {
        matches!(self, Store::Redis(_))
    }
}

/// Seconds since 1970.
pub(crate) fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}
