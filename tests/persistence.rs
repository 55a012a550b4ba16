//! Saved games survive anything: kills, bad files, newer versions, suspension.

mod common;

use bevy::prelude::*;
use bevy::window::AppLifecycle;
use common::*;
use std::fs;
use surakarta::game::session::{Mode, Session, Turn};
use surakarta::game::statistics::Stats;
use surakarta::persist::format::{FORMAT_VERSION, Records, SavedGame, SavedSettings};
use surakarta::persist::store::{MAX_FILE_BYTES, Read, Store};
use surakarta::persist::{GAME_FILE, SETTINGS_FILE};
use surakarta::settings::{AnimationSpeed, Settings};
use surakarta::ui::notice::Notice;
use surakarta_engine::ai::Level;
use surakarta_engine::{Game, Move, Ruleset, Side};

fn mid_game() -> Session {
    let mut game = Game::new(Ruleset::from_id("forty-move").unwrap());
    for m in ["b5-b4", "b2-c3", "e5-d4", "c3-b3"] {
        game.try_play(m.parse::<Move>().unwrap()).unwrap();
    }
    Session {
        game,
        mode: Mode::VsComputer {
            human: Side::Black,
            level: Level::Hard,
        },
        seed: 99,
        counted: false,
        result_seen: false,
        online: None,
    }
}

#[test]
fn a_save_round_trips_position_history_rules_mode_and_level() {
    let session = mid_game();
    let text = serde_json::to_string(&SavedGame::from_session(&session)).unwrap();
    let back = SavedGame::parse(&text).unwrap();
    assert_eq!(back.game, session.game);
    assert_eq!(back.game.history(), session.game.history());
    assert_eq!(back.game.rules(), session.game.rules());
    assert_eq!(back.mode, session.mode);
    assert_eq!(back.seed, 99);
    // The save is a readable game record too.
    assert!(text.contains("forty-move"));
}

#[test]
fn settings_and_statistics_round_trip() {
    let settings = Settings {
        animation: AnimationSpeed::Fast,
        route_preview: false,
        confirm_moves: true,
        turn_board: true,
        language: Some(surakarta::ui::i18n::Language::Danish),
        rules: Ruleset::from_id("move-cap").unwrap(),
        theme: surakarta::ui::theme::ThemeKind::HighContrast,
        sound: false,
        haptics: false,
        server: Some("https://play.example.org:8443".into()),
        tutorial_passed: ["step".to_owned()].into_iter().collect(),
        tutorial_at: Some("block".into()),
        level: surakarta_engine::ai::Level::Beginner,
        colour: None,
    };
    let mut records = Records::default();
    records.stats.entry("Hard".into()).or_default().losses = 3;
    records.puzzles.rate(900, true);
    records.puzzles.best_streak = 4;
    records.puzzles.theme = Some("block".into());
    let text = serde_json::to_string(&SavedSettings::from_parts(&settings, &records)).unwrap();
    let (s, r) = SavedSettings::parse(&text).unwrap();
    assert_eq!(s, settings);
    assert_eq!(r, records);
}

/// A damaged puzzle record costs the puzzle record only: the settings and the results
/// against the computer around it are read as saved.
#[test]
fn a_damaged_puzzle_record_keeps_the_rest_of_the_settings() {
    let settings = Settings {
        sound: false,
        ..Settings::default()
    };
    let mut records = Records::default();
    records.stats.entry("Easy".into()).or_default().wins = 2;
    records.puzzles.rate(1200, true);
    let mut json = serde_json::to_value(SavedSettings::from_parts(&settings, &records)).unwrap();
    json["puzzles"] = serde_json::json!({"rating": "lots", "solved": -1});
    let (s, r) = SavedSettings::parse(&json.to_string()).unwrap();
    assert_eq!(s, settings);
    assert_eq!(r.stats, records.stats);
    assert_eq!(r.puzzles, surakarta::puzzles::PuzzleStats::default());
    // A file from before puzzles has none: a fresh record.
    json.as_object_mut().unwrap().remove("puzzles");
    let (_, r) = SavedSettings::parse(&json.to_string()).unwrap();
    assert_eq!(r.puzzles, surakarta::puzzles::PuzzleStats::default());
}

