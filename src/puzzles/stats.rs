//! The player's puzzle rating and record (Glicko-2, by the skillratings crate; saved with
//! the statistics, `persist/`).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use surakarta_engine::puzzle::{Puzzle, Theme};

/// A puzzle's name in the player's record of recent puzzles: a hash of its position and
/// solution, the same whatever the pack's order.
pub fn key_of(puzzle: &Puzzle) -> u32 {
    let text = format!("{} {:?}", puzzle.position, puzzle.moves);
    text.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The rating a new player starts at: Beginner's on the pack's scale (the levels solving
/// the pack set it: docs/engine.md, "Puzzles"), where a first-timer's puzzles end.
pub const START_RATING: f64 = 1000.0;
/// A new player's deviation: 200, not Glicko-2's usual 350, so that the first puzzles move
/// the rating by at most about 90 points instead of 180 (the engine's simulation of this
/// app's rating; settled, a puzzle moves it by 10-18 points either way).
const START_DEVIATION: f64 = 200.0;
/// The deviation above which the rating is still a guess (shown with a question mark).
pub const PROVISIONAL: f64 = 110.0;
/// The deviation never goes below this, so the rating keeps following the player.
const MIN_DEVIATION: f64 = 45.0;
/// How sure the pack's ratings are: each puzzle is an opponent of this deviation.
const PUZZLE_DEVIATION: f64 = 80.0;
/// How many puzzles the record of played ones keeps: more than the pack, so that no puzzle
/// comes again before every one of its theme was played (then a new round begins).
const RECENT: usize = 2000;
/// How many of the player's own puzzles are kept (the oldest go first).
pub const MINE: usize = 200;

/// The player's puzzle rating and record, saved with the statistics.
#[derive(Resource, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct PuzzleStats {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 rating deviation.
    pub deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Rated puzzles solved at the first try, without a hint.
    pub solved: u32,
    /// Rated puzzles missed (a wrong move, a hint or the solution asked for).
    pub missed: u32,
    /// The most puzzles solved in Streak mode in one streak.
    pub best_streak: u32,
    /// Rated (and daily) puzzles solved at the first try in a row, up to now.
    pub first_tries: u32,
    /// The longest such run.
    pub best_first_tries: u32,
    /// Daily puzzles solved on consecutive days, up to the last one played.
    pub daily_run: u32,
    /// The last daily puzzle played: its day and whether it was solved.
    pub daily: Option<DailyDone>,
    /// The theme chosen for the next puzzles (a theme id); none: any.
    pub theme: Option<String>,
    /// Keys ([`key_of`]) of the puzzles played lately, the newest last.
    pub recent: Vec<u32>,
    /// The player's own puzzles, kept from the analysis of their games (pack lines; one
    /// move, "find the better move"), the oldest first.
    pub mine: Vec<String>,
}

/// The daily puzzle of one day, played.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyDone {
    /// Days since 1 January 1970 (UTC).
    pub day: u64,
    pub solved: bool,
}

impl Default for PuzzleStats {
    fn default() -> Self {
        PuzzleStats {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: 0.06,
            solved: 0,
            missed: 0,
            best_streak: 0,
            first_tries: 0,
            best_first_tries: 0,
            daily_run: 0,
            daily: None,
            theme: None,
            recent: Vec::new(),
            mine: Vec::new(),
        }
    }
}

impl PuzzleStats {
    /// Reads the saved record; anything that is not one (damaged, or from a newer app) gives
    /// a fresh record rather than losing the settings around it. Numbers out of range are
    /// brought back into it.
    pub fn from_saved(value: &serde_json::Value) -> PuzzleStats {
        let read: PuzzleStats = serde_json::from_value(value.clone()).unwrap_or_default();
        let fresh = PuzzleStats::default();
        let within = |x: f64, lo: f64, hi: f64, or: f64| {
            if x.is_finite() { x.clamp(lo, hi) } else { or }
        };
        let mut recent = read.recent;
        let drop = recent.len().saturating_sub(RECENT);
        recent.drain(..drop);
        // A line that is no puzzle (damaged) is left out; the newest are kept.
        let mut mine: Vec<String> = read
            .mine
            .into_iter()
            .filter(|l| l.parse::<Puzzle>().is_ok())
            .collect();
        let drop = mine.len().saturating_sub(MINE);
        mine.drain(..drop);
        PuzzleStats {
            rating: kept_as_written(within(read.rating, 100.0, 4000.0, fresh.rating), 1e3),
            deviation: kept_as_written(
                within(read.deviation, MIN_DEVIATION, 350.0, fresh.deviation),
                1e3,
            ),
            volatility: kept_as_written(within(read.volatility, 0.01, 0.2, fresh.volatility), 1e6),
            theme: read.theme.filter(|t| Theme::from_id(t).is_some()),
            recent,
            mine,
            ..read
        }
    }

