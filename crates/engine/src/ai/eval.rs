//! The evaluation: what a Surakarta player sees in a quiet position.
//!
//! Scores are in hundredths of a stone from the side to move's point of view.

use crate::circuit::{self, LoopWalks};
use crate::position::Position;
use crate::square::{Bitboard, Side};

/// One stone.
pub const STONE: i32 = 100;

/// Per side: what its stones attack, defend and control.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct SideView {
    /// Enemy stones this side can capture now.
    pub attacks: Bitboard,
    /// Own stones that a capture route of another own stone ends on: a capturer that
    /// takes one of them can be taken back.
    pub defends: Bitboard,
    /// Number of distinct capture moves.
    pub captures: u32,
    /// Routes that get past their first loop (open lines of attack).
    pub open_rays: u32,
    /// Step moves.
    pub steps: u32,
}

/// Attack, defence and mobility of both sides (by side index), from the position's walks
/// past a loop (see [`circuit::loop_walks`]).
pub(crate) fn side_views(pos: &Position, walks: &LoopWalks, diagonal: bool) -> [SideView; 2] {
    let black = pos.stones(Side::Black).0;
    let mut v = [SideView::default(); 2];
    let mut captures = [[0u16; circuit::MAX_LOOP_WALKS]; 2];
    for &(from, to) in walks.hits() {
        let side = (black >> from & 1) as usize;
        let view = &mut v[side];
        if (black >> to & 1) as usize == side {
            view.defends.0 |= 1 << to;
            continue;
        }
        view.attacks.0 |= 1 << to;
        // A stone that reaches a target both ways round has one capture of it.
        let key = u16::from(from) << 8 | u16::from(to);
        let n = view.captures as usize & (circuit::MAX_LOOP_WALKS - 1);
        if !captures[side][..n].contains(&key) {
            captures[side][n] = key;
            view.captures += 1;
        }
    }
    let empty = (!pos.occupied()).0;
    for side in Side::BOTH {
        let view = &mut v[side.index()];
        view.open_rays = walks.open[side.index()];
        view.steps = steps(pos.stones(side).0, empty, diagonal);
    }
    v
}

/// Columns `a` to `e`: the points with a neighbour to the east.
const WEST_OF_F: u64 = 0o3737_3737_3737;
/// Columns `b` to `f`: the points with a neighbour to the west.
const EAST_OF_A: u64 = WEST_OF_F << 1;

/// The number of step moves of `stones` onto `empty` points (counted a direction at a
/// time: each shift moves every stone one step at once).
fn steps(stones: u64, empty: u64, diagonal: bool) -> u32 {
    let (w, e) = (stones & EAST_OF_A, stones & WEST_OF_F);
    let mut n = ((e << 1) & empty).count_ones() + ((w >> 1) & empty).count_ones();
    n += ((stones << 6) & empty).count_ones() + ((stones >> 6) & empty).count_ones();
    if diagonal {
        n += ((e << 7) & empty).count_ones() + ((w << 5) & empty).count_ones();
        n += ((e >> 5) & empty).count_ones() + ((w >> 7) & empty).count_ones();
    }
    n
}

const fn line_values() -> [i32; 36] {
    let mut out = [0; 36];
    let mut sq = 0;
    while sq < 36 {
        let (c, r) = (sq % 6, sq / 6);
        let on_col = c >= 1 && c <= 4;
        let on_row = r >= 1 && r <= 4;
        out[sq] = on_col as i32 + on_row as i32;
        sq += 1;
    }
    out
}

/// How many circuit lines pass through each point (0 at the corners, 2 inside).
const LINES: [i32; 36] = line_values();

/// The points on at least one circuit line, and on two.
const ON_A_LINE: u64 = line_set(1);
const ON_TWO_LINES: u64 = line_set(2);

const fn line_set(at_least: i32) -> u64 {
    let mut out = 0;
    let mut sq = 0;
    while sq < 36 {
        if LINES[sq] >= at_least {
            out |= 1 << sq;
        }
        sq += 1;
    }
    out
}

/// The circuit line masks: columns b, e (inner), c, d (outer), rows 2, 5, 3, 4.
const LINE_MASKS: [u64; 8] = {
    let mut out = [0u64; 8];
    let lines = [1, 4, 2, 3];
    let mut i = 0;
    while i < 4 {
        let mut k = 0;
        while k < 6 {
            out[i] |= 1 << (k * 6 + lines[i]);
            out[i + 4] |= 1 << (lines[i] * 6 + k);
            k += 1;
        }
        i += 1;
    }
    out
};

