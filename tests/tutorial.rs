//! The tutorial's lessons: each asks for something the engine confirms, a wrong move is
//! caught, progress is saved, and the game in progress is never touched.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::session::{Mode, Turn};
use surakarta::game::tutorial::{Goal, LESSONS, LessonState, Miss, Tutorial};
use surakarta::persist::GAME_FILE;
use surakarta::settings::Settings;
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::i18n::Strings;
use surakarta_engine::Move;

fn tutorial(app: &App) -> Tutorial {
    app.world().resource::<Tutorial>().clone()
}

fn passing(index: usize) -> Vec<String> {
    let lesson = LESSONS[index];
    let game = lesson.game();
    game.moves()
        .iter()
        .filter(|m| lesson.passed_by(game.position(), **m))
        .map(Move::to_string)
        .collect()
}

#[test]
fn every_lesson_can_be_passed_and_the_telling_ones_can_be_failed() {
    for (i, lesson) in LESSONS.iter().enumerate() {
        let game = lesson.game();
        assert!(game.outcome().is_none(), "{}", lesson.id);
        let all = game.moves().len();
        let pass = passing(i);
        match lesson.goal {
            Goal::Select(sq) => {
                let sq = sq.parse().unwrap();
                assert_eq!(
                    game.position().at(sq),
                    Some(game.side_to_move()),
                    "{}",
                    lesson.id
                );
            }
            Goal::AnyStep => assert_eq!(pass.len(), all, "{}: every step", lesson.id),
            _ => {
                assert!(!pass.is_empty(), "{}: no move passes", lesson.id);
                assert!(pass.len() < all, "{}: no move fails", lesson.id);
            }
        }
    }
    let by_id = |id: &str| LESSONS.iter().position(|l| l.id == id).unwrap();
    // The straight run: b3 sees e3 but cannot take it; two stones round a loop can.
    assert_eq!(passing(by_id("straight")), ["b2xe3", "b4xe3"]);
    let straight = LESSONS[by_id("straight")].game();
    assert!(
        straight
            .moves()
            .iter()
            .all(|m| m.from.to_string() != "b3" || !m.capture)
    );
    // Blocking: the other stone steps onto the route before the loop, nothing else.
    assert_eq!(passing(by_id("block")), ["a4-a3"]);
    // Passing over the start: the only route of the capture goes over d4.
    let over = LESSONS[by_id("over-start")].game();
    let capture: Move = "d4xd3".parse().unwrap();
    let routes = over.position().routes(capture);
    assert!(!routes.is_empty());
    assert!(
        routes
            .iter()
            .all(|r| r.points.iter().any(|p| p.to_string() == "d4"))
    );
    assert_eq!(passing(by_id("corners")), ["b2-a1"]);
    assert_eq!(passing(by_id("end")), ["f2xa2"]);
}

