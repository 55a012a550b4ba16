//! A client of the API as another program would be: plain HTTP/1.1 over a socket and a
//! WebSocket, nothing of the server's own code.
#![allow(dead_code, reason = "each test file uses part of it")]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use surakarta_server::{Config, StoreChoice};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A server in this process, stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub dir: tempfile::TempDir,
}

impl Server {
    pub async fn start() -> Server {
        Server::start_with(|_| {}).await
    }

    pub async fn start_with(change: impl FnOnce(&mut Config)) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::new(StoreChoice::Sqlite(dir.path().join("games.sqlite")));
        change(&mut config);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            surakarta_server::serve(listener, config, async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        Server {
            addr,
            stop: Some(stop),
            dir,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// A response: status, headers (lower-case names) and body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", String::from_utf8_lossy(&self.body)))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request with `Connection: close`; `extra` is more header lines.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &[u8],
) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n{extra}\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
    {
        body = unchunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(std::str::from_utf8(&raw[..end]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[end + 2..end + 2 + size]);
        raw = &raw[end + 4 + size..];
    }
}

pub async fn get(addr: SocketAddr, path: &str) -> Reply {
    request(addr, "GET", path, "", b"").await
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> Reply {
    let body = body.to_string();
    request(
        addr,
        "POST",
        path,
        "Content-Type: application/json\r\n",
        body.as_bytes(),
    )
    .await
}

/// A new game: (id, seat, token).
pub async fn create(addr: SocketAddr, seat: &str) -> (String, String, String) {
    let reply = post(
        addr,
        "/api/games",
        json!({ "ruleset": "standard", "seat": seat }),
    )
    .await;
    assert_eq!(
        reply.status,
        201,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = reply.json();
    let id = v["id"].as_str().unwrap().to_owned();
    assert_eq!(v["invite"], format!("/?join={id}"));
    (
        id,
        v["seat"].as_str().unwrap().into(),
        v["token"].as_str().unwrap().into(),
    )
}

/// A game with this clock, both seats taken: (id, red's token, black's token).
pub async fn timed_game(addr: std::net::SocketAddr, clock: Value) -> (String, String, String) {
    let reply = post(addr, "/api/games", json!({ "seat": "red", "clock": clock })).await;
    assert_eq!(
        reply.status,
        201,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = reply.json();
    let id = v["id"].as_str().unwrap().to_owned();
    let red = v["token"].as_str().unwrap().to_owned();
    let (seat, black) = join(addr, &id).await;
    assert_eq!(seat, "black");
    (id, red, black)
}

/// Joins the free seat: (seat, token).
pub async fn join(addr: SocketAddr, id: &str) -> (String, String) {
    let reply = post(addr, &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(
        reply.status,
        200,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = reply.json();
    (
        v["seat"].as_str().unwrap().into(),
        v["token"].as_str().unwrap().into(),
    )
}

pub async fn state(addr: SocketAddr, id: &str) -> Value {
    let reply = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(reply.status, 200);
    reply.json()
}

/// Opens the game's WebSocket (`token` None: a watcher) and reads the first state.
pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> (Socket, Value) {
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
        .await
        .unwrap();
    if let Some(token) = token {
        send(&mut socket, json!({ "type": "hello", "token": token })).await;
    }
    let first = next(&mut socket).await;
    assert_eq!(first["type"], "state");
    (socket, first)
}

/// The next text message but `presence` (a player arriving or leaving), as JSON (fails
/// after 5 s).
pub async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = next_any(socket).await;
        if message["type"] != "presence" {
            return message;
        }
    }
}

/// The next text message, as JSON (fails after 5 s).
pub async fn next_any(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a message within 5 s")
            .expect("the connection open")
            .expect("a good frame");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Nothing arrives for a moment.
pub async fn quiet(socket: &mut Socket) {
    loop {
        match tokio::time::timeout(Duration::from_millis(300), socket.next()).await {
            Err(_) => return,
            Ok(Some(Ok(Message::Text(text)))) if text.contains("\"type\":\"presence\"") => {}
            Ok(Some(Ok(Message::Text(text)))) => panic!("unexpected message: {text}"),
            Ok(Some(Ok(_))) => continue,
            Ok(other) => panic!("the connection ended: {other:?}"),
        }
    }
}

pub async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .unwrap();
}

pub async fn send_text(socket: &mut Socket, text: &str) {
    socket
        .send(Message::Text(text.to_owned().into()))
        .await
        .unwrap();
}

/// Sends a move and reads the state that follows (or the error).
pub async fn play(socket: &mut Socket, mv: &str) -> Value {
    send(socket, json!({ "type": "move", "move": mv })).await;
    next(socket).await
}

/// True once the game is no longer stored (asked every 200 ms, for 10 s at most).
pub async fn gone_within_10_s(addr: SocketAddr, id: &str) -> bool {
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        if get(addr, &format!("/api/games/{id}")).await.status == 404 {
            return true;
        }
    }
    false
}

/// Starts the server binary with `args` on a port the system picks (`--listen
/// 127.0.0.1:0`), and reads the address it bound back from its log: no port is chosen
/// here and freed for someone else to take first.
pub fn spawn_server(args: &[&std::ffi::OsStr]) -> (std::process::Child, SocketAddr) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_surakarta-server"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .env("RUST_LOG", "surakarta_server=info")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = loop {
        let Some(Ok(line)) = lines.next() else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server ended before it listened");
        };
        if let Some((_, rest)) = line.split_once("listening on ") {
            let addr: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | ':' | '[' | ']'))
                .collect();
            break addr.parse().unwrap();
        }
    };
    // The rest of its log is read and dropped, so that a full pipe never stops it.
    std::thread::spawn(move || lines.for_each(drop));
    (child, addr)
}

