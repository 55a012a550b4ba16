//! One game on the server: its events, the game they replay to, and who sits where.
//!
//! A game is stored as the list of its events (a seat taken, a move, a draw offered,
//! accepted or declined, a resignation), each a short line of text. The table replays
//! them through the engine, so what a store holds can never describe an impossible game:
//! an event the engine refuses is refused before it is written.

pub mod clock;
mod event;

use clock::{Clocks, Lapse};
use subtle::ConstantTimeEq;
use surakarta_engine::{EndReason, Game, Move, Outcome, Record, Ruleset, Side};
use surakarta_protocol::online::{ClaimResult, GameState, Seats, TimeControl};

pub use event::{Event, TokenHash, new_game_id, new_token, plausible_id, side_name, token_hash};

/// Why an event cannot happen now. The text goes to the player as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

fn refuse<T>(text: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(text.into()))
}

/// The most events a game may have (a game whose rule set sets no limit could otherwise
/// grow without end); beyond it, only a resignation or an accepted draw is taken.
pub const MAX_EVENTS: u64 = 20_000;

/// How many times each side may offer a rematch after a game.
pub const MAX_REMATCH_OFFERS: u8 = 3;

/// A game at the server: the rules, the events so far and what they add up to.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game's id.
    pub id: String,
    /// The rule set as written in the API and in records.
    pub ruleset: String,
    game: Game,
    seats: [Option<TokenHash>; 2],
    /// When each seat was taken (milliseconds since 1970; 0: not taken, or stored before
    /// events were timed): a player's absence counts from then at the earliest.
    seated_at: [u64; 2],
    draw_offer: Option<Side>,
    /// When the last move was played (milliseconds since 1970; 0: no move, or its time
    /// not known).
    moved_at: u64,
    /// Each side may offer a draw once between two of its moves.
    offered: [bool; 2],
    events: u64,
    /// The clocks, in a game with a time limit.
    clocks: Option<Clocks>,
    /// How long a first move may take in a live game, in milliseconds.
    first_move: u64,
    /// After the game: the side whose rematch offer stands.
    rematch_offer: Option<Side>,
    /// Rematch offers each side has made.
    rematch_offers: [u8; 2],
    /// The rematch's game, once the offer was accepted.
    rematched: Option<String>,
    /// A fingerprint of each event's line, to tell an event heard from another instance
    /// that this table already has from one that differs (the store went back in time
    /// and was written over).
    marks: Vec<u32>,
    /// The end of the latest outage given back to the clocks (a `pause` event), in
    /// milliseconds since 1970: an outage is given back to a game once.
    paused_to: u64,
}

/// What a move changed in a table besides the game's moves: enough to take it back.
#[must_use = "a move the store did not take is taken back with it"]
pub struct Played {
    clocks: Option<Clocks>,
    moved_at: u64,
    offered: [bool; 2],
    draw_offer: Option<Side>,
    events: u64,
    marks: usize,
}

