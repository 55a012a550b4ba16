//! What the game asks of the phone under it, through the recording device: a tick, a knock
//! and a pattern as stones land and a game ends (none with the setting off); Share hands
//! the device the record of the game on screen; a record shared to the app opens for
//! review; the insets the device reports move the bars.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::session::{Mode, Turn};
use surakarta::platform::recording::Recording;
use surakarta::platform::{Haptic, install};
use surakarta::settings::Settings;
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::layout::{BoardLayout, SafeArea};
use surakarta_engine::Record;

fn phone_app() -> (App, Recording) {
    let mut app = app();
    let phone = Recording::default();
    install(&mut app, phone.clone());
    app.update();
    (app, phone)
}

fn haptics(phone: &Recording) -> Vec<Haptic> {
    phone.log().haptics.clone()
}

#[test]
fn a_step_ticks_a_capture_knocks_and_the_end_plays_a_pattern_as_the_stone_lands() {
    let (mut app, phone) = phone_app();
    set_game(&mut app, "5b/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "b3");
    tap(&mut app, "e3");
    // The stone is still running round the loop: nothing yet.
    assert_eq!(haptics(&phone), vec![]);
    assert!(run_until(&mut app, 5.0, |_| !haptics(&phone).is_empty()));
    assert_eq!(haptics(&phone), vec![Haptic::Capture]);
    assert!(run_until(&mut app, 2.0, |a| turn(a) == Turn::Waiting));

    play_settled(&mut app, "f6", "e6");
    assert!(run_until(&mut app, 3.0, |_| haptics(&phone).len() == 2));
    assert_eq!(haptics(&phone)[1], Haptic::Step);

    // Red takes the last black stone: the knock, then the pattern.
    set_game(&mut app, "6/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    phone.log().haptics.clear();
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 5.0, |_| haptics(&phone).len() == 2));
    assert_eq!(haptics(&phone), vec![Haptic::Capture, Haptic::GameOver]);
}

/// A tap the board cannot play answers "no": a double tick and the rule in one line,
/// the stone still chosen; a tap on an opponent's stone rings what it could take.
#[test]
fn a_target_that_cannot_be_played_says_no_and_why() {
    use surakarta::board::preview::ThreatTarget;
    use surakarta::board::selection::Selection;
    let (mut app, phone) = phone_app();
    // Red b3 and Black e3 on one row, nothing between; Red's b2, b5 and f3 close the
    // routes round the loops: b3 to e3 is a straight run, no capture.
    set_game(&mut app, "6/1r4/6/1r2br/1r4/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "b3");
    tap(&mut app, "e3");
    assert!(session(&app).game.history().is_empty(), "nothing played");
    assert_eq!(haptics(&phone), vec![Haptic::Refused]);
    let said = app
        .world()
        .resource::<surakarta::ui::notice::Notice>()
        .0
        .clone();
    assert_eq!(
        said.as_deref(),
        Some("A capture must go round at least one loop: a straight run takes nothing.")
    );
    assert_eq!(
        app.world().resource::<Selection>().stone,
        Some("b3".parse().unwrap()),
        "the stone stays chosen for another try"
    );
    // The next try proposed (Confirm each move): the "no" goes with the move it was about.
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .confirm_moves = true;
    tap(&mut app, "c3");
    app.update();
    assert!(app.world().resource::<Selection>().pending.is_some());
    let said = app.world().resource::<surakarta::ui::notice::Notice>();
    assert_eq!(said.0, None, "the no is not left beside the proposed move");
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .confirm_moves = false;
    // The opponent's e3: what it could take, ringed and said.
    app.world_mut().resource_mut::<Selection>().clear();
    let threat = "6/6/6/1r2b1/6/6 r 0 0";
    set_game(&mut app, threat, Mode::TwoPlayers);
    tap(&mut app, "e3");
    app.update();
    let ringed: Vec<String> = app
        .world_mut()
        .query::<&ThreatTarget>()
        .iter(app.world())
        .map(|t| t.0.to_string())
        .collect();
    assert_eq!(ringed, ["b3"]);
    let said = app
        .world()
        .resource::<surakarta::ui::notice::Notice>()
        .0
        .clone();
    assert_eq!(said.as_deref(), Some("Black's e3 could take b3."));
    // Tapped again: gone.
    tap(&mut app, "e3");
    app.update();
    assert_eq!(
        app.world_mut()
            .query::<&ThreatTarget>()
            .iter(app.world())
            .count(),
        0
    );
}

#[test]
fn no_haptics_with_the_setting_off_and_the_setting_shows_where_the_phone_vibrates() {
    let (mut app, phone) = phone_app();
    go_to(&mut app, Screen::Menu);
    app.world_mut()
        .resource_mut::<NextState<Panel>>()
        .set(Panel::Settings);
    app.update();
    app.update();
    assert!(buttons(&mut app).contains(&"settings.haptics".to_owned()));
    press(&mut app, "settings.haptics");
    assert!(!app.world().resource::<Settings>().haptics);

    go_to(&mut app, Screen::Game);
    set_game(&mut app, "6/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 5.0, |a| turn(a) == Turn::Over));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(haptics(&phone), vec![]);

    // A desktop has no motor: no setting for it.
    let mut desktop = common::app();
    go_to(&mut desktop, Screen::Menu);
    desktop
        .world_mut()
        .resource_mut::<NextState<Panel>>()
        .set(Panel::Settings);
    desktop.update();
    desktop.update();
    let names = buttons(&mut desktop);
    assert!(names.contains(&"settings.confirm_moves".to_owned()));
    assert!(!names.contains(&"settings.haptics".to_owned()));
}

#[test]
fn share_hands_the_phone_the_record_of_the_game_on_screen() {
    let (mut app, phone) = phone_app();
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "b3");
    play_settled(&mut app, "e5", "e4");
    app.world_mut()
        .resource_mut::<NextState<Panel>>()
        .set(Panel::Records);
    app.update();
    app.update();
    press(&mut app, "records.share");
    app.update();
    let shared = phone.log().shared.clone();
    assert_eq!(shared.len(), 1, "one share: {shared:?}");
    let record: Record = shared[0].parse().expect("a record");
    let game = record.to_game().expect("a game the rules allow");
    assert_eq!(game.history(), own_game(&app).game.history());
    assert_eq!(game.history().len(), 2);
    assert!(shared[0].contains("b2-b3"), "{}", shared[0]);
}

#[test]
fn a_record_shared_to_the_app_opens_for_review_and_the_game_in_progress_stays() {
    let (mut app, phone) = phone_app();
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "a2", "a3");
    let own = own_game(&app).game.clone();

    phone
        .log()
        .opening
        .push("[Result \"*\"]\n\n1. b2-b3 e5-e4 2. c2-c3 *\n".to_owned());
    assert!(run_until(&mut app, 2.0, |a| screen(a) == Screen::Review));
    assert_eq!(own_game(&app).game, own);
    press(&mut app, "review.last");
    let shown = &session(&app).game;
    assert_eq!(shown.history().len(), 3);
    assert_eq!(shown.history()[2].to_string(), "c2-c3");

    // What is no record shows on the records card, saying why.
    go_to(&mut app, Screen::Game);
    phone.log().opening.push("1. z9-z9 *".to_owned());
    assert!(run_until(&mut app, 2.0, |a| panel(a) == Panel::Records));
    let words = texts(&mut app).join("\n");
    assert!(words.contains("z9"), "{words}");
    assert_eq!(own_game(&app).game, own);
}

