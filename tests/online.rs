//! Online play through the real game server, run in this process on 127.0.0.1: two
//! headless apps, each a phone, play a game by tapping; one is killed and started again
//! from its save; the server is killed and started again on the same file mid-game; a
//! move made while it is down arrives once it is back; a resignation reaches the other
//! side.

mod common;

use bevy::prelude::*;
use common::*;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use surakarta::game::session::{Mode, Session};
use surakarta::online::{Link, Status};
use surakarta::platform::clipboard::Clipboard;
use surakarta::settings::Settings;
use surakarta::shell::navigation::{Panel, Screen};
use surakarta_engine::Side;

/// The game server on `addr` (any free port for `None`) over the SQLite file in `dir`;
/// dropping it kills it as a crash would: every connection cut, nothing said.
struct Server {
    addr: SocketAddr,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Server {
    fn start(dir: &Path, addr: Option<SocketAddr>) -> Server {
        Server::start_with(dir, addr, |_| {})
    }

    fn start_with(
        dir: &Path,
        addr: Option<SocketAddr>,
        change: impl FnOnce(&mut surakarta_server::Config),
    ) -> Server {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let mut config = surakarta_server::Config::new(surakarta_server::StoreChoice::Sqlite(
            dir.join("games.sqlite"),
        ));
        change(&mut config);
        let listener = runtime.block_on(async {
            let at = addr.unwrap_or_else(|| "127.0.0.1:0".parse().unwrap());
            // The port of a server just killed may take a moment to come free.
            for _ in 0..100 {
                if let Ok(l) = tokio::net::TcpListener::bind(at).await {
                    return l;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            panic!("{at} did not come free");
        });
        let addr = listener.local_addr().unwrap();
        runtime.spawn(async move {
            let _ = surakarta_server::serve(listener, config, std::future::pending()).await;
        });
        Server {
            addr,
            runtime: Some(runtime),
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(r) = self.runtime.take() {
            r.shutdown_background();
        }
    }
}

/// A phone: a headless app keeping its files in `dir`, with a clipboard of its own.
fn phone(dir: &Path, server: &str) -> App {
    let mut app = app_with(Some(dir.to_path_buf()));
    app.insert_resource(Clipboard::Memory(None));
    animations_off(&mut app);
    app.world_mut().resource_mut::<Settings>().server = Some(server.to_owned());
    app.update();
    app
}

/// Runs both apps until `done` or `seconds` of real time.
fn both_until(
    a: &mut App,
    b: &mut App,
    seconds: f32,
    mut done: impl FnMut(&mut App, &mut App) -> bool,
) -> bool {
    let end = std::time::Instant::now() + Duration::from_secs_f32(seconds);
    while std::time::Instant::now() < end {
        if done(a, b) {
            return true;
        }
        a.update();
        b.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    done(a, b)
}

/// True once the app has heard that the player of `side` is connected to its game.
fn present(app: &App, side: Side) -> bool {
    app.world().resource::<Link>().timing.away(side).is_none()
}

fn history(app: &App) -> Vec<String> {
    own_game(app)
        .game
        .history()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn status(app: &App) -> Status {
    app.world().resource::<Link>().line.status.clone()
}

fn connected(app: &mut App) -> bool {
    status(app) == Status::Connected
}

/// Opens the menu, then "Play a friend online" as Red, Start: the server makes the game
/// and the invite card shows its link (and stays open).
fn create(app: &mut App) -> String {
    go_to(app, Screen::Menu);
    press(app, "menu.online");
    assert_eq!(panel(app), Panel::NewGame);
    press(app, "newgame.red");
    press(app, "newgame.start");
    assert!(
        run_until(app, 10.0, |a| panel(a) == Panel::Invite),
        "no invite card; notice {:?}",
        a_notice(app)
    );
    let seat = own_game(app).online.clone().expect("an online seat");
    assert_eq!(seat.side, Side::Red);
    assert_eq!(own_game(app).mode, Mode::Online { me: Side::Red });
    let link = seat.invite();
    // Broken before its query on the card, when long ("http://host/" and "?join=...").
    assert!(
        texts(app).iter().any(|t| t.replace('\n', "") == link),
        "the card shows the link"
    );
    press(app, "invite.copy");
    assert_eq!(
        app.world().resource::<Clipboard>(),
        &Clipboard::Memory(Some(link.clone()))
    );
    link
}

fn a_notice(app: &App) -> Option<String> {
    app.world()
        .resource::<surakarta::ui::notice::Notice>()
        .0
        .clone()
}

/// Pastes `link` into "Join with a link or code".
fn join(app: &mut App, link: &str) {
    *app.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(Some(link.to_owned()));
    go_to(app, Screen::Menu);
    press(app, "menu.online");
    press(app, "newgame.join");
    assert!(
        run_until(app, 10.0, |a| own_game(a).online.is_some()
            && screen(a) == Screen::Game),
        "did not join; notice {:?}",
        a_notice(app)
    );
}

#[test]
fn two_phones_play_through_the_server_across_drops_and_a_restart() {
    let dir = temp_dir("online-server");
    let (red_dir, black_dir) = (temp_dir("online-red"), temp_dir("online-black"));
    let server = Server::start(&dir, None);
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());

    let link = create(&mut red);
    assert!(link.starts_with(&format!("{}/?join=", server.url())));
    assert!(run_until(&mut red, 10.0, connected), "Red never connected");
    assert!(red.world().resource::<Link>().waiting_for_friend());
    // Red moves first, and may before Black joins: the bar says so beside "Your move".
    assert!(
        texts(&mut red).iter().any(|t| t
            .replace('\u{a0}', " ")
            .starts_with("Waiting for your friend to join: you may move first.")),
        "{:?}",
        texts(&mut red)
    );

    assert_eq!(panel(&red), Panel::Invite, "the card waits with the player");

    join(&mut black, &link);
    assert_eq!(own_game(&black).mode, Mode::Online { me: Side::Black });
    // The friend is in: Red's invite card gives the board back, saying why.
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, _| panel(r) == Panel::None),
        "the invite card stayed open after the friend joined"
    );
    assert_eq!(a_notice(&red).as_deref(), Some("Your friend has joined."));
    assert!(both_until(&mut red, &mut black, 10.0, |r, b| connected(r)
        && connected(b)
        && !r.world().resource::<Link>().waiting_for_friend()));
    assert!(texts(&mut black).iter().any(|t| t == "Your friend's move"));

    // Red taps a move; it comes to Black through the server, played on Black's board.
    play_settled(&mut red, "b2", "b3");
    assert!(both_until(&mut red, &mut black, 10.0, |_, b| history(b)
        == ["b2-b3"]
        && turn(b) == surakarta::game::session::Turn::Waiting));
    assert!(texts(&mut black).iter().any(|t| t == "Your move"));
    // No hint, no undo against a friend.
    press(&mut black, "bar.hint");
    press(&mut black, "bar.undo");
    assert!(
        !black
            .world()
            .resource::<surakarta::game::computer::Computer>()
            .hinting()
    );
    assert_eq!(history(&black), ["b2-b3"]);
    // Black cannot move Red's stones, nor Red move on Black's turn: neither board
    // changes (and Black's move next is the only one either phone ever receives).
    tap(&mut black, "c2");
    tap(&mut black, "c3");
    tap(&mut red, "c2");
    tap(&mut red, "c3");
    red.update();
    black.update();
    assert_eq!(
        (history(&red), history(&black)),
        (vec!["b2-b3".to_owned()], vec!["b2-b3".to_owned()])
    );

    play_settled(&mut black, "b5", "b4");
    assert!(both_until(&mut red, &mut black, 10.0, |r, _| history(r)
        == ["b2-b3", "b5-b4"]));

    // Black's app is killed and started again: it comes back from its save to the game
    // and reconnects by itself.
    drop(black);
    let mut black = phone(&black_dir, &server.url());
    assert_eq!(own_game(&black).mode, Mode::Online { me: Side::Black });
    assert_eq!(history(&black), ["b2-b3", "b5-b4"]);
    assert_eq!(
        screen(&black),
        Screen::Game,
        "reopened during an online game, the app is on its board"
    );
    assert!(
        run_until(&mut black, 10.0, connected),
        "Black did not reconnect"
    );
    // Red has heard Black come back before the server goes down.
    assert!(both_until(&mut red, &mut black, 10.0, |r, _| present(
        r,
        Side::Black
    )));

    // The server dies mid-game. Red moves while it is down: the move waits, and once
    // the server is back (same file, same port) it is sent again and played once.
    let addr = server.addr;
    drop(server);
    assert!(
        both_until(&mut red, &mut black, 70.0, |r, b| {
            matches!(status(r), Status::Lost { .. }) && matches!(status(b), Status::Lost { .. })
        }),
        "the drop was not noticed: {:?} {:?}",
        status(&red),
        status(&black)
    );
    assert!(
        texts(&mut red)
            .iter()
            .any(|t| t.contains("Connection lost"))
    );
    play_settled(&mut red, "c2", "c3");
    let server = Server::start(&dir, Some(addr));
    // Whoever comes back first reads that the friend is reconnecting, never that the
    // friend left: the server dropped them both.
    let mut said_left = None;
    let mut said_back = None;
    assert!(
        both_until(&mut red, &mut black, 40.0, |r, b| {
            for app in [&*r, &*b] {
                if let Some(n) = a_notice(app).filter(|n| n.contains("has left")) {
                    said_left = Some(n);
                }
                if let Some(n) = a_notice(app).filter(|n| n.contains("is back")) {
                    said_back = Some(n);
                }
            }
            connected(r) && connected(b) && history(b).len() == 3
        }),
        "not back after the restart: {:?} {:?} {:?}",
        status(&red),
        status(&black),
        history(&black)
    );
    assert_eq!(history(&black), ["b2-b3", "b5-b4", "c2-c3"]);
    assert_eq!(history(&red), history(&black));
    assert_eq!(
        said_left, None,
        "a phone said the friend left during the restart"
    );

    // Red has heard that Black is back (and said so, if it had said Black left), so
    // nothing about the restart comes after what the offer says.
    assert!(both_until(&mut red, &mut black, 10.0, |r, b| {
        for app in [&*r, &*b] {
            if let Some(n) = a_notice(app).filter(|n| n.contains("is back")) {
                said_back = Some(n);
            }
        }
        present(r, Side::Black)
    }));
    // Nor that the friend is back: nobody left (a tester read "Your friend is back.").
    assert_eq!(
        said_back, None,
        "a phone said the friend is back after the restart"
    );

    // Red offers a draw over the network: Black is asked on the board and declines; the
    // game goes on.
    go_to(&mut red, Screen::Game);
    press(&mut red, "bar.end");
    press(&mut red, "end.offer_draw");
    go_to(&mut black, Screen::Game);
    assert!(
        both_until(&mut red, &mut black, 10.0, |_, b| panel(b) == Panel::Offer),
        "Black was not asked"
    );
    // In the friend's words, not two players' on one phone ("Red offers a draw / Black,
    // do you accept?").
    let asked = texts(&mut black);
    assert!(
        asked.contains(&"Your friend offers a draw".to_owned()),
        "{asked:?}"
    );
    assert!(asked.contains(&"Do you accept?".to_owned()), "{asked:?}");
    assert_eq!(
        a_notice(&red).as_deref(),
        Some("Draw offered: waiting for your friend's answer.")
    );
    press(&mut black, "offer.decline");
    assert_eq!(
        a_notice(&black).as_deref(),
        Some("You decline the draw."),
        "the one who declined is told in their own words"
    );
    // The offer is withdrawn and the notice told in the frames after the answer arrives:
    // wait for both.
    let told = |r: &App| a_notice(r).as_deref() == Some("Your friend declines the draw.");
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, _| told(r)
            && r.world().resource::<Link>().draw_offer.is_none()),
        "the one who offered is told, instead of waiting for ever: {:?}",
        a_notice(&red)
    );
    assert!(own_game(&red).game.outcome().is_none());
    // A second offer before Red's next move is one the server refuses: the app does not
    // offer it, and says why in the player's words.
    go_to(&mut red, Screen::Game);
    press(&mut red, "bar.end");
    assert!(
        texts(&mut red)
            .contains(&"You have offered a draw: make a move before offering again.".to_owned())
    );
    press(&mut red, "end.offer_draw");
    assert_eq!(panel(&red), Panel::EndGame, "nothing was offered");
    assert_eq!(red.world().resource::<Link>().draw_offer, None);
    press(&mut red, "back");

    // Black resigns: Red's game ends too, as a win, and goes to Game records.
    go_to(&mut black, Screen::Game);
    press(&mut black, "bar.end");
    press(&mut black, "end.resign");
    press(&mut black, "resign.confirm");
    assert!(both_until(&mut red, &mut black, 10.0, |r, _| own_game(r)
        .game
        .outcome()
        .is_some()));
    let outcome = own_game(&red).game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::Red));
    assert_eq!(
        own_game(&black).game.outcome().unwrap().winner,
        Some(Side::Red)
    );
    // The declined draw was over before the game was: its words do not stand under the
    // result (Red had read "Your friend declines the draw." there).
    for _ in 0..5 {
        red.update();
        black.update();
    }
    assert_ne!(
        a_notice(&red).as_deref(),
        Some("Your friend declines the draw.")
    );
    assert_ne!(a_notice(&black).as_deref(), Some("You decline the draw."));
    drop(server);
}

