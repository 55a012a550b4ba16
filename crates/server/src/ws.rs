//! A WebSocket connection to one game: a player's (with a seat token) or a watcher's.
//!
//! The connection gets the game's state on connect and after every change. A player's
//! messages become events through [`Hub::act`]; whatever is refused is answered with an
//! error to this connection alone and changes nothing.

use crate::http::Held;
use crate::hub::{ActError, Cell, Hub};
use crate::limits::{Bucket, Limits, Slot};
use crate::table::{Event, Refused, Table, side_name};
use crate::{App, WsQuery, client_ip, error, find};
use axum::Extension;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{ConnectInfo, Path, Query, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use surakarta_engine::{Move, Side};
use surakarta_protocol::online::{ClaimResult, ClientMessage, ErrorCode, ServerMessage};
use tokio::sync::broadcast::error::RecvError;

/// Frames larger than this end the connection (messages over the limit but under this
/// are answered with an error).
const LARGEST_FRAME: usize = 64 * 1024;
/// A ping this often...
const PING_EVERY: Duration = Duration::from_secs(20);
/// ...and the connection is closed when nothing was heard for this long.
const SILENT_FOR: Duration = Duration::from_secs(60);
/// Refused messages in a row (over the rate) before the connection is closed.
const FLOODED: u32 = 200;
/// A player's `hello` comes first, within this of connecting; later, the connection is a
/// watcher's for good.
pub(crate) const HELLO_WITHIN: Duration = Duration::from_secs(5);

/// `GET /api/games/{id}/ws`: a watcher's connection, or a player's once its first message
/// (`hello`, within [`HELLO_WITHIN`]) gives a seat's token.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(query): Query<WsQuery>,
    held: Option<Extension<Held>>,
    ws: WebSocketUpgrade,
) -> Response {
    if query.token.is_some() {
        // A token in the address ends up in logs and error messages: refused, so that a
        // client that sends one learns at once rather than playing as a watcher.
        return error(
            StatusCode::BAD_REQUEST,
            "send the seat's token in the first message, {\"type\": \"hello\", \"token\": ...}, not in the address",
        );
    }
    let cell = match find(&app, &id).await {
        Ok(cell) => cell,
        Err(r) => return r,
    };
    // Directly reached, the connection was counted when it was accepted (http.rs); behind
    // a proxy, it is counted here by the forwarded address.
    let (held, counted) = match held {
        Some(Extension(Held(slot, open))) => (slot, Some(open)),
        None => (None, None),
    };
    let slot = if app.trust_forwarded_for {
        let ip = client_ip(peer, &headers, true);
        match app
            .addresses
            .connect(ip, app.limits.connections_per_address)
        {
            Some(slot) => Some(Arc::new(slot)),
            None => {
                return error(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many connections from this address",
                );
            }
        }
    } else {
        held
    };
    let (hub, limits) = (app.hub.clone(), app.limits.clone());
    // Small buffers: a connection carries a few short messages a minute, and the
    // defaults (128 KiB each way) would make a thousand games cost hundreds of megabytes.
    ws.read_buffer_size(4096)
        .write_buffer_size(0)
        .max_message_size(LARGEST_FRAME)
        .max_frame_size(LARGEST_FRAME)
        .on_upgrade(move |socket| async move {
            Connection {
                socket,
                hub,
                cell,
                seat: None,
                limits,
                _slot: slot,
                _counted: counted,
            }
            .run()
            .await
        })
}

struct Connection {
    socket: WebSocket,
    hub: Arc<Hub>,
    cell: Arc<Cell>,
    seat: Option<Side>,
    limits: Limits,
    _slot: Option<Arc<Slot>>,
    /// The connection's place in the server's count (http.rs).
    _counted: Option<Arc<crate::http::Open>>,
}

impl Connection {
    async fn send(&mut self, text: &str) -> bool {
        self.socket
            .send(Message::Text(text.to_owned().into()))
            .await
            .is_ok()
    }

    async fn send_error(&mut self, message: &str) -> bool {
        self.send_coded(ErrorCode::BadRequest, message).await
    }

    /// An `error` message with its code (docs/online.md): `{"type": "error", "message":
    /// ..., "code": ...}`.
    async fn send_coded(&mut self, code: ErrorCode, message: &str) -> bool {
        self.send(&ServerMessage::error_json(code, message)).await
    }