#[test]
fn the_insets_the_phone_reports_move_the_bars_and_follow_a_rotation() {
    let (mut app, phone) = phone_app();
    set_game(&mut app, START, Mode::TwoPlayers);
    let before = *app.world().resource::<BoardLayout>();
    phone.log().safe_area = Some(SafeArea {
        top: 59.0,
        bottom: 34.0,
        left: 0.0,
        right: 0.0,
    });
    app.update();
    app.update();
    let after = *app.world().resource::<BoardLayout>();
    assert_eq!(after.safe.top, 59.0);
    assert!(after.bars[0] >= before.bars[0] + 59.0 - 1.0);
    assert!(after.bars[1] >= before.bars[1] + 34.0 - 1.0);

    // Landscape: the notch is at a side now; nonsense from a device counts as nothing.
    phone.log().safe_area = Some(SafeArea {
        top: 0.0,
        bottom: 21.0,
        left: 59.0,
        right: f32::NAN,
    });
    app.update();
    app.update();
    let turned = *app.world().resource::<BoardLayout>();
    assert_eq!(turned.safe.left, 59.0);
    assert_eq!(turned.safe.right, 0.0);
    assert_eq!(turned.safe.top, 0.0);
}

/// A device on which Back with nothing to close leaves the app, as on Android.
fn android_app() -> (App, Recording) {
    let mut app = app();
    let phone = Recording::default();
    phone.log().back_leaves = true;
    install(&mut app, phone.clone());
    app.update();
    (app, phone)
}

#[test]
fn back_on_androids_board_with_nothing_to_lose_sends_the_app_back_and_never_exits() {
    let (mut app, phone) = android_app();
    set_game(&mut app, surakarta_engine::START_FEN, Mode::TwoPlayers);
    assert_eq!(screen(&app), Screen::Game);
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    assert_eq!(phone.log().backgrounded, 1);
    // The process and its one event loop live on: an exit would make the next launch
    // stop at once (winit cannot make a second loop in the same process).
    assert_eq!(app.should_exit(), None);
    app.update();
    assert_eq!(phone.log().backgrounded, 1, "once for one Back");

    // With a game in progress Back asks first, and the app stays.
    play_settled(&mut app, "b2", "b3");
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
    assert_eq!(panel(&app), Panel::Leave);
    assert_eq!(phone.log().backgrounded, 1);
    assert_eq!(app.should_exit(), None);

    // Leave, on the card: the app goes to the back as Back does, never exits, and the
    // game is on the board as it was when the app comes back.
    press(&mut app, "leave.leave");
    app.update();
    assert_eq!(phone.log().backgrounded, 2);
    assert_eq!(app.should_exit(), None);
    assert_eq!(panel(&app), Panel::None);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(own_game(&app).game.history().len(), 1);
}

