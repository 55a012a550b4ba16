//! The computer player of the web app, in a Web Worker: the page's thread keeps drawing
//! and taking taps while the search runs at full speed on a thread of its own (browsers
//! give a page no other). The app (`src/game/computer/worker.rs`) posts a [`Request`] as JSON;
//! `web/worker.js` hands it to [`answer`] and posts the [`Answer`] back.
//!
//! One engine lives for the worker's life, so its table carries over from move to move as
//! on the other platforms. A search cannot be stopped from outside (a worker runs one
//! message at a time); the app ends the worker instead and starts another.

#![deny(missing_docs)]

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
use surakarta_engine::tablebase::{TableRules, Tablebase};
use surakarta_engine::{Game, Position, Record, Ruleset};

pub use surakarta_protocol::worker::{Answer, Request};

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(16));
}

/// Stones on the board at which the worker builds its endgame tables, before it
/// answers: few enough that the game is in its ending, early enough that the tables
/// are there before the last stones.
pub const TABLES_AT: u32 = 8;

/// Stones in all of the positions the worker's tables hold: built in the worker, never
/// downloaded (the web's download is held to 2.5 MB), in about a second (docs/engine.md).
pub const TABLE_STONES: u32 = 4;

/// Gives the engine the endgame tables when `game` has come down to [`TABLES_AT`]
/// stones under rules the tables serve (built once in the worker's life).
fn with_tables(engine: &mut Engine, game: &Game) {
    let standard = TableRules::of(game.rules()).ok() == TableRules::of(&Ruleset::STANDARD).ok();
    if engine.tables().is_none()
        && standard
        && game.position().occupied().count() <= TABLES_AT
        && let Ok(tables) = Tablebase::build(&Ruleset::STANDARD, TABLE_STONES, &mut |_| {})
    {
        engine.set_tables(Some(Arc::new(tables)));
    }
}

fn game_of(record: &str) -> Result<Game, String> {
    let record: Record = record.parse().map_err(|e| format!("{e}"))?;
    record.to_game().map_err(|e| format!("{e}"))
}

/// Answers `request` (JSON), timing itself with `now` (milliseconds on any clock), as JSON.
pub fn answer(request: &str, now: &dyn Fn() -> f64) -> String {
    let answer = match serde_json::from_str::<Request>(request) {
        Ok(request) => solve(&request, now),
        Err(e) => Err(format!("not a request: {e}")),
    }
    .unwrap_or_else(|error| Answer {
        mv: None,
        nodes: 0,
        millis: 0,
        error: Some(error),
    });
    serde_json::to_string(&answer).unwrap_or_else(|_| "{}".to_owned())
}

fn solve(request: &Request, now: &dyn Fn() -> f64) -> Result<Answer, String> {
    let started = now();
    let clock = || Duration::from_secs_f64(((now() - started) / 1000.0).max(0.0));
    let stop = AtomicBool::new(false);
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    let (mv, nodes) = ENGINE.with_borrow_mut(|engine| -> Result<_, String> {
        Ok(match request {
            Request::Move {
                record,
                level,
                seed,
            } => {
                let game = game_of(record)?;
                let level = Level::from_name(level).ok_or_else(|| format!("no level {level:?}"))?;
                // Only Hard plays by the tables (the other levels' strength is measured
                // without them).
                if level == Level::Hard {
                    with_tables(engine, &game);
                }
                let result = engine.choose(&game, level, Limits::default(), *seed, &ctl);
                (result.best, result.nodes)
            }
            Request::Hint { record, millis } => {
                let game = game_of(record)?;
                with_tables(engine, &game);
                let cap = Limits {
                    time: Some(Duration::from_millis((*millis).min(60_000))),
                    ..Limits::default()
                };
                (engine.hint(&game, cap, &ctl).map(|h| h.mv), 0)
            }
            Request::Bench { position, depth } => {
                let position: Position = position.parse().map_err(|e| format!("{e}"))?;
                let game = Game::from_position(position, Default::default());
                with_tables(engine, &game);
                let limits = Limits {
                    depth: Some((*depth).clamp(1, 12)),
                    ..Limits::default()
                };
                let result = engine.search(&game, limits, &ctl, &mut |_| {});
                (result.best, result.nodes)
            }
        })
    })?;
    Ok(Answer {
        mv: mv.map(|m| m.to_string()),
        nodes,
        millis: (now() - started).max(0.0) as u64,
        error: None,
    })
}

