//! The two circuits and their loops, precomputed once at compile time.
//!
//! A circuit is a cyclic list of 24 point-slots (`docs/rules.md` draws both circuits and
//! lists their walks, which `tests/rules_doc.rs` compares with [`Circuit::slots`]). A
//! capture walks it from the slot of its start square that runs in the chosen direction.
//! To find the first occupied point in one step, the occupancy of a circuit is kept as a
//! 24-bit word, one bit a slot, in two orders: forward (bit `s` is slot `s`) and reversed
//! (bit `t` is slot `-t mod 24`), so that a walk in either direction is a rotation and a
//! `trailing_zeros`.

use crate::square::{Bitboard, Square};
use std::fmt;

/// One of the two circuits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Circuit {
    /// Columns `b`, `e` and rows `2`, `5`, joined by the small loops (radius 1).
    Inner,
    /// Columns `c`, `d` and rows `3`, `4`, joined by the large loops (radius 2).
    Outer,
}

impl Circuit {
    /// Both circuits, inner first.
    pub const BOTH: [Circuit; 2] = [Circuit::Inner, Circuit::Outer];

    /// Radius of this circuit's loops in units of the line spacing.
    pub const fn radius(self) -> u8 {
        match self {
            Circuit::Inner => 1,
            Circuit::Outer => 2,
        }
    }

    /// The 24 slots of the circuit in walking order, starting from the `a` end of its lower row.
    pub fn slots(self) -> [Square; 24] {
        SLOTS[self as usize].map(|i| Square::new(i).expect("table holds board squares"))
    }

    /// The points that lie on this circuit's lines.
    pub fn points(self) -> Bitboard {
        self.slots().into_iter().collect()
    }

    /// The circuit that `sq`'s column belongs to, if any.
    pub const fn of_column(col: i8) -> Option<Circuit> {
        match col {
            1 | 4 => Some(Circuit::Inner),
            2 | 3 => Some(Circuit::Outer),
            _ => None,
        }
    }

    /// The circuit that a row belongs to, if any.
    pub const fn of_row(row: i8) -> Option<Circuit> {
        Self::of_column(row)
    }
}

/// One of the four orthogonal directions a capture can leave in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards row 6.
    North,
    /// Towards column `f`.
    East,
    /// Towards row 1.
    South,
    /// Towards column `a`.
    West,
}

impl Direction {
    /// All four, in the order used to break ties between routes.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The one-letter name used by the CLI: `n`, `e`, `s` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }

    /// Column and row change of one step this way.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A loop a route goes round: the corner it sits at and the circuit it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loop {
    /// The corner point the loop curls around (`a1`, `f1`, `a6` or `f6`).
    pub corner: Square,
    /// Inner (small) or outer (large) loop.
    pub circuit: Circuit,
}

impl Loop {
    /// All eight loops.
    pub fn all() -> [Loop; 8] {
        let c = |i| Square::new(i).expect("corner");
        let mut out = [Loop {
            corner: c(0),
            circuit: Circuit::Inner,
        }; 8];
        for (i, corner) in [0, 5, 30, 35].into_iter().enumerate() {
            out[i] = Loop {
                corner: c(corner),
                circuit: Circuit::Inner,
            };
            out[i + 4] = Loop {
                corner: c(corner),
                circuit: Circuit::Outer,
            };
        }
        out
    }

    /// The two line ends this loop joins, the row end first.
    pub fn ends(self) -> (Square, Square) {
        let r = self.circuit.radius() as i8;
        let (cc, cr) = (self.corner.col(), self.corner.row());
        let toward = |v: i8| if v == 0 { r } else { 5 - r };
        let row_end = Square::at(cc, toward(cr)).expect("on board");
        let col_end = Square::at(toward(cc), cr).expect("on board");
        (row_end, col_end)
    }

    /// The loop that joins `a` and `b` (in either order), if they are the two ends of one.
    pub fn joining(a: Square, b: Square) -> Option<Loop> {
        Loop::all().into_iter().find(|l| {
            let (x, y) = l.ends();
            (x, y) == (a, b) || (y, x) == (a, b)
        })
    }
}

const fn slot_list(r: i8) -> [u8; 24] {
    let mut out = [0u8; 24];
    let mut i = 0;
    while i < 6 {
        let k = i as i8;
        out[i] = (r * 6 + k) as u8; // row r, eastward
        out[6 + i] = (k * 6 + (5 - r)) as u8; // column 5-r, northward
        out[12 + i] = ((5 - r) * 6 + (5 - k)) as u8; // row 5-r, westward
        out[18 + i] = ((5 - k) * 6 + r) as u8; // column r, southward
        i += 1;
    }
    out
}