#[test]
fn lessons_are_played_with_taps_wrong_moves_explained_and_tried_again() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "c3");
    let game_before = session(&app).clone();

    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    press(&mut app, "lessons.continue");
    let t = tutorial(&app);
    assert_eq!(t.lesson, Some(0));
    assert_eq!(t.state, LessonState::Asking);
    assert_eq!(screen(&app), Screen::Lesson);
    assert_eq!(session(&app).game, LESSONS[0].game());
    assert_eq!(
        own_game(&app).game,
        game_before.game,
        "the player's game waits"
    );

    // Lesson 1: a step.
    play_settled(&mut app, "c3", "c4");
    assert_eq!(tutorial(&app).state, LessonState::Passed);
    assert!(
        app.world()
            .resource::<Settings>()
            .tutorial_passed
            .contains("step")
    );

    // Lesson 2: tapping the stone shows its routes.
    press(&mut app, "lesson.next");
    assert_eq!(tutorial(&app).lesson, Some(1));
    tap(&mut app, "b2");
    assert_eq!(tutorial(&app).state, LessonState::Passed);
    assert!(!drawn_routes(&mut app).is_empty(), "the routes are drawn");

    // Lesson 3: a step is not the capture asked for.
    press(&mut app, "lesson.next");
    play_settled(&mut app, "b3", "b4");
    assert_eq!(tutorial(&app).state, LessonState::Failed(Miss::Wrong));
    // Explained: the card says what went wrong and what to do.
    app.update();
    let card = texts(&mut app).join("\n");
    assert!(
        card.contains("That was not a capture. Tap your stone, then the black stone"),
        "{card}"
    );
    // The board waits for Try again: taps change nothing.
    let after_wrong = session(&app).game.clone();
    tap(&mut app, "b4");
    tap(&mut app, "b5");
    assert_eq!(session(&app).game, after_wrong);
    press(&mut app, "lesson.retry");
    assert_eq!(tutorial(&app).state, LessonState::Asking);
    assert_eq!(session(&app).game, LESSONS[2].game());
    play_settled(&mut app, "b3", "e3");
    assert_eq!(tutorial(&app).state, LessonState::Passed);

    // Leaving brings the game in progress back, as it was.
    press(&mut app, "lesson.menu");
    assert!(!tutorial(&app).active());
    assert_eq!((screen(&app), panel(&app)), (Screen::Menu, Panel::None));
    press(&mut app, "menu.continue");
    assert_eq!(session(&app).game, game_before.game);
    assert_eq!(session(&app).mode, game_before.mode);
    assert_eq!(turn(&app), Turn::Waiting);
}

#[test]
fn lessons_never_overwrite_the_saved_game_and_progress_is_kept() {
    let dir = temp_dir("tutorial");
    {
        let mut app = app_with(Some(dir.clone()));
        animations_off(&mut app);
        set_game(&mut app, START, Mode::TwoPlayers);
        play_settled(&mut app, "b2", "c3");
        app.update();
        saves_written();
        let saved = std::fs::read_to_string(dir.join(GAME_FILE)).unwrap();
        assert!(saved.contains("b2-c3"));

        press(&mut app, "bar.menu");
        press(&mut app, "menu.tutorial");
        assert_eq!(
            panel(&app),
            Panel::Lessons,
            "Tutorial opens the lesson list"
        );
        assert!(texts(&mut app).contains(&"0 of 9 lessons done".to_owned()));
        press(&mut app, "lessons.continue");
        play_settled(&mut app, "c3", "d4");
        assert_eq!(tutorial(&app).state, LessonState::Passed);
        app.update();
        saves_written();
        assert_eq!(
            std::fs::read_to_string(dir.join(GAME_FILE)).unwrap(),
            saved,
            "the lesson is not saved as the game"
        );
        // The app is closed in the middle of the tutorial.
    }
    let mut app = app_with(Some(dir.to_path_buf()));
    let history: Vec<String> = session(&app)
        .game
        .history()
        .iter()
        .map(Move::to_string)
        .collect();
    assert_eq!(history, ["b2-c3"], "the game in progress is back");
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    // The list remembers: the first lesson ticked, the second not, Continue at the second.
    let shown = texts(&mut app);
    assert!(
        shown.contains(&"1 of 9 lessons done".to_owned()),
        "{shown:?}"
    );
    assert!(shown.contains(&"1. Stepping ✓".to_owned()), "{shown:?}");
    assert!(
        shown.contains(&"2. The two circuits".to_owned()),
        "{shown:?}"
    );
    assert!(
        shown.contains(&"Continue: lesson 2".to_owned()),
        "{shown:?}"
    );
    press(&mut app, "lessons.continue");
    assert_eq!(
        tutorial(&app).lesson,
        Some(1),
        "the tutorial goes on after the lesson passed"
    );
    // Any lesson can be chosen from the list: skipping ahead to the fifth.
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    press(&mut app, "lessons.5");
    assert_eq!(tutorial(&app).lesson, Some(4));
    assert_eq!(screen(&app), Screen::Lesson);
}

