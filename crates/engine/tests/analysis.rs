//! The analysis as a player reads it: a move that was the only one, or the analysis's own
//! choice, is never marked and never shown a "better" move that is itself; the evaluation
//! does not jump at such a move; and a move the hint gave is not called a mistake.

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use surakarta_engine::ai::analysis::{MoveClass, PlyAnalysis, VERIFY_FACTOR, analyse};
use surakarta_engine::ai::{Engine, Level, Limits, STONE, SearchControl};
use surakarta_engine::{Game, Position, Ruleset, Side};

fn run<R>(f: impl FnOnce(&SearchControl) -> R) -> R {
    let stop = AtomicBool::new(false);
    // A clock that never moves: the searches end on their depth, the same every run.
    let clock = || Duration::ZERO;
    f(&SearchControl {
        stop: &stop,
        clock: &clock,
    })
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// What a player would call wrong in one judged move.
fn faults(a: &PlyAnalysis) -> Vec<String> {
    let mut wrong = Vec::new();
    if a.class != MoveClass::Best && a.best == Some(a.played) {
        wrong.push(format!("ply {} {} marked, better: itself", a.ply, a.played));
    }
    if a.forced && a.class != MoveClass::Best {
        wrong.push(format!(
            "ply {} {} forced, marked {:?}",
            a.ply, a.played, a.class
        ));
    }
    if a.unmarkable() && a.eval_before != a.eval_after {
        wrong.push(format!(
            "ply {} {}: the evaluation jumps {} -> {} at a move that gave nothing away",
            a.ply, a.played, a.eval_before, a.eval_after
        ));
    }
    wrong
}

/// A game of Easy (Red) against Medium (Black), both three plies deep, to `plies` plies or
/// its end.
fn easy_against_medium(seed: u64, plies: usize) -> Game {
    let mut game = Game::default();
    let mut red = Engine::new(1);
    let mut black = Engine::new(1);
    while game.outcome().is_none() && game.history().len() < plies {
        let (engine, level) = match game.side_to_move() {
            Side::Red => (&mut red, Level::Easy),
            Side::Black => (&mut black, Level::Medium),
        };
        let mv = run(|ctl| engine.choose(&game, level, depth(3), seed, ctl))
            .best
            .expect("a move while the game goes on");
        game.try_play(mv).expect("the engine's move is legal");
    }
    game
}

/// Games between two levels, analysed: the marks agree with the moves.
#[test]
fn no_move_the_analysis_would_play_is_marked_and_the_graph_is_flat_there() {
    let mut checked = 0;
    for seed in 1..=3u64 {
        let game = easy_against_medium(seed, 40);
        let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(3), ctl, &mut |_| {}));
        assert_eq!(plies.len(), game.history().len());
        for (i, a) in plies.iter().enumerate() {
            assert_eq!(faults(a), Vec::<String>::new(), "seed {seed}");
            // Along moves that gave nothing away the graph is level: the point after a
            // move is where such a next move starts.
            if let Some(next) = plies.get(i + 1).filter(|next| next.unmarkable()) {
                assert_eq!(
                    a.eval_after,
                    next.eval_before.saturating_neg(),
                    "seed {seed}"
                );
            }
        }
        checked += plies.len();
    }
    assert!(checked > 60, "{checked} moves analysed");
}

/// Black's stone in the corner has one move; the analysis never marks it, even in a
/// position lost whatever Black does.
#[test]
fn the_only_legal_move_is_never_marked() {
    // Black: a6 only, hemmed in by Red on a5 and b6; b5 free.
    let pos: Position = "br4/r5/6/6/2r3/rr4 b 0 20".parse().unwrap();
    let mut game = Game::from_position(pos, Ruleset::default());
    assert_eq!(game.moves().len(), 1, "one legal move");
    let only = game.moves().as_slice()[0];
    game.try_play(only).unwrap();
    let red = run(|ctl| Engine::new(1).choose(&game, Level::Hard, depth(4), 0, ctl))
        .best
        .unwrap();
    game.try_play(red).unwrap();
    for d in [1, 2, 4] {
        let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(d), ctl, &mut |_| {}));
        assert!(plies[0].forced);
        assert_eq!(plies[0].class, MoveClass::Best, "depth {d}");
        assert_eq!(plies[0].best, Some(only));
        assert_eq!(plies[0].eval_before, plies[0].eval_after);
    }
}