    /// True while the rating is still a guess.
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL
    }

    /// The rating as shown: a whole number, with "?" while provisional.
    pub fn shown(&self) -> String {
        let r = self.rating.round() as i64;
        if self.provisional() {
            format!("{r}?")
        } else {
            r.to_string()
        }
    }

    /// The theme chosen for the next puzzles.
    pub fn chosen_theme(&self) -> Option<Theme> {
        self.theme.as_deref().and_then(Theme::from_id)
    }

    /// Counts a rated puzzle: the rating moves (Glicko-2 against the puzzle's rating) and
    /// the tally grows. Returns the rating before and after, rounded.
    pub fn rate(&mut self, puzzle_rating: u32, solved: bool) -> (i64, i64) {
        let before = self.rating.round() as i64;
        let me = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let puzzle = Glicko2Rating {
            rating: f64::from(puzzle_rating),
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        };
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (after, _) = glicko2(&me, &puzzle, &outcome, &Glicko2Config::new());
        if after.rating.is_finite() && after.deviation.is_finite() && after.volatility.is_finite() {
            self.rating = kept_as_written(after.rating.clamp(100.0, 4000.0), 1e3);
            self.deviation = kept_as_written(after.deviation.clamp(MIN_DEVIATION, 350.0), 1e3);
            self.volatility = kept_as_written(after.volatility.clamp(0.01, 0.2), 1e6);
        }
        if solved {
            self.solved += 1;
            self.first_tries += 1;
            self.best_first_tries = self.best_first_tries.max(self.first_tries);
        } else {
            self.missed += 1;
            self.first_tries = 0;
        }
        (before, self.rating.round() as i64)
    }

    /// The player's own puzzle `index`, if it reads.
    pub fn mine(&self, index: usize) -> Option<Puzzle> {
        self.mine.get(index).and_then(|l| l.parse().ok())
    }

    /// Keeps a puzzle of the player's own (once; the oldest goes past [`MINE`]). True
    /// when it is new.
    pub fn keep(&mut self, puzzle: &Puzzle) -> bool {
        let line = puzzle.to_string();
        if self.mine.contains(&line) {
            return false;
        }
        self.mine.push(line);
        let drop = self.mine.len().saturating_sub(MINE);
        self.mine.drain(..drop);
        true
    }

    /// Notes the daily puzzle of `day` played: the run of days grows when the day before's
    /// was solved too.
    pub fn played_daily(&mut self, day: u64, solved: bool) {
        let yesterday = self.daily.is_some_and(|d| d.solved && d.day + 1 == day);
        self.daily_run = match (solved, yesterday) {
            (false, _) => 0,
            (true, true) => self.daily_run + 1,
            (true, false) => 1,
        };
        self.daily = Some(DailyDone { day, solved });
    }

    /// The daily run as it stands today: broken when a day was skipped.
    pub fn daily_run_today(&self, today: u64) -> u32 {
        match self.daily {
            Some(d) if d.solved && (d.day == today || d.day + 1 == today) => self.daily_run,
            _ => 0,
        }
    }

    /// A new round of `theme`'s puzzles (any theme's when none): every one was played, so
    /// they leave the record of recent ones and come again.
    pub fn new_round(&mut self, keys: &[u32]) {
        self.recent.retain(|k| !keys.contains(k));
    }

    /// Notes a puzzle as played lately.
    pub fn played(&mut self, puzzle: &Puzzle) {
        let key = key_of(puzzle);
        self.recent.retain(|k| *k != key);
        self.recent.push(key);
        let drop = self.recent.len().saturating_sub(RECENT);
        self.recent.drain(..drop);
    }
}

