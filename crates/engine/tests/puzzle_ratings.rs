//! The pack's ratings mean something (issue 64): each puzzle is rated by how often the
//! computer's levels solve it (`surakarta-engine puzzles calibrate`), on the scale of the
//! levels' own ratings, so that a solver rated R solves a puzzle rated R about half the
//! time; and the app's Glicko-2 rating of a player, who solves puzzles chosen near it,
//! settles and then moves by no more than about 30 points a puzzle.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
use surakarta_engine::puzzle::{Puzzle, level_solves, solve_chance};

const PACK: &str = include_str!("../../../assets/puzzles/pack.txt");

fn pack() -> Vec<Puzzle> {
    PACK.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.parse().expect("a puzzle"))
        .collect()
}

/// The solvers' ratings as the pack's header gives them (`puzzles calibrate`).
fn solver_ratings() -> Vec<(String, Option<f64>)> {
    let line = PACK
        .lines()
        .find_map(|l| l.strip_prefix("#   the solvers rated "))
        .expect("the header names the solvers' ratings");
    line.trim_end_matches('.')
        .split(", ")
        .map(|s| {
            let (name, rating) = s.split_once(' ').expect("NAME RATING");
            (name.to_owned(), rating.parse().ok())
        })
        .collect()
}

fn level_rating(level: Level) -> f64 {
    solver_ratings()
        .into_iter()
        .find(|(n, _)| n == level.name())
        .and_then(|(_, r)| r)
        .expect("a rated level")
}

#[test]
fn the_ratings_spread_over_the_scale_of_the_levels() {
    let pack = pack();
    let ratings = solver_ratings();
    // Beginner is the scale's beginner, the app's starting rating; the levels climb.
    assert_eq!(level_rating(Level::Beginner), 1000.0);
    let levels: Vec<f64> = ratings.iter().filter_map(|(_, r)| *r).collect();
    assert!(levels.len() >= 6, "{ratings:?}");
    assert!(level_rating(Level::Medium) >= level_rating(Level::Novice) + 300.0);
    // The puzzles: easiest first, from below the first-time player (a puzzle every
    // solver always solves) to above Medium, and between each two neighbours on the
    // ladder from the first-time player to Medium, twenty puzzles or more.
    assert!(pack.windows(2).all(|w| w[0].rating <= w[1].rating));
    let first = f64::from(pack[0].rating);
    let last = f64::from(pack[pack.len() - 1].rating);
    assert!(first < levels[0] - 200.0, "the easiest {first}");
    assert!(last > level_rating(Level::Medium), "the hardest {last}");
    let between = |from: f64, to: f64| {
        pack.iter()
            .filter(|p| (from..to).contains(&f64::from(p.rating)))
            .count()
    };
    let ladder: Vec<f64> = ratings
        .iter()
        .take(Level::Medium.rank() + 1)
        .map(|(_, r)| r.expect("rated"))
        .collect();
    for w in ladder.windows(2) {
        let n = between(w[0], w[1]);
        assert!(n >= 20, "{n} puzzles rated {:.0}-{:.0}", w[0], w[1]);
    }
    let above = between(level_rating(Level::Medium), 4001.0);
    assert!(above >= 10, "{above} puzzles above Medium");
}

/// How often `level` solves the puzzles rated within `near` of its own rating: at most
/// `most` of them, evenly over the pack's order, each tried `runs` times from fixed seeds.
fn solved_near(level: Level, near: f64, most: usize, runs: u64) -> (usize, usize) {
    let own = level_rating(level);
    let close: Vec<Puzzle> = pack()
        .into_iter()
        .filter(|p| (f64::from(p.rating) - own).abs() <= near)
        .collect();
    let step = close.len().div_ceil(most).max(1);
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let clock = || started.elapsed();
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    let (mut solved, mut tried) = (0, 0);
    for p in close.iter().step_by(step) {
        for run in 0..runs {
            let seed = 1000 + run;
            solved += level_solves(&mut engine, level, p, Limits::default(), seed, &ctl) as usize;
            tried += 1;
        }
    }
    (solved, tried)
}

/// On the pack as committed, each of the cheaper levels solves about half of the
/// puzzles rated near its own rating (within 100 points; seeds other than the
/// calibration's). The tolerance: 0.5 +- 0.2 over 60-120 tries.
#[test]
fn a_level_solves_about_half_of_the_puzzles_near_its_rating() {
    for level in [
        Level::Beginner,
        Level::Novice,
        Level::Easy,
        Level::Intermediate,
    ] {
        let (solved, tried) = solved_near(level, 100.0, 40, 3);
        assert!(tried >= 60, "{level:?}: {tried} tries near its rating");
        let rate = solved as f64 / tried as f64;
        println!("{level:?}: {solved} of {tried} near its rating ({rate:.2})");
        assert!(
            (0.3..=0.7).contains(&rate),
            "{level:?}: {solved} of {tried}"
        );
    }
}

/// The app's constants (src/puzzles/stats.rs).
#[derive(Clone, Copy, Debug)]
struct AppRating {
    start: f64,
    start_deviation: f64,
    puzzle_deviation: f64,
    min_deviation: f64,
}

