//! Moves, capture routes and the legs a route is drawn with.

use crate::circuit::{Direction, Loop};
use crate::square::{ParseSquareError, Square};
use std::fmt;
use std::str::FromStr;

/// A move: one stone from one point to another, by a step or a capture.
///
/// A move is identified by its two points; the routes a capture can take are asked of the
/// [`Position`](crate::Position) it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the stone starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// True for a capture (written `x`), false for a step (written `-`).
    pub capture: bool,
}

impl Move {
    /// A step from `from` to `to`.
    pub const fn step(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            capture: false,
        }
    }

    /// A capture from `from` of the stone on `to`.
    pub const fn capture(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            capture: true,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        write!(f, "{}{}{}", self.from, sep, self.to)
    }
}

/// Why a move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// No `-` or `x` between the two points.
    MissingSeparator(String),
    /// The start point is not a point name.
    BadFrom(ParseSquareError),
    /// The end point is not a point name.
    BadTo(ParseSquareError),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingSeparator(s) => {
                write!(f, "a move is written like b2-c3 or b2xe5, not {s:?}")
            }
            Self::BadFrom(e) => write!(f, "start point: {e}"),
            Self::BadTo(e) => write!(f, "end point: {e}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let Some(at) = s.find(['-', 'x']) else {
            return Err(ParseMoveError::MissingSeparator(s.to_owned()));
        };
        let capture = s.as_bytes()[at] == b'x';
        let from = s[..at].parse().map_err(ParseMoveError::BadFrom)?;
        let to = s[at + 1..].parse().map_err(ParseMoveError::BadTo)?;
        Ok(Move { from, to, capture })
    }
}

/// One way a capturing stone can travel to its target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Route {
    /// The capturing stone's start point.
    pub from: Square,
    /// The direction it leaves in.
    pub dir: Direction,
    /// Every point it passes after the start, in order, the target last. A crossing point
    /// or the start point may appear more than once.
    pub points: Vec<Square>,
    /// How many loops it goes round.
    pub loops: u8,
}

impl Route {
    /// The target of the capture.
    pub fn target(&self) -> Square {
        self.points.last().copied().unwrap_or(self.from)
    }

    /// The order in which routes are preferred for preview and animation: fewest loops,
    /// then fewest points, then north, east, south, west.
    pub fn preference(&self) -> (u8, usize, Direction) {
        (self.loops, self.points.len(), self.dir)
    }

    /// The route as a chain of legs, each a straight line between neighbouring points or a
    /// loop round a corner; this is what the app draws and animates.
    pub fn legs(&self) -> impl Iterator<Item = Leg> + '_ {
        let starts = std::iter::once(self.from).chain(self.points.iter().copied());
        starts.zip(self.points.iter().copied()).map(|(a, b)| {
            let adjacent = (a.col() - b.col()).abs() + (a.row() - b.row()).abs() == 1;
            match Loop::joining(a, b) {
                Some(lp) if !adjacent => Leg::Loop { from: a, to: b, lp },
                _ => Leg::Line { from: a, to: b },
            }
        })
    }
}

/// A piece of a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    /// Straight along a line from one point to its neighbour.
    Line {
        /// Start of the leg.
        from: Square,
        /// End of the leg.
        to: Square,
    },
    /// Round a loop from one line end to the other.
    Loop {
        /// Start of the leg.
        from: Square,
        /// End of the leg.
        to: Square,
        /// The loop gone round.
        lp: Loop,
    },
}

/// The most moves a position can have: 12 stones with 8 steps and 4 captures each.
pub const MAX_MOVES: usize = 144;

/// A fixed-capacity list of moves, filled by move generation without allocating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let filler = Move::step(Square::new(0).expect("a1"), Square::new(0).expect("a1"));
        MoveList {
            moves: [filler; MAX_MOVES],
            len: 0,
        }
    }

    /// Adds a move. Move generation never exceeds [`MAX_MOVES`].
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice, for ordering them in place.
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// True when `m` is in the list.
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        for text in ["b2-c3", "b2xe5", "a1-a2", "f6xa1"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_moves_say_what_is_wrong() {
        assert!(matches!(
            "b2c3".parse::<Move>(),
            Err(ParseMoveError::MissingSeparator(_))
        ));
        assert!(matches!(
            "z2-c3".parse::<Move>(),
            Err(ParseMoveError::BadFrom(_))
        ));
        assert!(matches!(
            "b2-c9".parse::<Move>(),
            Err(ParseMoveError::BadTo(_))
        ));
        assert!(matches!(
            "-".parse::<Move>(),
            Err(ParseMoveError::BadFrom(_))
        ));
        assert!(matches!(
            "é-é".parse::<Move>(),
            Err(ParseMoveError::BadFrom(_))
        ));
    }
}
