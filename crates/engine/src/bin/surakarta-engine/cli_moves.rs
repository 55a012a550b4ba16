//! `moves`: one JSON object per position string read from stdin.

use serde_json::{Value, json};
use std::io::{BufRead, Write};
use surakarta_engine::{Position, Ruleset};

const HELP: &str = r#"Usage: surakarta-engine moves [--ruleset ID]

Reads position strings from stdin, one a line, and prints one JSON object a line:
  {"fen": "...", "moves": [{"move": "b2xa2", "routes": [{"dir": "n", "points": ["b3", ...], "loops": 3}]},
                           {"move": "b1-a1", "routes": []}]}
Every route of a capture is listed, the preferred one first (fewest loops, then fewest points,
then n, e, s, w). A line that is not a position gets {"fen": "...", "error": "..."} and the
rest of the input is still answered. Blank lines are skipped.

  --ruleset ID   rule set whose step rule applies (default: standard)"#;

/// The JSON answer for one input line.
pub fn answer(line: &str, rules: &Ruleset) -> Value {
    let pos: Position = match line.parse() {
        Ok(p) => p,
        Err(e) => return json!({ "fen": line, "error": e.to_string() }),
    };
    let moves: Vec<Value> = pos
        .moves_with(rules.diagonal_steps)
        .iter()
        .map(|&m| {
            let routes: Vec<Value> = pos
                .routes(m)
                .iter()
                .map(|r| {
                    let points: Vec<String> = r.points.iter().map(|p| p.to_string()).collect();
                    json!({ "dir": r.dir.letter().to_string(), "points": points, "loops": r.loops })
                })
                .collect();
            json!({ "move": m.to_string(), "routes": routes })
        })
        .collect();
    json!({ "fen": line, "moves": moves })
}

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(());
    }
    let rules: Ruleset = match crate::flag_value(args, "--ruleset")? {
        Some(id) => id.parse().map_err(|e| format!("{e}"))?,
        None => Ruleset::default(),
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut input = stdin.lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input
            .read_until(b'\n', &mut raw)
            .map_err(|e| e.to_string())?
            == 0
        {
            break;
        }
        // A line that is not UTF-8 is still answered (with an error), never skipped.
        let text = String::from_utf8_lossy(&raw);
        let line = text.trim();
        if line.is_empty() {
            continue;
        }
        writeln!(out, "{}", answer(line, &rules)).map_err(|e| e.to_string())?;
    }
    Ok(())
}