/// A port on loopback that was free a moment ago, for programs that cannot bind port 0
/// and say which they got (redis-server): a caller that finds it taken tries another.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A finished game whose Red has offered a rematch, played on `addr`: (id, red's token,
/// black's token).
pub async fn rematch_offered(addr: SocketAddr) -> (String, String, String) {
    let (id, _, red_token) = create(addr, "red").await;
    let (_, black_token) = join(addr, &id).await;
    let (mut red, _) = connect(addr, &id, Some(&red_token)).await;
    send(&mut red, json!({ "type": "resign" })).await;
    loop {
        if next(&mut red).await["termination"] == "resignation" {
            break;
        }
    }
    send(&mut red, json!({ "type": "rematch" })).await;
    loop {
        if next(&mut red).await["rematch_offer"] == "red" {
            break;
        }
    }
    (id, red_token, black_token)
}

/// `n` connections holding Black's seat, spread over `addrs`, all accept the rematch at
/// once: how many of them were refused, and the rematch's id every one of them was told.
pub async fn accept_at_once(
    addrs: &[SocketAddr],
    id: &str,
    token: &str,
    n: usize,
) -> (usize, String) {
    let mut sockets = Vec::new();
    for i in 0..n {
        let (socket, _) = connect(addrs[i % addrs.len()], id, Some(token)).await;
        sockets.push(socket);
    }
    // Every accept is sent before any answer is read.
    let accept = json!({ "type": "accept_rematch" }).to_string();
    let sent = sockets.iter_mut().map(|socket| async {
        send_text(socket, &accept).await;
        send_text(socket, &json!({ "type": "ping" }).to_string()).await;
    });
    futures_util::future::join_all(sent).await;
    let mut refused = 0;
    let mut ids = std::collections::BTreeSet::new();
    for socket in &mut sockets {
        // A connection's answers come in order: its accept's (an error, or nothing) before
        // its pong; the state naming the rematch may come before or after.
        let (mut ponged, mut told) = (false, false);
        while !(ponged && told) {
            let v = next(socket).await;
            match v["type"].as_str() {
                Some("pong") => ponged = true,
                Some("error") => refused += 1,
                _ => {}
            }
            if let Some(rematch) = v["rematch"].as_str() {
                ids.insert(rematch.to_owned());
                told = true;
            }
        }
    }
    assert_eq!(
        ids.len(),
        1,
        "every connection is told of one rematch: {ids:?}"
    );
    (refused, ids.into_iter().next().unwrap())
}
