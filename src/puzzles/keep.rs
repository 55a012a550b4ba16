//! The player's own puzzles, kept from the analysis of their games: each position before a
//! mistake whose better move is the only good one.

use super::stats::PuzzleStats;
use bevy::prelude::*;
use surakarta_engine::puzzle::better_move_puzzle;
use surakarta_engine::{Game, Move, Position};

/// The depth of the search that checks a position of the player's game as a puzzle of
/// their own: shallow, so that one position a frame keeps the frame short on every
/// platform (as the web's analysis does).
pub const KEEP_DEPTH: u32 = 3;

/// Keep positions of an analysed game (`game`) as puzzles of the player's own: each the
/// position before a mistake and the analysis's better move. Checked one a frame, from
/// the position alone as the puzzle will be played ([`better_move_puzzle`] at
/// [`KEEP_DEPTH`] plies); [`Keeping`] says how many were kept.
#[derive(Message, Clone, Debug)]
pub struct KeepPuzzles {
    pub game: Game,
    pub positions: Vec<(Position, Move)>,
}

/// The positions waiting to be checked, and what came of those checked so far.
#[derive(Resource, Default)]
pub struct Keeping {
    queue: Vec<(Position, Move)>,
    /// The game the positions come from.
    pub source: Option<Game>,
    /// Puzzles kept so far, and positions refused (more than one good move).
    pub kept: usize,
    pub refused: usize,
    engine: Option<surakarta_engine::ai::Engine>,
}

impl Keeping {
    /// True while positions wait to be checked.
    pub fn busy(&self) -> bool {
        !self.queue.is_empty()
    }
}

pub(super) fn take_keep_requests(
    mut asked: MessageReader<KeepPuzzles>,
    mut keeping: ResMut<Keeping>,
) {
    for KeepPuzzles { game, positions } in asked.read() {
        if keeping.source.as_ref() != Some(game) {
            keeping.queue.clear();
            keeping.kept = 0;
            keeping.refused = 0;
            keeping.source = Some(game.clone());
        } else if !keeping.busy() {
            // The same game again: its puzzles are kept once; counted afresh.
            keeping.kept = 0;
            keeping.refused = 0;
        }
        keeping.queue.extend(positions.iter().cloned());
    }
}

/// Checks one waiting position a frame.
pub(super) fn check_one_position(mut keeping: ResMut<Keeping>, mut stats: ResMut<PuzzleStats>) {
    if !keeping.busy() {
        return;
    }
    let keeping = &mut *keeping;
    let Some((position, better)) = keeping.queue.pop() else {
        return;
    };
    // A small table: one shallow search at a time.
    let engine = keeping
        .engine
        .get_or_insert_with(|| surakarta_engine::ai::Engine::new(1));
    let stop = std::sync::atomic::AtomicBool::new(false);
    let found = crate::game::search::controlled(&stop, |ctl| {
        better_move_puzzle(engine, &position, better, KEEP_DEPTH, ctl)
    });
    match found {
        Some(puzzle) => {
            stats.keep(&puzzle);
            keeping.kept += 1;
        }
        None => keeping.refused += 1,
    }
    if keeping.queue.is_empty() {
        keeping.engine = None;
    }
}
