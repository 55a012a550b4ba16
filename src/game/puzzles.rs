//! Puzzles apart from how they are shown: the pack (`assets/puzzles/pack.txt`, compiled in
//! so every platform has it offline, the browser too), the player's puzzle rating and record
//! (Glicko-2, by the skillratings crate; saved with the statistics, `persist/`), which
//! puzzle comes next, the puzzle on the board with how it is going, and the player's own
//! puzzles kept from the analysis of their games. The screen that plays them is
//! `screens/puzzle.rs`.

use crate::shell::awake::KeepAwake;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::sync::OnceLock;
use surakarta_engine::puzzle::{Puzzle, Theme, better_move_puzzle};
use surakarta_engine::{Game, Move, Position, Ruleset};

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<KeepPuzzles>()
        .wake_while(|keeping: Res<Keeping>| keeping.busy());
    app.init_resource::<PuzzleStats>()
        .init_resource::<PuzzleRun>()
        .init_resource::<Keeping>()
        .add_message::<KeepPuzzles>()
        .add_systems(Update, (take_keep_requests, check_one_position).chain());
}

const PACK: &str = include_str!("../../assets/puzzles/pack.txt");

/// The pack's puzzles, easiest first, read once. A line that is not a puzzle is left out
/// (the engine's `puzzles verify` and the tests read every line).
pub fn pack() -> &'static [Puzzle] {
    static READ: OnceLock<Vec<Puzzle>> = OnceLock::new();
    READ.get_or_init(|| {
        PACK.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.parse().ok())
            .collect()
    })
}

/// A puzzle's name in the player's record of recent puzzles: a hash of its position and
/// solution, the same whatever the pack's order.
pub fn key_of(puzzle: &Puzzle) -> u32 {
    let text = format!("{} {:?}", puzzle.position, puzzle.moves);
    text.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The rating a new player starts at: the middle of the pack, where a first-timer's
/// puzzles end and the ones that need a look round the loops begin.
pub const START_RATING: f64 = 1000.0;
/// The deviation above which the rating is still a guess (shown with a question mark).
pub const PROVISIONAL: f64 = 110.0;
/// The deviation never goes below this, so the rating keeps following the player.
const MIN_DEVIATION: f64 = 45.0;
/// How sure the pack's ratings are: each puzzle is an opponent of this deviation.
const PUZZLE_DEVIATION: f64 = 80.0;
/// How many puzzles the record of recent ones keeps (they are not offered again soon).
const RECENT: usize = 400;
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
    /// The longest streak.
    pub best_streak: u32,
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
            deviation: 350.0,
            volatility: 0.06,
            solved: 0,
            missed: 0,
            best_streak: 0,
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
        } else {
            self.missed += 1;
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

/// The pack's puzzles of `theme` (all when none), by index.
fn of_theme(theme: Option<Theme>) -> impl Iterator<Item = usize> {
    pack()
        .iter()
        .enumerate()
        .filter(move |(_, p)| theme.is_none_or(|t| p.themes.contains(&t)))
        .map(|(i, _)| i)
}

/// How many of the pack's puzzles have `theme`.
pub fn count_of(theme: Theme) -> usize {
    of_theme(Some(theme)).count()
}

/// A small, well-mixed hash (splitmix64), to pick among equals reproducibly.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The puzzle nearest `target` in rating among `candidates`, picked by `seed` among the
/// few nearest (so the same rating does not always give the same puzzle).
fn nearest(candidates: Vec<usize>, target: f64, seed: u64) -> Option<usize> {
    let mut by_distance: Vec<(u64, usize)> = candidates
        .into_iter()
        .map(|i| ((f64::from(pack()[i].rating) - target).abs() as u64, i))
        .collect();
    by_distance.sort_unstable();
    let few = by_distance.len().min(8);
    (few > 0).then(|| by_distance[(mix(seed) % few as u64) as usize].1)
}

/// The next rated puzzle: of the chosen theme, not played lately, near the player's
/// rating. When every puzzle of the theme was played lately, the lately played ones again.
pub fn next_rated(stats: &PuzzleStats, seed: u64) -> Option<usize> {
    let theme = stats.chosen_theme();
    let fresh: Vec<usize> = of_theme(theme)
        .filter(|&i| !stats.recent.contains(&key_of(&pack()[i])))
        .collect();
    let candidates = if fresh.is_empty() {
        of_theme(theme).collect()
    } else {
        fresh
    };
    nearest(candidates, stats.rating, seed)
}

/// The daily puzzle of `day` (days since 1970): the same for every player that day, one a
/// first-timer would need a moment for (rated 700 or more).
pub fn daily(day: u64) -> Option<usize> {
    let candidates: Vec<usize> = (0..pack().len())
        .filter(|&i| pack()[i].rating >= 700)
        .collect();
    let n = candidates.len() as u64;
    (n > 0).then(|| candidates[(mix(day ^ 0x5EED) % n) as usize])
}

/// The rating a streak's puzzle aims at after `solved` puzzles: rising from the easiest.
pub fn streak_target(solved: u32) -> f64 {
    600.0 + 45.0 * f64::from(solved)
}

/// The next puzzle of a streak that has solved `used.len()` puzzles: not one of them, near
/// the streak's rising target.
pub fn next_in_streak(used: &[usize], seed: u64) -> Option<usize> {
    let candidates: Vec<usize> = (0..pack().len()).filter(|i| !used.contains(i)).collect();
    nearest(candidates, streak_target(used.len() as u32), seed)
}

/// Today, as days since 1 January 1970 (UTC), from the device's clock.
pub fn today() -> u64 {
    crate::platform::now_secs().map_or(0, |s| s / 86_400)
}

/// How the puzzle on the board was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Near the player's rating; counts for it at the first try.
    Rated,
    /// The puzzle of this day; counts for the rating at the first try that day.
    Daily(u64),
    /// One of a streak: puzzles in rising difficulty until the first miss.
    Streak,
    /// One of the player's own, kept from the analysis of their games: not rated.
    Mine,
}

