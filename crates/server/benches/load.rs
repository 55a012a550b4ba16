//! Many games at once against the real server binary, on loopback.
//!
//! ```text
//! cargo bench -p surakarta-server --bench load -- [--games 200] [--moves 40] [--think 20] [--clock M+S] [-- SERVER FLAGS]
//! ```
//!
//! `--clock 5+3` plays every game on that clock (minutes, seconds added a move), so every
//! game has a timer running; `--split` starts a second instance with the same flags (a
//! Redis store, then) and seats every game's Black on it; `SURAKARTA_SERVER=PATH` runs another server binary (an
//! earlier build, side by side). Starts `surakarta-server` on a fresh SQLite file (or whatever the flags after `--` say,
//! such as `--store redis://127.0.0.1:6379/`), seats two players in each game, and plays
//! every game at once once all are set up, each player waiting up to `--think`
//! milliseconds before a move (the first one too): each move is timed from the mover
//! sending it to the opponent receiving the state after it. Prints games at once, moves
//! per second, the latency's p50, p99 and worst, the same for a lone `fdatasync` of a
//! small file beside the database timed meanwhile (what the disk gives any commit: with
//! another process busy on the same disk a move cannot be stored faster than that), the
//! CPU the (first) server and the
//! bench's own clients used while the games were played, and the server's memory per
//! game (resident size after all games are connected and have played, less the size
//! before the first game).

use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use surakarta_engine::{Game, Side};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn post(addr: SocketAddr, path: &str, body: &str) -> Value {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.unwrap();
    let body = raw.split("\r\n\r\n").nth(1).unwrap_or_default();
    serde_json::from_str(body).unwrap_or_else(|_| panic!("{raw}"))
}

async fn connect(addr: SocketAddr, id: &str, token: &str) -> Socket {
    let url = format!("ws://{addr}/api/games/{id}/ws");
    // As the server's own: tungstenite's default 128 KiB read buffer is zeroed on every
    // read, which made memset a third of the bench's own CPU (the clients share the
    // server's two cores).
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let mut socket = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .unwrap()
        .0;
    let hello = json!({ "type": "hello", "token": token }).to_string();
    socket.send(Message::Text(hello.into())).await.unwrap();
    socket
}

/// Reads until the state after `plies` moves.
async fn until(socket: &mut Socket, plies: usize) {
    loop {
        let text = match socket.next().await {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(_)) => continue,
            other => panic!("connection lost: {other:?}"),
        };
        // Only what is looked at is read (a whole `Value` made the bench's clients
        // spend on allocation what the server needs).
        #[derive(serde::Deserialize)]
        struct Seen<'a> {
            #[serde(rename = "type", borrow)]
            kind: &'a str,
            plies: Option<usize>,
        }
        let seen: Seen = serde_json::from_str(&text).unwrap();
        assert_ne!(seen.kind, "error", "{text}");
        if seen.plies == Some(plies) {
            return;
        }
    }
}

/// The CPU time a process has used, in seconds (Linux's `/proc`, at 100 ticks a second).
fn cpu_seconds(pid: &str) -> f64 {
    stat_cpu_seconds(std::path::Path::new(&format!("/proc/{pid}/stat")))
}

/// The CPU time in a `/proc/.../stat` file (a process's or one thread's), in seconds.
fn stat_cpu_seconds(path: &std::path::Path) -> f64 {
    let stat = std::fs::read_to_string(path).unwrap_or_default();
    // After the command's name (in parentheses): utime and stime are fields 12 and 13.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// The CPU time, in seconds, of the threads of process `pid` named `name` (the server's
/// SQLite thread is "sqlite store").
fn thread_cpu_seconds(pid: &str, name: &str) -> f64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0.0;
    };
    tasks
        .flatten()
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|comm| comm.trim() == name)
        })
        .map(|task| stat_cpu_seconds(&task.path().join("stat")))
        .sum()
}

/// The machine's CPU time so far (`/proc/stat`'s first line, in ticks): all of it, the
/// idle part (with I/O wait) and the part a virtual machine's host took (steal).
fn machine_ticks() -> [u64; 3] {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let fields: Vec<u64> = stat
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    let at = |i: usize| fields.get(i).copied().unwrap_or(0);
    [fields.iter().take(8).sum(), at(3) + at(4), at(7)]
}

