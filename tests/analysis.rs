//! The engine's analysis in the app: from the result card or a review's move list, run on
//! a background task (the real engine), the moves marked, the evaluation drawn, and a
//! marked move showing the better one on the board.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::board::selection::Selection;
use surakarta::game::analysis::Analysis;
use surakarta::game::session::Mode;
use surakarta::screens::review::{ClosesTo, OpenReview};
use surakarta::shell::navigation::{Panel, Screen};
use surakarta_engine::ai::analysis::MoveClass;
use surakarta_engine::{Game, Ruleset};

fn finished(app: &App) -> bool {
    let a = app.world().resource::<Analysis>();
    a.complete() && !a.running()
}

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
        .write_message(OpenReview(game, ClosesTo::Records));
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
    assert!(run_until(&mut app, 120.0, |a| {
        frames_while_running += 1;
        finished(a)
    }));
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
    let mut game = Game::from_position("6/6/6/3b2/r5/6 r 0 0".parse().unwrap(), Ruleset::default());
    game.try_play("a2-a3".parse().unwrap()).unwrap();
    game.try_play("d3xa3".parse().unwrap()).unwrap();
    app.world_mut()
        .write_message(OpenReview(game, ClosesTo::Records));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Review);
    press(&mut app, "review.moves");
    assert_eq!(panel(&app), Panel::Moves);
    press(&mut app, "moves.analyse");
    assert!(app.world().resource::<Analysis>().running() || finished(&app));
    assert!(
        run_until(&mut app, 20.0, |a| finished(a)),
        "the analysis ended"
    );
    let plies = app.world().resource::<Analysis>().plies.clone();
    assert_eq!(plies.len(), 2);
    assert_eq!(plies[0].class, MoveClass::Blunder);
    assert_eq!(plies[1].class, MoveClass::Best);
    app.update();
    let shown = texts(&mut app);
    assert!(shown.contains(&"a2-a3 ??".to_owned()), "{shown:?}");
    assert!(shown.contains(&"d3xa3".to_owned()), "{shown:?}");
    assert!(shown.iter().any(|t| t.contains("?? blunder")), "the legend");
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
    let line = format!("Move 1 of 2: 1. a2-a3 ?? · better: {better}");
    let shown = texts(&mut app);
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
    assert!(run_until(&mut app, 20.0, |a| finished(a)));
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
}
