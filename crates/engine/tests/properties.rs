//! Properties over random positions and arbitrary text.

mod common;

use common::position;
use proptest::prelude::*;
use surakarta_engine::{Game, Move, Position, Record, Ruleset, Side, Square, perft};

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn try_play_accepts_exactly_the_generated_moves(pos in position(), diagonal in any::<bool>()) {
        let list = pos.moves_with(diagonal);
        for from in Square::all() {
            for to in Square::all() {
                for capture in [false, true] {
                    let m = Move { from, to, capture };
                    let mut p = pos;
                    let ok = p.try_play(m, diagonal).is_ok();
                    prop_assert_eq!(ok, list.contains(&m), "{} in {}", m, pos);
                    if !ok {
                        prop_assert_eq!(p, pos, "a refused move changes nothing");
                    }
                }
            }
        }
        prop_assert_eq!(pos.count_moves(diagonal), list.len() as u64);
    }

    #[test]
    fn every_capture_has_a_route_ending_on_its_target(pos in position()) {
        for &m in pos.moves().iter() {
            let routes = pos.routes(m);
            prop_assert_eq!(m.capture, !routes.is_empty());
            for r in &routes {
                prop_assert_eq!(r.target(), m.to);
                prop_assert!(r.loops >= 1);
                // Every point before the target is empty or the start itself.
                for p in &r.points[..r.points.len() - 1] {
                    prop_assert!(*p == m.from || pos.at(*p).is_none());
                }
            }
            let prefs: Vec<_> = routes.iter().map(|r| r.preference()).collect();
            prop_assert!(prefs.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn corners_never_capture_nor_are_captured(pos in position()) {
        for &m in pos.moves().iter().filter(|m| m.capture) {
            prop_assert!(!m.from.is_corner() && !m.to.is_corner());
        }
    }

    #[test]
    fn playing_a_move_keeps_the_hash_and_counters_right(pos in position()) {
        for &m in pos.moves().iter() {
            let next = pos.after(m);
            let fresh: Position = next.to_string().parse().unwrap();
            // Everything kept incrementally (hash, circuit words) equals a fresh build.
            prop_assert_eq!(next, fresh);
            prop_assert_eq!(next.plies(), pos.plies() + 1);
            prop_assert_eq!(next.since_capture(), if m.capture { 0 } else { pos.since_capture() + 1 });
            prop_assert_eq!(next.stones(pos.side_to_move()).count(), pos.stones(pos.side_to_move()).count());
        }
    }

    #[test]
    fn positions_round_trip_through_text(pos in position()) {
        prop_assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(s in ".{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Square>();
        let _ = s.parse::<Ruleset>();
        if let Ok(r) = s.parse::<Record>() {
            let _ = r.to_game();
        }
    }

    #[test]
    fn parsers_never_panic_on_near_miss_text(
        s in "[rb1-7/ ]{0,30} [rbw] [0-9-]{0,3} [0-9]{0,3}",
        m in "[a-g][0-7][-x][a-g][0-7]",
        rec in r#"(\[[A-Za-z]{1,8} "[^"\n]{0,12}"\]\n){0,3}\n?([0-9]{1,2}\.{1,3} )?([a-f][1-6][-x][a-f][1-6] ){0,4}(1-0|0-1|\*)?"#,
    ) {
        let _ = s.parse::<Position>();
        let _ = m.parse::<Move>();
        if let Ok(r) = rec.parse::<Record>() {
            let _ = r.to_game();
        }
    }

    #[test]
    fn random_games_round_trip_through_records(seed in any::<u64>(), rules in 0usize..4) {
        let rules = Ruleset::PRESETS[rules].rules;
        let mut game = Game::new(rules);
        let mut x = seed | 1;
        while game.outcome().is_none() && game.history().len() < 200 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            let moves = game.moves();
            let m = moves.as_slice()[(x % moves.len() as u64) as usize];
            game.try_play(m).unwrap();
        }
        let text = Record::from_game(&game, "A", "B").to_string();
        let back = text.parse::<Record>().unwrap().to_game().unwrap();
        prop_assert_eq!(back.history(), game.history());
        prop_assert_eq!(back.outcome(), game.outcome());
        prop_assert_eq!(back.position(), game.position());
    }
}

#[test]
fn every_non_corner_point_can_capture_and_be_captured() {
    for sq in Square::all().filter(|s| !s.is_corner()) {
        // A lone red stone on `sq` and a lone black stone somewhere: some placement works.
        let mut can_capture = false;
        let mut can_be_captured = false;
        for other in Square::all().filter(|o| *o != sq) {
            let p = Position::from_parts(sq.bb(), other.bb(), Side::Red, 0, 0);
            can_capture |= !p.capture_targets(sq).is_empty();
            let q = Position::from_parts(other.bb(), sq.bb(), Side::Red, 0, 0);
            can_be_captured |= q.capture_targets(other).has(sq);
        }
        assert!(can_capture && can_be_captured, "{sq}");
    }
}

/// The counts are the plain generator's: `tests/independent.rs` computes them from
/// docs/rules.md alone and checks them against the engine's perft.
#[test]
fn start_position_perft_to_depth_five() {
    let start = Position::start(Side::Red);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&start, d, true)).collect();
    assert_eq!(counts, [16, 256, 5382, 111_122, 2_572_484]);
    // Neither side can capture at the start.
    assert!(start.attacked_by(Side::Red).is_empty());
    assert!(start.attacked_by(Side::Black).is_empty());
}