const SLOTS: [[u8; 24]; 2] = [slot_list(1), slot_list(2)];

/// Direction of travel when walking forward through slot `s`.
const fn slot_dir(s: usize) -> Direction {
    match s / 6 {
        0 => Direction::East,
        1 => Direction::North,
        2 => Direction::West,
        _ => Direction::South,
    }
}

const fn opposite(d: Direction) -> Direction {
    match d {
        Direction::North => Direction::South,
        Direction::East => Direction::West,
        Direction::South => Direction::North,
        Direction::West => Direction::East,
    }
}

/// A precomputed walk from one square in one direction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    /// Which occupancy word to read: `circuit * 2 + reversed`; 4 means no circuit line.
    pub space: u8,
    /// The start slot in that word's order.
    pub start: u8,
    /// The bits of the start square in that word (one or two slots).
    pub own: u32,
    /// `(24 - start) % 24`: the left shift that completes the rotation to the start.
    pub rot: u8,
    /// `path[k]` is the square `k` slots along the walk (`path[0]` is the start).
    pub path: [u8; 32],
    /// `loops[k]` is the number of loops passed in the first `k` slots of the walk.
    pub loops: [u8; 32],
}

pub(crate) const NO_SPACE: u8 = 4;

const fn build_rays() -> [[Ray; 4]; 36] {
    let empty = Ray {
        space: NO_SPACE,
        start: 0,
        own: 0,
        rot: 0,
        path: [0; 32],
        loops: [0; 32],
    };
    let mut rays = [[empty; 4]; 36];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 24 {
            let sq = SLOTS[c][s] as usize;
            let fwd = slot_dir(s);
            let mut back = 0;
            while back < 2 {
                let reversed = back == 1;
                let dir = if reversed { opposite(fwd) } else { fwd };
                let start = if reversed { (24 - s) % 24 } else { s };
                let mut ray = Ray {
                    space: (c * 2 + back) as u8,
                    start: start as u8,
                    own: 0,
                    rot: ((24 - start) % 24) as u8,
                    path: [0; 32],
                    loops: [0; 32],
                };
                let mut k = 0;
                let mut loops = 0u8;
                while k < 24 {
                    let slot = if reversed {
                        (s + 24 - k) % 24
                    } else {
                        (s + k) % 24
                    };
                    if k > 0 {
                        // A loop lies between slots 6m+5 and 6m+6.
                        let prev = if reversed {
                            (slot + 1) % 24
                        } else {
                            (slot + 23) % 24
                        };
                        if (reversed && prev % 6 == 0) || (!reversed && slot % 6 == 0) {
                            loops += 1;
                        }
                    }
                    ray.path[k] = SLOTS[c][slot];
                    ray.loops[k] = loops;
                    if SLOTS[c][slot] as usize == sq {
                        ray.own |= 1 << ((start + k) % 24);
                    }
                    k += 1;
                }
                rays[sq][dir as usize] = ray;
                back += 1;
            }
            s += 1;
        }
        c += 1;
    }
    rays
}

const RAYS_CONST: [[Ray; 4]; 36] = build_rays();

/// `RAYS[square][direction]`: the walk from that square that way (`space` is [`NO_SPACE`]
/// where no circuit line runs that way).
pub(crate) static RAYS: [[Ray; 4]; 36] = RAYS_CONST;

/// Per circuit and slot, read twice over (slot `i` and `i + 24` are the same; 48 to 63 pad
/// the table so that a masked index is in range): the square there, and the mask that
/// clears that square's own slots from a doubled occupancy word.
const WALK_TABLES: ([[u8; 64]; 2], [[u64; 64]; 2]) = {
    let mut squares = [[0u8; 64]; 2];
    let mut clear = [[!0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 48 {
            let sq = SLOTS[c][i % 24];
            let own = SPACE_BITS_CONST[sq as usize][c * 2] as u64;
            squares[c][i] = sq;
            clear[c][i] = !(own | own << 24);
            i += 1;
        }
        c += 1;
    }
    (squares, clear)
};
static WALK_SQUARES: [[u8; 64]; 2] = WALK_TABLES.0;
static WALK_CLEAR: [[u64; 64]; 2] = WALK_TABLES.1;

/// The most walks [`loop_walks`] finds: two circuits, four lines each, two directions.
pub(crate) const MAX_LOOP_WALKS: usize = 16;

/// The walks along the circuits that get past a loop: the only ones that capture, defend
/// or count as an open line.
///
/// A loop lies between every two consecutive lines of a circuit (slots `6m..6m+5` are one
/// line). A walk that meets a stone on its own line before the line's end is blocked; so
/// only the last stone of a line walking forward and the first walking backward get past
/// a loop: at most 16 walks, where a walk from every stone would be up to 96.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LoopWalks {
    /// `(from, to)` square indices of the walks that end on a stone (of either side), in
    /// the order found.
    pub hits: [(u8, u8); MAX_LOOP_WALKS],
    /// How many of `hits` are used.
    pub len: usize,
    /// Walks that get past a loop, hit or not, from each side's stones (by side index).
    pub open: [u32; 2],
}

