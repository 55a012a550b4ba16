//! `cargo bench -p surakarta-engine`: perft and move generation speed on one core.
//!
//! Plain timing, no harness: each figure is the best of a few runs.

use std::hint::black_box;
use std::time::{Duration, Instant};
use surakarta_engine::{Position, Side, perft};

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = black_box(f());
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (out.expect("at least one run"), best)
}

fn main() {
    let start = Position::start(Side::Red);
    for depth in [5, 6] {
        let (leaves, t) = best_of(3, || perft(&start, depth, true));
        println!(
            "perft {depth} from the start: {leaves} leaves in {:.3} s ({:.1} M leaves/s)",
            t.as_secs_f64(),
            leaves as f64 / t.as_secs_f64() / 1e6
        );
    }

    let middle: Position = "b1bb1b/1b2b1/2br2/1r1b1r/r1r2r/1rr3 r 12 30"
        .parse()
        .expect("valid");
    let (leaves, t) = best_of(3, || perft(&middle, 5, true));
    println!(
        "perft 5 from a middle game: {leaves} leaves in {:.3} s ({:.1} M leaves/s)",
        t.as_secs_f64(),
        leaves as f64 / t.as_secs_f64() / 1e6
    );

    let n = 2_000_000;
    let (count, t) = best_of(3, || {
        let mut total = 0;
        for _ in 0..n {
            total += black_box(&middle).moves().len();
        }
        total
    });
    println!(
        "move list of a middle game: {:.0} ns each ({} moves)",
        t.as_nanos() as f64 / n as f64,
        count / n
    );
}
