//! The CLI's output shapes, which other tools read.

use std::io::Write;
use std::process::{Command, Stdio};

/// The engine binary, its endgame tables kept in a folder of this test run's, never in
/// the user's cache (`match` builds the default ones when Hard plays; tests that mean
/// Hard to play without them say `--tables 0`).
fn engine() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_surakarta-engine"));
    let tables = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-tables");
    command.env("SURAKARTA_TB_DIR", tables);
    command
}

/// A folder of this test run's own, empty at the first call with this name.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_with_input(args: &[&str], input: &str) -> (String, String, bool) {
    let mut command = engine();
    command.args(args);
    run_command(command, input)
}

/// Runs `command` with `input` on stdin: its output, errors and success.
fn run_command(mut command: Command, input: &str) -> (String, String, bool) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that fails on its arguments exits without reading its input: the pipe
    // closed under the write is that, not a test failure (its status and errors say).
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
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
    for cmd in [
        "perft", "moves", "engine", "bench", "match", "record", "analyse",
    ] {
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
    /// The engine without endgame tables (the tests that want them start it themselves).
    fn start() -> Protocol {
        Protocol::start_with(&["--tables", "0"])
    }

    fn start_with(args: &[&str]) -> Protocol {
        let mut child = engine()
            .arg("engine")
            .args(args)
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
        &"option name Level type combo default Hard var Beginner var Novice var Easy var Intermediate var Medium var Advanced var Strong var Hard".to_owned()
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

    // Easy under a time cap is still Easy: it looks two plies deep however long it may
    // think, where Hard with the same cap looks further, and it still answers with a
    // legal move (the capture of the last stone, which every level sees).
    let deepest = |out: &[String]| {
        out.iter()
            .filter_map(|l| {
                l.strip_prefix("info depth ")?
                    .split(' ')
                    .next()?
                    .parse()
                    .ok()
            })
            .max()
            .unwrap_or(0u32)
    };
    for (level, deeper) in [("Easy", false), ("Hard", true)] {
        p.send(&format!("setoption name Level value {level}"));
        p.send("position startpos moves b2-b3 e5-e4");
        p.send("go movetime 200");
        let out = p.until("bestmove");
        assert_eq!(deepest(&out) > 2, deeper, "{level}: {out:?}");
    }
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

/// Runs `match` with `args` and `--records` into a file of its own; its output, errors,
/// success and the records it kept, in the order they are in the file.
fn match_with_records(args: &[&str]) -> (String, String, bool, Vec<surakarta_engine::Record>) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!(
        "match-records-{}-{}.txt",
        std::process::id(),
        args.join("_")
    ));
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.extend(["--records", path.to_str().unwrap()]);
    let (out, err, ok) = run_with_input(&all, "");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    let starts: Vec<usize> = text.match_indices("[Ruleset").map(|(i, _)| i).collect();
    let records = starts
        .iter()
        .zip(starts.iter().skip(1).chain([&text.len()]))
        .map(|(&at, &end)| text[at..end].parse().unwrap())
        .collect();
    (out, err, ok, records)
}