/// A draw offered and accepted, then a rematch declined: the one who offered is not left
/// reading "Draw offered: waiting for your friend's answer" beside the result (issue
/// 62.9), and a declined rematch can be offered again from the finished board (62.5).
#[test]
fn an_accepted_draw_leaves_no_waiting_word_and_a_declined_rematch_can_be_asked_again() {
    let dir = temp_dir("online-draw-server");
    let (red_dir, black_dir) = (temp_dir("online-draw-red"), temp_dir("online-draw-black"));
    let server = Server::start(&dir, None);
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());
    let link = create(&mut red);
    join(&mut black, &link);
    assert!(both_until(&mut red, &mut black, 10.0, |r, b| connected(r)
        && connected(b)
        && panel(r) == Panel::None));
    go_to(&mut red, Screen::Game);
    first_moves(&mut red, &mut black);

    press(&mut red, "bar.end");
    press(&mut red, "end.offer_draw");
    assert_eq!(
        a_notice(&red).as_deref(),
        Some("Draw offered: waiting for your friend's answer.")
    );
    assert!(both_until(&mut red, &mut black, 10.0, |_, b| panel(b) == Panel::Offer));
    press(&mut black, "offer.accept");
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, _| own_game(r)
            .game
            .outcome()
            .is_some()),
        "the accepted draw did not end Red's game"
    );
    assert_eq!(own_game(&red).game.outcome().unwrap().winner, None);
    for _ in 0..5 {
        red.update();
    }
    assert_ne!(
        a_notice(&red).as_deref(),
        Some("Draw offered: waiting for your friend's answer."),
        "the offer was answered: the game is drawn"
    );

    // A rematch asked and declined; asked again from the finished board, the friend is
    // asked again.
    assert!(run_until(&mut red, 5.0, |r| panel(r) == Panel::GameOver));
    press(&mut red, "over.rematch");
    assert!(both_until(&mut red, &mut black, 10.0, |_, b| panel(b) == Panel::Offer));
    // While it is asked, the result card says it was offered and does not offer it twice.
    go_to(&mut red, Screen::Game);
    press(&mut red, "bar.end");
    assert_eq!(panel(&red), Panel::GameOver);
    assert_eq!(button_words(&mut red, "over.rematch"), "Rematch offered");
    press(&mut red, "over.rematch");
    assert_eq!(panel(&red), Panel::GameOver, "nothing asked twice");
    press(&mut red, "over.close");
    press(&mut black, "offer.decline");
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, _| a_notice(r).as_deref()
            == Some("Your friend declines the rematch.")),
        "Red was not told: {:?}",
        a_notice(&red)
    );
    if panel(&red) != Panel::GameOver {
        go_to(&mut red, Screen::Game);
        press(&mut red, "bar.end");
    }
    assert_eq!(panel(&red), Panel::GameOver, "the result card opens again");
    assert!(
        buttons(&mut red).contains(&"over.rematch".to_owned()),
        "no rematch offered again: {:?}",
        buttons(&mut red)
    );
    assert_eq!(
        a_notice(&black).as_deref(),
        Some("You decline the rematch.")
    );
    press(&mut red, "over.rematch");
    assert!(
        both_until(&mut red, &mut black, 10.0, |_, b| panel(b) == Panel::Offer),
        "the friend was not asked again"
    );
    // Asked again, the friend no longer reads that they declined (it stood above the
    // new offer in a play-through).
    assert_eq!(a_notice(&black), None);
    // New game from the result of an online game is another online game (the friend who
    // joined by link had been offered the last kind they started themselves).
    press(&mut black, "offer.decline");
    go_to(&mut black, Screen::Game);
    press(&mut black, "bar.end");
    assert_eq!(panel(&black), Panel::GameOver);
    black
        .world_mut()
        .resource_mut::<surakarta::panels::new_game::NewGameChoice>()
        .online = false;
    press(&mut black, "over.new_game");
    black.update();
    assert_eq!(panel(&black), Panel::NewGame);
    assert!(
        black
            .world()
            .resource::<surakarta::panels::new_game::NewGameChoice>()
            .online
    );
    drop(server);
}

