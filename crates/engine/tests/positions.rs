//! Hand-made positions from `tests/data/positions.txt`: exact move lists and routes.

use std::collections::BTreeSet;
use surakarta_engine::{Move, Position, Ruleset, perft};

struct Case {
    name: String,
    fen: String,
    rules: Ruleset,
    moves: BTreeSet<String>,
    routes: Vec<String>,
    perft: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/positions.txt");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut case = Case {
            name: String::new(),
            fen: String::new(),
            rules: Ruleset::default(),
            moves: BTreeSet::new(),
            routes: Vec::new(),
            perft: Vec::new(),
        };
        for line in block.lines().filter(|l| !l.starts_with('#')) {
            let (key, value) = line.split_once(':').expect("key: value");
            let value = value.trim();
            match key {
                "name" => case.name = value.to_owned(),
                "fen" => case.fen = value.to_owned(),
                "ruleset" => case.rules = value.parse().expect("ruleset"),
                "moves" => case.moves = value.split_whitespace().map(str::to_owned).collect(),
                "route" => case.routes.push(value.to_owned()),
                "perft" => {
                    case.perft = value
                        .split_whitespace()
                        .map(|n| n.parse().unwrap())
                        .collect()
                }
                other => panic!("unknown key {other}"),
            }
        }
        if !case.fen.is_empty() {
            out.push(case);
        }
    }
    out
}

#[test]
fn hand_made_positions_have_exactly_the_listed_moves_and_routes() {
    let cases = cases();
    assert!(
        cases.len() >= 10,
        "the data file holds the hand-made positions"
    );
    for case in cases {
        let pos: Position = case
            .fen
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let list = pos.moves_with(case.rules.diagonal_steps);
        let got: BTreeSet<String> = list.iter().map(Move::to_string).collect();
        assert_eq!(got, case.moves, "{}: move list", case.name);
        assert_eq!(
            got.len(),
            list.len(),
            "{}: moves are unique by (from, to)",
            case.name
        );

        let mut routes = Vec::new();
        for &m in list.iter().filter(|m| m.capture) {
            for r in pos.routes(m) {
                let points: Vec<String> = r.points.iter().map(|p| p.to_string()).collect();
                routes.push(format!("{m} {} {} {}", r.dir, r.loops, points.join(" ")));
            }
        }
        let mut expected = case.routes.clone();
        // Routes of one capture are compared in order; captures in any order.
        expected.sort_by_key(|r| r.split(' ').next().map(str::to_owned));
        routes.sort_by_key(|r| r.split(' ').next().map(str::to_owned));
        assert_eq!(routes, expected, "{}: routes", case.name);

        for (i, &n) in case.perft.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&pos, depth, case.rules.diagonal_steps),
                n,
                "{}: perft {depth}",
                case.name
            );
        }
    }
}
