//! Clocks, aborts and claims through the API, as a client sees them: a live game lost on
//! time with nobody sending anything, a first move that never comes, a claim after the
//! opponent left, and the refusals around them.

mod common;

use common::*;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Reads states until one has ended the game (fails after `within`).
async fn until_over(socket: &mut Socket, within: Duration) -> Value {
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < within,
            "the game did not end in {within:?}"
        );
        let v = next(socket).await;
        if v["type"] == "state" && !v["termination"].is_null() {
            return v;
        }
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
    let after = play(&mut black, "e5-e4").await;
    assert_eq!(after["plies"], 2);
    assert_eq!(after["clock"]["running"], "red");
    assert!(after["first_move"].is_null());
    // Red's second of thought runs out: everyone is told, Red sent nothing.
    let started = Instant::now();
    let end = until_over(&mut watcher, Duration::from_secs(5)).await;
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(800),
        "ended after only {took:?}"
    );
    assert_eq!(end["termination"], "time-forfeit");
    assert_eq!(end["result"], "0-1");
    assert_eq!(end["clock"]["red"], 0);
    assert!(end["clock"]["running"].is_null());
    assert_eq!(until_over(&mut red, Duration::from_secs(2)).await, end);
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
    let end = until_over(&mut red, Duration::from_secs(5)).await;
    assert_eq!(end["termination"], "aborted");
    assert!(
        end["result"].is_null(),
        "an aborted game has no result: {end}"
    );
    let refused = play(&mut red, "b2-b3").await;
    assert_eq!(refused["type"], "error");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_player_left_may_claim_once_the_other_has_been_away_long_enough() {
    let server = Server::start_with(|c| c.timing.claim_live = Duration::from_millis(600)).await;
    let addr = server.addr;
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
    // Black goes: Red is told, and may claim 0.6 s later, not before.
    drop(black);
    let left = loop {
        let v = next_any(&mut red).await;
        if v["type"] == "presence" && !v["away"]["black"].is_null() {
            break v;
        }
    };
    assert_eq!(left["claim_after"], 600);
    send(&mut red, claim.clone()).await;
    let early = next(&mut red).await;
    assert_eq!(early["type"], "error", "{early}");
    assert!(
        early["message"].as_str().unwrap().contains("away"),
        "{early}"
    );
    tokio::time::sleep(Duration::from_millis(700)).await;
    send(&mut red, claim).await;
    let end = until_over(&mut red, Duration::from_secs(3)).await;
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
    let end = until_over(&mut black, Duration::from_secs(3)).await;
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