/// Red plays b2-b3 and Black, once it has it on its board, e5-e4; both phones have both.
fn first_moves(red: &mut App, black: &mut App) {
    play_settled(red, "b2", "b3");
    assert!(both_until(red, black, 10.0, |_, b| history(b).len() == 1
        && turn(b) == surakarta::game::session::Turn::Waiting));
    play_settled(black, "e5", "e4");
    assert!(both_until(red, black, 10.0, |r, _| history(r).len() == 2));
}

/// The texts of the clocks in the status bar.
fn clocks(app: &mut App) -> Vec<String> {
    let mut q = app
        .world_mut()
        .query::<(&surakarta::bars::clock::ClockText, &Text)>();
    q.iter(app.world()).map(|(_, t)| t.0.clone()).collect()
}

/// Nobody plays a first move in time: the server aborts the game, and both phones show
/// the result card saying so (in a play-through the friend's phone showed none).
#[test]
fn an_aborted_game_is_told_on_both_phones() {
    use surakarta_engine::EndReason;
    let dir = temp_dir("online-abort-server");
    let (red_dir, black_dir) = (temp_dir("online-abort-red"), temp_dir("online-abort-black"));
    let server = Server::start_with(&dir, None, |c| {
        c.timing.first_move = Duration::from_secs(2);
    });
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());
    go_to(&mut red, Screen::Menu);
    press(&mut red, "menu.online");
    press(&mut red, "newgame.clock.3+2");
    press(&mut red, "newgame.red");
    press(&mut red, "newgame.start");
    assert!(run_until(&mut red, 10.0, |a| panel(a) == Panel::Invite));
    let link = own_game(&red).online.clone().unwrap().invite();
    join(&mut black, &link);
    // Red looks at the menu meanwhile: the card is there on coming back to the board.
    assert!(run_until(&mut red, 5.0, |r| panel(r) == Panel::None));
    go_to(&mut red, Screen::Menu);
    assert!(
        both_until(&mut red, &mut black, 20.0, |r, b| own_game(r)
            .game
            .outcome()
            .is_some()
            && panel(b) == Panel::GameOver),
        "Black's result card: {:?}",
        panel(&black)
    );
    go_to(&mut red, Screen::Game);
    assert!(
        run_until(&mut red, 3.0, |r| panel(r) == Panel::GameOver),
        "Red's result card: {:?}",
        panel(&red)
    );
    // Red's first move did not come: each phone says whose.
    for (app, whose) in [
        (&mut red, "Your first move did not come in time"),
        (&mut black, "Your friend's first move did not come in time"),
    ] {
        let outcome = own_game(app).game.outcome().expect("the game is over");
        assert_eq!(outcome.reason, EndReason::Aborted);
        assert!(
            texts(app).iter().any(|t| t.contains("Game aborted")),
            "{:?}",
            texts(app)
        );
        assert!(
            texts(app).iter().any(|t| t.contains(whose)),
            "{:?}",
            texts(app)
        );
    }
    drop(server);
}

#[test]
fn a_clock_that_runs_out_a_rematch_and_a_friend_who_leaves_end_games_on_both_phones() {
    use surakarta::online::wire::TimeControl;
    use surakarta_engine::EndReason;
    let dir = temp_dir("online-clock-server");
    let (red_dir, black_dir) = (temp_dir("online-clock-red"), temp_dir("online-clock-black"));
    let server = Server::start_with(&dir, None, |c| {
        c.timing.claim_live = Duration::from_secs(1);
    });
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());

    // Red chooses a clock on the card (3 + 2), then, for the test's sake, two seconds
    // without increment in its place.
    go_to(&mut red, Screen::Menu);
    press(&mut red, "menu.online");
    press(&mut red, "newgame.clock.3+2");
    let choice = *red
        .world()
        .resource::<surakarta::panels::new_game::NewGameChoice>();
    assert_eq!(
        choice.clock,
        Some(TimeControl::Live {
            initial: 180,
            increment: 2
        })
    );
    red.world_mut()
        .resource_mut::<surakarta::panels::new_game::NewGameChoice>()
        .clock = Some(TimeControl::Live {
        initial: 2,
        increment: 0,
    });
    press(&mut red, "newgame.red");
    press(&mut red, "newgame.start");
    assert!(run_until(&mut red, 10.0, |a| panel(a) == Panel::Invite));
    let link = own_game(&red).online.clone().unwrap().invite();
    join(&mut black, &link);
    assert!(both_until(&mut red, &mut black, 10.0, |r, b| connected(r)
        && connected(b)
        && panel(r) == Panel::None));
    // Both clocks show, full (tenths under ten seconds), and no clock runs before the
    // first moves.
    go_to(&mut black, Screen::Game);
    assert!(both_until(&mut red, &mut black, 5.0, |r, _| clocks(r)
        == ["First move 0:30", "Black 0:02.0"]
        || clocks(r) == ["First move 0:29", "Black 0:02.0"]));
    first_moves(&mut red, &mut black);
    // Red's two seconds run out with Red doing nothing: both phones end the game.
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, b| own_game(r)
            .game
            .outcome()
            .is_some()
            && own_game(b).game.outcome().is_some()),
        "the clock did not end the game"
    );
    for app in [&mut red, &mut black] {
        let outcome = own_game(app).game.outcome().unwrap();
        assert_eq!(
            (outcome.winner, outcome.reason),
            (Some(Side::Black), EndReason::TimeForfeit)
        );
    }
    assert_eq!(clocks(&mut red), ["Red 0:00.0", "Black 0:02.0"]);
    assert!(
        run_until(&mut black, 5.0, |b| texts(b)
            .iter()
            .any(|t| t == "Your friend's time ran out")),
        "the game-over card says why, and whose: {:?}",
        texts(&mut black)
    );
    assert!(
        run_until(&mut red, 5.0, |r| texts(r)
            .iter()
            .any(|t| t == "Your time ran out")),
        "the game-over card says whose time ran out: {:?}",
        texts(&mut red)
    );

    // Red asks for a rematch on the game-over card; Black is asked, and accepts: both
    // phones go to the new game, colours swapped, the same clock.
    let old = own_game(&red).online.clone().unwrap().id;
    assert!(run_until(&mut red, 5.0, |r| panel(r) == Panel::GameOver));
    press(&mut red, "over.rematch");
    assert!(
        both_until(&mut red, &mut black, 10.0, |_, b| panel(b) == Panel::Offer),
        "Black was not asked: {:?}",
        panel(&black)
    );
    assert!(texts(&mut black).contains(&"Your friend offers a rematch".to_owned()));
    press(&mut black, "offer.accept");
    let moved = |app: &App| own_game(app).online.as_ref().is_some_and(|s| s.id != old);
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, b| moved(r) && moved(b)),
        "not both in the rematch"
    );
    let (new_red, new_black) = (
        own_game(&red).online.clone().unwrap(),
        own_game(&black).online.clone().unwrap(),
    );
    assert_eq!(new_red.id, new_black.id);
    assert_eq!(own_game(&red).mode, Mode::Online { me: Side::Black });
    assert_eq!(own_game(&black).mode, Mode::Online { me: Side::Red });
    assert!(own_game(&red).game.history().is_empty());
    assert_eq!(
        a_notice(&red).as_deref(),
        Some("The rematch: you play Black.")
    );
    assert!(
        both_until(&mut red, &mut black, 10.0, |r, b| connected(r)
            && connected(b)
            && clocks(r).last().map(String::as_str) == Some("Black 0:02.0")),
        "the rematch keeps the clock: {:?}",
        clocks(&mut red)
    );

    // Black's phone (Red now) goes away for good. The player left is told, and the claim
    // shows at the foot of the top bar, never as a card over the board: counting down,
    // then (a second later) opening the end-game card with the claim when pressed.
    go_to(&mut red, Screen::Game);
    // Only once Red has heard that the friend is here (their hello reached the server: a
    // connection dropped before it never sat, and nobody "left").
    assert!(both_until(&mut red, &mut black, 10.0, |r, _| present(
        r,
        Side::Red
    )));
    drop(black);
    assert!(
        run_until(&mut red, 10.0, |r| a_notice(r).as_deref()
            == Some("Your friend is not connected.")),
        "Red was not told: {:?}",
        a_notice(&red)
    );
    assert!(
        run_until(&mut red, 10.0, |r| *r
            .world()
            .resource::<surakarta::bars::claim::Claim>()
            == surakarta::bars::claim::Claim::Now),
        "the claim was not offered"
    );
    assert_eq!(
        panel(&red),
        Panel::None,
        "no card stands over the board by itself"
    );
    press(&mut red, "bar.claim");
    assert_eq!(panel(&red), Panel::EndGame);
    press(&mut red, "end.claim_win");
    assert!(run_until(&mut red, 10.0, |r| own_game(r)
        .game
        .outcome()
        .is_some()));
    let outcome = own_game(&red).game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Black), EndReason::Abandoned)
    );
    drop(server);
}

