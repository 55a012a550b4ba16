//! The Hint button's answer, asked of whoever knows it: the lesson, the computer, or
//! (in two steps) the puzzle.

use super::computer::{Computer, HintFound};
use crate::game::search::Purpose;
use crate::game::session::Turn;
use crate::game::session::{Command, OnBoard};
use crate::game::tutorial::{LESSONS, Tutorial};
use crate::shell::navigation::GameSet;
use bevy::prelude::*;
use std::collections::BTreeMap;
use surakarta_engine::ai::analysis::{MoveClass, PlyAnalysis};
use surakarta_engine::ai::{Level, describe};
use surakarta_engine::{Game, Move, Position};

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
    app.init_resource::<HintedMoves>().add_systems(
        Update,
        (remember_hint, note_hinted_move)
            .chain()
            .run_if(in_state(crate::shell::navigation::Screen::Game))
            .in_set(GameSet::Present),
    );
}

/// The moves of the player's own game that were the hint's: each ply (from the game's
/// first, as the analysis counts) with the position it was played in and the move. A hint
/// is the engine's own choice after a longer search than the analysis gives a position, so
/// the analysis takes it as its own choice there ([`take_hints`]) and never marks it: a
/// player who follows the hints is never told they erred.
#[derive(Resource, Default, Debug)]
pub struct HintedMoves {
    plies: BTreeMap<usize, (Position, Move)>,
    offered: Option<(Position, Move)>,
}

impl HintedMoves {
    /// The plies (from 1) whose move was the hint's, with the move.
    pub fn plies(&self) -> impl Iterator<Item = (usize, Move)> + '_ {
        self.plies.iter().map(|(&ply, &(_, mv))| (ply, mv))
    }
}

/// The hint shown on the player's own board.
fn remember_hint(
    mut found: MessageReader<HintFound>,
    board: OnBoard,
    mut hinted: ResMut<HintedMoves>,
) {
    if let Some(HintFound(hint)) = found.read().last() {
        hinted.offered = Some((*board.session().game.position(), hint.mv));
    }
}

/// A move played on the player's own board: the hint's or not, at its ply.
fn note_hinted_move(
    mut played: MessageReader<crate::game::session::MovePlayed>,
    board: OnBoard,
    mut hinted: ResMut<HintedMoves>,
) {
    let start = board.session().game.start().plies();
    for p in played.read() {
        let ply = (p.before.plies().saturating_sub(start) + 1) as usize;
        let offered = hinted.offered.take();
        if offered == Some((p.before, p.mv)) {
            hinted.plies.insert(ply, (p.before, p.mv));
        } else {
            hinted.plies.remove(&ply);
        }
    }
}

/// Takes the analysis's judgement of each hinted move of `game` back: the move was the
/// engine's own choice there (`best` the move played, never marked). True when one was.
pub fn take_hints(plies: &mut [PlyAnalysis], game: &Game, hinted: &HintedMoves) -> bool {
    let mut taken = false;
    for a in plies.iter_mut() {
        let Some(&(position, mv)) = hinted.plies.get(&a.ply) else {
            continue;
        };
        let before = a.ply.checked_sub(1).and_then(|k| game.positions().get(k));
        let same = before == Some(&position) && a.played == mv;
        if same && a.best != Some(mv) {
            a.best = Some(mv);
            a.class = MoveClass::Best;
            a.loss = 0;
            taken = true;
        }
    }
    taken
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
