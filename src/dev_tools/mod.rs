//! Tools for checks, in builds with the `dev` feature only (tests, CI, the browser test's
//! build; `cargo run` has it by default, the phones' and the web's player builds do not):
//! setting up a screen from the command line, screenshots, the frame-time bench, and the
//! report of what is on screen that the browser test reads.

pub mod frame_bench;
pub mod report;
pub mod screenshot;

use crate::options::{Options, Shown};
use crate::panels::new_game::NewGameChoice;
use crate::screens::lesson::LessonStep;
use crate::selection::Selection;
use crate::session::{Mode, Session};
use crate::tutorial::Tutorial;
use crate::{Panel, Screen};
use bevy::prelude::*;
use surakarta_engine::{Game, Ruleset};

/// The tools the desktop app's command line asks for.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((screenshot::plugin, frame_bench::plugin))
        .add_systems(Startup, set_up_board.after(crate::persist::load))
        .add_systems(Update, set_up_lesson.run_if(run_once))
        .add_systems(Update, show_moves.in_set(crate::GameSet::Present))
        .add_systems(
            Update,
            answer_lesson
                .run_if(in_state(Screen::Lesson))
                .in_set(crate::GameSet::Present),
        );
}

/// `--fen` and `--select`: that position (two players) and that stone selected, on the
/// game screen; `--panel`: that panel over the menu or the board.
fn set_up_board(
    options: Res<Options>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut screen: ResMut<NextState<Screen>>,
    mut panel: ResMut<NextState<Panel>>,
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
        (*screen).set_if_neq(Screen::Game);
    }
    let Some(shown) = options.panel else { return };
    choice.rules = Ruleset::default();
    let (on, over) = match shown {
        Shown::Menu => (Screen::Menu, Panel::None),
        Shown::NewGame => (Screen::Menu, Panel::NewGame),
        Shown::Settings => (Screen::Menu, Panel::Settings),
        Shown::Stats => (Screen::Menu, Panel::Stats),
        Shown::Rules => (Screen::Menu, Panel::Rules),
        Shown::Records => (Screen::Menu, Panel::Records),
        Shown::Leave => (Screen::Game, Panel::Leave),
        Shown::EndGame => (Screen::Menu, Panel::EndGame),
        Shown::Resign => (Screen::Menu, Panel::Resign),
        Shown::Offer => (Screen::Menu, Panel::Offer),
        Shown::Strategy => (Screen::Menu, Panel::Strategy),
        // Over whatever the other options put on screen, once it is there.
        Shown::Moves => return,
    };
    (*screen).set_if_neq(on);
    (*panel).set_if_neq(over);
}

/// `--panel moves`: the move list, once the game or the review it lists is on screen.
fn show_moves(
    options: Res<Options>,
    screen: Res<State<Screen>>,
    mut panel: ResMut<NextState<Panel>>,
    mut done: Local<bool>,
) {
    if options.panel == Some(Shown::Moves)
        && !*done
        && matches!(screen.get(), Screen::Game | Screen::Review)
    {
        (*panel).set_if_neq(Panel::Moves);
        *done = true;
    }
}

/// `--lesson N [--lesson-state S]`: that lesson on the board, asking or answered.
fn set_up_lesson(
    options: Res<Options>,
    mut steps: MessageWriter<LessonStep>,
    mut tutorial: ResMut<Tutorial>,
) {
    if let Some(index) = options.lesson {
        tutorial.lesson = Some(index);
        steps.write(LessonStep::Retry);
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