/// A lesson on the board when the app is closed (or killed by the system) is offered first
/// by the menu at the next start, beside the game going on; a lesson passed is not (the
/// list's Continue goes on to the next), and a lesson the file names that this app does
/// not have is let go without a word.
#[test]
fn a_lesson_open_at_a_restart_is_offered_first_by_the_menu() {
    let dir = temp_dir("lesson-restart");
    let index = 2;
    {
        let mut app = app_with(Some(dir.clone()));
        animations_off(&mut app);
        set_game(&mut app, START, Mode::TwoPlayers);
        play_settled(&mut app, "b2", "c3");
        open_lesson(&mut app, index);
        app.update();
        saves_written();
        // Killed in the middle of the lesson.
    }
    let mut app = app_at_its_menu(Some(dir.to_path_buf()));
    animations_off(&mut app);
    assert_eq!(screen(&app), Screen::Menu);
    assert_eq!(
        card_buttons_in_order(&mut app)[..2],
        ["menu.to_lesson", "menu.continue"]
    );
    assert_eq!(main_button(&mut app), "menu.to_lesson");
    press(&mut app, "menu.to_lesson");
    assert_eq!(screen(&app), Screen::Lesson);
    assert_eq!(tutorial(&app).lesson, Some(index));
    assert_eq!(tutorial(&app).state, LessonState::Asking);
    assert_eq!(
        session(&app).game.history(),
        LESSONS[index].game().history(),
        "the lesson from its start"
    );
    // The game behind it is as it was.
    press(&mut app, "lesson.menu");
    press(&mut app, "menu.continue");
    assert_eq!(session(&app).game.history().len(), 1);
    app.update();
    saves_written();
    drop(app);

    // Once the game has been on the board the lesson waits for the Tutorial's list, not
    // the menu, and a restart does not bring it back to the menu either.
    let mut app = app_at_its_menu(Some(dir.to_path_buf()));
    let names = buttons(&mut app);
    assert!(!names.contains(&"menu.to_lesson".to_owned()), "{names:?}");
    drop(app);

    // A lesson id this app does not know: nothing offered, nothing else lost.
    let file = dir.join(surakarta::persist::SETTINGS_FILE);
    let text = std::fs::read_to_string(&file).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["lesson"] = serde_json::Value::String("no-such-lesson".into());
    std::fs::write(&file, json.to_string()).unwrap();
    let mut app = app_at_its_menu(Some(dir.to_path_buf()));
    let names = buttons(&mut app);
    assert!(!names.contains(&"menu.to_lesson".to_owned()), "{names:?}");
    assert_eq!(
        session(&app).game.history().len(),
        1,
        "the game still there"
    );
}

/// The lesson on the board passed as a player stuck on it would: Hint, then Accept.
fn pass_with_the_hint(app: &mut App) {
    press(app, "bar.hint");
    app.update();
    if tutorial(app).state == LessonState::Asking {
        press(app, "bar.accept");
        run_until(app, 3.0, |a| tutorial(a).state != LessonState::Asking);
    }
}

/// After the last lesson the card suggests what comes next: the puzzles, or a first game
/// against Beginner (the new-game card, set for Beginner).
#[test]
fn the_last_lesson_ends_with_the_next_steps() {
    let mut app = app();
    animations_off(&mut app);
    let last = surakarta::game::tutorial::LESSONS.len() - 1;
    open_lesson(&mut app, last);
    pass_with_the_hint(&mut app);
    assert_eq!(tutorial(&app).state, LessonState::Passed);
    for _ in 0..5 {
        app.update();
    }
    let names = buttons(&mut app);
    assert!(names.contains(&"lesson.puzzles".to_owned()), "{names:?}");
    // The next step comes straight after the lesson's words, before how games end: a
    // short phone's card shows it without a scroll.
    let words = texts(&mut app);
    assert!(
        words
            .iter()
            .any(|t| t.replace('\u{a0}', " ").starts_with(
                "You captured every black stone and won.\nNext: puzzles train the eye"
            ) && t.lines().count() == 3),
        "{words:?}"
    );
    press(&mut app, "lesson.beginner");
    app.update();
    assert_eq!(panel(&app), Panel::NewGame);
    assert_eq!(
        app.world()
            .resource::<surakarta::settings::Settings>()
            .level,
        surakarta_engine::ai::Level::Beginner
    );
    go_to(&mut app, Screen::Game);
    open_lesson(&mut app, last);
    pass_with_the_hint(&mut app);
    for _ in 0..5 {
        app.update();
    }
    press(&mut app, "lesson.puzzles");
    app.update();
    assert_eq!((screen(&app), panel(&app)), (Screen::Menu, Panel::Puzzles));
}

