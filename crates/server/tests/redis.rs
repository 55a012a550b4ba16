//! Two instances sharing games through Redis: one player on each, one game, and one
//! instance killed mid-game. Needs Debian's `redis-server` (`.ci/run` installs it and sets
//! SURAKARTA_REQUIRE_REDIS=1, so there a missing server fails the test instead of skipping).

mod common;

use common::*;
use serde_json::{Value, json};
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

/// A Redis on a port of its own: one found taken (redis-server cannot bind port 0 and
/// say which it got) is given up for another.
async fn redis() -> Option<(Running, u16)> {
    for _ in 0..5 {
        let (mut running, port) = redis_on(free_port(), None).await?;
        if running.0.try_wait().is_ok_and(|ended| ended.is_none()) {
            return Some((running, port));
        }
    }
    panic!("no port for redis-server in five tries");
}

/// A Redis on `port`; with `dir`, it keeps every write in an append-only file there (as
/// docs/online.md asks of a Redis in production), so a restarted one has them all.
async fn redis_on(port: u16, dir: Option<&std::path::Path>) -> Option<(Running, u16)> {
    let mut command = Command::new("redis-server");
    command
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", ""]);
    match dir {
        Some(dir) => command
            .args(["--appendonly", "yes", "--appendfsync", "always", "--dir"])
            .arg(dir),
        None => command.args(["--appendonly", "no"]),
    };
    let child = command.stdout(Stdio::null()).spawn();
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
    instance_with(redis_port, &[]).await
}

async fn instance_with(redis_port: u16, more: &[&str]) -> (Running, std::net::SocketAddr) {
    let store = format!("redis://127.0.0.1:{redis_port}/");
    let first = ["--store", store.as_str()];
    let args: Vec<&std::ffi::OsStr> = first.iter().chain(more).map(|a| a.as_ref()).collect();
    let (child, addr) = spawn_server(&args);
    let running = Running(child);
    wait_for(addr.port()).await;
    (running, addr)
}

