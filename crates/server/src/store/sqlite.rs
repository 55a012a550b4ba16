//! The SQLite store: one file in WAL mode, written by one thread that commits in groups.
//!
//! Requests queue for the store's thread; it takes every request waiting, runs them in one
//! transaction, commits (`synchronous=FULL`: the commit is on disk when it returns, so
//! neither a `kill -9` nor a power cut loses it) and only then answers each. Under load
//! many moves share one disk sync; alone, a move waits for exactly one.

use super::{Appended, StoreError, StoredGame, now_secs};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::oneshot;

/// The most requests in one transaction.
const BATCH: usize = 512;

type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

enum Request {
    Create {
        id: String,
        ruleset: String,
        first: String,
        reply: Reply<bool>,
    },
    Load {
        id: String,
        reply: Reply<Option<StoredGame>>,
    },
    EventsFrom {
        id: String,
        from: u64,
        reply: Reply<Option<Vec<String>>>,
    },
    Append {
        id: String,
        seq: u64,
        event: String,
        reply: Reply<Appended>,
    },
    Expire {
        idle: Duration,
        reply: Reply<u64>,
    },
}

/// A handle on the store's thread; cheap to clone.
#[derive(Clone)]
pub struct SqliteStore {
    requests: mpsc::Sender<Request>,
}

impl SqliteStore {
    /// Opens (or creates) the file and starts the store's thread.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
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
             ) WITHOUT ROWID;",
        )?;
        let (requests, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("sqlite store".into())
            .spawn(move || run(conn, queue))
            .map_err(|e| StoreError(format!("cannot start the store's thread: {e}")))?;
        Ok(SqliteStore { requests })
    }

    async fn ask<T>(&self, make: impl FnOnce(Reply<T>) -> Request) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.requests
            .send(make(reply))
            .map_err(|_| StoreError("the store's thread has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the store's thread has stopped".into()))?
    }

    /// See [`super::Store::create`].
    pub async fn create(&self, id: &str, ruleset: &str, first: &str) -> Result<bool, StoreError> {
        let (id, ruleset, first) = (id.to_owned(), ruleset.to_owned(), first.to_owned());
        self.ask(|reply| Request::Create {
            id,
            ruleset,
            first,
            reply,
        })
        .await
    }

    /// See [`super::Store::load`].
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let id = id.to_owned();
        self.ask(|reply| Request::Load { id, reply }).await
    }

    /// See [`super::Store::events_from`].
    pub async fn events_from(
        &self,
        id: &str,
        from: u64,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let id = id.to_owned();
        self.ask(|reply| Request::EventsFrom { id, from, reply })
            .await
    }

    /// See [`super::Store::append`].
    pub async fn append(&self, id: &str, seq: u64, event: &str) -> Result<Appended, StoreError> {
        let (id, event) = (id.to_owned(), event.to_owned());
        self.ask(|reply| Request::Append {
            id,
            seq,
            event,
            reply,
        })
        .await
    }

    /// See [`super::Store::expire`].
    pub async fn expire(&self, idle: Duration) -> Result<u64, StoreError> {
        self.ask(|reply| Request::Expire { idle, reply }).await
    }
}

/// An answer waiting for its transaction's commit.
enum Answer {
    Create(Reply<bool>, Result<bool, StoreError>),
    Load(
        Reply<Option<StoredGame>>,
        Result<Option<StoredGame>, StoreError>,
    ),
    EventsFrom(
        Reply<Option<Vec<String>>>,
        Result<Option<Vec<String>>, StoreError>,
    ),
    Append(Reply<Appended>, Result<Appended, StoreError>),
    Expire(Reply<u64>, Result<u64, StoreError>),
}

impl Answer {
    /// Sends the answer; after a failed commit, the failure instead.
    fn send(self, failed: Option<&StoreError>) {
        macro_rules! reply {
            ($reply:expr, $result:expr) => {{
                let result = match failed {
                    Some(e) => Err(e.clone()),
                    None => $result,
                };
                // The asker may have gone (its connection closed): nothing to do then.
                let _ = $reply.send(result);
            }};
        }
        match self {
            Answer::Create(r, v) => reply!(r, v),
            Answer::Load(r, v) => reply!(r, v),
            Answer::EventsFrom(r, v) => reply!(r, v),
            Answer::Append(r, v) => reply!(r, v),
            Answer::Expire(r, v) => reply!(r, v),
        }
    }
}

fn run(mut conn: Connection, queue: mpsc::Receiver<Request>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let mut answers = Vec::with_capacity(batch.len());
        let outcome = (|| -> Result<(), StoreError> {
            let tx = conn.transaction()?;
            for request in batch {
                answers.push(handle(&tx, request));
            }
            tx.commit()?;
            Ok(())
        })();
        let failed = outcome.err();
        if let Some(e) = &failed {
            tracing::error!("store commit failed: {e}");
        }
        for answer in answers {
            answer.send(failed.as_ref());
        }
    }
}

fn handle(tx: &rusqlite::Transaction<'_>, request: Request) -> Answer {
    match request {
        Request::Create {
            id,
            ruleset,
            first,
            reply,
        } => Answer::Create(reply, create(tx, &id, &ruleset, &first)),
        Request::Load { id, reply } => Answer::Load(reply, load(tx, &id)),
        Request::EventsFrom { id, from, reply } => {
            Answer::EventsFrom(reply, events_from(tx, &id, from))
        }
        Request::Append {
            id,
            seq,
            event,
            reply,
        } => Answer::Append(reply, append(tx, &id, seq, &event)),
        Request::Expire { idle, reply } => Answer::Expire(reply, expire(tx, idle)),
    }
}

