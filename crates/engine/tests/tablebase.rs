//! The endgame tables against a solver that shares nothing with them: every position of
//! up to three stones, with either side to move, played out by the rules' own counters
//! (a table of values for each count of plies since the last capture, or each count of
//! plies left), compared with every probe.

use std::collections::HashMap;
use surakarta_engine::tablebase::{TableError, Tablebase, Value};
use surakarta_engine::{Bitboard, NoMoves, Position, Ruleset, Side};

/// Every position of 2 or 3 stones with both sides on the board and `side` to move.
fn positions(side: Side) -> Vec<Position> {
    let mut out = Vec::new();
    let bit = |i: usize| Bitboard(1u64 << i);
    for a in 0..36 {
        for b in 0..36 {
            if a == b {
                continue;
            }
            out.push(Position::from_parts(bit(a), bit(b), side, 0, 0));
            // A third stone after the first of its colour: each placement once.
            for c in a + 1..36 {
                if c != b {
                    out.push(Position::from_parts(bit(a) | bit(c), bit(b), side, 0, 0));
                }
            }
            for c in b + 1..36 {
                if c != a {
                    out.push(Position::from_parts(bit(a), bit(b) | bit(c), side, 0, 0));
                }
            }
        }
    }
    out
}

/// One move's result, as the solver sees it.
#[derive(Clone, Copy)]
enum Edge {
    /// Takes the last enemy stone.
    Wins,
    /// To another position: its node, and whether the move was a capture.
    To(usize, bool),
}

struct Graph {
    nodes: Vec<Position>,
    edges: Vec<Vec<Edge>>,
}

fn graph(rules: &Ruleset) -> Graph {
    let mut nodes = positions(Side::Red);
    nodes.extend(positions(Side::Black));
    let key = |p: &Position| {
        (
            p.stones(Side::Red).0,
            p.stones(Side::Black).0,
            p.side_to_move(),
        )
    };
    let index: HashMap<_, usize> = nodes.iter().enumerate().map(|(i, p)| (key(p), i)).collect();
    let edges = nodes
        .iter()
        .map(|p| {
            p.moves_with(rules.diagonal_steps)
                .iter()
                .map(|&m| {
                    let next = p.after(m);
                    if next.stones(next.side_to_move()).is_empty() {
                        Edge::Wins
                    } else {
                        Edge::To(index[&key(&next)], m.capture)
                    }
                })
                .collect()
        })
        .collect();
    Graph { nodes, edges }
}

/// Values (1 win, 0 draw, -1 loss for the side to move) of every node at every count of
/// plies since the last capture, 0..=limit, by the rules: a side without a move loses or
/// draws first, then the limit draws, else the best move.
fn by_counter(g: &Graph, rules: &Ruleset, limit: usize) -> Vec<Vec<i8>> {
    let mut v = vec![vec![0i8; limit + 1]; g.nodes.len()];
    // Captures lead to fewer stones; fewer stones first, counters from the top.
    let stones = |i: usize| g.nodes[i].occupied().count();
    for total in 2..=3 {
        for c in (0..=limit).rev() {
            for i in 0..g.nodes.len() {
                if stones(i) != total {
                    continue;
                }
                v[i][c] = if g.edges[i].is_empty() {
                    if rules.no_moves == NoMoves::Loses {
                        -1
                    } else {
                        0
                    }
                } else if c >= limit {
                    0
                } else {
                    g.edges[i]
                        .iter()
                        .map(|e| match *e {
                            Edge::Wins => 1,
                            Edge::To(j, true) => -v[j][0],
                            Edge::To(j, false) => -v[j][c + 1],
                        })
                        .max()
                        .expect("has moves")
                };
            }
        }
    }
    v
}

/// Values of every node with `k` plies left before a ply limit draws, 0..=most, and no
/// other limit.
fn by_plies_left(g: &Graph, rules: &Ruleset, most: usize) -> Vec<Vec<i8>> {
    let mut v = vec![vec![0i8; most + 1]; g.nodes.len()];
    for k in 0..=most {
        for i in 0..g.nodes.len() {
            v[i][k] = if g.edges[i].is_empty() {
                if rules.no_moves == NoMoves::Loses {
                    -1
                } else {
                    0
                }
            } else if k == 0 {
                0
            } else {
                g.edges[i]
                    .iter()
                    .map(|e| match *e {
                        Edge::Wins => 1,
                        Edge::To(j, _) => -v[j][k - 1],
                    })
                    .max()
                    .expect("has moves")
            };
        }
    }
    v
}