/// `x` to the nearest `1 / per` (a thousandth of a rating point, a millionth of the
/// volatility: far below what moves a rating), so that it reads back from the settings
/// file exactly as it was written: a whole number over a power of ten is what JSON's
/// decimal text parses back to the same `f64`, without a slower exact float parser in the
/// download.
fn kept_as_written(x: f64, per: f64) -> f64 {
    (x * per).round() / per
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pack::{mix, pack};

    #[test]
    fn a_solved_puzzle_raises_the_rating_and_a_missed_one_lowers_it() {
        let mut stats = PuzzleStats::default();
        let (before, after) = stats.rate(1000, true);
        assert!(after > before + 50, "{before} -> {after}");
        let mut other = PuzzleStats::default();
        let (b, a) = other.rate(1000, false);
        assert!(a < b - 50, "{b} -> {a}");
        // Solving an easy puzzle gains less than solving a hard one.
        let mut easy = PuzzleStats::default();
        let mut hard = PuzzleStats::default();
        let (_, e) = easy.rate(600, true);
        let (_, h) = hard.rate(1600, true);
        assert!(h > e);
        assert!(stats.deviation < 350.0);
    }

    /// However the rating moved, the settings file gives back exactly what it was given.
    #[test]
    fn the_rating_reads_back_from_the_file_as_it_was_written() {
        let mut stats = PuzzleStats::default();
        for i in 0..400u64 {
            let rating = 600 + (mix(i) % 1300) as u32;
            stats.rate(rating, !mix(i ^ 7).is_multiple_of(3));
            let text = serde_json::to_string(&stats).unwrap();
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(PuzzleStats::from_saved(&value), stats, "{text}");
        }
    }

    #[test]
    fn a_damaged_record_reads_as_a_fresh_one() {
        let fresh = PuzzleStats::default();
        for text in [
            "null",
            "17",
            r#"{"rating": "high"}"#,
            r#"{"rating": 1e308, "deviation": -5, "volatility": 9}"#,
        ] {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            let read = PuzzleStats::from_saved(&v);
            assert!(read.rating.is_finite() && (100.0..=4000.0).contains(&read.rating));
            assert!((MIN_DEVIATION..=350.0).contains(&read.deviation));
            assert!((0.01..=0.2).contains(&read.volatility), "{text}");
        }
        let v = serde_json::json!({"rating": 1234.0, "solved": 3, "theme": "no-such"});
        let read = PuzzleStats::from_saved(&v);
        assert_eq!((read.rating, read.solved, read.theme), (1234.0, 3, None));
        assert_eq!(read.deviation, fresh.deviation);
        // The player's own puzzles: a damaged line is left out, the rest kept in order.
        let good = pack()[0].to_string();
        let v =
            serde_json::json!({"mine": [good, "6/6 r | nonsense | | 9", pack()[1].to_string()]});
        let read = PuzzleStats::from_saved(&v);
        assert_eq!(read.mine, [pack()[0].to_string(), pack()[1].to_string()]);
        assert_eq!(read.mine(1).as_ref(), Some(&pack()[1]));
    }

    #[test]
    fn daily_puzzles_solved_on_following_days_make_a_run() {
        let mut stats = PuzzleStats::default();
        stats.played_daily(100, true);
        stats.played_daily(101, true);
        stats.played_daily(102, true);
        assert_eq!(stats.daily_run, 3);
        assert_eq!(stats.daily_run_today(102), 3);
        // The next day, before it is played, the run still stands; a day later it is gone.
        assert_eq!(stats.daily_run_today(103), 3);
        assert_eq!(stats.daily_run_today(104), 0);
        // A day skipped starts again; a miss ends it.
        stats.played_daily(105, true);
        assert_eq!(stats.daily_run, 1);
        stats.played_daily(106, false);
        assert_eq!((stats.daily_run, stats.daily_run_today(106)), (0, 0));
    }
}
