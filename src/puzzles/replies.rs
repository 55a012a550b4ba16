//! The moves of a puzzle: each of the player's judged against the solution once it has
//! been shown, the solution's replies played by the screen after a pause, the engine's
//! refutation of a wrong move asked for.

use super::run::{Kind, OnBoardPuzzle, Progress, PuzzleRun, PuzzleState, progress};
use super::screen::{REPLY_PAUSE, Rejudge, SHOW_PAUSE, count};
use super::stats::PuzzleStats;
use crate::game::computer::Computer;
use crate::game::session::{MoveChosen, MoveFinished, Practice, Turn};
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::{Game, Move};

/// Judges each move played against the solution, once it has been shown (its run round
/// the loops is not spoiled by the verdict).
pub(super) fn check_moves(
    (mut played, mut rejudge): (MessageReader<MoveFinished>, ResMut<Rejudge>),
    mut run: ResMut<PuzzleRun>,
    mut stats: ResMut<PuzzleStats>,
    practice: Res<Practice>,
    mut turn: ResMut<NextState<Turn>>,
) {
    let back = std::mem::take(&mut rejudge.0);
    let moved = played.read().count() > 0;
    if !moved && !back {
        return;
    }
    let game = &practice.0.game;
    let run = &mut *run;
    let Some(c) = &mut run.current else { return };
    if moved {
        // A move instead of the solution: its cost is said again if it is asked for.
        c.solution_asked = false;
    }
    let puzzle = c.puzzle();
    match c.state {
        PuzzleState::Solving => match progress(puzzle, game) {
            Progress::Done => {
                c.state = PuzzleState::Solved;
                let helped = c.helped;
                count(c, &mut stats, !helped);
            }
            // A reply never leaves the line (the screen plays them): only the player's
            // own moves can.
            Progress::Left(at) if at % 2 == 0 => {
                c.state = PuzzleState::Missed {
                    at,
                    wrong: game.history()[at],
                    reply: None,
                };
                count(c, &mut stats, false);
            }
            Progress::Left(_) | Progress::OnTrack(_) => {}
        },
        PuzzleState::Missed {
            at,
            wrong,
            reply: None,
        } if game.history().len() == at + 2 => {
            c.state = PuzzleState::Missed {
                at,
                wrong,
                reply: Some(game.history()[at + 1]),
            };
        }
        PuzzleState::Showing { .. } if progress(puzzle, game) == Progress::Done => {
            c.state = PuzzleState::Shown;
        }
        _ => {}
    }
    // A puzzle decided waits for the player's buttons, whoever would be to move.
    if run
        .current
        .as_ref()
        .is_some_and(|c| matches!(c.state, PuzzleState::Solved | PuzzleState::Shown))
        && game.outcome().is_none()
    {
        turn.set(Turn::Waiting);
    }
    if run.current.as_ref().is_some_and(|c| c.kind == Kind::Streak) {
        let solved = run.streak_solved();
        if solved > stats.best_streak {
            stats.best_streak = solved;
        }
    }
}

/// The move the screen plays itself now, if any: the solution's reply, or the solution's
/// next move while it is shown.
fn own_move(c: &OnBoardPuzzle, game: &Game) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let players_turn = game.side_to_move() == c.puzzle().position.side_to_move();
    match (c.state, progress(c.puzzle(), game)) {
        (PuzzleState::Solving, Progress::OnTrack(m)) if !players_turn => Some(m),
        (PuzzleState::Showing { .. }, Progress::OnTrack(m)) => Some(m),
        _ => None,
    }
}

/// While the screen has a move of its own to play (the app stays awake for its pause).
pub(super) fn replying(
    run: Res<PuzzleRun>,
    practice: Res<Practice>,
    turn: Option<Res<State<Turn>>>,
) -> bool {
    let settled = turn.is_some_and(|t| matches!(t.get(), Turn::Waiting | Turn::Thinking));
    settled
        && run
            .current
            .as_ref()
            .is_some_and(|c| own_move(c, &practice.0.game).is_some())
}

/// Plays the solution's replies (after a short pause), the solution when it is shown, and
/// asks the engine for the refutation of a wrong move.
pub(super) fn play_replies(
    run: Res<PuzzleRun>,
    practice: Res<Practice>,
    turn: Res<State<Turn>>,
    time: Res<Time>,
    mut computer: ResMut<Computer>,
    mut chosen: MessageWriter<MoveChosen>,
    mut waited: Local<(usize, Duration)>,
) {
    let Some(c) = &run.current else { return };
    if !matches!(turn.get(), Turn::Waiting | Turn::Thinking) {
        return;
    }
    let game = &practice.0.game;
    let plies = game.history().len();
    if let PuzzleState::Missed { reply: None, .. } = c.state
        && game.side_to_move() != c.puzzle().position.side_to_move()
    {
        computer.refute(game, practice.0.seed);
        return;
    }
    let Some(mv) = own_move(c, game) else {
        return;
    };
    if waited.0 != plies {
        *waited = (plies, Duration::ZERO);
    }
    waited.1 += time.delta();
    let pause = if matches!(c.state, PuzzleState::Showing { .. }) {
        SHOW_PAUSE
    } else {
        REPLY_PAUSE
    };
    if waited.1 >= pause {
        chosen.write(MoveChosen(mv));
        // Not again for this ply, whatever happens to the move.
        waited.1 = Duration::ZERO;
    }
}
