//! The pack (`assets/puzzles/pack.txt`, compiled in so every platform has it offline, the
//! browser too) and which of its puzzles comes next: near the player's rating, the daily
//! one, a streak's.

use super::stats::PuzzleStats;
pub use super::stats::key_of;
use std::sync::OnceLock;
use surakarta_engine::puzzle::{Puzzle, Theme};

/// The pack as compiled in: its lines' four fields as four columns (`build.rs`).
const PACK: &str = include_str!(concat!(env!("OUT_DIR"), "/pack.columns"));

/// The pack's puzzles, easiest first, read once. A line that is not a puzzle is left out
/// (the engine's `puzzles verify` and the tests read every line).
pub fn pack() -> &'static [Puzzle] {
    static READ: OnceLock<Vec<Puzzle>> = OnceLock::new();
    READ.get_or_init(|| {
        let mut columns = PACK.split("#\n").map(str::lines);
        let mut next = || columns.next().into_iter().flatten();
        let (positions, moves, themes, ratings) = (next(), next(), next(), next());
        positions
            .zip(moves)
            .zip(themes)
            .zip(ratings)
            .filter_map(|(((p, m), t), r)| format!("{p} | {m} | {t} | {r}").parse().ok())
            .collect()
    })
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
pub(super) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Rating points either side of the target within which any puzzle may come.
const NEAR: u64 = 60;

/// A puzzle near `target` in rating among `candidates`, picked by `seed`: any of those
/// within [`NEAR`] points (or of the eight nearest, where fewer are that near). Puzzles of
/// one rating are many (a calibrated rating is shared by every puzzle the measuring levels
/// solved alike), so the nearest eight alone were all of one rating, and the first of it
/// in the pack, where the lines of one idea stand together.
fn nearest(candidates: Vec<usize>, target: f64, seed: u64) -> Option<usize> {
    let mut by_distance: Vec<(u64, usize)> = candidates
        .into_iter()
        .map(|i| ((f64::from(pack()[i].rating) - target).abs() as u64, i))
        .collect();
    by_distance.sort_unstable();
    let few = by_distance.len().min(8);
    let reach = by_distance.get(few.checked_sub(1)?)?.0.max(NEAR);
    let near = by_distance.iter().take_while(|(d, _)| *d <= reach).count();
    Some(by_distance[(mix(seed) % near as u64) as usize].1)
}

/// What a puzzle's idea looks like from the outside: the player's first move and the
/// solution's last. Lines of one idea in different corners of the pack share it.
fn idea(puzzle: &Puzzle) -> (surakarta_engine::Move, Option<surakarta_engine::Move>) {
    (puzzle.moves[0], puzzle.moves.last().copied())
}

/// How many of the puzzles played last have their idea kept from coming again soon.
const IDEAS_KEPT_APART: usize = 12;

/// The next rated puzzle: of the chosen theme, not played yet in this round, near the
/// player's rating, and not the idea of one of the last few played (while others are
/// left). When every puzzle of the theme has been played the round is over
/// ([`round_over`]): the played ones again. Never `shown`, the pack's puzzle on the board,
/// while another is left.
pub fn next_rated(stats: &PuzzleStats, seed: u64, shown: Option<usize>) -> Option<usize> {
    let theme = stats.chosen_theme();
    let fresh: Vec<usize> = of_theme(theme)
        .filter(|&i| !stats.recent.contains(&key_of(&pack()[i])))
        .collect();
    let mut candidates: Vec<usize> = if fresh.is_empty() {
        of_theme(theme).collect()
    } else {
        fresh
    };
    // The puzzle on the board, left untried, is not "next" (it came back each time).
    if candidates.len() > 1 {
        candidates.retain(|&i| Some(i) != shown);
    }
    let lately: Vec<u32> = stats
        .recent
        .iter()
        .rev()
        .take(IDEAS_KEPT_APART)
        .copied()
        .collect();
    let seen: Vec<_> = pack()
        .iter()
        .filter(|p| lately.contains(&key_of(p)))
        .map(idea)
        .collect();
    let new_ideas: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| !seen.contains(&idea(&pack()[i])))
        .collect();
    if new_ideas.is_empty() {
        nearest(candidates, stats.rating, seed)
    } else {
        nearest(new_ideas, stats.rating, seed)
    }
}

