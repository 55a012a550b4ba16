//! How often the app's analysis marks a move its own hint gave, with the app's times: games
//! in which one side plays every hint (1,200 ms) against Medium, each analysed at the app's
//! 150 ms a position. Prints each marked hinted move and the count. A measurement, not a
//! test: timed searches differ from run to run.
//!
//! `cargo run --release -p surakarta-engine --example hints_analysed -- GAMES [PLIES [DEPTH]]`
//! With DEPTH, every search is bounded by depth instead of time (the analysis's first look
//! DEPTH plies, the hint as deep as its second look), the same every run.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use surakarta_engine::ai::analysis::{MOVE_TIME, MoveClass, VERIFY_FACTOR, analyse};
use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
use surakarta_engine::{Game, Side};

const HINT_TIME: Duration = Duration::from_millis(1200);

fn timed<R>(f: impl FnOnce(&SearchControl) -> R) -> R {
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let fixed = std::env::args().nth(3).is_some();
    let clock = move || {
        if fixed {
            Duration::ZERO
        } else {
            started.elapsed()
        }
    };
    f(&SearchControl {
        stop: &stop,
        clock: &clock,
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let depth: Option<u32> = args.next().and_then(|a| a.parse().ok());
    let first = match depth {
        Some(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        None => Limits {
            time: Some(MOVE_TIME),
            ..Limits::default()
        },
    };
    let hint_cap = match depth {
        Some(_) => first.scaled(VERIFY_FACTOR),
        None => Limits {
            time: Some(HINT_TIME),
            ..Limits::default()
        },
    };
    let (mut hinted, mut marked) = (0, 0);
    for seed in 1..=games {
        // The hinted side alternates, so both colours' openings are judged.
        let hinted_side = if seed % 2 == 1 {
            Side::Red
        } else {
            Side::Black
        };
        let mut game = Game::default();
        // One engine for the player's hints and the analysis, as in the app.
        let mut engine = Engine::new(16);
        let mut other = Engine::new(16);
        while game.outcome().is_none() && game.history().len() < plies {
            let mv = if game.side_to_move() == hinted_side {
                timed(|ctl| engine.hint(&game, hint_cap, ctl)).map(|h| h.mv)
            } else {
                let cap = depth.map_or(Limits::default(), |_| Limits {
                    depth: Some(3),
                    ..Limits::default()
                });
                timed(|ctl| other.choose(&game, Level::Medium, cap, seed, ctl)).best
            };
            game.try_play(mv.expect("a move")).expect("legal");
        }
        let judged = timed(|ctl| analyse(&mut engine, &game, first, ctl, &mut |_| {}));
        let start_side = Game::default().side_to_move();
        for a in &judged {
            let mover = if a.ply % 2 == 1 {
                start_side
            } else {
                start_side.other()
            };
            if mover != hinted_side {
                continue;
            }
            hinted += 1;
            if a.class >= MoveClass::Inaccuracy {
                marked += 1;
                println!(
                    "game {seed}: ply {} {} {:?} loss {} better {:?} (depth {}/{})",
                    a.ply,
                    a.played,
                    a.class,
                    a.loss,
                    a.best.map(|m| m.to_string()),
                    a.depth_before,
                    a.depth_after
                );
            }
        }
    }
    println!("{marked} of {hinted} hinted moves marked");
}