/// The problem card's words.
fn problem(app: &mut App) -> String {
    app.world()
        .resource::<Link>()
        .problem()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn bad_invites_and_unreachable_servers_say_why() {
    let dir = temp_dir("online-bad");
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let mut app = phone(&dir, &url);
    let before = own_game(&app).game.clone();

    *app.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(Some("hello there".into()));
    go_to(&mut app, Screen::Menu);
    press(&mut app, "menu.online");
    press(&mut app, "newgame.join");
    // On a card of its own, not a line behind the menu's card; nothing to try again.
    assert_eq!(panel(&app), Panel::Problem);
    assert!(
        problem(&mut app).contains("not an invite"),
        "{:?}",
        problem(&mut app)
    );
    assert!(!texts(&mut app).contains(&"Try again".to_owned()));
    press(&mut app, "problem.close");
    assert_eq!(panel(&app), Panel::None);

    let server = Server::start(&dir, None);
    let missing = format!("{}/?join=nosuchgame", server.url());
    *app.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(Some(missing));
    go_to(&mut app, Screen::Menu);
    press(&mut app, "menu.online");
    press(&mut app, "newgame.join");
    assert!(run_until(&mut app, 10.0, |a| panel(a) == Panel::Problem));
    assert!(
        problem(&mut app).contains("no such game"),
        "{:?}",
        problem(&mut app)
    );
    // Asking again would be answered the same: no Try again.
    assert!(!texts(&mut app).contains(&"Try again".to_owned()));
    press(&mut app, "problem.close");

    // Creating on a server that is not there.
    go_to(&mut app, Screen::Menu);
    press(&mut app, "menu.online");
    press(&mut app, "newgame.start");
    assert!(run_until(&mut app, 25.0, |a| panel(a) == Panel::Problem));
    assert!(
        problem(&mut app).starts_with(&format!("Could not reach {url}. Check the connection")),
        "in the player's words: {:?}",
        problem(&mut app)
    );
    // Try again asks once more, and fails the same way.
    press(&mut app, "problem.retry");
    assert!(run_until(&mut app, 25.0, |a| panel(a) == Panel::Problem));
    press(&mut app, "problem.close");
    // Nothing of the player's game changed.
    let session: &Session = own_game(&app);
    assert!(session.online.is_none());
    assert_eq!(session.game.history(), before.history());
}

/// The server's own state message, as it goes over the socket, read by the app: the game
/// replayed move by move, the seats and the standing draw offer as the server has them.
#[test]
fn the_apps_reading_of_the_servers_state_message_is_the_servers_game() {
    use surakarta::online::wire::{self, ServerMessage};
    use surakarta_server::table::{Event, Table, token_hash};
    let mut table = Table::new("k3mpq8x2ra".into(), "standard").unwrap();
    table
        .apply(&Event::Seat(Side::Red, token_hash("r")))
        .unwrap();
    for mv in ["b2-b3", "b5-b4"] {
        table.apply(&Event::Move(mv.parse().unwrap())).unwrap();
    }
    table.apply(&Event::Offer(Side::Red)).unwrap();
    let text = surakarta_server::hub::state_message(&table);
    let Ok(ServerMessage::State(state)) = serde_json::from_str::<ServerMessage>(&text) else {
        panic!("the app cannot read {text}");
    };
    let truth = wire::truth(&state).unwrap();
    assert_eq!(truth.game.history(), table.game().history());
    assert_eq!(truth.game.position(), table.game().position());
    assert_eq!((truth.seats.red, truth.seats.black), (true, false));
    assert_eq!(truth.draw_offer, Some(Side::Red));
}

/// Runs the apps until `done` or `seconds` of real time.
fn all_until(
    apps: &mut [&mut App],
    seconds: f32,
    mut done: impl FnMut(&[&mut App]) -> bool,
) -> bool {
    let end = std::time::Instant::now() + Duration::from_secs_f32(seconds);
    while std::time::Instant::now() < end {
        if done(apps) {
            return true;
        }
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    done(apps)
}

fn watched(app: &App) -> Vec<String> {
    let review = app.world().resource::<surakarta::screens::review::Review>();
    let game = review.game.as_ref().map(|g| g.history().to_vec());
    game.unwrap_or_default()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn a_watching_link_follows_the_game_live_read_only() {
    use surakarta::online::Watch;
    use surakarta::online::wire::TimeControl;
    let dir = temp_dir("online-watch-server");
    let dirs = [
        temp_dir("online-watch-red"),
        temp_dir("online-watch-black"),
        temp_dir("online-watch-watcher"),
    ];
    let server = Server::start(&dir, None);
    let mut red = phone(&dirs[0], &server.url());
    let mut black = phone(&dirs[1], &server.url());
    let mut watcher = phone(&dirs[2], &server.url());

    // Red makes a 5 + 3 game; while the friend's seat is free its invite card gives no link
    // to watch (the game's code would let a watcher take the seat).
    go_to(&mut red, Screen::Menu);
    press(&mut red, "menu.online");
    press(&mut red, "newgame.clock.5+3");
    assert_eq!(
        red.world()
            .resource::<surakarta::panels::new_game::NewGameChoice>()
            .clock,
        Some(TimeControl::Live {
            initial: 300,
            increment: 3
        })
    );
    press(&mut red, "newgame.red");
    press(&mut red, "newgame.start");
    assert!(run_until(&mut red, 10.0, |a| panel(a) == Panel::Invite));
    let seat = own_game(&red).online.clone().unwrap();
    let invite = seat.invite();
    let watch_link = format!("{}/?watch={}", server.url(), seat.id);
    assert!(!buttons(&mut red).iter().any(|b| b == "invite.for_watchers"));
    assert!(
        !texts(&mut red)
            .iter()
            .any(|t| t.replace('\n', "") == watch_link)
    );
    join(&mut black, &invite);
    // With the friend there, the menu gives the link to watch.
    assert!(both_until(&mut red, &mut black, 10.0, |r, b| connected(r)
        && connected(b)
        && !r.world().resource::<Link>().waiting_for_friend()));
    go_to(&mut red, Screen::Menu);
    press(&mut red, "menu.watchers");
    assert!(
        texts(&mut red)
            .iter()
            .any(|t| t.replace('\n', "") == watch_link),
        "the card shows the link to watch: {:?}",
        texts(&mut red)
    );
    press(&mut red, "invite.copy");
    assert_eq!(
        red.world().resource::<Clipboard>(),
        &Clipboard::Memory(Some(watch_link.clone()))
    );
    go_to(&mut red, Screen::Game);
    play_settled(&mut red, "b2", "b3");

    // The watcher pastes the link: the game opens on the review screen at its latest
    // move, the player's own game untouched.
    let own_before = own_game(&watcher).game.clone();
    *watcher.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(Some(watch_link));
    go_to(&mut watcher, Screen::Menu);
    press(&mut watcher, "menu.online");
    press(&mut watcher, "newgame.join");
    let mut apps = [&mut red, &mut black, &mut watcher];
    assert!(
        all_until(&mut apps, 10.0, |a| screen(a[2]) == Screen::Review
            && watched(a[2]) == ["b2-b3"]
            && session(a[2]).game.history().len() == 1
            && a[2].world().resource::<Watch>().line.status
                == Status::Connected),
        "not watching: {:?} {:?}",
        screen(apps[2]),
        a_notice(apps[2])
    );
    assert!(own_game(apps[2]).online.is_none());
    assert_eq!(own_game(apps[2]).game, own_before);
    let shown = texts(apps[2]);
    assert!(
        shown.iter().any(|t| t.contains("Watching live")),
        "{shown:?}"
    );
    // Red's clock waits; Black's first move has its own time, shown in its place.
    assert!(shown.iter().any(|t| t == "Red 5:00"), "clocks: {shown:?}");
    assert!(
        shown.iter().any(|t| t.starts_with("First move 0:")),
        "{shown:?}"
    );

    // Black moves: the watcher's board plays it (it showed the latest).
    assert!(all_until(&mut apps, 10.0, |a| history(a[1]).len() == 1
        && turn(a[1]) == surakarta::game::session::Turn::Waiting));
    play_settled(apps[1], "e5", "e4");
    assert!(
        all_until(&mut apps, 10.0, |a| session(a[2]).game.history().len() == 2),
        "the move did not arrive"
    );
    // Stepped back to the start, the board stays there while Red moves; Last brings it
    // to the live end.
    // (A step is not taken while a move runs round its loops: seen to its end first.)
    for _ in 0..5 {
        apps[2].update();
    }
    let settled = |a: &App| turn(a) != surakarta::game::session::Turn::Animating;
    assert!(all_until(&mut apps, 5.0, |a| settled(a[2])));
    press(apps[2], "review.first");
    assert!(all_until(&mut apps, 2.0, |a| session(a[2])
        .game
        .history()
        .is_empty()));
    assert!(all_until(&mut apps, 10.0, |a| history(a[0]).len() == 2
        && turn(a[0]) == surakarta::game::session::Turn::Waiting));
    play_settled(apps[0], "b3", "b4");
    assert!(all_until(&mut apps, 10.0, |a| watched(a[2]).len() == 3));
    for _ in 0..10 {
        apps[2].update();
    }
    assert!(
        session(apps[2]).game.history().is_empty(),
        "the step back holds"
    );
    // The bar says the live game has gone on (its turn line is the board's, Red to move,
    // while Black is to move in the game), not "Watching live".
    let says = |a: &mut App, words: &str| texts(a).iter().any(|t| t.contains(words));
    assert!(
        says(apps[2], "Live game further on: » Last") && !says(apps[2], "Watching live"),
        "{:?}",
        texts(apps[2])
    );
    // Neither clock drawn as the running one over a board stepped back ("Red to move"
    // stood over Black's bright clock).
    let bright = |a: &mut App| {
        a.world_mut()
            .query::<(&surakarta::bars::clock::ClockText, &TextColor)>()
            .iter(a.world())
            .filter(|(_, c)| c.0.alpha() > 0.9)
            .count()
    };
    assert_eq!(bright(apps[2]), 0);
    press(apps[2], "review.last");
    assert!(all_until(&mut apps, 2.0, |a| session(a[2])
        .game
        .history()
        .len()
        == 3));
    for _ in 0..5 {
        apps[2].update();
    }
    assert!(
        says(apps[2], "Watching live") && !says(apps[2], "further on"),
        "{:?}",
        texts(apps[2])
    );
    // Followed live again: Black's clock runs, drawn so.
    assert_eq!(bright(apps[2]), 1);
    // A watcher cannot play: Black's legal a5-a4, tapped by a finger, does nothing.
    tap(apps[2], "a5");
    tap(apps[2], "a4");
    for _ in 0..5 {
        apps[2].update();
    }
    assert_eq!(session(apps[2]).game.history().len(), 3);
    assert_eq!(
        watched(apps[2]).len(),
        3,
        "nothing sent to the server either"
    );
    assert!(
        apps[2]
            .world()
            .resource::<surakarta::board::selection::Selection>()
            .stone
            .is_none(),
        "no stone picked up"
    );
    assert_eq!(own_game(apps[2]).game, own_before);

    // Black resigns: the watcher's bar says how the game ended.
    go_to(apps[1], Screen::Game);
    press(apps[1], "bar.end");
    press(apps[1], "end.resign");
    press(apps[1], "resign.confirm");
    assert!(
        all_until(&mut apps, 10.0, |a| {
            let review = a[2]
                .world()
                .resource::<surakarta::screens::review::Review>();
            review.game.as_ref().and_then(|g| g.outcome()).is_some()
        }),
        "the end did not arrive"
    );
    // The board at the latest move shows the end too (no "Red to move" over it).
    assert!(
        all_until(&mut apps, 5.0, |a| session(a[2]).game.outcome().is_some()),
        "the board does not show the end"
    );
    let line = texts(apps[2]);
    assert!(!line.iter().any(|t| t == "Red to move"), "{line:?}");
    assert!(
        line.iter()
            .any(|t| t.contains("Red wins\u{a0}· Black resigned")),
        "{line:?}"
    );
    // Close goes back to the menu, and the connection is closed.
    press(apps[2], "review.close");
    assert!(all_until(&mut apps, 5.0, |a| screen(a[2]) == Screen::Menu
        && a[2].world().resource::<Watch>().line.status == Status::Off));
    assert!(!apps[2].world().resource::<Watch>().watching());
    drop(server);
}

/// A server and three phones (the player and two friends), each with files of its own.
fn server_and_three_phones(name: &str) -> (TempDir, [TempDir; 3], Server, [App; 3]) {
    let dir = temp_dir(&format!("{name}-server"));
    let dirs = [
        temp_dir(&format!("{name}-me")),
        temp_dir(&format!("{name}-first")),
        temp_dir(&format!("{name}-second")),
    ];
    let server = Server::start(&dir, None);
    let phones = [0, 1, 2].map(|i| phone(&dirs[i], &server.url()));
    (dir, dirs, server, phones)
}

#[test]
fn online_games_are_kept_side_by_side_and_the_list_says_whose_turn() {
    use surakarta::online::games::OnlineGames;
    let (_dir, dirs, server, [mut me, mut first, mut second]) =
        server_and_three_phones("online-list");

    // A game with the first friend, one move played...
    let link = create(&mut me);
    join(&mut first, &link);
    let one = own_game(&me).online.clone().unwrap();
    assert!(both_until(&mut me, &mut first, 10.0, |m, f| connected(m)
        && connected(f)
        && !m.world().resource::<Link>().waiting_for_friend()));
    go_to(&mut me, Screen::Game);
    play_settled(&mut me, "b2", "b3");
    assert!(both_until(&mut me, &mut first, 10.0, |_, f| history(f)
        .len()
        == 1));
    // ...then a second game with another friend (asked first: the first is in
    // progress). The first is not lost.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online");
    press(&mut me, "newgame.red");
    press(&mut me, "newgame.start");
    assert_eq!(panel(&me), Panel::Replace);
    press(&mut me, "replace.start");
    assert!(run_until(&mut me, 10.0, |a| panel(a) == Panel::Invite));
    let link = own_game(&me).online.clone().unwrap().invite();
    join(&mut second, &link);
    let two = own_game(&me).online.clone().unwrap();
    assert_ne!(one.id, two.id);
    let kept: Vec<String> = me
        .world()
        .resource::<OnlineGames>()
        .0
        .iter()
        .map(|k| k.seat.id.clone())
        .collect();
    assert_eq!(kept, [two.id.clone(), one.id.clone()], "newest first");
    // The first game stayed connected while the second was made: its friend never read
    // that the player left.
    assert!(
        present(&first, Side::Red),
        "the first friend saw the player go"
    );
    assert!(both_until(&mut me, &mut second, 10.0, |m, s| connected(s)
        && !m.world().resource::<Link>().waiting_for_friend()));
    go_to(&mut me, Screen::Game);
    play_settled(&mut me, "a2", "a3");
    assert!(both_until(&mut me, &mut second, 10.0, |_, s| history(s)
        .len()
        == 1));

    // The list, from the menu: the second game (on the board, the friend's turn) and the
    // first (the friend's turn after one move), as the server says.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    assert_eq!(panel(&me), Panel::OnlineGames);
    // Read as words: the list holds its parts together with no-break spaces.
    let listed =
        |m: &mut App, game: &str| texts(m).iter().any(|t| t.replace('\u{a0}', " ") == game);
    assert!(
        both_until(&mut me, &mut second, 10.0, |m, _| {
            listed(
                m,
                "You play Red · no clock\nFriend's turn · last 1. a2-a3, just now\nOn the board",
            ) && listed(
                m,
                "You play Red · no clock\nFriend's turn · last 1. b2-b3, just now",
            )
        }),
        "{:?}",
        texts(&mut me)
    );
    // A tap puts the first game back on the board, its move and all, live again.
    // (Nor, a connection closed and opened again, that they came back.)
    let no_one_left = |app: &App| {
        let notice = a_notice(app).unwrap_or_default();
        !notice.contains("has left") && !notice.contains("is back")
    };
    press(&mut me, "online_games.1");
    assert!(
        both_until(&mut me, &mut first, 10.0, |m, _| screen(m) == Screen::Game
            && own_game(m).online.as_ref().is_some_and(|s| s.id == one.id)
            && history(m) == ["b2-b3"]
            && connected(m)),
        "not back in the first game: {:?}",
        history(&me)
    );
    // The second game, off the board, stays connected: its friend sees the player there
    // all along and is never told they left.
    let mut gone = false;
    both_until(&mut me, &mut second, 3.0, |_, s| {
        gone |= !present(s, Side::Red) || !no_one_left(s);
        false
    });
    assert!(!gone, "the second friend saw the player leave");
    assert!(both_until(&mut me, &mut first, 10.0, |_, f| turn(f)
        == surakarta::game::session::Turn::Waiting));
    play_settled(&mut first, "e5", "e4");
    assert!(both_until(&mut me, &mut first, 10.0, |m, _| history(m)
        .len()
        == 2));

    // The list open, a move in the game off the board shows at once (its connection
    // hears it), and it is the player's turn there.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    assert!(both_until(&mut me, &mut second, 10.0, |m, _| listed(
        m,
        "You play Red · no clock\nFriend's turn · last 1. a2-a3, just now"
    )));
    go_to(&mut second, Screen::Game);
    play_settled(&mut second, "f5", "f4");
    assert!(
        both_until(&mut me, &mut second, 10.0, |m, _| listed(
            m,
            "You play Red · no clock\nYour turn · last 1... f5-f4, just now"
        )),
        "the open list did not follow the move: {:?}",
        texts(&mut me)
    );

    // The list survives the app being closed and opened again; switching boards never
    // left an "unfinished" copy of an online game in Game records.
    let taken = |app: &App| -> Vec<Option<u64>> {
        let games = app.world().resource::<OnlineGames>();
        games.0.iter().map(|k| k.since).collect()
    };
    let before = taken(&me);
    assert!(before.iter().all(Option::is_some), "{before:?}");
    drop(me);
    let mut me = phone(&dirs[0], &server.url());
    let kept = me.world().resource::<OnlineGames>().0.len();
    assert_eq!(kept, 2);
    // When each was taken is kept too (the list says how long ago a game with no move
    // yet was created).
    assert_eq!(taken(&me), before);
    let records = |app: &mut App| {
        let mut records = app
            .world_mut()
            .resource_mut::<surakarta::game::records::Records>();
        records.refresh();
        records.saved.clone()
    };
    assert!(records(&mut me).is_empty(), "{:?}", records(&mut me));
    // The second game goes back on the board; the first, off it, ends (its friend
    // resigns): the player is told, it leaves the list and is kept in Game records.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    assert!(run_until(&mut me, 10.0, |m| listed(
        m,
        "You play Red · no clock\nYour turn · last 1... f5-f4, just now"
    )));
    press(&mut me, "online_games.0");
    assert!(run_until(&mut me, 10.0, |m| own_game(m)
        .online
        .as_ref()
        .is_some_and(|s| s.id == two.id)
        && history(m).len() == 2));
    go_to(&mut first, Screen::Game);
    press(&mut first, "bar.end");
    press(&mut first, "end.resign");
    press(&mut first, "resign.confirm");
    assert!(
        both_until(&mut me, &mut first, 10.0, |m, _| m
            .world()
            .resource::<OnlineGames>()
            .0
            .len()
            == 1),
        "the game over is still listed"
    );
    // Said in the bar, and kept there (not a notice the next move takes away) until the
    // player looks at Game records, where it now is.
    let ended = "Your online game as Red is over. You win\u{a0}· Your friend resigned";
    assert!(run_until(&mut me, 2.0, |m| {
        m.update();
        texts(m).iter().any(|t| t == ended)
    }));
    assert!(
        run_until(&mut me, 5.0, |m| records(m).len() == 1),
        "the game that ended off the board is not in Game records"
    );
    let saved = records(&mut me).remove(0);
    assert_eq!(saved.name, format!("online-{}.txt", one.id));
    let record = saved.record.expect("a readable record");
    assert_eq!(record.header("Result"), Some("1-0"));
    assert_eq!(record.moves.len(), 2);
    me.update();
    assert!(
        texts(&mut me).iter().any(|t| t == ended),
        "kept until looked at"
    );
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.records");
    press(&mut me, "back");
    go_to(&mut me, Screen::Game);
    me.update();
    assert!(
        !texts(&mut me).iter().any(|t| t == ended),
        "gone once looked at"
    );

    // The friend offers a rematch of the game that ended away: it reaches the player on
    // the board of the other game (one went unanswered for minutes), and is answered from
    // the list, where that game is put back on the board with the offer.
    assert!(run_until(&mut first, 5.0, |f| panel(f) == Panel::GameOver));
    press(&mut first, "over.rematch");
    let offered = "Your friend offers a rematch of your game as Red that ended. Menu, Your online\u{a0}games.";
    assert!(
        both_until(&mut me, &mut first, 10.0, |m, _| {
            m.update();
            texts(m).iter().any(|t| t == offered)
        }),
        "{:?}",
        texts(&mut me)
    );
    go_to(&mut me, Screen::Menu);
    me.update();
    assert_eq!(main_button(&mut me), "menu.online_games");
    press(&mut me, "menu.online_games");
    me.update();
    let entry = (0..3)
        .map(|i| format!("online_games.{i}"))
        .find(|id| button_words(&mut me, id).contains("offers a rematch"))
        .unwrap_or_else(|| panic!("the rematch is not listed: {:?}", texts(&mut me)));
    press(&mut me, &entry);
    assert!(
        both_until(&mut me, &mut first, 10.0, |m, _| panel(m) == Panel::Offer),
        "not asked: {:?} {:?}",
        panel(&me),
        texts(&mut me)
    );
    // The question put away unanswered (in the app the result card can come over it as
    // the game comes to the board over; Back would decline it), the result card answers
    // the offer: a tester's Rematch there was refused, "your opponent offers a rematch:
    // accept or decline it".
    go_to(&mut me, Screen::Game);
    press(&mut me, "bar.end");
    assert_eq!(panel(&me), Panel::GameOver);
    assert!(texts(&mut me).contains(&"Your friend offers a rematch".to_owned()));
    assert!(!buttons(&mut me).contains(&"over.rematch".to_owned()));
    press(&mut me, "over.accept_rematch");
    let moved = |app: &App| {
        app.world()
            .resource::<surakarta::game::session::Session>()
            .online
            .as_ref()
            .is_some_and(|s| s.id != one.id && s.id != two.id)
    };
    assert!(
        both_until(&mut me, &mut first, 10.0, |m, f| moved(m) && moved(f)),
        "not both in the rematch"
    );
    assert_eq!(own_game(&me).mode, Mode::Online { me: Side::Black });
    drop(server);
}

