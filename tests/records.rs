//! Game records in the app: copied out and pasted back in, saved and listed, reviewed move
//! by move, played on from a reviewed position; damaged records and garbage pasted in are
//! refused with a reason. The clipboard is the app's in-memory one (the platform's needs a
//! display); everything else, the engine and the save folder included, is the real thing.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::errors::Unreadable;
use surakarta::game::record_words::date_time;
use surakarta::game::records::{Pasted, Records, read_pasted};
use surakarta::game::session::{Mode, Start, Turn};
use surakarta::panels::new_game::NewGameChoice;
use surakarta::platform::clipboard::Clipboard;
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::widgets::ButtonId;
use surakarta_engine::{Game, Move, Record, Ruleset, Side};

fn records_app(name: &str) -> (App, common::TempDir) {
    let dir = temp_dir(name);
    let mut app = app_with(Some(dir.clone()));
    app.insert_resource(Clipboard::Memory(None));
    animations_off(&mut app);
    (app, dir)
}

fn clipboard_text(app: &App) -> Option<String> {
    match app.world().resource::<Clipboard>() {
        Clipboard::Memory(text) => text.clone(),
        Clipboard::Platform => None,
    }
}

fn put_on_clipboard(app: &mut App, text: &str) {
    app.insert_resource(Clipboard::Memory(Some(text.to_owned())));
}

fn note(app: &App) -> String {
    app.world()
        .resource::<Records>()
        .note
        .clone()
        .unwrap_or_default()
}

fn reviewing(app: &App) -> bool {
    screen(app) == Screen::Review
}

/// Game records, from the game screen through the menu.
fn open_records(app: &mut App) {
    press(app, "bar.menu");
    press(app, "menu.records");
    assert_eq!(panel(app), Panel::Records);
}

fn shown_plies(app: &App) -> usize {
    session(app).game.history().len()
}

/// Four steps of a two-player game from the start.
fn play_opening(app: &mut App) {
    set_game(app, START, Mode::TwoPlayers);
    for (from, to) in [("b2", "c3"), ("e5", "d4"), ("c3", "b3"), ("d4", "e4")] {
        play_settled(app, from, to);
    }
}

#[test]
fn a_copied_record_pasted_back_is_the_same_game() {
    let (mut app, _dir) = records_app("copy-paste");
    play_opening(&mut app);
    let original = session(&app).game.clone();
    open_records(&mut app);
    press(&mut app, "records.copy");
    let text = clipboard_text(&app).expect("the record is on the clipboard");
    assert!(text.contains("1. b2-c3 e5-d4 2. c3-b3 d4-e4"), "{text}");
    assert!(!note(&app).is_empty(), "the player is told it was copied");
    let record: Record = text.parse().unwrap();
    assert_eq!(record.to_game().unwrap().history(), original.history());

    // A different game on the board, then the record pasted back in: it opens for review
    // at its start, with the player's game put aside.
    press(&mut app, "back");
    press(&mut app, "menu.continue");
    set_game(&mut app, START, Mode::TwoPlayers);
    play_settled(&mut app, "a2", "b3");
    let own = own_game(&app).game.clone();
    open_records(&mut app);
    press(&mut app, "records.paste");
    assert!(reviewing(&app));
    assert_eq!(shown_plies(&app), 0);
    assert_eq!(panel(&app), Panel::None);
    assert_eq!(own_game(&app).game, own, "the player's game waits");
    press(&mut app, "review.last");
    assert_eq!(session(&app).game.history(), original.history());
    assert_eq!(session(&app).game.position(), original.position());

    // Played on from there, against the computer: the whole game comes along.
    press(&mut app, "review.play_here");
    assert_eq!(panel(&app), Panel::NewGame);
    assert_eq!(app.world().resource::<NewGameChoice>().from, Start::Here);
    press(&mut app, "newgame.vs_computer");
    press(&mut app, "newgame.red");
    press(&mut app, "newgame.start");
    // The player's own game is in progress: it is not dropped without asking.
    assert_eq!(panel(&app), Panel::Replace);
    press(&mut app, "replace.start");
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(session(&app).game.history(), original.history());
    assert!(matches!(
        session(&app).mode,
        Mode::VsComputer {
            human: Side::Red,
            ..
        }
    ));
}