/// A player who plays every hint: none of those moves is marked by the analysis of the
/// same game, which searches each position no longer than the hint did (and a move it
/// would mark again, longer: as long as the hint at most).
#[test]
fn hints_replayed_through_the_analysis_are_not_marked() {
    let first = 3;
    let hint_depth = depth(first).scaled(VERIFY_FACTOR);
    let mut marked = Vec::new();
    for seed in 1..=4u64 {
        let mut game = Game::default();
        let mut hints = Engine::new(1);
        let mut black = Engine::new(1);
        while game.outcome().is_none() && game.history().len() < 30 {
            let mv = match game.side_to_move() {
                Side::Red => run(|ctl| hints.hint(&game, hint_depth, ctl)).unwrap().mv,
                Side::Black => run(|ctl| black.choose(&game, Level::Medium, depth(3), seed, ctl))
                    .best
                    .unwrap(),
            };
            game.try_play(mv).unwrap();
        }
        let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(first), ctl, &mut |_| {}));
        marked.extend(
            plies
                .iter()
                .filter(|a| a.ply % 2 == 1 && a.class >= MoveClass::Inaccuracy)
                .map(|a| format!("seed {seed}: {} {} {:?}", a.ply, a.played, a.class)),
        );
    }
    assert_eq!(marked, Vec::<String>::new(), "hinted moves marked");
}

/// A mark says a move gave stones away: every mark in games between two levels is backed by
/// a search that counts stones alone (the played move and the better one side by side),
/// but for an inaccuracy whose loss of the finer points reaches two stones; a move the
/// evaluation alone rates a stone worse, with no stone lost, is not marked. Self-play from
/// the opening does not bear out a stone's difference between first moves the evaluation
/// rates a stone apart, so such a mark would be the evaluation's doubt shown as a player's
/// error.
#[test]
fn a_mark_gives_away_stones_and_a_finer_point_alone_is_not_marked() {
    let first = 4;
    let (mut marked, mut unmarked) = (0, 0);
    for seed in 1..=3u64 {
        let game = easy_against_medium(seed, 44);
        let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(first), ctl, &mut |_| {}));
        let mut replay = Game::from_position(*game.start(), *game.rules());
        for a in &plies {
            let previous = replay.clone();
            replay.try_play(a.played).unwrap();
            let lost_by_force = a.eval_after <= -surakarta_engine::ai::MATE_BOUND;
            if a.class >= MoveClass::Inaccuracy && !lost_by_force && a.table_before.is_none() {
                marked += 1;
                let best = a.best.expect("a marked move has a better one");
                let stones = run(|ctl| {
                    Engine::new(1).score_stones_of(
                        &previous,
                        &[best, a.played],
                        first + 3,
                        Limits::default(),
                        ctl,
                    )
                });
                let given = stones[0].1 - stones[1].1;
                let finer_points =
                    a.class == MoveClass::Inaccuracy && a.loss >= MoveClass::FINER_POINTS;
                assert!(
                    given >= STONE || finer_points,
                    "seed {seed}: {} {} marked {:?} (loss {}), gives {given} in stones against {best}",
                    a.ply,
                    a.played,
                    a.class,
                    a.loss
                );
            }
            if a.class <= MoveClass::Good && a.loss >= STONE {
                unmarked += 1;
            }
        }
    }
    assert!(marked > 0, "some moves give stones away and are marked");
    assert!(
        unmarked > 0,
        "some moves lose a stone's worth of finer points and are not marked"
    );
}

/// A tester's game against Beginner: each side once left a stone to be taken at once
/// (Black's e4-e3, taken by d1xe3; Red's a3-b4, taken by c6xb4). Those two are blunders
/// (two testers read the "?" they had as "not so bad"); the quiet steps around them are
/// not marked.
#[test]
fn a_stone_left_to_be_taken_is_a_blunder_and_quiet_steps_are_not_marked() {
    let moves = [
        "b2-b3", "f5-e4", "a2-a3", "e4-e3", "d1xe3", "d5-e4", "a3-b4", "c6xb4", "c2-c3", "c5-c4",
    ];
    let mut game = Game::default();
    for m in moves {
        game.try_play(m.parse().unwrap()).unwrap();
    }
    for d in [3, 4] {
        let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(d), ctl, &mut |_| {}));
        let classes: Vec<(String, MoveClass)> = plies
            .iter()
            .map(|a| (a.played.to_string(), a.class))
            .collect();
        for (played, class) in &classes {
            let hung = played == "e4-e3" || played == "a3-b4";
            if hung {
                assert_eq!(*class, MoveClass::Blunder, "depth {d}: {classes:?}");
            } else {
                assert!(*class <= MoveClass::Good, "depth {d}: {classes:?}");
            }
        }
    }
}

