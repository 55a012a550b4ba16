//! The Hint button's answer, asked of whoever knows it: the lesson, the computer, or
//! (in two steps) the puzzle.

use super::computer::{Computer, HintFound};
use crate::game::search::Purpose;
use crate::game::session::Turn;
use crate::game::session::{Command, OnBoard};
use crate::game::tutorial::{LESSONS, Tutorial};
use crate::shell::navigation::GameSet;
use bevy::prelude::*;
use surakarta_engine::ai::{Level, describe};

pub(super) fn plugin(app: &mut App) {
    // After a command that cancels searches, before the computer starts one of its own.
    app.add_systems(
        Update,
        ask_for_hint
            .run_if(in_state(Turn::Waiting))
            .in_set(GameSet::Rules)
            .after(super::computer::cancel_on_command)
            .before(super::computer::start_thinking),
    );
}

/// Hint: in a lesson, a move that passes it (at once, no search); in a game, the
/// computer's best move, looked for in the background; a puzzle gives its own.
fn ask_for_hint(
    mut commands: MessageReader<Command>,
    mut computer: ResMut<Computer>,
    mut hints: MessageWriter<HintFound>,
    board: OnBoard,
    tutorial: Res<Tutorial>,
) {
    let session = board.session();
    let asked = commands.read().any(|c| *c == Command::Hint);
    if !asked || !session.human_to_move() || session.is_online() || computer.hinting() {
        return;
    }
    let lesson = tutorial.lesson.and_then(|i| LESSONS.get(i));
    match lesson {
        // A puzzle gives its hints itself, in two steps (`puzzles/hint.rs`).
        _ if board.puzzle() => {}
        Some(lesson) if board.practising() => {
            if let Some(m) = lesson.hint(&session.game) {
                hints.write(HintFound(describe(&session.game, m)));
            }
        }
        _ => computer.start(&session.game, Purpose::Hint, Level::Hard, 0),
    }
}
