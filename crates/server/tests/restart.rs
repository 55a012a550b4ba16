//! `kill -9` in mid-game: the real binary killed eight times while a move is in flight, restarted on
//! the same file, loses no move anyone was told of, and the players carry on; and its
//! downtime is charged to no clock (issue 62.11).

mod common;

use common::*;
use futures_util::StreamExt;
use std::process::Child;
use std::time::Duration;
use surakarta_engine::{Game, Record};

struct Process {
    child: Child,
    addr: std::net::SocketAddr,
}

impl Process {
    /// The server on `db`, on a port it picks itself (a restart gets a new one: the
    /// players connect again to wherever it is, as they would through a proxy).
    async fn start(db: &std::path::Path) -> Process {
        let (child, addr) = spawn_server(&["--db".as_ref(), db.as_os_str()]);
        // Owned at once, so the process is killed and waited for whatever happens next.
        let process = Process { child, addr };
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(addr).await.is_ok() {
                return process;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the server did not start");
    }

    fn kill_9(&mut self) {
        self.child.kill().unwrap(); // SIGKILL on Unix
        self.child.wait().unwrap();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The game the server has, replayed from its record.
async fn server_game(addr: std::net::SocketAddr, id: &str) -> Game {
    let shown = state(addr, id).await;
    let record: Record = shown["record"].as_str().unwrap().parse().unwrap();
    record.to_game().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_killed_server_loses_no_move_it_told_anyone_of() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut server = Process::start(&db).await;
    let (id, _, red_token) = create(server.addr, "red").await;
    let (_, black_token) = join(server.addr, &id).await;

    // The moves anyone was told of: every state a player received.
    let mut told: Vec<String> = Vec::new();
    let mut kills = 0;
    let mut seed = 7u64;
    while kills < 8 {
        let (mut red, _) = connect(server.addr, &id, Some(&red_token)).await;
        let (mut black, _) = connect(server.addr, &id, Some(&black_token)).await;
        let mut game = server_game(server.addr, &id).await;
        // What the server has begins with everything it told.
        let have: Vec<String> = game.history().iter().map(|m| m.to_string()).collect();
        assert!(
            have.len() >= told.len(),
            "lost moves: had {told:?}, now {have:?}"
        );
        assert_eq!(have[..told.len()], told[..], "a told move changed");
        eprintln!("after a kill: told {}, stored {}", told.len(), have.len());
        told = have;
        if game.outcome().is_some() {
            break;
        }
        // A few moves told to both players, then one more sent and the server killed a
        // moment later, before or after it is committed, whichever comes first.
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let moves_first = 2 + (seed >> 33) % 10;
        let kill_after = Duration::from_micros((seed >> 20) % 1200);
        for n in 0..=moves_first {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.moves();
            let mv = moves.as_slice()[(seed as usize + told.len()) % moves.len()];
            let mover = if game.side_to_move() == surakarta_engine::Side::Red {
                &mut red
            } else {
                &mut black
            };
            send(
                mover,
                serde_json::json!({ "type": "move", "move": mv.to_string() }),
            )
            .await;
            if n == moves_first {
                tokio::time::sleep(kill_after).await;
                break; // in flight: the kill comes now
            }
            // The mover also hears of the other's last move: read on to this one's state.
            loop {
                let reply = mover.next().await;
                let Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) = reply else {
                    panic!("the connection closed with the server running");
                };
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                if v["type"] == "presence" {
                    continue; // the other player arrived
                }
                assert!(v["type"] == "state" || v["type"] == "moved", "{v}");
                if v["plies"] == told.len() + 1 {
                    break;
                }
            }
            game.try_play(mv).unwrap();
            told.push(mv.to_string());
        }
        server.kill_9();
        kills += 1;
        server = Process::start(&db).await;
    }
    assert_eq!(kills, 8, "the game went on through eight kills");
    assert!(told.len() > 10, "moves were played: {}", told.len());
    let game = server_game(server.addr, &id).await;
    let have: Vec<String> = game.history().iter().map(|m| m.to_string()).collect();
    assert_eq!(have[..told.len()], told[..]);
}

/// A live game with both players' first moves made, Red to move: (id, red's token,
/// black's token, red's socket, black's socket).
async fn clocks_running(
    addr: std::net::SocketAddr,
    initial: u64,
) -> (String, String, String, Socket, Socket) {
    let clock = serde_json::json!({ "initial": initial, "increment": 0 });
    let (id, red_token, black_token) = timed_game(addr, clock).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    let (mut black, _) = connect(addr, &id, Some(&black_token)).await;
    assert_eq!(play(&mut red, "b2-b3").await["plies"], 1);
    assert_eq!(next(&mut black).await["plies"], 1);
    assert_eq!(play(&mut black, "e5-e4").await["plies"], 2);
    (id, red_token, black_token, red, black)
}

/// Reads states until the one after `plies` moves.
async fn state_at(socket: &mut Socket, plies: usize) -> serde_json::Value {
    loop {
        let v = next(socket).await;
        if v["type"] == "presence" {
            continue;
        }
        assert!(v["type"] == "state" || v["type"] == "moved", "{v}");
        if v["plies"] == plies {
            return v;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_killed_server_charges_no_clock_for_its_downtime() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let mut server = Process::start(&db).await;
    let (long, ..) = clocks_running(server.addr, 600).await;
    // Red has under 2 s left here, and the server will be down for longer.
    let (short, red_token, ..) = clocks_running(server.addr, 2).await;
    let before = state(server.addr, &long).await;
    let asked = std::time::Instant::now();
    assert_eq!(before["clock"]["running"], "red");
    server.kill_9();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let server = Process::start(&db).await;
    let after = state(server.addr, &long).await;
    let between = asked.elapsed().as_millis() as i64;
    // Red's clock lost only the moments the server ran (from the state read to the kill,
    // from the restart to this read), not the 2.5 s it was down. It may have gained the
    // time from the server's last beat (every 0.5 s) to the kill.
    let lost = before["clock"]["red"].as_i64().unwrap() - after["clock"]["red"].as_i64().unwrap();
    eprintln!("red's clock lost {lost} ms over {between} ms with 2,500 ms of downtime");
    assert!(
        (-800..=600).contains(&lost),
        "lost {lost} ms over {between} ms"
    );
    assert_eq!(after["clock"]["black"], before["clock"]["black"]);
    assert_eq!(after["clock"]["running"], "red");
    // The short game's 2 s would have run out while the server was down: not lost on
    // time, and Red can still move.
    let short_now = state(server.addr, &short).await;
    assert!(short_now["termination"].is_null(), "{short_now}");
    assert_eq!(short_now["clock"]["running"], "red");
    assert!(
        short_now["clock"]["red"].as_u64().unwrap() > 0,
        "{short_now}"
    );
    let (mut red, _) = connect(server.addr, &short, Some(&red_token)).await;
    send(
        &mut red,
        serde_json::json!({ "type": "move", "move": "b3-b4", "ply": 2 }),
    )
    .await;
    let moved = state_at(&mut red, 3).await;
    assert!(moved["termination"].is_null(), "{moved}");
    assert_eq!(moved["clock"]["running"], "black");
    // Stored once: a second restart reads the same clocks (Black's untouched, Red's
    // stopped where its move left it).
    let red_left = moved["clock"]["red"].clone();
    drop(red);
    drop(server);
    let server = Process::start(&db).await;
    let again = state(server.addr, &short).await;
    assert_eq!(again["plies"], 3, "{again}");
    assert_eq!(again["clock"]["red"], red_left, "{again}");
    assert!(again["termination"].is_null(), "{again}");
}
