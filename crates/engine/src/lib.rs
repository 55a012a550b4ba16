//! The rules of Surakarta, its notation, game state and computer opponent.
//!
//! This crate is the one place the rules live: the app, the tutorial and the AI ask it
//! for moves and routes. It knows nothing of screens, files, clocks or threads (the engine
//! protocol's commands are here, in [`protocol`]; its threads are the CLI's).
//!
//! The rules it implements are written out in the repository's `docs/rules.md`: the board,
//! the two circuits and their loops, steps and captures, every rule set and how it ends a
//! game, and the notation of moves, position strings and game records. Where the two
//! disagree one of them is wrong; `tests/rules_doc.rs` holds the document's tables, circuit
//! walks and worked capture against this crate.
//!
//! ```
//! use surakarta_engine::{Game, Move, Position, Ruleset};
//!
//! let mut game = Game::new(Ruleset::default());
//! assert_eq!(game.moves().len(), 16); // no captures at the start
//! game.try_play("b2-b3".parse::<Move>()?)?;
//! assert_eq!(game.position().to_string(), "bbbbbb/bbbbbb/6/1r4/r1rrrr/rrrrrr b 1 1");
//!
//! // A capture runs along the lines and round at least one loop.
//! let pos: Position = "6/6/6/6/b5/1r4 r 0 0".parse()?;
//! let capture: Move = "b1xa2".parse()?;
//! let route = pos.preferred_route(capture).expect("b1 reaches a2 round the a1 loop");
//! assert_eq!(route.loops, 1);
//! assert_eq!(route.points.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod ai;
pub mod circuit;
mod fen;
mod game;
mod moves;
mod position;
pub mod protocol;
pub mod puzzle;
mod record;
mod refusal;
mod ruleset;
mod square;
pub mod tablebase;

pub use circuit::{Circuit, Direction, Loop};
pub use fen::{ParsePositionError, START_FEN};
pub use game::{EndReason, Game, Outcome, PlayError};
pub use moves::{Leg, MAX_MOVES, Move, MoveList, ParseMoveError, Route};
pub use position::{IllegalMove, Position, perft};
pub use record::{ParseRecordError, Record};
pub use refusal::Refusal;
pub use ruleset::{NoMoves, ParseRulesetError, Preset, Ruleset};
pub use square::{Bitboard, ParseSquareError, Side, Square};