fn number(value: Value) -> i8 {
    match value {
        Value::Win => 1,
        Value::Draw => 0,
        Value::Loss => -1,
    }
}

fn check_counter_rules(rules: Ruleset) {
    let limit = rules.no_capture_limit.expect("a no-capture limit") as usize;
    let tables = Tablebase::build(&rules, 3, &mut |_| {}).expect("builds");
    let g = graph(&rules);
    let v = by_counter(&g, &rules, limit);
    let mut decided = 0;
    for (i, p) in g.nodes.iter().enumerate() {
        for (c, &expected) in v[i].iter().enumerate() {
            let at = Position::from_parts(
                p.stones(Side::Red),
                p.stones(Side::Black),
                p.side_to_move(),
                c as u32,
                c as u32,
            );
            let probe = tables.probe(&at).expect("in the table");
            assert_eq!(number(probe.value), expected, "{at}");
        }
        // The distance to a capture is how many counts the value survives.
        let probe = tables.probe(p).expect("in the table");
        if v[i][0] != 0 {
            decided += 1;
            let last = (0..=limit)
                .rev()
                .find(|&c| v[i][c] == v[i][0])
                .expect("at 0");
            let dtz = if g.edges[i].is_empty() {
                0
            } else {
                limit - last
            };
            assert_eq!(probe.dtz, Some(dtz as u32), "{p}");
        } else {
            assert_eq!((probe.dtz, probe.dtm), (None, None), "{p}");
        }
    }
    assert!(decided > 10_000, "{decided} decided positions: a weak test");
}

#[test]
fn values_and_capture_distances_match_a_solver_by_counter() {
    // Short limits, so that some wins are too long for them (they are draws).
    check_counter_rules(Ruleset {
        no_capture_limit: Some(10),
        ..Ruleset::STANDARD
    });
    check_counter_rules(Ruleset {
        no_capture_limit: Some(7),
        no_moves: NoMoves::Loses,
        diagonal_steps: false,
        ..Ruleset::STANDARD
    });
}

#[test]
fn distances_to_the_end_match_a_solver_by_plies_left() {
    let most = 40;
    for rules in [
        Ruleset::from_id("move-cap").expect("a preset"),
        Ruleset {
            no_capture_limit: None,
            ply_limit: None,
            ..Ruleset::STANDARD
        },
    ] {
        let tables = Tablebase::build(&rules, 3, &mut |_| {}).expect("builds");
        let g = graph(&rules);
        let v = by_plies_left(&g, &rules, most);
        for (i, p) in g.nodes.iter().enumerate() {
            let probe = tables.probe_with(p, None).expect("in the table");
            match (0..=most).find(|&k| v[i][k] != 0) {
                Some(k) => {
                    assert_eq!(number(probe.value), v[i][k], "{p}");
                    assert_eq!(probe.dtm, Some(k as u32), "{p}");
                }
                None => assert!(
                    probe.value == Value::Draw || probe.dtm.is_some_and(|d| d as usize > most),
                    "{p}: {probe:?}"
                ),
            }
            // Under a ply limit, what is left decides.
            if let Some(limit) = rules.ply_limit {
                let left = 9;
                let late = Position::from_parts(
                    p.stones(Side::Red),
                    p.stones(Side::Black),
                    p.side_to_move(),
                    0,
                    limit - left,
                );
                let probe = tables.probe_with(&late, rules.ply_limit).expect("in it");
                assert_eq!(number(probe.value), v[i][left as usize], "{late}");
            }
        }
    }
}

