//! `surakarta-engine`: perft, move listing, the engine protocol, benchmarks and matches.

mod cli_analyse;
mod cli_bench;
mod cli_engine;
mod cli_match;
mod cli_moves;
mod cli_perft;
mod cli_puzzles;
mod cli_record;
mod cli_tb;

use std::process::ExitCode;

const USAGE: &str = "\
surakarta-engine: the Surakarta rules engine and computer opponent

Usage: surakarta-engine <COMMAND> [ARGS]

Commands:
  perft DEPTH [--fen POSITION] [--ruleset ID]   count the leaves of the move tree
  moves                                        list moves and routes of positions read from stdin
  engine                                       speak the UCI-style engine protocol on stdin/stdout
  bench [--depth N]                            search fixed positions; nodes and nodes per second
  match --a P --b P --games N [--movetime MS] [--ruleset ID] [--threads T] [--records FILE]
                                               play a series of games between two players
  record                                       check a game record read from stdin: final
                                               position and result, or what is wrong (exit 1)
  tb build N | tb probe POSITION | tb check N
                                               endgame tables of up to N stones: build and
                                               keep them, print one position's value,
                                               distances and best moves as JSON, check them
  puzzles generate --count N | puzzles verify PACK
                                               make a puzzle pack from games between the
                                               levels (and the endgame tables); check one
  analyse [--movetime MS | --depth N]          judge every move of a game record read from
                                               stdin: one JSON line a move (exit 1: bad record)

Run `surakarta-engine COMMAND --help` for the details of one command.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match command.as_str() {
        "perft" => cli_perft::run(rest),
        "moves" => cli_moves::run(rest),
        "engine" => cli_engine::run(rest),
        "bench" => cli_bench::run(rest),
        "match" => cli_match::run(rest),
        "tb" => cli_tb::run(rest),
        "puzzles" => cli_puzzles::run(rest),
        "analyse" | "analyze" => match cli_analyse::run(rest) {
            Ok(Err(reason)) => {
                eprintln!("error: {reason}");
                return ExitCode::from(1);
            }
            Ok(Ok(())) => Ok(()),
            Err(message) => Err(message),
        },
        "record" => match cli_record::run(rest) {
            // A record that is not one is the answer asked for, not a misuse: exit 1.
            Ok(Err(reason)) => {
                eprintln!("error: {reason}");
                return ExitCode::from(1);
            }
            Ok(Ok(())) => Ok(()),
            Err(message) => Err(message),
        },
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The game in the record read from stdin: `Ok(Err(reason))` when the text is not a
/// record of a game the rules allow, `Err` when stdin cannot be read.
fn read_record_stdin() -> Result<Result<surakarta_engine::Game, String>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("reading stdin: {e}"))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(Err("the record is not UTF-8 text".into()));
    };
    Ok(text
        .parse::<surakarta_engine::Record>()
        .and_then(|r| r.to_game())
        .map_err(|e| e.to_string()))
}

/// True when the arguments ask for help.
fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// The value after a flag, e.g. `--fen X`.
fn flag_value<'a>(args: &'a [String], flag: &str) -> Result<Option<&'a str>, String> {
    match args.iter().position(|a| a == flag) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|v| Some(v.as_str()))
            .ok_or_else(|| format!("{flag} needs a value")),
    }
}
