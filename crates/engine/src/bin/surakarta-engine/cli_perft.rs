//! `perft DEPTH [--fen POSITION] [--ruleset ID]`.

use std::time::Instant;
use surakarta_engine::{Position, Ruleset, perft};

const HELP: &str = "\
Usage: surakarta-engine perft DEPTH [--fen POSITION] [--ruleset ID]

Counts the leaves of the legal move tree DEPTH plies deep and prints the count as the last
line of stdout, a bare integer; the time and leaves per second go to stderr. There are no
game-end cut-offs: a side without stones simply has no moves.

  --fen POSITION   start from this position string (default: the start, Red to move)
  --ruleset ID     rule set whose step rule applies (default: standard)";

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(());
    }
    let depth = args
        .first()
        .ok_or_else(|| format!("perft needs a depth\n\n{HELP}"))?
        .parse::<u32>()
        .map_err(|_| format!("the depth must be a whole number, not {:?}", args[0]))?;
    let pos: Position = match crate::flag_value(args, "--fen")? {
        Some(fen) => fen
            .parse()
            .map_err(|e| format!("bad position {fen:?}: {e}"))?,
        None => Position::start(surakarta_engine::Side::Red),
    };
    let rules: Ruleset = match crate::flag_value(args, "--ruleset")? {
        Some(id) => id.parse().map_err(|e| format!("{e}"))?,
        None => Ruleset::default(),
    };
    let started = Instant::now();
    let leaves = perft(&pos, depth, rules.diagonal_steps);
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{leaves} leaves in {secs:.3} s, {:.1} million leaves per second",
        leaves as f64 / secs.max(1e-9) / 1e6
    );
    println!("{leaves}");
    Ok(())
}
