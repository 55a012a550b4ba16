//! The games in play: each loaded game's table, who listens to it, and the one way an
//! event happens (checked by the engine, committed to the store, then told to everyone).

use crate::store::{Appended, Heard, Store, StoreError};
use crate::table::clock::{DAY_MS, now_ms};
use crate::table::{Event, Refused, Table, mark};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use surakarta_engine::Side;
use surakarta_protocol::online::{GameState, ServerMessage, TimeControl};
use tokio::sync::{OnceCell, broadcast};
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

    fn first_move_ms(&self) -> u64 {
        u64::try_from(self.first_move.as_millis()).unwrap_or(u64::MAX)
    }
}

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
    /// Who is connected to each seat, on this instance.
    presence: Mutex<Presence>,
    /// The task that ends the game when the time of the side to move runs out.
    timer: Mutex<Option<AbortHandle>>,
    timing: Timing,
    /// False when other instances may hold connections (presence is not known).
    alone: bool,
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
    /// again as it is.
    timeless: bool,
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
    fn table(&self) -> &tokio::sync::Mutex<Table> {
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
                if w.version == version && w.timeless {
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

    /// Tells every connection the game changed to `table`.
    fn publish(&self, table: &Table) {
        let written = self.state_of(table);
        let _ = self.changes.send(written.message.clone());
    }

    fn presence_into(&self, state: &mut GameState, table: &Table, now: u64) {
        state.claim_after = self.timing.claim_after(table);
        if self.alone {
            state.away.red = table
                .seated(Side::Red)
                .then(|| self.away(Side::Red, now))
                .flatten();
            state.away.black = table
                .seated(Side::Black)
                .then(|| self.away(Side::Black, now))
                .flatten();
        }
    }

    /// How long the player of `side` has had no connection to this game, in milliseconds
    /// (`None` while connected). Known only to a server without other instances.
    pub fn away(&self, side: Side, now: u64) -> Option<u64> {
        if !self.alone {
            return None;
        }
        let presence = self.presence();
        (presence.connected[side.index()] == 0)
            .then(|| now.saturating_sub(presence.since[side.index()]))
    }

    /// How long, in milliseconds, a player must be away before the other may claim.
    pub fn claim_after(&self, table: &Table) -> u64 {
        self.timing.claim_after(table)
    }

    /// True when this instance alone holds the game's connections, so that who is away
    /// is known.
    pub fn alone(&self) -> bool {
        self.alone
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

    fn timer(&self) -> std::sync::MutexGuard<'_, Option<AbortHandle>> {
        self.timer.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Every loaded game, and the store behind them.
pub struct Hub {
    store: Store,
    cells: Mutex<HashMap<String, Arc<Cell>>>,
    started: Instant,
    timing: Timing,
    /// The hub itself, for the clocks' timers.
    me: Weak<Hub>,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, timing: Timing) -> Arc<Hub> {
        Arc::new_cyclic(|me| Hub {
            store,
            cells: Mutex::new(HashMap::new()),
            started: Instant::now(),
            timing,
            me: me.clone(),
        })
    }

    /// The time settings.
    pub fn timing(&self) -> Timing {
        self.timing
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
                let now = now_ms();
                Arc::new(Cell {
                    table: OnceCell::new(),
                    changes: broadcast::channel(BACKLOG).0,
                    used: AtomicU64::new(0),
                    written: Mutex::new(None),
                    presence: Mutex::new(Presence {
                        connected: [0; 2],
                        since: [now; 2],
                        version: 0,
                    }),
                    timer: Mutex::new(None),
                    timing: self.timing,
                    alone: !self.store.shared(),
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
                    Some(stored) => Table::replay(
                        id.to_owned(),
                        &stored.ruleset,
                        &stored.events,
                        self.timing.first_move_ms(),
                    )
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
                let mut table = cell.table().lock().await;
                if self.store.shared() {
                    // Another instance may have moved since this one last heard.
                    self.catch_up(&cell, &mut table).await?;
                }
                let lapsed = table.lapsed(now_ms()).is_some();
                if !lapsed && cell.timer().is_none() {
                    self.arm(&cell, &table, 0);
                }
                drop(table);
                if lapsed {
                    // A clock ran out while nobody had the game loaded (a restart).
                    self.settle(&cell).await;
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

    /// Stores a new game with its first events (its clock, if any, and the creator's
    /// seat), stamped `at`; `false` if the id is taken.
    pub async fn create(
        &self,
        table: &Table,
        events: &[Event],
        at: u64,
    ) -> Result<bool, StoreError> {
        let Some((first, rest)) = events.split_first() else {
            return Ok(false);
        };
        if !self
            .store
            .create(&table.id, &table.ruleset, &first.encode_at(at))
            .await?
        {
            return Ok(false);
        }
        for (seq, event) in (1..).zip(rest) {
            // A game left without its seat by a failure here is never handed out: nobody
            // has its token, and it expires.
            if self
                .store
                .append(&table.id, seq, &event.encode_at(at))
                .await?
                != Appended::Done
            {
                return Err(StoreError(format!(
                    "game {}: could not store its seat",
                    table.id
                )));
            }
        }
        Ok(true)
    }

    /// Starts (or restarts) the timer that ends the game when the time of the side to
    /// move runs out, no sooner than `at_least` milliseconds from now.
    fn arm(&self, cell: &Arc<Cell>, table: &Table, at_least: u64) {
        let mut timer = cell.timer();
        if let Some(old) = timer.take()
            && tokio::task::try_id() != Some(old.id())
        {
            old.abort();
        }
        let (Some((deadline, _)), Some(hub)) = (table.deadline(), self.me.upgrade()) else {
            return;
        };
        let wait = deadline.saturating_sub(now_ms()).max(at_least);
        let cell = cell.clone();
        let task = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(wait)).await;
            hub.settle(&cell).await;
        });
        *timer = Some(task.abort_handle());
    }

    /// Ends the game if the time of the side to move has run out; otherwise (a timer
    /// that woke early, a store that failed) tries again later.
    async fn settle(&self, cell: &Arc<Cell>) {
        match self.act(cell, |_| Err(Refused(String::new()))).await {
            Ok(_) | Err(ActError::Refused(_)) | Err(ActError::Gone) => {}
            Err(ActError::Store(e)) => tracing::warn!("ending a game on time: {e}"),
        }
        let table = cell.table().lock().await;
        self.arm(cell, &table, 1000);
    }

    /// Tells the connections that the game changed, and sets its timer.
    fn changed(&self, cell: &Arc<Cell>, table: &Table) {
        cell.publish(table);
        self.arm(cell, table, 0);
    }

    /// Makes an event happen: `decide` looks at the game as it stands and names the event
    /// (or refuses); the engine checks it, the store commits it, and then everyone
    /// connected is told. Returns the game after it.
    ///
    /// A clock that has run out goes first: the loss on time (or the abort) is stored
    /// before anything else, and `decide` then sees the game over.
    pub async fn act(
        &self,
        cell: &Arc<Cell>,
        decide: impl Fn(&Table) -> Result<Event, Refused>,
    ) -> Result<Table, ActError> {
        cell.used.store(self.now(), Ordering::Relaxed);
        let mut table = cell.table().lock().await;
        // A few tries: with several instances, another may have added an event first.
        for _ in 0..5 {
            let now = now_ms();
            let lapsed = table.lapsed(now);
            let event = match &lapsed {
                Some(event) => event.clone(),
                None => decide(&table)?,
            };
            let mut next = table.clone();
            next.apply_at(&event, Some(now))?;
            match self
                .store
                .append(&table.id, table.events(), &event.encode_at(now))
                .await?
            {
                Appended::Done => {
                    *table = next;
                    self.changed(cell, &table);
                    if lapsed.is_none() {
                        return Ok(table.clone());
                    }
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
    async fn catch_up(&self, cell: &Arc<Cell>, table: &mut Table) -> Result<(), StoreError> {
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
            if next.apply_line(line).is_err() {
                return Err(StoreError(format!(
                    "game {}: stored event {line:?} does not apply",
                    table.id
                )));
            }
        }
        *table = next;
        self.changed(cell, table);
        Ok(())
    }

    /// Replays the table from the store and tells the connections.
    async fn reload(&self, cell: &Arc<Cell>, table: &mut Table) -> Result<(), StoreError> {
        let Some(stored) = self.store.load(&table.id).await? else {
            return Ok(()); // gone: the next action says so
        };
        let replayed = Table::replay(
            table.id.clone(),
            &stored.ruleset,
            &stored.events,
            self.timing.first_move_ms(),
        )
        .ok_or_else(|| StoreError(format!("game {}: its events do not replay", table.id)))?;
        tracing::warn!(
            game = %table.id,
            "the store has {} events where this instance had {}: replayed from the store",
            replayed.events(),
            table.events()
        );
        *table = replayed;
        self.changed(cell, table);
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
                    let heard_mark = Event::decode_at(&h.event).map(|(e, _)| mark(&e.encode()));
                    if heard_mark.is_some() && table.mark_at(h.seq) == heard_mark {
                        continue; // this instance's own event, or one it has already read
                    }
                    self.reload(&cell, &mut table).await
                }
                Some(h) if h.seq == table.events() => {
                    let mut next = table.clone();
                    match next.apply_line(&h.event) {
                        Ok(()) => {
                            *table = next;
                            self.changed(&cell, &table);
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

    /// Forgets loaded games nobody has used for `unused` and nobody listens to, unless
    /// their clock is running (so that every game loaded since the server started ends
    /// on time).
    pub fn unload_unused(&self, unused: Duration) {
        let now = self.now();
        self.cells().retain(|_, cell| {
            cell.changes.receiver_count() > 0
                || cell.timer().is_some()
                || now.saturating_sub(cell.used.load(Ordering::Relaxed)) < unused.as_secs()
        });
    }
}
