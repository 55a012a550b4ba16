//! A long session, headless, as a player spends it: games against the computer and for two
//! players played to their end and analysed, every lesson with its hint, every panel in
//! every language, high contrast on and off. After each round it reports the process's
//! resident memory and what the app holds (entities, meshes, materials, texts, records),
//! so growth shows and where it is: a phone kills a game that grows.
//!
//! It runs on demand (it takes minutes), and fails if what the app holds grows from round
//! to round:
//!
//!     cargo test --test session -- --ignored --nocapture     (SESSION_ROUNDS=N, default 4)

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::session::Mode;
use surakarta::game::tutorial::{LESSONS, LessonState, Tutorial};
use surakarta::settings::Settings;
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::i18n::Language;
use surakarta::ui::theme::ThemeKind;
use surakarta_engine::Side;
use surakarta_engine::ai::Level;

/// Resident memory of this process, in KiB (Linux; 0 elsewhere).
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// What the app holds now.
fn holdings(app: &mut App) -> [usize; 5] {
    let entities = app.world_mut().query::<Entity>().iter(app.world()).count();
    let meshes = app.world().resource::<Assets<Mesh>>().len();
    let materials = app.world().resource::<Assets<ColorMaterial>>().len();
    let texts = app.world_mut().query::<&Text>().iter(app.world()).count();
    let records = app
        .world()
        .resource::<surakarta::game::records::Records>()
        .saved
        .len();
    [entities, meshes, materials, texts, records]
}

/// A game played to its end by the moves of the engine's Easy level, then analysed and
/// reviewed, and the review closed.
fn a_game(app: &mut App, mode: Mode) {
    set_game(app, START, mode);
    animations_off(app);
    let mut plies = 0;
    while session(app).game.outcome().is_none() && plies < 80 {
        if session(app).human_to_move() {
            let game = session(app).game.clone();
            let mut engine = surakarta_engine::ai::Engine::new(1);
            let stop = std::sync::atomic::AtomicBool::new(false);
            let mv = surakarta::game::search::controlled(&stop, |ctl| {
                engine
                    .choose(&game, Level::Easy, Default::default(), plies, ctl)
                    .best
            })
            .expect("a move");
            let before = session(app).game.history().len();
            app.world_mut()
                .write_message(surakarta::game::session::MoveChosen(mv));
            run_until(app, 5.0, |a| {
                session(a).game.history().len() > before
                    && turn(a) != surakarta::game::session::Turn::Animating
            });
        } else {
            run_until(app, 5.0, |a| {
                session(a).human_to_move() || session(a).game.outcome().is_some()
            });
        }
        plies += 1;
    }
    if session(app).game.outcome().is_none() {
        press(app, "bar.end");
        press(app, "end.resign");
        press(app, "resign.confirm");
    }
    run_until(app, 3.0, |a| panel(a) == Panel::GameOver);
    press(app, "over.analyse");
    run_until(app, 60.0, |a| {
        let analysis = a.world().resource::<surakarta::game::analysis::Analysis>();
        analysis.complete()
    });
    press(app, "back");
    press(app, "review.close");
}

fn lessons(app: &mut App) {
    go_to(app, Screen::Menu);
    app.world_mut()
        .resource_mut::<Settings>()
        .tutorial_passed
        .clear();
    press(app, "menu.tutorial");
    press(app, "lessons.continue");
    for (i, _) in LESSONS.iter().enumerate() {
        press(app, "bar.hint");
        app.update();
        if app.world().resource::<Tutorial>().state == LessonState::Asking {
            press(app, "bar.accept");
            run_until(app, 3.0, |a| {
                a.world().resource::<Tutorial>().state != LessonState::Asking
            });
        }
        for _ in 0..30 {
            app.update();
        }
        if i + 1 < LESSONS.len() {
            press(app, "lesson.next");
        } else {
            press(app, "lesson.menu");
        }
    }
}

fn every_panel_in_every_language(app: &mut App) {
    for language in Language::ALL {
        app.world_mut().resource_mut::<Settings>().language = Some(language);
        go_to(app, Screen::Menu);
        for (entry, shown) in [
            ("menu.rules", Panel::Rules),
            ("menu.strategy", Panel::Strategy),
            ("menu.settings", Panel::Settings),
            ("menu.statistics", Panel::Stats),
            ("menu.records", Panel::Records),
        ] {
            press(app, entry);
            assert_eq!(panel(app), shown);
            press(app, "back");
        }
    }
    for theme in [ThemeKind::HighContrast, ThemeKind::Classic] {
        app.world_mut().resource_mut::<Settings>().theme = theme;
        app.update();
    }
}

#[test]
#[ignore = "a long session, minutes: run it with --ignored"]
fn a_long_session_holds_no_more_after_each_round() {
    let rounds: usize = std::env::var("SESSION_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4)
        .max(3);
    let dir = temp_dir("session");
    let mut app = app_with(Some(dir.to_path_buf()));
    println!("round   rss KiB   entities  meshes  materials  texts  records");
    let report = |app: &mut App, round: usize| {
        let [e, m, c, t, r] = holdings(app);
        println!(
            "{round:>5} {:>9} {e:>10} {m:>7} {c:>10} {t:>6} {r:>8}",
            rss_kib()
        );
    };
    report(&mut app, 0);
    let first = rss_kib();
    let mut after_first = 0;
    let mut held = Vec::new();
    for round in 1..=rounds {
        a_game(
            &mut app,
            Mode::VsComputer {
                human: Side::Red,
                level: Level::Beginner,
            },
        );
        a_game(&mut app, Mode::TwoPlayers);
        lessons(&mut app);
        every_panel_in_every_language(&mut app);
        go_to(&mut app, Screen::Game);
        saves_written();
        report(&mut app, round);
        if round == 1 {
            after_first = rss_kib();
        }
        held.push(holdings(&mut app));
    }
    let last = rss_kib();
    println!(
        "resident memory: {first} KiB at the start, {after_first} after the first round, \
         {last} after {rounds}: {:+} KiB a round after the first",
        (last as i64 - after_first as i64) / (rounds as i64 - 1)
    );
    // From the second round on, a round ends where the last one did: the same entities,
    // meshes, materials and texts (the records list grows to its cap of 20).
    let [e, m, c, t, _] = held[1];
    for (round, h) in held.iter().enumerate().skip(2) {
        assert!(
            h[0] <= e + 8,
            "entities grew to {} in round {}",
            h[0],
            round + 1
        );
        assert!(
            h[1] <= m + 4,
            "meshes grew to {} in round {}",
            h[1],
            round + 1
        );
        assert!(
            h[2] <= c + 4,
            "materials grew to {} in round {}",
            h[2],
            round + 1
        );
        assert!(
            h[3] <= t + 8,
            "texts grew to {} in round {}",
            h[3],
            round + 1
        );
    }
}