/// Where the player is in the puzzle on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player is finding the solution.
    Solving,
    /// Every move of the solution was played.
    Solved,
    /// The player's move `wrong`, at ply `at` of the solution, was not the one; `reply` is
    /// the engine's refutation once it has been played.
    Missed {
        at: usize,
        wrong: Move,
        reply: Option<Move>,
    },
    /// The solution is being played on the board from ply `from`.
    Showing { from: usize },
    /// The solution was shown.
    Shown,
}

/// How the moves on the board stand against the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The moves so far are the solution's; this one comes next.
    OnTrack(Move),
    /// Every move of the solution was played (or a move ended the game in the player's
    /// favour, which solves any puzzle).
    Done,
    /// The move at this ply left the solution.
    Left(usize),
}

/// The moves played from the puzzle's position, against its solution.
pub fn progress(puzzle: &Puzzle, game: &Game) -> Progress {
    let played = game.history();
    if let Some(at) = played.iter().zip(&puzzle.moves).position(|(a, b)| a != b) {
        let player = puzzle.position.side_to_move();
        let won = game.outcome().is_some_and(|o| o.winner == Some(player));
        return if won && at + 1 == played.len() && at % 2 == 0 {
            Progress::Done
        } else {
            Progress::Left(at)
        };
    }
    match puzzle.moves.get(played.len()) {
        Some(&next) if played.len() <= puzzle.moves.len() => Progress::OnTrack(next),
        _ => Progress::Done,
    }
}

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct OnBoardPuzzle {
    /// Its index in the pack, or among the player's own puzzles for [`Kind::Mine`].
    pub index: usize,
    /// The puzzle itself.
    pub puzzle: Puzzle,
    pub kind: Kind,
    pub state: PuzzleState,
    /// The result has been counted (the rating, the tally, the streak, the daily).
    pub counted: bool,
    /// The rating before and after this puzzle counted, when it did.
    pub rating_change: Option<(i64, i64)>,
    /// A hint was shown: the puzzle counts as missed.
    pub helped: bool,
    /// Tried again after a miss: solving it now does not count.
    pub retried: bool,
}

impl OnBoardPuzzle {
    /// The puzzle itself.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }
}

/// The puzzle on the board (on the puzzle screen) and the streak under way.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PuzzleRun {
    pub current: Option<OnBoardPuzzle>,
    /// The puzzles of the streak under way, solved or on the board.
    pub streak: Vec<usize>,
}

impl PuzzleRun {
    /// Puzzles solved in the streak under way.
    pub fn streak_solved(&self) -> u32 {
        let open = self
            .current
            .as_ref()
            .is_some_and(|c| c.kind == Kind::Streak && c.state != PuzzleState::Solved);
        self.streak.len().saturating_sub(usize::from(open)) as u32
    }

    /// True while the player's taps on the board count: a puzzle being solved.
    pub fn solving(&self) -> bool {
        self.current
            .as_ref()
            .is_none_or(|c| c.state == PuzzleState::Solving)
    }
}

/// The game a puzzle starts: its position in the standard rules (the pack is verified in
/// them).
pub fn game_of(puzzle: &Puzzle) -> Game {
    Game::from_position(puzzle.position, Ruleset::default())
}

/// The depth of the search that checks a position of the player's game as a puzzle of
/// their own: shallow, so that one position a frame keeps the frame short on every
/// platform (as the web's analysis does).
pub const KEEP_DEPTH: u32 = 3;