/// A 3+2 game created by `me` as Red and joined by `friend`, its first two moves played
/// (Red to move again): its seat.
fn live_game_as_red(me: &mut App, friend: &mut App) -> surakarta::online::Seat {
    timed_game_as_red(me, friend, "newgame.clock.3+2")
}

/// A game with the clock `clock` (its button on the card), `me` Red, `friend` Black, the
/// first moves played: Red to move.
fn timed_game_as_red(me: &mut App, friend: &mut App, clock: &str) -> surakarta::online::Seat {
    go_to(me, Screen::Menu);
    press(me, "menu.online");
    press(me, clock);
    press(me, "newgame.red");
    press(me, "newgame.start");
    if panel(me) == Panel::Replace {
        press(me, "replace.start");
    }
    assert!(run_until(me, 10.0, |a| panel(a) == Panel::Invite));
    let live = own_game(me).online.clone().unwrap();
    join(friend, &live.invite());
    go_to(friend, Screen::Game);
    assert!(both_until(me, friend, 10.0, |m, f| connected(m)
        && connected(f)
        && panel(m) == Panel::None));
    first_moves(me, friend);
    live
}

/// Another game created by `me` as Red, without a clock: its invite card up.
fn untimed_game_as_red(me: &mut App) {
    go_to(me, Screen::Menu);
    press(me, "menu.online");
    press(me, "newgame.clock.none");
    press(me, "newgame.red");
    press(me, "newgame.start");
    if panel(me) == Panel::Replace {
        press(me, "replace.start");
    }
    assert!(run_until(me, 10.0, |a| panel(a) == Panel::Invite));
}