/// How many terms the evaluation weighs (see [`eval_terms`]).
pub const TERMS: usize = 16;

/// The names of the evaluation's terms, in the order of [`eval_terms`] and [`WEIGHTS`].
pub const TERM_NAMES: [&str; TERMS] = [
    "stones ahead",
    "stones ahead, times the stones gone",
    "their second and further free targets",
    "their first free target",
    "our defended stones they attack",
    "their stones we attack, undefended",
    "their stones we attack, defended",
    "open lines of attack",
    "capture moves",
    "step moves",
    "points on a circuit line",
    "circuit lines occupied",
    "our stones defended",
    "stones side by side",
    "stones in a corner",
    "inner circuit lines occupied",
];

/// A weight for each term of [`eval_terms`], in hundredths of a stone per unit.
pub type Weights = [i32; TERMS];

/// Hard's weights (and the hints', the analysis' and the protocol's): fitted to the
/// results of 2,000 self-play games by the `tune` example (Texel's method; the numbers
/// and the matches are in `docs/engine.md`).
pub const WEIGHTS: Weights = [
    100, -1, 15, 9, 17, 5, 3, -4, 32, -1, 20, 18, 5, -11, -14, 18,
];

/// The weights set by hand that the levels below Hard play with: their margins and
/// temperatures were measured by matches with these, and a level's margin is a distance
/// in this evaluation.
pub const LADDER_WEIGHTS: Weights = [100, 4, -70, -12, -6, 20, 6, 4, 5, 2, 3, 6, 0, 0, 0, 0];

