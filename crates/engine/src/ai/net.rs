//! Hard's second opinion: a small network's correction to the linear evaluation.
//!
//! Sixteen linear terms see material, threats and mobility but not where the stones stand
//! together. The network reads every stone (36 points for the side to move's stones, 36
//! for the other side's, the board turned so that the side to move's home rows are at the
//! bottom), passes them through 16 hidden units clipped to 0..1 and adds their weighted
//! sum, in hundredths of a stone, to the linear evaluation, in positions of
//! [`FEWEST_STONES`] or more. Hard, hints and analysis use it; the levels below Hard, the
//! puzzles and the answer to a draw offer do not (their margins are distances in the
//! linear evaluation; see `Engine::without_network`). It was fitted by the `tune`
//! example's `net` mode to the results of games between versions of Hard (how, and what
//! it is worth in play, in `docs/engine.md`); the weights are in `net_weights.rs`, written
//! by that mode. Integer arithmetic throughout, so every target evaluates alike.

use crate::position::Position;
use crate::square::Side;

/// The weights, written by the `tune` example's `net` mode: `HIDDEN` units; `INPUT` (a
/// column of the hidden units' weights for each input) and `BIAS` in the hidden layer's
/// fixed point, where a unit's clip at 1.0 is `ONE`; `OUTPUT` and `OUTPUT_BIAS` in
/// hundredths of a stone times `OUT_SCALE`.
mod weights {
    include!("net_weights.rs");
}
use weights::{ONE, OUT_SCALE};

/// The fewest stones the network corrects: the fewest it was fitted on.
pub const FEWEST_STONES: u32 = 6;

/// `stones` with the rows turned upside down (row 1 becomes row 6).
fn turned(stones: u64) -> u64 {
    let mut out = 0;
    for row in 0..6 {
        out |= (stones >> (6 * row) & 0o77) << (6 * (5 - row));
    }
    out
}

/// The network's inputs for `pos`: the side to move's stones and the other side's, as
/// 36-point boards (bit 0 is `a1`) turned so that the side to move's home rows are at the
/// bottom: with Black to move, the board is seen from Black's side.
pub fn inputs(pos: &Position) -> [u64; 2] {
    let us = pos.side_to_move();
    let (own, enemy) = (pos.stones(us).0, pos.stones(us.other()).0);
    if us == Side::Black {
        [turned(own), turned(enemy)]
    } else {
        [own, enemy]
    }
}

/// The network's correction to the linear evaluation of `pos`, in hundredths of a stone
/// for its side to move.
pub(crate) fn correction(pos: &Position) -> i32 {
    // It was fitted on positions of six stones or more (fewer are the endgame tables'):
    // below that it would guess, so the linear evaluation stands alone.
    if pos.occupied().count() < FEWEST_STONES {
        return 0;
    }
    let mut acc = weights::BIAS.map(i32::from);
    for (half, mut stones) in inputs(pos).into_iter().enumerate() {
        while stones != 0 {
            let point = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let column = &weights::INPUT[half * 36 + point];
            for (a, w) in acc.iter_mut().zip(column) {
                *a += i32::from(*w);
            }
        }
    }
    let sum: i32 = acc
        .iter()
        .zip(&weights::OUTPUT)
        .map(|(a, w)| (*a).clamp(0, ONE) * w)
        .sum();
    // Round to the nearest hundredth of a stone.
    let scale = ONE * OUT_SCALE;
    (sum + weights::OUTPUT_BIAS * ONE + scale / 2).div_euclid(scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Bitboard;

    #[test]
    fn turning_twice_gives_the_board_back_and_swaps_rows() {
        for pos in crate::position::random_positions(2_000) {
            let b = pos.occupied().0;
            assert_eq!(turned(turned(b)), b);
        }
        // a1 and f2 go to a6 and f5.
        assert_eq!(turned(1), 1 << 30);
        assert_eq!(turned(1 << 11), 1 << 29);
    }

    #[test]
    fn few_stones_are_left_to_the_linear_evaluation() {
        let few: Vec<Position> = crate::position::random_positions(20_000)
            .filter(|p| p.occupied().count() < FEWEST_STONES)
            .collect();
        assert!(few.len() > 10, "{} positions of few stones", few.len());
        for pos in few {
            assert_eq!(correction(&pos), 0, "{pos}");
        }
    }

    #[test]
    fn the_same_game_with_the_colours_swapped_is_corrected_alike() {
        // Red to move on one board, Black to move on the board turned over with the
        // colours swapped: the same position for the player to move.
        let mut seen = std::collections::HashSet::new();
        for pos in crate::position::random_positions(5_000) {
            let red = pos.with_side_to_move(Side::Red);
            seen.insert(correction(&red));
            let swapped = Position::from_parts(
                Bitboard(turned(red.stones(Side::Black).0)),
                Bitboard(turned(red.stones(Side::Red).0)),
                Side::Black,
                red.since_capture(),
                red.plies(),
            );
            assert_eq!(correction(&red), correction(&swapped), "{red} / {swapped}");
            let evaluate = |p: &Position| crate::ai::evaluate(p, true);
            assert_eq!(evaluate(&red), evaluate(&swapped), "{red} / {swapped}");
        }
        // And it does correct: the positions are told apart.
        assert!(seen.len() > 100, "{} different corrections", seen.len());
    }
}