/// The friend offers a rematch while the player reviews the game just ended (its result
/// card's Analyse): the review's bar says so (a tester saw the offer only after Close).
#[test]
fn a_rematch_offered_during_the_review_is_said_there() {
    let (_dir, _dirs, _server, [mut me, mut friend, _third]) =
        server_and_three_phones("online-rematch-review");
    live_game_as_red(&mut me, &mut friend);
    go_to(&mut friend, Screen::Game);
    press(&mut friend, "bar.end");
    press(&mut friend, "end.resign");
    press(&mut friend, "resign.confirm");
    assert!(both_until(&mut me, &mut friend, 10.0, |m, _| own_game(m)
        .game
        .outcome()
        .is_some()));
    assert!(both_until(&mut me, &mut friend, 5.0, |_, f| panel(f)
        == Panel::GameOver));
    press(&mut friend, "over.analyse");
    assert!(run_until(&mut friend, 5.0, |f| screen(f) == Screen::Review));
    assert!(run_until(&mut me, 5.0, |m| panel(m) == Panel::GameOver));
    press(&mut me, "over.rematch");
    let said = |f: &mut App| {
        texts(f)
            .iter()
            .any(|t| t.starts_with("Your friend offers a rematch: Close to answer.\n"))
    };
    assert!(
        both_until(&mut me, &mut friend, 10.0, |_, f| said(f)),
        "{:?}",
        texts(&mut friend)
    );
}

