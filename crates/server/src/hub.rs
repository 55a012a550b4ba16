//! The games in play: each loaded game's table, who listens to it, and the one way an
//! event happens (checked by the engine, committed to the store, then told to everyone).

use crate::store::{Appended, Heard, Store, StoreError};
use crate::table::{Event, Refused, Table, mark};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use surakarta_protocol::online::ServerMessage;
use tokio::sync::{OnceCell, broadcast};

/// How many states a slow connection may fall behind before it is sent the latest instead.
const BACKLOG: usize = 32;

/// Why an action did not happen.
#[derive(Debug)]
pub enum ActError {
    /// The game's rules or state refuse it; the text is for the player.
    Refused(Refused),
    /// The game is no longer stored (it expired).
    Gone,
    /// The store failed; nothing changed.
    Store(StoreError),
}

impl From<Refused> for ActError {
    fn from(r: Refused) -> Self {
        ActError::Refused(r)
    }
}

impl From<StoreError> for ActError {
    fn from(e: StoreError) -> Self {
        ActError::Store(e)
    }
}

/// A loaded game.
pub struct Cell {
    table: OnceCell<tokio::sync::Mutex<Table>>,
    /// Every change's state, as the JSON the connections send.
    pub changes: broadcast::Sender<Arc<str>>,
    used: AtomicU64,
    /// The latest state written out, and the number of events it is after: a long game's
    /// record costs milliseconds to write, and it is written once per change, not once
    /// per reader.
    written: Mutex<Option<Written>>,
}

/// A state written out as JSON.
#[derive(Clone)]
pub struct Written {
    events: u64,
    /// As the WebSocket sends it (`{"type": "state", ...}`).
    pub message: Arc<str>,
    /// As `GET /api/games/{id}` answers it.
    pub body: Arc<str>,
}

/// The state message sent to connections.
pub fn state_message(table: &Table) -> Arc<str> {
    Arc::from(ServerMessage::State(table.state()).to_json())
}

impl Written {
    fn of(table: &Table) -> Written {
        let state = table.state();
        Written {
            events: table.events(),
            body: Arc::from(serde_json::to_string(&state).unwrap_or_default()),
            message: Arc::from(ServerMessage::State(state).to_json()),
        }
    }
}

impl Cell {
    fn table(&self) -> &tokio::sync::Mutex<Table> {
        // Cells are handed out only once their table is loaded.
        self.table.get().expect("a cell handed out is loaded")
    }

    fn written(&self) -> std::sync::MutexGuard<'_, Option<Written>> {
        self.written.lock().unwrap_or_else(|e| e.into_inner())
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

    fn state_of(&self, table: &Table) -> Written {
        if let Some(written) = self.written().as_ref()
            && written.events == table.events()
        {
            return written.clone();
        }
        let written = Written::of(table);
        *self.written() = Some(written.clone());
        written
    }

    /// Tells every connection the game changed to `table`.
    fn publish(&self, table: &Table) {
        let written = Written::of(table);
        let _ = self.changes.send(written.message.clone());
        *self.written() = Some(written);
    }
}

