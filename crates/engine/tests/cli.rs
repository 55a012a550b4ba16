//! The CLI's output shapes, which other tools read.

use std::io::Write;
use std::process::{Command, Stdio};

fn engine() -> Command {
    Command::new(env!("CARGO_BIN_EXE_surakarta-engine"))
}

fn run_with_input(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = engine()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

#[test]
fn perft_prints_the_leaf_count_as_the_last_line() {
    let (out, err, ok) = run_with_input(&["perft", "3"], "");
    assert!(ok);
    assert_eq!(out.lines().last(), Some("5382"));
    assert!(err.contains("leaves per second"));
    let (out, _, ok) = run_with_input(&["perft", "1", "--fen", "6/6/1b4/6/1r4/6 r 0 0"], "");
    assert!(ok);
    // b2's eight steps and its capture of b4 (the hand-made position of the data file).
    assert_eq!(out.trim(), "9");
}

#[test]
fn perft_rejects_bad_arguments_with_a_message() {
    for args in [
        &["perft"][..],
        &["perft", "x"],
        &["perft", "2", "--fen", "bad"],
        &["perft", "2", "--fen"],
    ] {
        let (out, err, ok) = run_with_input(args, "");
        assert!(!ok, "{args:?}");
        assert!(
            out.is_empty() && err.starts_with("error:"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn moves_answers_every_line_and_survives_bad_ones() {
    let input = "6/6/6/6/b4r/6 r 0 0\nnot a position\n\n6/6/6/6/6/r5 b 0 0\n\u{fffd}\u{0}\n";
    let (out, _, ok) = run_with_input(&["moves"], input);
    assert!(ok);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines.len(),
        4,
        "blank lines are skipped, every other line answered"
    );
    assert_eq!(lines[0]["fen"], "6/6/6/6/b4r/6 r 0 0");
    let first = &lines[0]["moves"][0];
    assert_eq!(first["move"], "f2xa2");
    assert_eq!(first["routes"][0]["dir"], "e");
    assert_eq!(first["routes"][0]["loops"], 4);
    assert_eq!(first["routes"][0]["points"][0], "e1");
    assert_eq!(first["routes"][0]["points"].as_array().unwrap().len(), 19);
    assert_eq!(lines[0]["moves"][1]["routes"], serde_json::json!([]));
    assert_eq!(lines[1]["fen"], "not a position");
    assert!(lines[1]["error"].as_str().unwrap().contains("4 fields"));
    assert_eq!(lines[2]["moves"], serde_json::json!([]));
    assert!(lines[3]["error"].is_string());
}

#[test]
fn every_command_has_help() {
    for cmd in ["perft", "moves", "engine", "bench", "match"] {
        let (out, _, ok) = run_with_input(&[cmd, "--help"], "");
        assert!(ok && out.contains("Usage: surakarta-engine"), "{cmd}");
    }
    let (_, err, ok) = run_with_input(&["frobnicate"], "");
    assert!(!ok && err.contains("unknown command"));
}

/// A running `engine` process spoken to line by line.
struct Protocol {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Protocol {
    fn start() -> Protocol {
        let mut child = engine()
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Protocol {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no {prefix:?} line; saw {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

#[test]
fn engine_protocol_handshake_options_and_search() {
    let mut p = Protocol::start();
    p.send("uci");
    let hello = p.until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")));
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    assert!(hello.contains(
        &"option name Level type combo default Hard var Easy var Medium var Hard".to_owned()
    ));
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Ruleset type combo default standard var standard"))
    );
    p.send("isready");
    assert_eq!(p.until("readyok"), ["readyok"]);

    p.send("ucinewgame");
    p.send("position startpos moves b2-b3 e5-e4");
    p.send("go depth 4");
    let out = p.until("bestmove");
    let info: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!info.is_empty());
    for key in [" score ", " nodes ", " nps ", " pv "] {
        assert!(info[0].contains(key), "{}", info[0]);
    }
    let best = out
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_owned();
    let mut game = surakarta_engine::Game::default();
    for m in ["b2-b3", "e5-e4"] {
        game.try_play(m.parse().unwrap()).unwrap();
    }
    assert!(
        game.moves().contains(&best.parse().unwrap()),
        "{best} is legal"
    );

    // Easy under a time cap is still Easy, and still answers with a legal move.
    p.send("setoption name Level value Easy");
    p.send("position fen 6/6/6/6/b4r/6 r 0 0");
    p.send("go movetime 200");
    assert_eq!(p.until("bestmove").last().unwrap(), "bestmove f2xa2");

    // A finished game has no move.
    p.send("position fen 6/6/6/6/6/r5 b 0 0");
    p.send("go depth 3");
    assert_eq!(p.until("bestmove").last().unwrap(), "bestmove (none)");

    p.send("quit");
    assert!(p.child.wait().unwrap().success());
}

#[test]
fn engine_protocol_stop_answers_at_once() {
    let mut p = Protocol::start();
    p.send("setoption name Ruleset value forty-move");
    p.send("position startpos");
    p.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send("stop");
    let best = p.until("bestmove");
    let m = best.last().unwrap().strip_prefix("bestmove ").unwrap();
    // forty-move: Black moves first.
    let game =
        surakarta_engine::Game::new(surakarta_engine::Ruleset::from_id("forty-move").unwrap());
    assert!(game.moves().contains(&m.parse().unwrap()), "{m}");
    p.send("isready");
    p.until("readyok");
    p.send("quit");
    assert!(p.child.wait().unwrap().success());
}

#[test]
fn engine_protocol_survives_garbage() {
    let mut p = Protocol::start();
    for bad in [
        "hello",
        "position",
        "position fen 6/6/6 r 0 0",
        "position startpos moves b2-b9",
        "position startpos moves b2-b4",
        "setoption name Level value Grandmaster",
        "setoption name Colour value Blue",
        "setoption Level Easy",
        "\u{1F600} \u{0}",
    ] {
        p.send(bad);
        let reply = p.until("info string error");
        assert_eq!(reply.len(), 1, "{bad}: {reply:?}");
    }
    // A go with parameters it cannot read still searches (a tool waits for bestmove).
    for bad in ["go depth banana", "go sideways"] {
        p.send(bad);
        let reply = p.until("bestmove");
        assert!(
            reply[0].starts_with("info string error"),
            "{bad}: {reply:?}"
        );
    }
    // A game clock is understood.
    p.send("go wtime 3000 btime 3000 winc 100 binc 100");
    let reply = p.until("bestmove");
    assert!(reply.iter().all(|l| !l.contains("error")), "{reply:?}");
    // The last good position stays: the start, Red to move.
    p.send("go depth 2");
    let best = p.until("bestmove");
    let m = best.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        surakarta_engine::Game::default()
            .moves()
            .contains(&m.parse().unwrap())
    );
    p.send("isready");
    p.until("readyok");
    drop(p.stdin);
    assert!(
        p.child.wait().unwrap().success(),
        "end of input ends the engine cleanly"
    );
}

#[test]
fn bench_and_match_report_their_figures() {
    let (out, _, ok) = run_with_input(&["bench", "--depth", "3"], "");
    assert!(ok);
    assert!(out.contains("total nodes ") && out.contains("nodes per second "));
    let (out, _, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Easy",
            "--b",
            "Random",
            "--games",
            "2",
            "--movetime",
            "20",
        ],
        "",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("A wins ") && out.contains("A score ") && out.contains("average game length")
    );
}