#[test]
fn lights_run_round_both_circuits_in_the_circuits_lesson_only() {
    use surakarta::board::circuits::{Bead, LESSON_ID, circuit_path};
    use surakarta::ui::layout::BoardLayout;
    let mut app = app();
    let beads = |app: &mut App| -> Vec<(Bead, Vec3)> {
        app.world_mut()
            .query::<(&Bead, &Transform)>()
            .iter(app.world())
            .map(|(b, t)| (*b, t.translation))
            .collect()
    };
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    press(&mut app, "lessons.continue");
    assert_eq!(tutorial(&app).lesson, Some(0));
    assert!(beads(&mut app).is_empty());
    animations_off(&mut app);
    play_settled(&mut app, "c3", "c4");
    press(&mut app, "lesson.next");
    assert_eq!(LESSONS[tutorial(&app).lesson.unwrap()].id, LESSON_ID);
    app.update();
    let first = beads(&mut app);
    assert_eq!(first.len(), 2, "one light per circuit");
    for _ in 0..20 {
        app.update();
    }
    let layout = *app.world().resource::<BoardLayout>();
    for (bead, at) in beads(&mut app) {
        let before = first
            .iter()
            .find(|(b, _)| b.circuit == bead.circuit)
            .unwrap();
        assert!(at.distance(before.1) > 1.0, "the light moves");
        // It stays on its circuit's path: the nearest sampled point is close.
        let path = circuit_path(&layout, bead.circuit);
        let samples: Vec<Vec2> = (0..2000).map(|i| path.sample(i as f32 / 2000.0)).collect();
        let nearest = |p: Vec2| {
            samples
                .iter()
                .map(|s| s.distance(p))
                .fold(f32::MAX, f32::min)
        };
        assert!(nearest(at.truncate()) < 1.0);
        // And that path is the circuit: through every point on its lines, round its four
        // loops, nowhere near the points off it.
        let on = bead.circuit.points();
        for sq in surakarta_engine::Square::all() {
            let d = nearest(layout.point(sq));
            if on.has(sq) {
                assert!(d < 1.0, "{sq} is on the circuit, {d} away");
            } else {
                assert!(
                    d > layout.spacing * 0.4,
                    "{sq} is off the circuit, {d} away"
                );
            }
        }
        let loops = path
            .segments
            .iter()
            .filter(|s| matches!(s, surakarta::board::geometry::Segment::Arc { .. }))
            .count();
        assert_eq!(loops, 4);
    }
    tap(&mut app, "b2");
    press(&mut app, "lesson.next");
    app.update();
    assert!(beads(&mut app).is_empty(), "gone with the lesson");
    // Back to the lesson: lit again; after their four laps (28 s) they go out for good.
    press(&mut app, "lesson.menu");
    let circuits = LESSONS.iter().position(|l| l.id == LESSON_ID).unwrap();
    app.world_mut().resource_mut::<Settings>().tutorial_passed = LESSONS[..circuits]
        .iter()
        .map(|l| l.id.to_owned())
        .collect();
    press(&mut app, "menu.tutorial");
    // (The first button goes back to the lesson left for the menu, the next one.)
    press(&mut app, &format!("lessons.{}", circuits + 1));
    assert_eq!(tutorial(&app).lesson, Some(circuits));
    app.update();
    assert_eq!(beads(&mut app).len(), 2, "lit again");
    let frames = (surakarta::board::circuits::LAPS * 7.0 / FRAME.as_secs_f32()) as usize + 5;
    for _ in 0..frames {
        app.update();
    }
    assert!(beads(&mut app).is_empty(), "out after their laps");
    for _ in 0..5 {
        app.update();
    }
    assert!(beads(&mut app).is_empty(), "and not lit again");
}