fn create(tx: &Connection, id: &str, ruleset: &str, first: &str) -> Result<bool, StoreError> {
    let now = now_secs();
    let added = tx.execute(
        "INSERT OR IGNORE INTO games (id, ruleset, created, updated) VALUES (?1, ?2, ?3, ?3)",
        params![id, ruleset, now],
    )?;
    if added == 0 {
        return Ok(false);
    }
    tx.execute(
        "INSERT INTO events (game, seq, event) VALUES (?1, 0, ?2)",
        params![id, first],
    )?;
    Ok(true)
}

fn load(tx: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let ruleset: Option<String> = tx
        .query_row(
            "SELECT ruleset FROM games WHERE id = ?1",
            params![id],
            |row| row.get(0),
        )
        .optional()?;
    let Some(ruleset) = ruleset else {
        return Ok(None);
    };
    let events = events_after(tx, id, 0)?;
    Ok(Some(StoredGame { ruleset, events }))
}

fn events_from(tx: &Connection, id: &str, from: u64) -> Result<Option<Vec<String>>, StoreError> {
    let known: Option<i64> = tx
        .query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |row| {
            row.get(0)
        })
        .optional()?;
    match known {
        Some(_) => Ok(Some(events_after(tx, id, from)?)),
        None => Ok(None),
    }
}

fn events_after(tx: &Connection, id: &str, from: u64) -> Result<Vec<String>, StoreError> {
    let from = i64::try_from(from).unwrap_or(i64::MAX);
    let mut query =
        tx.prepare_cached("SELECT event FROM events WHERE game = ?1 AND seq >= ?2 ORDER BY seq")?;
    let rows = query.query_map(params![id, from], |row| row.get(0))?;
    Ok(rows.collect::<Result<Vec<String>, _>>()?)
}

fn append(tx: &Connection, id: &str, seq: u64, event: &str) -> Result<Appended, StoreError> {
    let Ok(seq) = i64::try_from(seq) else {
        return Ok(Appended::Conflict);
    };
    let touched = tx.execute(
        "UPDATE games SET updated = ?2 WHERE id = ?1",
        params![id, now_secs()],
    )?;
    if touched == 0 {
        return Ok(Appended::Gone);
    }
    // The next index follows the last: anything else is a writer that is behind.
    let count: i64 = tx.query_row(
        "SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE game = ?1",
        params![id],
        |row| row.get(0),
    )?;
    if count != seq {
        return Ok(Appended::Conflict);
    }
    tx.execute(
        "INSERT INTO events (game, seq, event) VALUES (?1, ?2, ?3)",
        params![id, seq, event],
    )?;
    Ok(Appended::Done)
}

fn expire(tx: &Connection, idle: Duration) -> Result<u64, StoreError> {
    let idle = i64::try_from(idle.as_secs()).unwrap_or(i64::MAX);
    let before = now_secs().saturating_sub(idle);
    let gone = tx.execute("DELETE FROM games WHERE updated < ?1", params![before])?;
    Ok(gone as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn appends_only_at_the_next_index_and_reads_back_after_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        {
            let store = SqliteStore::open(&path).unwrap();
            assert!(store.create("g1", "standard", "seat red x").await.unwrap());
            assert!(!store.create("g1", "standard", "seat red y").await.unwrap());
            assert_eq!(
                store.append("g1", 1, "move b2-b3").await.unwrap(),
                Appended::Done
            );
            assert_eq!(
                store.append("g1", 1, "move c2-c3").await.unwrap(),
                Appended::Conflict
            );
            assert_eq!(
                store.append("g1", 5, "move c2-c3").await.unwrap(),
                Appended::Conflict
            );
            assert_eq!(
                store.append("nope", 0, "move c2-c3").await.unwrap(),
                Appended::Gone
            );
        }
        let store = SqliteStore::open(&path).unwrap();
        let game = store.load("g1").await.unwrap().unwrap();
        assert_eq!(game.events, ["seat red x", "move b2-b3"]);
        assert_eq!(
            store.events_from("g1", 1).await.unwrap().unwrap(),
            ["move b2-b3"]
        );
        assert_eq!(store.events_from("nope", 0).await.unwrap(), None);
        assert_eq!(store.load("nope").await.unwrap(), None);
    }

    #[tokio::test]
    async fn idle_games_expire_with_their_events() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("g.sqlite")).unwrap();
        store.create("old", "standard", "seat red x").await.unwrap();
        assert_eq!(store.expire(Duration::from_secs(3600)).await.unwrap(), 0);
        tokio::time::sleep(Duration::from_millis(1100)).await;
        assert_eq!(store.expire(Duration::ZERO).await.unwrap(), 1);
        assert_eq!(store.load("old").await.unwrap(), None);
        // Its events went with it: the id can be used afresh.
        assert!(
            store
                .create("old", "standard", "seat black y")
                .await
                .unwrap()
        );
        assert_eq!(
            store.load("old").await.unwrap().unwrap().events,
            ["seat black y"]
        );
    }
}