/// A game resigned draws its last position's stones, not the result: a tester read the
/// resignation's full bar as the last move's disaster. A game won on the board fills the
/// side.
#[test]
fn a_resigned_game_ends_its_graph_at_the_stones_not_the_result() {
    use surakarta_engine::ai::MATE_BOUND;
    use surakarta_engine::ai::analysis::graph;
    let mut game = Game::default();
    for m in ["b2-b3", "f5-e4", "a2-a3", "e4-e3", "d1xe3"] {
        game.try_play(m.parse().unwrap()).unwrap();
    }
    game.resign(Side::Black);
    let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(3), ctl, &mut |_| {}));
    let course = graph(&game, &plies);
    let (_, last) = *course.last().unwrap();
    // Red a stone up: a stone for Red, nudged at most by the finer points.
    assert!(last.abs() < MATE_BOUND, "{course:?}");
    assert!((60..=140).contains(&last), "{course:?}");

    // Black's last stone taken: decided on the board, the whole side.
    let mut won: Game =
        Game::from_position("6/6/6/6/b4r/6 r 0 0".parse().unwrap(), Default::default());
    won.try_play("f2xa2".parse().unwrap()).unwrap();
    let plies = run(|ctl| analyse(&mut Engine::new(1), &won, depth(3), ctl, &mut |_| {}));
    let course = graph(&won, &plies);
    assert!(course.last().unwrap().1 >= MATE_BOUND, "{course:?}");
}

/// The graph of a game steps where stones change hands and stays nearly level between:
/// a move that takes nothing, and that the analysis does not mark, moves it less than a
/// stone (the evaluation it had drawn swung from side to side on quiet moves, testers
/// found); a capture always raises the capturer's side; before the first capture it stays
/// within the finer points' nudge of level; and a move marked for a stone left to be taken
/// draws the drop itself, not the capture after it.
#[test]
fn the_graph_steps_where_stones_change_hands_and_stays_level_between() {
    use surakarta_engine::ai::MATE_BOUND;
    use surakarta_engine::ai::analysis::{GRAPH_NUDGE, graph};
    let mut tester = Game::default();
    for m in [
        "b2-b3", "f5-e4", "a2-a3", "e4-e3", "d1xe3", "d5-e4", "a3-b4", "c6xb4", "c2-c3", "c5-c4",
    ] {
        tester.try_play(m.parse().unwrap()).unwrap();
    }
    let games = [
        (tester, 4),
        (easy_against_medium(1, 60), 3),
        (easy_against_medium(2, 60), 3),
    ];
    let (mut quiet, mut captures) = (0, 0);
    for (game, d) in games {
        let plies = run(|ctl| analyse(&mut Engine::new(1), &game, depth(d), ctl, &mut |_| {}));
        let course = graph(&game, &plies);
        assert_eq!(
            course.iter().map(|(ply, _)| *ply).collect::<Vec<_>>(),
            (0..=game.history().len()).collect::<Vec<_>>(),
            "the start, then a value a move"
        );
        let positions = game.positions();
        let stones = |p: &Position| p.occupied().count();
        let marked = |ply: usize| ply >= 1 && plies[ply - 1].class >= MoveClass::Mistake;
        let mut captured_yet = false;
        for pair in course.windows(2) {
            let [(_, before), (ply, after)] = pair else {
                unreachable!()
            };
            let capture = stones(&positions[*ply]) < stones(&positions[ply - 1]);
            captured_yet |= capture;
            let decided = |v: i32| v.abs() >= MATE_BOUND;
            if decided(*before) || decided(*after) {
                continue;
            }
            if marked(*ply) {
                // The stones it gave: the mover's side drops at once.
                let mover = positions[ply - 1].side_to_move();
                let drop = if mover == Side::Red {
                    before - after
                } else {
                    after - before
                };
                assert!(
                    drop >= 50,
                    "ply {ply}: a marked move drew {before} -> {after}"
                );
                continue;
            }
            if marked(ply - 1) {
                // The drop was drawn at the marked move: a capture of what it left
                // deepens it no further (a tester read the stone lost one move late).
                let capturer = positions[ply - 1].side_to_move();
                let gain = if capturer == Side::Red {
                    after - before
                } else {
                    before - after
                };
                assert!(
                    !capture || gain <= 0,
                    "ply {ply}: the capture after a marked move drew {before} -> {after}"
                );
                continue;
            }
            let mover = positions[ply - 1].side_to_move();
            let gain = if mover == Side::Red {
                after - before
            } else {
                before - after
            };
            if capture {
                captures += 1;
                assert!(gain > 0, "ply {ply}: a capture drew {before} -> {after}");
            } else {
                quiet += 1;
                assert!(
                    (after - before).abs() < 100,
                    "ply {ply}: a quiet move drew {before} -> {after}: {course:?}"
                );
                if !captured_yet {
                    assert!(after.abs() <= GRAPH_NUDGE, "ply {ply}: {after}");
                }
            }
        }
    }
    assert!(
        quiet > 60 && captures > 6,
        "{quiet} quiet moves, {captures} captures"
    );
}
