//! A position: where the stones stand, whose turn it is, and the two counters.

use crate::circuit::{self, Direction, MAX_LOOP_WALKS, NEIGHBOURS, NO_SPACE, RAYS};
use crate::moves::{Move, MoveList, Route};
use crate::square::{Bitboard, Side, Square};

/// The placement of the stones, the side to move, the plies since the last capture and
/// the plies played. Small and `Copy`: search plays moves by copying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    stones: [Bitboard; 2],
    side: Side,
    since_capture: u32,
    plies: u32,
    hash: u64,
    /// The circuits' occupancy words (see `circuit`), kept up to date move by move.
    words: [u32; 4],
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not a legal move here", self.0)
    }
}

impl std::error::Error for IllegalMove {}

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_table() -> [[u64; 36]; 2] {
    let mut keys = [[0u64; 36]; 2];
    let mut i = 0;
    while i < 72 {
        keys[i / 36][i % 36] = splitmix(0x5u64.wrapping_mul(i as u64 + 1) ^ 0x5355_5241_4B41_5254);
        i += 1;
    }
    keys
}

static ZOBRIST: [[u64; 36]; 2] = zobrist_table();
const ZOBRIST_BLACK_TO_MOVE: u64 = splitmix(0xB1AC_0000_0000_0001);

impl Position {
    /// The start position: Red on rows 1-2, Black on rows 5-6, `first` to move.
    pub fn start(first: Side) -> Position {
        Position::from_parts(Bitboard(0o7777), Bitboard(0o7777 << 24), first, 0, 0)
    }

    /// The largest value either counter takes: a position string with more is refused,
    /// and play goes no further (a game of a million plies is no game a person plays, and
    /// no input can make the counters overflow).
    pub const MAX_COUNTER: u32 = 999_999;

