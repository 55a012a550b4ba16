//! The SQLite store: one file in WAL mode, written by one thread that commits in groups.
//!
//! Requests queue for the store's thread; it takes every request waiting, runs them in one
//! transaction, commits (`synchronous=FULL`: the commit is on disk when it returns, so
//! neither a `kill -9` nor a power cut loses it) and only then answers each. Under load
//! many moves share one disk sync; alone, a move waits for exactly one.

use super::{Appended, Beat, Made, NewGame, StoreError, StoredGame, Tail, now_secs};
use crate::table::clock::now_ms;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::oneshot;

/// The most requests in one transaction.
const BATCH: usize = 512;

/// The most games one expiry request deletes: a sweep deletes in steps this size, so
/// moves are committed between them instead of waiting for the whole sweep.
pub const EXPIRE_STEP: u64 = 500;

/// What a request asks the store's thread to do.
#[derive(Clone, Debug)]
enum Work {
    Create {
        id: String,
        ruleset: String,
        first: String,
    },
    Load(String),
    EventsFrom(String, u64),
    Append {
        id: String,
        seq: u64,
        event: String,
    },
    AppendWithGame {
        id: String,
        seq: u64,
        event: String,
        new: NewGame,
    },
    Expire(Duration),
    Touch(Vec<String>),
    /// Games whose last event is in [from, to), after (updated, id), oldest first.
    Idle {
        from: i64,
        to: i64,
        after: Option<(i64, String)>,
        limit: usize,
    },
    Probe,
    /// This instance runs (see [`super::Store::beat`]).
    Beat {
        gap: u64,
        keep: Duration,
    },
}

/// What it did.
enum Done {
    Created(bool),
    Loaded(Option<StoredGame>),
    Events(Option<Tail>),
    Appended(Appended),
    Made(Made),
    Counted(u64),
    Games(Vec<(i64, String)>),
    Beat(Beat),
}

type Reply = oneshot::Sender<Result<Done, StoreError>>;

struct Request {
    work: Work,
    reply: Reply,
}

/// A handle on the store's thread; cheap to clone.
#[derive(Clone)]
pub struct SqliteStore {
    requests: mpsc::Sender<Request>,
}

fn unexpected() -> StoreError {
    StoreError::new("the store's thread answered another question")
}