/// The worker's entry point (`web/worker.js`): [`answer`] on the worker's clock.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = answer)]
pub fn answer_js(request: &str) -> String {
    answer(request, &js_sys::Date::now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> f64 {
        use std::sync::OnceLock;
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }

    fn ask(request: &Request) -> Answer {
        let json = serde_json::to_string(request).unwrap();
        serde_json::from_str(&answer(&json, &clock)).unwrap()
    }

    #[test]
    fn the_move_a_level_plays_is_a_legal_move_of_the_game_sent() {
        let record = "[Result \"*\"]\n\n1. b2-b3 e5-e4 *\n";
        let game = game_of(record).unwrap();
        for level in ["Easy", "Medium", "Hard"] {
            let a = ask(&Request::Move {
                record: record.into(),
                level: level.into(),
                seed: 3,
            });
            let mv = a.mv.expect("a move");
            assert!(
                game.moves().iter().any(|m| m.to_string() == mv),
                "{level}: {mv}"
            );
            assert!(a.error.is_none());
        }
    }

    #[test]
    fn a_hint_takes_the_capture_that_wins() {
        // Red's only stone can take Black's last one.
        let record = "[Start \"6/6/6/1r2b1/6/6 r 0 0\"]\n[Result \"*\"]\n\n*\n";
        let a = ask(&Request::Hint {
            record: record.into(),
            millis: 500,
        });
        assert_eq!(a.mv.as_deref(), Some("b3xe3"));
    }

    /// In an ending Hard plays by the tables the worker builds for itself: Red (a2, f1)
    /// against d3 wins in three moves, and only by f1's steps (a2-a3 is taken).
    #[test]
    fn in_an_ending_hard_plays_the_tables_move() {
        let record = "[Start \"6/6/6/3b2/r5/5r r 0 0\"]\n[Result \"*\"]\n\n*\n";
        let tables = Tablebase::build(&Ruleset::STANDARD, 3, &mut |_| {}).unwrap();
        let pos: Position = "6/6/6/3b2/r5/5r r 0 0".parse().unwrap();
        let best: Vec<String> = tables
            .best_moves(&pos, None)
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let a = ask(&Request::Move {
            record: record.into(),
            level: "Hard".into(),
            seed: 1,
        });
        let mv = a.mv.expect("a move");
        assert!(best.contains(&mv), "{mv} not in {best:?}");
        assert!(ENGINE.with_borrow(|e| e.tables().is_some_and(|t| t.max_stones() == TABLE_STONES)));
    }

    #[test]
    fn a_bench_searches_the_position_to_the_depth_asked() {
        let a = ask(&Request::Bench {
            position: "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0".into(),
            depth: 4,
        });
        assert!(a.nodes > 1000, "{a:?}");
        assert!(a.mv.is_some());
    }

    #[test]
    fn what_is_not_a_request_or_not_a_game_is_answered_with_why() {
        for bad in [
            "",
            "{",
            "{\"kind\":\"move\"}",
            "{\"kind\":\"move\",\"record\":\"1. z9-z9 *\",\"level\":\"Hard\",\"seed\":1}",
            "{\"kind\":\"move\",\"record\":\"*\",\"level\":\"Godlike\",\"seed\":1}",
            "{\"kind\":\"bench\",\"position\":\"not a position\",\"depth\":3}",
        ] {
            let a: Answer = serde_json::from_str(&answer(bad, &clock)).unwrap();
            assert_eq!(a.mv, None, "{bad}");
            assert!(a.error.is_some(), "{bad}");
        }
    }
}