/// Starts lesson `index` the way the menu's Tutorial does, the ones before it passed.
fn open_lesson(app: &mut App, index: usize) {
    let passed = LESSONS[..index].iter().map(|l| l.id.to_owned()).collect();
    app.world_mut().resource_mut::<Settings>().tutorial_passed = passed;
    press(app, "bar.menu");
    press(app, "menu.tutorial");
    press(app, "lessons.continue");
    assert_eq!(tutorial(app).lesson, Some(index));
}

#[test]
fn the_hint_in_every_lesson_passes_it() {
    for (index, lesson) in LESSONS.iter().enumerate() {
        let mut app = app();
        animations_off(&mut app);
        open_lesson(&mut app, index);
        press(&mut app, "bar.hint");
        app.update();
        if tutorial(&app).state == LessonState::Asking {
            // A move to accept (a lesson that asks to tap a stone is passed by the hint's
            // showing it).
            assert!(
                app.world()
                    .resource::<surakarta::board::selection::Selection>()
                    .hint
                    .is_some(),
                "{}: Hint shows a move",
                lesson.id
            );
            press(&mut app, "bar.accept");
            for _ in 0..3 {
                app.update();
            }
        }
        assert_eq!(
            tutorial(&app).state,
            LessonState::Passed,
            "{}: the hint passes the lesson",
            lesson.id
        );
    }
}

#[test]
fn a_failed_block_is_explained_by_what_was_played() {
    let by_id = |id: &str| LESSONS.iter().position(|l| l.id == id).unwrap();
    let block = by_id("block");
    let cases = [
        ("c3", "b3", Miss::Captured, "Taking b3"),
        ("c3", "c4", Miss::MovedVictim, "That moved c3"),
        ("a4", "a5", Miss::Wrong, "Black can still capture"),
    ];
    for (from, to, miss, words) in cases {
        let mut app = app();
        animations_off(&mut app);
        open_lesson(&mut app, block);
        play_settled(&mut app, from, to);
        assert_eq!(
            tutorial(&app).state,
            LessonState::Failed(miss),
            "{from}-{to}"
        );
        app.update();
        let card = texts(&mut app).join("\n");
        assert!(card.contains(words), "{from}-{to}: {card}");
        if miss == Miss::Captured {
            // True of the board: Black's stone is gone, so no word of its capturing.
            assert!(!card.contains("can still capture"), "{card}");
        }
    }
}

/// The lights are slow: the lesson asks for their frames at a steady pace, not every frame
/// the screen could show (a whole core with a software renderer), and the usual way of
/// drawing comes back with the lesson gone.
#[test]
fn the_lights_ask_for_frames_at_their_own_pace() {
    use bevy::window::RequestRedraw;
    use bevy::winit::{UpdateMode, WinitSettings};
    use surakarta::board::circuits::{LESSON_ID, LIGHT_FRAMES};
    let usual = surakarta::winit_settings(&surakarta::Options::default());
    let mut app = app();
    animations_off(&mut app);
    app.insert_resource(usual.clone());
    let mode = |app: &App| app.world().resource::<WinitSettings>().focused_mode;
    let asked = |app: &App| {
        app.world()
            .resource::<Messages<RequestRedraw>>()
            .iter_current_update_messages()
            .len()
    };
    let circuits = LESSONS.iter().position(|l| l.id == LESSON_ID).unwrap();
    open_lesson(&mut app, circuits);
    for _ in 0..15 {
        app.update();
    }
    let every = std::time::Duration::from_secs_f64(1.0 / f64::from(LIGHT_FRAMES));
    assert!(
        every <= surakarta::shell::awake::MAX_FRAME_STEP,
        "a paced frame no longer than the clock's longest step: the lights keep their speed"
    );
    let paced = UpdateMode::reactive_low_power(every);
    for _ in 0..5 {
        app.update();
        assert_eq!(mode(&app), paced);
        assert_eq!(asked(&app), 0, "no frame asked for beyond the pace");
    }
    press(&mut app, "lesson.menu");
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(mode(&app), usual.focused_mode);
    assert_eq!(
        app.world().resource::<WinitSettings>().unfocused_mode,
        usual.unfocused_mode
    );
}

