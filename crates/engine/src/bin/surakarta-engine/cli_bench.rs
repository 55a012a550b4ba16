//! `bench`: fixed positions searched to a fixed depth; total nodes and nodes per second.

use std::sync::atomic::AtomicBool;
use std::time::Instant;
use surakarta_engine::ai::{Engine, Limits, SearchControl};
use surakarta_engine::{Game, Position, Ruleset};

const HELP: &str = "\
Usage: surakarta-engine bench [--depth N]

Searches a fixed set of positions (the start, openings, middle games, an ending) to a fixed
depth (default 9), clearing one 64 MB table before each, on one thread, and prints each position's
nodes and the total nodes and nodes per second. The node total is the same on every machine
for the same engine version: a change in it means the search changed.";

/// Positions chosen to cover the game's phases.
pub const POSITIONS: [&str; 6] = [
    "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
    "bbbbbb/b1bbbb/1b4/2r3/rr1rrr/rrrrrr r 2 4",
    "b1bb1b/1b2b1/2br2/1r1b1r/r1r2r/1rr3 r 12 30",
    "1bb3/b2b1b/3r2/1b2r1/r3r1/1r2r1 b 3 41",
    "2b3/1b2b1/6/2r3/1r2r1/6 r 5 70",
    "6/1b4/4b1/6/2r3/r5 b 9 90",
];

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(());
    }
    let depth = match crate::flag_value(args, "--depth")? {
        Some(d) => d
            .parse::<u32>()
            .map_err(|_| format!("--depth needs a number, not {d:?}"))?,
        None => 9,
    };
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let mut searching = std::time::Duration::ZERO;
    let mut engine = Engine::new(64);
    for fen in POSITIONS {
        let pos: Position = fen.parse().map_err(|e| format!("{fen}: {e}"))?;
        let game = Game::from_position(pos, Ruleset::default());
        engine.clear();
        let t = Instant::now();
        let clock = || t.elapsed();
        let ctl = SearchControl {
            stop: &stop,
            clock: &clock,
        };
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = engine.search(&game, limits, &ctl, &mut |_| {});
        let best = r.best.map_or("(none)".to_owned(), |m| m.to_string());
        println!(
            "{fen:<46} depth {} best {best:<6} score {:>6} nodes {:>10} {:>7.3} s",
            r.depth,
            r.score,
            r.nodes,
            t.elapsed().as_secs_f64()
        );
        total_nodes += r.nodes;
        searching += t.elapsed();
    }
    let secs = searching.as_secs_f64();
    println!("total nodes {total_nodes}");
    println!(
        "nodes per second {}",
        (total_nodes as f64 / secs.max(1e-9)) as u64
    );
    Ok(())
}
