//! A game's clocks, worked out from the times its events were stored at.
//!
//! Nothing ticks: each move's event carries the time it was stored, and the time a side
//! has left is what it had at the start of its turn less the time since. So a server
//! killed and restarted, or another instance reading the same events, has the same
//! clocks.
//!
//! Except for the server's own downtime: when no instance of it ran (or its store was
//! away), the time is given back with a `pause` event ([`Clocks::pause`], and
//! `crate::hub`'s outages), so the side to move is not charged for it either.
//!
//! The clocks start once each side has moved once: until then, the side to move has a
//! short time for its first move ([`Clocks::first_move_ms`]) and a game whose first move
//! does not come is aborted, without a result. Nothing counts before both seats are
//! taken: the creator may make the first move while waiting for the friend, whose first
//! move's time then begins when they join.

use std::time::{SystemTime, UNIX_EPOCH};
use surakarta_engine::Side;
use surakarta_protocol::online::{Clock, TimeControl};

/// A day, in milliseconds.
pub const DAY_MS: u64 = 86_400_000;

/// How long a side may take over its first move in a live game, unless the server is
/// told otherwise.
pub const FIRST_MOVE_MS: u64 = 30_000;

/// Milliseconds since 1970: the time events are stamped with.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// What happens when the time of the side to move runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lapse {
    /// The side lost on time.
    Flag(Side),
    /// The side did not make its first move: the game is aborted.
    Abort(Side),
}

/// The clocks of a game with a time limit.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// The time limit.
    pub control: TimeControl,
    /// Each side's time at the start of its turn, in milliseconds.
    left: [u64; 2],
    /// When the side to move's turn began; `None` until both seats are taken.
    turn_from: Option<u64>,
    /// Both seats are taken: the times count from then.
    started: bool,
    /// How long a live game's first move of each side may take.
    pub first_move_ms: u64,
}

impl Clocks {
    /// Full clocks for `control`.
    pub fn new(control: TimeControl) -> Clocks {
        let full = match control {
            TimeControl::Live { initial, .. } => initial.saturating_mul(1000),
            TimeControl::Correspondence { days } => days.saturating_mul(DAY_MS),
        };
        Clocks {
            control,
            left: [full; 2],
            turn_from: None,
            started: false,
            first_move_ms: FIRST_MOVE_MS,
        }
    }

    /// The time a first move may take.
    fn first_move_limit(&self) -> u64 {
        match self.control {
            TimeControl::Live { .. } => self.first_move_ms,
            TimeControl::Correspondence { days } => days.saturating_mul(DAY_MS),
        }
    }

    /// Both seats are taken at `at`: the turn of the side to move begins then (a move
    /// the creator made while waiting for the friend took no time).
    pub fn start(&mut self, at: Option<u64>) {
        if !self.started {
            self.started = true;
            self.turn_from = at;
        }
    }

    /// When the turn of `to_move` runs out, `plies` moves into the game, and what
    /// happens then; `None` before the game has started.
    pub fn deadline(&self, to_move: Side, plies: usize) -> Option<(u64, Lapse)> {
        let from = self.turn_from.filter(|_| self.started)?;
        Some(if plies < 2 {
            (
                from.saturating_add(self.first_move_limit()),
                Lapse::Abort(to_move),
            )
        } else {
            (
                from.saturating_add(self.left[to_move.index()]),
                Lapse::Flag(to_move),
            )
        })
    }

    /// `mover` moved at `at`, `plies` moves into the game (before the move).
    pub fn moved(&mut self, mover: Side, plies: usize, at: Option<u64>) {
        let Some(at) = at.filter(|_| self.started) else {
            return;
        };
        if plies >= 2 {
            self.charge(mover, at);
            let left = &mut self.left[mover.index()];
            *left = match self.control {
                TimeControl::Live { increment, .. } => {
                    left.saturating_add(increment.saturating_mul(1000))
                }
                TimeControl::Correspondence { days } => days.saturating_mul(DAY_MS),
            };
        }
        self.turn_from = Some(at);
    }

    /// The game ended at `at` with `to_move` to move: its clock stops where it is.
    pub fn stop(&mut self, to_move: Side, plies: usize, at: Option<u64>) {
        if let Some(at) = at
            && plies >= 2
        {
            self.charge(to_move, at);
            self.turn_from = Some(at);
        }
    }

    /// Takes the time since the turn began from `side`'s clock.
    fn charge(&mut self, side: Side, at: u64) {
        if let Some(from) = self.turn_from {
            let used = at.saturating_sub(from);
            let left = &mut self.left[side.index()];
            *left = left.saturating_sub(used);
        }
    }

    /// True while a turn's time (or a first move's) runs: both seats are taken.
    pub fn running(&self) -> Option<u64> {
        self.turn_from.filter(|_| self.started)
    }

    /// The server was down from `from` to `to`: the part of it after the running turn
    /// began does not count (the turn's start moves forward by it). Outages are given in
    /// order and do not overlap, so the start never moves past `to`.
    pub fn pause(&mut self, from: u64, to: u64) {
        if let Some(turn_from) = self.running() {
            let missed = to.saturating_sub(from.max(turn_from));
            self.turn_from = Some(turn_from.saturating_add(missed));
        }
    }

    /// `side` lost on time: its clock shows nothing left.
    pub fn flagged(&mut self, side: Side) {
        self.left[side.index()] = 0;
    }

    /// The clocks at `now`, and the time left for a first move, as the API shows them.
    pub fn show(&self, to_move: Side, plies: usize, over: bool, now: u64) -> (Clock, Option<u64>) {
        let mut left = self.left;
        let mut running = None;
        let mut first_move = None;
        if let (false, true, Some(from)) = (over, self.started, self.turn_from) {
            let used = now.saturating_sub(from);
            if plies >= 2 {
                let side = &mut left[to_move.index()];
                *side = side.saturating_sub(used);
                running = Some(crate::table::side_name(to_move).to_owned());
            } else {
                first_move = Some(self.first_move_limit().saturating_sub(used));
            }
        }
        let clock = Clock {
            red: left[Side::Red.index()],
            black: left[Side::Black.index()],
            running,
        };
        (clock, first_move)
    }
}

/// The stored form of a time limit: `live 180 2` (seconds) or `days 3`.
pub fn encode(control: &TimeControl) -> String {
    match *control {
        TimeControl::Live { initial, increment } => format!("live {initial} {increment}"),
        TimeControl::Correspondence { days } => format!("days {days}"),
    }
}

/// Reads the stored form (the words after `clock`).
pub fn decode<'a>(mut words: impl Iterator<Item = &'a str>) -> Option<TimeControl> {
    let control = match words.next()? {
        "live" => TimeControl::Live {
            initial: words.next()?.parse().ok()?,
            increment: words.next()?.parse().ok()?,
        },
        "days" => TimeControl::Correspondence {
            days: words.next()?.parse().ok()?,
        },
        _ => return None,
    };
    (words.next().is_none() && control.check().is_ok()).then_some(control)
}
