//! An independent move generator, written from `docs/rules.md` alone: the two circuits as the
//! rules list their 24 point-slots, walked one slot at a time, and steps to the eight
//! neighbours. No bitboards, no tables from the engine; slow and plain. The engine's legal
//! moves must be exactly these, on random positions and at every ply of random games.

mod common;

use common::position;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use surakarta_engine::{Game, Position, Ruleset, Side, Square};

/// The inner circuit walked in one direction, as docs/rules.md lists it; a loop follows every
/// sixth slot (at f1, f6, a6, a1).
const INNER: [&str; 24] = [
    "a2", "b2", "c2", "d2", "e2", "f2", "e1", "e2", "e3", "e4", "e5", "e6", "f5", "e5", "d5", "c5",
    "b5", "a5", "b6", "b5", "b4", "b3", "b2", "b1",
];

/// The outer circuit, likewise.
const OUTER: [&str; 24] = [
    "a3", "b3", "c3", "d3", "e3", "f3", "d1", "d2", "d3", "d4", "d5", "d6", "f4", "e4", "d4", "c4",
    "b4", "a4", "c6", "c5", "c4", "c3", "c2", "c1",
];

/// A point by its column (0 = a) and row (0 = row 1).
type Point = (usize, usize);

fn point(name: &str) -> Point {
    let b = name.as_bytes();
    ((b[0] - b'a') as usize, (b[1] - b'1') as usize)
}

fn name((c, r): Point) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// What stands on each point, `[column][row]`.
type Board = [[Option<Side>; 6]; 6];

fn board_of(pos: &Position) -> Board {
    let mut board = [[None; 6]; 6];
    for (c, column) in board.iter_mut().enumerate() {
        for (r, cell) in column.iter_mut().enumerate() {
            *cell = pos.at(name((c, r)).parse::<Square>().unwrap());
        }
    }
    board
}

/// A move as (from, to, capture).
type Plain = (String, String, bool);