#[test]
fn review_steps_forward_animating_the_capture_and_back_and_stops_at_both_ends() {
    let dir = temp_dir("review-steps");
    let mut app = app_with(Some(dir.to_path_buf()));
    app.insert_resource(Clipboard::Memory(None));
    // A capture of the last stone round a loop: the review animates it.
    let start = "6/6/6/1r2b1/6/6 r 0 0";
    let mut game = Game::from_position(start.parse().unwrap(), Ruleset::default());
    let capture: Move = "b3xe3".parse().unwrap();
    game.try_play(capture).unwrap();
    put_on_clipboard(&mut app, &Record::from_game(&game, "A", "B").to_string());
    open_records(&mut app);
    press(&mut app, "records.paste");
    assert!(reviewing(&app));
    assert_eq!(session(&app).game.position().to_string(), start);
    // At the start only the steps forward can do anything: the others are faded.
    app.update();
    let faded = |app: &mut App| -> Vec<String> {
        app.world_mut()
            .query::<(&ButtonId, &BackgroundColor)>()
            .iter(app.world())
            .filter(|(id, bg)| id.0.starts_with("review.") && bg.0.alpha() < 1.0)
            .map(|(id, _)| id.0.clone())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect()
    };
    assert_eq!(faded(&mut app), ["review.first", "review.prev"]);
    // "1 move", not "1 moves".
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Start of the game, 1\u{a0}move"),
        "{:?}",
        texts(&mut app)
    );

    // A tap on the board during a review selects nothing: it is stepped, not played.
    tap(&mut app, "b3");
    assert_eq!(
        app.world()
            .resource::<surakarta::board::selection::Selection>()
            .stone,
        None
    );

    press(&mut app, "review.next");
    assert_eq!(
        turn(&app),
        Turn::Animating,
        "the capture runs round its loop"
    );
    // Steps while it runs change nothing.
    press(&mut app, "review.prev");
    assert_eq!(shown_plies(&app), 1);
    assert!(run_until(&mut app, 5.0, |a| turn(a) != Turn::Animating));
    assert_eq!(session(&app).game.history(), game.history());
    // The game is over at the record's end, but no game-over card covers the review.
    assert_eq!(turn(&app), Turn::Over);
    assert!(
        app.world_mut()
            .query::<&surakarta::panels::game_over::GameOverTitle>()
            .iter(app.world())
            .next()
            .is_none()
    );
    app.update();
    // At the end the game is over on the board: nothing to step to, nor to play from (a
    // tester's "Play from here" there kept and counted the win a second time).
    assert_eq!(
        faded(&mut app),
        ["review.last", "review.next", "review.play_here"]
    );
    press(&mut app, "review.play_here");
    assert_ne!(panel(&app), Panel::NewGame);
    press(&mut app, "review.next");
    assert_eq!(shown_plies(&app), 1, "nothing after the last move");
    press(&mut app, "review.prev");
    assert_eq!(shown_plies(&app), 0);
    press(&mut app, "review.prev");
    assert_eq!(shown_plies(&app), 0, "nothing before the start");
}

#[test]
fn closing_a_review_brings_the_players_game_back_unsaved_over() {
    let (mut app, dir) = records_app("review-close");
    play_opening(&mut app);
    let own = session(&app).game.clone();
    saves_written();
    let saved = std::fs::read_to_string(dir.join("game.json")).unwrap();
    open_records(&mut app);
    press(&mut app, "records.review");
    assert!(reviewing(&app));
    assert_eq!(shown_plies(&app), 0);
    press(&mut app, "review.next");
    assert!(run_until(&mut app, 3.0, |a| turn(a) != Turn::Animating));
    assert_eq!(shown_plies(&app), 1);
    saves_written();
    assert_eq!(
        std::fs::read_to_string(dir.join("game.json")).unwrap(),
        saved,
        "the review is never saved as the player's game"
    );
    press(&mut app, "review.close");
    assert!(!reviewing(&app));
    assert_eq!(session(&app).game.history(), own.history());
    assert_eq!(
        panel(&app),
        Panel::Records,
        "back where the review was opened"
    );
}