/// Reads states until the one after `plies` moves.
async fn state_at(socket: &mut Socket, plies: usize) -> serde_json::Value {
    loop {
        let v = next(socket).await;
        assert!(v["type"] == "state" || v["type"] == "moved", "{v}");
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
        // The same game on both (who is away is each instance's latest news of the
        // other's connections, a moment apart, so it is left out).
        let game_of = |mut v: Value| {
            v.as_object_mut().unwrap().remove("away");
            v
        };
        let on_a = game_of(state_at(&mut red, n).await);
        let on_b = game_of(state_at(&mut black, n).await);
        assert_eq!(on_a, on_b);
        assert_eq!(on_a["position"], game.position().to_string());
        assert_eq!(game_of(state_at(&mut watcher, n).await), on_a);
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
    // Exactly one of Red's two connections is refused: it is no longer Red's turn (by the
    // rules if its instance had heard the move, by the store's conflict if not; the
    // store's own test below makes the conflict happen). A ping after the move is
    // answered after the move's own answer, so each connection's answers are all in by
    // its pong.
    let mut refused = 0;
    for socket in [&mut red, &mut red_b] {
        send(socket, json!({ "type": "ping" })).await;
        loop {
            let v = next(socket).await;
            match v["type"].as_str() {
                Some("pong") => break,
                Some("error") => refused += 1,
                _ => {}
            }
        }
    }
    assert_eq!(refused, 1, "one of the two sends is refused");
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

/// How long the health check takes, and what it answers.
async fn health(addr: std::net::SocketAddr) -> (u16, Duration) {
    let started = std::time::Instant::now();
    let status = tokio::time::timeout(Duration::from_secs(30), get(addr, "/api/health"))
        .await
        .map_or(0, |reply| reply.status);
    (status, started.elapsed())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redis_outage_is_answered_at_once_and_the_game_goes_on_when_it_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let Some((redis, _)) = redis_on(port, Some(dir.path())).await else {
        return;
    };
    let (_a, addr) = instance(port).await;
    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    send(&mut red, json!({ "type": "move", "move": "b2-b3" })).await;
    state_at(&mut black, 1).await;

    // Redis goes away for 3 s: the server says so at once, every time it is asked.
    drop(redis);
    let (status, took) = health(addr).await;
    eprintln!("health with Redis down: {status} in {took:?}");
    assert_eq!(status, 503);
    assert!(took < Duration::from_secs(3), "answered in {took:?}");
    send(&mut black, json!({ "type": "move", "move": "b5-b4" })).await;
    let refused = tokio::time::timeout(Duration::from_secs(3), next(&mut black))
        .await
        .expect("a move while Redis is away is answered, not left hanging");
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("try again"),
        "{refused}"
    );
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (status, took) = health(addr).await;
    eprintln!("health with Redis still down: {status} in {took:?}");
    assert_eq!(status, 503);
    assert!(took < Duration::from_secs(3), "answered in {took:?}");

    // Back (with what it had written): the server is well again within moments.
    let back = std::time::Instant::now();
    let (_redis, _) = redis_on(port, Some(dir.path())).await.unwrap();
    let mut well = None;
    while back.elapsed() < Duration::from_secs(10) {
        if health(addr).await.0 == 200 {
            well = Some(back.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("health 200 again {well:?} after Redis was started");
    let well = well.expect("the server recovers");
    assert!(well < Duration::from_secs(5), "recovered after {well:?}");
    send(&mut black, json!({ "type": "move", "move": "b5-b4" })).await;
    assert_eq!(state_at(&mut red, 2).await["plies"], 2);
    assert_eq!(state(addr, &id).await["plies"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn instances_take_moves_again_after_redis_went_back_in_time() {
    let Some((_redis, redis_port)) = redis().await else {
        return;
    };
    let (_a, a_addr) = instance(redis_port).await;
    let (_b, b_addr) = instance(redis_port).await;
    let (id, _, red_token) = create(a_addr, "red").await;
    let (_, black_token) = join(b_addr, &id).await;
    let (mut red, _) = connect(a_addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(b_addr, &id, Some(&black_token)).await;
    let moves = ["b2-b3", "b5-b4", "c2-c3", "c5-c4"];
    for (i, mv) in moves.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut red } else { &mut black };
        send(mover, json!({ "type": "move", "move": mv })).await;
        state_at(&mut red, i + 1).await;
        state_at(&mut black, i + 1).await;
    }

    // Redis comes back from a snapshot taken two moves ago: its list of the game's
    // events is two shorter than both instances have.
    let client = redis::Client::open(format!("redis://127.0.0.1:{redis_port}/")).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    let key = format!("surakarta:game:{id}:events");
    let _: () = redis::cmd("LTRIM")
        .arg(&key)
        .arg(0)
        .arg(3)
        .query_async(&mut conn)
        .await
        .unwrap();

    // Red (to move at both 2 and 4 plies) offers a draw: taken, on the game as Redis has
    // it, and both instances show that game (first as Redis has it, then with the offer).
    send(&mut red, json!({ "type": "offer_draw" })).await;
    for socket in [&mut red, &mut black] {
        let rewound = state_at(socket, 2).await;
        let offered = match rewound["draw_offer"].as_str() {
            Some(_) => rewound,
            None => next(socket).await,
        };
        assert_eq!(offered["draw_offer"], "red", "{offered}");
        assert_eq!(offered["plies"], 2, "{offered}");
    }

    // And the game goes on from there, through both instances.
    send(&mut black, json!({ "type": "decline_draw" })).await;
    let declined = next(&mut red).await;
    assert_eq!(
        declined["draw_offer"],
        serde_json::Value::Null,
        "{declined}"
    );
    send(&mut red, json!({ "type": "move", "move": "c2-c3" })).await;
    let on_b = state_at(&mut black, 3).await;
    assert_eq!(on_b["draw_offer"], serde_json::Value::Null);
    send(&mut black, json!({ "type": "move", "move": "c5-c4" })).await;
    assert_eq!(state_at(&mut red, 4).await["plies"], 4);
    assert_eq!(state(b_addr, &id).await["plies"], 4);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_clock_runs_out_for_players_on_two_instances_alike() {
    let Some((_redis, port)) = redis().await else {
        return;
    };
    let (_a, a) = instance(port).await;
    let (_b, b) = instance(port).await;
    let clock = json!({ "initial": 1, "increment": 0 });
    let (id, red_token, black_token) = timed_game(a, clock).await;
    let (mut red, _) = connect(a, &id, Some(&red_token)).await;
    let (mut black, _) = connect(b, &id, Some(&black_token)).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(state_at(&mut black, 1).await["plies"], 1);
    send(&mut black, json!({ "type": "move", "move": "e5-e4" })).await;
    assert_eq!(state_at(&mut red, 2).await["clock"]["running"], "red");
    // Both instances have a timer; the loss on time is stored once and told on both.
    for socket in [&mut red, &mut black] {
        let end = loop {
            let v = next(socket).await;
            if !v["termination"].is_null() {
                break v;
            }
        };
        assert_eq!(
            (end["result"].as_str(), end["termination"].as_str()),
            (Some("0-1"), Some("time-forfeit"))
        );
    }
    // Both instances have the same ending, with the moves before it.
    for instance in [a, b] {
        let stored = state(instance, &id).await;
        assert_eq!(stored["termination"], "time-forfeit", "{stored}");
        assert_eq!(stored["plies"], 2);
        assert_eq!(stored["clock"]["red"], 0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_on_one_instance_claims_against_one_who_left_another() {
    let Some((_redis, port)) = redis().await else {
        return;
    };
    // Untimed games: a claim after 1 s of absence.
    let claim_after = ["--claim-after-untimed", "1"];
    let (_a, a) = instance_with(port, &claim_after).await;
    let (_b, b) = instance_with(port, &claim_after).await;
    let (id, _, red_token) = create(a, "red").await;
    let (_, black_token) = join(a, &id).await;
    let (mut red, _) = connect(a, &id, Some(&red_token)).await;
    let (mut black, _) = connect(b, &id, Some(&black_token)).await;
    // Each instance knows the other's player is there: nobody is away.
    let seen = loop {
        let v = next_any(&mut red).await;
        if v["type"] == "presence" && v["away"]["black"].is_null() && v["away"]["red"].is_null() {
            break v;
        }
    };
    assert_eq!(seen["claim_after"], 1000, "{seen}");
    // A claim against a player who is there is refused.
    send(&mut black, json!({ "type": "claim", "result": "win" })).await;
    let refused = loop {
        let v = next_any(&mut black).await;
        if v["type"] == "error" {
            break v;
        }
    };
    assert!(
        refused["message"].as_str().unwrap().contains("connected"),
        "{refused}"
    );
    // Red's connection (on instance A) closes: Black, on B, is told Red is away...
    drop(red);
    let told = loop {
        let v = next_any(&mut black).await;
        if v["type"] == "presence" && !v["away"]["red"].is_null() {
            break v;
        }
    };
    assert!(told["away"]["black"].is_null(), "{told}");
    // ...and, a second later, claims the win there.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    send(&mut black, json!({ "type": "claim", "result": "win" })).await;
    let end = loop {
        let v = next_any(&mut black).await;
        assert_ne!(v["type"], "error", "{v}");
        if !v["termination"].is_null() {
            break v;
        }
    };
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("0-1"), Some("abandoned"))
    );
    assert_eq!(state(a, &id).await["termination"], "abandoned");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unfinished_game_ends_with_a_result_before_redis_expires_it() {
    let Some((_redis, redis_port)) = redis().await else {
        return;
    };
    let (_a, addr) =
        instance_with(redis_port, &["--expire-after", "6", "--sweep-every", "1"]).await;
    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(next(&mut black).await["plies"], 1);
    assert_eq!(play(&mut black, "e5-e4").await["plies"], 2);
    assert_eq!(next(&mut red).await["plies"], 2);
    assert_eq!(play(&mut red, "b3-b4").await["plies"], 3);
    drop((red, black));
    let mut ended = Value::Null;
    for _ in 0..60 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let reply = get(addr, &format!("/api/games/{id}")).await;
        assert_eq!(reply.status, 200, "expired before it ended");
        ended = reply.json();
        if !ended["termination"].is_null() {
            break;
        }
    }
    // Black, to move, left it: Red wins.
    assert_eq!(ended["termination"], "abandoned", "{ended}");
    assert_eq!(ended["result"], "1-0");
}

/// Two instances' stores append to one game at once: one is taken, the other is told of
/// the conflict (what makes an instance read what it missed), whatever the timing.
#[tokio::test(flavor = "multi_thread")]
async fn two_stores_appending_at_once_conflict_and_one_is_kept() {
    use surakarta_server::store::Appended;
    use surakarta_server::store::redis::RedisStore;
    let Some((_redis, port)) = redis().await else {
        return;
    };
    let url = format!("redis://127.0.0.1:{port}/");
    let idle = Duration::from_secs(600);
    let (a, b) = (
        RedisStore::connect(&url, idle).await.unwrap(),
        RedisStore::connect(&url, idle).await.unwrap(),
    );
    assert!(a.create("g1", "standard", "seat red x").await.unwrap());
    assert!(!b.create("g1", "standard", "seat red y").await.unwrap());
    for seq in 1..20u64 {
        let (from_a, from_b) = (format!("from a {seq}"), format!("from b {seq}"));
        let (one, other) = tokio::join!(a.append("g1", seq, &from_a), b.append("g1", seq, &from_b));
        let mut both = [one.unwrap(), other.unwrap()];
        both.sort_by_key(|x| *x != Appended::Done);
        assert_eq!(both, [Appended::Done, Appended::Conflict], "at {seq}");
    }
    // Behind, ahead, or a game that is not there.
    assert_eq!(a.append("g1", 3, "late").await.unwrap(), Appended::Conflict);
    assert_eq!(
        a.append("g1", 99, "early").await.unwrap(),
        Appended::Conflict
    );
    assert_eq!(a.append("nope", 0, "x").await.unwrap(), Appended::Gone);
    let kept = b.load("g1").await.unwrap().unwrap().events;
    assert_eq!(kept.len(), 20, "{kept:?}");
    assert!(
        kept[1..]
            .iter()
            .enumerate()
            .all(|(i, e)| e.ends_with(&format!(" {}", i + 1)))
    );
}

/// Issue 62: 200 connections holding Black's seat, half on each of two instances, accept
/// one rematch offer at once: one game is made, whichever instance each accept reached.
#[tokio::test(flavor = "multi_thread")]
async fn two_hundred_accepts_at_once_on_two_instances_make_one_game() {
    let Some((_redis, port)) = redis().await else {
        return;
    };
    let (_a, a) = instance(port).await;
    let (_b, b) = instance(port).await;
    let (id, _, black_token) = rematch_offered(a).await;
    let (refused, new_id) = accept_at_once(&[a, b], &id, &black_token, 200).await;
    assert_eq!(refused, 199, "one accept is taken, every other refused");
    let client = redis::Client::open(format!("redis://127.0.0.1:{port}/")).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    let mut games: Vec<String> = redis::cmd("ZRANGE")
        .arg("surakarta:updated")
        .arg(0)
        .arg(-1)
        .query_async(&mut conn)
        .await
        .unwrap();
    games.sort();
    let mut expected = vec![id, new_id];
    expected.sort();
    assert_eq!(
        games, expected,
        "the game and its one rematch, nothing else"
    );
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg("surakarta:game:*")
        .query_async(&mut conn)
        .await
        .unwrap();
    assert_eq!(keys.len(), 4, "two keys a game: {keys:?}");
}

/// Stops (`SIGSTOP`) or resumes (`SIGCONT`) the Redis server: it keeps its connections
/// and what they sent, and answers nothing meanwhile, as a stalled server does.
fn signal(redis: &Running, which: &str) {
    let status = Command::new("kill")
        .args([which, &redis.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits until the instance's health check says the store answers again.
async fn healthy(addr: std::net::SocketAddr) {
    while health(addr).await.0 != 200 {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Issue 62: with Redis stalled, a move answered "nothing changed" had in fact been
/// stored when Redis resumed. An outcome the server does not know is said to be unknown
/// (code `outcome_unknown`: the client reads the game again), and the move, stored after
/// all, reaches both players when Redis resumes.
#[tokio::test(flavor = "multi_thread")]
async fn a_move_whose_outcome_is_unknown_is_not_said_to_have_changed_nothing() {
    let Some((redis, port)) = redis().await else {
        return;
    };
    let (_a, addr) = instance(port).await;
    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    signal(&redis, "-STOP");
    send(
        &mut red,
        json!({ "type": "move", "move": "b2-b3", "ply": 0 }),
    )
    .await;
    let answer = loop {
        let v = next(&mut red).await;
        if v["type"] == "error" {
            break v;
        }
    };
    signal(&redis, "-CONT");
    eprintln!("the answer while Redis was stalled: {answer}");
    assert_eq!(answer["code"], "outcome_unknown", "{answer}");
    assert!(
        !answer["message"]
            .as_str()
            .unwrap()
            .contains("nothing changed"),
        "{answer}"
    );
    // Redis resumes and runs the append it had read: the move was stored, and both
    // players are told.
    assert_eq!(state_at(&mut black, 1).await["plies"], 1);
    assert_eq!(state_at(&mut red, 1).await["plies"], 1);
    healthy(addr).await;
    assert_eq!(state(addr, &id).await["plies"], 1);
    // The client's resend with its ply (what it does after reading the game again) is
    // refused, not played twice.
    send(
        &mut red,
        json!({ "type": "move", "move": "b2-b3", "ply": 0 }),
    )
    .await;
    let again = next(&mut red).await;
    assert_eq!(again["type"], "error", "{again}");
    assert_eq!(state(addr, &id).await["plies"], 1);
}

/// Issue 62: Redis away longer than an instance's heartbeat lives (30 s), Black connected
/// to instance B all along: B's key lapsed meanwhile, and Red's claim on A right after
/// Redis came back won "abandoned". Now claims wait until every instance has had the time
/// to say again that it runs.
#[tokio::test(flavor = "multi_thread")]
async fn a_redis_outage_does_not_let_a_connected_player_be_claimed_against() {
    let Some((redis, port)) = redis().await else {
        return;
    };
    let claim_after = ["--claim-after-untimed", "1"];
    let (_a, a) = instance_with(port, &claim_after).await;
    let (_b, b) = instance_with(port, &claim_after).await;
    let (id, _, red_token) = create(a, "red").await;
    let (_, black_token) = join(a, &id).await;
    let (mut red, _) = connect(a, &id, Some(&red_token)).await;
    let (mut black, _) = connect(b, &id, Some(&black_token)).await;
    loop {
        let v = next_any(&mut red).await;
        if v["type"] == "presence" && v["away"]["black"].is_null() && v["away"]["red"].is_null() {
            break;
        }
    }
    // Longer than the heartbeat's 30 s: every instance's key lapses.
    signal(&redis, "-STOP");
    tokio::time::sleep(Duration::from_secs(35)).await;
    signal(&redis, "-CONT");
    healthy(a).await;
    send(&mut red, json!({ "type": "claim", "result": "win" })).await;
    let refused = loop {
        let v = next_any(&mut red).await;
        assert!(v["termination"].is_null(), "claimed: {v}");
        if v["type"] == "error" {
            break v;
        }
    };
    eprintln!("a claim right after the outage: {refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("store"),
        "{refused}"
    );
    assert!(state(a, &id).await["termination"].is_null());
    // Black was there all along, and still is.
    send(&mut black, json!({ "type": "ping" })).await;
    loop {
        if next(&mut black).await["type"] == "pong" {
            break;
        }
    }
}

/// A live game of `initial` seconds, Red on `a` and Black on `b`, both first moves made:
/// Red's clock runs. (id, Red's token, Black's token, Red's socket, Black's socket.)
async fn clocks_running(
    a: std::net::SocketAddr,
    b: std::net::SocketAddr,
    initial: u64,
) -> (String, String, String, Socket, Socket) {
    let clock = json!({ "initial": initial, "increment": 0 });
    let (id, red_token, black_token) = timed_game(a, clock).await;
    let (mut red, _) = connect(a, &id, Some(&red_token)).await;
    let (mut black, _) = connect(b, &id, Some(&black_token)).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(state_at(&mut black, 1).await["plies"], 1);
    send(&mut black, json!({ "type": "move", "move": "e5-e4" })).await;
    assert_eq!(state_at(&mut red, 2).await["clock"]["running"], "red");
    (id, red_token, black_token, red, black)
}

/// What Red's clock lost between two states of a game.
fn red_lost(before: &Value, after: &Value) -> i64 {
    before["clock"]["red"].as_i64().unwrap() - after["clock"]["red"].as_i64().unwrap()
}

/// Issue 62.11: every instance stopped for 2.5 s (killed), then started again: no clock is
/// charged the downtime, and a clock with less time left than the outage has not run out.
#[tokio::test(flavor = "multi_thread")]
async fn instances_all_stopped_charge_no_clock_for_the_downtime() {
    let Some((_redis, port)) = redis().await else {
        return;
    };
    let (a, a_addr) = instance(port).await;
    let (b, b_addr) = instance(port).await;
    let (long, ..) = clocks_running(a_addr, b_addr, 600).await;
    let (short, red_token, ..) = clocks_running(a_addr, b_addr, 2).await;
    let before = state(a_addr, &long).await;
    let asked = std::time::Instant::now();
    drop(a); // killed
    drop(b);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (_a, a_addr) = instance(port).await;
    let (_b, b_addr) = instance(port).await;
    let after = state(b_addr, &long).await;
    let lost = red_lost(&before, &after);
    let between = asked.elapsed().as_millis();
    eprintln!("red's clock lost {lost} ms over {between} ms with 2,500 ms of downtime");
    // The moments the instances ran (to the kill; from the first start to this read),
    // less what it may have gained from their last beat to the kill.
    assert!(
        (-800..=800).contains(&lost),
        "lost {lost} ms over {between} ms"
    );
    assert_eq!(after["clock"]["black"], before["clock"]["black"]);
    // Both instances have the same clocks: the time given back is stored once.
    let on_a = state(a_addr, &long).await;
    let apart = red_lost(&after, &on_a);
    assert!(
        (0..=500).contains(&apart),
        "a's clock {apart} ms behind b's"
    );
    // The 2 s game has not run out, and Red moves on the other instance.
    let short_now = state(a_addr, &short).await;
    assert!(short_now["termination"].is_null(), "{short_now}");
    assert_eq!(short_now["clock"]["running"], "red");
    let (mut red, _) = connect(a_addr, &short, Some(&red_token)).await;
    send(
        &mut red,
        json!({ "type": "move", "move": "b3-b4", "ply": 2 }),
    )
    .await;
    let moved = state_at(&mut red, 3).await;
    assert!(moved["termination"].is_null(), "{moved}");
    assert_eq!(state(b_addr, &short).await["plies"], 3);
}

/// One instance stopped while the other ran: that was no outage (the game could be played
/// on the other), and Red's clock ran on all along.
#[tokio::test(flavor = "multi_thread")]
async fn an_instance_restarted_while_another_ran_gives_no_time_back() {
    let Some((_redis, port)) = redis().await else {
        return;
    };
    let (_a, a_addr) = instance(port).await;
    let (b, b_addr) = instance(port).await;
    let (long, ..) = clocks_running(a_addr, b_addr, 600).await;
    let before = state(a_addr, &long).await;
    let asked = std::time::Instant::now();
    drop(b); // killed
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (_b, b_addr) = instance(port).await;
    let after = state(b_addr, &long).await;
    let lost = red_lost(&before, &after);
    let between = asked.elapsed().as_millis() as i64;
    eprintln!("red's clock lost {lost} ms over {between} ms, one instance of two down 2,500 ms");
    assert!(
        (lost - between).abs() <= 500,
        "lost {lost} ms over {between} ms"
    );
    let on_a = state(a_addr, &long).await;
    assert!(red_lost(&after, &on_a) >= 0, "{on_a}");
}

/// Redis away for 3 s with the instance running: nothing could be played, and the time is
/// given back to the running clock once Redis answers again (told to the players).
#[tokio::test(flavor = "multi_thread")]
async fn a_redis_outage_is_given_back_to_the_running_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let Some((redis, _)) = redis_on(port, Some(dir.path())).await else {
        return;
    };
    let (_a, addr) = instance(port).await;
    let (long, _, _, mut red, _black) = clocks_running(addr, addr, 600).await;
    let before = state(addr, &long).await;
    let asked = std::time::Instant::now();
    drop(redis);
    tokio::time::sleep(Duration::from_millis(3000)).await;
    let (_redis, _) = redis_on(port, Some(dir.path())).await.unwrap();
    healthy(addr).await;
    // Red's connection is told the clocks with the time given back.
    let told = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let v = next(&mut red).await;
            if v["type"] == "state" && red_lost(&before, &v) < 1000 {
                return v;
            }
        }
    })
    .await
    .expect("the clocks are told again once the outage is given back");
    let lost = red_lost(&before, &told);
    let between = asked.elapsed().as_millis();
    eprintln!("red's clock lost {lost} ms over {between} ms with Redis away 3,000 ms");
    assert!(
        (-800..=800).contains(&lost),
        "lost {lost} ms over {between} ms"
    );
    let after = state(addr, &long).await;
    assert!(red_lost(&told, &after) >= 0);
    assert!(red_lost(&before, &after) < 1500, "{after}");
}
