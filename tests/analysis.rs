//! The engine's analysis in the app: from the result card or a review's move list, run on
//! a background task (the real engine), the moves marked, the evaluation drawn, and a
//! marked move showing the better one on the board.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::board::selection::Selection;
use surakarta::game::analysis::Analysis;
use surakarta::game::session::Mode;
use surakarta::panels::moves::EvalBar;
use surakarta::screens::review::{ClosesTo, OpenReview};
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::theme::Theme;
use surakarta_engine::ai::Level;
use surakarta_engine::ai::analysis::MoveClass;
use surakarta_engine::{Game, Ruleset, Side};

/// A 40-ply game of plain moves, the same every time.
fn long_game() -> Game {
    let mut game = Game::new(Ruleset::default());
    for i in 0..40usize {
        let moves = game.moves();
        if game.outcome().is_some() || moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[(i * 7 + 3) % moves.len()];
        game.try_play(m).unwrap();
    }
    game
}

/// Frames go on while a long game is analysed: the analysis is not done in the frame
/// that starts it (a search that held the frame until it was done would be), the
/// frames keep coming while it runs, and the marks come at the end.
fn frames_go_on_while_it_runs(background: bool) {
    let mut app = app();
    animations_off(&mut app);
    app.world_mut().resource_mut::<Analysis>().background = background;
    let game = long_game();
    let plies = game.history().len();
    assert!(plies >= 30, "{plies} plies");
    app.world_mut()
        .write_message(OpenReview(game, ClosesTo::Records, Side::Red, None));
    app.update();
    app.update();
    press(&mut app, "review.moves");
    press(&mut app, "moves.analyse");
    {
        let analysis = app.world().resource::<Analysis>();
        assert!(analysis.running(), "it runs after the frames of the tap");
        assert!(
            analysis.plies.len() < plies,
            "{} of {plies} moves were judged in the frames of the tap",
            analysis.plies.len()
        );
    }
    let mut frames_while_running = 0;
    // While it runs, the graph's bars come with the key to their colours.
    let mut key_while_running = false;
    // Its progress in hundredths of the game, not in plies read as "moves".
    let mut progress = Vec::new();
    assert!(run_until(&mut app, 120.0, |a| {
        frames_while_running += 1;
        let running = a.world().resource::<Analysis>().running();
        let bars = a.world_mut().query::<&EvalBar>().iter(a.world()).count();
        if running && bars > 0 {
            let shown = texts(a);
            key_while_running |= ["Red better", "Black better", "? and ??"]
                .iter()
                .all(|k| shown.iter().any(|t| t == k));
        }
        if running {
            progress.extend(texts(a).into_iter().filter_map(|t| {
                t.strip_prefix("Analysing: ")?
                    .strip_suffix("% done")?
                    .parse::<u32>()
                    .ok()
            }));
        }
        finished(a)
    }));
    assert!(
        key_while_running,
        "the graph's key was not shown while it ran"
    );
    assert!(
        !progress.is_empty() && progress.iter().all(|p| *p < 100),
        "{progress:?}"
    );
    assert!(progress.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");
    assert!(
        frames_while_running > 3,
        "only {frames_while_running} frames while a {plies}-ply game was analysed"
    );
    assert_eq!(app.world().resource::<Analysis>().plies.len(), plies);
}

#[test]
fn frames_go_on_while_a_background_analysis_runs() {
    frames_go_on_while_it_runs(true);
}

#[test]
fn frames_go_on_while_the_webs_analysis_runs_a_position_a_frame() {
    frames_go_on_while_it_runs(false);
}

#[test]
fn a_reviewed_blunder_is_marked_and_the_better_move_shown() {
    blunder_marked(true);
}

/// The web's way: a position a frame on the frame's own thread, with the same marks.
#[test]
fn a_position_a_frame_finds_the_same_blunder() {
    blunder_marked(false);
}

fn blunder_marked(background: bool) {
    let mut app = app();
    animations_off(&mut app);
    app.world_mut().resource_mut::<Analysis>().background = background;
    // Red's last stone steps from a2 to a3, where Black's d3 takes it; b1 and b2 were safe.
    review_and_analyse(&mut app, "6/6/6/3b2/r5/6 r 0 0", &["a2-a3", "d3xa3"]);
    let plies = app.world().resource::<Analysis>().plies.clone();
    assert_eq!(plies.len(), 2);
    assert_eq!(plies[0].class, MoveClass::Blunder);
    assert_eq!(plies[1].class, MoveClass::Best);
    app.update();
    let shown = texts(&mut app);
    assert!(shown.contains(&"a2-a3 ??".to_owned()), "{shown:?}");
    assert!(shown.contains(&"d3xa3".to_owned()), "{shown:?}");
    assert!(
        shown.iter().any(|t| t.contains("??\u{a0}blunder")),
        "the legend"
    );
    // The marked move: the position before it, and the better move drawn and named.
    press(&mut app, "moves.ply.1");
    assert_eq!(panel(&app), Panel::None);
    assert!(session(&app).game.history().is_empty());
    let hint = app
        .world()
        .resource::<Selection>()
        .hint
        .clone()
        .expect("the better move");
    let better = hint.mv.to_string();
    assert!(["a2-b1", "a2-b2"].contains(&better.as_str()), "{better}");
    app.update();
    // The bars name the marked move itself, its mark, and the better one.
    let line = format!("Before move 1 of 1: 1. a2-a3 ??\nbetter:\u{a0}{better}");
    let shown = texts(&mut app);
    assert!(shown.contains(&line), "{line:?} in {shown:?}");
    // Stepping on with Next: the move shown played, still with its mark and the better
    // move named (as it is for a marked move stepped to with Next from the start).
    press(&mut app, "review.next");
    run_until(&mut app, 3.0, |a| session(a).game.history().len() == 1);
    app.update();
    let shown = texts(&mut app);
    let line = format!("Move 1 of 1: 1. a2-a3 ??\nbetter:\u{a0}{better}");
    assert!(shown.contains(&line), "{line:?} in {shown:?}");
    // Opening the list again keeps the analysis: nothing runs twice.
    press(&mut app, "review.moves");
    assert!(!app.world().resource::<Analysis>().running());
    assert!(!buttons(&mut app).contains(&"moves.analyse".to_owned()));
}

#[test]
fn the_result_card_analyses_the_game_just_played() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, "6/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 3.0, |a| panel(a) == Panel::GameOver));
    press(&mut app, "over.analyse");
    assert_eq!((screen(&app), panel(&app)), (Screen::Review, Panel::Moves));
    assert!(run_until(&mut app, 120.0, |a| finished(a)));
    assert_eq!(app.world().resource::<Analysis>().plies.len(), 1);
    app.update();
    assert!(texts(&mut app).contains(&"b3xe3".to_owned()));
    // The player's own game waits, finished, behind the review.
    assert!(own_game(&app).game.outcome().is_some());
    // Closing the review leads back where it was opened from: the game, not the records.
    press(&mut app, "back");
    press(&mut app, "review.close");
    assert_eq!((screen(&app), panel(&app)), (Screen::Game, Panel::None));
    assert!(texts(&mut app).contains(&"Red wins".to_owned()));
    // The finished board as it is: the result, seen already, does not come up again over
    // it (a tap on Menu would only close it); the bar's Result opens it.
    assert!(!run_until(&mut app, 2.0, |a| panel(a) == Panel::GameOver));
    press(&mut app, "bar.end");
    assert_eq!(panel(&app), Panel::GameOver);
}