/// The player's move waits in a game of a day a move, and they create a second game: the
/// bar says that it is their move there, with the days and hours left (a tester's waited
/// unsaid outside the list).
#[test]
fn a_correspondence_move_waiting_elsewhere_is_said() {
    let (_dir, _dirs, _server, [mut me, mut second, _third]) =
        server_and_three_phones("online-correspondence-elsewhere");
    let slow = timed_game_as_red(&mut me, &mut second, "newgame.clock.1d");
    untimed_game_as_red(&mut me);
    assert_ne!(own_game(&me).online.as_ref().unwrap().id, slow.id);
    go_to(&mut me, Screen::Game);
    let said = |m: &mut App| {
        texts(m).iter().any(|t| {
            t.replace('\u{a0}', " ").lines().any(|l| {
                l.starts_with("Your move in your other game as Red: ")
                    && l.contains(" h ")
                    && l.ends_with(" left. Menu, Your online games.")
            })
        })
    };
    assert!(
        run_until(&mut me, 5.0, |m| {
            m.update();
            said(m)
        }),
        "the waiting move unsaid: {:?}",
        texts(&mut me)
    );
}

/// The player's clock runs in a live game, and they create a second game: the bar says at
/// once that it is their move in the other (it had said nothing until the list was
/// opened).
#[test]
fn creating_a_second_game_says_at_once_that_the_clock_runs_in_the_first() {
    let (_dir, _dirs, _server, [mut me, mut second, _third]) =
        server_and_three_phones("online-second-game");
    let live = live_game_as_red(&mut me, &mut second);
    // Red to move in the live game: a second game created.
    untimed_game_as_red(&mut me);
    assert_ne!(own_game(&me).online.as_ref().unwrap().id, live.id);
    go_to(&mut me, Screen::Game);
    let said = |m: &mut App| {
        texts(m).iter().any(|t| {
            t.replace('\u{a0}', " ")
                .lines()
                .any(|l| l.starts_with("Your move in your other game as Red: "))
        })
    };
    assert!(
        run_until(&mut me, 3.0, |m| said(m)),
        "the other game's clock unsaid: {:?}",
        texts(&mut me)
    );
}

/// The player looks at another game while the friend is to move in a live one; the friend
/// moves: the player is told at once that their clock runs there (a play-through lost a
/// 3+2 game on time with nothing on the board to say so).
#[test]
fn the_players_turn_in_a_live_game_away_from_the_board_is_said() {
    let (_dir, _dirs, server, [mut me, mut first, mut second]) =
        server_and_three_phones("online-turn-elsewhere");
    // A live game, the player Red...
    let live = live_game_as_red(&mut me, &mut second);
    assert!(run_until(&mut me, 5.0, |m| turn(m)
        == surakarta::game::session::Turn::Waiting));
    play_settled(&mut me, "b3", "b4");
    assert!(both_until(&mut me, &mut second, 10.0, |_, s| history(s)
        .len()
        == 3));
    // ...then another game, without a clock, on the board (nothing asked: the friend is to
    // move in the live one).
    untimed_game_as_red(&mut me);
    let quiet = own_game(&me).online.clone().unwrap();
    join(&mut first, &quiet.invite());
    assert!(run_until(&mut me, 10.0, |m| own_game(m)
        .online
        .as_ref()
        .is_some_and(|s| s.id != live.id)));
    // The friend moves in the live game: the player is told.
    assert!(both_until(&mut me, &mut second, 10.0, |_, s| screen(s)
        == Screen::Game
        && turn(s) == surakarta::game::session::Turn::Waiting));
    play_settled(&mut second, "e4", "e3");
    // Said in the bar with the time left there, as long as it holds.
    let said = |m: &mut App| {
        texts(m).iter().any(|t| {
            t.replace('\u{a0}', " ").lines().any(|l| {
                l.starts_with("Your move in your other game as Red: ")
                    && l.ends_with(" left. Menu, Your online games.")
            })
        })
    };
    assert!(
        run_until(&mut me, 10.0, |m| {
            m.update();
            said(m)
        }),
        "{:?}",
        texts(&mut me)
    );
    // The friend on the board's game joined: said with it, a line above (behind it a
    // tester's friend came and went unsaid).
    assert!(
        texts(&mut me)
            .iter()
            .any(|t| t.starts_with("Your friend has joined.\n")
                && t.replace('\u{a0}', " ")
                    .contains("Your move in your other game")),
        "{:?}",
        texts(&mut me)
    );
    // A move on the board, or a notice there, does not take it away (the notice it was
    // went with the next move on the board, and a 3+2 game was lost on time unsaid).
    assert!(run_until(&mut me, 10.0, |m| screen(m) == Screen::Game
        && turn(m) == surakarta::game::session::Turn::Waiting));
    play_settled(&mut me, "a2", "a3");
    assert!(both_until(&mut me, &mut first, 10.0, |_, f| history(f)
        .len()
        == 1));
    assert!(said(&mut me), "{:?}", texts(&mut me));
    go_to(&mut first, Screen::Game);
    assert!(both_until(&mut me, &mut first, 10.0, |_, f| turn(f)
        == surakarta::game::session::Turn::Waiting));
    play_settled(&mut first, "f5", "f4");
    assert!(both_until(&mut me, &mut first, 10.0, |m, _| history(m)
        .len()
        == 2));
    me.update();
    assert!(said(&mut me), "{:?}", texts(&mut me));
    // The menu's main button is the way there.
    go_to(&mut me, Screen::Menu);
    me.update();
    assert_eq!(main_button(&mut me), "menu.online_games");
    // Opening another game of the same colour from the list (here the one on the board)
    // is not going to that game: the notice stays (a play-through lost the live game on
    // time after opening a game of the same colour that waited for its friend).
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    let untimed = (0..2)
        .map(|i| format!("online_games.{i}"))
        .find(|id| {
            let words = button_words(&mut me, id);
            !words.is_empty() && !words.contains("3+2")
        })
        .expect("the game without a clock is listed");
    press(&mut me, &untimed);
    me.update();
    me.update();
    assert_eq!(
        own_game(&me).online.as_ref().map(|s| s.id.clone()),
        Some(quiet.id)
    );
    assert!(said(&mut me), "{:?}", texts(&mut me));
    // Going to the live game: it is on the board, and no longer said.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    let timed = (0..2)
        .map(|i| format!("online_games.{i}"))
        .find(|id| button_words(&mut me, id).contains("3+2"))
        .expect("the live game is listed");
    press(&mut me, &timed);
    assert!(run_until(&mut me, 10.0, |m| own_game(m)
        .online
        .as_ref()
        .is_some_and(|s| s.id == live.id)));
    me.update();
    assert!(!said(&mut me), "{:?}", texts(&mut me));
    drop(server);
}