impl SqliteStore {
    /// Opens (or creates) the file and starts the store's thread. `expire_after` is the
    /// server's: a move refreshes its game's `updated` (the expiry's clock) at most once
    /// every hundredth of it, and at most once a minute.
    pub fn open(path: &Path, expire_after: Duration) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                 id TEXT PRIMARY KEY,
                 ruleset TEXT NOT NULL,
                 created INTEGER NOT NULL,
                 updated INTEGER NOT NULL
             );
             CREATE INDEX IF NOT EXISTS games_by_update ON games (updated);
             CREATE TABLE IF NOT EXISTS events (
                 game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                 seq INTEGER NOT NULL,
                 event TEXT NOT NULL,
                 PRIMARY KEY (game, seq)
             ) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS health (
                 id INTEGER PRIMARY KEY CHECK (id = 1),
                 at INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS alive (
                 id INTEGER PRIMARY KEY CHECK (id = 1),
                 at INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS outages (
                 from_ms INTEGER PRIMARY KEY,
                 to_ms INTEGER NOT NULL
             );",
        )?;
        let (requests, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("sqlite store".into())
            .spawn(move || run(conn, queue, refresh_every(expire_after)))
            .map_err(|e| StoreError::new(format!("cannot start the store's thread: {e}")))?;
        Ok(SqliteStore { requests })
    }

    async fn ask(&self, work: Work) -> Result<Done, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.requests
            .send(Request { work, reply })
            .map_err(|_| StoreError::new("the store's thread has stopped"))?;
        // Asked and never answered: the thread may have committed it first.
        answer.await.map_err(|_| {
            StoreError::outcome_unknown("the store's thread stopped before it answered")
        })?
    }

    /// See [`super::Store::create`].
    pub async fn create(&self, id: &str, ruleset: &str, first: &str) -> Result<bool, StoreError> {
        let work = Work::Create {
            id: id.to_owned(),
            ruleset: ruleset.to_owned(),
            first: first.to_owned(),
        };
        match self.ask(work).await? {
            Done::Created(made) => Ok(made),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::load`].
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self.ask(Work::Load(id.to_owned())).await? {
            Done::Loaded(game) => Ok(game),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::events_from`].
    pub async fn events_from(&self, id: &str, from: u64) -> Result<Option<Tail>, StoreError> {
        match self.ask(Work::EventsFrom(id.to_owned(), from)).await? {
            Done::Events(events) => Ok(events),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::append`].
    pub async fn append(&self, id: &str, seq: u64, event: &str) -> Result<Appended, StoreError> {
        let work = Work::Append {
            id: id.to_owned(),
            seq,
            event: event.to_owned(),
        };
        match self.ask(work).await? {
            Done::Appended(appended) => Ok(appended),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::append_with_game`].
    pub async fn append_with_game(
        &self,
        id: &str,
        seq: u64,
        event: &str,
        new: &NewGame,
    ) -> Result<Made, StoreError> {
        let work = Work::AppendWithGame {
            id: id.to_owned(),
            seq,
            event: event.to_owned(),
            new: new.clone(),
        };
        match self.ask(work).await? {
            Done::Made(made) => Ok(made),
            _ => Err(unexpected()),
        }
    }

    /// Deletes at most [`EXPIRE_STEP`] games without an event for `idle`; how many.
    pub async fn expire_step(&self, idle: Duration) -> Result<u64, StoreError> {
        match self.ask(Work::Expire(idle)).await? {
            Done::Counted(n) => Ok(n),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::idle`].
    pub async fn idle(
        &self,
        from: i64,
        to: i64,
        after: Option<(i64, String)>,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let work = Work::Idle {
            from,
            to,
            after,
            limit,
        };
        match self.ask(work).await? {
            Done::Games(games) => Ok(games),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::touch`].
    pub async fn touch(&self, ids: Vec<String>) -> Result<u64, StoreError> {
        match self.ask(Work::Touch(ids)).await? {
            Done::Counted(n) => Ok(n),
            _ => Err(unexpected()),
        }
    }

    /// See [`super::Store::beat`].
    pub async fn beat(&self, gap: u64, keep: Duration) -> Result<Beat, StoreError> {
        match self.ask(Work::Beat { gap, keep }).await? {
            Done::Beat(beat) => Ok(beat),
            _ => Err(unexpected()),
        }
    }

    /// Writes and commits a row, as a move would: fails when a move would fail (a full
    /// disk, a file that cannot be written).
    pub async fn probe(&self) -> Result<(), StoreError> {
        self.ask(Work::Probe).await.map(|_| ())
    }
}

/// How old, in seconds, a game's `updated` may be before a move writes it again. Every
/// write of it also moves the game's entry in the index on `updated`: at a move a second
/// in every game, that was a third of the store's work (two more pages written a move).
/// A game with a connection is touched at every sweep anyway (lib.rs), so the value is
/// never more than this behind a game's last move: a game expires at most a hundredth of
/// the expiry time early (a minute of 30 days).
fn refresh_every(expire_after: Duration) -> i64 {
    (expire_after.as_secs() / 100).clamp(1, 60) as i64
}

fn run(mut conn: Connection, queue: mpsc::Receiver<Request>, refresh: i64) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let works: Vec<&Work> = batch.iter().map(|r| &r.work).collect();
        match commit(&mut conn, &works, refresh) {
            Ok(results) => {
                for (request, result) in batch.into_iter().zip(results) {
                    // The asker may have gone (its connection closed): nothing to do then.
                    let _ = request.reply.send(result);
                }
            }
            Err(e) if batch.len() > 1 => {
                // One request can fail the shared commit (a damaged page under one game):
                // each is tried again alone, so the others still go through.
                tracing::warn!(
                    "a commit of {} requests failed ({e}); one by one",
                    batch.len()
                );
                for request in batch {
                    let result = commit(&mut conn, &[&request.work], refresh)
                        .and_then(|mut results| results.pop().unwrap_or_else(|| Err(unexpected())));
                    if let Err(e) = &result {
                        tracing::error!("store: {e}");
                    }
                    let _ = request.reply.send(result);
                }
            }
            Err(e) => {
                tracing::error!("store commit failed: {e}");
                for request in batch {
                    let _ = request.reply.send(Err(e.clone()));
                }
            }
        }
    }
}

/// Does `works` in one transaction and commits it; each one's result, or why the whole
/// transaction failed (then nothing of it was committed).
fn commit(
    conn: &mut Connection,
    works: &[&Work],
    refresh: i64,
) -> Result<Vec<Result<Done, StoreError>>, StoreError> {
    let tx = conn.transaction()?;
    let mut results = Vec::with_capacity(works.len());
    for work in works {
        results.push(work.run(&tx, refresh));
        // Some failures (a full disk, an I/O error, a trigger's ROLLBACK) roll the whole
        // transaction back; what came after would then be committed on its own.
        if tx.is_autocommit() {
            return Err(StoreError::new("the transaction was rolled back"));
        }
    }
    tx.commit()?;
    Ok(results)
}

