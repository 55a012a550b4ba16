//! The example client (src/bin/bot.rs, the one docs/online.md walks through): two bots,
//! each a separate process, play a whole game through the server.

mod common;

use common::*;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use surakarta_engine::Record;

fn bot() -> &'static str {
    env!("CARGO_BIN_EXE_surakarta-bot")
}

#[tokio::test(flavor = "multi_thread")]
async fn two_bots_play_a_whole_game_through_the_api() {
    let server = Server::start().await;
    let addr = server.addr.to_string();
    let mut first = Command::new(bot())
        .args([&addr, "new", "red", "Easy"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(first.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    // "game ID invite http://HOST/?join=ID"
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "game", "{line}");
    let id = words[1].to_owned();
    assert_eq!(words[3], format!("http://{addr}/?join={id}"));
    let second = Command::new(bot())
        .args([&addr, "join", &id, "Easy"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let ended = tokio::task::spawn_blocking(move || {
        let mut rest = String::new();
        out.read_line(&mut rest).unwrap();
        let status = first.wait().unwrap();
        (rest, status, second.wait_with_output().unwrap())
    })
    .await
    .unwrap();
    let (rest, status, second) = ended;
    assert!(status.success() && second.status.success());
    let shown = state(server.addr, &id).await;
    // Both bots report the result the server has.
    let expected = format!(
        "result {} {}",
        shown["result"].as_str().unwrap(),
        shown["termination"].as_str().unwrap()
    );
    assert_eq!(rest.trim(), expected);
    assert_eq!(String::from_utf8_lossy(&second.stdout).trim(), expected);
    // The game was played out on the board, not abandoned.
    let record: Record = shown["record"].as_str().unwrap().parse().unwrap();
    let game = record.to_game().unwrap();
    assert!(game.history().len() > 10, "{} plies", game.history().len());
    assert_eq!(game.outcome().unwrap().result_token(), shown["result"]);
}