    /// A position from its parts. The hash is computed here. The counters are kept within
    /// [`Position::MAX_COUNTER`], the plies since a capture within the plies played.
    pub fn from_parts(
        red: Bitboard,
        black: Bitboard,
        side: Side,
        since_capture: u32,
        plies: u32,
    ) -> Position {
        let black = Bitboard(black.0 & !red.0 & Bitboard::FULL.0);
        let red = Bitboard(red.0 & Bitboard::FULL.0);
        let mut hash = if side == Side::Black {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        for (s, bb) in [red, black].into_iter().enumerate() {
            for sq in bb {
                hash ^= ZOBRIST[s][sq.index()];
            }
        }
        let words = circuit::circuit_words(red | black);
        let plies = plies.min(Position::MAX_COUNTER);
        Position {
            stones: [red, black],
            side,
            since_capture: since_capture.min(plies),
            plies,
            hash,
            words,
        }
    }

    /// The stones of one side.
    pub fn stones(&self, side: Side) -> Bitboard {
        self.stones[side.index()]
    }

    /// All stones.
    pub fn occupied(&self) -> Bitboard {
        self.stones[0] | self.stones[1]
    }

    /// The side whose stone stands on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.stones(*s).has(sq))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Plies played since the last capture (or since the game's start).
    pub fn since_capture(&self) -> u32 {
        self.since_capture
    }

    /// Plies played in all.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// A hash of the placement and the side to move (not the counters): equal for the
    /// positions that count as a repetition.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The same position with another side to move.
    pub fn with_side_to_move(mut self, side: Side) -> Position {
        if side != self.side {
            self.side = side;
            self.hash ^= ZOBRIST_BLACK_TO_MOVE;
        }
        self
    }

    /// The enemy stones the stone on `from` can capture (empty if `from` is empty).
    pub fn capture_targets(&self, from: Square) -> Bitboard {
        let Some(side) = self.at(from) else {
            return Bitboard::EMPTY;
        };
        let enemy = self.stones(side.other()).0;
        let mut targets = 0u64;
        for &(start, to) in self.loop_walks().hits() {
            if usize::from(start) == from.index() {
                targets |= enemy & 1 << to;
            }
        }
        Bitboard(targets)
    }

    /// Every enemy stone that `side` could capture if it were to move now.
    pub fn attacked_by(&self, side: Side) -> Bitboard {
        self.attacked_in(&self.loop_walks(), side)
    }

    /// [`Position::attacked_by`] from this position's walks, already found.
    #[inline]
    pub(crate) fn attacked_in(&self, walks: &circuit::LoopWalks, side: Side) -> Bitboard {
        let own = self.stones(side).0;
        let enemy = self.stones(side.other()).0;
        let mut all = 0u64;
        for &(from, to) in walks.hits() {
            if own >> from & 1 != 0 {
                all |= enemy & 1 << to;
            }
        }
        Bitboard(all)
    }

    /// The walks past a loop in this position (see [`circuit::loop_walks`]).
    #[inline]
    pub(crate) fn loop_walks(&self) -> circuit::LoopWalks {
        circuit::loop_walks(&self.words, self.stones[Side::Black.index()].0)
    }

    /// The captures of the side to move from this position's walks, already found: in
    /// generation order (by start point, then target), each once (a stone may reach a
    /// target both ways round).
    #[inline]
    pub(crate) fn captures(&self, walks: &circuit::LoopWalks) -> Captures {
        let own = self.stones(self.side).0;
        let enemy = self.stones(self.side.other()).0;
        let mut out = Captures {
            keys: [0; MAX_LOOP_WALKS],
            len: 0,
        };
        let keys = &mut out.keys;
        let mut n = 0;
        for &(from, to) in walks.hits() {
            if own >> from & 1 == 0 || enemy >> to & 1 == 0 {
                continue;
            }
            let key = u16::from(from) << 8 | u16::from(to);
            let mut i = n;
            while i > 0 && keys[i - 1] > key {
                i -= 1;
            }
            if i > 0 && keys[i - 1] == key {
                continue;
            }
            // A few keys at most: moved one by one rather than by a call to memmove.
            for j in (i..n).rev() {
                keys[j + 1] = keys[j];
            }
            keys[i] = key;
            n += 1;
        }
        out.len = n;
        out
    }

    /// Legal moves with diagonal steps allowed (the default rule).
    pub fn moves(&self) -> MoveList {
        self.moves_with(true)
    }

    /// Legal moves of the side to move; `diagonal_steps` follows the rule set. Captures
    /// come first, then steps, each in square order.
    pub fn moves_with(&self, diagonal_steps: bool) -> MoveList {
        let mut list = MoveList::new();
        self.captures_into(&mut list);
        self.steps_into(diagonal_steps, &mut list);
        list
    }

    /// Appends the legal captures of the side to move.
    pub fn captures_into(&self, list: &mut MoveList) {
        self.captures_in(&self.loop_walks(), list);
    }

    /// [`Position::captures_into`] from this position's walks, already found.
    #[inline]
    pub(crate) fn captures_in(&self, walks: &circuit::LoopWalks, list: &mut MoveList) {
        for m in self.captures(walks).iter() {
            list.push(m);
        }
    }

    /// Appends the legal steps of the side to move.
    pub fn steps_into(&self, diagonal_steps: bool, list: &mut MoveList) {
        let empty = !self.occupied();
        let table = &NEIGHBOURS[usize::from(diagonal_steps)];
        for from in self.stones(self.side) {
            for to in Bitboard(table[from.index()]) & empty {
                list.push(Move::step(from, to));
            }
        }
    }

    /// Number of legal moves, counted without listing them (perft's last ply).
    pub fn count_moves(&self, diagonal_steps: bool) -> u64 {
        let empty = !self.occupied();
        let table = &NEIGHBOURS[usize::from(diagonal_steps)];
        let mut n = self.captures(&self.loop_walks()).len as u64;
        for from in self.stones(self.side) {
            n += u64::from((Bitboard(table[from.index()]) & empty).count());
        }
        n
    }

    /// True when the side to move has at least one legal move.
    pub fn has_moves(&self, diagonal_steps: bool) -> bool {
        let empty = !self.occupied();
        let table = &NEIGHBOURS[usize::from(diagonal_steps)];
        let own = self.stones(self.side);
        own.into_iter()
            .any(|sq| !(Bitboard(table[sq.index()]) & empty).is_empty())
            || !self.attacked_by(self.side).is_empty()
    }

    /// True when `m` is legal here.
    pub fn is_legal(&self, m: Move, diagonal_steps: bool) -> bool {
        if !self.stones(self.side).has(m.from) {
            return false;
        }
        if m.capture {
            self.capture_targets(m.from).has(m.to) && self.stones(self.side.other()).has(m.to)
        } else {
            let table = &NEIGHBOURS[usize::from(diagonal_steps)];
            Bitboard(table[m.from.index()]).has(m.to) && !self.occupied().has(m.to)
        }
    }

    /// Plays `m` if it is legal, or leaves the position as it was.
    pub fn try_play(&mut self, m: Move, diagonal_steps: bool) -> Result<(), IllegalMove> {
        if self.is_legal(m, diagonal_steps) {
            self.play(m);
            Ok(())
        } else {
            Err(IllegalMove(m))
        }
    }

    /// Plays a move known to be legal (from move generation). Checked play is
    /// [`Position::try_play`].
    #[inline]
    pub fn play(&mut self, m: Move) {
        let us = self.side.index();
        let them = 1 - us;
        let (from, to) = (m.from.index(), m.to.index());
        self.stones[us].0 ^= (1 << from) | (1 << to);
        let (gone, came) = (&circuit::SPACE_BITS[from], &circuit::SPACE_BITS[to]);
        for i in 0..4 {
            // A capture leaves its target occupied: only the start empties.
            self.words[i] ^= gone[i] ^ if m.capture { 0 } else { came[i] };
        }
        self.hash ^= ZOBRIST[us][from] ^ ZOBRIST[us][to] ^ ZOBRIST_BLACK_TO_MOVE;
        if m.capture {
            self.stones[them].0 &= !(1 << to);
            self.hash ^= ZOBRIST[them][to];
            self.since_capture = 0;
        } else {
            // Both stay within MAX_COUNTER (from_parts sees to it), so neither can overflow.
            self.since_capture = (self.since_capture + 1).min(Position::MAX_COUNTER);
        }
        self.plies = (self.plies + 1).min(Position::MAX_COUNTER);
        self.side = self.side.other();
    }

    /// The position after `m` (which must be legal).
    pub fn after(&self, m: Move) -> Position {
        let mut p = *self;
        p.play(m);
        p
    }

    /// Every route by which the stone on `m.from` reaches `m.to` as a capture, preferred
    /// first. Empty for a step or a capture that is not possible here.
    pub fn routes(&self, m: Move) -> Vec<Route> {
        let Some(side) = self.at(m.from) else {
            return Vec::new();
        };
        if !m.capture || self.at(m.to) != Some(side.other()) {
            return Vec::new();
        }
        let words = self.words;
        let mut routes = Vec::new();
        for dir in Direction::ALL {
            let ray = &RAYS[m.from.index()][dir as usize];
            if ray.space == NO_SPACE {
                continue;
            }
            let Some(k) = circuit::first_hit(ray, &words) else {
                continue;
            };
            if ray.path[k] as usize == m.to.index() && ray.loops[k] > 0 {
                let points = ray.path[1..=k]
                    .iter()
                    .map(|&i| Square::new(i).expect("path holds board squares"))
                    .collect();
                routes.push(Route {
                    from: m.from,
                    dir,
                    points,
                    loops: ray.loops[k],
                });
            }
        }
        routes.sort_by_key(Route::preference);
        routes
    }

    /// The route shown for a capture: fewest loops, then fewest points, then N, E, S, W.
    pub fn preferred_route(&self, m: Move) -> Option<Route> {
        self.routes(m).into_iter().next()
    }
}

/// Counts the leaves of the move tree `depth` plies deep, with no game-end cut-offs.
pub fn perft(pos: &Position, depth: u32, diagonal_steps: bool) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(diagonal_steps),
        _ => {
            let list = pos.moves_with(diagonal_steps);
            list.iter()
                .map(|&m| perft(&pos.after(m), depth - 1, diagonal_steps))
                .sum()
        }
    }
}