/// After a long game's analysis every move in the list carries the mark of its class (none,
/// `?!`, `?` or `??`), as the analysis judged it, and the graph has a bar a move: drawn in
/// the highlight for a mistake or blunder, otherwise in the colour of the side better off,
/// above the level line when Red stands better and below it when Black does.
#[test]
fn every_move_shows_its_mark_and_its_bar_in_the_graph() {
    let mut app = app();
    animations_off(&mut app);
    // The web's way, a position a frame within fixed depth and node limits: the same marks
    // every run (the background's 150 ms a position judges differently from run to run).
    app.world_mut().resource_mut::<Analysis>().background = false;
    let game = long_game();
    let plies = game.history().len();
    app.world_mut()
        .write_message(OpenReview(game.clone(), ClosesTo::Records, Side::Red, None));
    app.update();
    app.update();
    press(&mut app, "review.moves");
    press(&mut app, "moves.analyse");
    assert!(run_until(&mut app, 120.0, |a| finished(a)));
    for _ in 0..5 {
        app.update();
    }
    let judged = app.world().resource::<Analysis>().plies.clone();
    assert_eq!(judged.len(), plies);
    let classes: Vec<MoveClass> = judged.iter().map(|a| a.class).collect();
    for class in [
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ] {
        assert!(
            classes.contains(&class),
            "this game has no {class:?}, so it cannot show its mark: {classes:?}"
        );
    }
    // The list: each move's text followed by its mark.
    let shown = texts(&mut app);
    for a in &judged {
        let text = game.history()[a.ply - 1].to_string();
        let mark = match a.class {
            MoveClass::Best | MoveClass::Good => "",
            MoveClass::Inaccuracy => " ?!",
            MoveClass::Mistake => " ?",
            MoveClass::Blunder => " ??",
        };
        let want = format!("{text}{mark}");
        assert!(
            shown.contains(&want),
            "ply {} ({:?}) shown as {want:?}: {shown:?}",
            a.ply,
            a.class
        );
    }
    // The graph: a bar a move, in order, coloured and placed as the analysis says. (The
    // tests run without Bevy's UI layout: the place is read from the nodes' heights, a
    // spacer above each bar in its column.)
    let theme = app.world().resource::<Theme>().clone();
    // A bar's fill and its frame, if any.
    type Paint = (Color, Option<Color>);
    let mut bars: Vec<(EvalBar, Paint, f32, f32)> = Vec::new();
    let found: Vec<(EvalBar, Paint, Node, Entity)> = app
        .world_mut()
        .query::<(
            &EvalBar,
            &BackgroundColor,
            Option<&BorderColor>,
            &Node,
            &ChildOf,
        )>()
        .iter(app.world())
        .map(|(bar, colour, frame, node, parent)| {
            // Every node has a border colour: none drawn is a clear one.
            let frame = frame.map(|f| f.top).filter(|c| c.alpha() > 0.0);
            (*bar, (colour.0, frame), node.clone(), parent.parent())
        })
        .collect();
    let points = |v: Val| match v {
        Val::Px(p) => p,
        other => panic!("a bar's height in points, not {other:?}"),
    };
    for (bar, colour, node, column) in found {
        let spacer = app.world().entity(column).get::<Children>().unwrap()[0];
        let top = points(app.world().entity(spacer).get::<Node>().unwrap().height);
        bars.push((bar, colour, top, top + points(node.height)));
    }
    bars.sort_by_key(|b| b.0.ply);
    assert_eq!(
        bars.iter().map(|b| b.0.ply).collect::<Vec<_>>(),
        (0..=plies).collect::<Vec<_>>(),
        "the start's bar, then a bar a move"
    );
    // The level line runs 44 points down the graph, its middle.
    let level = 44.0;
    let mut heights = Vec::new();
    let course: std::collections::HashMap<usize, i32> =
        surakarta_engine::ai::analysis::graph(&game, &judged)
            .into_iter()
            .collect();
    for (bar, colour, top, bottom) in &bars {
        // The start: the first move's position, as its mover stood before it.
        let class = (bar.ply > 0).then(|| judged[bar.ply - 1].class);
        let for_red = course[&bar.ply];
        // The side's colour, a "?" or "??" framed in the highlight.
        let fill = if for_red >= 0 { theme.red } else { theme.black };
        let frame = matches!(class, Some(MoveClass::Mistake | MoveClass::Blunder))
            .then_some(theme.highlight);
        let want = (fill, frame);
        assert_eq!(
            *colour, want,
            "ply {} ({class:?}, {for_red} for Red)",
            bar.ply
        );
        let (up, down) = (level - top, bottom - level);
        if for_red >= 0 {
            assert!(
                up > 0.0 && down.abs() < 0.01,
                "ply {}: Red better or even, bar from {top} to {bottom}",
                bar.ply
            );
        } else {
            assert!(
                down > 0.0 && up.abs() < 0.01,
                "ply {}: Black better, bar from {top} to {bottom}",
                bar.ply
            );
        }
        // Never taller than the half; a stone or more ahead is a quarter of it at least, so
        // a stone lost shows; at least a point, so a level move shows too; all of it only
        // where the result is decided.
        let tall = bottom - top;
        let stones = for_red.unsigned_abs() as f32 / 100.0;
        assert!(
            tall >= 1.0 - 0.01 && tall <= level + 0.01,
            "ply {}: {tall}",
            bar.ply
        );
        if stones >= 1.0 {
            assert!(
                tall >= level / 4.0 - 0.01,
                "ply {}: {tall} tall for {for_red}",
                bar.ply
            );
        }
        let decided = for_red.abs() >= surakarta_engine::ai::MATE_BOUND;
        assert_eq!(
            (tall - level).abs() < 0.01,
            decided,
            "ply {}: {tall} tall for {for_red}",
            bar.ply
        );
        heights.push((for_red.unsigned_abs(), tall));
    }
    // Taller for a larger advantage, whichever side has it.
    heights.sort_by_key(|h| h.0);
    for w in heights.windows(2) {
        assert!(w[0].1 <= w[1].1 + 0.01, "{w:?}");
    }
}

