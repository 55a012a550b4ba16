//! Ending a game off the board, as docs/rules.md allows: resigning (after a question), a draw
//! offered to the computer (which answers from its own search) or to the other player on
//! the same device, and the traditional stop won by the side with more stones. Each ends
//! in the result card, the saved game's record (`Termination`), the game records and, against
//! the computer, the statistics.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::session::{Mode, Turn};
use surakarta::game::session::{Offer, Proposal};
use surakarta::game::statistics::Stats;
use surakarta::panels::offer::OfferCard;
use surakarta::settings::Settings;
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::notice::Notice;
use surakarta_engine::ai::Level;
use surakarta_engine::{EndReason, Game, Record, Ruleset, Side};

fn ending_app(name: &str) -> (App, TempDir) {
    let dir = temp_dir(name);
    let mut app = app_with(Some(dir.clone()));
    animations_off(&mut app);
    (app, dir)
}

/// A game from `fen` with `premove` already played (so it is in progress), in `mode`.
fn start(app: &mut App, fen: &str, premove: &str, mode: Mode) {
    let mut game = Game::from_position(fen.parse().unwrap(), Ruleset::default());
    game.try_play(premove.parse().unwrap()).unwrap();
    set_session(app, game, mode);
}

fn vs_easy(human: Side) -> Mode {
    Mode::VsComputer {
        human,
        level: Level::Easy,
    }
}

/// The bar's End: one tap from the board.
fn open_end_game(app: &mut App) {
    assert_eq!(screen(app), Screen::Game);
    press(app, "bar.end");
    assert_eq!(panel(app), Panel::EndGame);
}

/// The result card, once it has come up.
fn result_card(app: &mut App) -> Vec<String> {
    assert!(
        run_until(app, 3.0, |a| panel(a) == Panel::GameOver),
        "no result card"
    );
    texts(app)
}

/// The saved game's record, as a restarted app would read it.
/// The buttons of the card on screen (the result's, "over.", or the End card's, "end.")
/// drawn as its main one (the theme's button colour), by id.
fn main_buttons(app: &mut App) -> Vec<String> {
    let main = app.world().resource::<surakarta::ui::theme::Theme>().button;
    let mut ids: Vec<String> = app
        .world_mut()
        .query::<(&surakarta::ui::widgets::ButtonId, &BackgroundColor)>()
        .iter(app.world())
        .filter(|(id, bg)| bg.0 == main && !id.0.starts_with("bar."))
        .map(|(id, _)| id.0.clone())
        .collect();
    ids.sort();
    ids
}

fn saved_record(dir: &std::path::Path) -> Record {
    saves_written();
    let text = std::fs::read_to_string(dir.join("game.json")).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    saved["record"].as_str().unwrap().parse().unwrap()
}

/// The game records kept on the shelf, as text.
fn shelf(dir: &std::path::Path) -> Vec<String> {
    saves_written();
    let Ok(entries) = std::fs::read_dir(dir.join("records")) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect()
}

fn tally(app: &App, level: &str) -> (u32, u32, u32) {
    let t = app
        .world()
        .resource::<Stats>()
        .0
        .get(level)
        .copied()
        .unwrap_or_default();
    (t.wins, t.draws, t.losses)
}

