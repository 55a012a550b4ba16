//! Fits the network that corrects the linear evaluation (the engine's `src/ai/net.rs`).
//!
//! Every position of every game in the records, from the ninth ply to the last move, is
//! taken to the quiet end of its capture quiescence (as `fit` does) and kept when six or
//! more stones are left (fewer are the endgame tables'). Each is kept twice, as it is and
//! mirrored left to right (the board's loops are the same either way). A game in ten goes
//! to a validation set instead (by default; `VALID=text` takes the files whose names hold
//! that text). The network, 72 inputs, `HIDDEN` units clipped to 0..1 and one output added
//! to the linear evaluation, is fitted by minibatch Adam to the games' results through the
//! logistic curve that fits the linear evaluation alone best; the epoch with the least
//! validation error is kept and written, rounded to the engine's fixed point, as Rust.
//!
//! Settings from the environment: `EPOCHS` (12), `RATE` (0.002: the hidden layer's; the
//! output's is 50 times that, being in hundredths of a stone), `SEED` (1).

use super::{fail, quiesce};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use surakarta_engine::ai::{NET_FEWEST_STONES, net_inputs};
use surakarta_engine::{Record, Ruleset, Side};

/// Hidden units (the engine's `net_weights.rs` is written with this many).
const HIDDEN: usize = 16;
/// The engine's fixed point for the hidden layer and for the output.
const ONE: f32 = 1024.0;
const OUT_SCALE: f32 = 16.0;
/// The largest output weight in the fixed point: the engine sums `HIDDEN` of them times
/// up to `ONE` in an `i32` (16 * 1,024 * 100,000 < 2^31). The hidden layer's weights are
/// `i16`s, and 24 stones' and a bias's worth of them fit an `i32` with room to spare.
const OUT_MAX: f32 = 100_000.0;
/// Plies of each game not learnt from: the match's opening.
const OPENING: usize = 8;

/// Parameters, in this order: the input weights (72 columns of `HIDDEN`), the hidden
/// biases, the output weights, the output bias.
const PARAMS: usize = 72 * HIDDEN + HIDDEN + HIDDEN + 1;
const BIAS: usize = 72 * HIDDEN;
const OUT: usize = BIAS + HIDDEN;

struct Sample {
    /// The inputs that are on (0..72).
    on: Vec<u8>,
    /// The linear evaluation, hundredths of a stone.
    linear: f32,
    /// The result for the side to move.
    result: f32,
}

fn setting(name: &str, default: f64) -> f64 {
    match std::env::var(name) {
        Err(_) => default,
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| fail(format!("{name}={v:?} is not a number"))),
    }
}

/// A 36-point board mirrored left to right.
fn mirrored(stones: u64) -> u64 {
    let mut out = 0;
    for sq in 0..36 {
        if stones >> sq & 1 == 1 {
            out |= 1 << (sq / 6 * 6 + 5 - sq % 6);
        }
    }
    out
}

fn on_inputs(boards: [u64; 2]) -> Vec<u8> {
    let mut on = Vec::with_capacity(24);
    for (half, board) in boards.into_iter().enumerate() {
        for sq in 0..36u8 {
            if board >> sq & 1 == 1 {
                on.push(half as u8 * 36 + sq);
            }
        }
    }
    on
}