#[test]
fn a_finished_game_is_kept_and_can_be_reviewed() {
    let (mut app, dir) = records_app("finished");
    // Red takes Black's last stone round a loop.
    set_game(&mut app, "6/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 3.0, |a| turn(a) == Turn::Over));
    saves_written();
    let files: Vec<_> = std::fs::read_dir(dir.join("records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    // The result comes up a moment after the last stone lands; closed, the bars are
    // there again.
    assert!(run_until(&mut app, 2.0, |a| panel(a) == Panel::GameOver));
    press(&mut app, "over.close");
    open_records(&mut app);
    let saved = app.world().resource::<Records>().saved.clone();
    assert_eq!(saved.len(), 1);
    let record = saved[0].record.as_ref().unwrap();
    assert_eq!(record.header("Result"), Some("1-0"));
    assert!(record.header("Date").is_some());
    press(&mut app, "records.saved.0");
    assert!(reviewing(&app));
    let whole = app.world().resource::<surakarta::screens::review::Review>();
    assert_eq!(whole.total(), 1);
}

/// With no game on the board (a new game not yet begun, or after the puzzles), the card
/// says so and offers nothing to copy, save or share ("This game: in progress, moves: 0").
#[test]
fn an_empty_board_offers_no_record_to_copy() {
    let (mut app, _dir) = records_app("empty");
    set_game(&mut app, START, Mode::TwoPlayers);
    open_records(&mut app);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "No game on the board yet."),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|t| t.starts_with("This game")),
        "{shown:?}"
    );
    for absent in [
        "records.copy",
        "records.save",
        "records.share",
        "records.review",
    ] {
        assert!(
            !buttons(&mut app).iter().any(|b| b == absent),
            "{absent} in {:?}",
            buttons(&mut app)
        );
    }
    // Pasting a record is still offered.
    assert!(buttons(&mut app).iter().any(|b| b == "records.paste"));
    // After a move, the game is there to copy.
    press(&mut app, "back");
    go_to(&mut app, Screen::Game);
    play_settled(&mut app, "b2", "b3");
    open_records(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "This game: in progress, moves:\u{a0}1"),
        "{:?}",
        texts(&mut app)
    );
    assert!(buttons(&mut app).iter().any(|b| b == "records.copy"));
}

#[test]
fn saving_writes_a_file_that_reads_back_as_the_game() {
    let (mut app, dir) = records_app("save");
    play_opening(&mut app);
    open_records(&mut app);
    press(&mut app, "records.save");
    let entries: Vec<_> = std::fs::read_dir(dir.join("records")).unwrap().collect();
    assert_eq!(entries.len(), 1);
    let path = entries[0].as_ref().unwrap().path();
    // Said where the player finds it (the list below), not as a path into the app's
    // private folder.
    assert_eq!(note(&app), "Saved: it is in Saved games below.");
    let record: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    assert_eq!(
        record.to_game().unwrap().history(),
        session(&app).game.history()
    );
    assert_eq!(record.header("Result"), Some("*"));
    // Listed, and saving again updates the same file.
    assert_eq!(app.world().resource::<Records>().saved.len(), 1);
    // Counted in moves as the record numbers them: four plies are two moves (the list
    // had said "moves: 4" where the review said "2 moves").
    app.update();
    let shown = texts(&mut app);
    assert!(
        shown
            .iter()
            .any(|t| !t.starts_with("This game") && t.ends_with("moves:\u{a0}2")),
        "{shown:?}"
    );
    assert!(
        shown
            .iter()
            .any(|t| t == "This game: in progress, moves:\u{a0}2"),
        "{shown:?}"
    );
    assert!(
        !shown.iter().any(|t| t.contains("moves:\u{a0}4")),
        "{shown:?}"
    );
    let written = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    press(&mut app, "records.save");
    assert_eq!(std::fs::read_dir(dir.join("records")).unwrap().count(), 1);
    // Saved again with nothing new, it is said to be there already, not saved anew, and
    // its file is left as it was (each press had written it again).
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        written
    );
    assert_eq!(note(&app), "Already saved: it is in Saved games below.");
    // Back closes the panel to the menu it was opened from.
    press(&mut app, "back");
    assert_eq!((screen(&app), panel(&app)), (Screen::Menu, Panel::None));
}