#[test]
fn resigning_asks_first_then_counts_as_a_loss_everywhere() {
    let (mut app, dir) = ending_app("resign");
    // Red, the computer, has moved; the player has Black.
    start(&mut app, START, "b2-b3", vs_easy(Side::Black));
    assert!(session(&app).human_to_move());

    open_end_game(&mut app);
    // Playing on is the card's main button, not the offer (a tester pressed it at move 4
    // as the card's choice; another was nudged towards a draw a stone up).
    assert_eq!(main_buttons(&mut app), ["back"]);
    press(&mut app, "end.resign");
    assert_eq!(panel(&app), Panel::Resign);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("counts as a loss"))
    );
    press(&mut app, "resign.keep");
    assert_eq!((screen(&app), panel(&app)), (Screen::Game, Panel::None));
    assert_eq!(
        own_game(&app).game.outcome(),
        None,
        "keep playing: nothing ended"
    );

    open_end_game(&mut app);
    press(&mut app, "end.resign");
    press(&mut app, "resign.confirm");
    let outcome = own_game(&app).game.outcome().expect("resigned");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Red), EndReason::Resignation)
    );
    let card = result_card(&mut app);
    assert!(card.contains(&"The computer wins".to_owned()), "{card:?}");
    assert!(card.contains(&"You resigned".to_owned()), "{card:?}");
    // One main button after a loss: Analyse (what went wrong), not New game beside it.
    assert_eq!(main_buttons(&mut app), ["over.analyse"]);
    assert_eq!(tally(&app, "Easy"), (0, 0, 1));

    let record = saved_record(&dir);
    assert_eq!(record.header("Result"), Some("1-0"));
    assert_eq!(record.header("Termination"), Some("resignation"));
    assert!(
        shelf(&dir)
            .iter()
            .any(|r| r.contains("[Termination \"resignation\"]")),
        "kept in the game records"
    );
    // A restarted app reads the game as over, and does not count it again.
    drop(app);
    let mut again = app_with(Some(dir.to_path_buf()));
    assert_eq!(own_game(&again).game.outcome(), Some(outcome));
    assert_eq!(tally(&again, "Easy"), (0, 0, 1));
    // The result had not been closed: it comes up again. Closed, it does not come up at
    // the next start (a tester met a result closed long before), and the bar's Result
    // still opens it.
    result_card(&mut again);
    press(&mut again, "over.close");
    assert_eq!(panel(&again), Panel::None);
    drop(again);
    saves_written();
    let mut third = app_with(Some(dir.to_path_buf()));
    assert!(!run_until(&mut third, 3.0, |a| panel(a) == Panel::GameOver));
    assert_eq!(own_game(&third).game.outcome(), Some(outcome));
    press(&mut third, "bar.end");
    assert_eq!(panel(&third), Panel::GameOver);
}

#[test]
fn the_computer_accepts_a_draw_when_behind_and_declines_when_ahead() {
    let (mut app, dir) = ending_app("draw-computer");
    // Black (the computer) has four stones to Red's one: it declines.
    start(
        &mut app,
        "b5/6/2b3/6/3b1b/5r b 0 0",
        "a6-a5",
        vs_easy(Side::Red),
    );
    open_end_game(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("level once each side has made fifteen"))
    );
    press(&mut app, "end.offer_draw");
    assert_eq!((screen(&app), panel(&app)), (Screen::Game, Panel::None));
    assert_eq!(own_game(&app).game.outcome(), None);
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(notice.contains("declines"), "{notice:?}");
    assert!(texts(&mut app).contains(&notice), "the bars say so");

    // A level game that has only begun: it plays on, and says why.
    start(&mut app, START, "b2-b3", vs_easy(Side::Red));
    assert!(run_until(&mut app, 10.0, |a| session(a).human_to_move()));
    open_end_game(&mut app);
    press(&mut app, "end.offer_draw");
    assert_eq!(own_game(&app).game.outcome(), None);
    assert_eq!(
        app.world().resource::<Notice>().0.as_deref(),
        Some("The computer declines the draw: the game has only begun. Play on!")
    );

    // One stone to four the other way: it accepts.
    start(
        &mut app,
        "r5/6/2r3/6/3r1r/5b b 0 0",
        "f1-e1",
        vs_easy(Side::Red),
    );
    open_end_game(&mut app);
    press(&mut app, "end.offer_draw");
    let outcome = own_game(&app).game.outcome().expect("drawn");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::AgreedDraw)
    );
    let card = result_card(&mut app);
    assert!(card.contains(&"Draw agreed".to_owned()), "{card:?}");
    // Not lost: New game is the one main button.
    assert_eq!(main_buttons(&mut app), ["over.new_game"]);
    assert_eq!(tally(&app, "Easy"), (0, 1, 0));
    let record = saved_record(&dir);
    assert_eq!(
        (record.header("Result"), record.header("Termination")),
        (Some("1/2-1/2"), Some("agreed-draw"))
    );
}

