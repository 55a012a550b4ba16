//! Fits the evaluation's weights to the results of self-play games (Texel's method).
//!
//! ```text
//! cargo run --release -p surakarta-engine --example tune -- play GAMES NODES THREADS SEED > games.txt
//! cargo run --release -p surakarta-engine --example tune -- fit games.txt [games2.txt ...]
//! ```
//!
//! `play` plays GAMES games of the engine against itself at NODES nodes a move, each from
//! two to eight random opening plies, on THREADS threads, and prints every position after
//! the opening with the game's result for its side to move (1 win, 0.5 draw, 0 loss).
//! `fit` takes each position to the quiet end of its capture quiescence (the line of
//! captures both sides would play, as the search sees it), then finds the weights that
//! best predict the results through a logistic curve of the evaluation there (least
//! squares, Adam), the first term (a stone, 100) held fixed so that the scale stays. It
//! prints the error with today's weights and with the fitted ones, and the fitted weights
//! as a Rust array for `src/ai/eval.rs`.
//!
//! ```text
//! cargo run --release -p surakarta-engine --example tune -- net src/ai/net_weights.rs records.txt [...]
//! ```
//!
//! `net` fits the network that corrects the linear evaluation (`src/ai/net.rs`) to the
//! games of match records (`surakarta-engine match --records FILE`), and writes its
//! weights as Rust (see the `net` module here).

mod net;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use surakarta_engine::ai::{Engine, Limits, SearchControl, TERM_NAMES, TERMS, WEIGHTS, eval_terms};
use surakarta_engine::{Game, Position, Ruleset};

/// A quiet position's terms and the result for its side to move (1 win, 0.5 draw, 0 loss).
type Sample = ([f64; TERMS], f64);

/// Says what is wrong and ends the program (status 2).
fn fail(message: String) -> ! {
    eprintln!("tune: {message}");
    std::process::exit(2)
}

fn arg(n: usize, default: u64) -> u64 {
    match std::env::args().nth(n) {
        None => default,
        Some(a) => a
            .parse()
            .unwrap_or_else(|_| fail(format!("argument {n}: {a:?} is not a whole number"))),
    }
}

fn play(seed: u64, nodes: u64) -> Vec<(Position, f64)> {
    let rules = Ruleset::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(rules);
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let clock = move || start.elapsed();
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    let opening = rng.random_range(2..=8);
    let mut kept = Vec::new();
    while game.outcome().is_none() {
        let moves = game.moves();
        let m = if game.history().len() < opening {
            moves.as_slice()[rng.random_range(0..moves.len())]
        } else {
            kept.push(*game.position());
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let found = engine.search(&game, limits, &ctl, &mut |_| {});
            match found.best {
                Some(m) => m,
                None => break,
            }
        };
        if game.try_play(m).is_err() {
            break;
        }
    }
    let winner = game.outcome().and_then(|o| o.winner);
    kept.into_iter()
        .map(|pos| {
            let result = match winner {
                None => 0.5,
                Some(w) if w == pos.side_to_move() => 1.0,
                Some(_) => 0.0,
            };
            (pos, result)
        })
        .collect()
}

fn predict(w: &[f64; TERMS], k: f64, x: &[f64; TERMS]) -> f64 {
    let s: f64 = w.iter().zip(x).map(|(w, x)| w * x).sum();
    1.0 / (1.0 + (-k * s / 100.0).exp())
}

