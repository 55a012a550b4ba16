//! A bot that plays on the online server through the public API, as any client would
//! (docs/online.md walks through it).
//!
//! ```text
//! cargo run -p surakarta-server --bin surakarta-bot -- 127.0.0.1:8080 new [red|black|random] [LEVEL] [CLOCK]
//! cargo run -p surakarta-server --bin surakarta-bot -- 127.0.0.1:8080 join GAME [LEVEL]
//! ```
//!
//! `new` creates a game and prints its id and invite on the first line of output; `join`
//! takes the free seat of a game. The bot then plays with the engine's computer player
//! (LEVEL: one of the engine's levels, Beginner to Hard; default Medium) until the game
//! ends, declines draw offers, and reconnects by itself when the connection drops. It
//! prints the result and exits. CLOCK is a time limit for a new game: `3+2` (minutes and
//! seconds added per move) or `3d` (days a move); with a live clock the bot spends a
//! slice of its time on each move.

use futures_util::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
use surakarta_engine::{Game, Record};
use surakarta_protocol::online::{
    ClientMessage, CreateGame, GameState, Refusal, SeatGranted, ServerMessage, TimeControl,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// One HTTP/1.1 POST with a JSON body: the status and the answer's body.
async fn post(server: &str, path: &str, body: &str) -> Result<(u16, String), String> {
    let mut stream = tokio::net::TcpStream::connect(server)
        .await
        .map_err(|e| format!("{server}: {e}"))?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = String::new();
    stream
        .read_to_string(&mut raw)
        .await
        .map_err(|e| e.to_string())?;
    let (head, body) = raw.split_once("\r\n\r\n").ok_or("no HTTP answer")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no HTTP status")?;
    Ok((status, body.to_owned()))
}

/// A seat asked for: the server's grant, or why not.
async fn ask_seat(server: &str, path: &str, body: &str, ok: u16) -> Result<SeatGranted, String> {
    let (status, answer) = post(server, path, body).await?;
    if status == ok {
        read(&answer)
    } else {
        let why = read::<Refusal>(&answer).map_or(answer, |r| r.error);
        Err(format!("{status} {why}"))
    }
}

fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{e}: {text}"))
}

/// The move the engine's computer player makes in `game`.
fn think(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    limits: Limits,
    seed: u64,
) -> Option<String> {
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let clock = || started.elapsed();
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    let choice = engine.choose(game, level, limits, seed, &ctl);
    choice.best.map(|m| m.to_string())
}