/// With the endgame tables, the review says what they say of the position shown, and a
/// move that throws a table win away is a blunder: Red (a2, f1) against Black's d3 wins
/// in three moves, but a2-a3 lets d3 take it and leaves one stone each, a draw.
#[test]
fn the_tables_verdict_is_shown_and_a_thrown_win_marked() {
    use surakarta::game::tables::EndgameTables;
    use surakarta_engine::tablebase::Tablebase;
    let mut app = app();
    animations_off(&mut app);
    let tables = Tablebase::build(&Ruleset::default(), 3, &mut |_| {}).unwrap();
    app.insert_resource(EndgameTables::ready(tables));
    app.update();
    review_and_analyse(&mut app, "6/6/6/3b2/r5/5r r 0 0", &["a2-a3", "d3xa3"]);
    let plies = app.world().resource::<Analysis>().plies.clone();
    assert_eq!(plies[0].class, MoveClass::Blunder);
    app.update();
    press(&mut app, "moves.ply.1");
    app.update();
    let better = app
        .world()
        .resource::<Selection>()
        .hint
        .clone()
        .expect("the better move");
    assert!(["f1-e1", "f1-e2", "f1-f2"].contains(&better.mv.to_string().as_str()));
    let line = format!(
        "Before move 1 of 1: 1. a2-a3 ??\nbetter:\u{a0}{}\u{a0}· table: Red wins in 3",
        better.mv
    );
    let shown = texts(&mut app);
    assert!(shown.contains(&line), "{line:?} in {shown:?}");
    // At the end, one stone each: the tables call it a draw.
    press(&mut app, "review.last");
    app.update();
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.starts_with("Move 1 of 1")
            && t.contains("d3xa3")
            && t.contains("table: draw")),
        "{shown:?}"
    );
}