#[test]
fn tables_round_trip_through_bytes_and_refuse_damage() {
    let rules = Ruleset::STANDARD;
    let tables = Tablebase::build(&rules, 3, &mut |_| {}).expect("builds");
    let bytes = tables.to_bytes();
    assert_eq!(Tablebase::from_bytes(&bytes), Ok(tables.clone()));
    for cut in [0, 7, 20, bytes.len() / 2, bytes.len() - 1] {
        assert!(
            Tablebase::from_bytes(&bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 3] ^= 0x10;
    assert!(matches!(
        Tablebase::from_bytes(&flipped),
        Err(TableError::Corrupt(_))
    ));
    assert!(Tablebase::from_bytes(b"not a table at all, just some text").is_err());
    assert_eq!(tables.verify(&mut |_| {}), Ok(tables.entries()));
}

#[test]
fn tables_refuse_rules_they_cannot_be_exact_for() {
    let both = Ruleset {
        ply_limit: Some(160),
        ..Ruleset::STANDARD
    };
    assert!(matches!(
        Tablebase::build(&both, 3, &mut |_| {}),
        Err(TableError::Rules(_))
    ));
    assert!(matches!(
        Tablebase::build(&Ruleset::STANDARD, 9, &mut |_| {}),
        Err(TableError::Stones(9))
    ));
    let tables = Tablebase::build(&Ruleset::STANDARD, 2, &mut |_| {}).expect("builds");
    assert!(!tables.applies_to(&Ruleset::from_id("fifty-move").expect("a preset")));
    // Three stones are not in a two-stone table.
    let pos: Position = "6/6/6/6/b5/1r3r r 0 0".parse().expect("a position");
    assert_eq!(tables.probe(&pos), None);
}

mod with_the_engine {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;
    use surakarta_engine::ai::analysis::{MoveClass, analyse};
    use surakarta_engine::ai::{Engine, Limits, MATE, SearchControl};
    use surakarta_engine::tablebase::{Tablebase, Value};
    use surakarta_engine::{Game, Position, Ruleset};

    /// A won three-stone position (Red to move) with a move that throws the win away,
    /// found by the tables: the position, a winning move and the throwing move.
    fn won_with_a_way_to_throw_it(
        tables: &Tablebase,
    ) -> (
        Position,
        Vec<surakarta_engine::Move>,
        surakarta_engine::Move,
    ) {
        for fen in [
            "6/6/2b3/6/1r4/4r1 r 0 10",
            "6/1b4/6/6/2r3/3r2 r 0 10",
            "b5/6/6/3r2/6/r5 r 0 10",
            "6/6/6/1b4/6/r3r1 r 0 10",
        ] {
            let pos: Position = fen.parse().expect("a position");
            let probe = tables.probe(&pos).expect("three stones");
            if probe.value != Value::Win || probe.dtm.is_none_or(|d| d < 3) {
                continue;
            }
            let moves = tables.moves(&pos, None).expect("in the table");
            if let Some(thrown) = moves.iter().find(|m| m.probe.value != Value::Win) {
                let best = tables.best_moves(&pos, None).expect("in the table");
                return (pos, best, thrown.mv);
            }
        }
        panic!("none of the positions is a win that can be thrown away");
    }

    fn ctl_run<R>(f: impl FnOnce(&SearchControl) -> R) -> R {
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let clock = || started.elapsed();
        f(&SearchControl {
            stop: &stop,
            clock: &clock,
        })
    }

    #[test]
    fn a_hint_in_a_table_position_is_the_tables_move_and_analysis_says_win_in_n() {
        let tables =
            Arc::new(Tablebase::build(&Ruleset::STANDARD, 3, &mut |_| {}).expect("builds"));
        let (pos, best, thrown) = won_with_a_way_to_throw_it(&tables);
        let mut engine = Engine::new(1);
        engine.set_tables(Some(tables.clone()));
        let game = Game::from_position(pos, Ruleset::STANDARD);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let hint = ctl_run(|ctl| engine.hint(&game, limits, ctl)).expect("the game is on");
        assert!(
            best.contains(&hint.mv),
            "hint {} is not among {best:?}",
            hint.mv
        );
        // The engine's score is the table's distance to the end.
        let dtm = tables.probe(&pos).and_then(|p| p.dtm).expect("a win");
        let result = ctl_run(|ctl| engine.search(&game, limits, ctl, &mut |_| {}));
        assert_eq!(result.score, MATE - dtm as i32);

        // Throwing the win away is a blunder; the winning move is not.
        for (played, thrown_away) in [(thrown, true), (best[0], false)] {
            let mut g = game.clone();
            g.try_play(played).expect("legal");
            let judged = ctl_run(|ctl| analyse(&mut engine, &g, limits, ctl, &mut |_| {}));
            let a = judged[0];
            assert_eq!(
                a.table_before.map(|p| (p.value, p.dtm)),
                Some((Value::Win, Some(dtm)))
            );
            if thrown_away {
                assert_eq!(a.class, MoveClass::Blunder, "{played}");
                assert_ne!(a.table_after.map(|p| p.value), Some(Value::Win));
            } else {
                assert!(a.class <= MoveClass::Good, "{played}: {:?}", a.class);
                assert_eq!(a.table_after.map(|p| p.value), Some(Value::Win));
            }
        }
    }
}