    /// Serves the connection; a seated player's arrival and departure are told to
    /// everyone (the one left may claim the game after a while).
    async fn run(mut self) {
        // Every connection is a watcher's until its hello; a game full of watchers takes
        // one more only as a player's, whose hello comes first.
        let watching = self.cell.watch(self.limits.watchers_per_game);
        if watching.is_none() && !self.seat_first().await {
            return;
        }
        self.serve(watching).await;
        if let Some(side) = self.seat
            && self.cell.present(side, false)
        {
            self.hub.presence_changed(&self.cell).await;
        }
    }

    /// The game has as many watchers as it takes: this connection stays only if its
    /// first message, within [`HELLO_WITHIN`], is a player's hello.
    async fn seat_first(&mut self) -> bool {
        let first = tokio::time::timeout(HELLO_WITHIN, self.socket.recv()).await;
        let hello = match first {
            Ok(Some(Ok(Message::Text(text)))) if text.len() <= self.limits.message_bytes => {
                match ClientMessage::read(text.as_str()) {
                    Ok(ClientMessage::Hello { token }) => self.cell.seat_of(&token).await,
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(side) = hello {
            self.seat = Some(side);
            if self.cell.present(side, true) {
                self.hub.presence_changed(&self.cell).await;
            }
            return true;
        }
        let why = format!(
            "this game has {} watchers, as many as it takes; try again later",
            self.limits.watchers_per_game
        );
        let _ = self.send_coded(ErrorCode::TooManyWatchers, &why).await;
        let _ = self
            .socket
            .send(Message::Close(Some(CloseFrame {
                code: 1013,
                reason: "too many watchers".into(),
            })))
            .await;
        false
    }

    async fn serve(&mut self, mut watching: Option<crate::hub::Watching>) {
        let mut changes = self.cell.changes.subscribe();
        let first = self.cell.state().await.message;
        if !self.send(&first).await {
            return;
        }
        let mut bucket = Bucket::full(self.limits.message_burst);
        let mut flood = 0;
        let opened = Instant::now();
        // A player seated by `seat_first` has said hello already.
        let mut first = self.seat.is_none();
        let mut heard = Instant::now();
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        loop {
            tokio::select! {
                incoming = self.socket.recv() => {
                    let Some(Ok(message)) = incoming else { return };
                    heard = Instant::now();
                    let text = match message {
                        Message::Text(text) => Some(text),
                        Message::Binary(_) => None,
                        Message::Close(_) => return,
                        Message::Ping(_) | Message::Pong(_) => continue,
                    };
                    // Every message a client chose to send counts, binary ones too: each
                    // draws an answer.
                    if !bucket.take(self.limits.messages_per_second, self.limits.message_burst) {
                        flood += 1;
                        if flood >= FLOODED {
                            let _ = self.socket.send(Message::Close(Some(CloseFrame {
                                code: 1008,
                                reason: "too many messages".into(),
                            }))).await;
                            return;
                        }
                        let why = format!(
                            "too many messages: at most {} a second",
                            self.limits.messages_per_second
                        );
                        if !self.send_coded(ErrorCode::RateLimited, &why).await { return }
                        continue;
                    }
                    flood = 0;
                    let Some(text) = text else {
                        if !self.send_error("send text messages (JSON)").await { return }
                        continue;
                    };
                    // The size limit holds for every message, `hello`, `ping` and `sync`
                    // included: nothing larger is even read as JSON.
                    if text.len() > self.limits.message_bytes {
                        first = false;
                        let why = format!(
                            "message too large: {} bytes, at most {}",
                            text.len(),
                            self.limits.message_bytes
                        );
                        if !self.send_coded(ErrorCode::TooLarge, &why).await { return }
                        continue;
                    }
                    let hello_may_come = std::mem::take(&mut first)
                        && opened.elapsed() < HELLO_WITHIN;
                    if let Ok(ClientMessage::Hello { token }) = ClientMessage::read(text.as_str()) {
                        if !hello_may_come {
                            let why = "hello comes first, within 5 seconds of connecting";
                            if !self.send_error(why).await { return }
                            continue;
                        }
                        match self.cell.seat_of(&token).await {
                            Some(side) => {
                                // Once per connection: it does not count against the rate.
                                self.seat = Some(side);
                                drop(watching.take()); // a player's, not a watcher's
                                bucket.give_back(self.limits.message_burst);
                                if self.cell.present(side, true) {
                                    self.hub.presence_changed(&self.cell).await;
                                }
                            }
                            None => {
                                let _ = self.send_error("that token opens no seat of this game").await;
                                let _ = self.socket.send(Message::Close(Some(CloseFrame {
                                    code: 1008,
                                    reason: "no such seat".into(),
                                }))).await;
                                return;
                            }
                        }
                        continue;
                    }
                    match ClientMessage::read(text.as_str()) {
                        // Anyone's, watchers' too; they counted against the rate above.
                        Ok(ClientMessage::Ping) => {
                            if !self.send(&ServerMessage::Pong.to_json()).await { return }
                            continue;
                        }
                        Ok(ClientMessage::Sync) => {
                            let state = self.cell.state().await.message;
                            if !self.send(&state).await { return }
                            continue;
                        }
                        _ => {}
                    }
                    match handle(&self.hub, &self.cell, self.seat, text.as_str()).await {
                        // A move that was played does not count against the rate: the
                        // opponent's turn comes between two of them.
                        Ok(Handled::Moved) => bucket.give_back(self.limits.message_burst),
                        Ok(Handled::Other) => {}
                        // The server's own failure is not the player's message to count.
                        Err(Failed::Store(code, why)) => {
                            bucket.give_back(self.limits.message_burst);
                            if !self.send_coded(code, &why).await {
                                return;
                            }
                        }
                        Err(Failed::Refused(code, why)) => {
                            if !self.send_coded(code, &why).await {
                                return;
                            }
                        }
                    }
                }
                change = changes.recv() => {
                    let text = match change {
                        Ok(text) => text,
                        // Fell behind: the latest state says all the missed ones did.
                        Err(RecvError::Lagged(_)) => self.cell.state().await.message,
                        Err(RecvError::Closed) => return,
                    };
                    if !self.send(&text).await { return }
                }
                _ = ping.tick() => {
                    if heard.elapsed() > SILENT_FOR {
                        return;
                    }
                    if self.socket.send(Message::Ping(Default::default())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// What a message that was carried out was.
enum Handled {
    /// A move, played.
    Moved,
    /// Anything else.
    Other,
}

/// Why a message was not carried out; the code and text go back to the sender.
enum Failed {
    /// The message, or the game as it stands, refused it.
    Refused(ErrorCode, String),
    /// The store failed: nothing changed and it may work again, or (`OutcomeUnknown`)
    /// it is not known whether it was done.
    Store(ErrorCode, String),
}

impl From<String> for Failed {
    fn from(why: String) -> Self {
        Failed::Refused(ErrorCode::Refused, why)
    }
}

impl From<&str> for Failed {
    fn from(why: &str) -> Self {
        Failed::Refused(ErrorCode::Refused, why.to_owned())
    }
}

/// Carries out one message.
async fn handle(
    hub: &Hub,
    cell: &Arc<Cell>,
    seat: Option<Side>,
    text: &str,
) -> Result<Handled, Failed> {
    let message =
        ClientMessage::read(text).map_err(|why| Failed::Refused(ErrorCode::BadRequest, why))?;
    let Some(side) = seat else {
        return Err(Failed::Refused(
            ErrorCode::Watching,
            "you are watching: only a player with a seat token can do that".into(),
        ));
    };
    let wanted = match message {
        ClientMessage::Hello { .. } => return Err("hello comes first, and once".into()),
        ClientMessage::Ping | ClientMessage::Sync => return Ok(Handled::Other),
        ClientMessage::Move { mv, ply } => {
            let m: Move = mv
                .parse()
                .map_err(|e| format!("{mv:?} is not a move: {e}"))?;
            Wanted::Move(m, ply)
        }
        ClientMessage::Resign => Wanted::Resign,
        ClientMessage::OfferDraw => Wanted::Offer,
        ClientMessage::AcceptDraw => Wanted::Accept,
        ClientMessage::DeclineDraw => Wanted::Decline,
        ClientMessage::Claim { result } => Wanted::Claim(result),
        ClientMessage::Rematch => Wanted::Rematch,
        ClientMessage::DeclineRematch => Wanted::DeclineRematch,
        ClientMessage::AcceptRematch => Wanted::AcceptRematch,
    };
    let mut settling = None;
    if let Wanted::Claim(_) = wanted {
        // Who is connected on the other instances, as it is now...
        hub.read_presence(cell).await;
        // ...unless the store was away moments ago: the other instances may not have
        // said again that they run (issue 62: after a 35 s Redis outage a claim won
        // against a player connected all along, whose instance's heartbeat had lapsed).
        settling = hub.store().presence_settling();
    }
    let decide = |t: &Table| match wanted {
        Wanted::Claim(_) if settling.is_some() => Err(Refused(format!(
            "the server has just lost touch with its store; who is connected is known again in {} s: claim then",
            settling.unwrap_or(0).div_ceil(1000)
        ))),
        Wanted::Claim(result) => claim(cell, t, side, result),
        _ => wanted.event(t, side),
    };
    let moved = matches!(wanted, Wanted::Move(..));
    let done = match wanted {
        Wanted::AcceptRematch => crate::rematch::accept(hub, cell, side).await,
        _ => hub.act(cell, decide).await,
    };
    match done {
        Ok(_) if moved => Ok(Handled::Moved),
        Ok(_) => Ok(Handled::Other),
        Err(ActError::Refused(Refused(why))) => Err(why.into()),
        Err(ActError::Gone) => Err(Failed::Refused(
            ErrorCode::NotFound,
            "this game has expired".into(),
        )),
        Err(ActError::Store(e)) if e.unknown() => {
            // Sent to the store, and no answer came: it may have been stored (a stalled
            // Redis runs it when it resumes). Not "nothing changed": the client reads the
            // game again, and a move sent again with its ply is never played twice.
            tracing::error!("store, outcome unknown: {e}");
            Err(Failed::Store(
                ErrorCode::OutcomeUnknown,
                "the server could not tell whether that was saved; read the game again (sync) before trying again".into(),
            ))
        }
        Err(ActError::Store(e)) => {
            tracing::error!("store: {e}");
            Err(Failed::Store(
                ErrorCode::Unavailable,
                "the server could not save that; nothing changed, try again".into(),
            ))
        }
    }
}

/// What a player's message asks for.
enum Wanted {
    /// This move, at this ply if given.
    Move(Move, Option<u64>),
    Resign,
    Offer,
    Accept,
    Decline,
    Claim(ClaimResult),
    Rematch,
    DeclineRematch,
    /// Made by `rematch::accept`, not as one event.
    AcceptRematch,
}

/// A claim by the player on `side`: allowed once the opponent has been away for the
/// game's `claim_after`.
fn claim(cell: &Cell, t: &Table, side: Side, result: ClaimResult) -> Result<Event, Refused> {
    if t.over() {
        return Err(Refused("the game is over".into()));
    }
    if !t.full() {
        return Err(Refused("there is no opponent to claim against yet".into()));
    }
    if !cell.knows_presence() {
        return Err(Refused(
            "who is connected is not known yet here; try again in a moment".into(),
        ));
    }
    let wait = cell.claim_after(t);
    match cell.away_from(t, side.other(), crate::table::clock::now_ms()) {
        None => Err(Refused("your opponent is connected".into())),
        Some(away) if away < wait => Err(Refused(format!(
            "your opponent has been away for {} s; you may claim after {} s",
            away / 1000,
            wait.div_ceil(1000)
        ))),
        Some(_) => Ok(Event::Claim(side, result)),
    }
}

impl Wanted {
    /// The event it is, as the game stands, for the player on `side`.
    fn event(&self, t: &Table, side: Side) -> Result<Event, Refused> {
        Ok(match *self {
            Wanted::Move(m, ply) => {
                let game = t.game();
                if t.over() {
                    return Err(Refused("the game is over".into()));
                }
                if game.side_to_move() != side {
                    return Err(Refused(format!(
                        "it is {}'s turn",
                        side_name(game.side_to_move())
                    )));
                }
                let now = game.history().len() as u64;
                if let Some(ply) = ply.filter(|p| *p != now) {
                    return Err(Refused(format!(
                        "that move was for ply {ply}, the game is at ply {now}"
                    )));
                }
                Event::Move(m)
            }
            Wanted::Resign => Event::Resign(side),
            Wanted::Offer => Event::Offer(side),
            Wanted::Accept => Event::Accept(side),
            Wanted::Decline => Event::Decline(side),
            Wanted::Claim(result) => Event::Claim(side, result),
            Wanted::Rematch => Event::Rematch(side),
            Wanted::DeclineRematch => Event::DeclineRematch(side),
            Wanted::AcceptRematch => {
                return Err(Refused("a rematch is accepted by making its game".into()));
            }
        })
    }
}