async fn play(
    server: &str,
    id: &str,
    seat: &str,
    token: &str,
    level: Level,
) -> Result<GameState, String> {
    let mut engine = Engine::new(16);
    let mut wait = Duration::from_millis(200);
    loop {
        let url = format!("ws://{server}/api/games/{id}/ws");
        let hello = ClientMessage::Hello {
            token: token.to_owned(),
        }
        .to_json();
        let opened = match tokio_tungstenite::connect_async(url).await {
            Ok((mut socket, _)) => socket
                .send(Message::Text(hello.into()))
                .await
                .map(|()| socket),
            Err(e) => Err(e),
        };
        let mut socket = match opened {
            Ok(socket) => socket,
            Err(e) => {
                eprintln!("connecting: {e}; again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(10));
                continue;
            }
        };
        wait = Duration::from_millis(200);
        let mut last: Option<GameState> = None;
        // The game as the states and moves told it.
        let mut game: Option<Game> = None;
        while let Some(Ok(message)) = socket.next().await {
            let Message::Text(text) = message else {
                continue;
            };
            match read::<ServerMessage>(&text)? {
                ServerMessage::Error { message, .. } => {
                    // Refused, and nothing changed (too fast, say): wait, then answer the
                    // last state again. A move sent with its ply cannot be played twice.
                    eprintln!("refused: {message}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                ServerMessage::State(state) => {
                    // The record is the whole game: replayed to know the position.
                    let record: Record = state
                        .record
                        .parse()
                        .map_err(|e| format!("the server's record: {e}"))?;
                    game = Some(record.to_game().map_err(|e| e.to_string())?);
                    last = Some(*state);
                }
                ServerMessage::Moved { mv, state } => {
                    let follows = game
                        .as_mut()
                        .filter(|g| g.history().len() + 1 == state.plies)
                        .and_then(|g| g.try_play(mv.parse().ok()?).ok());
                    if follows.is_none() {
                        if game
                            .as_ref()
                            .is_some_and(|g| g.history().len() >= state.plies)
                        {
                            continue; // already in the state this connection began with
                        }
                        // Not the next move of the game the bot has: the whole state.
                        socket
                            .send(Message::Text(ClientMessage::Sync.to_json().into()))
                            .await
                            .map_err(|e| e.to_string())?;
                        continue;
                    }
                    last = Some(*state);
                }
                // Someone arrived or left: nothing to answer.
                ServerMessage::Presence { .. } | ServerMessage::Pong => continue,
            }
            let Some(state) = &last else { continue };
            if state.termination.is_some() {
                return Ok(state.clone()); // won, lost, drawn or aborted
            }
            if state.draw_offer.as_deref().is_some_and(|side| side != seat) {
                let decline = ClientMessage::DeclineDraw.to_json();
                socket
                    .send(Message::Text(decline.into()))
                    .await
                    .map_err(|e| e.to_string())?;
            }
            if state.to_move != seat {
                continue; // the opponent's turn
            }
            let Some(game) = &game else { continue };
            let ply = state.plies as u64;
            // With a clock, the bot thinks for a slice of its time.
            let limits = match (&state.clock, state.time_control) {
                (Some(clock), Some(TimeControl::Live { increment, .. })) => {
                    let left = if seat == "red" {
                        clock.red
                    } else {
                        clock.black
                    };
                    Limits::for_clock(left, increment.saturating_mul(1000))
                }
                _ => Limits::default(),
            };
            let Some(mv) = think(&mut engine, game, level, limits, ply) else {
                continue;
            };
            // Sent with the ply it is for: if the game moved on meanwhile (the opponent's
            // turn, or this move already made before a reconnection) it is refused, and
            // never played twice.
            let message = ClientMessage::Move { mv, ply: Some(ply) }.to_json();
            socket
                .send(Message::Text(message.into()))
                .await
                .map_err(|e| e.to_string())?;
        }
        eprintln!("connection lost; reconnecting");
    }
}

/// `3+2` (minutes, seconds per move) or `3d` (days a move).
fn clock_of(text: &str) -> Option<TimeControl> {
    if let Some(days) = text.strip_suffix('d') {
        return Some(TimeControl::Correspondence {
            days: days.parse().ok()?,
        });
    }
    let (minutes, increment) = text.split_once('+')?;
    let minutes: u64 = minutes.parse().ok()?;
    Some(TimeControl::Live {
        initial: minutes.checked_mul(60)?,
        increment: increment.parse().ok()?,
    })
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: bot HOST:PORT new [red|black|random] [LEVEL] [3+2|3d] | bot HOST:PORT join GAME [LEVEL]";
    let (Some(server), Some(verb)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let level = match args.get(3) {
        None => Level::Medium,
        Some(name) => match Level::from_name(name) {
            Some(level) => level,
            None => {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                eprintln!("level {name:?}: one of {}", names.join(", "));
                std::process::exit(2);
            }
        },
    };
    let (id, seat, token) = match verb.as_str() {
        "new" => {
            let clock = match args.get(4).map(|text| clock_of(text)) {
                None => None,
                Some(Some(clock)) => Some(clock),
                Some(None) => {
                    eprintln!("a clock is MINUTES+SECONDS (3+2) or DAYSd (3d)");
                    std::process::exit(2);
                }
            };
            let create = CreateGame {
                seat: args.get(2).map_or("random", String::as_str).to_owned(),
                clock,
                ..CreateGame::default()
            };
            let body = serde_json::to_string(&create).unwrap_or_default();
            match ask_seat(server, "/api/games", &body, 201).await {
                Ok(granted) => {
                    let id = granted.id.unwrap_or_default();
                    let invite = granted.invite.unwrap_or_default();
                    println!("game {id} invite http://{server}{invite}");
                    (id, granted.seat, granted.token)
                }
                Err(e) => {
                    eprintln!("creating a game: {e}");
                    std::process::exit(1);
                }
            }
        }
        "join" => {
            let Some(id) = args.get(2) else {
                eprintln!("{usage}");
                std::process::exit(2);
            };
            match ask_seat(server, &format!("/api/games/{id}/join"), "{}", 200).await {
                Ok(granted) => (id.clone(), granted.seat, granted.token),
                Err(e) => {
                    eprintln!("joining {id}: {e}");
                    std::process::exit(1);
                }
            }
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    match play(server, &id, &seat, &token, level).await {
        Ok(end) => println!(
            "result {} {}",
            end.result.unwrap_or_default(),
            end.termination.unwrap_or_default()
        ),
        Err(e) => {
            eprintln!("playing: {e}");
            std::process::exit(1);
        }
    }
}