/// Keep positions of an analysed game (`game`) as puzzles of the player's own: each the
/// position before a mistake and the analysis's better move. Checked one a frame, from
/// the position alone as the puzzle will be played ([`better_move_puzzle`] at
/// [`KEEP_DEPTH`] plies); [`Keeping`] says how many were kept.
#[derive(Message, Clone, Debug)]
pub struct KeepPuzzles {
    pub game: Game,
    pub positions: Vec<(Position, Move)>,
}

/// The positions waiting to be checked, and what came of those checked so far.
#[derive(Resource, Default)]
pub struct Keeping {
    queue: Vec<(Position, Move)>,
    /// The game the positions come from.
    pub source: Option<Game>,
    /// Puzzles kept so far, and positions refused (more than one good move).
    pub kept: usize,
    pub refused: usize,
    engine: Option<surakarta_engine::ai::Engine>,
}

impl Keeping {
    /// True while positions wait to be checked.
    pub fn busy(&self) -> bool {
        !self.queue.is_empty()
    }
}

fn take_keep_requests(mut asked: MessageReader<KeepPuzzles>, mut keeping: ResMut<Keeping>) {
    for KeepPuzzles { game, positions } in asked.read() {
        if keeping.source.as_ref() != Some(game) {
            keeping.queue.clear();
            keeping.kept = 0;
            keeping.refused = 0;
            keeping.source = Some(game.clone());
        } else if !keeping.busy() {
            // The same game again: its puzzles are kept once; counted afresh.
            keeping.kept = 0;
            keeping.refused = 0;
        }
        keeping.queue.extend(positions.iter().cloned());
    }
}

/// Checks one waiting position a frame.
fn check_one_position(mut keeping: ResMut<Keeping>, mut stats: ResMut<PuzzleStats>) {
    if !keeping.busy() {
        return;
    }
    let keeping = &mut *keeping;
    let Some((position, better)) = keeping.queue.pop() else {
        return;
    };
    // A small table: one shallow search at a time.
    let engine = keeping
        .engine
        .get_or_insert_with(|| surakarta_engine::ai::Engine::new(1));
    let stop = std::sync::atomic::AtomicBool::new(false);
    let found = super::search::controlled(&stop, |ctl| {
        better_move_puzzle(engine, &position, better, KEEP_DEPTH, ctl)
    });
    match found {
        Some(puzzle) => {
            stats.keep(&puzzle);
            keeping.kept += 1;
        }
        None => keeping.refused += 1,
    }
    if keeping.queue.is_empty() {
        keeping.engine = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_pack_is_compiled_in() {
        let lines = PACK
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(pack().len(), lines);
        assert!(pack().len() >= 1000);
    }

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
    fn the_next_puzzle_is_near_the_rating_and_not_one_played_lately() {
        let mut stats = PuzzleStats {
            rating: 600.0,
            ..PuzzleStats::default()
        };
        let low = next_rated(&stats, 1).unwrap();
        stats.rating = 1500.0;
        let high = next_rated(&stats, 1).unwrap();
        assert!(pack()[high].rating > pack()[low].rating + 400);
        stats.played(&pack()[high]);
        for seed in 0..20 {
            assert_ne!(next_rated(&stats, seed), Some(high));
        }
        // A theme chosen gives puzzles of that theme only.
        stats.theme = Some("several-loops".into());
        for seed in 0..20 {
            let i = next_rated(&stats, seed).unwrap();
            assert!(pack()[i].themes.contains(&Theme::SeveralLoops));
        }
    }

    #[test]
    fn a_streak_rises_and_never_repeats() {
        let mut used = Vec::new();
        for n in 0..30 {
            let i = next_in_streak(&used, n).unwrap();
            assert!(!used.contains(&i));
            used.push(i);
        }
        let first: u32 = used[..5].iter().map(|&i| pack()[i].rating).sum();
        let last: u32 = used[25..].iter().map(|&i| pack()[i].rating).sum();
        assert!(last > first, "{first} then {last}");
    }

    #[test]
    fn the_daily_puzzle_is_the_same_all_day_and_changes_with_the_day() {
        assert_eq!(daily(20_000), daily(20_000));
        let week: std::collections::BTreeSet<_> = (20_000..20_007).filter_map(daily).collect();
        assert!(week.len() >= 6);
    }

    #[test]
    fn progress_follows_the_solution() {
        let two = pack().iter().find(|p| p.moves.len() == 3).unwrap();
        let mut game = game_of(two);
        assert_eq!(progress(two, &game), Progress::OnTrack(two.moves[0]));
        game.try_play(two.moves[0]).unwrap();
        assert_eq!(progress(two, &game), Progress::OnTrack(two.moves[1]));
        let mut wrong = game_of(two);
        let other = *wrong.moves().iter().find(|m| **m != two.moves[0]).unwrap();
        wrong.try_play(other).unwrap();
        assert_eq!(progress(two, &wrong), Progress::Left(0));
        for &m in &two.moves {
            let _ = game.try_play(m);
        }
        assert_eq!(progress(two, &game), Progress::Done);
    }
}