/// The lesson on straight runs: a tap that runs straight to the black stone is answered
/// on the lesson's card, which covers the bar where a game says it (the play-through found
/// the lesson silent), and the next lesson starts with nothing said.
#[test]
fn a_refused_tap_in_a_lesson_is_explained_on_its_card() {
    use surakarta::screens::lesson::LessonNotice;
    let mut app = app();
    let index = LESSONS.iter().position(|l| l.id == "straight").unwrap();
    open_lesson(&mut app, index);
    let said = |app: &mut App| -> Vec<String> {
        app.world_mut()
            .query_filtered::<&Text, With<LessonNotice>>()
            .iter(app.world())
            .map(|t| t.0.clone())
            .collect()
    };
    assert!(said(&mut app).is_empty(), "{:?}", said(&mut app));
    tap(&mut app, "b3");
    tap(&mut app, "e3");
    app.update();
    assert_eq!(
        said(&mut app),
        ["A capture must go round at least one loop: a straight run takes nothing."]
    );
    assert_eq!(
        tutorial(&app).state,
        LessonState::Asking,
        "nothing was played"
    );
    // Said once: the next tap that chooses a stone takes it down, and the step's words
    // (which a short screen gives up for it) are all the card says again.
    let ask = app
        .world()
        .resource::<Strings>()
        .get(&format!("tut.{}.ask", LESSONS[index].id));
    tap(&mut app, "b3");
    app.update();
    app.update();
    assert!(said(&mut app).is_empty(), "{:?}", said(&mut app));
    assert!(texts(&mut app).contains(&ask));
}

