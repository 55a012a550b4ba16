//! `analyse`: reads a game record on stdin and judges every move with the engine.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use surakarta_engine::ai::analysis;
use surakarta_engine::ai::{Engine, Limits, SearchControl};

const HELP: &str = "\
Usage: surakarta-engine analyse [--movetime MS | --depth N] < GAME.txt

Reads a game record on stdin and searches every position of the game once (default
--movetime 150, each position at most that long; --depth N searches each to N plies
instead, the same on every machine). Prints one JSON object a line for each move:

  {\"ply\":1,\"move\":\"b2-b3\",\"best\":\"c2-c3\",\"eval_before\":12,\"eval_after\":-4,
   \"graph\":0,\"loss\":16,\"class\":\"good\",\"forced\":false,\"verified\":false}

ply counts from 1; best is the engine's move in that position; eval_before and eval_after
are the position's score before and after the move, in hundredths of a stone from the
mover's side (a forced win is 29000 or more, 30000 a game won on the board; negative:
lost); graph is what the app's graph draws after the move, from the same side: the stones
ahead on the board, moved at most 40 by what the search sees beyond them (not at all
under 50), or 30000 won, -30000 lost, 0 drawn where the result is decided (a game
resigned, agreed or lost on time ends at its stones); after a
mistake or a blunder, the value before it less its loss, or the value after the reply
where that is lower (the reply took what the move left); loss is what the move gave
away, on scores capped at ten stones; class is best (the engine's move, or nothing given
away), good, inaccuracy (a loss of at least 40), mistake (60) or blunder (100, or a move
that lets a game that was not lost become lost, or a won game no longer be won); a mark
gives stones away: where a search counting stones alone sees less than a stone lost
beside the better move, the move is good, or an inaccuracy from a loss of 200. A record that cannot be read: `error: ...` and exit status 1.";

/// Reads stdin as a record and prints the analysis; `Ok(Err)` for a bad record.
pub fn run(args: &[String]) -> Result<Result<(), String>, String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(Ok(()));
    }
    let mut limits = Limits {
        depth: None,
        nodes: None,
        time: Some(analysis::MOVE_TIME),
    };
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        match args[i].as_str() {
            "--movetime" => {
                let ms: u64 = value
                    .parse()
                    .ok()
                    .filter(|ms| (1..=3_600_000).contains(ms))
                    .ok_or_else(|| format!("--movetime {value:?}: milliseconds, 1 to 3600000"))?;
                limits = Limits {
                    time: Some(Duration::from_millis(ms)),
                    ..Limits::default()
                };
            }
            "--depth" => {
                let depth: u32 = value
                    .parse()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| format!("--depth {value:?}: plies, 1 to 64"))?;
                limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
            }
            other => return Err(format!("unknown argument {other:?}\n\n{HELP}")),
        }
        i += 2;
    }
    let game = match crate::read_record_stdin()? {
        Ok(game) => game,
        Err(reason) => return Ok(Err(reason)),
    };
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(32);
    let mut out = std::io::stdout().lock();
    let mut failed = None;
    // A steady clock; each position's search counts its time from its own start.
    let started = Instant::now();
    let clock = || started.elapsed();
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    // The moves as settled once all are judged (the app's move list and graph show the
    // same), each a line.
    let plies = analysis::analyse(&mut engine, &game, limits, &ctl, &mut |_| {});
    let graph: std::collections::HashMap<usize, i32> =
        analysis::graph(&game, &plies).into_iter().collect();
    for a in plies {
        use std::io::Write;
        // The graph's value after the move, turned to the mover's side as the scores are.
        let mover = game.positions()[a.ply - 1].side_to_move();
        let shown = graph.get(&a.ply).map(|&red| match mover {
            surakarta_engine::Side::Red => red,
            surakarta_engine::Side::Black => red.saturating_neg(),
        });
        let line = serde_json::json!({
            "ply": a.ply,
            "move": a.played.to_string(),
            "best": a.best.map(|m| m.to_string()),
            "eval_before": a.eval_before,
            "eval_after": a.eval_after,
            "graph": shown,
            "loss": a.loss,
            "class": a.class.id(),
            "forced": a.forced,
            "verified": a.verified,
        });
        if let Err(e) = writeln!(out, "{line}") {
            failed = Some(e);
            break;
        }
    }
    match failed {
        Some(e) => Err(format!("writing: {e}")),
        None => Ok(Ok(())),
    }
}
