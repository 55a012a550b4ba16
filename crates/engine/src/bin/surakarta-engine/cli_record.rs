//! `record`: reads a game record on stdin, replays and checks it; prints the final
//! position string and the result, or why the record cannot be read.

const HELP: &str = "\
Usage: surakarta-engine record < GAME.txt

Reads a game record (headers, a blank line, numbered moves) on stdin and replays it
with the rules: every move must be legal, and the Result and Termination headers must
fit the game the moves play out. Prints two lines: the final position string, then the
result and how the game ended (e.g. `1-0 all-captured`, or `*` for a game going on).
A record that cannot be read gets `error: ...` saying what and where, and exit status 1.";

/// Reads stdin as a record; `Err` with the reason when it is not one.
pub fn run(args: &[String]) -> Result<Result<(), String>, String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(Ok(()));
    }
    if let Some(extra) = args.first() {
        return Err(format!(
            "record takes no arguments, not {extra:?}\n\n{HELP}"
        ));
    }
    let game = match crate::read_record_stdin()? {
        Ok(game) => game,
        Err(reason) => return Ok(Err(reason)),
    };
    println!("{}", game.position());
    match game.outcome() {
        Some(o) => println!("{} {}", o.result_token(), o.reason.id()),
        None => println!("*"),
    }
    Ok(Ok(()))
}
