//! The game screen driven like a player would: taps, animations, the computer, undo.

mod common;

use bevy::prelude::*;
use common::*;
use std::collections::BTreeSet;
use surakarta::board::animation::MoveTween;
use surakarta::board::geometry::BoardPath;
use surakarta::board::preview::{CaptureTarget, StepTarget};
use surakarta::board::selection::Selection;
use surakarta::board::stones::Stone;
use surakarta::game::session::{Mode, Turn};
use surakarta::ui::layout::BoardLayout;
use surakarta_engine::ai::Level;
use surakarta_engine::{Side, Square};

fn marked<C: Component + Copy>(app: &mut App, square: impl Fn(C) -> Square) -> BTreeSet<String> {
    app.world_mut()
        .query::<&C>()
        .iter(app.world())
        .map(|c| square(*c).to_string())
        .collect()
}

fn stones(app: &mut App) -> BTreeSet<(String, Side)> {
    app.world_mut()
        .query::<&Stone>()
        .iter(app.world())
        .map(|s| (s.square.to_string(), s.side))
        .collect()
}

#[test]
fn tapping_a_stone_selects_it_and_marks_exactly_the_engines_targets() {
    let mut app = app();
    set_game(&mut app, "6/6/1b4/6/1r4/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "b2");
    app.update();
    assert_eq!(app.world().resource::<Selection>().stone, Some(sq("b2")));
    let steps = marked::<StepTarget>(&mut app, |t| t.0);
    let captures = marked::<CaptureTarget>(&mut app, |t| t.0);
    let moves = session(&app).game.moves();
    let want_steps: BTreeSet<String> = moves
        .iter()
        .filter(|m| !m.capture)
        .map(|m| m.to.to_string())
        .collect();
    let want_captures: BTreeSet<String> = moves
        .iter()
        .filter(|m| m.capture)
        .map(|m| m.to.to_string())
        .collect();
    assert_eq!(steps, want_steps);
    assert_eq!(captures, want_captures);
    assert_eq!(captures.len(), 1);

    // Tapping the stone again deselects it; tapping empty space does too.
    tap(&mut app, "b2");
    app.update();
    assert_eq!(app.world().resource::<Selection>().stone, None);
    assert!(marked::<StepTarget>(&mut app, |t| t.0).is_empty());
    // An enemy stone cannot be selected.
    tap(&mut app, "b4");
    assert_eq!(app.world().resource::<Selection>().stone, None);
}

#[test]
fn a_tap_outside_the_board_or_a_drag_to_nowhere_plays_nothing() {
    let mut app = app();
    set_game(&mut app, "6/6/1b4/6/1r4/6 r 0 0", Mode::TwoPlayers);
    touch(&mut app, Vec2::new(195.0, 20.0));
    touch(&mut app, Vec2::new(-50.0, 9999.0));
    assert_eq!(app.world().resource::<Selection>().stone, None);
    // A drag that starts on b2 picks it up; let go beside the board, it plays nothing.
    let start = screen_of(&mut app, sq("b2"));
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<bevy::window::PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    use bevy::input::touch::{TouchInput, TouchPhase};
    for (phase, at) in [
        (TouchPhase::Started, start),
        (TouchPhase::Moved, start - Vec2::X * 60.0),
        (TouchPhase::Ended, start - Vec2::X * 400.0),
    ] {
        app.world_mut().write_message(TouchInput {
            phase,
            position: at,
            window,
            force: None,
            id: 3,
        });
    }
    app.update();
    assert_eq!(app.world().resource::<Selection>().stone, Some(sq("b2")));
    assert!(session(&app).game.history().is_empty(), "nothing played");
}

#[test]
fn a_stone_dragged_onto_a_target_plays_it_and_the_finger_draws_its_route_strongly() {
    use surakarta::board::preview::RouteMark;
    let mut app = app();
    animations_off(&mut app);
    // b3 captures on e1, e3 and e5, each round its own loops: three routes.
    set_game(&mut app, "6/4b1/6/1r2b1/6/4b1 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "b3");
    // How strongly each route's band is drawn: the opacity of the colour it is painted
    // in (a band drawn transparent fails here, whatever the code meant to draw).
    let strengths = |app: &mut App| -> Vec<(String, f32)> {
        let drawn: Vec<(String, Handle<ColorMaterial>)> = app
            .world_mut()
            .query::<(&RouteMark, &MeshMaterial2d<ColorMaterial>)>()
            .iter(app.world())
            .map(|(m, h)| (m.0.to_string(), h.0.clone()))
            .collect();
        let materials = app.world().resource::<Assets<ColorMaterial>>();
        let mut v: Vec<(String, f32)> = drawn
            .into_iter()
            .map(|(m, h)| (m, materials.get(&h).map_or(0.0, |c| c.color.alpha())))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    };
    let routes = strengths(&mut app);
    assert_eq!(routes.len(), 3, "{routes:?}");
    assert!(
        routes.iter().all(|(_, s)| *s < 1.0 && *s > 0.6),
        "no pointer: all alike, and plainly seen {routes:?}"
    );
    // A finger resting on the target e3 draws that route strongly, the others faintly.
    let e3 = screen_of(&mut app, sq("e3"));
    send_touches(&mut app, &[(bevy::input::touch::TouchPhase::Started, e3)]);
    app.update();
    app.update();
    for (mv, strength) in strengths(&mut app) {
        if mv == "b3xe3" {
            assert_eq!(strength, 1.0);
        } else {
            assert!(strength < 0.5 && strength > 0.2, "{mv} {strength}");
        }
    }
    send_touches(&mut app, &[(bevy::input::touch::TouchPhase::Canceled, e3)]);
    app.update();
    // Dragged from b3 and let go on e3: the capture is played.
    let b3 = screen_of(&mut app, sq("b3"));
    drag(&mut app, b3, e3);
    app.update();
    assert_eq!(
        session(&app).game.history().first().map(|m| m.to_string()),
        Some("b3xe3".to_owned())
    );
}

#[test]
fn tapping_a_target_plays_the_move_and_the_stone_slides_there() {
    let mut app = app();
    set_game(&mut app, "6/6/1b4/6/1r4/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "b2");
    tap(&mut app, "c3");
    assert_eq!(session(&app).game.history().len(), 1);
    assert_eq!(session(&app).game.history()[0].to_string(), "b2-c3");
    app.update();
    assert_eq!(turn(&app), Turn::Animating);
    assert!(run_until(&mut app, 2.0, |a| turn(a) == Turn::Waiting));
    let layout = *app.world().resource::<BoardLayout>();
    let c3 = app
        .world_mut()
        .query::<(&Stone, &Transform)>()
        .iter(app.world())
        .find(|(s, _)| s.square == sq("c3"))
        .map(|(_, t)| t.translation.truncate())
        .expect("a stone on c3");
    assert!(c3.distance(layout.point(sq("c3"))) < 0.5);
    assert_eq!(
        stones(&mut app),
        [
            ("b4".to_string(), Side::Black),
            ("c3".to_string(), Side::Red)
        ]
        .into()
    );
}

#[test]
fn a_capture_runs_along_the_preferred_route_then_removes_the_captured_stone() {
    let mut app = app();
    // f2 takes a2 round all four loops: the last black stone.
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    let before = *session(&app).game.position();
    let route = before.preferred_route("f2xa2".parse().unwrap()).unwrap();
    let layout = *app.world().resource::<BoardLayout>();
    let path = BoardPath::route(&layout, &route);
    let track = path.polyline(1.0);

    tap(&mut app, "f2");
    tap(&mut app, "a2");
    assert_eq!(session(&app).game.history().len(), 1);
    let mut samples = Vec::new();
    let mut frames = 0;
    while turn(&app) != Turn::Over && frames < 400 {
        app.update();
        frames += 1;
        let moving = app
            .world_mut()
            .query::<&MoveTween>()
            .iter(app.world())
            .next()
            .is_some();
        if moving
            && let Some(t) = app
                .world_mut()
                .query::<(&Stone, &Transform)>()
                .iter(app.world())
                .find(|(s, _)| s.side == Side::Red)
                .map(|(_, t)| t.translation.truncate())
        {
            samples.push(t);
        }
        // While it runs, the captured stone is still on the board.
        if moving {
            assert!(
                app.world_mut()
                    .query::<&surakarta::board::animation::Captured>()
                    .iter(app.world())
                    .count()
                    == 1
            );
        }
    }
    assert_eq!(
        turn(&app),
        Turn::Over,
        "{frames} frames, {} samples",
        samples.len()
    );
    assert!(
        samples.len() > 20,
        "the capture is animated over many frames: {}",
        samples.len()
    );
    for p in &samples {
        let off = track
            .windows(2)
            .map(|w| {
                let (a, b) = (w[0], w[1]);
                let t = ((*p - a).dot(b - a) / (b - a).length_squared().max(1e-6)).clamp(0.0, 1.0);
                p.distance(a + (b - a) * t)
            })
            .fold(f32::MAX, f32::min);
        assert!(off < layout.spacing * 0.05, "{p} is {off} off the route");
    }
    // It went round the loops: some samples lie outside the grid.
    let half = layout.spacing * 2.5;
    assert!(
        samples
            .iter()
            .any(|p| p.x.abs() > half + 1.0 || p.y.abs() > half + 1.0)
    );
    assert_eq!(stones(&mut app), [("a2".to_string(), Side::Red)].into());
    assert_eq!(
        app.world_mut()
            .query::<&surakarta::board::animation::Captured>()
            .iter(app.world())
            .count(),
        0
    );
}

#[test]
fn taps_during_an_animation_are_ignored() {
    let mut app = app();
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    tap(&mut app, "a2");
    app.update();
    assert_eq!(turn(&app), Turn::Animating);
    tap(&mut app, "a2");
    tap(&mut app, "a1");
    assert_eq!(app.world().resource::<Selection>().stone, None);
    assert_eq!(session(&app).game.history().len(), 1);
}

#[test]
fn undo_restores_the_position_and_the_stones() {
    let mut app = app();
    set_game(
        &mut app,
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        Mode::TwoPlayers,
    );
    let start = stones(&mut app);
    tap(&mut app, "b2");
    tap(&mut app, "b3");
    app.update();
    assert!(run_until(&mut app, 2.0, |a| turn(a) == Turn::Waiting));
    assert_ne!(stones(&mut app), start);
    app.world_mut()
        .write_message(surakarta::game::session::Command::Undo);
    app.update();
    app.update();
    assert_eq!(session(&app).game.history().len(), 0);
    assert_eq!(stones(&mut app), start);
}

/// A game won stays won: Undo after the last capture does nothing, and the Undo button is
/// drawn faded.
#[test]
fn undo_after_a_finished_game_changes_nothing() {
    let mut app = app();
    animations_off(&mut app);
    // Red's b2 takes Black's last stone, on e2, round the loops.
    set_game(&mut app, "6/6/6/6/1r2b1/6 r 0 0", Mode::TwoPlayers);
    assert!(
        session(&app)
            .game
            .moves()
            .contains(&"b2xe2".parse().unwrap())
    );
    play(&mut app, "b2", "e2");
    assert!(run_until(&mut app, 3.0, |a| turn(a) == Turn::Over));
    let won = session(&app).game.clone();
    assert!(won.outcome().is_some());
    for _ in 0..2 {
        app.world_mut()
            .write_message(surakarta::game::session::Command::Undo);
        app.update();
        app.update();
    }
    assert_eq!(session(&app).game.history(), won.history());
    assert_eq!(session(&app).game.outcome(), won.outcome());
    assert_eq!(turn(&app), Turn::Over);
}

/// After an Undo, a resignation ends the game: Redo, which can play nothing on a finished
/// game, is faded with Undo (a tester saw it drawn active, and it did nothing).
#[test]
fn redo_is_faded_once_the_game_is_over() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "c3");
    play_settled(&mut app, "e5", "d4");
    press(&mut app, "bar.undo");
    app.update();
    let faded = |app: &mut App, id: &str| -> bool {
        app.world_mut()
            .query::<(&surakarta::ui::widgets::ButtonId, &BackgroundColor)>()
            .iter(app.world())
            .any(|(b, bg)| b.0 == id && bg.0.alpha() < 1.0)
    };
    assert!(!faded(&mut app, "bar.redo"), "Redo can play e5-d4 again");
    press(&mut app, "bar.end");
    press(&mut app, "end.resign");
    press(&mut app, "resign.confirm");
    assert!(run_until(&mut app, 3.0, |a| panel(a)
        == surakarta::shell::navigation::Panel::GameOver));
    press(&mut app, "over.close");
    app.update();
    assert!(session(&app).game.outcome().is_some());
    assert!(faded(&mut app, "bar.redo"), "Redo on a finished game");
}

/// The computer (Hard, Red) opens a game: after `frames` updates it is still thinking and
/// nothing is on the board (had an update waited for the search, the move would be), and
/// then it plays a legal opening move.
fn computer_opens_without_holding_up_frames(app: &mut App, frames: usize) {
    set_game(
        app,
        START,
        Mode::VsComputer {
            human: Side::Black,
            level: Level::Hard,
        },
    );
    assert_eq!(turn(app), Turn::Thinking);
    for _ in 0..frames {
        app.update();
    }
    assert!(
        app.world()
            .resource::<surakarta::game::computer::Computer>()
            .thinking()
    );
    assert!(session(app).game.history().is_empty());
    assert!(run_until(app, 30.0, |a| !session(a)
        .game
        .history()
        .is_empty()));
    let start = surakarta_engine::Game::default();
    assert!(start.moves().contains(&session(app).game.history()[0]));
}

#[test]
fn the_computer_thinks_in_the_background_and_plays_a_legal_move() {
    let mut app = app();
    computer_opens_without_holding_up_frames(&mut app, 5);
    assert!(run_until(&mut app, 3.0, |a| turn(a) == Turn::Waiting));
}

#[test]
fn undo_against_the_computer_takes_back_the_reply_too() {
    let mut app = app();
    animations_off(&mut app);
    set_game(
        &mut app,
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        Mode::VsComputer {
            human: Side::Red,
            level: Level::Easy,
        },
    );
    tap(&mut app, "b2");
    tap(&mut app, "b3");
    assert!(run_until(&mut app, 10.0, |a| session(a)
        .game
        .history()
        .len()
        == 2
        && turn(a) == Turn::Waiting));
    app.world_mut()
        .write_message(surakarta::game::session::Command::Undo);
    app.update();
    app.update();
    assert!(session(&app).game.history().is_empty());
    assert_eq!(turn(&app), Turn::Waiting);
}

#[test]
fn redo_plays_again_what_undo_took_back_and_a_new_move_forgets_it() {
    let mut app = app();
    animations_off(&mut app);
    set_game(
        &mut app,
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        Mode::VsComputer {
            human: Side::Red,
            level: Level::Easy,
        },
    );
    play(&mut app, "b2", "b3");
    assert!(run_until(&mut app, 10.0, |a| session(a)
        .game
        .history()
        .len()
        == 2
        && turn(a) == Turn::Waiting));
    let played = session(&app).game.clone();
    let faded = |app: &mut App, id: &str| {
        let mut q = app
            .world_mut()
            .query::<(&surakarta::ui::widgets::ButtonId, &BackgroundColor)>();
        q.iter(app.world())
            .find(|(b, _)| b.0 == id)
            .map(|(_, c)| c.0.alpha() < 0.5)
            .unwrap()
    };
    assert!(faded(&mut app, "bar.redo"), "nothing to redo yet");
    press(&mut app, "bar.undo");
    assert!(session(&app).game.history().is_empty());
    assert!(!faded(&mut app, "bar.redo"));
    // Redo brings back the move and the computer's reply, and it is the player's turn.
    press(&mut app, "bar.redo");
    assert_eq!(session(&app).game.history(), played.history());
    assert_eq!(session(&app).game.position(), played.position());
    assert_eq!(turn(&app), Turn::Waiting);
    assert!(faded(&mut app, "bar.redo"));
    // After an undo, a move of the player's own forgets what could have been redone.
    press(&mut app, "bar.undo");
    play(&mut app, "c2", "c3");
    // The move and the computer's reply to it (the turn still reads the player's in the
    // frames right after the tap, before the computer starts).
    assert!(run_until(&mut app, 10.0, |a| turn(a) == Turn::Waiting
        && session(a).game.history().len() == 2));
    let now = session(&app).game.history().to_vec();
    press(&mut app, "bar.redo");
    assert_eq!(session(&app).game.history(), &now[..], "nothing to redo");
}

#[test]
fn a_whole_game_against_the_computer_ends_with_the_right_result() {
    let mut app = app();
    animations_off(&mut app);
    set_game(
        &mut app,
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        Mode::VsComputer {
            human: Side::Red,
            level: Level::Easy,
        },
    );
    let mut x = 12345u64;
    for _ in 0..400 {
        if turn(&app) == Turn::Over {
            break;
        }
        if turn(&app) == Turn::Waiting {
            // The person taps a random legal move.
            let moves = session(&app).game.moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = moves.as_slice()[(x % moves.len() as u64) as usize];
            tap(&mut app, &m.from.to_string());
            tap(&mut app, &m.to.to_string());
        }
        run_until(&mut app, 5.0, |a| {
            matches!(turn(a), Turn::Waiting | Turn::Over)
        });
    }
    assert_eq!(turn(&app), Turn::Over);
    let game = &session(&app).game;
    let outcome = game.outcome().expect("over");
    if outcome.reason == surakarta_engine::EndReason::AllCaptured {
        let loser = outcome.winner.unwrap().other();
        assert!(game.position().stones(loser).is_empty());
    }
    // The final position is seen first; the result comes up a moment later.
    let title = |app: &mut App| -> Vec<String> {
        app.world_mut()
            .query_filtered::<&Text, With<surakarta::panels::game_over::GameOverTitle>>()
            .iter(app.world())
            .map(|t| t.0.clone())
            .collect()
    };
    app.update();
    assert!(title(&mut app).is_empty(), "not at once");
    assert!(run_until(&mut app, 2.0, |a| !title(a).is_empty()));
    let title = title(&mut app);
    let expected = match outcome.winner {
        Some(Side::Red) => "You win",
        Some(Side::Black) => "The computer wins",
        None => "Draw",
    };
    assert_eq!(title, [expected]);
}

#[test]
fn with_confirm_moves_the_first_tap_only_proposes_and_accept_plays() {
    let mut app = app();
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .confirm_moves = true;
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    tap(&mut app, "a2");
    assert!(session(&app).game.history().is_empty(), "not played yet");
    assert_eq!(
        app.world()
            .resource::<Selection>()
            .pending
            .map(|m| m.to_string()),
        Some("f2xa2".into())
    );
    // Only the proposed move's route is drawn, and the stone that will stand on a2.
    let routes: Vec<String> = drawn_routes(&mut app);
    assert_eq!(routes, ["f2xa2"]);
    let ghosts: Vec<Square> = app
        .world_mut()
        .query::<&surakarta::board::preview::PendingStone>()
        .iter(app.world())
        .map(|g| g.0)
        .collect();
    assert_eq!(ghosts, ["a2".parse::<Square>().unwrap()]);
    // No hint over a move the player has chosen.
    press(&mut app, "bar.hint");
    assert!(
        !app.world()
            .resource::<surakarta::game::computer::Computer>()
            .hinting()
    );
    assert!(app.world().resource::<Selection>().hint.is_none());
    press(&mut app, "bar.accept");
    assert_eq!(session(&app).game.history().len(), 1);

    // A double tap on the target proposes the move, and its second tap does not play
    // it; a tap there once the proposal has been seen does.
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    tap(&mut app, "a2");
    tap(&mut app, "a2");
    assert!(session(&app).game.history().is_empty(), "a double tap");
    assert!(app.world().resource::<Selection>().pending.is_some());
    std::thread::sleep(std::time::Duration::from_millis(450));
    tap(&mut app, "a2");
    assert_eq!(session(&app).game.history().len(), 1, "tapped again");

    // Cancel, on the bar, drops a proposal.
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    tap(&mut app, "f3");
    press(&mut app, "bar.cancel");
    assert_eq!(app.world().resource::<Selection>().pending, None);
    assert!(session(&app).game.history().is_empty());
}

#[test]
fn a_hint_shows_hards_move_and_accepting_it_plays_it() {
    let mut app = app();
    set_game(
        &mut app,
        "6/6/6/6/b4r/6 r 0 0",
        Mode::VsComputer {
            human: Side::Red,
            level: Level::Easy,
        },
    );
    app.world_mut()
        .write_message(surakarta::game::session::Command::Hint);
    assert!(run_until(&mut app, 20.0, |a| a
        .world()
        .resource::<Selection>()
        .hint
        .is_some()));
    let hint = app.world().resource::<Selection>().hint.clone().unwrap();
    assert_eq!(hint.mv.to_string(), "f2xa2");
    assert_eq!(hint.route.as_ref().map(|r| r.loops), Some(4));
    app.update();
    let routes: Vec<String> = drawn_routes(&mut app);
    assert!(routes.contains(&"f2xa2".to_string()));
    // The bar's Accept, pressed as a finger would, plays it.
    press(&mut app, "bar.accept");
    assert_eq!(session(&app).game.history().len(), 1);
    assert_eq!(session(&app).game.history()[0].to_string(), "f2xa2");
}

#[test]
fn a_new_game_during_the_computers_turn_cancels_its_search() {
    let mut app = app();
    set_game(
        &mut app,
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        Mode::VsComputer {
            human: Side::Black,
            level: Level::Hard,
        },
    );
    app.update();
    assert!(
        app.world()
            .resource::<surakarta::game::computer::Computer>()
            .thinking()
    );
    app.world_mut()
        .write_message(surakarta::game::session::Command::NewGame {
            mode: Mode::TwoPlayers,
            rules: surakarta_engine::Ruleset::default(),
            from: surakarta::game::session::Start::Fresh,
        });
    app.update();
    app.update();
    assert!(
        !app.world()
            .resource::<surakarta::game::computer::Computer>()
            .thinking()
    );
    assert_eq!(turn(&app), Turn::Waiting);
    // Nothing from the cancelled search ever lands on the new board.
    run_until(&mut app, 2.0, |_| false);
    assert!(session(&app).game.history().is_empty());
}

#[test]
fn without_threads_the_computer_thinks_a_slice_each_frame_and_still_plays() {
    // The web build's way: no background task, a few milliseconds of search per frame.
    // Hard's budget is far more than three slices.
    let mut app = app();
    app.world_mut()
        .resource_mut::<surakarta::game::computer::Computer>()
        .threading = surakarta::game::search::Threading::SLICED;
    computer_opens_without_holding_up_frames(&mut app, 3);
}

#[cfg(feature = "dev")]
#[test]
fn the_report_for_the_browser_tests_shows_the_board_where_a_finger_finds_it() {
    let mut app = app();
    animations_off(&mut app);
    set_game(
        &mut app,
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
        Mode::TwoPlayers,
    );
    let report = surakarta::dev_tools::report::report(app.world_mut());
    // Where each stone is drawn, seen through the camera as it stands (not the layout's
    // own sums, which the report uses too: a board drawn 10 points aside fails here).
    let window = app.world().resource::<BoardLayout>().window;
    let camera = app
        .world_mut()
        .query_filtered::<&Transform, With<surakarta::board::view::BoardCamera>>()
        .single(app.world())
        .copied()
        .expect("the board's camera");
    let drawn = |app: &mut App, name: &str| -> Vec2 {
        let world = app
            .world_mut()
            .query::<(&Stone, &Transform)>()
            .iter(app.world())
            .find(|(s, _)| s.square == sq(name))
            .map(|(_, t)| t.translation)
            .expect("a stone there");
        let seen = camera.rotation.inverse() * (world - camera.translation);
        Vec2::new(window.x / 2.0 + seen.x, window.y / 2.0 - seen.y)
    };
    for name in ["a1", "c2", "d5", "f6"] {
        let p = &report["points"][name];
        let at = Vec2::new(p[0].as_f64().unwrap() as f32, p[1].as_f64().unwrap() as f32);
        assert!(
            at.distance(drawn(&mut app, name)) < 0.5,
            "{name}: {at} {}",
            drawn(&mut app, name)
        );
    }
    // Tapping where the report says plays the move the report then shows.
    let point = |r: &serde_json::Value, name: &str| {
        let p = &r["points"][name];
        Vec2::new(p[0].as_f64().unwrap() as f32, p[1].as_f64().unwrap() as f32)
    };
    touch(&mut app, point(&report, "b2"));
    touch(&mut app, point(&report, "c3"));
    run_until(&mut app, 3.0, |a| turn(a) == Turn::Waiting);
    let after = surakarta::dev_tools::report::report(app.world_mut());
    assert_eq!(after["history"], serde_json::json!(["b2-c3"]));
    assert_eq!(
        after["position"],
        session(&app).game.position().to_string().as_str()
    );
    assert_eq!(after["turn"], "Waiting");
    assert_eq!(after["mode"]["kind"], "two-players");
}

/// The files and ranks drawn on the board's edges read from the player's side: `a` at the
/// bottom left and `1` at the bottom left with Red at the bottom; `f` and `6` there with
/// Black at the bottom (against the computer as Black).
#[test]
fn coordinates_turn_with_the_board() {
    use surakarta::board::coordinates::Coordinate;
    let mut app = app();
    let on_screen = |app: &mut App, wanted: Coordinate| -> Vec2 {
        let layout = *app.world().resource::<surakarta::ui::layout::BoardLayout>();
        let rotation = Quat::from_rotation_z(camera_angle(app));
        let at = app
            .world_mut()
            .query::<(&Coordinate, &Transform)>()
            .iter(app.world())
            .find(|(c, _)| **c == wanted)
            .map(|(_, t)| t.translation.truncate())
            .expect("every file and rank is drawn");
        layout.world_to_screen(at, rotation)
    };
    for (human, left_file, bottom_rank) in [(Side::Red, 0, 0), (Side::Black, 5, 5)] {
        set_game(
            &mut app,
            START,
            Mode::VsComputer {
                human,
                level: Level::Beginner,
            },
        );
        // The board has finished turning to the player's side (a frame under load may leave
        // it half way, and a slow first frame may not have begun the turn yet).
        let target = if human == Side::Red {
            0.0
        } else {
            std::f32::consts::PI
        };
        let mut last = f32::NAN;
        let turned = run_until(&mut app, 5.0, |a| {
            let now = camera_angle(a);
            let still = (now - last).abs() < 1e-5 && (now - target).abs() < 1e-3;
            last = now;
            still
        });
        assert!(turned, "{human:?}: the board turned to the player's side");
        // The leftmost file on screen stands under the leftmost bottom point, below it.
        let corner = screen_of(&mut app, Square::at(left_file, bottom_rank).unwrap());
        let file = on_screen(&mut app, Coordinate::File(left_file));
        let rank = on_screen(&mut app, Coordinate::Rank(bottom_rank));
        assert!(
            file.y > corner.y && (file.x - corner.x).abs() < 30.0,
            "{human:?} file"
        );
        assert!(
            rank.x < corner.x && (rank.y - corner.y).abs() < 30.0,
            "{human:?} rank"
        );
        // And the other files to its right, in order.
        let next = on_screen(
            &mut app,
            Coordinate::File(if left_file == 0 { 1 } else { 4 }),
        );
        assert!(
            next.x > file.x + 10.0,
            "{human:?}: files read left to right"
        );
    }
}
