//! The tutorial's lessons: each a position from the engine's position strings and one
//! thing to do in it, judged by the engine. The screen that teaches them is
//! `screens/lesson.rs`.

use bevy::prelude::*;
use std::collections::BTreeSet;
use surakarta_engine::{Game, Move, Position, Ruleset, Square};

/// What a lesson asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Any step.
    AnyStep,
    /// Tap (select) the stone on this point.
    Select(&'static str),
    /// Capture the stone on this point, with any stone.
    CaptureOn(&'static str),
    /// This capture.
    Capture(&'static str),
    /// A step by a stone other than the one on `victim` after which the opponent can
    /// capture nothing: the route is blocked.
    Block { victim: &'static str },
    /// Move a stone into a corner.
    Corner,
    /// A move that wins the game.
    Win,
}

/// One lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Names its strings (`tut.<id>.title`, `.ask`, `.done`, `.wrong`) and its progress.
    pub id: &'static str,
    /// The position, Red to move.
    pub fen: &'static str,
    pub goal: Goal,
}

/// The lessons, in order. Each position was checked with `surakarta-engine moves`; the
/// tests check every goal against the engine.
pub const LESSONS: [Lesson; 9] = [
    Lesson {
        id: "step",
        fen: "5b/6/6/2r3/6/6 r 0 0",
        goal: Goal::AnyStep,
    },
    Lesson {
        id: "circuits",
        fen: "5b/6/4b1/6/1r4/6 r 0 0",
        goal: Goal::Select("b2"),
    },
    Lesson {
        id: "capture",
        fen: "5b/6/6/1r2b1/6/6 r 0 0",
        goal: Goal::CaptureOn("e3"),
    },
    Lesson {
        id: "straight",
        fen: "5b/6/1r4/rr2b1/1r4/6 r 0 0",
        goal: Goal::CaptureOn("e3"),
    },
    Lesson {
        id: "block",
        fen: "5b/6/r5/1br3/6/6 r 0 10",
        goal: Goal::Block { victim: "c3" },
    },
    Lesson {
        id: "over-start",
        fen: "5b/6/3r2/1r1b2/6/6 r 0 10",
        goal: Goal::Capture("d4xd3"),
    },
    Lesson {
        id: "corners",
        fen: "5b/6/6/6/1r4/6 r 0 0",
        goal: Goal::Corner,
    },
    Lesson {
        id: "opening",
        fen: "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        goal: Goal::AnyStep,
    },
    Lesson {
        id: "end",
        fen: "6/6/6/6/b4r/6 r 0 0",
        goal: Goal::Win,
    },
];

impl Lesson {
    /// The lesson's game (standard rules, Red to move).
    pub fn game(&self) -> Game {
        let position: Position = self.fen.parse().expect("lesson positions are valid");
        Game::from_position(position, Ruleset::default())
    }

    /// Whether `mv`, played in `before`, does what the lesson asks.
    pub fn passed_by(&self, before: &Position, mv: Move) -> bool {
        self.verdict(before, mv).is_ok()
    }

    /// Whether `mv`, played in `before`, does what the lesson asks, and if not, which of
    /// the lesson's explanations is true of the board after it.
    pub fn verdict(&self, before: &Position, mv: Move) -> Result<(), Miss> {
        let sq = |s: &str| s.parse::<Square>().ok();
        let them = before.side_to_move().other();
        let passed = match self.goal {
            Goal::AnyStep => !mv.capture,
            Goal::Select(_) => false,
            Goal::CaptureOn(target) => mv.capture && Some(mv.to) == sq(target),
            Goal::Capture(m) => m.parse::<Move>().is_ok_and(|m| m == mv),
            Goal::Block { victim } => {
                if mv.capture {
                    return Err(Miss::Captured);
                }
                if Some(mv.from) == sq(victim) {
                    return Err(Miss::MovedVictim);
                }
                before.after(mv).attacked_by(them).is_empty()
            }
            Goal::Corner => mv.to.is_corner(),
            Goal::Win => {
                // The engine decides the end of the game, by the lessons' rule set.
                let mut game = Game::from_position(*before, Ruleset::default());
                game.try_play(mv).is_ok()
                    && game
                        .outcome()
                        .is_some_and(|o| o.winner == Some(before.side_to_move()))
            }
        };
        if passed { Ok(()) } else { Err(Miss::Wrong) }
    }

    /// A move that does what the lesson asks in `game`: the lesson's hint. For a lesson
    /// that asks to tap a stone, a move of that stone (showing it selects the stone).
    pub fn hint(&self, game: &Game) -> Option<Move> {
        let moves = game.moves();
        if let Goal::Select(target) = self.goal {
            let target = target.parse::<Square>().ok()?;
            return moves.iter().copied().find(|m| m.from == target);
        }
        moves
            .iter()
            .copied()
            .find(|m| self.passed_by(game.position(), *m))
    }
}

/// Why a move did not do what a lesson asks: each names the lesson's explanation
/// (`tut.<id>.<key>`), so what the card says is true of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// Not what was asked (the lesson's general explanation).
    Wrong,
    /// A capture, where the lesson asks for something else.
    Captured,
    /// The stone the lesson asks to leave in place was moved.
    MovedVictim,
}

impl Miss {
    /// The last part of the string key of the explanation.
    pub fn key(self) -> &'static str {
        match self {
            Miss::Wrong => "wrong",
            Miss::Captured => "took",
            Miss::MovedVictim => "moved",
        }
    }
}

/// How the lesson on the board is going.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LessonState {
    /// Waiting for the player's move.
    #[default]
    Asking,
    Passed,
    /// A move that does not do what was asked: explained, to be tried again.
    Failed(Miss),
}

/// The tutorial: which lesson is on the board, and how it is going.
#[derive(Resource, Clone, Debug, Default)]
pub struct Tutorial {
    /// Index into `LESSONS` of the lesson on the board, if any.
    pub lesson: Option<usize>,
    pub state: LessonState,
}

impl Tutorial {
    pub fn active(&self) -> bool {
        self.lesson.is_some()
    }

    /// The first lesson not yet passed (the first when all are).
    pub fn next_unpassed(passed: &BTreeSet<String>) -> usize {
        LESSONS
            .iter()
            .position(|l| !passed.contains(l.id))
            .unwrap_or(0)
    }
}

/// True unless a lesson on the board has been answered: then it waits for Next or Try
/// again, and the board takes no taps.
pub fn not_answered(tutorial: Res<Tutorial>) -> bool {
    tutorial.state == LessonState::Asking
}
