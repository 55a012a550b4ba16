//! The puzzle on the board: how it was chosen, how it is going against its solution.

use bevy::prelude::*;
use surakarta_engine::puzzle::Puzzle;
use surakarta_engine::{Game, Move, Ruleset};

/// How the puzzle on the board was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Near the player's rating; counts for it at the first try.
    Rated,
    /// The puzzle of this day; counts for the rating at the first try that day.
    Daily(u64),
    /// One of a streak: puzzles in rising difficulty until the first miss.
    Streak,
    /// One of the player's own, kept from the analysis of their games: not rated.
    Mine,
}

/// Where the player is in the puzzle on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player is finding the solution.
    Solving,
    /// Every move of the solution was played.
    Solved,
    /// The player's move `wrong`, at ply `at` of the solution, was not the one; `reply` is
    /// the engine's refutation once it has been played.
    Missed {
        at: usize,
        wrong: Move,
        reply: Option<Move>,
    },
    /// The solution is being played on the board from ply `from`.
    Showing { from: usize },
    /// The solution was shown.
    Shown,
}

/// How the moves on the board stand against the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The moves so far are the solution's; this one comes next.
    OnTrack(Move),
    /// Every move of the solution was played (or a move ended the game in the player's
    /// favour, which solves any puzzle, or the last move was one as right as the
    /// solution's).
    Done,
    /// The move at this ply left the solution.
    Left(usize),
}

/// The moves played from the puzzle's position, against its solution.
pub fn progress(puzzle: &Puzzle, game: &Game) -> Progress {
    let played = game.history();
    if let Some(at) = played.iter().zip(&puzzle.moves).position(|(a, b)| a != b) {
        let player = puzzle.position.side_to_move();
        let won = game.outcome().is_some_and(|o| o.winner == Some(player));
        // At the last move, any move as right as the solution's (the pack lists them:
        // every capture of the last stone, every capture that keeps an endgame's win).
        let also_right = at + 1 == puzzle.moves.len()
            && surakarta_engine::puzzle::last_move_accepted(puzzle, played[at]);
        return if (won || also_right) && at + 1 == played.len() && at % 2 == 0 {
            Progress::Done
        } else {
            Progress::Left(at)
        };
    }
    match puzzle.moves.get(played.len()) {
        Some(&next) if played.len() <= puzzle.moves.len() => Progress::OnTrack(next),
        _ => Progress::Done,
    }
}

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct OnBoardPuzzle {
    /// Its index in the pack, or among the player's own puzzles for [`Kind::Mine`].
    pub index: usize,
    /// The puzzle itself.
    pub puzzle: Puzzle,
    pub kind: Kind,
    pub state: PuzzleState,
    /// The result has been counted (the rating, the tally, the streak, the daily).
    pub counted: bool,
    /// The rating before and after this puzzle counted, when it did.
    pub rating_change: Option<(i64, i64)>,
    /// A hint was shown: the puzzle counts as missed.
    pub helped: bool,
    /// The ply at which a hint's first step pointed out the stone to move (nothing
    /// counted for it; asked again at the same ply, the move is shown).
    pub nudged: Option<usize>,
    /// The ply at which a hint's second step showed the move (the card says so until it is
    /// played).
    pub move_shown: Option<usize>,
    /// The first of a new round: every puzzle of the theme had been played (said on the
    /// card).
    pub new_round: bool,
    /// Tried again after a miss: solving it now does not count.
    pub retried: bool,
    /// Solution pressed once while the puzzle still counts: the card says it will count
    /// as missed, and Solution again shows it.
    pub solution_asked: bool,
}

impl OnBoardPuzzle {
    /// The puzzle itself.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }
}

/// The puzzle on the board (on the puzzle screen) and the streak under way.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PuzzleRun {
    pub current: Option<OnBoardPuzzle>,
    /// The puzzles of the streak under way, solved or on the board.
    pub streak: Vec<usize>,
}

impl PuzzleRun {
    /// Puzzles solved in the streak under way.
    pub fn streak_solved(&self) -> u32 {
        let open = self
            .current
            .as_ref()
            .is_some_and(|c| c.kind == Kind::Streak && c.state != PuzzleState::Solved);
        self.streak.len().saturating_sub(usize::from(open)) as u32
    }

    /// True while the player's taps on the board count: a puzzle being solved.
    pub fn solving(&self) -> bool {
        self.current
            .as_ref()
            .is_none_or(|c| c.state == PuzzleState::Solving)
    }
}

/// The game a puzzle starts: its position in the standard rules (the pack is verified in
/// them).
pub fn game_of(puzzle: &Puzzle) -> Game {
    Game::from_position(puzzle.position, Ruleset::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pack::pack;

    #[test]
    fn progress_follows_the_solution() {
        let two = pack().iter().find(|p| p.moves.len() == 3).unwrap();
        let mut game = game_of(two);
        assert_eq!(progress(two, &game), Progress::OnTrack(two.moves[0]));
        game.try_play(two.moves[0]).unwrap();
        assert_eq!(progress(two, &game), Progress::OnTrack(two.moves[1]));
        let mut wrong = game_of(two);
        let other = *wrong.moves().iter().find(|m| **m != two.moves[0]).unwrap();
        wrong.try_play(other).unwrap();
        assert_eq!(progress(two, &wrong), Progress::Left(0));
        for &m in &two.moves {
            let _ = game.try_play(m);
        }
        assert_eq!(progress(two, &game), Progress::Done);
    }
}
