//! Position strings: `bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0`, the placement from row 6
//! down to row 1, the side to move and two ply counters (`docs/rules.md`, "Notation").

use crate::position::Position;
use crate::square::{Bitboard, Side, Square};
use std::fmt;
use std::str::FromStr;

/// The start position with Red to move, as a position string.
pub const START_FEN: &str = "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0";

/// Why a position string could not be read. Rows are named as on the board (6 is the
/// first row of the string, 1 the last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The string does not have the four space-separated fields.
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// The placement does not have six rows separated by `/`.
    RowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A character in a row is not `r`, `b` or a digit 1-6.
    BadChar {
        /// Board row (1-6).
        row: u8,
        /// The character.
        ch: char,
    },
    /// A row does not describe exactly six points.
    RowLength {
        /// Board row (1-6).
        row: u8,
        /// How many points it describes.
        points: usize,
    },
    /// A side has more than its 12 stones.
    TooManyStones {
        /// The side.
        side: Side,
        /// How many it has.
        count: u32,
    },
    /// The side to move is not `r` or `b`.
    BadSide(String),
    /// A counter is not a whole number written as usual (digits only, no leading zero).
    BadCounter {
        /// `"plies since capture"` or `"plies played"`.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// A counter is larger than [`Position::MAX_COUNTER`].
    CounterTooLarge {
        /// `"plies since capture"` or `"plies played"`.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// More plies since the last capture than plies played: no game gets there.
    CountersDisagree {
        /// Plies since the last capture.
        since_capture: u32,
        /// Plies played.
        plies: u32,
    },
    /// Two digits side by side in a row (`15` for `6`): each run of empty points is
    /// one digit.
    AdjacentDigits {
        /// Board row (1-6).
        row: u8,
    },
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::FieldCount { found } => write!(
                f,
                "a position has 4 fields (placement, side, plies since capture, plies played), found {found}"
            ),
            Self::RowCount { found } => write!(
                f,
                "the placement has 6 rows separated by '/', found {found}"
            ),
            Self::BadChar { row, ch } => {
                write!(f, "row {row}: {ch:?} is not 'r', 'b' or a digit 1-6")
            }
            Self::RowLength { row, points } => {
                write!(f, "row {row} describes {points} points, not 6")
            }
            Self::TooManyStones { side, count } => {
                write!(f, "{side} has {count} stones; a side has at most 12")
            }
            Self::BadSide(s) => write!(f, "side to move must be 'r' or 'b', not {s:?}"),
            Self::BadCounter { field, text } => write!(
                f,
                "{field} must be a whole number written without sign or leading zeros, not {text:?}"
            ),
            Self::CounterTooLarge { field, text } => write!(
                f,
                "{field} {text} is more than the largest count, {}",
                Position::MAX_COUNTER
            ),
            Self::CountersDisagree {
                since_capture,
                plies,
            } => write!(
                f,
                "{since_capture} plies since the last capture but only {plies} plies played"
            ),
            Self::AdjacentDigits { row } => write!(
                f,
                "row {row}: two digits side by side; a run of empty points is one digit 1-6"
            ),
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        // A text editor's byte-order mark is not part of the position.
        let s = s.strip_prefix('\u{feff}').unwrap_or(s);
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(ParsePositionError::FieldCount {
                found: fields.len(),
            });
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 6 {
            return Err(ParsePositionError::RowCount { found: rows.len() });
        }
        let mut stones = [Bitboard::EMPTY; 2];
        for (i, text) in rows.iter().enumerate() {
            let row = 5 - i as i8;
            let board_row = row as u8 + 1;
            let mut col = 0usize;
            let mut after_digit = false;
            for ch in text.chars() {
                match ch {
                    '1'..='6' if after_digit => {
                        return Err(ParsePositionError::AdjacentDigits { row: board_row });
                    }
                    '1'..='6' => col += ch as usize - '0' as usize,
                    'r' | 'b' => {
                        if let Some(sq) = Square::at(col as i8, row) {
                            let side = if ch == 'r' { Side::Red } else { Side::Black };
                            stones[side.index()] |= sq.bb();
                        }
                        col += 1;
                    }
                    _ => return Err(ParsePositionError::BadChar { row: board_row, ch }),
                }
                after_digit = ch.is_ascii_digit();
            }
            if col != 6 {
                return Err(ParsePositionError::RowLength {
                    row: board_row,
                    points: col,
                });
            }
        }
        for side in Side::BOTH {
            let count = stones[side.index()].count();
            if count > 12 {
                return Err(ParsePositionError::TooManyStones { side, count });
            }
        }
        let side = match fields[1] {
            "r" => Side::Red,
            "b" => Side::Black,
            other => return Err(ParsePositionError::BadSide(other.to_owned())),
        };
        let counter = |field: &'static str, text: &str| {
            let written = !text.is_empty()
                && text.bytes().all(|b| b.is_ascii_digit())
                && (text == "0" || !text.starts_with('0'));
            if !written {
                return Err(ParsePositionError::BadCounter {
                    field,
                    text: text.to_owned(),
                });
            }
            text.parse::<u32>()
                .ok()
                .filter(|n| *n <= Position::MAX_COUNTER)
                .ok_or_else(|| ParsePositionError::CounterTooLarge {
                    field,
                    text: text.to_owned(),
                })
        };
        let since_capture = counter("plies since capture", fields[2])?;
        let plies = counter("plies played", fields[3])?;
        if since_capture > plies {
            return Err(ParsePositionError::CountersDisagree {
                since_capture,
                plies,
            });
        }
        Ok(Position::from_parts(
            stones[0],
            stones[1],
            side,
            since_capture,
            plies,
        ))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..6).rev() {
            let mut empty = 0;
            for col in 0..6 {
                let sq = Square::at(col, row).expect("on board");
                match self.at(sq) {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", side.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side_to_move().letter(),
            self.since_capture(),
            self.plies()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let p: Position = START_FEN.parse().unwrap();
        assert_eq!(p, Position::start(Side::Red));
        assert_eq!(p.to_string(), START_FEN);
        assert_eq!(p.stones(Side::Red).count(), 12);
        assert!(p.stones(Side::Red).has("a1".parse().unwrap()));
        assert!(p.stones(Side::Black).has("f6".parse().unwrap()));
    }

    #[test]
    fn mixed_rows_round_trip() {
        for fen in [
            "r4b/1r1b2/6/2rr2/6/b4r b 7 31",
            "6/6/6/6/6/6 r 0 0",
            "rbrbrb/6/6/6/6/bbbbbb r 12 99",
        ] {
            assert_eq!(fen.parse::<Position>().unwrap().to_string(), fen);
        }
    }

    #[test]
    fn bad_positions_say_where() {
        use ParsePositionError::*;
        let err = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(err(""), FieldCount { found: 0 });
        assert_eq!(err("6/6/6/6/6/6 r 0"), FieldCount { found: 3 });
        assert_eq!(err("6/6/6/6/6 r 0 0"), RowCount { found: 5 });
        assert_eq!(err("6/6/6/2x3/6/6 r 0 0"), BadChar { row: 3, ch: 'x' });
        assert_eq!(err("6/6/6/6/6/5 r 0 0"), RowLength { row: 1, points: 5 });
        assert_eq!(err("6/6/6/6/6/66 r 0 0"), AdjacentDigits { row: 1 });
        assert_eq!(err("6/6/6/6/6/6r6 r 0 0"), RowLength { row: 1, points: 13 });
        assert_eq!(err("7/6/6/6/6/6 r 0 0"), BadChar { row: 6, ch: '7' });
        assert_eq!(err("6/6/6/6/6/6 w 0 0"), BadSide("w".into()));
        assert!(matches!(err("6/6/6/6/6/6 r -1 0"), BadCounter { .. }));
        assert!(matches!(err("6/6/6/6/6/6 r 0 +4"), BadCounter { .. }));
        assert!(matches!(err("6/6/6/6/6/6 r 0 007"), BadCounter { .. }));
        assert!(matches!(
            err("6/6/6/6/6/6 r 0 99999999999"),
            CounterTooLarge { .. }
        ));
        assert!(matches!(
            err("6/6/6/6/6/6 r 0 4294967295"),
            CounterTooLarge { .. }
        ));
        assert_eq!(
            err("6/6/6/6/6/6 r 9 4"),
            CountersDisagree {
                since_capture: 9,
                plies: 4
            }
        );
        assert_eq!(err("6/6/6/15/6/6 r 0 0"), AdjacentDigits { row: 3 });
        // The whole row is counted, also past six points.
        assert_eq!(err("6/6/6/6/6/r6rr r 0 0"), RowLength { row: 1, points: 9 });
        assert_eq!(
            err("6/6/6/6/6/6 r 0 1000000").to_string(),
            "plies played 1000000 is more than the largest count, 999999"
        );
        // A byte-order mark from a text editor is not part of it.
        let p: Position = "\u{feff}6/6/6/6/b4r/6 r 0 0".parse().unwrap();
        assert_eq!(p.to_string(), "6/6/6/6/b4r/6 r 0 0");
        assert_eq!(
            err("rrrrrr/rrrrrr/r5/6/6/6 r 0 0"),
            TooManyStones {
                side: Side::Red,
                count: 13
            }
        );
    }
}
