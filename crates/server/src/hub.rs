//! The games in play: each loaded game's table, who listens to it, and the one way an
//! event happens (checked by the engine, committed to the store, then told to everyone).

use crate::store::{Appended, Heard, Made, NewGame, Said, Store, StoreError};
use crate::table::clock::now_ms;
use crate::table::{Event, Refused, Table, mark};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

mod cell;

pub use cell::{Cell, Timing, Watching, Written, state_message};

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

/// How often each instance says it runs (the store keeps the latest time any said).
pub const BEAT_EVERY: Duration = Duration::from_millis(500);

/// How long since any instance last said it ran is an outage (no instance ran, or the
/// store was away): the clocks that ran then are given that time back. Three beats: an
/// instance that runs says so well within it, and a server that stopped for less is
/// charged at most this much (a single instance on SQLite is charged nothing when it
/// restarts: no other could have run meanwhile).
pub const OUTAGE_AFTER: Duration = Duration::from_millis(1500);

/// How long outages are kept: longer than a game without an event is kept (30 days by
/// default), and than any clock's turn.
const OUTAGES_KEPT: Duration = Duration::from_secs(45 * 24 * 3600);

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Every loaded game, and the store behind them.
pub struct Hub {
    store: Store,
    cells: Mutex<HashMap<String, Arc<Cell>>>,
    started: Instant,
    timing: Timing,
    /// The hub itself, for the clocks' timers.
    me: Weak<Hub>,
    /// This instance's name among several (Redis): whose connections it writes.
    instance: String,
    /// The outages the store keeps (from, to, oldest first), as the last beat read them.
    outages: Mutex<Arc<[(u64, u64)]>>,
    /// When this instance last said it runs (milliseconds since 1970): the outages are
    /// known while that is less than [`OUTAGE_AFTER`] ago.
    beat_at: AtomicU64,
    /// One beat at a time when the outages must be known before going on.
    beating: tokio::sync::Mutex<()>,
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
            instance: crate::table::new_token()[..16].to_owned(),
            outages: Mutex::new(Arc::from([])),
            beat_at: AtomicU64::new(0),
            beating: tokio::sync::Mutex::new(()),
        })
    }

    /// Says in the store that this instance runs, and reads the outages it keeps; an
    /// outage found (no instance said it ran for more than `gap`, in milliseconds) is
    /// given back to the running clocks of every game loaded here (and to every other
    /// game when it is next loaded, before any loss on time is judged).
    pub async fn beat(&self, gap: u64) -> Result<(), StoreError> {
        let beat = self.store.beat(gap, OUTAGES_KEPT).await?;
        let new = {
            let mut outages = self.outages.lock().unwrap_or_else(|e| e.into_inner());
            let new = beat.outages.iter().any(|o| !outages.contains(o));
            *outages = Arc::from(beat.outages);
            new
        };
        self.beat_at.fetch_max(beat.at, Ordering::AcqRel);
        if new && let Some(hub) = self.me.upgrade() {
            // Each loaded game whose clocks ran then is given the time back now (one
            // loaded later, when it is loaded).
            let cells: Vec<Arc<Cell>> = self.cells().values().cloned().collect();
            for cell in cells.into_iter().filter(|c| c.table.get().is_some()) {
                hub.clone().give_back(cell);
            }
        }
        Ok(())
    }

    /// Gives the outages not given back yet to the game's clocks, in a task of its own.
    fn give_back(self: Arc<Hub>, cell: Arc<Cell>) {
        // Boxed: acting may beat, which may give back again.
        let task: std::pin::Pin<Box<dyn Future<Output = ()> + Send>> = Box::pin(async move {
            let due = cell.table().lock().await.pause_due(&self.outages());
            if due.is_none() {
                return;
            }
            if let Err(ActError::Store(e)) = self.act(&cell, |_| Err(Refused(String::new()))).await
            {
                tracing::warn!("giving an outage back to a game's clocks: {e}");
            }
        });
        tokio::spawn(task);
    }

    /// Says that this instance runs every [`BEAT_EVERY`], from now until the server stops.
    /// The first beat, at the start, finds the outage the start ends: with SQLite any
    /// time since the last beat (no other instance can have run), with Redis more than
    /// [`OUTAGE_AFTER`] (other instances may have run meanwhile).
    pub async fn keep_beating(self: &Arc<Hub>) {
        let first = if self.store.shared() {
            ms(OUTAGE_AFTER)
        } else {
            0
        };
        if let Err(e) = self.beat(first).await {
            tracing::warn!("saying that this instance runs: {e}");
        }
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(BEAT_EVERY);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut failing = false;
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                match hub.beat(ms(OUTAGE_AFTER)).await {
                    Ok(()) if failing => {
                        failing = false;
                        tracing::info!("saying that this instance runs: done again");
                    }
                    Ok(()) => {}
                    Err(e) if !failing => {
                        failing = true;
                        tracing::warn!("saying that this instance runs: {e}");
                    }
                    Err(_) => {}
                }
            }
        });
    }

    /// The outages as last read.
    fn outages(&self) -> Arc<[(u64, u64)]> {
        self.outages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Makes sure the outages are known (this instance said it ran less than
    /// [`OUTAGE_AFTER`] ago, so any outage found since is among them), beating now if
    /// need be: nothing is judged on a clock before its downtime is given back. Fails
    /// when the store is away (nothing changed).
    async fn outages_known(&self) -> Result<(), StoreError> {
        let fresh = || now_ms() < self.beat_at.load(Ordering::Acquire) + ms(OUTAGE_AFTER);
        if fresh() {
            return Ok(());
        }
        let _one = self.beating.lock().await;
        if fresh() {
            return Ok(());
        }
        self.beat(ms(OUTAGE_AFTER)).await.map_err(|mut e| {
            // Only a beat was asked: no player's request has gone to the store.
            if e.unknown() {
                e.kind = crate::store::Failure::Unreachable;
            }
            e
        })
    }

    /// This instance's name among several.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// A seat's first connection on this instance opened or its last closed: everyone
    /// connected is told who is away (with several instances, through Redis: each
    /// instance then reads what all wrote and tells its own connections).
    pub async fn presence_changed(&self, cell: &Arc<Cell>) {
        let Store::Redis(redis) = &self.store else {
            cell.announce().await;
            return;
        };
        let id = cell.table().lock().await.id.clone();
        if let Err(e) = redis
            .set_presence(&self.instance, &id, cell.seated_here())
            .await
        {
            tracing::warn!("game {id}: writing who is connected: {e}");
        }
    }

    /// Reads the other instances' connections to the game (several instances only).
    pub async fn read_presence(&self, cell: &Arc<Cell>) {
        let Store::Redis(redis) = &self.store else {
            return;
        };
        let id = cell.table().lock().await.id.clone();
        match redis.presence(&id, &self.instance).await {
            Ok(others) => cell.others_are(&others, now_ms(), redis.failed_at()),
            Err(e) => tracing::warn!("game {id}: reading who is connected: {e}"),
        }
    }

    /// What another instance said: an event, or that who is connected to a game changed.
    pub async fn said(&self, said: Option<Said>) {
        match said {
            Some(Said::Presence(id)) => {
                let cell = self.cells().get(&id).cloned();
                if let Some(cell) = cell.filter(|c| c.table.get().is_some()) {
                    self.read_presence(&cell).await;
                    cell.announce().await;
                }
            }
            Some(Said::Event(heard)) => self.heard(Some(heard)).await,
            None => self.heard(None).await,
        }
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
            let cell = cells
                .entry(id.to_owned())
                .or_insert_with(|| Arc::new(Cell::new(self.timing, !self.store.shared())));
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
                    .inspect(|table| cell.loaded(table))
                    .map(tokio::sync::Mutex::new)
                    .ok_or_else(|| {
                        Some(StoreError::new(format!(
                            "game {id}: its events do not replay"
                        )))
                    }),
                    None => Err(None),
                }
            })
            .await;
        match loaded {
            Ok(_) => {
                // Nothing is judged on the clocks before the outages are known.
                let known = self.outages_known().await.is_ok();
                if self.store.shared() && !cell.knows_presence() {
                    // Who is connected on the other instances, for claims.
                    self.read_presence(&cell).await;
                }
                let mut table = cell.table().lock().await;
                if self.store.shared() {
                    // Another instance may have moved since this one last heard.
                    self.catch_up(&cell, &mut table).await?;
                }
                // An outage not given back to its clocks yet, or a clock that ran out
                // while nobody had the game loaded (a restart).
                let due = known
                    && (table.pause_due(&self.outages()).is_some()
                        || table.lapsed(now_ms()).is_some());
                if !due && cell.timer().is_none() {
                    self.arm(&cell, &table, 0);
                }
                drop(table);
                if due {
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
                return Err(StoreError::new(format!(
                    "game {}: could not store its seat",
                    table.id
                )));
            }
        }
        Ok(true)
    }

    /// Sets the time the game's timer wakes at: when the time of the side to move runs
    /// out, no sooner than `at_least` milliseconds from now (none once nothing runs).
    ///
    /// One task a game sleeps until then. A move only moves the time it wakes at: a
    /// later time is found when it wakes early, a sooner one wakes it now. (A task
    /// spawned and another aborted at every move showed as about 8% of the server's time
    /// in a profile at 5,000 games: `arm` 3%, spawning 5%.)
    fn arm(&self, cell: &Arc<Cell>, table: &Table, at_least: u64) {
        let wake = table
            .deadline()
            .map(|(deadline, _)| deadline.max(now_ms().saturating_add(at_least)).max(1));
        let mut timer = cell.timer();
        let before = cell.wake.swap(wake.unwrap_or(0), Ordering::AcqRel);
        let Some(wake) = wake else {
            if before != 0 {
                cell.rearmed.notify_one(); // it sees nothing to wait for, and ends
            }
            return;
        };
        if timer.is_some() {
            if wake < before {
                cell.rearmed.notify_one();
            }
            return;
        }
        let Some(hub) = self.me.upgrade() else {
            return;
        };
        let cell = cell.clone();
        let task = tokio::spawn(async move {
            loop {
                let wake = {
                    let mut timer = cell.timer();
                    let wake = cell.wake.load(Ordering::Acquire);
                    if wake == 0 {
                        *timer = None;
                        return;
                    }
                    wake
                };
                let now = now_ms();
                if now < wake {
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_millis(wake - now)) => {}
                        _ = cell.rearmed.notified() => {}
                    }
                    continue;
                }
                hub.settle(&cell).await;
            }
        });
        *timer = Some(task.abort_handle());
    }

    /// Ends the game if the time of the side to move has run out; otherwise (a timer
    /// that woke early, a store that failed) sets the timer again.
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
    /// connected is told. Returns the event (not a copy of the game: a move is the
    /// server's commonest work).
    ///
    /// An outage not yet given back to the clocks goes first (a `pause`), then a clock
    /// that has run out: the loss on time (or the abort) is stored before anything else,
    /// and `decide` then sees the game over.
    pub async fn act(
        &self,
        cell: &Arc<Cell>,
        decide: impl Fn(&Table) -> Result<Event, Refused>,
    ) -> Result<Event, ActError> {
        cell.used.store(self.now(), Ordering::Relaxed);
        self.outages_known().await?;
        let mut table = cell.table().lock().await;
        // A few tries: with several instances, another may have added an event first.
        // The events the clocks call for (a pause an outage at a time, then at most one
        // ending) do not count as tries.
        let mut tries = 0;
        while tries < 5 {
            let now = now_ms();
            let lapsed = table
                .pause_due(&self.outages())
                .or_else(|| table.lapsed(now));
            let event = match &lapsed {
                Some(event) => event.clone(),
                None => decide(&table)?,
            };
            let seq = table.events();
            // A move (the commonest event by far) is played on the table itself and taken
            // back if the store does not take it; anything else is tried on a copy.
            let (played, next) = match event {
                Event::Move(m) => (Some(table.play_at(m, Some(now))?), None),
                _ => {
                    let mut next = table.clone();
                    next.apply_at(&event, Some(now))?;
                    (None, Some(next))
                }
            };
            let appended = self
                .store
                .append(&table.id, seq, &event.encode_at(now))
                .await;
            if !matches!(appended, Ok(Appended::Done))
                && let Some(played) = played
            {
                table.take_back(played);
            }
            match appended? {
                Appended::Done => {
                    if let Some(next) = next {
                        *table = next;
                    }
                    self.changed(cell, &table);
                    if lapsed.is_none() {
                        return Ok(event);
                    }
                }
                Appended::Conflict => {
                    tries += 1;
                    self.catch_up(cell, &mut table).await?;
                }
                Appended::Gone => return Err(ActError::Gone),
            }
        }
        Err(ActError::Refused(Refused(
            "the game changed while your move was on its way; try again".into(),
        )))
    }

    /// Makes an event happen together with a new game, both stored in one step (a
    /// rematch): `decide` looks at the game as it stands and names the event and the new
    /// game with its first events (or refuses). Under the game's lock, and with the
    /// store's check of the index, only one of any number of tries at once makes a game.
    pub async fn act_with_game(
        &self,
        cell: &Arc<Cell>,
        decide: impl Fn(&Table, u64) -> Result<(Event, Table, Vec<Event>), Refused>,
    ) -> Result<Event, ActError> {
        cell.used.store(self.now(), Ordering::Relaxed);
        let mut table = cell.table().lock().await;
        for _ in 0..8 {
            let now = now_ms();
            let (event, new, events) = decide(&table, now)?;
            let mut next = table.clone();
            next.apply_at(&event, Some(now))?;
            let seq = table.events();
            let game = NewGame {
                id: new.id.clone(),
                ruleset: new.ruleset.clone(),
                events: events.iter().map(|e| e.encode_at(now)).collect(),
            };
            match self
                .store
                .append_with_game(&table.id, seq, &event.encode_at(now), &game)
                .await?
            {
                Made::Done => {
                    *table = next;
                    self.changed(cell, &table);
                    return Ok(event);
                }
                Made::Conflict => self.catch_up(cell, &mut table).await?,
                Made::IdTaken => {} // `decide` draws another id
                Made::Gone => return Err(ActError::Gone),
            }
        }
        Err(ActError::Refused(Refused(
            "the game changed while your answer was on its way; try again".into(),
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
                return Err(StoreError::new(format!(
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
        .ok_or_else(|| StoreError::new(format!("game {}: its events do not replay", table.id)))?;
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

    /// Ends a game nobody finished before it expires (`unfinished`: the side to move
    /// loses it, or it ends without a result if nobody had begun); a clock that ran out
    /// ends it first as a loss on time. True when this ended it. A game someone is
    /// connected to here is left alone. The sweep marks it as used first (lib.rs), but
    /// marks are whole seconds: with an expiry of seconds (the tests'), a second that
    /// ticked over between the mark and the sweep's bound put the mark before it.
    pub async fn conclude(&self, id: &str) -> Result<bool, StoreError> {
        let Some(cell) = self.get(id).await? else {
            return Ok(false);
        };
        if cell.changes.receiver_count() > 0 {
            return Ok(false);
        }
        let ended = self
            .act(&cell, |t| {
                if t.over() {
                    Err(Refused(String::new()))
                } else {
                    Ok(Event::Unfinished)
                }
            })
            .await;
        // Loaded only to be looked at: not kept in memory (a sweep may look at many).
        {
            let mut cells = self.cells();
            let unused = cells.get(id).is_some_and(|c| {
                Arc::ptr_eq(c, &cell) && c.changes.receiver_count() == 0 && c.timer().is_none()
            });
            if unused {
                cells.remove(id);
            }
        }
        match ended {
            Ok(_) => Ok(true),
            Err(ActError::Refused(_)) | Err(ActError::Gone) => Ok(false),
            Err(ActError::Store(e)) => Err(e),
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

#[cfg(test)]
mod tests;