/// Back, and the two frames it takes to act.
fn back(app: &mut App) {
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
}

#[test]
fn back_alone_leaves_a_lesson_and_then_the_app() {
    let (mut app, phone) = android_app();
    set_game(&mut app, surakarta_engine::START_FEN, Mode::TwoPlayers);
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    press(&mut app, "lessons.continue");
    assert_eq!(screen(&app), Screen::Lesson);
    // Back leaves the lesson for the menu; the next Back goes on out, not back into the
    // lesson (Back alone had gone between the two for ever).
    back(&mut app);
    assert_eq!(screen(&app), Screen::Menu);
    back(&mut app);
    assert_eq!(phone.log().backgrounded, 1, "out of the app");
    assert_eq!(screen(&app), Screen::Menu);

    // With a game in progress: to the game, where Back asks before leaving it.
    go_to(&mut app, Screen::Game);
    play_settled(&mut app, "b2", "b3");
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    press(&mut app, "lessons.continue");
    back(&mut app);
    assert_eq!(screen(&app), Screen::Menu);
    back(&mut app);
    assert_eq!((screen(&app), panel(&app)), (Screen::Game, Panel::None));
    back(&mut app);
    assert_eq!(panel(&app), Panel::Leave);
    assert_eq!(phone.log().backgrounded, 1);

    // The menu opened from the lesson's own Menu button is a visit: Back goes back to it.
    press(&mut app, "leave.stay");
    press(&mut app, "bar.menu");
    press(&mut app, "menu.tutorial");
    press(&mut app, "lessons.continue");
    press(&mut app, "lesson.menu");
    back(&mut app);
    assert_eq!(screen(&app), Screen::Lesson);
}

#[test]
fn back_on_a_desktops_board_stays_on_the_board() {
    let (mut app, phone) = phone_app();
    set_game(&mut app, surakarta_engine::START_FEN, Mode::TwoPlayers);
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
    assert_eq!(phone.log().backgrounded, 0);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(app.should_exit(), None);
}

#[test]
fn the_device_hears_the_game_is_saved_in_the_frame_the_app_is_suspended() {
    use bevy::window::AppLifecycle;
    let dir = temp_dir("suspend-saved");
    let mut app = app_with(Some(dir.to_path_buf()));
    let phone = Recording::default();
    install(&mut app, phone.clone());
    app.update();
    set_game(&mut app, surakarta_engine::START_FEN, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "b3");
    assert_eq!(
        phone.log().saved,
        0,
        "nothing said before the app is suspended"
    );
    app.world_mut().write_message(AppLifecycle::WillSuspend);
    // One frame: a suspended app may get no other. Android's activity waits for this
    // before it ends the process.
    app.update();
    assert_eq!(phone.log().saved, 1);
    let saved = std::fs::read_to_string(dir.join(surakarta::persist::GAME_FILE)).unwrap();
    assert!(
        saved.contains("b2-b3"),
        "on disk when the device is told: {saved}"
    );
}

/// A phone in landscape with its notch at the left: the side columns, wider since the
/// board leaves them its room, keep clear of the notch and of the board's loops, and the
/// board is as large as without the wider sides (as tall as the screen allows).
#[test]
fn in_landscape_with_a_notch_the_wider_sides_keep_clear_of_the_board() {
    let window = Vec2::new(844.0, 390.0);
    for safe in [
        SafeArea {
            top: 0.0,
            bottom: 21.0,
            left: 59.0,
            right: 0.0,
        },
        SafeArea {
            top: 0.0,
            bottom: 21.0,
            left: 0.0,
            right: 59.0,
        },
    ] {
        let l = BoardLayout::new(window, safe);
        // The board's outermost points: its loops reach 9.3 spacings across.
        let half = 9.3 / 2.0 * l.spacing;
        let centre = window.x / 2.0 + l.offset.x;
        assert!(l.bars[0] >= safe.left + 150.0, "{safe:?}: {:?}", l.bars);
        assert!(l.bars[1] >= safe.right + 150.0, "{safe:?}: {:?}", l.bars);
        assert!(
            centre - half >= l.bars[0] - 0.01,
            "{safe:?}: left {}",
            centre - half
        );
        assert!(
            centre + half <= window.x - l.bars[1] + 0.01,
            "{safe:?}: right {}",
            centre + half
        );
        // As tall as the screen allows beside the notch and the home indicator.
        let tall = (window.y - safe.top - safe.bottom) * 0.92;
        assert!(
            (2.0 * half - tall).abs() < 0.5,
            "{safe:?}: {} of {tall}",
            2.0 * half
        );
        // Wider than a fifth of the width: the card beside the board has its room.
        assert!(l.bars[0] - safe.left > 200.0, "{safe:?}: {:?}", l.bars);
    }
}