/// Weights that count the stones alone: the analysis's search that asks whether a move
/// gives away stones the search can see, not only the position's finer points.
pub const STONES_ONLY: Weights = [100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// Points with a neighbour to the north (rows 1 to 5).
const SOUTH_OF_TOP: u64 = (1 << 30) - 1;

/// The corners: on no circuit line.
const CORNERS: u64 = 1 | 1 << 5 | 1 << 30 | 1 << 35;

/// The evaluation's terms for the side to move: each counts something of ours minus the
/// same of theirs, or a danger or pressure the side to move faces. [`evaluate`] is their
/// sum weighted by [`WEIGHTS`]; the tuner (the `tune` example) fits those weights to the
/// results of games.
pub fn eval_terms(pos: &Position, diagonal: bool) -> [i32; TERMS] {
    terms_in(pos, &pos.loop_walks(), diagonal)
}

fn terms_in(pos: &Position, walks: &LoopWalks, diagonal: bool) -> [i32; TERMS] {
    let us = pos.side_to_move();
    let them = us.other();
    let (own, enemy) = (pos.stones(us), pos.stones(them));
    let (n_us, n_them) = (own.count() as i32, enemy.count() as i32);
    let views = side_views(pos, walks, diagonal);
    let (mine, theirs) = (views[us.index()], views[them.index()]);
    let total = n_us + n_them;

    // Their threats: we move next and can save one stone, so the danger is a second
    // stone left hanging. A defended stone under attack invites only a trade.
    let attacked = theirs.attacks;
    let hanging = (attacked & !mine.defends).count() as i32;
    let defended = (attacked & mine.defends).count() as i32;
    // Our threats: pressure the opponent must answer.
    let our_hanging = (mine.attacks & !theirs.defends).count() as i32;
    let diff = |f: fn(u64) -> i32| f(own.0) - f(enemy.0);
    // The circuit lines each side holds, one bit a line, in LINE_MASKS' order.
    let held = |s: u64| {
        LINE_MASKS
            .iter()
            .enumerate()
            .fold(0u32, |bits, (i, m)| bits | u32::from(s & m != 0) << i)
    };
    let (held_us, held_them) = (held(own.0), held(enemy.0));
    // Columns b and e and rows 2 and 5.
    const INNER: u32 = 0b0011_0011;
    [
        n_us - n_them,
        (n_us - n_them) * (24 - total),
        (hanging - 1).max(0),
        hanging.min(1),
        defended,
        our_hanging,
        mine.attacks.count() as i32 - our_hanging,
        mine.open_rays as i32 - theirs.open_rays as i32,
        mine.captures as i32 - theirs.captures as i32,
        mine.steps as i32 - theirs.steps as i32,
        diff(|s| ((s & ON_A_LINE).count_ones() + (s & ON_TWO_LINES).count_ones()) as i32),
        held_us.count_ones() as i32 - held_them.count_ones() as i32,
        (mine.defends & own).count() as i32 - (theirs.defends & enemy).count() as i32,
        diff(|s| {
            let beside = (s & WEST_OF_F) << 1 & s;
            let above = (s & SOUTH_OF_TOP) << 6 & s;
            (beside.count_ones() + above.count_ones()) as i32
        }),
        diff(|s| (s & CORNERS).count_ones() as i32),
        (held_us & INNER).count_ones() as i32 - (held_them & INNER).count_ones() as i32,
    ]
}

/// The static evaluation of a position, for its side to move, as Hard sees it: the terms
/// weighed by [`WEIGHTS`] and the network's correction (see [`net_inputs`](super::net_inputs)).
pub fn evaluate(pos: &Position, diagonal: bool) -> i32 {
    evaluate_in(pos, &pos.loop_walks(), diagonal, &WEIGHTS) + super::net::correction(pos)
}

/// The terms of [`eval_terms`] weighed by `weights` (no network), from the position's
/// walks past a loop, already found.
pub(crate) fn evaluate_in(
    pos: &Position,
    walks: &LoopWalks,
    diagonal: bool,
    weights: &Weights,
) -> i32 {
    let terms = terms_in(pos, walks, diagonal);
    terms.iter().zip(weights).map(|(t, w)| t * w).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse().unwrap(), true)
    }

    /// The view walked from every stone in every direction, as the rules describe it.
    fn side_view_stone_by_stone(pos: &Position, side: Side, diagonal: bool) -> SideView {
        let words = crate::circuit::circuit_words(pos.occupied());
        let own = pos.stones(side);
        let enemy = pos.stones(side.other());
        let table = &crate::circuit::NEIGHBOURS[usize::from(diagonal)];
        let mut v = SideView::default();
        for from in own {
            v.steps += (Bitboard(table[from.index()]) & !pos.occupied()).count();
            let mut targets = Bitboard::EMPTY;
            let rays = circuit::RAYS[from.index()].iter();
            for ray in rays.filter(|r| r.space != circuit::NO_SPACE) {
                match circuit::first_hit(ray, &words) {
                    Some(k) if ray.loops[k] > 0 => {
                        v.open_rays += 1;
                        let to = crate::square::Square::new(ray.path[k]).unwrap();
                        if enemy.has(to) {
                            targets |= Bitboard::from_iter([to]);
                        } else if own.has(to) {
                            v.defends |= Bitboard::from_iter([to]);
                        }
                    }
                    Some(_) => {}
                    None => v.open_rays += 1,
                }
            }
            v.captures += targets.count();
            v.attacks |= targets;
        }
        v
    }

    #[test]
    fn views_from_the_walks_past_loops_match_walks_from_every_stone() {
        for pos in crate::position::random_positions(20_000) {
            for diagonal in [true, false] {
                let fast = side_views(&pos, &pos.loop_walks(), diagonal);
                for side in Side::BOTH {
                    let slow = side_view_stone_by_stone(&pos, side, diagonal);
                    assert_eq!(fast[side.index()], slow, "{pos} {side} diagonal {diagonal}");
                }
            }
        }
    }

    #[test]
    fn start_position_is_balanced() {
        let start: Position = "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0".parse().unwrap();
        let mirrored = eval("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr b 0 0");
        assert_eq!(evaluate(&start, true), mirrored);
        // Every term counts ours against theirs, or a threat: none at the start. What is
        // left is the network's credit for having the move, about a stone there (the side
        // that moves first wins most games between equals: in 400 games of Hard against
        // itself from balanced openings Red won 197 and lost 84), never two.
        assert_eq!(eval_terms(&start, true), [0; TERMS]);
        assert!((0..2 * STONE).contains(&mirrored), "{mirrored}");
    }

    #[test]
    fn a_stone_ahead_is_better() {
        // Any one stone taken from the start, from either side: the side that keeps it is
        // better off than at the start, whichever side is to move.
        for side_to_move in Side::BOTH {
            let start = Position::start(Side::Red).with_side_to_move(side_to_move);
            let even = evaluate(&start, true);
            for side in Side::BOTH {
                for sq in start.stones(side) {
                    let mut stones = [start.stones(Side::Red), start.stones(Side::Black)];
                    stones[side.index()].0 &= !(1 << sq.index());
                    let pos = Position::from_parts(stones[0], stones[1], side_to_move, 0, 0);
                    let score = evaluate(&pos, true);
                    if side == side_to_move {
                        assert!(
                            score < even - STONE / 4,
                            "{pos}: {score}, {even} at the start"
                        );
                    } else {
                        assert!(
                            score > even + STONE / 4,
                            "{pos}: {score}, {even} at the start"
                        );
                    }
                }
            }
        }
    }
}