#[test]
fn a_damaged_record_file_is_listed_and_refused_without_harm() {
    let (mut app, dir) = records_app("damaged");
    std::fs::create_dir_all(dir.join("records")).unwrap();
    std::fs::write(dir.join("records/game-bad.txt"), "1. b2-c3 zz-top\n").unwrap();
    std::fs::write(dir.join("records/game-bin.txt"), [0xff, 0xfe, 0x00]).unwrap();
    open_records(&mut app);
    let saved = app.world().resource::<Records>().saved.clone();
    assert!(saved.iter().any(|s| s.record.is_err()), "{saved:?}");
    let before = session(&app).game.clone();
    for i in 0..saved.len() {
        press(&mut app, &format!("records.saved.{i}"));
        assert!(!reviewing(&app));
        assert!(!note(&app).is_empty(), "the player is told why");
    }
    assert_eq!(session(&app).game.history(), before.history());
}

#[test]
fn pasted_garbage_is_refused_with_a_reason() {
    let (mut app, _dir) = records_app("garbage");
    open_records(&mut app);
    for text in [
        "hello",
        "[Ruleset \"standard\"]\n\n1. b2-c3 b2-c3 *",
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrr r 0 0",
        "",
    ] {
        put_on_clipboard(&mut app, text);
        press(&mut app, "records.paste");
        assert!(!reviewing(&app), "{text:?}");
        assert!(!note(&app).is_empty(), "{text:?}");
        assert_eq!(panel(&app), Panel::Records);
        assert!(
            texts(&mut app).contains(&note(&app)),
            "the reason is on the card"
        );
    }
    // The reason names what is wrong: here the second move.
    put_on_clipboard(&mut app, "[Ruleset \"standard\"]\n\n1. b2-c3 b2-c3 *");
    press(&mut app, "records.paste");
    assert!(
        note(&app).contains("move 2, b2-c3, cannot be played there"),
        "{}",
        note(&app)
    );
    // In the player's language, from the engine's typed error.
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .language = Some(surakarta::ui::i18n::Language::Russian);
    app.update();
    app.update();
    put_on_clipboard(&mut app, "[Ruleset \"standard\"]\n\n1. b2-c3 b2-c3 *");
    press(&mut app, "records.paste");
    assert!(
        note(&app).contains("ход 2, b2-c3, там сделать нельзя"),
        "{}",
        note(&app)
    );
    put_on_clipboard(&mut app, "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrx r 0 0");
    press(&mut app, "records.paste");
    assert!(note(&app).contains("ряд 1"), "{}", note(&app));
}

#[test]
fn a_pasted_position_starts_a_new_game_from_it() {
    let (mut app, _dir) = records_app("position");
    open_records(&mut app);
    let fen = "5b/6/6/2r3/6/6 r 0 0";
    put_on_clipboard(&mut app, &format!("  {fen}\n"));
    press(&mut app, "records.paste");
    assert_eq!(panel(&app), Panel::NewGame);
    press(&mut app, "newgame.two_players");
    press(&mut app, "newgame.start");
    assert_eq!(session(&app).game.position().to_string(), fen);
    assert_eq!(session(&app).mode, Mode::TwoPlayers);
}