/// True when every puzzle of the chosen theme (of the pack, with none chosen) has been
/// played in this round.
pub fn round_over(stats: &PuzzleStats) -> bool {
    of_theme(stats.chosen_theme()).all(|i| stats.recent.contains(&key_of(&pack()[i])))
}

/// The keys of the chosen theme's puzzles (of the pack's, with none chosen).
pub fn theme_keys(stats: &PuzzleStats) -> Vec<u32> {
    of_theme(stats.chosen_theme())
        .map(|i| key_of(&pack()[i]))
        .collect()
}

/// The daily puzzle of `day` (days since 1970): the same for every player that day, one a
/// first-timer would need a moment for (rated above the first-time player's 832 on the
/// pack's scale: docs/engine.md, "Puzzles").
pub fn daily(day: u64) -> Option<usize> {
    let candidates: Vec<usize> = (0..pack().len())
        .filter(|&i| pack()[i].rating >= DAILY_FROM)
        .collect();
    let n = candidates.len() as u64;
    (n > 0).then(|| candidates[(mix(day ^ 0x5EED) % n) as usize])
}

/// The lowest rating of a daily puzzle.
const DAILY_FROM: u32 = 850;

/// The rating a streak's puzzle aims at after `solved` puzzles: rising from the easiest
/// (the pack's scale: the first-time player 832, Beginner 1000, Easy 1501), past Easy's
/// puzzles after about twenty.
pub fn streak_target(solved: u32) -> f64 {
    500.0 + 50.0 * f64::from(solved)
}

/// The next puzzle of a streak that has solved `used.len()` puzzles: not one of them, near
/// the streak's rising target.
pub fn next_in_streak(used: &[usize], seed: u64) -> Option<usize> {
    let candidates: Vec<usize> = (0..pack().len()).filter(|i| !used.contains(i)).collect();
    nearest(candidates, streak_target(used.len() as u32), seed)
}

/// A day (days since 1970) as the player's language writes a date.
pub fn day_words(day: u64, strings: &crate::ui::i18n::Strings) -> String {
    let (date, _) = crate::game::record_words::date_time(day.saturating_mul(86_400));
    crate::game::record_words::date_words(&date, strings)
}

/// Today, as days since 1 January 1970 (UTC), from the device's clock.
pub fn today() -> u64 {
    crate::platform::now_secs().map_or(0, |s| s / 86_400)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every puzzle line of `assets/puzzles/pack.txt` comes back whole from the columns
    /// it is compiled in as, in its order.
    #[test]
    fn the_whole_pack_is_compiled_in() {
        let file = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles/pack.txt"),
        )
        .unwrap();
        let lines: Vec<Puzzle> = file
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.parse().unwrap())
            .collect();
        assert_eq!(pack(), &lines[..]);
        assert!(pack().len() >= 1000);
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_and_not_one_played_lately() {
        let mut stats = PuzzleStats {
            rating: 600.0,
            ..PuzzleStats::default()
        };
        let low = next_rated(&stats, 1, None).unwrap();
        stats.rating = 1500.0;
        let high = next_rated(&stats, 1, None).unwrap();
        assert!(pack()[high].rating > pack()[low].rating + 400);
        stats.played(&pack()[high]);
        for seed in 0..20 {
            assert_ne!(next_rated(&stats, seed, None), Some(high));
        }
        // A theme chosen gives puzzles of that theme only.
        stats.theme = Some("several-loops".into());
        for seed in 0..20 {
            let i = next_rated(&stats, seed, None).unwrap();
            // The puzzle on the board, untried, is not the next one.
            let other = next_rated(&stats, seed, Some(i)).unwrap();
            assert_ne!(other, i, "seed {seed}");
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
}
