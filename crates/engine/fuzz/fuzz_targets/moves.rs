//! A position and moves after it, one a line: each move read or refused, each legal one
//! played, never a panic; a move refused changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surakarta_engine::{Game, Move, Position, Ruleset};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let Some(Ok(start)) = lines.next().map(str::parse::<Position>) else {
        return;
    };
    let mut game = Game::from_position(start, Ruleset::default());
    for line in lines {
        let Ok(m) = line.trim().parse::<Move>() else {
            continue;
        };
        let before = game.clone();
        let legal = game.position().is_legal(m, game.rules().diagonal_steps);
        match game.try_play(m) {
            Ok(()) => assert!(legal, "{m} was played but is not legal"),
            Err(_) => assert_eq!(game, before, "a refused move changed the game"),
        }
        let _ = game.outcome();
        let _ = game.repetitions();
    }
});