const APP: AppRating = AppRating {
    start: 1000.0,
    start_deviation: 350.0,
    puzzle_deviation: 80.0,
    min_deviation: 45.0,
};

/// What a simulated player's rating did: the moves of each puzzle after the first 50
/// (sorted), the deviation after 50, and how far the rating ended from the strength.
struct Simulated {
    settled_moves: Vec<f64>,
    first_moves: Vec<f64>,
    deviation_at_50: f64,
    end_error: f64,
}

/// Players of fixed true strengths, each solving 200 puzzles picked as the app picks
/// them (any within 60 points of its rating, or of the 8 nearest, none twice), a puzzle rated r solved with
/// [`solve_chance`] (the pack's ratings taken as true), the rating moved by Glicko-2 as
/// the app moves it.
fn simulate(app: AppRating, strengths: &[f64], players: u64) -> Simulated {
    let ratings: Vec<f64> = pack().iter().map(|p| f64::from(p.rating)).collect();
    let mut out = Simulated {
        settled_moves: Vec::new(),
        first_moves: Vec::new(),
        deviation_at_50: 0.0,
        end_error: 0.0,
    };
    let mut n = 0.0;
    for &strength in strengths {
        for player in 0..players {
            let mut rng = SmallRng::seed_from_u64(player ^ strength.to_bits());
            let mut me = Glicko2Rating {
                rating: app.start,
                deviation: app.start_deviation,
                volatility: 0.06,
            };
            let mut played = vec![false; ratings.len()];
            for i in 0..200 {
                let mut near: Vec<(u64, usize)> = (0..ratings.len())
                    .filter(|&j| !played[j])
                    .map(|j| ((ratings[j] - me.rating).abs() as u64, j))
                    .collect();
                near.sort_unstable();
                // Any within 60 points, or of the 8 nearest where fewer are that near.
                let reach = near[near.len().min(8) - 1].0.max(60);
                let within = near.iter().take_while(|(d, _)| *d <= reach).count();
                let j = near[rng.random_range(0..within)].1;
                played[j] = true;
                let solved = rng.random::<f64>() < solve_chance(strength, ratings[j]);
                let puzzle = Glicko2Rating {
                    rating: ratings[j],
                    deviation: app.puzzle_deviation,
                    volatility: 0.06,
                };
                let outcome = if solved {
                    Outcomes::WIN
                } else {
                    Outcomes::LOSS
                };
                let (after, _) = glicko2(&me, &puzzle, &outcome, &Glicko2Config::new());
                let moved = (after.rating.clamp(100.0, 4000.0) - me.rating).abs();
                me = Glicko2Rating {
                    rating: after.rating.clamp(100.0, 4000.0),
                    deviation: after.deviation.clamp(app.min_deviation, 350.0),
                    volatility: after.volatility.clamp(0.01, 0.2),
                };
                if i < 10 {
                    out.first_moves.push(moved);
                }
                if i >= 50 {
                    out.settled_moves.push(moved);
                }
                if i == 49 {
                    out.deviation_at_50 += me.deviation;
                }
            }
            out.end_error += (me.rating - strength).abs();
            n += 1.0;
        }
    }
    out.deviation_at_50 /= n;
    out.end_error /= n;
    out.settled_moves.sort_by(f64::total_cmp);
    out.first_moves.sort_by(f64::total_cmp);
    out
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q) as usize]
}

/// With the app's constants, once settled (after 50 puzzles) the rating moves by no more
/// than about 30 points a puzzle, and it ends near the player's strength. Prints the
/// numbers for the app's constants and others (`cargo test -p surakarta-engine --test
/// puzzle_ratings -- --nocapture`).
#[test]
fn the_players_rating_settles_and_then_moves_little() {
    let strengths = [800.0, 1000.0, 1200.0, 1400.0, 1600.0];
    let mut apps = vec![APP];
    for (start_deviation, puzzle_deviation, min_deviation) in [
        (350.0, 80.0, 60.0),
        (350.0, 80.0, 80.0),
        (350.0, 80.0, 100.0),
        (350.0, 50.0, 45.0),
        (200.0, 80.0, 45.0),
    ] {
        apps.push(AppRating {
            start_deviation,
            puzzle_deviation,
            min_deviation,
            ..APP
        });
    }
    for app in apps {
        let s = simulate(app, &strengths, 40);
        let m = &s.settled_moves;
        let mean = m.iter().sum::<f64>() / m.len() as f64;
        println!(
            "{app:?}: first 10 puzzles: median {:.0}, most {:.0}; after 50: deviation {:.0}, \
             moves mean {mean:.1}, 95% {:.1}, most {:.1}; after 200 {:.0} from the strength",
            quantile(&s.first_moves, 0.5),
            quantile(&s.first_moves, 1.0),
            s.deviation_at_50,
            quantile(m, 0.95),
            quantile(m, 1.0),
            s.end_error,
        );
        if app.min_deviation <= 60.0 {
            assert!(
                quantile(m, 0.95) <= 30.0,
                "{app:?}: 95% of moves {:.1}",
                quantile(m, 0.95)
            );
            assert!(
                s.end_error <= 120.0,
                "{app:?}: {:.0} from the strength",
                s.end_error
            );
        }
    }
}