#[test]
fn match_reports_each_colour_and_keeps_every_game_it_played() {
    let (out, err, ok, records) = match_with_records(&[
        "--a",
        "Easy",
        "--b",
        "FirstTimer",
        "--games",
        "6",
        "--threads",
        "2",
    ]);
    assert!(ok, "{err}");
    // Each colour's wins, draws and losses add up to the match's.
    let count = |line: &str, what: &str| -> u32 {
        let after = line
            .split(what)
            .nth(1)
            .unwrap_or_else(|| panic!("{what} in {line}"));
        after
            .trim_start()
            .split([',', ' '])
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let line = |start: &str| -> &str {
        out.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no {start:?} line in {out}"))
    };
    let (red, black, all) = (line("A as Red:"), line("A as Black:"), line("A wins "));
    for what in ["wins", "draws", "losses"] {
        assert_eq!(
            count(red, what) + count(black, what),
            count(all, what),
            "{out}"
        );
    }
    assert_eq!(
        ["wins", "draws", "losses"]
            .map(|w| count(red, w))
            .iter()
            .sum::<u32>(),
        3,
        "three games each way: {out}"
    );
    // The records: six games in the order played, each replaying to its stated result,
    // A on the side the match says, and together the same wins as the summary.
    assert_eq!(records.len(), 6, "{out}");
    let mut a_wins = 0;
    for (k, record) in records.iter().enumerate() {
        assert_eq!(record.header("Game"), Some((k + 1).to_string().as_str()));
        let game = record.to_game().unwrap();
        let outcome = game.outcome().expect("a finished game");
        let a_red = k % 2 == 0;
        assert_eq!(
            record.header("Red"),
            Some(if a_red { "A Easy" } else { "B FirstTimer" })
        );
        let a = if a_red {
            surakarta_engine::Side::Red
        } else {
            surakarta_engine::Side::Black
        };
        a_wins += u32::from(outcome.winner == Some(a));
    }
    assert_eq!(a_wins, count(all, "wins"), "{out}");
}

#[test]
fn a_balanced_match_plays_only_openings_the_search_calls_level() {
    use std::sync::atomic::AtomicBool;
    use surakarta_engine::ai::{Engine, Limits, SearchControl};
    let (_, err, ok, records) = match_with_records(&[
        "--a",
        "Easy",
        "--b",
        "FirstTimer",
        "--games",
        "6",
        "--balanced",
        "15",
        "--seed",
        "3",
    ]);
    assert!(ok, "{err}");
    let openings: Vec<Vec<surakarta_engine::Move>> = records
        .iter()
        .map(|r| r.to_game().unwrap().history()[..2].to_vec())
        .collect();
    assert_eq!(openings.len(), 6);
    let stop = AtomicBool::new(false);
    let clock = || std::time::Duration::ZERO;
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    for pair in openings.chunks(2) {
        // Both games of a pair start from the same opening, and a search of 8 plies
        // scores it within the margin.
        assert_eq!(pair[0], pair[1]);
        let mut game = surakarta_engine::Game::new(surakarta_engine::Ruleset::default());
        for &m in &pair[0] {
            game.try_play(m).unwrap();
        }
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        let score = Engine::new(8)
            .search(&game, limits, &ctl, &mut |_| {})
            .score;
        assert!(score.abs() <= 15, "{:?} scores {score}", pair[0]);
    }
    let (_, err, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Easy",
            "--b",
            "Random",
            "--games",
            "2",
            "--balanced",
            "lots",
        ],
        "",
    );
    assert!(!ok && err.contains("--balanced"), "{err}");
}

#[test]
fn match_plays_a_newcomer_and_another_engine_program() {
    // The first-time player takes what it can; Beginner is the level made to meet it.
    let (out, err, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Beginner",
            "--b",
            "FirstTimer",
            "--games",
            "4",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("B = FirstTimer, 4 games"), "{out}");
    // Another program through the protocol: this binary itself, as an opponent would be.
    let program = format!("engine:{}", env!("CARGO_BIN_EXE_surakarta-engine"));
    let (out, err, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Novice",
            "--b",
            &program,
            "--games",
            "2",
            "--b-movetime",
            "20",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains(", 2 games"), "{out}");
    // Hard at 20 ms against Novice: the program really played (a failing one loses).
    assert!(out.contains("A wins 0"), "{out}\n{err}");
    assert!(!err.contains("it loses"), "{err}");
    // A program that cannot be started loses its games, said on stderr.
    let (out, err, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Beginner",
            "--b",
            "engine:/nonexistent/engine",
            "--games",
            "2",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("A wins 2"), "{out}");
    assert!(err.contains("cannot start /nonexistent/engine"), "{err}");
}

#[test]
fn engine_protocol_scores_as_uci_and_infinite_waits_for_stop() {
    let mut p = Protocol::start();
    // A forced win: Red takes Black's last stone at once.
    p.send("position fen 6/6/6/6/b4r/6 r 0 0");
    p.send("go depth 4");
    let out = p.until("bestmove");
    let last_info = out.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(last_info.contains(" score mate 1 "), "{last_info}");
    // A quiet position scores in centistones.
    p.send("position startpos");
    p.send("go depth 3");
    let out = p.until("bestmove");
    assert!(
        out.iter()
            .filter(|l| l.starts_with("info depth"))
            .all(|l| l.contains(" score cp ")),
        "{out:?}"
    );
    // go infinite keeps its answer until stop, however shallow the position.
    p.send("position fen 6/6/6/6/b4r/6 r 0 0");
    p.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(400));
    p.send("isready");
    let waiting = p.until("readyok");
    assert!(
        !waiting.iter().any(|l| l.starts_with("bestmove")),
        "{waiting:?}"
    );
    p.send("stop");
    assert_eq!(p.until("bestmove").last().unwrap(), "bestmove f2xa2");
    // Changing the rule set says that it resets the position.
    p.send("setoption name Ruleset value move-cap");
    assert!(p.until("info string").last().unwrap().contains("reset"));
    p.send("quit");
    assert!(p.child.wait().unwrap().success());
}