/// Which way the board faces: none turned, or turned half a circle.
fn turned(app: &mut App) -> bool {
    camera_angle(app) > 3.0
}

/// A game played as Black against the computer, won by the player's capture of the last
/// red stone: its review (the result card's Analyse) faces the way it was played, Black
/// at the bottom, and the review's Turn turns it; leaving the review forgets the turn.
#[test]
fn a_review_faces_the_way_the_game_was_played_and_can_be_turned() {
    let mut app = app();
    animations_off(&mut app);
    set_game(
        &mut app,
        "6/1b4/6/6/6/4r1 b 0 0",
        Mode::VsComputer {
            human: Side::Black,
            level: Level::Beginner,
        },
    );
    assert!(turned(&mut app), "the game faces its player, Black");
    let capture = session(&app)
        .game
        .moves()
        .as_slice()
        .iter()
        .copied()
        .find(|m| m.capture)
        .expect("Black's b5 can take the last red stone");
    play(&mut app, &capture.from.to_string(), &capture.to.to_string());
    assert!(run_until(&mut app, 3.0, |a| panel(a) == Panel::GameOver));
    press(&mut app, "over.analyse");
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Review);
    assert!(turned(&mut app), "the review faces Black, as the game did");
    // Analyse opened the move list over the review; closed, the review's Close.
    app.world_mut()
        .resource_mut::<NextState<Panel>>()
        .set(Panel::None);
    app.update();
    press(&mut app, "review.close");
    app.update();
    app.update();
    assert!(turned(&mut app), "back on the game: still Black's board");
    // A record of a two-player game opens with Red at the bottom; Turn turns it.
    app.world_mut().write_message(OpenReview(
        Game::default(),
        ClosesTo::Records,
        Side::Red,
        None,
    ));
    app.update();
    app.update();
    assert!(!turned(&mut app));
    press(&mut app, "review.turn");
    app.update();
    assert!(turned(&mut app), "Turn shows Black at the bottom");
    press(&mut app, "review.turn");
    app.update();
    assert!(!turned(&mut app));
}