/// The captures of a position, at most one per walk past a loop: a short list kept
/// without filling a whole [`MoveList`].
pub(crate) struct Captures {
    /// `from << 8 | to`, in generation order.
    keys: [u16; MAX_LOOP_WALKS],
    len: usize,
}

impl Captures {
    /// The captures as moves.
    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.keys[..self.len].iter().map(|&key| {
            let from = Square::from_table((key >> 8) as u8);
            let to = Square::from_table(key as u8);
            Move::capture(from, to)
        })
    }
}

/// Random positions for the tests that check the fast move generation and evaluation
/// against the plain walk from every stone.
#[cfg(test)]
pub(crate) fn random_positions(count: usize) -> impl Iterator<Item = Position> {
    let mut state = 0x5EED_u64;
    (0..count).map(move |i| {
        let mut next = || {
            state = splitmix(state);
            state
        };
        // From nearly empty boards, where walks go all the way round, to full ones.
        let density = 1 + (i % 12) as u64;
        let (mut red, mut black) = (0u64, 0u64);
        for sq in 0..36 {
            let r = next();
            if r % 13 < density {
                if r >> 32 & 1 == 0 {
                    red |= 1 << sq;
                } else {
                    black |= 1 << sq;
                }
            }
        }
        let side = if next() & 1 == 0 {
            Side::Red
        } else {
            Side::Black
        };
        Position::from_parts(Bitboard(red), Bitboard(black), side, 0, 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The captures of `side`, found the plain way: a capture from each of its stones to
    /// each enemy stone that a route reaches (`routes` walks the rays from the start point
    /// in all four directions, square by square through the precomputed paths), in
    /// generation order.
    fn captures_by_routes(pos: &Position, side: Side) -> Vec<Move> {
        let mut out = Vec::new();
        for from in pos.stones(side) {
            for to in pos.stones(side.other()) {
                let m = Move::capture(from, to);
                if !pos.routes(m).is_empty() {
                    out.push(m);
                }
            }
        }
        out
    }

    #[test]
    fn walks_past_loops_find_the_captures_the_routes_find() {
        for pos in random_positions(20_000) {
            let mut fast = MoveList::new();
            pos.captures_into(&mut fast);
            let slow = captures_by_routes(&pos, pos.side_to_move());
            assert_eq!(fast.as_slice(), slow.as_slice(), "{pos}");
            for side in Side::BOTH {
                let slow = captures_by_routes(&pos, side);
                let targets: Bitboard = slow.iter().map(|m| m.to).collect();
                assert_eq!(pos.attacked_by(side), targets, "{pos} {side}");
                for from in pos.stones(side) {
                    let of_from: Bitboard = slow
                        .iter()
                        .filter(|m| m.from == from)
                        .map(|m| m.to)
                        .collect();
                    assert_eq!(pos.capture_targets(from), of_from, "{pos} {from}");
                }
            }
        }
    }
}
