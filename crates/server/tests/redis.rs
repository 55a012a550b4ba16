//! Two instances sharing games through Redis: one player on each, one game, and one
//! instance killed mid-game. Needs Debian's `redis-server` (`.ci/run` installs it and sets
//! SURAKARTA_REQUIRE_REDIS=1, so there a missing server fails the test instead of skipping).

mod common;

use common::*;
use serde_json::json;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use surakarta_engine::{Game, Side};

struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn wait_for(port: u16) {
    for _ in 0..400 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("nothing listens on {port}");
}

async fn redis() -> Option<(Running, u16)> {
    let port = free_port();
    let child = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .spawn();
    match child {
        Ok(child) => {
            let running = Running(child);
            wait_for(port).await;
            Some((running, port))
        }
        Err(e) if std::env::var_os("SURAKARTA_REQUIRE_REDIS").is_some() => {
            panic!("redis-server: {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED: redis-server cannot start ({e}); apt-get install redis-server");
            None
        }
    }
}

async fn instance(redis_port: u16) -> (Running, std::net::SocketAddr) {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_surakarta-server"))
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .args(["--store", &format!("redis://127.0.0.1:{redis_port}/")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(port).await;
    (Running(child), format!("127.0.0.1:{port}").parse().unwrap())
}

/// Reads states until the one after `plies` moves.
async fn state_at(socket: &mut Socket, plies: usize) -> serde_json::Value {
    loop {
        let v = next(socket).await;
        assert_eq!(v["type"], "state", "{v}");
        if v["plies"] == plies {
            return v;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_instances_share_a_game_and_one_can_die() {
    let Some((_redis, redis_port)) = redis().await else {
        return;
    };
    let (mut a, a_addr) = instance(redis_port).await;
    let (_b, b_addr) = instance(redis_port).await;

    // Created on one, joined on the other, watched on the other.
    let (id, _, red_token) = create(a_addr, "red").await;
    let (_, black_token) = join(b_addr, &id).await;
    assert_eq!(
        join_status(a_addr, &id).await,
        409,
        "both seats taken, seen from A"
    );
    let (mut red, _) = connect(a_addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(b_addr, &id, Some(&black_token)).await;
    let (mut watcher, _) = connect(b_addr, &id, None).await;

    let mut game = Game::default();
    let pick = |game: &Game| {
        let moves = game.moves();
        moves.as_slice()[game.history().len() * 7 % moves.len()]
    };
    for _ in 0..12 {
        let mv = pick(&game);
        let mover = match game.side_to_move() {
            Side::Red => &mut red,
            Side::Black => &mut black,
        };
        send(mover, json!({ "type": "move", "move": mv.to_string() })).await;
        game.try_play(mv).unwrap();
        let n = game.history().len();
        // Each side hears the other's move through the other instance.
        let on_a = state_at(&mut red, n).await;
        let on_b = state_at(&mut black, n).await;
        assert_eq!(on_a, on_b);
        assert_eq!(on_a["position"], game.position().to_string());
        assert_eq!(state_at(&mut watcher, n).await, on_a);
    }
    // The same move sent to both instances at once is taken once.
    let mv = pick(&game);
    let (mut red_b, _) = connect(b_addr, &id, Some(&red_token)).await;
    send(&mut red, json!({ "type": "move", "move": mv.to_string() })).await;
    send(
        &mut red_b,
        json!({ "type": "move", "move": mv.to_string() }),
    )
    .await;
    game.try_play(mv).unwrap();
    let n = game.history().len();
    state_at(&mut black, n).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(state(a_addr, &id).await["plies"], n);
    assert_eq!(state(b_addr, &id).await["plies"], n);
    drop(red_b);

    // A dies mid-game; Red comes back through B and the game goes on.
    a.0.kill().unwrap();
    a.0.wait().unwrap();
    let (mut red, shown) = connect(b_addr, &id, Some(&red_token)).await;
    assert_eq!(shown["plies"], n);
    assert_eq!(shown["position"], game.position().to_string());
    for _ in 0..6 {
        let mv = pick(&game);
        let mover = match game.side_to_move() {
            Side::Red => &mut red,
            Side::Black => &mut black,
        };
        send(mover, json!({ "type": "move", "move": mv.to_string() })).await;
        game.try_play(mv).unwrap();
        let n = game.history().len();
        assert_eq!(
            state_at(&mut red, n).await["position"],
            game.position().to_string()
        );
        state_at(&mut black, n).await;
    }
    send(&mut black, json!({ "type": "resign" })).await;
    let end = next(&mut black).await;
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("1-0"), Some("resignation"))
    );
    // A restarted instance reads the finished game from Redis.
    let (_a, a_addr) = instance(redis_port).await;
    assert_eq!(state(a_addr, &id).await["result"], "1-0");
}

async fn join_status(addr: std::net::SocketAddr, id: &str) -> u16 {
    post(addr, &format!("/api/games/{id}/join"), json!({}))
        .await
        .status
}
