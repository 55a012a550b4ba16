//! A game: the position, its history, the rule set, and how it ends.

use crate::moves::{Move, MoveList};
use crate::position::{IllegalMove, Position};
use crate::ruleset::{NoMoves, Ruleset};
use crate::square::Side;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// One side has no stones left.
    AllCaptured,
    /// The side to move has no legal move.
    NoMoves,
    /// Too many plies in a row without a capture.
    NoCaptureLimit,
    /// The rule set's total number of plies was reached.
    PlyLimit,
    /// The same placement with the same side to move occurred too often.
    Repetition,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    AgreedDraw,
    /// The players agreed to stop; the side with more stones wins.
    AgreedStop,
    /// A player's time ran out (online games with a clock): the other side wins.
    TimeForfeit,
    /// A player left an online game and the one left claimed the win.
    Abandoned,
    /// A player left an online game and the one left claimed a draw.
    AbandonedDraw,
    /// An online game ended before it began (a side did not make its first move in
    /// time): no result, neither a win nor a draw (`*` in records).
    Aborted,
}

impl EndReason {
    /// Every reason, in declaration order.
    pub const ALL: [EndReason; 12] = [
        EndReason::AllCaptured,
        EndReason::NoMoves,
        EndReason::NoCaptureLimit,
        EndReason::PlyLimit,
        EndReason::Repetition,
        EndReason::Resignation,
        EndReason::AgreedDraw,
        EndReason::AgreedStop,
        EndReason::TimeForfeit,
        EndReason::Abandoned,
        EndReason::AbandonedDraw,
        EndReason::Aborted,
    ];

    /// A stable id, used in records (`Termination` header) and save files.
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::AllCaptured => "all-captured",
            EndReason::NoMoves => "no-moves",
            EndReason::NoCaptureLimit => "no-capture-limit",
            EndReason::PlyLimit => "ply-limit",
            EndReason::Repetition => "repetition",
            EndReason::Resignation => "resignation",
            EndReason::AgreedDraw => "agreed-draw",
            EndReason::AgreedStop => "agreed-stop",
            EndReason::TimeForfeit => "time-forfeit",
            EndReason::Abandoned => "abandoned",
            EndReason::AbandonedDraw => "abandoned-draw",
            EndReason::Aborted => "aborted",
        }
    }

    /// The reason with this id.
    pub fn from_id(id: &str) -> Option<EndReason> {
        Self::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The result as written in records: `1-0` (Red won), `0-1` or `1/2-1/2`; `*` for
    /// an aborted game, which has none.
    pub fn result_token(&self) -> &'static str {
        if self.reason == EndReason::Aborted {
            return "*";
        }
        match self.winner {
            Some(Side::Red) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins ({})", self.reason.id()),
            None => write!(f, "draw ({})", self.reason.id()),
        }
    }
}

/// Why [`Game::try_play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has already ended.
    GameOver(Outcome),
    /// The move is not legal in the current position.
    Illegal(IllegalMove),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game in progress or finished: owns the start position, every position since, the
/// moves that can be redone after an undo, and the rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Ruleset,
    positions: Vec<Position>,
    moves: Vec<Move>,
    redo: Vec<Move>,
    declared: Option<Outcome>,
}

impl Game {
    /// A new game from the start position, the rule set's first side to move.
    pub fn new(rules: Ruleset) -> Game {
        Game::from_position(Position::start(rules.first), rules)
    }