#[test]
fn pasted_text_is_told_apart() {
    assert!(matches!(
        read_pasted("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0"),
        Ok(Pasted::Position(_))
    ));
    assert!(matches!(
        read_pasted("1. b2-c3 *"),
        Ok(Pasted::Record(_, Side::Red, None))
    ));
    // A game the app's player played as Black, copied out and pasted back: it faces Black,
    // as the same record opened from the list does.
    let as_black = "[Red \"Computer (Easy)\"]\n[Black \"Player\"]\n\n1. b2-c3 *";
    assert!(matches!(
        read_pasted(as_black),
        Ok(Pasted::Record(_, Side::Black, Some(Side::Black)))
    ));
    let e = read_pasted("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrx r 0 0").unwrap_err();
    assert!(matches!(e, Unreadable::Position(_)), "{e:?}");
    let said = e.say(&surakarta::ui::i18n::Strings::english());
    assert_eq!(said, "row 1: \"x\" is not r, b or a digit 1-6");
    let e = read_pasted("[Result \"2-0\"]\n\n1. b2-c3 *").unwrap_err();
    assert!(matches!(e, Unreadable::Record(_)), "{e:?}");
}

#[test]
fn record_dates_are_calendar_dates() {
    assert_eq!(
        date_time(0),
        ("1970.01.01".to_owned(), "00:00:00".to_owned())
    );
    // 2024-02-29 12:34:56 UTC, a leap day.
    assert_eq!(
        date_time(1_709_210_096),
        ("2024.02.29".to_owned(), "12:34:56".to_owned())
    );
}

#[test]
fn the_move_list_reads_the_game_and_in_a_review_goes_to_a_move() {
    let (mut app, _dir) = records_app("moves");
    play_opening(&mut app);
    // In the game, from the menu: the moves numbered as in records, the last one marked.
    press(&mut app, "bar.menu");
    press(&mut app, "menu.moves");
    assert_eq!(panel(&app), Panel::Moves);
    let shown = texts(&mut app);
    for text in ["1.", "2.", "b2-c3", "e5-d4", "c3-b3", "d4-e4"] {
        assert!(shown.contains(&text.to_owned()), "{text} in {shown:?}");
    }
    // A game's list is to read: its moves are words, not buttons that would do nothing.
    assert!(
        !buttons(&mut app)
            .iter()
            .any(|b| b.starts_with("moves.ply.")),
        "{:?}",
        buttons(&mut app)
    );
    press(&mut app, "back");
    assert_eq!(panel(&app), Panel::None);

    // In a review, a move goes there (the menu is still up).
    press(&mut app, "menu.records");
    press(&mut app, "records.copy");
    press(&mut app, "records.paste");
    assert!(reviewing(&app));
    press(&mut app, "review.moves");
    assert_eq!(panel(&app), Panel::Moves);
    press(&mut app, "moves.ply.3");
    assert_eq!(panel(&app), Panel::None);
    assert_eq!(shown_plies(&app), 3);
    assert_eq!(
        session(&app).game.history().last().unwrap().to_string(),
        "c3-b3"
    );
    // And forward from there plays the record on.
    press(&mut app, "review.next");
    assert!(run_until(&mut app, 3.0, |a| shown_plies(a) == 4));

    // A record that starts with Black to move opens with "1...".
    let game = surakarta::panels::moves::rows(&{
        let mut g = Game::from_position(
            "bbbbbb/bbbbbb/6/1r4/r1rrrr/rrrrrr b 1 1".parse().unwrap(),
            Ruleset::default(),
        );
        g.try_play("b5-b4".parse::<Move>().unwrap()).unwrap();
        g.try_play("b3-c3".parse::<Move>().unwrap()).unwrap();
        g
    });
    assert_eq!(game[0].0, "1...");
    assert_eq!(game[1].0, "2.");
    assert_eq!(game[1].1, [(2, "b3-c3".to_owned())]);
}