#[test]
fn engine_protocol_refuses_what_no_game_reaches_and_survives_huge_clocks() {
    let mut p = Protocol::start();
    // Counters past the largest count, or out of order, are refused with a reason.
    p.send("position fen 6/6/6/6/b4r/6 r 0 4294967295 moves f2-f3");
    let refused = p.until("info string error");
    assert!(
        refused.last().unwrap().contains("largest count"),
        "{refused:?}"
    );
    p.send("position fen 6/6/6/6/b4r/6 r 7 3");
    assert!(
        p.until("info string error")
            .last()
            .unwrap()
            .contains("plies played")
    );
    // At the largest count play goes on, and the search answers.
    p.send("setoption name Ruleset value standard,no_capture_limit=none,repetition=none");
    p.send("position fen 6/6/6/6/b4r/6 r 999999 999999 moves f2-f3 a2-a3");
    p.send("go depth 3");
    let best = p.until("bestmove");
    assert!(best.last().unwrap().starts_with("bestmove f3"), "{best:?}");
    // A clock from the far end of u64 is a long think, not a crash.
    p.send("go wtime 1000 winc 18446744073709551615 btime 18446744073709551615");
    assert!(p.until("bestmove").last().unwrap().starts_with("bestmove "));
    p.send("isready");
    p.until("readyok");
    p.send("quit");
    assert!(p.child.wait().unwrap().success());
}

#[test]
fn record_checks_a_game_and_says_what_is_wrong() {
    let (out, _, ok) = run_with_input(
        &["record"],
        "[Ruleset \"standard\"]\n[Result \"*\"]\n\n1. b2-c3 e5-d4 2. c3-b4 *\n",
    );
    assert!(ok);
    // b4 and d4 taken by the moves, row 3 empty again, Black to move after three plies.
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["bbbbbb/bbbb1b/1r1b2/6/r1rrrr/rrrrrr b 3 3", "*"]
    );
    let (out, _, ok) = run_with_input(
        &["record"],
        "[Start \"6/6/6/6/b4r/6 r 0 0\"]\n\n1. f2xa2 1-0\n",
    );
    assert!(ok);
    assert_eq!(out.lines().last(), Some("1-0 all-captured"));
    // Headers that contradict the game, and other damage: exit 1 and the reason.
    for (record, says) in [
        (
            "[Start \"6/6/6/6/b4r/6 r 0 0\"]\n[Result \"0-1\"]\n\n1. f2xa2 0-1\n",
            "moves end the game 1-0",
        ),
        (
            "[Result \"1-0\"]\n[Termination \"agreed-draw\"]\n\n1. b2-c3\n",
            "agreed draw has no winner",
        ),
        (
            "[Termination \"all-captured\"]\n\n1. b2-c3\n",
            "has not ended",
        ),
        ("[Termination \"tired\"]\n\n1. b2-c3\n", "not one of"),
        ("1. b2-c3 b2-c3\n", "ply 2"),
        (
            "[Start \"6/6/6/6/b4r/6 r 0 99999999999\"]\n\n",
            "largest count",
        ),
    ] {
        let (out, err, ok) = run_with_input(&["record"], record);
        assert!(!ok && out.is_empty(), "{record:?}");
        assert!(err.contains(says), "{record:?}: {err}");
    }
    let status = engine()
        .arg("record")
        .stdin(Stdio::null())
        .output()
        .unwrap()
        .status;
    assert_eq!(
        status.code(),
        Some(0),
        "an empty record is a game not begun"
    );
    let mut child = engine()
        .arg("record")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1. zz-top\n")
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn analyse_judges_every_move_of_a_real_game_once_per_position() {
    use std::sync::atomic::AtomicBool;
    use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
    use surakarta_engine::{Game, Record};
    // A real game: Medium against Easy, 40 plies or to its end.
    let stop = AtomicBool::new(false);
    let clock = || std::time::Duration::ZERO;
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    let mut engine = Engine::new(8);
    let mut game = Game::default();
    while game.outcome().is_none() && game.history().len() < 40 {
        let level = [Level::Medium, Level::Easy][game.history().len() % 2];
        let cap = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let seed = game.history().len() as u64;
        let mv = engine.choose(&game, level, cap, seed, &ctl).best.unwrap();
        game.try_play(mv).unwrap();
    }
    let record = Record::from_game(&game, "Medium", "Easy").to_string();
    let (out, err, ok) = run_with_input(&["analyse", "--depth", "3"], &record);
    assert!(ok, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), game.history().len(), "one line a move");
    for (i, (line, mv)) in lines.iter().zip(game.history()).enumerate() {
        assert_eq!(line["ply"], i + 1);
        assert_eq!(line["move"], mv.to_string());
        let class = line["class"].as_str().unwrap();
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class),
            "{line}"
        );
        let loss = line["loss"].as_i64().unwrap();
        assert!(loss >= 0, "{line}");
        let best: surakarta_engine::Move = line["best"].as_str().unwrap().parse().unwrap();
        assert!(game.positions()[i].is_legal(best, true), "{line}");
        if best == *mv {
            assert_eq!((class, loss), ("best", 0), "{line}");
        }
        // Never a "better" move that is the move played.
        if class != "best" {
            assert_ne!(best, *mv, "{line}");
        }
        // Each position is searched once, but again before a mark: what a move leaves is
        // what the next one starts from unless that next one was searched again.
        if let Some(next) = lines.get(i + 1).filter(|n| n["verified"] == false) {
            assert_eq!(
                line["eval_after"],
                -next["eval_before"].as_i64().unwrap(),
                "{line}"
            );
        }
    }
}

