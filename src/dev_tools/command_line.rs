//! A screen set up from the command line (`--fen`, `--select`, `--panel`, `--lesson`,
//! `--puzzle`), for
//! screenshots and checks.

use crate::board::selection::Selection;
use crate::game::session::{Mode, Session};
use crate::game::tutorial::Tutorial;
use crate::options::Options;
use crate::panels::new_game::NewGameChoice;
use crate::puzzles::PuzzleStep;
use crate::screens::lesson::LessonStep;
use crate::shell::navigation::{Navigator, Panel, Screen};
use bevy::prelude::*;
use surakarta_engine::{Game, Ruleset};

/// The tools the desktop app's command line asks for (tests add them to a headless app).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        super::screenshot::plugin,
        super::frame_bench::plugin,
        super::memory_bench::plugin,
        super::layout_check::plugin,
    ))
    .add_systems(Startup, set_up_board.after(crate::persist::load))
    .add_systems(Update, set_up_lesson.run_if(run_once))
    .add_systems(
        Update,
        show_moves.in_set(crate::shell::navigation::GameSet::Present),
    )
    .add_systems(
        Update,
        answer_lesson
            .run_if(in_state(Screen::Lesson))
            .in_set(crate::shell::navigation::GameSet::Present),
    )
    .add_systems(
        Update,
        select_in_puzzle
            .run_if(in_state(Screen::Puzzle))
            .in_set(crate::shell::navigation::GameSet::Present),
    );
}

/// `--puzzle N --select SQUARE`: the stone selected once the puzzle is on the board
/// (opening it clears any selection before), once.
fn select_in_puzzle(
    options: Res<Options>,
    mut selection: ResMut<Selection>,
    mut done: Local<bool>,
) {
    if let (Some(sq), Some(_), false) = (options.select, options.puzzle, *done) {
        selection.stone = Some(sq);
        *done = true;
    }
}

/// `--fen` and `--select`: that position (two players) and that stone selected, on the
/// game screen; `--panel`: that panel over the menu or the board.
fn set_up_board(
    options: Res<Options>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut nav: Navigator,
    mut choice: ResMut<NewGameChoice>,
) {
    if let Some(pos) = options.fen {
        session.game = Game::from_position(pos, Ruleset::default());
        session.mode = Mode::TwoPlayers;
    }
    if let Some(sq) = options.select {
        selection.stone = Some(sq);
    }
    if options.fen.is_some() || options.select.is_some() || options.bench_frames.is_some() {
        nav.go(Screen::Game);
    }
    let Some(shown) = options.panel else { return };
    choice.rules = Ruleset::default();
    let on = match shown {
        Panel::Leave => Screen::Game,
        // Over whatever the other options put on screen, once it is there.
        Panel::Moves => return,
        _ => Screen::Menu,
    };
    nav.go(on);
    nav.open(shown);
}

/// `--panel moves`: the move list, once the game or the review it lists is on screen.
fn show_moves(
    options: Res<Options>,
    screen: Res<State<Screen>>,
    mut nav: Navigator,
    mut done: Local<bool>,
) {
    if options.panel == Some(Panel::Moves)
        && !*done
        && matches!(screen.get(), Screen::Game | Screen::Review)
    {
        nav.open(Panel::Moves);
        *done = true;
    }
}

/// `--lesson N [--lesson-state S]`: that lesson on the board, asking or answered;
/// `--puzzle N`: that puzzle.
fn set_up_lesson(
    options: Res<Options>,
    mut steps: MessageWriter<LessonStep>,
    mut puzzles: MessageWriter<PuzzleStep>,
    mut tutorial: ResMut<Tutorial>,
) {
    if let Some(index) = options.lesson {
        tutorial.lesson = Some(index);
        steps.write(LessonStep::Retry);
    }
    if let Some(index) = options.puzzle {
        puzzles.write(PuzzleStep::Open(index));
    }
}

/// The lesson's card as after a right or a wrong move, once.
fn answer_lesson(options: Res<Options>, mut tutorial: ResMut<Tutorial>, mut done: Local<bool>) {
    if let Some(state) = options.lesson_state
        && !*done
    {
        tutorial.state = state;
        *done = true;
    }
}