#[test]
fn an_online_game_saves_its_seat_and_a_damaged_seat_is_refused() {
    let mut session = mid_game();
    session.mode = Mode::Online { me: Side::Black };
    session.online = Some(surakarta::online::Seat {
        server: "http://127.0.0.1:8080".into(),
        id: "k3mpq8x2ra".into(),
        side: Side::Black,
        token: "ab".repeat(32),
    });
    let text = serde_json::to_string(&SavedGame::from_session(&session)).unwrap();
    let back = SavedGame::parse(&text).unwrap();
    assert_eq!(back.mode, session.mode);
    assert_eq!(back.online, session.online);
    assert_eq!(back.game, session.game);
    // A token, an id or a server that was tampered with: the save is not used.
    for (from, to) in [
        ("abababab", "ab/../ab"),
        ("k3mpq8x2ra", "k3m/../x"),
        ("http://127.0.0.1:8080", "javascript:alert(1)"),
    ] {
        let bad = text.replace(from, to);
        assert!(SavedGame::parse(&bad).is_err(), "{bad}");
    }
    let no_seat = text.replace("\"online\"", "\"elsewhere\"");
    assert!(SavedGame::parse(&no_seat).is_err());
}

#[test]
fn settings_saved_before_sound_or_haptics_existed_have_them_on() {
    let settings = Settings {
        sound: false,
        haptics: false,
        ..Settings::default()
    };
    let mut json: serde_json::Value =
        serde_json::to_value(SavedSettings::from_parts(&settings, &Default::default())).unwrap();
    json.as_object_mut().unwrap().remove("sound");
    json.as_object_mut().unwrap().remove("haptics");
    let (s, _) = SavedSettings::parse(&json.to_string()).unwrap();
    assert!(s.sound);
    assert!(s.haptics);
}

/// (That a save killed at any step leaves the old file or the new one whole is
/// `persist::store`'s own test, which stops a save after each of its steps.)
#[test]
fn a_second_write_replaces_the_first_and_a_leftover_temporary_file_is_ignored_and_removed() {
    let dir = temp_dir("atomic");
    let store = Store::new(dir.as_path());
    store.write("game.json", "first").unwrap();
    store.write("game.json", "second").unwrap();
    // A kill during a write leaves its temporary file behind; the real file is intact.
    fs::write(dir.join("game.json.tmp"), "half a wri").unwrap();
    assert_eq!(store.read("game.json"), Read::Text("second".into()));
    assert!(!dir.join("game.json.tmp").exists());
    assert_eq!(store.read("other.json"), Read::Missing);
}

/// Starts an app on `dir` and returns its session and notice.
fn start(dir: &std::path::Path) -> (App, Session, Option<String>) {
    let app = app_with(Some(dir.to_owned()));
    let session = app.world().resource::<Session>().clone();
    let notice = app.world().resource::<Notice>().0.clone();
    (app, session, notice)
}

#[test]
fn bad_save_files_are_kept_aside_the_player_is_told_and_a_fresh_game_starts() {
    let future = format!(
        "{{\"version\": {}, \"record\": \"\", \"mode\": \"two-players\", \"seed\": 1}}",
        FORMAT_VERSION + 1
    );
    let valid = serde_json::to_string(&SavedGame::from_session(&mid_game())).unwrap();
    let truncated = valid[..valid.len() / 2].to_owned();
    let edited = valid.replace("b2-c3", "b2-c9");
    let illegal = valid.replace("b2-c3", "b2-b4");
    let huge = "x".repeat(MAX_FILE_BYTES as usize + 10);
    let cases: [(&str, Vec<u8>); 8] = [
        ("corrupt", b"\x00\xff\xfe garbage".to_vec()),
        ("truncated", truncated.into_bytes()),
        ("empty", Vec::new()),
        ("huge", huge.into_bytes()),
        ("future", future.into_bytes()),
        ("edited", edited.into_bytes()),
        ("illegal", illegal.into_bytes()),
        ("not-json", b"[Ruleset \"standard\"]\n\n1. b2-b3".to_vec()),
    ];
    for (name, bytes) in cases {
        let dir = temp_dir(name);
        fs::write(dir.join(GAME_FILE), &bytes).unwrap();
        let (_app, session, notice) = start(&dir);
        assert!(session.game.history().is_empty(), "{name}: a fresh game");
        assert!(notice.is_some(), "{name}: the player is told");
        let kept = fs::read(dir.join(format!("{GAME_FILE}.bad-1")))
            .unwrap_or_else(|_| panic!("{name}: kept aside"));
        assert_eq!(kept, bytes, "{name}: kept as it was");
    }
}