#[test]
fn the_saved_games_list_speaks_the_players_language() {
    use surakarta::game::record_words::{player_name, result_words};
    let ru = surakarta::ui::i18n::Strings::for_language(surakarta::ui::i18n::Language::Russian);
    assert_eq!(player_name("Player", &ru), "Вы");
    assert_eq!(player_name("Computer (Hard)", &ru), "Компьютер (Сложный)");
    assert_eq!(player_name("Red", &ru), "Красные");
    assert_eq!(player_name("Ann", &ru), "Ann", "other names as written");
    // Held together: a row broke "победа / чёрных".
    assert_eq!(result_words("0-1", None, &ru), "победа\u{a0}чёрных");
    assert_eq!(result_words("*", None, &ru), "не окончена");
    // An online game aborted before its first moves is not one still to be finished.
    assert_eq!(
        result_words("*", Some("aborted"), &ru),
        "прервана, без результата"
    );
    use surakarta::game::record_words::date_words;
    assert_eq!(date_words("2026.12.01", &ru), "01.12.2026");
    let zh = surakarta::ui::i18n::Strings::for_language(
        surakarta::ui::i18n::Language::SimplifiedChinese,
    );
    assert_eq!(date_words("2026.12.01", &zh), "2026年12月01日");
    assert_eq!(
        date_words("2026.12.01", &surakarta::ui::i18n::Strings::english()),
        "2026-12-01"
    );
    assert_eq!(date_words("someday", &ru), "someday");
    // On the card: a finished game against the computer, listed in Danish.
    let (mut app, _dir) = records_app("list-da");
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .language = Some(surakarta::ui::i18n::Language::Danish);
    set_game(
        &mut app,
        "6/6/6/1r2b1/6/6 r 0 0",
        Mode::VsComputer {
            human: Side::Red,
            level: surakarta_engine::ai::Level::Easy,
        },
    );
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 3.0, |a| panel(a) == Panel::GameOver));
    go_to(&mut app, Screen::Menu);
    press(&mut app, "menu.records");
    let shown = texts(&mut app);
    assert!(
        shown
            .iter()
            .any(|t| t.contains("Dig\u{a0}– Computer (Let)") && t.contains("Rød vandt")),
        "{shown:?}"
    );
}

/// A game in progress replaced by a new one is kept in Game records, as one replaced by an
/// online game is: the same new-game path keeps both.
#[test]
fn a_game_in_progress_replaced_by_a_new_game_is_kept_in_game_records() {
    use surakarta::game::session::Command;
    let (mut app, dir) = records_app("replaced");
    set_game(&mut app, surakarta_engine::START_FEN, Mode::TwoPlayers);
    play_settled(&mut app, "b2", "b3");
    play_settled(&mut app, "b5", "b4");
    let played = session(&app).game.history().to_vec();
    app.world_mut().write_message(Command::NewGame {
        mode: Mode::TwoPlayers,
        rules: Ruleset::default(),
        from: Start::Fresh,
    });
    app.update();
    assert!(
        session(&app).game.history().is_empty(),
        "the new game is on"
    );
    saves_written();
    let kept: Vec<Game> = std::fs::read_dir(dir.join("records"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .map(|text| text.parse::<Record>().unwrap().to_game().unwrap())
        .collect();
    assert_eq!(kept.len(), 1, "one record for the replaced game");
    assert_eq!(kept[0].history(), &played[..]);
}

/// An aborted game (online, no first move in time) is "no result" in words, not the
/// notation's "*" (a tester read "This game: *, moves: 0").
#[test]
fn an_aborted_game_is_said_in_words_in_game_records() {
    use surakarta_engine::{EndReason, Outcome};
    let dir = temp_dir("records-aborted");
    let mut app = app_with(Some(dir.to_path_buf()));
    let mut game = Game::from_position(START.parse().unwrap(), Ruleset::default());
    game.declare(Outcome {
        winner: None,
        reason: EndReason::Aborted,
    });
    set_session(&mut app, game, Mode::TwoPlayers);
    open_records(&mut app);
    let words = texts(&mut app);
    assert!(
        words
            .iter()
            .any(|t| t == "This game: no result, moves:\u{a0}0"),
        "{words:?}"
    );
}