#[test]
fn analyse_calls_a_last_stone_stepping_into_a_capture_a_blunder() {
    // Red's last stone on a2; a3 and b3 are on the circuit of Black's d3, b1 and b2 are not.
    let record = "[Start \"6/6/6/3b2/r5/6 r 0 0\"]\n\n1. a2-a3 d3xa3 0-1\n";
    let (out, err, ok) = run_with_input(&["analyse", "--depth", "4"], record);
    assert!(ok, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["class"], "blunder", "{}", lines[0]);
    assert!(
        lines[0]["eval_before"].as_i64().unwrap() > -29_000,
        "not lost before"
    );
    assert!(
        lines[0]["eval_after"].as_i64().unwrap() <= -29_000,
        "lost after"
    );
    let best = lines[0]["best"].as_str().unwrap();
    assert!(["a2-b1", "a2-b2"].contains(&best), "a safe step: {best}");
    // Taking the last stone wins on the board: the best move, the game won.
    assert_eq!(lines[1]["class"], "best");
    assert_eq!(lines[1]["eval_after"], 30_000);
}

#[test]
fn analyse_refuses_bad_records_and_arguments() {
    let (_, err, ok) = run_with_input(&["analyse"], "1. a2-a4 *\n");
    assert!(!ok && err.contains("error:"), "{err}");
    for args in [
        &["analyse", "--depth", "0"][..],
        &["analyse", "--movetime", "x"],
        &["analyse", "--depth"],
        &["analyse", "--fast", "1"],
    ] {
        let (_, err, ok) = run_with_input(args, "");
        assert!(!ok && err.contains("error:"), "{args:?}: {err}");
    }
    let (out, _, ok) = run_with_input(&["analyse", "--help"], "");
    assert!(ok && out.contains("blunder"));
}

/// The `info` line of a search's last iteration and its best move.
fn last_info_and_best(out: &[String]) -> (String, String) {
    let info = out
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .cloned()
        .unwrap_or_default();
    let best = out
        .last()
        .unwrap()
        .trim_start_matches("bestmove ")
        .to_owned();
    (info, best)
}