#[test]
fn two_players_answer_each_others_offers_on_the_device() {
    let (mut app, dir) = ending_app("draw-two");
    app.world_mut().resource_mut::<Settings>().turn_board = true;
    start(&mut app, START, "b2-b3", Mode::TwoPlayers);
    // Black to move offers; Red answers, so the card faces Red (upright).
    open_end_game(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("Red accepts or declines"))
    );
    press(&mut app, "end.offer_draw");
    assert_eq!(panel(&app), Panel::Offer);
    assert_eq!(
        app.world().resource::<Offer>().0,
        Some((Proposal::Draw, Side::Black))
    );
    let texts_now = texts(&mut app);
    assert!(
        texts_now.contains(&"Black offers a draw".to_owned()),
        "{texts_now:?}"
    );
    assert!(
        texts_now.contains(&"Red, do you accept?".to_owned()),
        "{texts_now:?}"
    );
    assert_eq!(card_turn(&mut app), 0.0);
    press(&mut app, "offer.decline");
    assert_eq!((screen(&app), panel(&app)), (Screen::Game, Panel::None));
    assert_eq!(own_game(&app).game.outcome(), None);
    assert_eq!(app.world().resource::<Offer>().0, None, "the offer is gone");
    let notice = app.world().resource::<Notice>().0.clone();
    assert_eq!(notice.as_deref(), Some("Red declines the draw."));

    // Black moves; now Red offers and Black answers: the card turns to face Black.
    play_settled(&mut app, "b5", "b4");
    open_end_game(&mut app);
    press(&mut app, "end.offer_draw");
    assert!((card_turn(&mut app) - std::f32::consts::PI).abs() < 1e-4);
    press(&mut app, "offer.accept");
    let outcome = own_game(&app).game.outcome().expect("drawn");
    assert_eq!(outcome.reason, EndReason::AgreedDraw);
    let card = result_card(&mut app);
    assert!(card.contains(&"Draw".to_owned()), "{card:?}");
    // Nobody's colour beside a draw in the bars (a winner's would be there).
    let swatch = app
        .world_mut()
        .query_filtered::<&BackgroundColor, With<surakarta::bars::status::TurnSwatch>>()
        .single(app.world())
        .unwrap()
        .0;
    assert_eq!(swatch.alpha(), 0.0, "no side's dot beside a draw");
    let record = saved_record(&dir);
    assert_eq!(record.header("Termination"), Some("agreed-draw"));
    assert!(shelf(&dir).iter().any(|r| r.contains("agreed-draw")));

    // Analysed and stepped through to its end with Next, the review ends with the draw,
    // as it does from Game records (a tester read "Red to move" there).
    press(&mut app, "over.analyse");
    assert_eq!(screen(&app), Screen::Review);
    // Analyse opens the move list over the review; Back shows the board.
    assert_eq!(panel(&app), Panel::Moves);
    press(&mut app, "back");
    for _ in 0..2 {
        assert!(run_until(&mut app, 5.0, |a| turn(a) != Turn::Animating));
        press(&mut app, "review.next");
    }
    assert!(run_until(&mut app, 5.0, |a| session(a)
        .game
        .history()
        .len()
        == 2
        && turn(a) == Turn::Over));
    let outcome = session(&app).game.outcome().expect("the draw at the end");
    assert_eq!(outcome.reason, EndReason::AgreedDraw);
    let shown = texts(&mut app);
    assert!(!shown.iter().any(|t| t.contains("to move")), "{shown:?}");
}

#[test]
fn stopping_to_count_is_won_by_the_side_with_more_stones() {
    let (mut app, dir) = ending_app("stop");
    // Red three stones, Black two; Black just moved.
    start(
        &mut app,
        "b5/6/2b3/6/1r1r2/5r b 0 0",
        "a6-a5",
        Mode::TwoPlayers,
    );
    open_end_game(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.replace('\u{a0}', " ").contains("now 3 red, 2 black")),
        "the count is shown before stopping"
    );
    // One main button, as against the computer: playing on.
    assert_eq!(main_buttons(&mut app), ["back"]);
    press(&mut app, "end.stop");
    assert_eq!(panel(&app), Panel::Offer);
    let shown = texts(&mut app);
    assert!(
        shown
            .iter()
            .any(|t| t.replace('\u{a0}', " ") == "Red proposes to stop and count"),
        "{shown:?}"
    );
    assert!(
        shown.contains(&"3 red stones, 2 black: Red would win.".to_owned()),
        "{shown:?}"
    );
    press(&mut app, "offer.decline");
    assert_eq!(own_game(&app).game.outcome(), None);
    assert_eq!(
        app.world().resource::<Notice>().0.as_deref(),
        Some("Black declines to stop.")
    );

    open_end_game(&mut app);
    press(&mut app, "end.stop");
    assert_eq!(
        app.world().resource::<Notice>().0,
        None,
        "the last answer is gone with the new proposal"
    );
    press(&mut app, "offer.accept");
    let outcome = own_game(&app).game.outcome().expect("stopped");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Red), EndReason::AgreedStop)
    );
    let card = result_card(&mut app);
    assert!(card.contains(&"Red wins".to_owned()), "{card:?}");
    assert!(
        card.contains(&"Stopped by agreement: Red has more stones".to_owned()),
        "{card:?}"
    );
    let record = saved_record(&dir);
    assert_eq!(
        (record.header("Result"), record.header("Termination")),
        (Some("1-0"), Some("agreed-stop"))
    );
}

