//! How the game feels in the hand: frames only while something moves, the result told when
//! the stone lands, a hint that says it is thinking and can be cancelled, buttons that
//! show when they can do nothing, a stone that cannot move saying so, records that never
//! overwrite another game.

mod common;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use common::*;
use surakarta::bars::status::{CountText, CounterText, HintText, TurnText};
use surakarta::game::session::{Mode, Turn};
use surakarta::ui::widgets::ButtonId;
use surakarta_engine::Side;
use surakarta_engine::ai::Level;

/// Frames the app asked for in the last update.
fn frames_asked(app: &App) -> usize {
    app.world()
        .resource::<Messages<RequestRedraw>>()
        .iter_current_update_messages()
        .len()
}

fn text_of<M: Component>(app: &mut App) -> String {
    app.world_mut()
        .query_filtered::<&Text, With<M>>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect()
}

/// The alpha of a bar button's face.
fn alpha_of(app: &mut App, id: &str) -> f32 {
    app.world_mut()
        .query::<(&ButtonId, &BackgroundColor)>()
        .iter(app.world())
        .find(|(b, _)| b.0 == id)
        .map(|(_, bg)| bg.0.alpha())
        .unwrap()
}

/// A position set up from the command line (`--fen`, as the check tools do) idles like a
/// game reached by taps: the same way of drawing, and no frame asked for at rest.
#[test]
fn a_game_set_up_from_the_command_line_idles_like_one_reached_by_taps() {
    use bevy::winit::UpdateMode;
    let options = surakarta::Options::from_args(["--fen".to_owned(), START.to_owned()]).unwrap();
    let settings = surakarta::winit_settings(&options);
    assert!(
        matches!(settings.focused_mode, UpdateMode::Reactive { .. }),
        "{:?}",
        settings.focused_mode
    );
    assert_eq!(
        surakarta::winit_settings(&surakarta::Options::default()).focused_mode,
        settings.focused_mode
    );
    let bench = surakarta::Options::from_args(["--bench-frames".to_owned(), "10".to_owned()]);
    assert_eq!(
        surakarta::winit_settings(&bench.unwrap()).focused_mode,
        UpdateMode::Continuous,
        "only the frame bench counts every frame"
    );

    let mut app = app_from_command_line(&["--fen", START]);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(screen(&app), surakarta::shell::navigation::Screen::Game);
    assert_eq!(session(&app).mode, Mode::TwoPlayers);
    for _ in 0..30 {
        app.update();
        assert_eq!(frames_asked(&app), 0, "a board at rest draws nothing");
    }
}

#[test]
fn no_frames_are_asked_for_while_nothing_moves_and_every_frame_while_it_does() {
    let mut app = app();
    set_game(&mut app, START, Mode::TwoPlayers);
    for _ in 0..15 {
        app.update();
    }
    for _ in 0..30 {
        app.update();
        assert_eq!(frames_asked(&app), 0, "a board at rest draws nothing");
    }
    // A move: every frame until the stone has landed, then none again.
    tap(&mut app, "b2");
    tap(&mut app, "c3");
    app.update();
    assert_eq!(turn(&app), Turn::Animating);
    let mut frames = 0;
    while turn(&app) == Turn::Animating {
        assert_eq!(frames_asked(&app), 1, "frame {frames} of the move");
        app.update();
        frames += 1;
        assert!(frames < 200);
    }
    for _ in 0..3 {
        app.update();
    }
    for _ in 0..10 {
        app.update();
        assert_eq!(frames_asked(&app), 0);
    }
    // The computer thinking: frames all along (its answer is polled, the dots move).
    // Hard, which thinks for at least 0.4 s at the start: Medium's answer could come
    // back within the two frames that set the game (CI saw it once).
    set_game(
        &mut app,
        START,
        Mode::VsComputer {
            human: Side::Black,
            level: Level::Hard,
        },
    );
    assert_eq!(turn(&app), Turn::Thinking);
    app.update();
    assert_eq!(frames_asked(&app), 1);
}