/// Menu in a lesson, then the menu's first entry: back to the lesson as it was (its board,
/// a wrong move's explanation), not to a finished game behind it; once another board is
/// taken up (a puzzle), or while a game goes on, that entry is the game's again.
#[test]
fn the_menu_goes_back_to_a_lesson_left_for_it() {
    let mut app = app();
    animations_off(&mut app);
    let index = LESSONS
        .iter()
        .position(|l| l.id == "block")
        .expect("the block lesson");
    open_lesson(&mut app, index);
    let lesson = LESSONS[index];
    let start = lesson.game();
    let wrong = start
        .moves()
        .iter()
        .copied()
        .find(|m| !m.capture && !lesson.passed_by(start.position(), *m))
        .expect("a step that does not block");
    play_settled(&mut app, &wrong.from.to_string(), &wrong.to.to_string());
    run_until(&mut app, 3.0, |a| tutorial(a).state != LessonState::Asking);
    let failed = tutorial(&app).state;
    assert!(matches!(failed, LessonState::Failed(_)), "{failed:?}");
    let board = session(&app).game.clone();

    press(&mut app, "lesson.menu");
    assert_eq!(screen(&app), Screen::Menu);
    let names = buttons(&mut app);
    assert!(names.contains(&"menu.to_lesson".to_owned()), "{names:?}");
    assert!(texts(&mut app).contains(&"Back to the lesson".to_owned()));
    press(&mut app, "menu.to_lesson");
    assert_eq!(screen(&app), Screen::Lesson);
    assert_eq!(tutorial(&app).lesson, Some(index));
    assert_eq!(
        tutorial(&app).state,
        failed,
        "the explanation is still there"
    );
    assert_eq!(
        session(&app).game.history(),
        board.history(),
        "the same board"
    );
    // A phone's Back on the menu leads where its first entry does.
    press(&mut app, "lesson.menu");
    assert_eq!(screen(&app), Screen::Menu);
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Lesson, "Back goes back to the lesson");
    assert_eq!(tutorial(&app).state, failed);

    // A puzzle taken up in between: the menu's first entry goes back to it instead.
    press(&mut app, "lesson.menu");
    press(&mut app, "menu.puzzles");
    press(&mut app, "puzzles.next");
    assert_eq!(screen(&app), Screen::Puzzle);
    go_to(&mut app, Screen::Menu);
    let names = buttons(&mut app);
    assert!(!names.contains(&"menu.to_lesson".to_owned()), "{names:?}");
    assert!(names.contains(&"menu.to_puzzle".to_owned()), "{names:?}");

    // With a game going on, the menu opened in a lesson still leads back to the lesson
    // first (closing it had gone to the game, a tester found), and the game's Continue
    // stands beside it, one tap away.
    go_to(&mut app, Screen::Game);
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "c3");
    open_lesson(&mut app, index);
    play_settled(&mut app, &wrong.from.to_string(), &wrong.to.to_string());
    run_until(&mut app, 3.0, |a| tutorial(a).state == failed);
    press(&mut app, "lesson.menu");
    let order = card_buttons_in_order(&mut app);
    assert_eq!(
        order[..3],
        ["menu.to_lesson", "menu.continue", "menu.moves"]
    );
    assert_eq!(main_button(&mut app), "menu.to_lesson");
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Lesson, "Back goes back to the lesson");
    assert_eq!(tutorial(&app).state, failed, "as it was left");
    press(&mut app, "lesson.menu");
    press(&mut app, "menu.continue");
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(session(&app).game.history().len(), 1, "the game as it was");
    // Once the game has been taken up, the menu's first entry is the game's; the way back
    // to the lesson is the Tutorial's first button (it had started the lesson again).
    press(&mut app, "bar.menu");
    let names = buttons(&mut app);
    assert!(names.contains(&"menu.continue".to_owned()), "{names:?}");
    assert!(!names.contains(&"menu.to_lesson".to_owned()), "{names:?}");
    press(&mut app, "menu.tutorial");
    assert_eq!(
        button_words(&mut app, "lessons.continue"),
        format!("Back to lesson {}", index + 1)
    );
    press(&mut app, "lessons.continue");
    assert_eq!(screen(&app), Screen::Lesson);
    assert_eq!(tutorial(&app).lesson, Some(index));
    assert_eq!(tutorial(&app).state, failed, "as it was left");
    assert_eq!(session(&app).game.history(), board.history());
    press(&mut app, "lesson.menu");
    press(&mut app, "menu.continue");
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(session(&app).game.history().len(), 1, "the game as it was");
    // Continue to the game did not drop the lesson: Tutorial still goes back to it.
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    assert_eq!(
        button_words(&mut app, "lessons.continue"),
        format!("Back to lesson {}", index + 1)
    );
    press(&mut app, "lessons.continue");
    assert_eq!(tutorial(&app).state, failed, "as it was left");
}

/// A lesson left for the menu at its closing card, passed: the Tutorial goes on to the
/// next one, not back to it (a tester was offered "Back to lesson 4" from its end).
#[test]
fn a_lesson_left_passed_leads_on_to_the_next() {
    let mut app = app();
    animations_off(&mut app);
    open_lesson(&mut app, 3);
    press(&mut app, "bar.hint");
    app.update();
    if tutorial(&app).state == LessonState::Asking {
        press(&mut app, "bar.accept");
    }
    assert!(run_until(&mut app, 3.0, |a| tutorial(a).state == LessonState::Passed));
    press(&mut app, "lesson.menu");
    press(&mut app, "menu.tutorial");
    assert_eq!(
        button_words(&mut app, "lessons.continue"),
        "Continue: lesson 5"
    );
    press(&mut app, "lessons.continue");
    assert_eq!(tutorial(&app).lesson, Some(4));
}