/// Every legal move of `side` on `board`, by the rules' words.
fn legal(board: &Board, side: Side, diagonal: bool) -> BTreeSet<Plain> {
    let at = |(c, r): Point| board[c][r];
    let mut out = BTreeSet::new();
    for c in 0..6 {
        for r in 0..6 {
            if at((c, r)) != Some(side) {
                continue;
            }
            let from = (c, r);
            // A step: one point to a neighbour, onto an empty point.
            for dc in -1i32..=1 {
                for dr in -1i32..=1 {
                    if (dc, dr) == (0, 0) || (!diagonal && dc != 0 && dr != 0) {
                        continue;
                    }
                    let (tc, tr) = (c as i32 + dc, r as i32 + dr);
                    if (0..6).contains(&tc) && (0..6).contains(&tr) {
                        let to = (tc as usize, tr as usize);
                        if at(to).is_none() {
                            out.insert((name(from), name(to), false));
                        }
                    }
                }
            }
            // A capture: along each line of a circuit through the stone, both ways.
            for circuit in [INNER, OUTER] {
                let slots: Vec<Point> = circuit.iter().map(|n| point(n)).collect();
                for start in (0..24).filter(|&i| slots[i] == from) {
                    for dir in [1i32, -1] {
                        let mut slot = start;
                        let mut loops = 0;
                        for _ in 0..24 {
                            let next = (slot as i32 + dir).rem_euclid(24) as usize;
                            // A loop joins slot 5 to 6, 11 to 12, 17 to 18 and 23 to 0.
                            let (lo, hi) = if dir == 1 { (slot, next) } else { (next, slot) };
                            if lo % 6 == 5 && hi == (lo + 1) % 24 {
                                loops += 1;
                            }
                            slot = next;
                            if slot == start {
                                break; // all the way round
                            }
                            let p = slots[slot];
                            if p == from {
                                continue; // its own start is empty once it has left
                            }
                            if let Some(owner) = at(p) {
                                if loops > 0 && owner != side {
                                    out.insert((name(from), name(p), true));
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Leaf counts of the move tree `depth` plies deep, by the plain generator alone.
fn plain_perft(board: &Board, side: Side, diagonal: bool, depth: u32) -> u64 {
    let moves = legal(board, side, diagonal);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    moves
        .iter()
        .map(|(from, to, _)| {
            let (f, t) = (point(from), point(to));
            let mut next = *board;
            next[f.0][f.1] = None;
            next[t.0][t.1] = Some(side);
            plain_perft(&next, side.other(), diagonal, depth - 1)
        })
        .sum()
}

fn engine_moves(pos: &Position, diagonal: bool) -> BTreeSet<Plain> {
    pos.moves_with(diagonal)
        .iter()
        .map(|m| (m.from.to_string(), m.to.to_string(), m.capture))
        .collect()
}

fn check(pos: &Position, diagonal: bool) {
    let want = legal(&board_of(pos), pos.side_to_move(), diagonal);
    let got = engine_moves(pos, diagonal);
    assert_eq!(
        got,
        want,
        "{pos} (diagonal steps {diagonal}): the engine has {:?} too many, {:?} too few",
        got.difference(&want).collect::<Vec<_>>(),
        want.difference(&got).collect::<Vec<_>>()
    );
}

#[test]
fn the_rules_own_examples_hold_in_the_plain_generator() {
    // The start: no captures for either side.
    let start = Position::start(Side::Red);
    assert!(
        legal(&board_of(&start), Side::Red, true)
            .iter()
            .all(|m| !m.2)
    );
    // A capture round one loop: b3 along row 3 westward, round the loop at a1, up column c
    // ... reaches e3 only round loops; the engine's example capture b3xe3.
    let pos: Position = "6/6/6/1r2b1/6/6 r 0 0".parse().unwrap();
    assert!(legal(&board_of(&pos), Side::Red, true).contains(&("b3".into(), "e3".into(), true)));
    check(&pos, true);
}

#[test]
fn the_engine_plays_exactly_the_rules_moves_through_random_games() {
    let mut rng = SmallRng::seed_from_u64(2026);
    for game_no in 0..300 {
        let rules = if game_no % 3 == 0 {
            "standard,diagonal_steps=off".parse().unwrap()
        } else {
            Ruleset::default()
        };
        let mut game = Game::new(rules);
        for _ in 0..200 {
            check(game.position(), rules.diagonal_steps);
            let moves = game.moves();
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.random_range(0..moves.len())];
            game.try_play(m).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_plays_exactly_the_rules_moves_on_random_placements(
        pos in position(),
        diagonal in any::<bool>(),
    ) {
        check(&pos, diagonal);
    }
}

/// The perft counts in `data/positions.txt` (and `properties.rs`) were not worked out by
/// hand: they are the plain generator's, checked here against the engine's `perft`.
#[test]
fn perft_counts_agree_with_the_plain_generator() {
    let cases: [(&str, bool, &[u64]); 5] = [
        (
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
            true,
            &[16, 256, 5382, 111_122, 2_572_484],
        ),
        ("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0", false, &[]),
        // Captures from the first ply (data/positions.txt's routes).
        ("6/6/1b4/6/1r4/6 r 0 0", true, &[]),
        ("6/6/6/rb4/6/2r3 r 0 0", true, &[]),
        ("6/6/6/6/b4r/6 r 0 0", true, &[]),
    ];
    for (fen, diagonal, known) in cases {
        let pos: Position = fen.parse().unwrap();
        let board = board_of(&pos);
        let depths = if known.is_empty() {
            4
        } else {
            known.len() as u32
        };
        for depth in 1..=depths {
            let plain = plain_perft(&board, pos.side_to_move(), diagonal, depth);
            assert_eq!(
                surakarta_engine::perft(&pos, depth, diagonal),
                plain,
                "{fen} (diagonal steps {diagonal}): perft {depth}"
            );
            if let Some(&n) = known.get(depth as usize - 1) {
                assert_eq!(plain, n, "{fen}: the count written down at depth {depth}");
            }
        }
    }
}
