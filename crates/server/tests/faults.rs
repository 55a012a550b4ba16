//! What a hostile or broken client, or a failing store, does to the server: connections
//! held half-open or silent, one address holding many, floods of binary frames, one game's
//! damaged storage, games waited on for longer than they are kept.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// Waits until the server closes `stream` (reads end or fail); how long that took, or
/// `None` if it was still open after `most`.
async fn closed_within(stream: &mut TcpStream, most: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        let left = most.checked_sub(started.elapsed())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(started.elapsed()),
            Ok(Ok(_)) => continue, // a response (a 408, say): read on to the close
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn half_sent_requests_and_silent_connections_are_closed() {
    let server = Server::start().await;
    let addr = server.addr;
    // A head sent a byte every second, never finished.
    let mut slow_head = TcpStream::connect(addr).await.unwrap();
    let trickle = tokio::spawn(async move {
        let head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ";
        slow_head.write_all(head).await.unwrap();
        let started = Instant::now();
        while slow_head.write_all(b"a").await.is_ok() && started.elapsed().as_secs() < 40 {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        started.elapsed()
    });
    // A body promised and never sent.
    let mut slow_body = TcpStream::connect(addr).await.unwrap();
    slow_body
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    // Nothing sent at all.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    // One request answered, then the kept-alive connection left silent.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = [0u8; 64];
    let n = idle.read(&mut answer).await.unwrap();
    assert!(answer[..n].starts_with(b"HTTP/1.1 200"));

    let most = Duration::from_secs(30);
    let (body, silent, idle) = tokio::join!(
        closed_within(&mut slow_body, most),
        closed_within(&mut silent, most),
        closed_within(&mut idle, most)
    );
    let head = trickle.await.unwrap();
    eprintln!(
        "closed after: slow body {body:?}, silent {silent:?}, idle {idle:?}, slow head {head:?}"
    );
    for (what, took) in [("slow body", body), ("silent", silent), ("idle", idle)] {
        let took = took.unwrap_or_else(|| panic!("the {what} connection is still open"));
        assert!(
            took >= Duration::from_secs(5),
            "{what}: closed after {took:?}"
        );
    }
    assert!(head < Duration::from_secs(30), "the slow head: {head:?}");
    // The server serves everyone else all along.
    assert_eq!(get(addr, "/api/health").await.status, 200);
}

/// A connection from `source` (any 127.x.y.z address reaches the loopback).
async fn connect_from(source: &str, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(format!("{source}:0").parse().unwrap())?;
    socket.connect(addr).await
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_holding_connections_keeps_nobody_else_out() {
    let server = Server::start_with(|c| c.limits.connections_per_address = 20).await;
    let addr = server.addr;
    let mut hog = Vec::new();
    for _ in 0..60 {
        if let Ok(stream) = connect_from("127.0.0.2", addr).await {
            hog.push(stream);
        }
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Those over the limit are told so and closed.
    let mut refused = 0;
    for stream in &mut hog[20..] {
        stream
            .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .ok();
        let mut raw = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut raw)).await;
        if raw.starts_with(b"HTTP/1.1 429") {
            refused += 1;
        }
    }
    assert_eq!(refused, 40, "every connection over the limit is refused");
    // Another address is served as if nothing happened.
    let (id, _, token) = create(addr, "red").await;
    let (mut player, _) = connect(addr, &id, Some(&token)).await;
    assert_eq!(play(&mut player, "b2-b3").await["plies"], 1);
    drop(hog);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_of_binary_frames_is_limited_like_any_other_message() {
    let server = Server::start_with(|c| {
        c.limits.messages_per_second = 1.0;
        c.limits.message_burst = 5.0;
    })
    .await;
    let addr = server.addr;
    let (id, _, token) = create(addr, "red").await;
    let (player, _) = connect(addr, &id, Some(&token)).await;
    let (mut sink, mut stream) = player.split();
    let flood = tokio::spawn(async move {
        for _ in 0..5_000 {
            if sink
                .send(Message::Binary(vec![0u8; 16].into()))
                .await
                .is_err()
            {
                return;
            }
        }
    });
    let mut errors = 0;
    let mut closed = false;
    while let Ok(message) = tokio::time::timeout(Duration::from_secs(5), stream.next()).await {
        match message {
            Some(Ok(Message::Text(text))) => {
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                if v["type"] == "presence" {
                    continue; // the player's own arrival
                }
                assert_eq!(v["type"], "error", "{v}");
                errors += 1;
            }
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                closed = true;
                break;
            }
            Some(Ok(_)) => {}
        }
    }
    flood.abort();
    eprintln!("5,000 binary frames drew {errors} answers");
    assert!(closed, "the flooding connection is closed");
    // Five at once, then one a second, then one "too many" each until it is closed.
    assert!(errors <= 5 + 5 + 200, "{errors} answers");
}

#[tokio::test(flavor = "multi_thread")]
async fn one_game_that_cannot_be_written_holds_up_no_other() {
    let server = Server::start_with(|c| {
        c.limits.messages_per_second = 0.0;
        c.limits.message_burst = 3.0;
    })
    .await;
    let addr = server.addr;
    let mut players = Vec::new();
    for _ in 0..40 {
        let (id, _, token) = create(addr, "red").await;
        let (socket, _) = connect(addr, &id, Some(&token)).await;
        players.push((id, socket));
    }
    // The first game's rows sit on a damaged page: writing them rolls back whatever
    // transaction they are in.
    let damaged = players[0].0.clone();
    let db = rusqlite::Connection::open(server.dir.path().join("games.sqlite")).unwrap();
    db.execute_batch(&format!(
        "CREATE TRIGGER damaged BEFORE INSERT ON events WHEN NEW.game = '{damaged}'
         BEGIN SELECT RAISE(ROLLBACK, 'database disk image is malformed'); END;"
    ))
    .unwrap();
    for round in 0..4 {
        // Every game's move at once: they share the store's commits.
        for (i, (_, socket)) in players.iter_mut().enumerate() {
            let (mv, ply) = if round == 0 || i == 0 {
                ("b2-b3", 0)
            } else {
                ("c2-c3", 1)
            };
            send(socket, json!({ "type": "move", "move": mv, "ply": ply })).await;
        }
        for (i, (id, socket)) in players.iter_mut().enumerate() {
            let reply = next(socket).await;
            if i == 0 {
                // Four times: the store's failures do not use up its three messages.
                let said = reply["message"].as_str().unwrap_or_default();
                assert!(said.contains("could not save"), "round {round}: {reply}");
            } else if round == 0 {
                assert_eq!(reply["plies"], 1, "{id}: {reply}");
            } else {
                // Later rounds are refused by the rules (one move each), never the store.
                let said = reply["message"].as_str().unwrap_or_default();
                assert!(said.contains("turn"), "{id}, round {round}: {reply}");
            }
        }
    }
    // The health check writes as a move does: when writing fails, it says so.
    assert_eq!(get(addr, "/api/health").await.status, 200);
    db.execute_batch(
        "CREATE TRIGGER full BEFORE INSERT ON health
         BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END;",
    )
    .unwrap();
    assert_eq!(get(addr, "/api/health").await.status, 503);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_someone_is_connected_to_does_not_expire() {
    let server = Server::start_with(|c| {
        c.expire_after = Duration::from_secs(1);
        c.sweep_every = Duration::from_millis(300);
    })
    .await;
    let addr = server.addr;
    let (watched, _, _) = create(addr, "red").await;
    let (left, _, _) = create(addr, "red").await;
    let (mut watcher, _) = connect(addr, &watched, None).await;
    // The one nobody is connected to is ended (no result: nobody joined), then expires.
    assert!(
        gone_within_10_s(addr, &left).await,
        "the game nobody is connected to expired"
    );
    // Still stored, not only still in memory: a friend can still take the free seat.
    let joined = post(addr, &format!("/api/games/{watched}/join"), json!({})).await;
    assert_eq!(
        joined.status,
        200,
        "{}",
        String::from_utf8_lossy(&joined.body)
    );
    let seats = next(&mut watcher).await;
    assert_eq!(seats["seats"]["black"], true, "{seats}");
}

/// Issue 62: connections are capped overall (from the descriptor limit), answered 503
/// before descriptors run out; a game takes so many watchers; an address reads so many
/// game states.
#[tokio::test(flavor = "multi_thread")]
async fn connections_watchers_and_reads_are_capped() {
    let server = Server::start_with(|c| {
        c.limits.connections = 6;
        c.limits.watchers_per_game = 2;
        c.limits.reads_burst = 3.0;
        c.limits.reads_per_second = 0.0;
    })
    .await;
    let addr = server.addr;
    let (id, _, token) = create(addr, "red").await;
    tokio::time::sleep(Duration::from_millis(200)).await; // the create's connection closes

    // Two watchers, then a third is told the game is full and closed.
    let (w1, _) = connect(addr, &id, None).await;
    let (w2, _) = connect(addr, &id, None).await;
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut third, _) = tokio_tungstenite::connect_async(url.clone()).await.unwrap();
    send(&mut third, json!({ "type": "ping" })).await;
    let told = next(&mut third).await;
    assert_eq!(told["code"], "too_many_watchers", "{told}");
    // A player still gets in: their hello comes first.
    let (mut player, first) = connect(addr, &id, Some(&token)).await;
    assert_eq!(first["id"], id.as_str());
    assert_eq!(play(&mut player, "b2-b3").await["plies"], 1);

    // Connections overall: w1, w2, the player and three more fill the six; the next is
    // answered 503.
    drop(third);
    let mut held = Vec::new();
    let mut busy = None;
    for _ in 0..6 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut answer = [0u8; 512];
        let n = stream.read(&mut answer).await.unwrap_or(0);
        if answer[..n].starts_with(b"HTTP/1.1 503") {
            busy = Some(String::from_utf8_lossy(&answer[..n]).to_string());
            break;
        }
        held.push(stream);
    }
    let busy = busy.expect("a connection over the cap is answered 503");
    assert!(busy.contains("full"), "{busy}");
    // Given back when closed.
    drop(held);
    drop((w1, w2));
    let mut served = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        if get(addr, "/api/health").await.status == 200 {
            served = true;
            break;
        }
    }
    assert!(served, "the places are given back");

    // Reads of a game's state: three, then 429.
    let statuses: Vec<u16> = futures_util::future::join_all(
        (0..4).map(|_| async { get(addr, &format!("/api/games/{id}")).await.status }),
    )
    .await;
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, [200, 200, 200, 429], "{statuses:?}");
}

/// The descriptor limit is raised to the hard limit, and the cap on connections follows it.
#[test]
fn the_open_files_limit_is_raised_and_the_cap_follows_it() {
    let raised = surakarta_server::limits::raise_nofile().unwrap();
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct it is given, which lives here.
    assert_eq!(
        unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) },
        0
    );
    assert_eq!(limit.rlim_cur, limit.rlim_max);
    assert_eq!(raised, limit.rlim_cur);
    assert_eq!(
        surakarta_server::limits::connection_cap(1024),
        1024 - surakarta_server::limits::FDS_KEPT
    );
}
