//! Points of the board, the two sides and sets of points.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};
use std::str::FromStr;

/// One of the 36 intersections, `a1` (bottom-left as Red sees the board) to `f6`.
///
/// The index runs row by row from the bottom: `a1` is 0, `f1` is 5, `a2` is 6, `f6` is 35.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 36;

    /// The square with this index (0..36), or `None`.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Self::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// A square index read from one of the engine's own tables, which hold only board
    /// squares.
    #[inline]
    pub(crate) const fn from_table(index: u8) -> Square {
        debug_assert!((index as usize) < Self::COUNT);
        Square(index)
    }

    /// The square at a column (0 = `a`) and row (0 = `1`), or `None` off the board.
    pub const fn at(col: i8, row: i8) -> Option<Square> {
        if col >= 0 && col < 6 && row >= 0 && row < 6 {
            Some(Square((row * 6 + col) as u8))
        } else {
            None
        }
    }

    /// Index 0..36.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..6 (`a` is 0).
    pub const fn col(self) -> i8 {
        (self.0 % 6) as i8
    }

    /// Row 0..6 (row `1` is 0).
    pub const fn row(self) -> i8 {
        (self.0 / 6) as i8
    }

    /// The set holding only this square.
    pub const fn bb(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// Every square, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    /// True for `a1`, `f1`, `a6` and `f6`, the points on no circuit line.
    pub const fn is_corner(self) -> bool {
        matches!(self.0, 0 | 5 | 30 | 35)
    }

    /// The square seen from the other side of the board (turned by half a circle).
    pub const fn rotated(self) -> Square {
        Square(35 - self.0)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSquareError {
    /// The text is not two characters long.
    BadLength(String),
    /// The column letter is not one of `a`..`f`.
    BadColumn(char),
    /// The row digit is not one of `1`..`6`.
    BadRow(char),
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadLength(s) => write!(f, "a point is a letter a-f and a digit 1-6, not {s:?}"),
            Self::BadColumn(c) => write!(f, "column {c:?} is not one of a-f"),
            Self::BadRow(c) => write!(f, "row {c:?} is not one of 1-6"),
        }
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let (Some(c), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError::BadLength(s.to_owned()));
        };
        let col = match c {
            'a'..='f' => c as i8 - 'a' as i8,
            _ => return Err(ParseSquareError::BadColumn(c)),
        };
        let row = match r {
            '1'..='6' => r as i8 - '1' as i8,
            _ => return Err(ParseSquareError::BadRow(r)),
        };
        Ok(Square((row * 6 + col) as u8))
    }
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Starts on rows 1-2, at the bottom.
    Red,
    /// Starts on rows 5-6, at the top.
    Black,
}

impl Side {
    /// Both sides, Red first.
    pub const BOTH: [Side; 2] = [Side::Red, Side::Black];

    /// The opponent.
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position strings: `r` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Black => 'b',
        }
    }

    /// The side named by a position-string letter.
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'r' => Some(Side::Red),
            'b' => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Red => "Red",
            Side::Black => "Black",
        })
    }
}

/// A set of squares, one bit a square (bit `i` is the square with index `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 36 squares.
    pub const FULL: Bitboard = Bitboard((1 << 36) - 1);

    /// Number of squares in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `sq` is in the set.
    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// The lowest square of the set, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Self::FULL.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |bb, sq| bb | sq.bb())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("f6".parse::<Square>().map(Square::index), Ok(35));
        assert_eq!(
            "c2".parse::<Square>().map(|s| (s.col(), s.row())),
            Ok((2, 1))
        );
    }

    #[test]
    fn bad_square_names_are_rejected() {
        assert_eq!(
            "g1".parse::<Square>(),
            Err(ParseSquareError::BadColumn('g'))
        );
        assert_eq!("a7".parse::<Square>(), Err(ParseSquareError::BadRow('7')));
        assert_eq!(
            "A1".parse::<Square>(),
            Err(ParseSquareError::BadColumn('A'))
        );
        assert!(matches!(
            "a".parse::<Square>(),
            Err(ParseSquareError::BadLength(_))
        ));
        assert!(matches!(
            "a10".parse::<Square>(),
            Err(ParseSquareError::BadLength(_))
        ));
        assert!(matches!(
            "é1".parse::<Square>(),
            Err(ParseSquareError::BadColumn('é'))
        ));
    }

    #[test]
    fn bitboard_iterates_in_square_order() {
        let bb: Bitboard = ["c3", "a1", "f6"]
            .iter()
            .map(|s| s.parse::<Square>().unwrap())
            .collect();
        let names: Vec<String> = bb.map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "c3", "f6"]);
        assert_eq!((!Bitboard::EMPTY).count(), 36);
    }
}