impl Work {
    fn run(&self, tx: &Connection, refresh: i64) -> Result<Done, StoreError> {
        Ok(match self {
            Work::Create { id, ruleset, first } => Done::Created(create(tx, id, ruleset, first)?),
            Work::Load(id) => Done::Loaded(load(tx, id)?),
            Work::EventsFrom(id, from) => Done::Events(events_from(tx, id, *from)?),
            Work::Append { id, seq, event } => {
                Done::Appended(append(tx, id, *seq, event, refresh)?)
            }
            Work::AppendWithGame {
                id,
                seq,
                event,
                new,
            } => Done::Made(append_with_game(tx, id, *seq, event, new, refresh)?),
            Work::Expire(idle) => Done::Counted(expire(tx, *idle)?),
            Work::Touch(ids) => Done::Counted(touch(tx, ids)?),
            Work::Idle {
                from,
                to,
                after,
                limit,
            } => Done::Games(idle(tx, *from, *to, after.as_ref(), *limit)?),
            Work::Beat { gap, keep } => Done::Beat(beat(tx, *gap, *keep)?),
            Work::Probe => {
                tx.prepare_cached("INSERT OR REPLACE INTO health (id, at) VALUES (1, ?1)")?
                    .execute(params![now_secs()])?;
                Done::Counted(1)
            }
        })
    }
}