/// What the disk under the database does meanwhile: from another thread, 4 KiB written
/// over a small file beside it and `fdatasync`ed every 10 ms until `stop`, each sync timed
/// in milliseconds. The server's commits wait for the same device flush, so a move's
/// latency can be read against what one lone sync of the same disk took in the same run.
fn probe_disk(dir: &std::path::Path, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<Vec<f64>> {
    use std::os::unix::fs::FileExt;
    let path = dir.join("probe");
    std::thread::spawn(move || {
        let Ok(file) = std::fs::File::create(&path) else {
            return Vec::new();
        };
        let page = [7u8; 4096];
        let mut times = Vec::new();
        let mut i = 0u64;
        while !stop.load(Ordering::Relaxed) {
            if file.write_at(&page, (i % 16) * 4096).is_err() {
                break;
            }
            i += 1;
            let started = Instant::now();
            if file.sync_data().is_err() {
                break;
            }
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            std::thread::sleep(Duration::from_millis(10));
        }
        times
    })
}

/// The value at quantile `q` of sorted `values` (0 when there are none).
fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values[((values.len() as f64 - 1.0) * q).round() as usize]
}

fn resident_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

async fn play(
    (addr, black_addr): (SocketAddr, SocketAddr),
    index: usize,
    moves: usize,
    think: u64,
    clock: Option<(u64, u64)>,
    ready: Arc<Barrier>,
) -> Vec<Duration> {
    // Players arrive over the first second or so, not all in one instant.
    tokio::time::sleep(Duration::from_micros(500 * index as u64)).await;
    let mut body = json!({ "ruleset": "standard", "seat": "red" });
    if let Some((minutes, increment)) = clock {
        body["clock"] = json!({ "initial": minutes * 60, "increment": increment });
    }
    let created = post(addr, "/api/games", &body.to_string()).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let joined = post(addr, &format!("/api/games/{id}/join"), "{}").await;
    let mut red = connect(addr, &id, created["token"].as_str().unwrap()).await;
    let mut black = connect(black_addr, &id, joined["token"].as_str().unwrap()).await;
    until(&mut red, 0).await;
    until(&mut black, 0).await;
    // Every game is set up before any is played: what is timed is play, not a crowd of
    // players arriving.
    ready.wait().await;
    let mut rng = SmallRng::seed_from_u64(index as u64);
    // Red thinks over the first move too: the games do not all move in one instant.
    tokio::time::sleep(Duration::from_millis(rng.random_range(0..=think))).await;
    let mut game = Game::default();
    let mut times = Vec::with_capacity(moves);
    for _ in 0..moves {
        if game.outcome().is_some() {
            break;
        }
        let list = game.moves();
        let mv = list.as_slice()[rng.random_range(0..list.len())];
        game.try_play(mv).unwrap();
        let (mover, other) = match game.side_to_move() {
            Side::Black => (&mut red, &mut black),
            Side::Red => (&mut black, &mut red),
        };
        let text = json!({ "type": "move", "move": mv.to_string() }).to_string();
        let sent = Instant::now();
        mover.send(Message::Text(text.into())).await.unwrap();
        until(other, game.history().len()).await;
        times.push(sent.elapsed());
        // Think for a moment, as players do, so the games interleave.
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..=think))).await;
    }
    times
}