impl LoopWalks {
    /// The walks that end on a stone.
    #[inline]
    pub fn hits(&self) -> &[(u8, u8)] {
        &self.hits[..self.len]
    }
}

/// The walks that get past a loop in a position with these circuit words and these Black
/// stones (every other occupied point is Red's).
///
/// Each circuit's forward word is doubled (bits 24 to 47 repeat bits 0 to 23) so that a walk
/// is one shift and one bit scan: forward from the last stone of line `m`, the lowest
/// occupied slot from line `m + 1` on; backward from the first stone of line `m`, the
/// highest below line `m` (read in the upper copy). The walking stone's own slots are
/// cleared first: a walk passes through its own start point.
#[inline]
pub(crate) fn loop_walks(words: &[u32; 4], black: u64) -> LoopWalks {
    let mut out = LoopWalks {
        hits: [(0, 0); MAX_LOOP_WALKS],
        len: 0,
        open: [0; 2],
    };
    let (mut walks, mut black_walks) = (0u32, 0u32);
    for c in 0..2 {
        let w = u64::from(words[c * 2]);
        let twice = w | w << 24;
        let (squares, clear) = (&WALK_SQUARES[c], &WALK_CLEAR[c]);
        for m in 0..4usize {
            let line = (w >> (6 * m)) & 63;
            if line == 0 {
                continue;
            }
            walks += 2;
            // Forward from the line's last stone: the lowest slot from line m + 1 on.
            let last = (6 * m + (63 - line.leading_zeros()) as usize) & 63;
            let from = squares[last];
            black_walks += (black >> from) as u32 & 1;
            let ahead = (twice & clear[last]) >> (6 * m + 6);
            if ahead != 0 {
                let to = squares[(6 * m + 6 + ahead.trailing_zeros() as usize) & 63];
                out.hits[out.len & (MAX_LOOP_WALKS - 1)] = (from, to);
                out.len += 1;
            }
            // Backward from the line's first stone: the highest slot below line m, read in
            // the upper copy, or failing that the highest of all (past slot 0 the walk
            // goes on from slot 23).
            let first = (6 * m + line.trailing_zeros() as usize) & 63;
            let from = squares[first];
            black_walks += (black >> from) as u32 & 1;
            let behind = twice & clear[first] & ((1u64 << (6 * m + 24)) - 1);
            if behind != 0 {
                let to = squares[(63 - behind.leading_zeros() as usize) & 63];
                out.hits[out.len & (MAX_LOOP_WALKS - 1)] = (from, to);
                out.len += 1;
            }
        }
    }
    out.open = [walks - black_walks, black_walks];
    out
}

const fn build_space_bits() -> [[u32; 4]; 36] {
    let mut bits = [[0u32; 4]; 36];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 24 {
            let sq = SLOTS[c][s] as usize;
            bits[sq][c * 2] |= 1 << s;
            bits[sq][c * 2 + 1] |= 1 << ((24 - s) % 24);
            s += 1;
        }
        c += 1;
    }
    bits
}

const SPACE_BITS_CONST: [[u32; 4]; 36] = build_space_bits();

/// For each square, its slot bits in each of the four occupancy words.
pub(crate) static SPACE_BITS: [[u32; 4]; 36] = SPACE_BITS_CONST;

/// The four occupancy words (inner forward, inner reversed, outer forward, outer reversed)
/// of a set of occupied squares.
#[inline]
pub(crate) fn circuit_words(occupied: Bitboard) -> [u32; 4] {
    let mut w = [0u32; 4];
    for sq in occupied {
        let b = &SPACE_BITS[sq.index()];
        w[0] |= b[0];
        w[1] |= b[1];
        w[2] |= b[2];
        w[3] |= b[3];
    }
    w
}