/// While the computer's stone is on its way, the bar says the computer moves, not that it
/// is thinking (a tester read "Computer is thinking" with the stone already moving); once
/// it lands, the player's move.
#[test]
fn the_computers_move_on_its_way_is_not_called_thinking() {
    let mut app = app();
    set_game(
        &mut app,
        START,
        Mode::VsComputer {
            human: Side::Black,
            level: Level::Hard,
        },
    );
    app.update();
    // Words with the strings' no-break spaces as plain ones.
    let said = |app: &mut App| text_of::<TurnText>(app).replace('\u{a0}', " ");
    let before = said(&mut app);
    assert!(before.starts_with("Computer is thinking"), "{before:?}");
    assert!(run_until(&mut app, 20.0, |a| turn(a) == Turn::Animating));
    app.update();
    assert_eq!(said(&mut app), "The computer moves");
    assert!(run_until(&mut app, 5.0, |a| turn(a) == Turn::Waiting));
    app.update();
    assert_eq!(said(&mut app), "Your move");
}

#[test]
fn the_result_is_told_when_the_last_stone_lands_not_before() {
    let mut app = app();
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    tap(&mut app, "a2");
    app.update();
    assert_eq!(turn(&app), Turn::Animating);
    // Round the loops: the board still counts Black's stone and nobody has won.
    let during = text_of::<TurnText>(&mut app);
    assert!(!during.contains("wins"), "{during}");
    assert!(text_of::<CountText>(&mut app).contains("Black\u{a0}1"));
    assert!(run_until(&mut app, 5.0, |a| turn(a) == Turn::Over));
    app.update();
    assert_eq!(text_of::<TurnText>(&mut app), "Red wins");
    assert!(text_of::<CountText>(&mut app).contains("Black\u{a0}0"));
}

#[test]
fn a_hint_says_it_is_thinking_and_cancel_stops_it() {
    let mut app = app();
    set_game(
        &mut app,
        START,
        Mode::VsComputer {
            human: Side::Red,
            level: Level::Easy,
        },
    );
    press(&mut app, "bar.hint");
    assert!(
        app.world()
            .resource::<surakarta::game::computer::Computer>()
            .hinting()
    );
    assert_eq!(text_of::<HintText>(&mut app), "Looking for a hint…");
    assert_eq!(
        button_words(&mut app, "bar.cancel"),
        "Cancel",
        "stops the search"
    );
    assert!(
        alpha_of(&mut app, "bar.hint") < 1.0,
        "no second hint meanwhile"
    );
    // Nothing to accept until the hint has come: no Accept at all (a faded one beside
    // Cancel asked what it was for).
    let accept_shown = |app: &mut App| {
        app.world_mut()
            .query::<(&surakarta::ui::widgets::ButtonId, &Node)>()
            .iter(app.world())
            .filter(|(id, _)| id.0 == "bar.accept")
            .any(|(_, n)| n.display != Display::None)
    };
    assert!(
        !accept_shown(&mut app),
        "nothing to accept until the hint has come"
    );
    press(&mut app, "bar.cancel");
    assert!(
        !app.world()
            .resource::<surakarta::game::computer::Computer>()
            .hinting()
    );
    assert_eq!(text_of::<HintText>(&mut app), "");
    // Let it run: the hint comes, with its reason.
    press(&mut app, "bar.hint");
    assert!(run_until(&mut app, 10.0, |a| {
        a.world()
            .resource::<surakarta::board::selection::Selection>()
            .hint
            .is_some()
    }));
    app.update();
    assert!(text_of::<HintText>(&mut app).starts_with("Hint:"));
    assert_eq!(
        alpha_of(&mut app, "bar.accept"),
        1.0,
        "the hint can be played"
    );
    assert!(accept_shown(&mut app), "the hint can be played");
    // The hint shown is played or put away, not cancelled: it was given.
    assert_eq!(button_words(&mut app, "bar.accept"), "Play it");
    assert_eq!(button_words(&mut app, "bar.cancel"), "Hide");
    press(&mut app, "bar.cancel");
    app.update();
    assert_eq!(button_words(&mut app, "bar.cancel"), "Cancel");
}

#[test]
fn undo_and_hint_look_idle_when_they_can_do_nothing() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    app.update();
    assert!(alpha_of(&mut app, "bar.undo") < 1.0, "nothing to undo yet");
    assert_eq!(alpha_of(&mut app, "bar.hint"), 1.0);
    play_settled(&mut app, "b2", "c3");
    app.update();
    assert_eq!(alpha_of(&mut app, "bar.undo"), 1.0);
    press(&mut app, "bar.undo");
    app.update();
    assert!(alpha_of(&mut app, "bar.undo") < 1.0);
}