    /// A game that starts from `start`.
    pub fn from_position(start: Position, rules: Ruleset) -> Game {
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            declared: None,
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn history(&self) -> &[Move] {
        &self.moves
    }

    /// The position before each move and the current one (`history().len() + 1` entries).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    /// Legal moves now; none once the game is over.
    pub fn moves(&self) -> MoveList {
        if self.outcome().is_some() {
            MoveList::new()
        } else {
            self.position().moves_with(self.rules.diagonal_steps)
        }
    }

    /// Plays `m` if the game is on and the move is legal; otherwise nothing changes.
    /// Clears the redo list.
    pub fn try_play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let mut next = *self.position();
        next.try_play(m, self.rules.diagonal_steps)
            .map_err(PlayError::Illegal)?;
        self.positions.push(next);
        self.moves.push(m);
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last move, keeping it for redo. A resignation or agreement is an
    /// action of its own: if the game ended by one, undo takes back only that and returns
    /// `None`.
    pub fn undo(&mut self) -> Option<Move> {
        if self.declared.take().is_some() {
            return None;
        }
        let m = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let m = self.redo.pop()?;
        let mut next = *self.position();
        if next.try_play(m, self.rules.diagonal_steps).is_err() || self.outcome().is_some() {
            self.redo.clear();
            return None;
        }
        self.positions.push(next);
        self.moves.push(m);
        Some(m)
    }

    /// True when there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    /// True when there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets the moves taken back: after `undo`, the game is exactly as it was before
    /// the move (a server whose store refused the move takes it back this way).
    pub fn forget_redo(&mut self) {
        self.redo.clear();
    }

    /// `side` resigns; ignored once the game is over.
    pub fn resign(&mut self, side: Side) {
        self.declare(Outcome {
            winner: Some(side.other()),
            reason: EndReason::Resignation,
        });
    }

    /// The players agree a draw; ignored once the game is over.
    pub fn agree_draw(&mut self) {
        self.declare(Outcome {
            winner: None,
            reason: EndReason::AgreedDraw,
        });
    }

    /// The players agree to stop; the side with more stones wins, equal counts draw.
    pub fn agree_stop(&mut self) {
        let p = self.position();
        let (red, black) = (p.stones(Side::Red).count(), p.stones(Side::Black).count());
        let winner = match red.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Side::Red),
            std::cmp::Ordering::Less => Some(Side::Black),
            std::cmp::Ordering::Equal => None,
        };
        self.declare(Outcome {
            winner,
            reason: EndReason::AgreedStop,
        });
    }

    /// Records an outcome decided outside the board (resignation, agreement), as when a
    /// record is imported; ignored once the game is over.
    pub fn declare(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.declared = Some(outcome);
        }
    }

    /// How many times the current placement with the current side to move has occurred,
    /// this time included.
    pub fn repetitions(&self) -> u32 {
        let now = self.position();
        let since = (now.since_capture() as usize).min(self.positions.len() - 1);
        let recent = &self.positions[self.positions.len() - 1 - since..];
        recent.iter().filter(|p| p.hash() == now.hash()).count() as u32
    }

    /// The result, once the game has ended.
    ///
    /// Checked in this order: a side without stones loses; the side to move without a
    /// legal move loses or draws (rule set); then the ply limit, the no-capture limit and
    /// repetition draw.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.declared.is_some() {
            return self.declared;
        }
        let p = self.position();
        let rules = &self.rules;
        let end = |winner, reason| Some(Outcome { winner, reason });
        for side in Side::BOTH {
            if p.stones(side).is_empty() {
                let winner = Some(side.other()).filter(|w| !p.stones(*w).is_empty());
                return end(winner, EndReason::AllCaptured);
            }
        }
        if !p.has_moves(rules.diagonal_steps) {
            let winner = match rules.no_moves {
                NoMoves::Loses => Some(p.side_to_move().other()),
                NoMoves::Draw => None,
            };
            return end(winner, EndReason::NoMoves);
        }
        if rules.ply_limit.is_some_and(|n| p.plies() >= n) {
            return end(None, EndReason::PlyLimit);
        }
        if rules
            .no_capture_limit
            .is_some_and(|n| p.since_capture() >= n)
        {
            return end(None, EndReason::NoCaptureLimit);
        }
        if rules.repetition.is_some_and(|n| self.repetitions() >= n) {
            return end(None, EndReason::Repetition);
        }
        None
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Ruleset::default())
    }
}