/// A player who takes the hint at every turn: each of those moves is, to the analysis of
/// the game, the engine's own choice (its search was longer than the analysis's), never
/// marked, no "better" move shown, the graph level across it.
#[test]
fn moves_taken_from_the_hint_are_the_analysis_own_choice() {
    use surakarta::game::hint::HintedMoves;
    let mut app = app();
    animations_off(&mut app);
    // Two players on one device: a hint at each turn, and no computer moving in between.
    set_game(&mut app, START, Mode::TwoPlayers);
    let mut taken = Vec::new();
    for ply in 1..=4 {
        // The hint as the Hint button brings it (the engine's, searched here to a fixed
        // depth: a timed search on the lowest-priority thread can wait long on a loaded
        // machine), then Accept.
        let game = own_game(&app).game.clone();
        let stop = std::sync::atomic::AtomicBool::new(false);
        let clock = || std::time::Duration::ZERO;
        let ctl = surakarta_engine::ai::SearchControl {
            stop: &stop,
            clock: &clock,
        };
        let depth = surakarta_engine::ai::Limits {
            depth: Some(4),
            ..Default::default()
        };
        let found = surakarta_engine::ai::Engine::new(1).hint(&game, depth, &ctl);
        app.world_mut()
            .write_message(surakarta::game::computer::HintFound(found.unwrap()));
        app.update();
        let hint = app.world().resource::<Selection>().hint.clone().unwrap();
        press(&mut app, "bar.accept");
        assert!(run_until(&mut app, 5.0, |a| {
            own_game(a).game.history().len() == ply
        }));
        assert_eq!(own_game(&app).game.history()[ply - 1], hint.mv);
        taken.push((ply, hint.mv));
        run_until(&mut app, 1.0, |_| false);
    }
    // One move of the player's own, not the hint's: not taken.
    let game = own_game(&app).game.clone();
    let own = game.moves().as_slice()[0];
    play(&mut app, &own.from.to_string(), &own.to.to_string());
    let hinted: Vec<_> = app.world().resource::<HintedMoves>().plies().collect();
    assert_eq!(hinted, taken);

    let game = own_game(&app).game.clone();
    app.world_mut()
        .write_message(OpenReview(game.clone(), ClosesTo::Game, Side::Red, None));
    app.update();
    app.update();
    press(&mut app, "review.moves");
    press(&mut app, "moves.analyse");
    assert!(run_until(&mut app, 120.0, |a| finished(a)));
    let judged = app.world().resource::<Analysis>().plies.clone();
    assert_eq!(judged.len(), 5);
    for (ply, mv) in taken {
        let a = &judged[ply - 1];
        assert_eq!((a.played, a.best, a.class), (mv, Some(mv), MoveClass::Best));
        assert_eq!(a.eval_before, a.eval_after, "level across ply {ply}");
    }
}