#[test]
fn a_stone_that_cannot_move_says_so() {
    let mut app = app();
    // Red's a1 is boxed in by its own stones: no step, and a corner captures nothing.
    set_game(&mut app, "5b/6/6/6/rr4/rr4 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "a1");
    app.update();
    assert_eq!(
        app.world()
            .resource::<surakarta::board::selection::Selection>()
            .stone,
        Some(sq("a1"))
    );
    assert_eq!(text_of::<HintText>(&mut app), "This stone cannot move now.");
    tap(&mut app, "b2");
    app.update();
    assert_eq!(text_of::<HintText>(&mut app), "");
}

#[test]
fn the_level_is_shown_during_a_game_against_the_computer() {
    let mut app = app();
    set_game(
        &mut app,
        START,
        Mode::VsComputer {
            human: Side::Red,
            level: Level::Hard,
        },
    );
    app.update();
    assert_eq!(text_of::<CounterText>(&mut app), "Hard · No capture 0/50");
}

#[test]
fn two_finished_games_never_share_a_record_file_even_after_a_damaged_save() {
    let dir = temp_dir("records-apart");
    let finish = |app: &mut App| {
        animations_off(app);
        set_game(app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
        play(app, "f2", "a2");
        assert!(run_until(app, 3.0, |a| turn(a) == Turn::Over));
        app.update();
    };
    {
        let mut app = app_with(Some(dir.to_path_buf()));
        finish(&mut app);
    }
    saves_written();
    // The save is damaged: the next start begins afresh, and so does its seed.
    std::fs::write(dir.join(surakarta::persist::GAME_FILE), "{ not a game").unwrap();
    {
        let mut app = app_with(Some(dir.to_path_buf()));
        finish(&mut app);
    }
    saves_written();
    let files: Vec<String> = std::fs::read_dir(dir.join("records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
}

#[test]
fn a_file_holding_another_game_under_this_games_name_is_never_overwritten() {
    use surakarta::game::records::{Records, file_name};
    let dir = temp_dir("records-clash");
    let mut app = app_with(Some(dir.to_path_buf()));
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "c3");
    let name = file_name(session(&app));
    std::fs::create_dir_all(dir.join("records")).unwrap();
    let other = "[Ruleset \"standard\"]\n\n1. a2-a3 *\n";
    std::fs::write(dir.join("records").join(&name), other).unwrap();
    let session = session(&app).clone();
    let place = app
        .world_mut()
        .resource_mut::<Records>()
        .save(&session, false)
        .unwrap();
    assert!(!place.ends_with(&name), "{place}");
    assert_eq!(
        std::fs::read_to_string(dir.join("records").join(&name)).unwrap(),
        other,
        "the other game is untouched"
    );
}

#[test]
fn a_new_game_over_a_game_in_progress_asks_first() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "c3");
    press(&mut app, "bar.menu");
    press(&mut app, "menu.two_players");
    press(&mut app, "newgame.start");
    assert_eq!(panel(&app), surakarta::shell::navigation::Panel::Replace);
    press(&mut app, "replace.keep");
    assert_eq!(own_game(&app).game.history().len(), 1, "kept");
    press(&mut app, "menu.two_players");
    press(&mut app, "newgame.start");
    press(&mut app, "replace.start");
    assert!(own_game(&app).game.history().is_empty(), "a new game");
}

#[test]
fn in_a_two_player_game_the_words_turn_to_face_the_player_to_move_across_the_table() {
    use surakarta::bars::status::Bars;
    let angle = turns::<Bars>;
    let mut app = app();
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .turn_board = true;
    set_game(&mut app, START, Mode::TwoPlayers);
    assert_eq!(angle(&mut app), [0.0]);
    play_settled(&mut app, "b2", "c3");
    run_until(&mut app, 3.0, |a| {
        angle(a)
            .iter()
            .all(|x| (x - std::f32::consts::PI).abs() < 0.01)
    });
    let turned = angle(&mut app);
    assert!(
        turned
            .iter()
            .all(|a| (a - std::f32::consts::PI).abs() < 0.01),
        "Black to move: the bars face Black, {turned:?}"
    );
    // The board lies as it is between the two players, Black's stones on Black's side (a
    // tester saw it turned as well, the red stones nearest Black): the camera stays, e5 is
    // above e2 on the screen, the files and ranks read upright from Black's side, and a tap
    // lands on the point it is on.
    assert!(camera_angle(&mut app) < 0.01);
    let at = |app: &mut App, sq: &str| {
        let r = surakarta::dev_tools::report::report(app.world_mut());
        r["points"][sq][1].as_f64().unwrap()
    };
    assert!(
        at(&mut app, "e5") < at(&mut app, "e2"),
        "Black's side is at the top, across the table"
    );
    let labels: Vec<f32> = app
        .world_mut()
        .query_filtered::<&Transform, With<surakarta::board::coordinates::Coordinate>>()
        .iter(app.world())
        .map(|t| t.rotation.angle_between(Quat::IDENTITY))
        .collect();
    assert!(
        labels.len() == 12
            && labels
                .iter()
                .all(|a| (a - std::f32::consts::PI).abs() < 0.01),
        "the files and ranks face Black: {labels:?}"
    );
    play_settled(&mut app, "e5", "d4");
    run_until(&mut app, 3.0, |a| angle(a).iter().all(|x| *x < 0.01));
    assert!(
        angle(&mut app).iter().all(|a| *a < 0.01),
        "and back for Red"
    );
    // Alone against the computer as Black the board faces the player, the bars stay upright.
    set_game(
        &mut app,
        START,
        Mode::VsComputer {
            human: Side::Black,
            level: Level::Easy,
        },
    );
    app.update();
    assert!(angle(&mut app).iter().all(|a| *a < 0.01));
}

#[test]
fn in_a_two_player_game_the_cards_the_player_to_move_opens_face_them() {
    use std::f32::consts::PI;
    use surakarta::ui::widgets::Card;
    let card_angle = turns::<Card>;
    let mut app = two_players_turning_after_b2_c3();
    run_until(&mut app, 3.0, |a| (table(a) - PI).abs() < 0.01);
    // Black to move, from the far side of the table: the menu, End, Resign face Black.
    press(&mut app, "bar.menu");
    let angles = card_angle(&mut app);
    assert!(
        angles.len() == 1 && (angles[0] - PI).abs() < 0.01,
        "the menu faces Black: {angles:?}"
    );
    go_to(&mut app, surakarta::shell::navigation::Screen::Game);
    for (button, card) in [("bar.end", "end the game"), ("end.resign", "resign")] {
        press(&mut app, button);
        let angles = card_angle(&mut app);
        assert!(
            angles.len() == 1 && (angles[0] - PI).abs() < 0.01,
            "{card} faces Black: {angles:?}"
        );
    }
    press(&mut app, "resign.keep");
    assert!(card_angle(&mut app).is_empty());
    // A puzzle opened from that menu is played the usual way up, and so is the menu opened
    // from the puzzle: it had faced Black for the two-player game behind.
    press(&mut app, "bar.menu");
    press(&mut app, "menu.puzzles");
    press(&mut app, "puzzles.next");
    assert_eq!(
        *app.world()
            .resource::<State<surakarta::shell::navigation::Screen>>()
            .get(),
        surakarta::shell::navigation::Screen::Puzzle
    );
    run_until(&mut app, 3.0, |a| table(a) < 0.01);
    press(&mut app, "bar.menu");
    run_until(&mut app, 1.0, |_| false);
    assert_eq!(
        card_angle(&mut app),
        [0.0],
        "the menu faces the puzzle's player"
    );
    // Back at the two players' board, the words face Black again.
    go_to(&mut app, surakarta::shell::navigation::Screen::Game);
    run_until(&mut app, 3.0, |a| (table(a) - PI).abs() < 0.01);
    assert!(
        (table(&mut app) - PI).abs() < 0.01,
        "Black to move faces Black"
    );
    // Red to move: the same cards upright.
    play_settled(&mut app, "e5", "d4");
    run_until(&mut app, 3.0, |a| table(a) < 0.01);
    press(&mut app, "bar.menu");
    assert_eq!(card_angle(&mut app), [0.0], "the menu faces Red");
    go_to(&mut app, surakarta::shell::navigation::Screen::Game);
    press(&mut app, "bar.end");
    assert_eq!(card_angle(&mut app), [0.0]);
}

#[test]
fn the_platforms_safe_area_moves_the_bars_clear_of_the_notch() {
    use surakarta::ui::layout::{BoardLayout, SafeArea};
    let mut app = app();
    set_game(&mut app, START, Mode::TwoPlayers);
    let bars = |app: &mut App| -> Vec<(f32, f32)> {
        let mut v: Vec<(f32, f32)> = app
            .world_mut()
            .query::<&Node>()
            .iter(app.world())
            .filter_map(|n| match (n.padding.top, n.padding.bottom) {
                (Val::Px(t), Val::Px(b)) if t > 0.0 || b > 0.0 => Some((t, b)),
                _ => None,
            })
            .collect();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v
    };
    let before = bars(&mut app);
    *app.world_mut().resource_mut::<SafeArea>() = SafeArea {
        top: 47.0,
        bottom: 34.0,
        left: 0.0,
        right: 0.0,
    };
    app.update();
    app.update();
    assert_eq!(app.world().resource::<BoardLayout>().safe.top, 47.0);
    let after = bars(&mut app);
    assert!(
        after.iter().any(|(t, _)| *t >= 47.0),
        "the status bar starts below the notch: {after:?}"
    );
    assert!(
        after.iter().any(|(_, b)| *b >= 34.0),
        "the buttons end above the home indicator: {after:?}"
    );
    assert_ne!(before, after);
}

#[test]
fn behind_the_first_menu_the_bars_say_nothing_until_a_game_has_moves() {
    use surakarta::bars::status::StatusLine;
    use surakarta::shell::navigation::Screen;
    let shown = |app: &mut App| -> Vec<bool> {
        app.world_mut()
            .query_filtered::<&Visibility, With<StatusLine>>()
            .iter(app.world())
            .map(|v| *v != Visibility::Hidden)
            .collect()
    };
    let mut app = app();
    animations_off(&mut app);
    go_to(&mut app, Screen::Menu);
    let lines = shown(&mut app);
    // Whose turn, the clocks (an online game's), the counts, the counters, the notice.
    assert_eq!(lines.len(), 5);
    assert!(lines.iter().all(|s| !s), "no 'Your move' before any game");
    press(&mut app, "menu.two_players");
    press(&mut app, "newgame.start");
    assert_eq!(screen(&app), Screen::Game);
    assert!(
        shown(&mut app).iter().all(|s| *s),
        "on the board, the bars speak"
    );
    play(&mut app, "b2", "c3");
    press(&mut app, "bar.menu");
    assert!(
        shown(&mut app).iter().all(|s| *s),
        "a game going on, behind the menu"
    );
}

#[test]
fn the_desktop_window_fits_a_short_screen_and_keeps_its_shape() {
    use surakarta::fitted_window;
    let phone = Vec2::new(390.0, 844.0);
    // A screen it fits on (also exactly, as a 390 x 844 test display): unchanged.
    assert_eq!(fitted_window(phone, Vec2::new(1920.0, 1080.0)), None);
    assert_eq!(fitted_window(phone, phone), None);
    // A 1366 x 768 laptop: smaller, the same shape, on the screen with room to spare.
    let fitted = fitted_window(phone, Vec2::new(1366.0, 768.0)).unwrap();
    assert!(fitted.y <= 768.0 - 90.0, "{fitted}");
    assert!(
        (fitted.x / fitted.y - phone.x / phone.y).abs() < 0.01,
        "{fitted}"
    );
}

/// A game from the start whose last move is its first capture (plain moves before it,
/// the same every time).
fn game_ending_in_a_capture() -> surakarta_engine::Game {
    let mut game = surakarta_engine::Game::default();
    for i in 0..200usize {
        let moves = game.moves();
        if let Some(&capture) = moves.iter().find(|m| m.capture) {
            game.try_play(capture).unwrap();
            return game;
        }
        let m = moves.as_slice()[(i * 7 + 3) % moves.len()];
        game.try_play(m).unwrap();
    }
    panic!("no capture in 200 plies");
}

/// In a review, stepping onto a capture: while the stone runs round its loops, the turn,
/// the counts and the review's line ("Move 4 of 5: 4... e5xe3") all still show the
/// position before it, and all change together when it lands (issue 61.20: the line
/// named the move while the turn and the counts still showed the position before it).
#[test]
fn a_reviewed_capture_changes_the_turn_and_the_counts_together_when_it_lands() {
    use surakarta::screens::review::{ClosesTo, OpenReview, ReviewStep};
    // The turn, the counts and the review's line, as the bars show them.
    let words = |app: &mut App| {
        (
            text_of::<TurnText>(app),
            text_of::<CountText>(app),
            text_of::<HintText>(app),
        )
    };
    let mut app = app();
    let game = game_ending_in_a_capture();
    let plies = game.history().len();
    let mover = game.positions()[plies - 1].side_to_move();
    app.world_mut()
        .write_message(OpenReview(game, ClosesTo::Records, Side::Red, None));
    app.update();
    app.update();
    app.world_mut().write_message(ReviewStep::To(plies - 1));
    for _ in 0..3 {
        app.update();
    }
    let before = words(&mut app);
    assert!(before.0.contains(&format!("{mover:?}")), "{before:?}");
    press(&mut app, "review.next");
    let mut seen = Vec::new();
    while turn(&app) == Turn::Animating || seen.is_empty() {
        seen.push(words(&mut app));
        app.update();
        assert!(seen.len() < 300, "the capture lands");
    }
    app.update();
    let after = words(&mut app);
    assert!(
        after.0.contains(&format!("{:?}", mover.other())),
        "{after:?}"
    );
    assert_ne!(
        after.1, before.1,
        "the captured stone is counted off when it lands"
    );
    // Frame by frame: the position before the capture, then the one after it, never the
    // words of one beside the words of the other.
    let changed = seen.iter().position(|s| *s != before).unwrap_or(seen.len());
    assert!(
        changed > 3,
        "the capture was animated ({changed} frames before it landed)"
    );
    for (frame, s) in seen.iter().enumerate() {
        let want = if frame < changed { &before } else { &after };
        assert_eq!(s, want, "frame {frame} of the capture");
    }
}

/// In a review, Next tapped again while a move runs round its loops is not lost: it plays
/// the move after once the stone has landed (52 taps had ended a move short of the end).
#[test]
fn a_next_tapped_while_a_reviewed_move_runs_plays_the_move_after() {
    use surakarta::game::session::Practice;
    use surakarta::screens::review::{ClosesTo, OpenReview, ReviewStep};
    let mut app = app();
    let game = game_ending_in_a_capture();
    let plies = game.history().len();
    let shown = |app: &App| app.world().resource::<Practice>().0.game.history().len();
    app.world_mut()
        .write_message(OpenReview(game, ClosesTo::Records, Side::Red, None));
    app.update();
    app.update();
    app.world_mut().write_message(ReviewStep::To(plies - 2));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(shown(&app), plies - 2);
    press(&mut app, "review.next");
    let mut frames = 0;
    while turn(&app) != Turn::Animating {
        app.update();
        frames += 1;
        assert!(frames < 10, "the move runs");
    }
    // The second tap, while the first move runs.
    press(&mut app, "review.next");
    assert_eq!(shown(&app), plies - 1);
    for _ in 0..600 {
        app.update();
        if shown(&app) == plies && turn(&app) != Turn::Animating {
            break;
        }
    }
    assert_eq!(shown(&app), plies, "both taps played a move");
}

/// Where the words face across the table (0: Red's side, π: Black's).
fn table(app: &mut App) -> f32 {
    app.world()
        .resource::<surakarta::board::view::TableTurn>()
        .0
}

/// A two-player game with the words turning to each player, after Red's b2-c3.
fn two_players_turning_after_b2_c3() -> App {
    let mut app = app();
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .turn_board = true;
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "c3");
    app
}