fn error(samples: &[Sample], w: &[f64; TERMS], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|(x, r)| (r - predict(w, k, x)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `k` that fits `w` best (a golden-section search).
fn best_k(samples: &[Sample], w: &[f64; TERMS]) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 5.0f64);
    for _ in 0..60 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The evaluation's terms weighed by today's [`WEIGHTS`], without the network's correction
/// (what the network corrects).
fn linear(pos: &Position, diagonal: bool) -> f64 {
    let terms = eval_terms(pos, diagonal);
    f64::from(terms.iter().zip(WEIGHTS).map(|(t, w)| t * w).sum::<i32>())
}

/// The capture quiescence's score of `pos` (the linear evaluation's) for its side to move,
/// and the position where its line ends.
fn quiesce(pos: &Position, mut alpha: f64, beta: f64, diagonal: bool) -> (f64, Position) {
    let stand = linear(pos, diagonal);
    if pos.stones(pos.side_to_move()).is_empty() {
        return (-100_000.0, *pos);
    }
    if stand >= beta {
        return (stand, *pos);
    }
    let mut best = (stand, *pos);
    alpha = alpha.max(stand);
    for m in pos.moves_with(diagonal).iter().filter(|m| m.capture) {
        let (score, leaf) = quiesce(&pos.after(*m), -beta, -alpha, diagonal);
        if -score > best.0 {
            best = (-score, leaf);
        }
        if -score >= beta {
            break;
        }
        alpha = alpha.max(-score);
    }
    best
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    if mode == "play" {
        return play_games();
    }
    if mode == "net" {
        return net::fit(&std::env::args().skip(2).collect::<Vec<_>>());
    }
    let diagonal = Ruleset::default().diagonal_steps;
    let mut samples: Vec<Sample> = Vec::new();
    for file in std::env::args().skip(2) {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| fail(format!("cannot read {file}: {e}")));
        for (n, line) in text.lines().enumerate() {
            let bad = |why: String| format!("{file} line {}: {why}", n + 1);
            let (fen, result) = line
                .rsplit_once(' ')
                .unwrap_or_else(|| fail(bad("not a position and a result".to_owned())));
            let pos: Position = fen.parse().unwrap_or_else(|e| fail(bad(format!("{e}"))));
            let result: f64 = match result.parse() {
                Ok(r) if [0.0, 0.5, 1.0].contains(&r) => r,
                _ => fail(bad(format!("{result:?} is not a result (1, 0.5 or 0)"))),
            };
            let (_, leaf) = quiesce(&pos, -1e9, 1e9, diagonal);
            if leaf.stones(leaf.side_to_move()).is_empty() {
                continue;
            }
            // The leaf's side to move may be the other side.
            let result = if leaf.side_to_move() == pos.side_to_move() {
                result
            } else {
                1.0 - result
            };
            samples.push((eval_terms(&leaf, diagonal).map(f64::from), result));
        }
    }
    if samples.is_empty() {
        fail("no positions: give files written by `tune play`".to_owned());
    }
    eprintln!("{} positions", samples.len());

    let today = WEIGHTS.map(f64::from);
    let k0 = best_k(&samples, &today);
    let e0 = error(&samples, &today, k0);
    eprintln!("today's weights: k {k0:.4}, error {e0:.6}");

    // Adam on the weights (the first fixed) and k, full batch.
    let mut w = today;
    let mut k = k0;
    let n = samples.len() as f64;
    let (mut m, mut v) = ([0.0f64; TERMS + 1], [0.0f64; TERMS + 1]);
    let (b1, b2, rate) = (0.9f64, 0.999f64, 0.5f64);
    for step in 1..=3000 {
        let mut grad = [0.0f64; TERMS + 1];
        for (x, r) in &samples {
            let s: f64 = w.iter().zip(x).map(|(w, x)| w * x).sum();
            let p = 1.0 / (1.0 + (-k * s / 100.0).exp());
            let d = -2.0 * (r - p) * p * (1.0 - p) / n;
            for i in 1..TERMS {
                grad[i] += d * k * x[i] / 100.0;
            }
            grad[TERMS] += d * s / 100.0;
        }
        for i in 1..=TERMS {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(step));
            let vh = v[i] / (1.0 - b2.powi(step));
            let delta = rate * mh / (vh.sqrt() + 1e-12);
            if i < TERMS {
                w[i] -= delta;
            } else {
                k -= delta * 0.001;
            }
        }
        if step % 500 == 0 {
            eprintln!("step {step}: k {k:.4}, error {:.6}", error(&samples, &w, k));
        }
    }
    let rounded = w.map(|x| x.round());
    let k1 = best_k(&samples, &rounded);
    eprintln!(
        "fitted weights: k {k1:.4}, error {:.6} (today's {e0:.6})",
        error(&samples, &rounded, k1)
    );
    for (name, (old, new)) in TERM_NAMES.iter().zip(today.iter().zip(rounded)) {
        eprintln!("  {name:<40} {old:>6} -> {new:>6}");
    }
    let list: Vec<String> = rounded.iter().map(|x| format!("{x}")).collect();
    println!("pub const WEIGHTS: [i32; TERMS] = [{}];", list.join(", "));
}

fn play_games() {
    let games = arg(2, 2000);
    let nodes = arg(3, 30_000);
    let threads = arg(4, 2).max(1);
    let seed = arg(5, 1);
    let started = Instant::now();
    let positions: Vec<(Position, f64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut out = Vec::new();
                    let mut g = t;
                    while g < games {
                        out.extend(play(seed.wrapping_mul(1_000_003).wrapping_add(g), nodes));
                        g += threads;
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play thread"))
            .collect()
    });
    for (pos, result) in &positions {
        println!("{pos} {result}");
    }
    eprintln!(
        "{games} games, {} positions, {:.0} s",
        positions.len(),
        started.elapsed().as_secs_f64()
    );
}
