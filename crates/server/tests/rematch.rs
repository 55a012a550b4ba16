//! Rematches through the API: offered after a game, declined or accepted; the new game
//! swaps colours, keeps the rule set and clock, and each player's token opens their seat
//! there.

mod common;

use common::*;
use serde_json::{Value, json};

/// Reads states until `done` holds for one.
async fn until(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..20 {
        let v = next(socket).await;
        if done(&v) {
            return v;
        }
    }
    panic!("not seen");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rematch_swaps_colours_and_keeps_the_rules_and_clock() {
    let server = Server::start().await;
    let addr = server.addr;
    let clock = json!({ "initial": 300, "increment": 3 });
    let body = json!({ "ruleset": "fifty-move", "seat": "red", "clock": clock });
    let created = post(addr, "/api/games", body).await.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let red_token = created["token"].as_str().unwrap().to_owned();
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;

    // Not before the game is over.
    send(&mut red, json!({ "type": "rematch" })).await;
    let refused = next(&mut red).await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("after the game"),
        "{refused}"
    );

    send(&mut black, json!({ "type": "resign" })).await;
    until(&mut red, |v| v["result"] == "1-0").await;
    until(&mut black, |v| v["result"] == "1-0").await;

    // Red offers, Black declines; Red offers again, Black accepts.
    send(&mut red, json!({ "type": "rematch" })).await;
    let offered = until(&mut black, |v| v["rematch_offer"] == "red").await;
    assert!(offered["rematch"].is_null());
    send(&mut red, json!({ "type": "accept_rematch" })).await;
    let own = until(&mut red, |v| v["type"] == "error").await;
    assert!(
        own["message"]
            .as_str()
            .unwrap()
            .contains("no rematch offer from your opponent")
    );
    send(&mut black, json!({ "type": "decline_rematch" })).await;
    until(&mut red, |v| {
        v["type"] == "state" && v["rematch_offer"].is_null()
    })
    .await;
    send(&mut red, json!({ "type": "rematch" })).await;
    until(&mut black, |v| v["rematch_offer"] == "red").await;
    send(&mut black, json!({ "type": "accept_rematch" })).await;
    let moved = until(&mut red, |v| v["rematch"].is_string()).await;
    let new_id = moved["rematch"].as_str().unwrap().to_owned();
    assert_ne!(new_id, id);
    assert_eq!(
        until(&mut black, |v| v["rematch"].is_string()).await["rematch"],
        new_id
    );
    // A second accept changes nothing.
    send(&mut black, json!({ "type": "accept_rematch" })).await;
    assert_eq!(next(&mut black).await["type"], "error");

    // The new game: both seats taken, the same rules and clock, colours swapped.
    let fresh = state(addr, &new_id).await;
    assert_eq!(fresh["ruleset"], "fifty-move");
    assert_eq!(fresh["time_control"], clock);
    assert_eq!(fresh["seats"], json!({ "red": true, "black": true }));
    assert_eq!(fresh["plies"], 0);
    // Black's old token opens Red's seat: the old Black moves first.
    let (mut new_red, _) = connect(addr, &new_id, Some(&black_token)).await;
    let (mut new_black, _) = connect(addr, &new_id, Some(&red_token)).await;
    assert_eq!(play(&mut new_red, "b2-b3").await["plies"], 1);
    assert_eq!(next(&mut new_black).await["plies"], 1);
    let refused = play(&mut new_black, "b3-b4").await;
    assert_eq!(
        refused["type"], "error",
        "Black cannot move Red's stones: {refused}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn rematch_offers_are_limited_and_only_between_the_players() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, _, red_token) = create(addr, "red").await;
    // Nobody to play again with.
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    send(&mut red, json!({ "type": "resign" })).await;
    until(&mut red, |v| v["termination"] == "resignation").await;
    send(&mut red, json!({ "type": "rematch" })).await;
    let refused = next(&mut red).await;
    assert!(
        refused["message"].as_str().unwrap().contains("nobody"),
        "{refused}"
    );

    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    let (mut watcher, _) = connect(addr, &id, None).await;
    send(&mut red, json!({ "type": "resign" })).await;
    until(&mut black, |v| v["termination"] == "resignation").await;
    until(&mut red, |v| v["termination"] == "resignation").await;
    send(&mut watcher, json!({ "type": "rematch" })).await;
    assert_eq!(
        until(&mut watcher, |v| v["type"] == "error").await["type"],
        "error"
    );
    for _ in 0..3 {
        send(&mut red, json!({ "type": "rematch" })).await;
        until(&mut black, |v| v["rematch_offer"] == "red").await;
        send(&mut black, json!({ "type": "decline_rematch" })).await;
        until(&mut red, |v| {
            v["type"] == "state" && v["rematch_offer"].is_null()
        })
        .await;
    }
    send(&mut red, json!({ "type": "rematch" })).await;
    let refused = until(&mut red, |v| v["type"] == "error").await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("often enough"),
        "{refused}"
    );
}

/// Issue 62: 200 connections holding the same seat's token accept one offer at once; one
/// rematch is made (before, 200 games were stored, 199 never handed out).
#[tokio::test(flavor = "multi_thread")]
async fn two_hundred_accepts_at_once_make_one_game() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, _, black_token) = rematch_offered(addr).await;
    let (refused, new_id) = accept_at_once(&[addr], &id, &black_token, 200).await;
    assert_eq!(refused, 199, "one accept is taken, every other refused");
    let db = rusqlite::Connection::open(server.dir.path().join("games.sqlite")).unwrap();
    let games: Vec<String> = db
        .prepare("SELECT id FROM games ORDER BY id")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut expected = vec![id.clone(), new_id.clone()];
    expected.sort();
    assert_eq!(
        games, expected,
        "the game and its one rematch, nothing else"
    );
    assert_eq!(
        state(addr, &new_id).await["seats"],
        json!({ "red": true, "black": true })
    );
}