#[test]
fn a_lessons_verdict_comes_when_the_stone_has_landed() {
    // A card that grows moves the board down; under a moving stone the board would shrink
    // and leave the stone off its points. So the card changes once the move is shown.
    let mut app = app();
    open_lesson(&mut app, 0);
    let strings = app.world().resource::<Strings>().clone();
    let (ask, done) = (strings.get("tut.step.ask"), strings.get("tut.step.done"));
    let shows = |app: &mut App, words: &str| texts(app).iter().any(|t| t == words);
    assert!(shows(&mut app, &ask));
    play(&mut app, "c3", "c4");
    assert!(
        run_until(&mut app, 2.0, |a| turn(a) == Turn::Animating),
        "the step is animated"
    );
    let mut frames = 0;
    while turn(&app) == Turn::Animating {
        assert!(
            shows(&mut app, &ask),
            "the verdict came before the stone landed"
        );
        assert!(!shows(&mut app, &done));
        app.update();
        frames += 1;
        assert!(frames < 600, "the step never landed");
    }
    assert!(frames > 1, "the step took {frames} frames");
    app.update();
    assert!(shows(&mut app, &done), "the verdict once the stone landed");
}

/// The circuits lesson names the loops by the colours they are drawn in: teal and
/// terracotta, and in high contrast blue and orange (a tester read "teal" beside blue).
#[test]
fn the_circuits_lesson_names_the_colours_of_the_theme() {
    use surakarta::ui::theme::ThemeKind;
    let in_high_contrast = || {
        let mut app = app();
        animations_off(&mut app);
        app.world_mut().resource_mut::<Settings>().theme = ThemeKind::HighContrast;
        app.update();
        app
    };
    let mut app = app();
    animations_off(&mut app);
    open_lesson(&mut app, 1);
    let said = |app: &mut App, words: &str| texts(app).iter().any(|t| t.contains(words));
    assert!(said(&mut app, "The teal lines"), "{:?}", texts(&mut app));
    let mut app = in_high_contrast();
    open_lesson(&mut app, 1);
    assert!(said(&mut app, "The blue lines"), "{:?}", texts(&mut app));
    assert!(!said(&mut app, "teal"));
}

/// The circuits lesson speaks of the path drawn after b2 is tapped: it is drawn even with
/// "Show capture routes" off (a tester saw only the rings, and the words of a path).
#[test]
fn a_lesson_draws_the_capture_route_it_speaks_of_whatever_the_setting() {
    let mut app = app();
    animations_off(&mut app);
    app.world_mut().resource_mut::<Settings>().route_preview = false;
    let circuits = LESSONS.iter().position(|l| l.id == "circuits").unwrap();
    open_lesson(&mut app, circuits);
    tap(&mut app, "b2");
    app.update();
    assert_eq!(drawn_routes(&mut app), ["b2xe4"]);
    // In a game the setting holds.
    go_to(&mut app, Screen::Game);
    set_game(&mut app, "6/6/6/4b1/6/1r4 r 0 0", Mode::TwoPlayers);
    assert!(session(&app).game.moves().iter().any(|m| m.capture));
    tap(&mut app, "b1");
    app.update();
    assert!(
        drawn_routes(&mut app).is_empty(),
        "{:?}",
        drawn_routes(&mut app)
    );
}

/// A lesson passed and left for the menu comes back as it was left: its move on the board
/// with the words of its end (a tester saw the start position under the "done" words).
#[test]
fn a_passed_lesson_left_for_the_menu_comes_back_with_its_move() {
    let mut app = app();
    animations_off(&mut app);
    let block = LESSONS.iter().position(|l| l.id == "block").unwrap();
    open_lesson(&mut app, block);
    press(&mut app, "bar.hint");
    app.update();
    press(&mut app, "bar.accept");
    assert!(run_until(&mut app, 3.0, |a| tutorial(a).state == LessonState::Passed));
    let board = session(&app).game.clone();
    assert!(!board.history().is_empty());
    press(&mut app, "lesson.menu");
    press(&mut app, "menu.to_lesson");
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Lesson);
    assert_eq!(tutorial(&app).state, LessonState::Passed);
    assert_eq!(session(&app).game.history(), board.history());
}
