//! The tutorial: short lessons, each a position from the engine's position strings and
//! one thing to do in it. The player's move is checked with the engine; a wrong move is
//! explained and the lesson can be tried again. Finished lessons are saved. The game in
//! progress is put aside while a lesson is on the board and comes back, untouched, when
//! the tutorial is left: lessons are never saved as the game.

use crate::GameSet;
use crate::hud::PanelState;
use crate::selection::Selection;
use crate::session::{
    Aside, Command, Mode, MovePlayed, Session, SessionSystems, Turn, settled_turn,
};
use crate::settings::Settings;
use bevy::prelude::*;
use std::collections::BTreeSet;
use surakarta_engine::{Game, Move, Position, Ruleset, Square};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tutorial>().add_systems(
        Update,
        (retry_on_undo, check_moves, check_selection)
            .chain()
            .in_set(GameSet::Rules)
            .after(SessionSystems),
    );
}

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
        let sq = |s: &str| s.parse::<Square>().ok();
        let after = before.after(mv);
        let them = before.side_to_move().other();
        match self.goal {
            Goal::AnyStep => !mv.capture,
            Goal::Select(_) => false,
            Goal::CaptureOn(target) => mv.capture && Some(mv.to) == sq(target),
            Goal::Capture(m) => m.parse::<Move>().is_ok_and(|m| m == mv),
            Goal::Block { victim } => {
                !mv.capture && Some(mv.from) != sq(victim) && after.attacked_by(them).is_empty()
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
    Failed,
}

/// The tutorial: which lesson is on the board, and the progress.
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

/// Puts lesson `index` on the board, putting the player's game aside first.
pub fn start_lesson(
    index: usize,
    tutorial: &mut Tutorial,
    aside: &mut Aside,
    session: &mut Session,
    selection: &mut Selection,
    panels: &mut PanelState,
    turn: &mut NextState<Turn>,
) {
    let Some(lesson) = LESSONS.get(index) else {
        return;
    };
    let seed = session.seed;
    aside.show(
        session,
        Session {
            game: lesson.game(),
            mode: Mode::TwoPlayers,
            seed,
            counted: true,
        },
    );
    tutorial.lesson = Some(index);
    tutorial.state = LessonState::Asking;
    selection.clear();
    panels.close_all();
    panels.game_over_closed = true;
    turn.set(settled_turn(session));
}

/// Leaves the tutorial: the player's game comes back and the menu opens.
pub fn leave(
    tutorial: &mut Tutorial,
    aside: &mut Aside,
    session: &mut Session,
    selection: &mut Selection,
    panels: &mut PanelState,
    turn: &mut NextState<Turn>,
) {
    aside.restore(session);
    tutorial.lesson = None;
    tutorial.state = LessonState::Asking;
    selection.clear();
    panels.game_over_closed = false;
    panels.menu = true;
    turn.set(settled_turn(session));
}

fn check_moves(
    mut played: MessageReader<MovePlayed>,
    mut tutorial: ResMut<Tutorial>,
    mut settings: ResMut<Settings>,
) {
    for p in played.read() {
        let Some(lesson) = tutorial.lesson.and_then(|i| LESSONS.get(i)) else {
            continue;
        };
        if tutorial.state != LessonState::Asking {
            continue;
        }
        if lesson.passed_by(&p.before, p.mv) {
            tutorial.state = LessonState::Passed;
            settings.tutorial_passed.insert(lesson.id.to_owned());
        } else {
            tutorial.state = LessonState::Failed;
        }
    }
}

fn check_selection(
    selection: Res<Selection>,
    mut tutorial: ResMut<Tutorial>,
    mut settings: ResMut<Settings>,
) {
    let Some(lesson) = tutorial.lesson.and_then(|i| LESSONS.get(i)) else {
        return;
    };
    if let Goal::Select(target) = lesson.goal
        && tutorial.state == LessonState::Asking
        && selection.stone.map(|s| s.to_string()).as_deref() == Some(target)
    {
        tutorial.state = LessonState::Passed;
        settings.tutorial_passed.insert(lesson.id.to_owned());
    }
}

/// Undo during a lesson starts it again.
#[allow(clippy::too_many_arguments)]
fn retry_on_undo(
    mut commands: MessageReader<Command>,
    mut tutorial: ResMut<Tutorial>,
    mut aside: ResMut<Aside>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut panels: ResMut<PanelState>,
    mut turn: ResMut<NextState<Turn>>,
) {
    let undo = commands.read().any(|c| *c == Command::Undo);
    if let (true, Some(i)) = (undo, tutorial.lesson) {
        start_lesson(
            i,
            &mut tutorial,
            &mut aside,
            &mut session,
            &mut selection,
            &mut panels,
            &mut turn,
        );
    }
}
