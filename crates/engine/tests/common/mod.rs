//! What the property tests share.

use proptest::prelude::*;
use surakarta_engine::{Bitboard, Position, Side, Square};

/// A random position: each point empty, Red or Black, at most 12 stones a side.
pub fn position() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(0u8..3, 36),
        any::<bool>(),
        0u32..60,
        0u32..300,
    )
        .prop_map(|(cells, black, since, plies)| {
            let (mut red, mut blk) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for (i, c) in cells.iter().enumerate() {
                let sq = Square::new(i as u8).unwrap().bb();
                match c {
                    1 if red.count() < 12 => red |= sq,
                    2 if blk.count() < 12 => blk |= sq,
                    _ => {}
                }
            }
            let side = if black { Side::Black } else { Side::Red };
            Position::from_parts(red, blk, side, since, plies)
        })
}
