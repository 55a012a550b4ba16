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
    for cmd in ["perft", "moves"] {
        let (out, _, ok) = run_with_input(&[cmd, "--help"], "");
        assert!(ok && out.contains("Usage: surakarta-engine"), "{cmd}");
    }
    let (_, err, ok) = run_with_input(&["frobnicate"], "");
    assert!(!ok && err.contains("unknown command"));
}