/// Timed when the store's thread gets to it: a beat that waited behind a stalled disk
/// says so (the moves waited as long).
fn beat(tx: &Connection, gap: u64, keep: Duration) -> Result<Beat, StoreError> {
    let at = now_ms();
    let ms = |t: u64| i64::try_from(t).unwrap_or(i64::MAX);
    let last: Option<i64> = tx
        .prepare_cached("SELECT at FROM alive WHERE id = 1")?
        .query_row([], |row| row.get(0))
        .optional()?;
    let last = last.and_then(|t| u64::try_from(t).ok());
    tx.prepare_cached("INSERT OR REPLACE INTO alive (id, at) VALUES (1, ?1)")?
        .execute(params![ms(at.max(last.unwrap_or(0)))])?;
    if let Some(last) = last.filter(|last| at > last.saturating_add(gap)) {
        tx.prepare_cached("INSERT OR IGNORE INTO outages (from_ms, to_ms) VALUES (?1, ?2)")?
            .execute(params![ms(last), ms(at)])?;
    }
    let keep = u64::try_from(keep.as_millis()).unwrap_or(u64::MAX);
    tx.prepare_cached("DELETE FROM outages WHERE to_ms < ?1")?
        .execute(params![ms(at.saturating_sub(keep))])?;
    let mut query = tx.prepare_cached("SELECT from_ms, to_ms FROM outages ORDER BY from_ms")?;
    let outages = query
        .query_map([], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter_map(|(from, to)| Some((u64::try_from(from).ok()?, u64::try_from(to).ok()?)))
        .filter(|(from, to)| from < to)
        .collect();
    Ok(Beat { at, outages })
}

fn create(tx: &Connection, id: &str, ruleset: &str, first: &str) -> Result<bool, StoreError> {
    let now = now_secs();
    let added = tx
        .prepare_cached(
            "INSERT OR IGNORE INTO games (id, ruleset, created, updated) VALUES (?1, ?2, ?3, ?3)",
        )?
        .execute(params![id, ruleset, now])?;
    if added == 0 {
        return Ok(false);
    }
    tx.prepare_cached("INSERT INTO events (game, seq, event) VALUES (?1, 0, ?2)")?
        .execute(params![id, first])?;
    Ok(true)
}

fn load(tx: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let ruleset: Option<String> = tx
        .prepare_cached("SELECT ruleset FROM games WHERE id = ?1")?
        .query_row(params![id], |row| row.get(0))
        .optional()?;
    let Some(ruleset) = ruleset else {
        return Ok(None);
    };
    let events = events_after(tx, id, 0)?;
    Ok(Some(StoredGame { ruleset, events }))
}

fn events_from(tx: &Connection, id: &str, from: u64) -> Result<Option<Tail>, StoreError> {
    let known: Option<i64> = tx
        .prepare_cached("SELECT 1 FROM games WHERE id = ?1")?
        .query_row(params![id], |row| row.get(0))
        .optional()?;
    if known.is_none() {
        return Ok(None);
    }
    let total: i64 = tx
        .prepare_cached("SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game = ?1")?
        .query_row(params![id], |row| row.get(0))?;
    Ok(Some(Tail {
        total: total.max(0) as u64,
        events: events_after(tx, id, from)?,
    }))
}

fn events_after(tx: &Connection, id: &str, from: u64) -> Result<Vec<String>, StoreError> {
    let from = i64::try_from(from).unwrap_or(i64::MAX);
    let mut query =
        tx.prepare_cached("SELECT event FROM events WHERE game = ?1 AND seq >= ?2 ORDER BY seq")?;
    let rows = query.query_map(params![id, from], |row| row.get(0))?;
    Ok(rows.collect::<Result<Vec<String>, _>>()?)
}

fn append(
    tx: &Connection,
    id: &str,
    seq: u64,
    event: &str,
    refresh: i64,
) -> Result<Appended, StoreError> {
    let Ok(seq) = i64::try_from(seq) else {
        return Ok(Appended::Conflict);
    };
    let updated: Option<i64> = tx
        .prepare_cached("SELECT updated FROM games WHERE id = ?1")?
        .query_row(params![id], |row| row.get(0))
        .optional()?;
    let Some(updated) = updated else {
        return Ok(Appended::Gone);
    };
    // Written once every `refresh` seconds at most: a move within it would rewrite the row
    // and its index entry for nothing.
    let now = now_secs();
    if updated.saturating_add(refresh) <= now {
        tx.prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")?
            .execute(params![id, now])?;
    }
    // The next index follows the last: anything else is a writer that is behind.
    let count: i64 = tx
        .prepare_cached("SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game = ?1")?
        .query_row(params![id], |row| row.get(0))?;
    if count != seq {
        return Ok(Appended::Conflict);
    }
    tx.prepare_cached("INSERT INTO events (game, seq, event) VALUES (?1, ?2, ?3)")?
        .execute(params![id, seq, event])?;
    Ok(Appended::Done)
}

/// The new game and the old game's event, in a savepoint of their own: the transaction
/// they share with other requests commits both or neither of them.
fn append_with_game(
    tx: &Connection,
    id: &str,
    seq: u64,
    event: &str,
    new: &NewGame,
    refresh: i64,
) -> Result<Made, StoreError> {
    tx.execute_batch("SAVEPOINT with_game")?;
    let made = (|| -> Result<Made, StoreError> {
        let free: Option<i64> = tx
            .prepare_cached("SELECT 1 FROM games WHERE id = ?1")?
            .query_row(params![new.id], |row| row.get(0))
            .optional()?;
        if free.is_some() {
            return Ok(Made::IdTaken);
        }
        match append(tx, id, seq, event, refresh)? {
            Appended::Done => {}
            Appended::Conflict => return Ok(Made::Conflict),
            Appended::Gone => return Ok(Made::Gone),
        }
        let Some((first, rest)) = new.events.split_first() else {
            return Err(StoreError::new("a new game without events"));
        };
        if !create(tx, &new.id, &new.ruleset, first)? {
            return Ok(Made::IdTaken);
        }
        let mut insert =
            tx.prepare_cached("INSERT INTO events (game, seq, event) VALUES (?1, ?2, ?3)")?;
        for (seq, line) in (1i64..).zip(rest) {
            insert.execute(params![new.id, seq, line])?;
        }
        Ok(Made::Done)
    })();
    match made {
        Ok(Made::Done) => tx.execute_batch("RELEASE with_game")?,
        _ => tx.execute_batch("ROLLBACK TO with_game; RELEASE with_game")?,
    }
    made
}

fn expire(tx: &Connection, idle: Duration) -> Result<u64, StoreError> {
    let idle = i64::try_from(idle.as_secs()).unwrap_or(i64::MAX);
    let before = now_secs().saturating_sub(idle);
    let gone = tx
        .prepare_cached(
            "DELETE FROM games WHERE id IN (SELECT id FROM games WHERE updated < ?1 LIMIT ?2)",
        )?
        .execute(params![before, EXPIRE_STEP as i64])?;
    Ok(gone as u64)
}

fn idle(
    tx: &Connection,
    from: i64,
    to: i64,
    after: Option<&(i64, String)>,
    limit: usize,
) -> Result<Vec<(i64, String)>, StoreError> {
    // Keyset paging on (updated, id): by the index on updated.
    let (after_at, after_id) = after.cloned().unwrap_or((i64::MIN, String::new()));
    let mut query = tx.prepare_cached(
        "SELECT updated, id FROM games WHERE updated >= ?1 AND updated < ?2
         AND (updated, id) > (?3, ?4) ORDER BY updated, id LIMIT ?5",
    )?;
    let rows = query.query_map(params![from, to, after_at, after_id, limit as i64], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

fn touch(tx: &Connection, ids: &[String]) -> Result<u64, StoreError> {
    let now = now_secs();
    let mut update = tx.prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")?;
    let mut touched = 0;
    for id in ids {
        touched += update.execute(params![id, now])? as u64;
    }
    Ok(touched)
}

#[cfg(test)]
mod tests;
