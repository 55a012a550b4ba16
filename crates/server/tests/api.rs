//! The API as docs/online.md gives it, played by a client from outside: two players and a
//! watcher, hostile input, the limits, expiry and the static files.

mod common;

use common::*;
use serde_json::{Value, json};
use std::time::Duration;
use surakarta_engine::{Game, Position, Record};

#[tokio::test(flavor = "multi_thread")]
async fn two_players_and_a_watcher_play_a_whole_game() {
    let server = Server::start().await;
    let addr = server.addr;
    assert_eq!(get(addr, "/api/health").await.status, 200);

    let (id, seat, red_token) = create(addr, "red").await;
    assert_eq!(seat, "red");
    let (seat, black_token) = join(addr, &id).await;
    assert_eq!(seat, "black");
    let third = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(third.status, 409, "both seats are taken");
    let unknown = post(addr, "/api/games/nosuchgame/join", json!({})).await;
    assert_eq!(unknown.status, 404);

    let shown = state(addr, &id).await;
    assert_eq!(shown["seats"], json!({ "red": true, "black": true }));
    assert_eq!(shown["to_move"], "red");
    assert_eq!(shown["result"], Value::Null);
    assert_eq!(
        shown["position"],
        Position::start(surakarta_engine::Side::Red).to_string()
    );

    let (mut red, first) = connect(addr, &id, Some(&red_token)).await;
    assert_eq!(first["id"], id.as_str());
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    let (mut watcher, _) = connect(addr, &id, None).await;

    // The client plays the engine's first legal move each turn, from its own copy of the
    // game, and checks that all three connections see the same state after every move.
    let mut game = Game::default();
    for ply in 0..400 {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.moves();
        // Prefer captures, so the game ends by the board.
        let mv = *moves
            .iter()
            .find(|m| m.capture)
            .unwrap_or(&moves.as_slice()[ply % moves.len()]);
        game.try_play(mv).unwrap();
        let mover = if ply % 2 == 0 { &mut red } else { &mut black };
        let seen = play(mover, &mv.to_string()).await;
        // A move goes out as the move and the state after it, without the record.
        assert_eq!(seen["type"], "moved", "{seen}");
        assert_eq!(seen["move"], mv.to_string());
        assert!(seen.get("record").is_none(), "{seen}");
        assert_eq!(seen["position"], game.position().to_string());
        assert_eq!(seen["plies"], ply + 1);
        let other = if ply % 2 == 0 { &mut black } else { &mut red };
        assert_eq!(next(other).await, seen);
        assert_eq!(next(&mut watcher).await, seen);
    }
    if game.outcome().is_none() {
        send(&mut red, json!({ "type": "resign" })).await;
        game.resign(surakarta_engine::Side::Red);
        next(&mut red).await;
        next(&mut black).await;
        next(&mut watcher).await;
    }
    // Anyone may ask for the whole state again (a client that missed a move).
    send(&mut watcher, json!({ "type": "sync" })).await;
    let whole = next(&mut watcher).await;
    assert_eq!(whole["type"], "state", "{whole}");
    let synced: Record = whole["record"].as_str().unwrap().parse().unwrap();
    assert_eq!(synced.to_game().unwrap().history(), game.history());
    let end = state(addr, &id).await;
    let outcome = game.outcome().unwrap();
    assert_eq!(end["result"], outcome.result_token());
    assert_eq!(end["termination"], outcome.reason.id());
    // The record is the game in the rules' notation: it replays to the same end.
    let record: Record = end["record"].as_str().unwrap().parse().unwrap();
    let replayed = record.to_game().unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.outcome(), Some(outcome));
    // A finished game takes no more moves.
    let after = play(&mut black, "a5-a4").await;
    assert_eq!(after["type"], "error");
}

enum Who {
    Red,
    Black,
    Watcher,
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_messages_get_an_error_to_the_sender_alone_and_change_nothing() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    let (mut watcher, _) = connect(addr, &id, None).await;
    play(&mut red, "b2-b3").await;
    next(&mut black).await;
    next(&mut watcher).await;
    let before = state(addr, &id).await;