#[test]
fn a_damaged_settings_file_does_not_cost_the_saved_game() {
    let dir = temp_dir("settings");
    let store = Store::new(dir.as_path());
    store
        .write(
            GAME_FILE,
            &serde_json::to_string(&SavedGame::from_session(&mid_game())).unwrap(),
        )
        .unwrap();
    fs::write(dir.join(SETTINGS_FILE), "{ nope").unwrap();
    let (_app, session, notice) = start(&dir);
    assert_eq!(session.game, mid_game().game);
    assert!(notice.is_some());
    assert!(dir.join(format!("{SETTINGS_FILE}.bad-1")).exists());
}

#[test]
fn the_game_is_saved_after_every_move_and_survives_suspend_and_a_new_process() {
    let dir = temp_dir("suspend");
    {
        let mut app = app_with(Some(dir.clone()));
        animations_off(&mut app);
        set_game(
            &mut app,
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0",
            Mode::TwoPlayers,
        );
        tap(&mut app, "b2");
        tap(&mut app, "b3");
        app.update();
        // Saved without waiting for a suspend: once the writer has it on disk, a kill
        // loses nothing.
        saves_written();
        let saved = fs::read_to_string(dir.join(GAME_FILE)).unwrap();
        assert!(saved.contains("b2-b3"), "{saved}");
        assert!(run_until(&mut app, 2.0, |a| turn(a) == Turn::Waiting));
        tap(&mut app, "e5");
        tap(&mut app, "e4");
        app.update();
        app.world_mut().write_message(AppLifecycle::Suspended);
        app.update();
        // The app is dropped here, as when the OS kills a suspended app.
    }
    let (mut app, session, notice) = start(&dir);
    assert_eq!(notice, None);
    let moves: Vec<String> = session
        .game
        .history()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["b2-b3", "e5-e4"]);
    assert_eq!(session.mode, Mode::TwoPlayers);
    app.update();
    assert_eq!(turn(&app), Turn::Waiting);
    assert_eq!(
        panel(&app),
        surakarta::shell::navigation::Panel::None,
        "the game continues"
    );
}

#[test]
fn a_finished_game_against_the_computer_counts_once_in_the_statistics() {
    let dir = temp_dir("stats");
    {
        let mut app = app_with(Some(dir.clone()));
        animations_off(&mut app);
        set_game(
            &mut app,
            "6/6/6/6/b4r/6 r 0 0",
            Mode::VsComputer {
                human: Side::Red,
                level: Level::Easy,
            },
        );
        tap(&mut app, "f2");
        tap(&mut app, "a2");
        assert!(run_until(&mut app, 2.0, |a| turn(a) == Turn::Over));
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(app.world().resource::<Stats>().0["Easy"].wins, 1);
    }
    let (app, _, _) = start(&dir);
    assert_eq!(
        app.world().resource::<Stats>().0["Easy"].wins,
        1,
        "counted once, and kept"
    );
}

#[test]
fn the_chosen_language_is_saved_and_speaks_from_the_next_start() {
    let dir = temp_dir("language");
    {
        let mut app = app_with(Some(dir.clone()));
        app.world_mut().resource_mut::<Settings>().language =
            Some(surakarta::ui::i18n::Language::Russian);
        app.update();
        app.update();
        let strings = app.world().resource::<surakarta::ui::i18n::Strings>();
        assert_eq!(strings.get("button.new_game"), "Новая игра");
    }
    let app = app_with(Some(dir.to_path_buf()));
    let strings = app.world().resource::<surakarta::ui::i18n::Strings>();
    assert_eq!(strings.language, surakarta::ui::i18n::Language::Russian);
    assert_eq!(strings.get("button.undo"), "Вернуть");
}