#[test]
fn stopping_with_as_many_stones_each_is_a_draw_and_says_so() {
    let (mut app, _dir) = ending_app("stop-equal");
    start(
        &mut app,
        "b5/6/2b3/6/1r1r2/6 b 0 0",
        "a6-a5",
        Mode::TwoPlayers,
    );
    open_end_game(&mut app);
    // The card says before stopping that it would be a draw, not only the two counts.
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t
            .replace('\u{a0}', " ")
            .contains("Now 2 each: stopping here is a draw")),
        "{shown:?}"
    );
    press(&mut app, "end.stop");
    press(&mut app, "offer.accept");
    let outcome = own_game(&app).game.outcome().expect("stopped");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, EndReason::AgreedStop)
    );
    let card = result_card(&mut app);
    assert!(card.contains(&"Draw".to_owned()), "{card:?}");
    assert!(
        card.contains(&"Stopped by agreement with as many stones each: a draw".to_owned()),
        "{card:?}"
    );
    assert!(!card.iter().any(|t| t.contains("more stones")), "{card:?}");
}

#[test]
fn a_resignation_in_a_two_player_game_says_who_resigned() {
    let (mut app, _dir) = ending_app("resign-two");
    start(&mut app, START, "b2-b3", Mode::TwoPlayers);
    // Black to move resigns.
    open_end_game(&mut app);
    press(&mut app, "end.resign");
    press(&mut app, "resign.confirm");
    let card = result_card(&mut app);
    assert!(card.contains(&"Red wins".to_owned()), "{card:?}");
    assert!(card.contains(&"Black resigned".to_owned()), "{card:?}");
}

#[test]
fn the_bar_offers_an_ending_only_while_a_game_is_going_on() {
    let (mut app, _dir) = ending_app("menu");
    start(&mut app, START, "b2-b3", Mode::TwoPlayers);
    open_end_game(&mut app);
    press(&mut app, "back");
    // Against the computer there is nobody to stop and count with.
    start(&mut app, START, "b2-b3", vs_easy(Side::Black));
    assert!(run_until(&mut app, 10.0, |a| session(a).human_to_move()));
    open_end_game(&mut app);
    assert!(!buttons(&mut app).contains(&"end.stop".to_owned()));
    press(&mut app, "back");
    assert_eq!(panel(&app), Panel::None);
    // A finished game has nothing to end: in End's place, "Result" opens its card again
    // (closed, it is never lost: a rematch or a new game is one tap away).
    let over = Game::from_position("6/6/6/6/6/5r b 0 0".parse().unwrap(), Ruleset::default());
    go_to(&mut app, Screen::Game);
    set_session(&mut app, over, Mode::TwoPlayers);
    app.update();
    let end_words = |app: &mut App| {
        texts(app)
            .into_iter()
            .filter(|t| t == "End" || t == "Result")
            .collect::<Vec<_>>()
    };
    assert_eq!(end_words(&mut app), ["Result"]);
    if panel(&app) == Panel::GameOver {
        press(&mut app, "back");
    }
    assert_eq!(panel(&app), Panel::None);
    press(&mut app, "bar.end");
    assert_eq!(panel(&app), Panel::GameOver);
    let card = texts(&mut app);
    assert!(card.contains(&"Red wins".to_owned()), "{card:?}");
    // A new game: End again.
    start(&mut app, START, "b2-b3", Mode::TwoPlayers);
    app.update();
    assert_eq!(end_words(&mut app), ["End"]);
}

/// The offer card's turn, in radians.
fn card_turn(app: &mut App) -> f32 {
    let mut q = app
        .world_mut()
        .query_filtered::<&UiTransform, With<OfferCard>>();
    let t = q.single(app.world()).expect("the offer card");
    t.rotation.as_radians().abs()
}

/// A question someone waits for is answered, also by the phone's Back: it declines (closed
/// unanswered, an online offer stood and its question came back over the board).
#[test]
fn back_on_a_draw_offer_declines_it() {
    let (mut app, _dir) = ending_app("offer-back");
    start(&mut app, START, "b2-b3", Mode::TwoPlayers);
    open_end_game(&mut app);
    press(&mut app, "end.offer_draw");
    assert_eq!(panel(&app), Panel::Offer);
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
    assert_eq!(panel(&app), Panel::None);
    assert_eq!(own_game(&app).game.outcome(), None);
    assert_eq!(
        app.world().resource::<Notice>().0.as_deref(),
        Some("Red declines the draw.")
    );
}