fn main() {
    // `cargo bench` adds `--bench`.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let flag = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(default)
    };
    let (games, moves) = (flag("--games", 200), flag("--moves", 40));
    let think = flag("--think", 20) as u64;
    let clock = args.iter().position(|a| a == "--clock").and_then(|i| {
        let (m, s) = args.get(i + 1)?.split_once('+')?;
        Some((m.parse().ok()?, s.parse().ok()?))
    });
    let server_flags: Vec<&String> = match args.iter().position(|a| a == "--") {
        Some(i) => args[i + 1..].iter().collect(),
        None => Vec::new(),
    };
    let split = args.iter().any(|a| a == "--split");
    let dir = std::env::temp_dir().join(format!("surakarta-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = std::env::var("SURAKARTA_SERVER")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_surakarta-server").to_owned());
    let start = || {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let server = Command::new(&binary)
            .args(["--listen", &addr.to_string(), "--db"])
            .arg(dir.join("games.sqlite"))
            .args(&server_flags)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        (addr, server)
    };
    let (addr, mut server) = start();
    let mut second = split.then(start);
    let black_addr = second.as_ref().map_or(addr, |(a, _)| *a);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let probe_stop = Arc::new(AtomicBool::new(false));
    let mut probe = None;
    let (times, elapsed, before, after, set_up, cpu_used, machine) = runtime.block_on(async {
        for at in [addr, black_addr] {
            for _ in 0..400 {
                if tokio::net::TcpStream::connect(at).await.is_ok() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        }
        let before = resident_kib(server.id());
        // The last game to be set up starts the clock of the run.
        let ready = Arc::new(Barrier::new(games + 1));
        let tasks: Vec<_> = (0..games)
            .map(|i| {
                let ready = ready.clone();
                tokio::spawn(play((addr, black_addr), i, moves, think, clock, ready))
            })
            .collect();
        let setting_up = Instant::now();
        let set_up_in = Duration::from_secs(300);
        if tokio::time::timeout(set_up_in, ready.wait()).await.is_err() {
            panic!("the games were not all set up within {set_up_in:?}");
        }
        let set_up = setting_up.elapsed();
        let started = Instant::now();
        let server_pid = server.id().to_string();
        let cpu_before = (
            cpu_seconds(&server_pid),
            cpu_seconds("self"),
            thread_cpu_seconds(&server_pid, "sqlite store"),
        );
        let machine_before = machine_ticks();
        probe = Some(probe_disk(&dir, probe_stop.clone()));
        let mut times = Vec::new();
        for t in tasks {
            times.extend(t.await.unwrap());
        }
        let elapsed = started.elapsed();
        probe_stop.store(true, Ordering::Relaxed);
        let cpu_used = (
            cpu_seconds(&server_pid) - cpu_before.0,
            cpu_seconds("self") - cpu_before.1,
            thread_cpu_seconds(&server_pid, "sqlite store") - cpu_before.2,
        );
        let machine = machine_ticks().map(|t| t as f64);
        let machine: Vec<f64> = (0..3)
            .map(|i| machine[i] - machine_before[i] as f64)
            .collect();
        let after = resident_kib(server.id());
        (times, elapsed, before, after, set_up, cpu_used, machine)
    });
    for server in std::iter::once(&mut server).chain(second.as_mut().map(|(_, s)| s)) {
        let _ = server.kill();
        let _ = server.wait();
    }
    let mut syncs = probe.and_then(|p| p.join().ok()).unwrap_or_default();
    syncs.sort_by(f64::total_cmp);
    let _ = std::fs::remove_dir_all(&dir);
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| quantile(&ms, q);
    let on = clock.map_or("no clock".to_owned(), |(m, s)| format!("{m} + {s}"));
    let instances = if split {
        "Red and Black on two instances"
    } else {
        "one instance"
    };
    println!("games at once:   {games} (thinking up to {think} ms a move, {on}, {instances})");
    println!(
        "moves played:    {} in {:.1} s (after {:.1} s setting the games up)",
        ms.len(),
        elapsed.as_secs_f64(),
        set_up.as_secs_f64()
    );
    println!(
        "moves per second: {:.0}",
        ms.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "move to opponent: p50 {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    println!(
        "a lone fdatasync of 4 KiB beside the database meanwhile ({} of them): p50 {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
        syncs.len(),
        quantile(&syncs, 0.5),
        quantile(&syncs, 0.99),
        quantile(&syncs, 1.0)
    );
    let moves_cpu = |seconds: f64| seconds * 1e6 / ms.len().max(1) as f64;
    println!(
        "CPU while playing: the server {:.2} of a core ({:.0} µs a move, {:.0} of them its SQLite thread's), the bench's clients {:.2} ({:.0} µs a move)",
        cpu_used.0 / elapsed.as_secs_f64(),
        moves_cpu(cpu_used.0),
        moves_cpu(cpu_used.2),
        cpu_used.1 / elapsed.as_secs_f64(),
        moves_cpu(cpu_used.1)
    );
    let share = |part: f64| 100.0 * part / machine[0].max(1.0);
    println!(
        "the machine meanwhile: {:.0}% idle, {:.0}% taken by its host (steal)",
        share(machine[1]),
        share(machine[2])
    );
    println!(
        "server memory:   {} KiB before, {} KiB with every game loaded and connected: {:.1} KiB a game",
        before,
        after,
        after.saturating_sub(before) as f64 / games as f64
    );
}