    let huge = json!({ "type": "move", "move": "x".repeat(5000) }).to_string();
    let hostile: Vec<(Who, String, &str)> = vec![
        (Who::Black, "{not json".into(), "bad JSON"),
        (Who::Black, "[1, 2]".into(), "\"type\""),
        (Who::Black, "{\"type\": 7}".into(), "\"type\""),
        (
            Who::Black,
            json!({ "type": "dance" }).to_string(),
            "unknown message type",
        ),
        (
            Who::Black,
            json!({ "type": "move" }).to_string(),
            "\"move\"",
        ),
        (
            Who::Black,
            json!({ "type": "move", "move": 5 }).to_string(),
            "\"move\"",
        ),
        (
            Who::Black,
            json!({ "type": "move", "move": "z9-z8" }).to_string(),
            "not a move",
        ),
        (
            Who::Black,
            json!({ "type": "move", "move": "b5-b3" }).to_string(),
            "not a legal move",
        ),
        (
            Who::Black,
            json!({ "type": "move", "move": "b5-b4", "ply": 0 }).to_string(),
            "ply",
        ),
        (
            Who::Black,
            json!({ "type": "move", "move": "b5-b4", "ply": -3 }).to_string(),
            "ply",
        ),
        (
            Who::Black,
            json!({ "type": "accept_draw" }).to_string(),
            "no draw offer",
        ),
        (
            Who::Black,
            json!({ "type": "decline_draw" }).to_string(),
            "no draw offer",
        ),
        (
            Who::Red,
            json!({ "type": "move", "move": "c2-c3" }).to_string(),
            "black's turn",
        ),
        (
            Who::Watcher,
            json!({ "type": "move", "move": "b5-b4" }).to_string(),
            "watching",
        ),
        (
            Who::Watcher,
            json!({ "type": "resign" }).to_string(),
            "watching",
        ),
        (Who::Black, huge, "too large"),
        (Who::Black, "\u{0}\u{ffff}".into(), "bad JSON"),
    ];
    for (who, text, expected) in hostile {
        let socket = match who {
            Who::Red => &mut red,
            Who::Black => &mut black,
            Who::Watcher => &mut watcher,
        };
        send_text(socket, &text).await;
        let reply = next(socket).await;
        assert_eq!(reply["type"], "error", "{text:.60}");
        let message = reply["message"].as_str().unwrap();
        assert!(message.contains(expected), "{text:.60}: {message}");
    }
    // Binary frames too.
    use futures_util::SinkExt;
    black
        .send(tokio_tungstenite::tungstenite::Message::Binary(
            vec![1, 2, 3].into(),
        ))
        .await
        .unwrap();
    assert_eq!(next(&mut black).await["type"], "error");
    // Nobody else heard any of it, and the game is as it was.
    quiet(&mut red).await;
    quiet(&mut watcher).await;
    assert_eq!(state(addr, &id).await, before);
    // And the game goes on.
    let on = play(&mut black, "b5-b4").await;
    assert_eq!(on["plies"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn draw_offers_are_accepted_or_declined_by_the_other_player() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;

    send(&mut red, json!({ "type": "offer_draw" })).await;
    assert_eq!(next(&mut red).await["draw_offer"], "red");
    assert_eq!(next(&mut black).await["draw_offer"], "red");
    send(&mut red, json!({ "type": "accept_draw" })).await;
    assert_eq!(next(&mut red).await["type"], "error", "not one's own offer");
    send(&mut black, json!({ "type": "decline_draw" })).await;
    assert_eq!(next(&mut black).await["draw_offer"], Value::Null);
    next(&mut red).await;

    send(&mut black, json!({ "type": "offer_draw" })).await;
    next(&mut black).await;
    next(&mut red).await;
    send(&mut red, json!({ "type": "accept_draw" })).await;
    let end = next(&mut red).await;
    assert_eq!(end["result"], "1/2-1/2");
    assert_eq!(end["termination"], "agreed-draw");
    assert_eq!(next(&mut black).await, end);
    assert_eq!(state(addr, &id).await["result"], "1/2-1/2");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_requests_are_refused_with_a_reason() {
    let server = Server::start().await;
    let addr = server.addr;
    let bad = |body: &'static str| async move {
        request(
            addr,
            "POST",
            "/api/games",
            "Content-Type: application/json\r\n",
            body.as_bytes(),
        )
        .await
    };
    for body in [
        "{",
        "[]",
        "{\"ruleset\": \"chess\"}",
        "{\"seat\": \"green\"}",
        "{\"seat\": 1}",
        "{\"ruleset\": \"standard\", \"extra\": true}",
    ] {
        let reply = bad(body).await;
        assert_eq!(reply.status, 400, "{body}");
        assert!(reply.json()["error"].is_string(), "{body}");
    }
    let big = "x".repeat(10_000);
    let reply = request(addr, "POST", "/api/games", "", big.as_bytes()).await;
    assert_eq!(reply.status, 413, "too large");
    // Defaults: the standard rules, a random seat.
    let reply = request(addr, "POST", "/api/games", "", b"").await;
    assert_eq!(reply.status, 201);
    let v = reply.json();
    assert!(v["seat"] == "red" || v["seat"] == "black");
    let id = v["id"].as_str().unwrap();
    assert_eq!(state(addr, id).await["ruleset"], "standard");
    // Other rule sets.
    let reply = post(
        addr,
        "/api/games",
        json!({ "ruleset": "forty-move", "seat": "black" }),
    )
    .await;
    let v = reply.json();
    let shown = state(addr, v["id"].as_str().unwrap()).await;
    assert_eq!(
        (shown["ruleset"].as_str(), shown["to_move"].as_str()),
        (Some("forty-move"), Some("black"))
    );

    for path in [
        "/api/games/nosuch",
        "/api/games/..%2f..%2fetc",
        "/api/games/a%20b",
        "/api/nothing",
    ] {
        assert_eq!(get(addr, path).await.status, 404, "{path}");
    }
    // A token in the address is refused (it belongs in hello, out of logs); a wrong
    // token in hello opens nothing and ends the connection; a watcher needs none.
    let ws = format!("ws://{addr}/api/games/{id}/ws?token={}", "0".repeat(64));
    let refused = tokio_tungstenite::connect_async(ws).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 400),
        other => panic!("expected 400, got {other:?}"),
    }
    let (mut stranger, _) = connect(addr, id, None).await;
    send(
        &mut stranger,
        json!({ "type": "hello", "token": "0".repeat(64) }),
    )
    .await;
    let said = next(&mut stranger).await;
    assert!(
        said["message"].as_str().unwrap().contains("no seat"),
        "{said}"
    );
    assert!(
        matches!(
            tokio::time::timeout(
                Duration::from_secs(5),
                futures_util::StreamExt::next(&mut stranger)
            )
            .await,
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) | None)
        ),
        "the connection is closed"
    );
    let ws = format!("ws://{addr}/api/games/nosuch/ws");
    match tokio_tungstenite::connect_async(ws).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 404),
        other => panic!("expected 404, got {other:?}"),
    }
    // Garbage on the socket does not end the server.
    use tokio::io::AsyncWriteExt;
    let mut raw = tokio::net::TcpStream::connect(addr).await.unwrap();
    raw.write_all(b"\x16\x03\x01 GARBAGE \r\n\r\n\xff\xfe")
        .await
        .unwrap();
    drop(raw);
    assert_eq!(get(addr, "/api/health").await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn limits_hold_for_connections_games_and_messages() {
    let server = Server::start_with(|c| {
        c.limits.connections_per_address = 3;
        c.limits.games_burst = 2.0;
        c.limits.games_per_minute = 0.0;
        c.limits.messages_per_second = 0.5;
        c.limits.message_burst = 3.0;
    })
    .await;
    let addr = server.addr;
    let (id, _, token) = create(addr, "red").await;
    create(addr, "red").await;
    let third = post(addr, "/api/games", json!({})).await;
    assert_eq!(third.status, 429, "a third game from one address");
    // Those three requests' connections count until the server has closed them (a moment
    // after the client read the answer).
    tokio::time::sleep(Duration::from_millis(200)).await;

    let (mut player, _) = connect(addr, &id, Some(&token)).await;
    let (w1, _) = connect(addr, &id, None).await;
    let (w2, _) = connect(addr, &id, None).await;
    match tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 429),
        other => panic!("a fourth connection: {other:?}"),
    }
    // A closed connection gives its place back.
    drop(w2);
    let mut again = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        if let Ok((s, _)) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await
        {
            again = Some(s);
            break;
        }
    }
    assert!(again.is_some(), "the place was given back");

    // Three messages at once are allowed, the fourth is refused; nothing is played.
    for _ in 0..3 {
        send(&mut player, json!({ "type": "accept_draw" })).await;
        let reply = next(&mut player).await;
        assert!(
            reply["message"].as_str().unwrap().contains("no draw offer"),
            "{reply}"
        );
    }
    let reply = play(&mut player, "b2-b3").await;
    assert!(
        reply["message"]
            .as_str()
            .unwrap()
            .contains("too many messages"),
        "{reply}"
    );
    // Every kind of connection counts: with three open, a plain request is refused too,
    // and told why.
    let refused = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(refused.status, 429);
    assert!(String::from_utf8_lossy(&refused.body).contains("too many connections"));
    drop((w1, again));
    let mut plies = None;
    for _ in 0..50 {
        let reply = get(addr, &format!("/api/games/{id}")).await;
        if reply.status == 200 {
            plies = Some(reply.json()["plies"].clone());
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(plies, Some(json!(0)), "nothing was played");
}

#[tokio::test(flavor = "multi_thread")]
async fn idle_games_expire() {
    let server = Server::start_with(|c| {
        c.expire_after = Duration::from_secs(1);
        c.sweep_every = Duration::from_millis(300);
    })
    .await;
    let addr = server.addr;
    let (id, _, _) = create(addr, "red").await;
    assert_eq!(get(addr, &format!("/api/games/{id}")).await.status, 200);
    assert!(gone_within_10_s(addr, &id).await, "the game expired");
    assert_eq!(
        post(addr, &format!("/api/games/{id}/join"), json!({}))
            .await
            .status,
        404
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn games_nobody_finishes_end_with_a_result_before_they_expire() {
    let server = Server::start_with(|c| {
        c.expire_after = Duration::from_secs(3);
        c.sweep_every = Duration::from_millis(300);
    })
    .await;
    let addr = server.addr;
    // Both seated, each has moved, Red to move, then nobody comes back.
    let (left, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &left).await;
    let (mut red, _) = connect(addr, &left, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &left, Some(&black_token)).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(next(&mut black).await["plies"], 1, "Red's move");
    assert_eq!(play(&mut black, "e5-e4").await["plies"], 2);
    drop((red, black));
    // Nobody ever joined this one.
    let (alone, _, _) = create(addr, "red").await;
    let mut ended = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (a, b) = (state(addr, &left).await, state(addr, &alone).await);
        if !a["termination"].is_null() && !b["termination"].is_null() {
            ended = Some((a, b));
            break;
        }
    }
    let (abandoned, aborted) = ended.expect("both games ended before they expired");
    // Red, to move, left the game: Black wins it.
    assert_eq!(abandoned["termination"], "abandoned", "{abandoned}");
    assert_eq!(abandoned["result"], "0-1");
    let record: Record = abandoned["record"].as_str().unwrap().parse().unwrap();
    assert_eq!(record.header("Termination"), Some("abandoned"));
    // Nobody had begun: no result.
    assert_eq!(aborted["termination"], "aborted", "{aborted}");
    assert!(aborted["result"].is_null());
    // Ended, each stays as long again for its players to see, then expires.
    assert!(
        gone_within_10_s(addr, &left).await,
        "the ended game expired"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_web_build_is_served_and_nothing_outside_its_folder() {
    let outside = tempfile::tempdir().unwrap();
    let web = outside.path().join("dist");
    std::fs::create_dir(&web).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Surakarta</title>",
    )
    .unwrap();
    std::fs::write(web.join("game.wasm"), vec![0u8; 1000]).unwrap();
    std::fs::write(web.join("game.wasm.br"), b"brotli bytes").unwrap();
    std::fs::write(outside.path().join("secret.txt"), "do not serve").unwrap();
    // Links inside the folder to what is outside it: a folder, a file, and a `.br` beside
    // a file that is inside (sent to a browser that accepts brotli).
    std::os::unix::fs::symlink(outside.path(), web.join("outside-link")).unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.txt"),
        web.join("secret-link.txt"),
    )
    .unwrap();
    std::fs::write(web.join("page.txt"), "inside").unwrap();
    std::os::unix::fs::symlink(outside.path().join("secret.txt"), web.join("page.txt.br")).unwrap();
    // A link that stays inside is served as any file.
    std::os::unix::fs::symlink(web.join("game.wasm"), web.join("alias.wasm")).unwrap();
    let web_dir = web.clone();
    let server = Server::start_with(move |c| c.web = Some(web_dir)).await;
    let addr = server.addr;

    let index = get(addr, "/").await;
    assert_eq!(index.status, 200);
    assert!(String::from_utf8_lossy(&index.body).contains("Surakarta"));
    let invite = get(addr, "/?join=abc").await;
    assert_eq!(invite.status, 200, "the invite opens the page");
    let wasm = request(
        addr,
        "GET",
        "/game.wasm",
        "Accept-Encoding: br, gzip\r\n",
        b"",
    )
    .await;
    assert_eq!(wasm.header("content-encoding"), Some("br"));
    assert_eq!(wasm.header("content-type"), Some("application/wasm"));
    assert_eq!(wasm.body, b"brotli bytes");
    let plain = get(addr, "/game.wasm").await;
    assert_eq!(plain.body.len(), 1000);
    for path in [
        "/../secret.txt",
        "/..%2fsecret.txt",
        "/%2e%2e/secret.txt",
        "/dist/../../secret.txt",
        "//secret.txt",
        "/..\\secret.txt",
        "/outside-link/secret.txt",
        "/outside-link/dist/../secret.txt",
        "/outside-%6cink/secret.txt",
        "/secret-link.txt",
    ] {
        let reply = get(addr, path).await;
        assert!(
            !String::from_utf8_lossy(&reply.body).contains("do not serve"),
            "{path} leaked"
        );
        assert_ne!(reply.status, 200, "{path}");
    }
    let brotli = request(addr, "GET", "/page.txt", "Accept-Encoding: br\r\n", b"").await;
    assert!(
        !String::from_utf8_lossy(&brotli.body).contains("do not serve"),
        "a .br linked outside leaked"
    );
    assert_eq!(get(addr, "/alias.wasm").await.body.len(), 1000);
    // The API still answers under /api.
    assert_eq!(get(addr, "/api/health").await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_web_build_says_how_long_each_file_may_be_kept_and_that_its_encoding_varies() {
    let web = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| std::fs::write(web.path().join(name), bytes).unwrap();
    write("index.html", b"<!doctype html><title>Surakarta</title>");
    write("sw.js", b"// worker");
    write("manifest.webmanifest", b"{}");
    write("surakarta_bg.0123456789abcdef.wasm", &[0u8; 1000]);
    write("surakarta_bg.0123456789abcdef.wasm.br", b"brotli bytes");
    // Not a hash: 15 digits, capitals, or the extension's place.
    write("surakarta.0123456789abcde.js", b"//");
    write("surakarta.0123456789ABCDEF.js", b"//");
    write("icon.0123456789abcdef", b"png");
    let dir = web.path().to_owned();
    let server = Server::start_with(move |c| c.web = Some(dir)).await;
    let addr = server.addr;
    let fetch = |path: &'static str| async move {
        request(addr, "GET", path, "Accept-Encoding: br, gzip\r\n", b"").await
    };

    // The large files, named by their content: kept a year, never asked for again.
    let wasm = fetch("/surakarta_bg.0123456789abcdef.wasm").await;
    assert_eq!(wasm.status, 200);
    assert_eq!(wasm.header("content-encoding"), Some("br"));
    assert_eq!(
        wasm.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(wasm.header("vary"), Some("accept-encoding"));
    // The page and what names the build: asked for again on every visit.
    for path in [
        "/",
        "/?join=abc",
        "/index.html",
        "/sw.js",
        "/manifest.webmanifest",
        "/surakarta.0123456789abcde.js",
        "/surakarta.0123456789ABCDEF.js",
        "/icon.0123456789abcdef",
    ] {
        let reply = fetch(path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        assert_eq!(reply.header("vary"), Some("accept-encoding"), "{path}");
    }
    // Asked again with what the browser kept: 304, with the same rules.
    let page = fetch("/index.html").await;
    let modified = page
        .header("last-modified")
        .expect("a date to ask with")
        .to_owned();
    let again = request(
        addr,
        "GET",
        "/index.html",
        &format!("If-Modified-Since: {modified}\r\n"),
        b"",
    )
    .await;
    assert_eq!(again.status, 304);
    assert_eq!(again.header("cache-control"), Some("no-cache"));
    // A missing file is not kept at all.
    let missing = fetch("/surakarta_bg.fedcba9876543210.wasm").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("cache-control"), Some("no-store"));
    // The API's answers are never kept.
    assert_eq!(
        fetch("/api/health").await.header("cache-control"),
        Some("no-store")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ping_is_answered_on_any_connection() {
    let server = Server::start().await;
    let (id, _, token) = create(server.addr, "red").await;
    let (mut player, _) = connect(server.addr, &id, Some(&token)).await;
    let (mut watcher, _) = connect(server.addr, &id, None).await;
    for socket in [&mut player, &mut watcher] {
        send(socket, json!({ "type": "ping" })).await;
        assert_eq!(next(socket).await, json!({ "type": "pong" }));
    }
}

/// Issue 62: the size limit holds for every message (a 2,052-byte ping got a pong), and a
/// request head is at most 16 KiB (a 200 KB one was read whole).
#[tokio::test(flavor = "multi_thread")]
async fn every_message_and_every_request_head_has_a_size_limit() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, _, token) = create(addr, "red").await;
    let (mut player, _) = connect(addr, &id, Some(&token)).await;
    let padded =
        |kind: &str| json!({ "type": kind, "token": token, "pad": "x".repeat(2100) }).to_string();
    for kind in ["ping", "sync", "hello"] {
        send_text(&mut player, &padded(kind)).await;
        let said = next(&mut player).await;
        assert_eq!(said["type"], "error", "{kind}: {said}");
        assert!(
            said["message"].as_str().unwrap().contains("too large"),
            "{kind}: {said}"
        );
    }
    // A watcher's first message, a hello too large, does not seat it.
    let (mut watcher, _) = connect(addr, &id, None).await;
    send_text(&mut watcher, &padded("hello")).await;
    assert!(
        next(&mut watcher).await["message"]
            .as_str()
            .unwrap()
            .contains("too large")
    );
    send(&mut watcher, json!({ "type": "resign" })).await;
    assert!(
        next(&mut watcher).await["message"]
            .as_str()
            .unwrap()
            .contains("watching")
    );

    let big = format!("X-Big: {}\r\n", "a".repeat(200_000));
    assert_eq!(head_status(addr, &big).await, "431", "a 200 KB head");
    let many: String = (0..1000).map(|i| format!("X-H{i}: {i}\r\n")).collect();
    assert_eq!(head_status(addr, &many).await, "431", "a thousand headers");
    let fine = format!("Cookie: {}\r\n", "c".repeat(8_000));
    assert_eq!(head_status(addr, &fine).await, "200", "an 8 KB cookie");
}

/// The status of `GET /api/health` with these header lines: the server may answer and
/// close before the whole head is written, so a failed write is not the test's failure.
async fn head_status(addr: std::net::SocketAddr, extra: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}\r\n");
    let _ = stream.write_all(head.as_bytes()).await;
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(Ok(n @ 1..)) =
        tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf)).await
    {
        raw.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&raw);
    text.split(' ').nth(1).unwrap_or("no answer").to_owned()
}

/// How long ago the last move was played grows as the game is read again: the state kept
/// for readers is not sent on with the time it was first written (a list read "just now"
/// three minutes after the move).
#[tokio::test(flavor = "multi_thread")]
async fn the_time_since_the_last_move_grows_between_reads() {
    let server = Server::start().await;
    let addr = server.addr;
    let (id, _, red_token) = create(addr, "red").await;
    join(addr, &id).await;
    assert_eq!(state(addr, &id).await["last_move_ago"], Value::Null);
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    play(&mut red, "a2-a3").await;
    let first = state(addr, &id).await["last_move_ago"].as_u64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1_300)).await;
    let later = state(addr, &id).await["last_move_ago"].as_u64().unwrap();
    assert!(later >= first + 1_000, "{first} ms, then {later} ms");
}