#[test]
fn leaving_a_game_where_the_players_clock_runs_is_asked_first() {
    use surakarta::online::wire::TimeControl;
    let (_dir, _dirs, server, [mut me, mut first, mut second]) =
        server_and_three_phones("online-leave");
    // A game without a clock...
    let link = create(&mut me);
    join(&mut first, &link);
    let untimed = own_game(&me).online.clone().unwrap();
    // ...then one of 3 + 2, where the player (Red) is to move: their first move's time runs.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online");
    press(&mut me, "newgame.clock.3+2");
    press(&mut me, "newgame.red");
    press(&mut me, "newgame.start");
    if panel(&me) == Panel::Replace {
        press(&mut me, "replace.start");
    }
    assert!(run_until(&mut me, 10.0, |a| panel(a) == Panel::Invite));
    let timed = own_game(&me).online.clone().unwrap();
    join(&mut second, &timed.invite());
    assert!(
        both_until(&mut me, &mut second, 10.0, |m, _| m
            .world()
            .resource::<Link>()
            .timing
            .first_move_left()
            .is_some()
            && matches!(
                m.world().resource::<Link>().timing.control,
                Some(TimeControl::Live { .. })
            )
            && !m.world().resource::<Link>().waiting_for_friend()),
        "the timed game did not start"
    );
    // Joining another game by link says that this clock keeps running.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online");
    assert!(
        texts(&mut me).iter().any(|t| t
            .replace('\u{a0}', " ")
            == "Your clock runs in the game on the board: it keeps running while you play another."),
        "{:?}",
        texts(&mut me)
    );
    press(&mut me, "newgame.cancel");
    // Another game tapped: asked first, and Stay keeps the board as it is.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    press(&mut me, "online_games.1");
    assert!(run_until(&mut me, 2.0, |m| texts(m)
        .iter()
        .any(|t| t == "Leave this game?")));
    assert!(
        texts(&mut me)
            .iter()
            .any(|t| t.starts_with("Your clock in the game on the board keeps running (0:")),
        "{:?}",
        texts(&mut me)
    );
    press(&mut me, "online_games.stay");
    assert_eq!((screen(&me), panel(&me)), (Screen::Game, Panel::None));
    assert_eq!(own_game(&me).online.as_ref().unwrap().id, timed.id);
    // Asked again, Go: the other game is on the board.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    assert!(run_until(&mut me, 2.0, |m| texts(m).iter().any(|t| t
        .replace('\u{a0}', " ")
        .starts_with("You play Red · 3+2\n"))));
    // The time the entry gives is named: before the player's first move, the first move's
    // (the game is aborted when it runs out), as the bar says it; not a full clock.
    assert!(
        texts(&mut me).iter().any(|t| {
            let t = t.replace('\u{a0}', " ");
            t.starts_with("You play Red · 3+2\n")
                && t.contains("First move 0:")
                && !t.contains("your clock 3:00")
        }),
        "{:?}",
        texts(&mut me)
    );
    press(&mut me, "online_games.1");
    assert!(run_until(&mut me, 2.0, |m| texts(m)
        .iter()
        .any(|t| t == "Leave this game?")));
    press(&mut me, "online_games.switch");
    assert!(run_until(&mut me, 5.0, |m| own_game(m)
        .online
        .as_ref()
        .is_some_and(|s| s.id == untimed.id)
        && screen(m) == Screen::Game));
    // On the board it went to, the player is reminded that the other clock runs (a
    // play-through lost a game on time after joining another).
    assert!(
        run_until(&mut me, 5.0, |m| {
            m.update();
            texts(m).iter().any(|t| {
                t.replace('\u{a0}', " ").lines().any(|l| {
                    l.starts_with("Your move in your other game as Red: ")
                        && l.ends_with(" left. Menu, Your online games.")
                })
            })
        }),
        "{:?}",
        texts(&mut me)
    );
    // From a game without a clock nothing is asked.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    press(&mut me, "online_games.0");
    assert!(run_until(&mut me, 5.0, |m| own_game(m)
        .online
        .as_ref()
        .is_some_and(|s| s.id == timed.id)));
    // Back on that game's board, the reminder has done its work.
    assert_eq!(a_notice(&me), None);
    // "Invite watchers" from the menu: "To the board" goes to the board, where the
    // clock runs, not back to the menu.
    assert!(run_until(&mut me, 10.0, |m| !m
        .world()
        .resource::<Link>()
        .waiting_for_friend()));
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.watchers");
    assert_eq!(panel(&me), Panel::Invite);
    press(&mut me, "invite.close");
    assert_eq!((screen(&me), panel(&me)), (Screen::Game, Panel::None));
    // A game of three days a move nobody has joined yet: its entry says its time limit.
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online");
    press(&mut me, "newgame.clock.3d");
    press(&mut me, "newgame.red");
    press(&mut me, "newgame.start");
    if panel(&me) == Panel::Replace {
        press(&mut me, "replace.start");
    }
    assert!(run_until(&mut me, 10.0, |a| panel(a) == Panel::Invite));
    let waiting = own_game(&me).online.clone().unwrap();
    press(&mut me, "invite.close");
    go_to(&mut me, Screen::Menu);
    press(&mut me, "menu.online_games");
    assert!(
        run_until(&mut me, 5.0, |m| texts(m).iter().any(|t| t
            .replace('\u{a0}', " ")
            .starts_with(
                "You play Red · 3 d a move\nWaiting for your friend · created just now"
            ))),
        "{:?}",
        texts(&mut me)
    );
    assert!(waiting.id != timed.id);
    drop(server);
}

/// A player who joins by link with no server set has the friend's server in Settings from
/// then on (a tester read "Server: not set" while playing on one, and their own first game
/// would have asked for a server).
#[test]
fn joining_by_link_with_no_server_set_keeps_the_friends_server() {
    let dir = temp_dir("online-join-keeps-server");
    let (red_dir, black_dir) = (temp_dir("keeps-red"), temp_dir("keeps-black"));
    let server = Server::start(&dir, None);
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());
    black.world_mut().resource_mut::<Settings>().server = None;
    let link = create(&mut red);
    join(&mut black, &link);
    assert_eq!(
        black.world().resource::<Settings>().server.as_deref(),
        Some(server.url().as_str())
    );
    // A server already set is the player's choice: joining a game on another leaves it.
    let other = "http://127.0.0.1:9";
    let fourth_dir = temp_dir("keeps-fourth");
    let mut fourth = phone(&fourth_dir, other);
    let link = create(&mut red);
    join(&mut fourth, &link);
    assert_eq!(
        own_game(&fourth).online.as_ref().map(|s| s.server.as_str()),
        Some(server.url().as_str())
    );
    assert_eq!(
        fourth.world().resource::<Settings>().server.as_deref(),
        Some(other)
    );
    drop(server);
}

/// Before the friend has joined there is nobody to offer a draw to: the end card says so
/// and the offer does nothing (a tester's offer came up over the friend's board as they
/// joined). Once the friend is there, the offer can be made.
#[test]
fn no_draw_is_offered_before_the_friend_joins() {
    let dir = temp_dir("online-no-draw-alone");
    let (red_dir, black_dir) = (temp_dir("alone-red"), temp_dir("alone-black"));
    let server = Server::start(&dir, None);
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());
    let link = create(&mut red);
    press(&mut red, "invite.close");
    go_to(&mut red, Screen::Game);
    press(&mut red, "bar.end");
    assert_eq!(panel(&red), Panel::EndGame);
    assert!(
        texts(&mut red)
            .iter()
            .any(|t| t == "Your friend has not joined yet: there is nobody to offer a draw to."),
        "{:?}",
        texts(&mut red)
    );
    press(&mut red, "end.offer_draw");
    red.update();
    assert_eq!(red.world().resource::<Link>().draw_offered_at, None);
    press(&mut red, "back");
    join(&mut black, &link);
    assert!(both_until(&mut red, &mut black, 10.0, |r, _| !r
        .world()
        .resource::<Link>()
        .waiting_for_friend()));
    // On the board, not on the invite's card: the join is said there too.
    assert!(
        both_until(&mut red, &mut black, 5.0, |r, _| a_notice(r).as_deref()
            == Some("Your friend has joined.")),
        "{:?}",
        a_notice(&red)
    );
    go_to(&mut red, Screen::Game);
    press(&mut red, "bar.end");
    assert!(
        !texts(&mut red)
            .iter()
            .any(|t| t.starts_with("Your friend has not joined yet")),
        "{:?}",
        texts(&mut red)
    );
    drop(server);
}

/// What was said of one game is not said over another: "The rematch: you play Black." goes
/// when the player opens another of their games (a tester read it on an unrelated game).
#[test]
fn the_rematch_notice_stays_with_its_game() {
    let dir = temp_dir("online-rematch-notice");
    let (red_dir, black_dir) = (temp_dir("notice-red"), temp_dir("notice-black"));
    let server = Server::start(&dir, None);
    let mut red = phone(&red_dir, &server.url());
    let mut black = phone(&black_dir, &server.url());
    let first = create(&mut red);
    join(&mut black, &first);
    go_to(&mut black, Screen::Game);
    assert!(both_until(&mut red, &mut black, 10.0, |r, b| connected(r)
        && connected(b)
        && panel(r) == Panel::None));
    first_moves(&mut red, &mut black);
    let (third_dir, mut third) = {
        let d = temp_dir("notice-third");
        let app = phone(&d, &server.url());
        (d, app)
    };
    go_to(&mut red, Screen::Menu);
    press(&mut red, "menu.online");
    press(&mut red, "newgame.red");
    press(&mut red, "newgame.start");
    if panel(&red) == Panel::Replace {
        press(&mut red, "replace.start");
    }
    assert!(run_until(&mut red, 10.0, |a| panel(a) == Panel::Invite));
    let second = own_game(&red).online.clone().unwrap().invite();
    join(&mut third, &second);
    // Red has heard the friend join (said on the bar) before the notice is set.
    assert!(both_until(&mut red, &mut third, 10.0, |r, _| !r
        .world()
        .resource::<Link>()
        .waiting_for_friend()));
    let second_id = own_game(&red).online.clone().unwrap().id;
    let said = "The rematch: you play Black.";
    red.world_mut()
        .resource_mut::<surakarta::ui::notice::Notice>()
        .0 = Some(said.into());
    // The list holds both games: the other is the entry that takes the board elsewhere.
    let elsewhere = |m: &mut App| {
        own_game(m)
            .online
            .as_ref()
            .is_some_and(|s| s.id != second_id)
    };
    for entry in ["online_games.0", "online_games.1"] {
        go_to(&mut red, Screen::Menu);
        press(&mut red, "menu.online_games");
        press(&mut red, entry);
        if run_until(&mut red, 3.0, elsewhere) {
            break;
        }
        assert_eq!(
            a_notice(&red).as_deref(),
            Some(said),
            "kept on its own game"
        );
    }
    assert!(elsewhere(&mut red));
    assert_ne!(a_notice(&red).as_deref(), Some(said));
    drop((server, third_dir));
}