/// A short game drawn by agreement, analysed: each marked move tapped in the list shows
/// the position before it with the better move drawn and named (a tester saw the start
/// position and no better move for a first move marked). Black's e4-e3 leaves a stone to
/// d1xe3: a mark.
#[test]
fn every_marked_move_tapped_shows_the_better_one() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    for (from, to) in [("b2", "b3"), ("f5", "e4"), ("a2", "a3"), ("e4", "e3")] {
        play_settled(&mut app, from, to);
    }
    press(&mut app, "bar.end");
    press(&mut app, "end.offer_draw");
    press(&mut app, "offer.accept");
    assert!(run_until(&mut app, 3.0, |a| panel(a) == Panel::GameOver));
    press(&mut app, "over.analyse");
    assert!(run_until(&mut app, 120.0, |a| finished(a)));
    app.update();
    let plies = app.world().resource::<Analysis>().plies.clone();
    let mut tried = 0;
    for (i, judged) in plies.iter().enumerate() {
        let ply = i + 1;
        let Some(best) = judged.best else { continue };
        if matches!(judged.class, MoveClass::Best | MoveClass::Good) {
            continue;
        }
        if panel(&app) != Panel::Moves {
            press(&mut app, "review.moves");
        }
        press(&mut app, &format!("moves.ply.{ply}"));
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(session(&app).game.history().len(), ply - 1, "ply {ply}");
        let hint = app
            .world()
            .resource::<Selection>()
            .hint
            .as_ref()
            .map(|h| h.mv);
        assert_eq!(hint, Some(best), "ply {ply}");
        let shown = texts(&mut app);
        assert!(
            shown
                .iter()
                .any(|t| t.contains(&format!("better:\u{a0}{best}"))),
            "ply {ply}: {shown:?}"
        );
        tried += 1;
    }
    assert!(tried > 0, "no marked move to tap: {plies:?}");
}

/// A game analysed twice is judged the same, whatever was searched before and however busy
/// the machine: a helper's second analysis of a game (after a restart, on a busier machine)
/// marked moves the first had not. Here one app has looked for a hint first (its table
/// holds that search), the other starts cold.
#[test]
fn a_game_analysed_twice_is_judged_the_same() {
    let game = long_game();
    let moves: Vec<String> = game
        .history()
        .iter()
        .take(14)
        .map(|m| m.to_string())
        .collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let start = game.start().to_string();
    let judged = |warm: bool| {
        let mut app = app();
        animations_off(&mut app);
        if warm {
            set_game(
                &mut app,
                START,
                Mode::VsComputer {
                    human: Side::Red,
                    level: Level::Easy,
                },
            );
            press(&mut app, "bar.hint");
            assert!(run_until(&mut app, 30.0, |a| a
                .world()
                .resource::<Selection>()
                .hint
                .is_some()));
        }
        review_and_analyse(&mut app, &start, &moves);
        app.world()
            .resource::<Analysis>()
            .plies
            .iter()
            .map(|p| (p.class, p.best))
            .collect::<Vec<_>>()
    };
    let first = judged(true);
    assert_eq!(first.len(), moves.len());
    assert_eq!(first, judged(false));
}
