//! Clocks, aborts and claims through the API, as a client sees them: a live game lost on
//! time with nobody sending anything, a first move that never comes, a claim after the
//! opponent left, and the refusals around them.

mod common;

use common::*;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for the server to do what it said it would before calling it a
/// hang: a bound against a test that never ends, not a measure of anything. What the tests
/// check about time comes from what the server reports (its clocks, how long it says a
/// player has been away), so a slow machine only makes them slower.
const HANG: Duration = Duration::from_secs(60);

/// Reads states until one has ended the game, however long the server takes (up to
/// [`HANG`]).
async fn until_over(socket: &mut Socket) -> Value {
    let over = async {
        while let Some(frame) = socket.next().await {
            if let Message::Text(text) = frame.expect("a good frame") {
                let v: Value = serde_json::from_str(&text).unwrap();
                if v["type"] == "state" && !v["termination"].is_null() {
                    return v;
                }
            }
        }
        panic!("the connection closed before the game ended");
    };
    tokio::time::timeout(HANG, over)
        .await
        .unwrap_or_else(|_| panic!("the game did not end in {HANG:?}"))
}

/// Asks the server for the game's state until `done` holds for it (every 50 ms, up to
/// [`HANG`]).
async fn until_state(addr: std::net::SocketAddr, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let shown = state(addr, id).await;
        if done(&shown) {
            return shown;
        }
        assert!(
            started.elapsed() < HANG,
            "still not so after {HANG:?}: {shown}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_clock_that_runs_out_loses_the_game_with_nobody_sending_anything() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, red_token, black_token) =
        timed_game(addr, json!({ "initial": 1, "increment": 0 })).await;
    let shown = state(addr, &id).await;
    assert_eq!(
        shown["time_control"],
        json!({ "initial": 1, "increment": 0 })
    );
    assert_eq!(shown["clock"]["red"], 1000);
    assert!(
        shown["clock"]["running"].is_null(),
        "no clock runs before the first moves"
    );
    assert!(shown["first_move"].as_u64().unwrap() <= 30_000);
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    let (mut watcher, _) = connect(addr, &id, None).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(next(&mut black).await["plies"], 1);
    // The server starts Red's clock when it stores Black's move, so not before this.
    let sent = Instant::now();
    let after = play(&mut black, "e5-e4").await;
    assert_eq!(after["plies"], 2);
    assert_eq!(after["clock"]["running"], "red");
    assert!(after["first_move"].is_null());
    // The server says Red's clock runs and has not run out: the move took nothing from it
    // but the moments since the server stored it.
    let red_left = after["clock"]["red"].as_u64().unwrap();
    assert!(red_left > 0 && red_left <= 1000, "{after}");
    assert_eq!(after["clock"]["black"], 1000, "first moves take no time");
    // Red's second of thought runs out: everyone is told, Red sent nothing.
    let end = until_over(&mut watcher).await;
    assert_eq!(end["termination"], "time-forfeit");
    assert_eq!(end["result"], "0-1");
    assert_eq!(end["clock"]["red"], 0);
    assert_eq!(end["clock"]["black"], 1000);
    assert!(end["clock"]["running"].is_null());
    // Not early: Red's full second passed between the server storing Black's move (after
    // `sent`) and its telling the loss (before now). The server stamps whole milliseconds,
    // hence the one spared. However slow the machine, this only takes longer.
    let took = sent.elapsed();
    assert!(
        took >= Duration::from_millis(999),
        "the server ended Red's second after only {took:?}"
    );
    assert_eq!(until_over(&mut red).await, end);
    // A move now is refused, and the stored game says why it ended.
    let refused = play(&mut red, "b3-b4").await;
    assert_eq!(refused["type"], "error", "{refused}");
    let stored = state(addr, &id).await;
    assert_eq!(stored["termination"], "time-forfeit");
    assert!(
        stored["record"]
            .as_str()
            .unwrap()
            .contains("[Termination \"time-forfeit\"]")
    );
    drop(black);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_first_move_that_never_comes_aborts_the_game_without_a_result() {
    let server = Server::start_with(|c| c.timing.first_move = Duration::from_millis(500)).await;
    let addr = server.addr;
    let (id, red_token, _) = timed_game(addr, json!({ "initial": 180, "increment": 2 })).await;
    let (mut red, first) = connect(addr, &id, Some(&red_token)).await;
    assert!(first["first_move"].as_u64().unwrap() <= 500);
    let end = until_over(&mut red).await;
    assert_eq!(end["termination"], "aborted");
    assert!(
        end["result"].is_null(),
        "an aborted game has no result: {end}"
    );
    let refused = play(&mut red, "b2-b3").await;
    assert_eq!(refused["type"], "error");
}

/// The claim wait of the test below: long enough that a claim sent as soon as Red hears
/// Black left reaches the server well inside it, even on a slow machine.
const CLAIM_LIVE: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread")]
async fn the_player_left_may_claim_once_the_other_has_been_away_long_enough() {
    let server = Server::start_with(|c| c.timing.claim_live = CLAIM_LIVE).await;
    let addr = server.addr;
    let wait = CLAIM_LIVE.as_millis() as u64;
    let (id, red_token, black_token) =
        timed_game(addr, json!({ "initial": 300, "increment": 0 })).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(next(&mut black).await["plies"], 1);
    assert_eq!(play(&mut black, "e5-e4").await["plies"], 2);
    assert_eq!(next(&mut red).await["plies"], 2);
    let claim = json!({ "type": "claim", "result": "win" });
    send(&mut red, claim.clone()).await;
    let refused = next(&mut red).await;
    assert_eq!(refused["type"], "error");
    assert!(
        refused["message"].as_str().unwrap().contains("connected"),
        "{refused}"
    );
    // Black goes: Red is told, and may claim once the server says Black has been away for
    // the claim wait, not before.
    drop(black);
    let left = loop {
        let v = next_any(&mut red).await;
        if v["type"] == "presence" && !v["away"]["black"].is_null() {
            break v;
        }
    };
    assert_eq!(left["claim_after"], wait);
    assert!(left["away"]["black"].as_u64().unwrap() < wait, "{left}");
    send(&mut red, claim.clone()).await;
    let early = next(&mut red).await;
    assert_eq!(
        early["type"], "error",
        "a claim sent as soon as Black left was taken: {early}"
    );
    assert!(
        early["message"].as_str().unwrap().contains("away"),
        "{early}"
    );
    assert!(state(addr, &id).await["termination"].is_null());
    // Wait on the server, not on a timer: its state says how long Black has been away.
    // Black's absence only grows from then on, so the claim is due.
    let due = until_state(addr, &id, |s| {
        s["away"]["black"].as_u64().unwrap() >= s["claim_after"].as_u64().unwrap()
    })
    .await;
    assert!(due["termination"].is_null(), "{due}");
    send(&mut red, claim).await;
    let end = until_over(&mut red).await;
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("1-0"), Some("abandoned"))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_draw_can_be_claimed_and_a_game_that_never_started_cannot_be() {
    let server = Server::start_with(|c| c.timing.claim_untimed = Duration::from_millis(200)).await;
    let addr = server.addr;
    // Nobody to claim against before the friend joins.
    let (id, _, token) = create(addr, "black").await;
    let (mut black, _) = connect(addr, &id, Some(&token)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    send(&mut black, json!({ "type": "claim", "result": "win" })).await;
    let refused = next(&mut black).await;
    assert!(
        refused["message"].as_str().unwrap().contains("no opponent"),
        "{refused}"
    );
    // The friend joins and never connects: after the wait, a draw is claimed.
    join(addr, &id).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    send(&mut black, json!({ "type": "claim", "result": "draw" })).await;
    let end = until_over(&mut black).await;
    assert_eq!(end["result"], "1/2-1/2");
    assert_eq!(end["termination"], "abandoned-draw");
    assert!(
        end["clock"].is_null(),
        "a game without a time limit has no clock"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_clocks_are_refused_with_the_limits() {
    let server = Server::start().await;
    for (clock, says) in [
        (json!({ "initial": 0, "increment": 0 }), "initial"),
        (json!({ "initial": 60, "increment": 9999 }), "increment"),
        (json!({ "days": 0 }), "days"),
        (json!({ "days": 1000 }), "days"),
        (json!({ "minutes": 3 }), "clock"),
        (json!("3+2"), "clock"),
        // Both kinds at once, or a live clock without its increment: which was meant is
        // not the server's guess (these were taken as 60+0).
        (
            json!({ "initial": 60, "increment": 0, "days": 3 }),
            "not both",
        ),
        (json!({ "initial": 60 }), "\"increment\""),
        (json!({ "increment": 2 }), "\"initial\""),
        (json!({}), "clock"),
    ] {
        let reply = post(server.addr, "/api/games", json!({ "clock": clock })).await;
        assert_eq!(reply.status, 400, "{clock}");
        let why = reply.json()["error"].as_str().unwrap().to_owned();
        assert!(why.contains(says), "{clock}: {why}");
    }
    let reply = post(server.addr, "/api/games", json!({ "clock": { "days": 3 } })).await;
    assert_eq!(reply.status, 201);
}

/// Issue 62: a friend who joins a game created a while ago has not been away all that
/// while. The state right after the join shows the joiner away only since the join, and a
/// claim against them is refused until the claim wait has passed since then, though the
/// game itself was created longer ago than that.
#[tokio::test(flavor = "multi_thread")]
async fn away_counts_from_the_join_not_from_the_games_creation() {
    let server = Server::start_with(|c| c.timing.claim_untimed = Duration::from_millis(1500)).await;
    let addr = server.addr;
    let (id, _, red_token) = create(addr, "red").await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    // Longer than the claim wait passes before anyone joins.
    tokio::time::sleep(Duration::from_millis(2000)).await;
    join(addr, &id).await;
    let shown = state(addr, &id).await;
    let away = shown["away"]["black"]
        .as_u64()
        .expect("Black is away: never connected");
    assert!(
        away < shown["claim_after"].as_u64().unwrap(),
        "away counted from before the join: {shown}"
    );
    // The joiner's socket has not connected yet: a claim now is refused, and says why.
    send(&mut red, json!({ "type": "claim", "result": "win" })).await;
    let refused = loop {
        // The state the join sent comes first.
        let v = next(&mut red).await;
        assert!(v["termination"].is_null(), "claimed: {v}");
        if v["type"] == "error" {
            break v;
        }
    };
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("you may claim after"),
        "{refused}"
    );
    assert!(state(addr, &id).await["termination"].is_null());
}