/// A two-player game over: its result faces the winner across the table. It had stayed
/// with the side that would have moved next, the loser, who had just resigned.
#[test]
fn a_finished_two_player_game_faces_its_winner() {
    use std::f32::consts::PI;
    for (resigning_after, winner_angle) in [(1, 0.0), (2, PI)] {
        let mut app = two_players_turning_after_b2_c3();
        if resigning_after == 2 {
            play_settled(&mut app, "e5", "d4");
        }
        // Black to move resigns (Red wins), or Red to move resigns (Black wins).
        press(&mut app, "bar.end");
        press(&mut app, "end.resign");
        press(&mut app, "resign.confirm");
        run_until(&mut app, 3.0, |a| (table(a) - winner_angle).abs() < 0.01);
        assert!(
            (table(&mut app) - winner_angle).abs() < 0.01,
            "the result faces the winner ({resigning_after} plies): {}",
            table(&mut app)
        );
        // Until the result is closed; then everything is the usual way up, as at rest
        // (the menu too), whoever won.
        run_until(&mut app, 3.0, |a| {
            panel(a) == surakarta::shell::navigation::Panel::GameOver
        });
        assert!((table(&mut app) - winner_angle).abs() < 0.01);
        press(&mut app, "over.close");
        run_until(&mut app, 3.0, |a| table(a).abs() < 0.01);
        assert!(
            table(&mut app).abs() < 0.01,
            "after the result: {}",
            table(&mut app)
        );
        press(&mut app, "bar.menu");
        app.update();
        assert!(
            table(&mut app).abs() < 0.01,
            "the menu: {}",
            table(&mut app)
        );
    }
}