/// A short fingerprint of an event line (FNV-1a).
pub fn mark(line: &str) -> u32 {
    line.bytes().fold(0x811c_9dc5, |h: u32, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

impl Table {
    /// A table with no events yet. `ruleset` must already be known to parse.
    pub fn new(id: String, ruleset: &str) -> Result<Table, Refused> {
        let rules: Ruleset = ruleset
            .parse()
            .map_err(|e| Refused(format!("unknown rule set: {e}")))?;
        Ok(Table {
            id,
            ruleset: rules.to_string(),
            game: Game::new(rules),
            seats: [None, None],
            seated_at: [0; 2],
            draw_offer: None,
            moved_at: 0,
            offered: [false, false],
            events: 0,
            clocks: None,
            first_move: clock::FIRST_MOVE_MS,
            rematch_offer: None,
            rematch_offers: [0; 2],
            rematched: None,
            marks: Vec::new(),
            paused_to: 0,
        })
    }

    /// A table replayed from stored events; `None` when the events do not replay (a
    /// store damaged from outside: such a game is not served).
    pub fn replay(
        id: String,
        ruleset: &str,
        events: &[String],
        first_move_ms: u64,
    ) -> Option<Table> {
        let mut table = Table::new(id, ruleset).ok()?;
        table.first_move_ms(first_move_ms);
        for line in events {
            table.apply_line(line).ok()?;
        }
        Some(table)
    }

    /// Sets how long a first move may take in a live game (the server's setting; it is
    /// not stored with the game).
    pub fn first_move_ms(&mut self, ms: u64) -> &mut Table {
        self.first_move = ms;
        if let Some(clocks) = &mut self.clocks {
            clocks.first_move_ms = ms;
        }
        self
    }

    /// Applies a stored line (an event and its time).
    pub fn apply_line(&mut self, line: &str) -> Result<(), Refused> {
        let (event, at) = Event::decode_at(line).ok_or_else(|| Refused(format!("{line:?}")))?;
        self.apply_at(&event, at)
    }

    /// True once the game has ended, with a result or aborted.
    pub fn over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// When the side to move's time runs out, and what happens then.
    pub fn deadline(&self) -> Option<(u64, Event)> {
        if self.over() {
            return None;
        }
        let clocks = self.clocks.as_ref()?;
        let plies = self.game.history().len();
        let (at, lapse) = clocks.deadline(self.game.side_to_move(), plies)?;
        let event = match lapse {
            Lapse::Flag(side) => Event::Flag(side),
            Lapse::Abort(side) => Event::Abort(side),
        };
        Some((at, event))
    }

    /// The event the clocks call for at `now`: a loss on time or an abort, once the time
    /// of the side to move has run out.
    pub fn lapsed(&self, now: u64) -> Option<Event> {
        self.deadline()
            .filter(|(at, _)| now >= *at)
            .map(|(_, event)| event)
    }

    /// Why the outage from `from` to `to` cannot be given back to this game's clocks: it
    /// has none running, the turn began after it, it was given back already, or the time
    /// had run out before it began.
    fn check_pause(&self, from: u64, to: u64) -> Result<(), Refused> {
        let Some(clocks) = &self.clocks else {
            return refuse("this game has no clock");
        };
        if self.over() {
            return refuse("the game is over");
        }
        if from >= to {
            return refuse("a pause ends after it begins");
        }
        if to <= self.paused_to {
            return refuse("the clocks were given that time back already");
        }
        match clocks.running() {
            Some(turn_from) if turn_from < to => {}
            _ => return refuse("no clock ran then"),
        }
        if self
            .deadline()
            .is_some_and(|(deadline, _)| deadline <= from)
        {
            return refuse("the time had run out before the server stopped");
        }
        Ok(())
    }

    /// The first of `outages` (when no instance of the server ran: from, to, in order)
    /// this game's clocks have not been given back yet, as the event that gives it back.
    pub fn pause_due(&self, outages: &[(u64, u64)]) -> Option<Event> {
        let turn_from = self.clocks.as_ref()?.running()?;
        let floor = turn_from.max(self.paused_to);
        outages
            .iter()
            .filter(|(_, to)| *to > floor)
            .find(|(from, to)| self.check_pause(*from, *to).is_ok())
            .map(|&(from, to)| Event::Pause { from, to })
    }

    /// The game's time limit.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(|c| c.control)
    }

    /// True when both seats are taken.
    pub fn full(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// How many events have been applied: the index the next one is stored at.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// The fingerprint ([`mark`]) of the event at `index`, if there is one.
    pub fn mark_at(&self, index: u64) -> Option<u32> {
        self.marks.get(usize::try_from(index).ok()?).copied()
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The digest of the token that opens `side`'s seat.
    pub fn seat_hash(&self, side: Side) -> Option<TokenHash> {
        self.seats[side.index()]
    }

    /// The side whose rematch offer stands.
    pub fn rematch_offer(&self) -> Option<Side> {
        self.rematch_offer
    }

    /// The rematch's game id, once accepted.
    pub fn rematched(&self) -> Option<&str> {
        self.rematched.as_deref()
    }

    /// The seat the token opens, compared in constant time against both seats.
    pub fn seat_of(&self, token: &str) -> Option<Side> {
        let given = token_hash(token);
        let mut found = None;
        for side in Side::BOTH {
            let stored = self.seats[side.index()].unwrap_or([0; 32]);
            let same: bool = stored.ct_eq(&given).into();
            if same && self.seats[side.index()].is_some() {
                found = Some(side);
            }
        }
        found
    }

    /// True when the seat of `side` is taken.
    pub fn seated(&self, side: Side) -> bool {
        self.seats[side.index()].is_some()
    }

    /// When the seat of `side` was taken (milliseconds since 1970), if known: nobody can
    /// have been away from a seat before it was taken.
    pub fn seated_since(&self, side: Side) -> Option<u64> {
        let at = self.seated_at[side.index()];
        (self.seats[side.index()].is_some() && at > 0).then_some(at)
    }

    /// The seat a joining player gets: Black first if free, else Red.
    pub fn free_seat(&self) -> Option<Side> {
        [Side::Black, Side::Red]
            .into_iter()
            .find(|s| self.seats[s.index()].is_none())
    }

    /// Applies an event without a time (as stored before events were timed; tests).
    pub fn apply(&mut self, event: &Event) -> Result<(), Refused> {
        self.apply_at(event, None)
    }

    /// Plays move `m` at `at` in place, as [`Table::apply_at`] would (nothing changes
    /// when it is refused), and returns what takes it back. Copying a whole game to try a
    /// move on cost as much as the game is long, at every move.
    pub fn play_at(&mut self, m: Move, at: Option<u64>) -> Result<Played, Refused> {
        let played = Played {
            clocks: self.clocks.clone(),
            moved_at: self.moved_at,
            offered: self.offered,
            draw_offer: self.draw_offer,
            events: self.events,
            marks: self.marks.len(),
        };
        self.apply_at(&Event::Move(m), at)?;
        Ok(played)
    }

    /// Takes back the move [`Table::play_at`] played: the table is as it was before it.
    pub fn take_back(&mut self, played: Played) {
        self.game.undo();
        self.game.forget_redo();
        self.clocks = played.clocks;
        self.moved_at = played.moved_at;
        self.offered = played.offered;
        self.draw_offer = played.draw_offer;
        self.events = played.events;
        self.marks.truncate(played.marks);
    }

    /// Applies an event that happens at `at` (milliseconds since 1970) if it can happen
    /// then; otherwise nothing changes.
    pub fn apply_at(&mut self, event: &Event, at: Option<u64>) -> Result<(), Refused> {
        let over = self.over();
        let ending = matches!(
            event,
            Event::Resign(_)
                | Event::Accept(_)
                | Event::Flag(_)
                | Event::Abort(_)
                | Event::Claim(..)
                | Event::Unfinished
                // Not a player's: one an outage, and the clocks must have it.
                | Event::Pause { .. }
        );
        if self.events >= MAX_EVENTS && !ending {
            return refuse("this game is too long: resign or agree a draw");
        }
        let after = matches!(
            event,
            Event::Rematch(_) | Event::DeclineRematch(_) | Event::Rematched(_)
        );
        if over && !after && !matches!(event, Event::Seat(..)) {
            return refuse("the game is over");
        }
        if after && !over {
            return refuse("a rematch is for after the game");
        }
        if after && self.rematched.is_some() {
            return refuse("the rematch has begun already");
        }
        let plies = self.game.history().len();
        let to_move = self.game.side_to_move();
        // Whether the clock of the side to move has run out at `at`.
        let late = match (self.deadline(), at) {
            (Some((deadline, _)), Some(at)) => at >= deadline,
            _ => false,
        };
        match *event {
            Event::Pause { from, to } => {
                self.check_pause(from, to)?;
                if let Some(clocks) = &mut self.clocks {
                    clocks.pause(from, to);
                }
                self.paused_to = to;
            }
            Event::Clock(control) => {
                if self.events != 0 {
                    return refuse("a game's clock is set when it is created");
                }
                control.check().map_err(Refused)?;
                let mut clocks = Clocks::new(control);
                clocks.first_move_ms = self.first_move;
                self.clocks = Some(clocks);
            }
            Event::Seat(side, hash) => {
                if self.seats[side.index()].is_some() {
                    return refuse("that seat is taken");
                }
                self.seats[side.index()] = Some(hash);
                self.seated_at[side.index()] = at.unwrap_or(0);
                if self.full()
                    && let Some(clocks) = &mut self.clocks
                {
                    clocks.start(at);
                }
            }
            Event::Move(m) => {
                if late {
                    return refuse("your time has run out");
                }
                let mover = to_move;
                if let Err(e) = self.game.try_play(m) {
                    return refuse(format!("{m} is not a legal move: {e}"));
                }
                if let Some(clocks) = &mut self.clocks {
                    clocks.moved(mover, plies, at);
                    if self.game.outcome().is_some() {
                        clocks.stop(self.game.side_to_move(), plies + 1, at);
                    }
                }
                self.moved_at = at.unwrap_or(0);
                self.offered[mover.index()] = false;
                // Moving answers an offer made to the mover.
                if self.draw_offer == Some(self.game.side_to_move()) {
                    self.draw_offer = None;
                }
            }
            Event::Offer(side) => {
                if self.draw_offer == Some(side) {
                    return refuse("your draw offer already stands");
                }
                if self.draw_offer == Some(side.other()) {
                    return refuse("your opponent has offered a draw: accept or decline it");
                }
                if self.offered[side.index()] {
                    return refuse("you have offered a draw since your last move; move first");
                }
                self.draw_offer = Some(side);
                self.offered[side.index()] = true;
            }
            Event::Decline(side) | Event::Accept(side) => {
                if self.draw_offer != Some(side.other()) {
                    return refuse("there is no draw offer from your opponent");
                }
                self.draw_offer = None;
                if matches!(event, Event::Accept(_)) {
                    self.stop_clocks(at);
                    self.game.agree_draw();
                }
            }
            Event::Resign(side) => {
                self.draw_offer = None;
                self.stop_clocks(at);
                self.game.resign(side);
            }
            Event::Flag(side) | Event::Abort(side) => {
                let due = self.deadline().is_some_and(|(deadline, due)| {
                    due == *event && at.is_none_or(|at| at >= deadline)
                });
                if !due {
                    return refuse(format!("{}'s time has not run out", side_name(side)));
                }
                self.draw_offer = None;
                if let Event::Flag(side) = *event {
                    if let Some(clocks) = &mut self.clocks {
                        clocks.flagged(side);
                    }
                    self.game.declare(Outcome {
                        winner: Some(side.other()),
                        reason: EndReason::TimeForfeit,
                    });
                } else {
                    self.game.declare(Outcome {
                        winner: None,
                        reason: EndReason::Aborted,
                    });
                }
            }
            Event::Rematch(side) => {
                if !self.full() {
                    return refuse("there is nobody to play a rematch with");
                }
                if self.rematch_offer == Some(side) {
                    return refuse("your rematch offer already stands");
                }
                if self.rematch_offer == Some(side.other()) {
                    return refuse("your opponent offers a rematch: accept or decline it");
                }
                if self.rematch_offers[side.index()] >= MAX_REMATCH_OFFERS {
                    return refuse("you have offered a rematch often enough");
                }
                self.rematch_offers[side.index()] += 1;
                self.rematch_offer = Some(side);
            }
            Event::DeclineRematch(side) => {
                if self.rematch_offer != Some(side.other()) {
                    return refuse("there is no rematch offer from your opponent");
                }
                self.rematch_offer = None;
            }
            Event::Rematched(ref id) => {
                if self.rematch_offer.is_none() {
                    return refuse("there is no rematch offer to accept");
                }
                self.rematch_offer = None;
                self.rematched = Some(id.clone());
            }
            Event::Unfinished => {
                self.draw_offer = None;
                self.stop_clocks(at);
                // Both seated and each has moved: the side to move left the game and
                // loses it. Before that, nobody had begun to play: no result.
                self.game.declare(if self.full() && plies >= 2 {
                    Outcome {
                        winner: Some(to_move.other()),
                        reason: EndReason::Abandoned,
                    }
                } else {
                    Outcome {
                        winner: None,
                        reason: EndReason::Aborted,
                    }
                });
            }
            Event::Claim(side, result) => {
                if !self.full() {
                    return refuse("there is no opponent to claim against yet");
                }
                self.draw_offer = None;
                self.stop_clocks(at);
                self.game.declare(match result {
                    ClaimResult::Win => Outcome {
                        winner: Some(side),
                        reason: EndReason::Abandoned,
                    },
                    ClaimResult::Draw => Outcome {
                        winner: None,
                        reason: EndReason::AbandonedDraw,
                    },
                });
            }
        }
        self.events += 1;
        self.marks.push(mark(&event.encode()));
        Ok(())
    }

    /// The game ends at `at`: the clock of the side to move stops.
    fn stop_clocks(&mut self, at: Option<u64>) {
        let (to_move, plies) = (self.game.side_to_move(), self.game.history().len());
        if let Some(clocks) = &mut self.clocks {
            clocks.stop(to_move, plies, at);
        }
    }

    /// The state the API shows, now.
    pub fn state(&self) -> GameState {
        self.state_at(clock::now_ms())
    }

    /// The last move of the game, if any.
    pub fn last_move(&self) -> Option<surakarta_engine::Move> {
        self.game.history().last().copied()
    }

    /// Moves played.
    pub fn plies(&self) -> usize {
        self.game.history().len()
    }

    /// The state the API shows at `now` (milliseconds since 1970).
    pub fn state_at(&self, now: u64) -> GameState {
        let mut state = self.state_without_record_at(now);
        state.record = Record::from_game(&self.game, "Red", "Black").to_string();
        state
    }

    /// The state at `now` without its record, which is as long as the game: what a
    /// `moved` message carries.
    pub fn state_without_record_at(&self, now: u64) -> GameState {
        let outcome = self.game.outcome();
        let mut state = GameState {
            id: self.id.clone(),
            ruleset: self.ruleset.clone(),
            position: self.game.position().to_string(),
            to_move: side_name(self.game.side_to_move()).into(),
            // An aborted game has no result.
            result: outcome
                .filter(|o| o.reason != EndReason::Aborted)
                .map(|o| o.result_token().into()),
            termination: outcome.map(|o| o.reason.id().into()),
            seats: Seats {
                red: self.seats[Side::Red.index()].is_some(),
                black: self.seats[Side::Black.index()].is_some(),
            },
            draw_offer: self
                .draw_offer
                .filter(|_| !self.over())
                .map(|side| side_name(side).into()),
            plies: self.game.history().len(),
            time_control: self.time_control(),
            rematch_offer: self.rematch_offer.map(|side| side_name(side).into()),
            rematch: self.rematched.clone(),
            ..GameState::default()
        };
        self.time_into(&mut state, now);
        state
    }

    /// Sets what runs with time to what it is at `now`: the clocks, and how long ago the
    /// last move was played.
    pub fn time_into(&self, state: &mut GameState, now: u64) {
        state.last_move_ago = (self.moved_at > 0 && !self.game.history().is_empty())
            .then(|| now.saturating_sub(self.moved_at));
        if let Some(clocks) = &self.clocks {
            let plies = self.game.history().len();
            let (clock, first_move) =
                clocks.show(self.game.side_to_move(), plies, self.over(), now);
            state.clock = Some(clock);
            state.first_move = first_move;
        }
    }
}

#[cfg(test)]
mod tests;