/// The games of a file of match records (records separated where a `[Ruleset` header
/// begins one), as their samples.
fn samples(file: &str, diagonal: bool) -> Vec<Vec<Sample>> {
    let text =
        std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("cannot read {file}: {e}")));
    let mut records = vec![String::new()];
    for line in text.lines() {
        if line.starts_with("[Ruleset") && !records.last().is_some_and(|r| r.trim().is_empty()) {
            records.push(String::new());
        }
        let last = records.last_mut().expect("one record at least");
        last.push_str(line);
        last.push('\n');
    }
    let mut games = Vec::new();
    for (n, text) in records.iter().filter(|r| !r.trim().is_empty()).enumerate() {
        let bad = |why: String| format!("{file}, record {}: {why}", n + 1);
        let record: Record = text.parse().unwrap_or_else(|e| fail(bad(format!("{e}"))));
        let game = record
            .to_game()
            .unwrap_or_else(|e| fail(bad(format!("{e}"))));
        if *game.rules() != Ruleset::default() {
            fail(bad("not played under the standard rules".to_owned()));
        }
        let winner = match record.header("Result") {
            Some("1-0") => Some(Side::Red),
            Some("0-1") => Some(Side::Black),
            Some("1/2-1/2") => None,
            _ => continue,
        };
        let positions = game.positions();
        let mut kept = Vec::new();
        for pos in &positions[OPENING.min(positions.len())..positions.len().saturating_sub(1)] {
            let (_, leaf) = quiesce(pos, -1e9, 1e9, diagonal);
            if leaf.stones(leaf.side_to_move()).is_empty()
                || leaf.occupied().count() < NET_FEWEST_STONES
            {
                continue;
            }
            let result = match winner {
                None => 0.5,
                Some(w) if w == leaf.side_to_move() => 1.0,
                Some(_) => 0.0,
            };
            let linear = super::linear(&leaf, diagonal) as f32;
            let boards = net_inputs(&leaf);
            for on in [on_inputs(boards), on_inputs(boards.map(mirrored))] {
                kept.push(Sample { on, linear, result });
            }
        }
        games.push(kept);
    }
    games
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The network's output for `x`, leaving the hidden units' sums in `acc`.
fn forward(p: &[f32], x: &Sample, acc: &mut [f32; HIDDEN]) -> f32 {
    acc.copy_from_slice(&p[BIAS..BIAS + HIDDEN]);
    for &i in &x.on {
        let column = &p[i as usize * HIDDEN..][..HIDDEN];
        for (a, w) in acc.iter_mut().zip(column) {
            *a += w;
        }
    }
    let hidden = acc.iter().map(|a| a.clamp(0.0, 1.0));
    p[PARAMS - 1]
        + hidden
            .zip(&p[OUT..OUT + HIDDEN])
            .map(|(h, w)| h * w)
            .sum::<f32>()
}

/// The mean squared error of the predicted results, with the network `p` (or none).
fn error(p: Option<&[f32]>, k: f32, set: &[Sample]) -> f32 {
    let mut acc = [0.0; HIDDEN];
    let sum: f32 = set
        .iter()
        .map(|x| {
            let out = p.map_or(0.0, |p| forward(p, x, &mut acc));
            (x.result - sigmoid(k * (x.linear + out) / 100.0)).powi(2)
        })
        .sum();
    sum / set.len().max(1) as f32
}

