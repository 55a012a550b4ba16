//! `docs/rules.md` says what the engine plays: its rule-set table, its table of endings,
//! its circuit walks and its worked capture are read here and held against the engine, so
//! that the document cannot drift from the code. And no document sends a reader outside
//! the repository for the rules.

use std::path::{Path, PathBuf};
use surakarta_engine::{
    Circuit, EndReason, Loop, Move, NoMoves, Position, Ruleset, START_FEN, Side, Square,
};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rules_doc() -> String {
    let path = repo().join("docs/rules.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of the Markdown table whose header row is `header`, each as its cells without
/// the backticks.
fn table(doc: &str, header: &str) -> Vec<Vec<String>> {
    let mut lines = doc.lines().skip_while(|l| l.trim() != header);
    assert!(
        lines.next().is_some(),
        "docs/rules.md has no table {header:?}"
    );
    lines
        .skip(1) // | --- | --- |
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().trim_matches('`').to_owned())
                .collect()
        })
        .collect()
}

/// A limit as the table writes it: a number or `none`.
fn limit(cell: &str) -> Option<u32> {
    match cell {
        "none" => None,
        n => Some(n.parse().unwrap_or_else(|_| panic!("{n:?} is not a limit"))),
    }
}

#[test]
fn the_rule_set_table_is_the_engines() {
    let doc = rules_doc();
    let rows = table(
        &doc,
        "| id | first | no_capture_limit | ply_limit | repetition | no_moves | diagonal_steps |",
    );
    let documented: Vec<(String, Ruleset)> = rows
        .iter()
        .map(|row| {
            let [id, first, no_capture, plies, repetition, no_moves, diagonal] = &row[..] else {
                panic!("a rule-set row of seven cells: {row:?}");
            };
            let rules = Ruleset {
                first: match first.as_str() {
                    "red" => Side::Red,
                    "black" => Side::Black,
                    other => panic!("{id}: first is {other:?}"),
                },
                no_capture_limit: limit(no_capture),
                ply_limit: limit(plies),
                repetition: limit(repetition),
                no_moves: match no_moves.as_str() {
                    "loses" => NoMoves::Loses,
                    "draw" => NoMoves::Draw,
                    other => panic!("{id}: no_moves is {other:?}"),
                },
                diagonal_steps: match diagonal.as_str() {
                    "on" => true,
                    "off" => false,
                    other => panic!("{id}: diagonal_steps is {other:?}"),
                },
            };
            (id.clone(), rules)
        })
        .collect();
    let engine: Vec<(String, Ruleset)> = Ruleset::PRESETS
        .iter()
        .map(|p| (p.id.to_owned(), p.rules))
        .collect();
    assert_eq!(
        documented, engine,
        "docs/rules.md's rule sets (left) are not the engine's Ruleset::PRESETS (right)"
    );
    let default = Ruleset::PRESETS
        .iter()
        .find(|p| p.rules == Ruleset::default())
        .expect("the default is a preset");
    assert!(
        doc.contains(&format!("`{}` is the default", default.id)),
        "docs/rules.md does not name `{}` as the default",
        default.id
    );
}

#[test]
fn the_table_of_endings_is_the_engines() {
    let rows = table(&rules_doc(), "| id | the game ended because | result |");
    let documented: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
    let engine: Vec<&str> = EndReason::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(
        documented, engine,
        "docs/rules.md's endings (left) are not the engine's EndReason::ALL (right)"
    );
}

/// `inner: a2 b2 ... ⟲f1 e1 ...`: the slots in order, each loop after the slot before it.
#[test]
fn the_circuit_walks_are_the_engines() {
    let doc = rules_doc();
    for (name, circuit) in [("inner", Circuit::Inner), ("outer", Circuit::Outer)] {
        let prefix = format!("{name}: ");
        let line = doc
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("docs/rules.md has no line {prefix:?}"));
        let slots = circuit.slots();
        let mut expected = Vec::new();
        for (i, slot) in slots.iter().enumerate() {
            expected.push(slot.to_string());
            if i % 6 == 5 {
                let next = slots[(i + 1) % 24];
                let corner = Loop::joining(*slot, next)
                    .expect("a loop joins the lines' ends")
                    .corner;
                expected.push(format!("⟲{corner}"));
            }
        }
        let written: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(written, expected, "the {name} circuit's walk");
    }
}

/// The worked capture: its position, its move, and both routes as the engine finds them,
/// the one shown first.
#[test]
fn the_worked_capture_is_the_engines() {
    let doc = rules_doc();
    assert!(doc.contains(START_FEN), "the start position string");
    let pos: Position = "4b1/6/6/1r4/6/6 r 0 0".parse().unwrap();
    assert!(doc.contains("`4b1/6/6/1r4/6/6 r 0 0`"));
    let mv: Move = "b3xe6".parse().unwrap();
    assert!(pos.is_legal(mv, true));
    let routes = pos.routes(mv);
    assert_eq!(routes.len(), 2);
    for (route, word) in routes.iter().zip(["north", "south"]) {
        let prefix = format!("b3 {word}: ");
        let line = doc
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .unwrap_or_else(|| panic!("docs/rules.md has no line {prefix:?}"));
        // The points, then two spaces or more and what they come to.
        let (walk, _) = line.split_once("  ").unwrap_or((line, ""));
        let written: Vec<&str> = walk
            .split_whitespace()
            .filter(|t| !t.starts_with('⟲'))
            .collect();
        let points: Vec<String> = route.points.iter().map(Square::to_string).collect();
        assert_eq!(written, points, "b3 {word}");
        assert!(
            line.contains(&format!("{} loops, {} points", route.loops, points.len())),
            "{line}"
        );
    }
    assert_eq!(pos.preferred_route(mv).as_ref(), routes.first());
}

/// Issue 65: the rules once lived in a file beside the repository, which a clone does not
/// have. The README and every document point inside the repository.
#[test]
fn no_document_sends_the_reader_outside_the_repository() {
    let mut files = vec![repo().join("README.md")];
    let mut dirs = vec![repo().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 2, "README.md and docs/*.md");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            assert!(
                !line.contains("../shared") && !line.contains("shared/RULES.md"),
                "{}:{}: points outside the repository: {line}",
                path.display(),
                n + 1
            );
        }
    }
}
