//! Any text as a session of the engine protocol, a command a line: every line answered
//! or refused with an error line, never a panic; every search it starts (run here, in
//! place, with a small node budget) answers with a legal move of the game it was given,
//! or with none only where that game has no move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use surakarta_engine::ai::{Engine, Limits, SearchControl};
use surakarta_engine::protocol::{Protocol, Step};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut protocol = Protocol::new();
    let mut engine = Engine::new(1);
    let mut out = Vec::new();
    for line in text.lines().take(64) {
        out.clear();
        match protocol.command(line, false, &mut out) {
            Step::Search(search) => {
                let mut search = *search;
                // Bounded, whatever go asked: the target must keep up its pace.
                search.cap = search.cap.min(Limits {
                    depth: Some(3),
                    nodes: Some(2_000),
                    time: None,
                });
                let stop = AtomicBool::new(false);
                let clock = || Duration::ZERO;
                let ctl = SearchControl {
                    stop: &stop,
                    clock: &clock,
                };
                let best = search.run(&mut engine, &ctl, &mut |_| {});
                let moves = search.game.moves();
                match best {
                    Some(m) => assert!(moves.iter().any(|x| *x == m), "{m} is not legal"),
                    None => assert!(
                        moves.is_empty() || search.game.outcome().is_some(),
                        "no move where there is one"
                    ),
                }
            }
            Step::Quit => return,
            Step::Nothing | Step::Stop | Step::ClearMemory => {}
        }
        for answer in &out {
            assert!(!answer.contains('\n'), "one line per answer");
        }
    }
});