/// Every loaded game, and the store behind them.
pub struct Hub {
    store: Store,
    cells: Mutex<HashMap<String, Arc<Cell>>>,
    started: Instant,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            cells: Mutex::new(HashMap::new()),
            started: Instant::now(),
        })
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_secs()
    }

    fn cells(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Cell>>> {
        // A panic elsewhere while holding the map cannot leave it half-changed: every
        // change is one insert or remove.
        self.cells.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many games are loaded.
    pub fn loaded(&self) -> usize {
        self.cells().len()
    }

    /// The game with this id, loaded from the store if need be; `None` if unknown.
    pub async fn get(&self, id: &str) -> Result<Option<Arc<Cell>>, StoreError> {
        let cell = {
            let mut cells = self.cells();
            let cell = cells.entry(id.to_owned()).or_insert_with(|| {
                Arc::new(Cell {
                    table: OnceCell::new(),
                    changes: broadcast::channel(BACKLOG).0,
                    used: AtomicU64::new(0),
                    written: Mutex::new(None),
                })
            });
            // Marked used under the map's lock, so unload_unused cannot take it now.
            cell.used.store(self.now(), Ordering::Relaxed);
            cell.clone()
        };
        let loaded = cell
            .table
            .get_or_try_init(|| async {
                match self.store.load(id).await.map_err(Some)? {
                    Some(stored) => Table::replay(id.to_owned(), &stored.ruleset, &stored.events)
                        .map(tokio::sync::Mutex::new)
                        .ok_or_else(|| {
                            Some(StoreError(format!("game {id}: its events do not replay")))
                        }),
                    None => Err(None),
                }
            })
            .await;
        match loaded {
            Ok(_) => {
                if self.store.shared() {
                    // Another instance may have moved since this one last heard.
                    let mut table = cell.table().lock().await;
                    self.catch_up(&cell, &mut table).await?;
                }
                Ok(Some(cell))
            }
            Err(e) => {
                let mut cells = self.cells();
                if cells.get(id).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
                    cells.remove(id);
                }
                // None: the store has no such game.
                e.map_or(Ok(None), Err)
            }
        }
    }

    /// Stores a new game whose first event is `first`; `false` if the id is taken.
    pub async fn create(&self, table: &Table, first: &Event) -> Result<bool, StoreError> {
        self.store
            .create(&table.id, &table.ruleset, &first.encode())
            .await
    }

    /// Makes an event happen: `decide` looks at the game as it stands and names the event
    /// (or refuses); the engine checks it, the store commits it, and then everyone
    /// connected is told. Returns the game after it.
    pub async fn act(
        &self,
        cell: &Cell,
        decide: impl Fn(&Table) -> Result<Event, Refused>,
    ) -> Result<Table, ActError> {
        cell.used.store(self.now(), Ordering::Relaxed);
        let mut table = cell.table().lock().await;
        // A few tries: with several instances, another may have added an event first.
        for _ in 0..4 {
            let event = decide(&table)?;
            let mut next = table.clone();
            next.apply(&event)?;
            match self
                .store
                .append(&table.id, table.events(), &event.encode())
                .await?
            {
                Appended::Done => {
                    *table = next;
                    cell.publish(&table);
                    return Ok(table.clone());
                }
                Appended::Conflict => self.catch_up(cell, &mut table).await?,
                Appended::Gone => return Err(ActError::Gone),
            }
        }
        Err(ActError::Refused(Refused(
            "the game changed while your move was on its way; try again".into(),
        )))
    }

    /// Reads the events other instances added and tells this instance's connections. A
    /// store with fewer events than the table went back in time (a Redis restarted from
    /// an older snapshot): the table is replayed from what the store has, so moves are
    /// taken again instead of refused for ever.
    async fn catch_up(&self, cell: &Cell, table: &mut Table) -> Result<(), StoreError> {
        let Some(tail) = self.store.events_from(&table.id, table.events()).await? else {
            return Ok(());
        };
        if tail.total < table.events() {
            return self.reload(cell, table).await;
        }
        if tail.events.is_empty() {
            return Ok(());
        }
        let mut next = table.clone();
        for line in &tail.events {
            let applied = Event::decode(line).map(|e| next.apply(&e));
            if !matches!(applied, Some(Ok(()))) {
                return Err(StoreError(format!(
                    "game {}: stored event {line:?} does not apply",
                    table.id
                )));
            }
        }
        *table = next;
        cell.publish(table);
        Ok(())
    }

    /// Replays the table from the store and tells the connections.
    async fn reload(&self, cell: &Cell, table: &mut Table) -> Result<(), StoreError> {
        let Some(stored) = self.store.load(&table.id).await? else {
            return Ok(()); // gone: the next action says so
        };
        let replayed = Table::replay(table.id.clone(), &stored.ruleset, &stored.events)
            .ok_or_else(|| StoreError(format!("game {}: its events do not replay", table.id)))?;
        tracing::warn!(
            game = %table.id,
            "the store has {} events where this instance had {}: replayed from the store",
            replayed.events(),
            table.events()
        );
        *table = replayed;
        cell.publish(table);
        Ok(())
    }

    /// Passes on an event another instance committed (`None`: events may have been
    /// missed, so every loaded game catches up). The next event of a game is applied as
    /// heard, without asking the store; one ahead of it makes the game catch up; one this
    /// instance has already is skipped, unless it differs from the one it has.
    pub async fn heard(&self, heard: Option<Heard>) {
        let cells: Vec<Arc<Cell>> = match &heard {
            Some(h) => self.cells().get(&h.id).cloned().into_iter().collect(),
            None => self.cells().values().cloned().collect(),
        };
        for cell in cells {
            let Some(table) = cell.table.get() else {
                continue;
            };
            let mut table = table.lock().await;
            let caught_up = match &heard {
                Some(h) if h.seq < table.events() => {
                    if table.mark_at(h.seq) == Some(mark(&h.event)) {
                        continue; // this instance's own event, or one it has already read
                    }
                    self.reload(&cell, &mut table).await
                }
                Some(h) if h.seq == table.events() => {
                    let mut next = table.clone();
                    match Event::decode(&h.event).map(|e| next.apply(&e)) {
                        Some(Ok(())) => {
                            *table = next;
                            cell.publish(&table);
                            Ok(())
                        }
                        _ => self.catch_up(&cell, &mut table).await,
                    }
                }
                _ => self.catch_up(&cell, &mut table).await,
            };
            if let Err(e) = caught_up {
                tracing::warn!("catching up: {e}");
            }
        }
    }

    /// The ids of the loaded games someone is connected to.
    pub fn watched(&self) -> Vec<String> {
        self.cells()
            .iter()
            .filter(|(_, cell)| cell.changes.receiver_count() > 0)
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Forgets loaded games nobody has used for `unused` and nobody listens to.
    pub fn unload_unused(&self, unused: Duration) {
        let now = self.now();
        self.cells().retain(|_, cell| {
            cell.changes.receiver_count() > 0
                || now.saturating_sub(cell.used.load(Ordering::Relaxed)) < unused.as_secs()
        });
    }
}