#[test]
fn hard_plays_with_the_apps_endgame_tables_unless_told_not_to() {
    // Red wins in 5 (9 plies); a search of one ply cannot see it, the tables can.
    const WON: &str = "6/6/r1r3/6/6/r3bb r 0 20";
    let dir = scratch_dir("default-tables");
    let kept = dir.join("surakarta-nocapture50-blockeddraws-diagonal-5.sktb");
    let dir_arg = dir.to_str().unwrap();

    // None kept: the engine answers at once and builds them behind its answers.
    let mut p = Protocol::start_with(&["--tables-dir", dir_arg]);
    p.send("uci");
    p.until("uciok");
    p.send("isready");
    p.until("readyok");
    assert!(
        !kept.exists(),
        "the engine answered only after building the tables"
    );
    let mut waited = 0;
    while !kept.exists() {
        assert!(waited < 1_200, "the default tables were never kept");
        std::thread::sleep(std::time::Duration::from_millis(500));
        waited += 1;
    }
    // Kept once built, they are the engine's from then on.
    let (probe, _, ok) = run_with_input(&["tb", "probe", WON, "--dir", dir_arg], "");
    assert!(ok, "{probe}");
    let probe: serde_json::Value = serde_json::from_str(&probe).unwrap();
    assert_eq!(probe["value"], "win");
    let dtm = probe["dtm"].as_u64().unwrap();
    let table_moves: Vec<&str> = probe["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mate = format!(" score mate {} ", dtm.div_ceil(2));
    let ask = |p: &mut Protocol| {
        p.send(&format!("position fen {WON}"));
        p.send("go depth 1");
        last_info_and_best(&p.until("bestmove"))
    };
    // The file may be there a moment before the engine has the tables: ask until it
    // plays by them.
    let mut tries = 0;
    let (info, best) = loop {
        let (info, best) = ask(&mut p);
        if info.contains(" score mate ") || tries == 100 {
            break (info, best);
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        tries += 1;
    };
    assert!(info.contains(&mate), "{info}; the tables say {dtm} plies");
    assert!(
        table_moves.contains(&best.as_str()),
        "{best} not in {table_moves:?}"
    );

    // A new engine reads the kept ones before its first answer.
    let mut p = Protocol::start_with(&["--tables-dir", dir_arg]);
    let (info, best) = ask(&mut p);
    assert!(info.contains(&mate), "{info}");
    assert!(table_moves.contains(&best.as_str()));
    // --tables 0: Hard plays without them, and one ply sees no win.
    let mut p = Protocol::start_with(&["--tables", "0", "--tables-dir", dir_arg]);
    let (info, _) = ask(&mut p);
    assert!(info.contains(" score cp "), "{info}");

    // A match with Hard uses the kept tables (nothing built); one without Hard builds
    // none even where none are kept.
    let (out, err, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Hard",
            "--b",
            "Random",
            "--games",
            "2",
            "--movetime",
            "20",
            "--tables-dir",
            dir_arg,
        ],
        "",
    );
    assert!(ok, "{out}{err}");
    assert!(!err.contains("building"), "{err}");
    let empty = scratch_dir("no-tables");
    let (out, err, ok) = run_with_input(
        &[
            "match",
            "--a",
            "Easy",
            "--b",
            "Random",
            "--games",
            "2",
            "--tables-dir",
            empty.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{out}{err}");
    assert!(!err.contains("building"), "{err}");
    assert_eq!(std::fs::read_dir(&empty).unwrap().count(), 0);
    // With no folder to keep tables in (no cache folder known), Hard plays without
    // them rather than not at all; asked for, they are an error that says why.
    let homeless = |args: &[&str]| {
        let mut command = engine();
        for var in ["SURAKARTA_TB_DIR", "XDG_CACHE_HOME", "LOCALAPPDATA", "HOME"] {
            command.env_remove(var);
        }
        command.args(args);
        run_command(command, &format!("position fen {WON}\ngo depth 1\nquit\n"))
    };
    let (out, err, ok) = homeless(&["engine"]);
    assert!(
        ok && out.contains("bestmove ") && out.contains(" score cp "),
        "{out}{err}"
    );
    assert!(err.contains("playing without the endgame tables"), "{err}");
    let (_, err, ok) = homeless(&["engine", "--tables", "5"]);
    assert!(!ok && err.contains("--tables-dir"), "{err}");
    // Each command names the folder flag it takes itself.
    let (_, err, ok) = homeless(&["puzzles", "generate", "--count", "1", "--tables", "4"]);
    assert!(!ok && err.contains("give --tables-dir"), "{err}");
    let (_, err, ok) = homeless(&["tb", "probe", WON]);
    assert!(!ok && err.contains("give --dir "), "{err}");
    // Seven megabytes a run are not left behind.
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&empty);
}