/// Distance along `ray` (a circuit ray) to the first occupied slot other than the start,
/// if any; always below 24. Masks keep every index in range, so no bounds checks remain.
#[inline]
pub(crate) fn first_hit(ray: &Ray, words: &[u32; 4]) -> Option<usize> {
    let occ = words[(ray.space & 3) as usize] & !ray.own;
    if occ == 0 {
        return None;
    }
    let rotated = ((occ >> ray.start) | (occ << ray.rot)) & 0x00FF_FFFF;
    Some((rotated.trailing_zeros() & 31) as usize)
}

const fn build_neighbours(diagonal: bool) -> [u64; 36] {
    let mut out = [0u64; 36];
    let mut sq = 0;
    while sq < 36 {
        let (c, r) = ((sq % 6) as i8, (sq / 6) as i8);
        let mut dc = -1;
        while dc <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let straight = dc == 0 || dr == 0;
                if (dc != 0 || dr != 0) && (diagonal || straight) {
                    let (nc, nr) = (c + dc, r + dr);
                    if nc >= 0 && nc < 6 && nr >= 0 && nr < 6 {
                        out[sq] |= 1 << (nr * 6 + nc);
                    }
                }
                dr += 1;
            }
            dc += 1;
        }
        sq += 1;
    }
    out
}

/// Step targets of each square: `[orthogonal only, with diagonals]`.
pub(crate) static NEIGHBOURS: [[u64; 36]; 2] = [build_neighbours(false), build_neighbours(true)];

#[cfg(test)]
mod tests {
    use super::*;

    fn names(squares: &[Square]) -> String {
        squares
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn circuits_match_the_rules() {
        assert_eq!(
            names(&Circuit::Inner.slots()),
            "a2 b2 c2 d2 e2 f2 e1 e2 e3 e4 e5 e6 f5 e5 d5 c5 b5 a5 b6 b5 b4 b3 b2 b1"
        );
        assert_eq!(
            names(&Circuit::Outer.slots()),
            "a3 b3 c3 d3 e3 f3 d1 d2 d3 d4 d5 d6 f4 e4 d4 c4 b4 a4 c6 c5 c4 c3 c2 c1"
        );
    }

    #[test]
    fn corners_lie_on_no_circuit_and_every_other_point_on_one() {
        let on_any = Circuit::Inner.points() | Circuit::Outer.points();
        for sq in Square::all() {
            assert_eq!(on_any.has(sq), !sq.is_corner(), "{sq}");
        }
    }

    #[test]
    fn loops_join_the_line_ends_nearest_their_corner() {
        let l = Loop::joining("f2".parse().unwrap(), "e1".parse().unwrap()).unwrap();
        assert_eq!(
            (l.corner.to_string(), l.circuit),
            ("f1".to_string(), Circuit::Inner)
        );
        let l = Loop::joining("c6".parse().unwrap(), "a4".parse().unwrap()).unwrap();
        assert_eq!(
            (l.corner.to_string(), l.circuit),
            ("a6".to_string(), Circuit::Outer)
        );
        assert!(Loop::joining("a2".parse().unwrap(), "b1".parse().unwrap()).is_some());
        assert!(Loop::joining("a2".parse().unwrap(), "a3".parse().unwrap()).is_none());
    }

    #[test]
    fn every_circuit_point_has_rays_along_its_lines_only() {
        for sq in Square::all() {
            for d in Direction::ALL {
                let along_column = matches!(d, Direction::North | Direction::South);
                let line = if along_column {
                    Circuit::of_column(sq.col())
                } else {
                    Circuit::of_row(sq.row())
                };
                let ray = &RAYS[sq.index()][d as usize];
                assert_eq!(ray.space != NO_SPACE, line.is_some(), "{sq} {d}");
                if let Some(c) = line {
                    assert_eq!(ray.space / 2, c as u8);
                    let (dc, dr) = d.delta();
                    let next = Square::at(sq.col() + dc, sq.row() + dr);
                    // The first slot is the neighbour that way, or a loop when at the edge.
                    match next {
                        Some(n) => assert_eq!((ray.path[1], ray.loops[1]), (n.index() as u8, 0)),
                        None => assert_eq!(ray.loops[1], 1),
                    }
                    assert!(matches!(ray.loops[23], 3 | 4));
                }
            }
        }
    }
}