pub fn fit(args: &[String]) {
    let Some((out_path, files)) = args.split_first().filter(|(_, f)| !f.is_empty()) else {
        fail("net OUT.rs RECORDS... : where to write the weights, and match records".to_owned())
    };
    let diagonal = Ruleset::default().diagonal_steps;
    let valid_files = std::env::var("VALID").ok();
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut game_count = 0;
    for file in files {
        for game in samples(file, diagonal) {
            game_count += 1;
            let to_valid = match &valid_files {
                Some(text) => file.contains(text.as_str()),
                None => game_count % 10 == 0,
            };
            if to_valid { &mut valid } else { &mut train }.extend(game);
        }
    }
    if train.is_empty() || valid.is_empty() {
        fail("no positions to learn from or to validate on".to_owned());
    }
    eprintln!(
        "{game_count} games: {} samples to learn from, {} to validate on",
        train.len(),
        valid.len()
    );
    // The logistic curve's slope that fits the linear evaluation alone best.
    let (mut lo, mut hi) = (0.01f32, 5.0f32);
    for _ in 0..60 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if error(None, a, &train) < error(None, b, &train) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    eprintln!(
        "linear evaluation alone: k {k:.4}, error {:.6} (validation {:.6})",
        error(None, k, &train),
        error(None, k, &valid)
    );

    let epochs = setting("EPOCHS", 12.0) as usize;
    let rate = setting("RATE", 0.002) as f32;
    let mut rng = SmallRng::seed_from_u64(setting("SEED", 1.0) as u64);
    let mut p = vec![0f32; PARAMS];
    for w in &mut p[..BIAS] {
        *w = rng.random_range(-0.1..0.1);
    }
    for j in 0..HIDDEN {
        p[BIAS + j] = rng.random_range(0.2..0.6);
        p[OUT + j] = rng.random_range(-5.0..5.0);
    }
    let (mut m, mut v, mut grad) = (vec![0f32; PARAMS], vec![0f32; PARAMS], vec![0f32; PARAMS]);
    let (b1, b2) = (0.9f32, 0.999f32);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut step = 0;
    let mut best = (f32::MAX, p.clone());
    let mut acc = [0.0; HIDDEN];
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for batch in order.chunks(512) {
            grad.fill(0.0);
            for &s in batch {
                let x = &train[s];
                let out = forward(&p, x, &mut acc);
                let q = sigmoid(k * (x.linear + out) / 100.0);
                let d = -2.0 * (x.result - q) * q * (1.0 - q) * k / 100.0 / batch.len() as f32;
                grad[PARAMS - 1] += d;
                for (j, &a) in acc.iter().enumerate() {
                    grad[OUT + j] += d * a.clamp(0.0, 1.0);
                    if a > 0.0 && a < 1.0 {
                        let dh = d * p[OUT + j];
                        grad[BIAS + j] += dh;
                        for &i in &x.on {
                            grad[i as usize * HIDDEN + j] += dh;
                        }
                    }
                }
            }
            step += 1;
            for i in 0..PARAMS {
                m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
                v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
                let mh = m[i] / (1.0 - b1.powi(step));
                let vh = v[i] / (1.0 - b2.powi(step));
                let r = if i >= OUT { rate * 50.0 } else { rate };
                p[i] -= r * mh / (vh.sqrt() + 1e-8);
            }
        }
        let e = error(Some(&p), k, &valid);
        eprintln!(
            "epoch {epoch}: error {:.6} (validation {e:.6})",
            error(Some(&p), k, &train)
        );
        if e < best.0 {
            best = (e, p.clone());
        }
    }
    let p = best.1;
    let q = |x: f32, scale: f32, max: f32| -> i64 {
        let r = (x * scale).round();
        if r.abs() > max {
            fail(format!("a weight {x} does not fit the fixed point"));
        }
        r as i64
    };
    let row = |xs: &[f32], scale: f32, max: f32| -> String {
        let v: Vec<String> = xs.iter().map(|x| q(*x, scale, max).to_string()).collect();
        v.join(", ")
    };
    let mut rust = format!(
        "// Written by `cargo run --release -p surakarta-engine --example tune -- net`: the\n\
         // network of `net.rs`, fitted to {game_count} games (validation error {:.6}; the\n\
         // linear evaluation's alone {:.6}).\n\n\
         pub(super) const HIDDEN: usize = {HIDDEN};\n\
         pub(super) const ONE: i32 = {ONE};\n\
         pub(super) const OUT_SCALE: i32 = {OUT_SCALE};\n\n\
         #[rustfmt::skip]\n\
         pub(super) const INPUT: [[i16; HIDDEN]; 72] = [\n",
        best.0,
        error(None, k, &valid)
    );
    for column in p[..BIAS].chunks(HIDDEN) {
        rust.push_str(&format!("    [{}],\n", row(column, ONE, 32_000.0)));
    }
    rust.push_str(&format!(
        "];\n#[rustfmt::skip]\npub(super) const BIAS: [i16; HIDDEN] = [{}];\n\
         #[rustfmt::skip]\npub(super) const OUTPUT: [i32; HIDDEN] = [{}];\n\
         pub(super) const OUTPUT_BIAS: i32 = {};\n",
        row(&p[BIAS..OUT], ONE, 32_000.0),
        row(&p[OUT..OUT + HIDDEN], OUT_SCALE, OUT_MAX),
        q(p[PARAMS - 1], OUT_SCALE, OUT_MAX)
    ));
    std::fs::write(out_path, rust)
        .unwrap_or_else(|e| fail(format!("cannot write {out_path}: {e}")));
    eprintln!("wrote {out_path}");
}
