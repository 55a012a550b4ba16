//! What went wrong with a pasted or saved record or position, in the player's language:
//! the engine's typed errors ([`ParseRecordError`], [`ParsePositionError`]) named by
//! kind, with the line, the move or the text they point at.

use crate::ui::i18n::Strings;
use surakarta_engine::{ParsePositionError, ParseRecordError, PlayError};

/// A record that cannot be read or replayed, said for the player.
pub fn record_error(e: &ParseRecordError, strings: &Strings) -> String {
    use ParseRecordError as E;
    match e {
        E::BadHeader { line } => strings.fill("error.header", &[("line", line.to_string())]),
        E::BadMove { text, .. } => strings.fill("error.move", &[("text", text.clone())]),
        E::BadMoveNumber { found, expected } => strings.fill(
            "error.move_number",
            &[("found", found.clone()), ("expected", expected.to_string())],
        ),
        E::TextAfterResult(text) => strings.fill("error.after_result", &[("text", text.clone())]),
        E::ResultMismatch => strings.get("error.result_mismatch"),
        E::BadRuleset(_) => strings.get("error.ruleset"),
        E::BadStart(p) => strings.fill("error.start", &[("why", position_error(p, strings))]),
        E::IllegalMove { ply, mv, error } => {
            let key = match error {
                PlayError::GameOver(_) => "error.game_over",
                PlayError::Illegal(_) => "error.illegal",
            };
            strings.fill(key, &[("ply", ply.to_string()), ("move", mv.to_string())])
        }
        E::BadResult(text) => strings.fill("error.result", &[("text", text.clone())]),
        E::BadTermination(text) => strings.fill("error.termination", &[("text", text.clone())]),
        E::ResultContradicts { written, played } => strings.fill(
            "error.result_contradicts",
            &[("written", written.clone()), ("played", played.clone())],
        ),
        E::TerminationContradicts { written, .. } => strings.fill(
            "error.termination_contradicts",
            &[("text", written.clone())],
        ),
    }
}

/// A position string that cannot be read, said for the player.
pub fn position_error(e: &ParsePositionError, strings: &Strings) -> String {
    use ParsePositionError as E;
    match e {
        E::FieldCount { found } => strings.fill("position.fields", &[("n", found.to_string())]),
        E::RowCount { found } => strings.fill("position.rows", &[("n", found.to_string())]),
        E::BadChar { row, ch } => strings.fill(
            "position.char",
            &[("row", row.to_string()), ("ch", ch.to_string())],
        ),
        E::RowLength { row, points } => strings.fill(
            "position.row_length",
            &[("row", row.to_string()), ("n", points.to_string())],
        ),
        E::TooManyStones { side: s, count } => strings.fill(
            "position.too_many",
            &[("side", strings.side(*s)), ("n", count.to_string())],
        ),
        E::BadSide(text) => strings.fill("position.side", &[("text", text.clone())]),
        E::BadCounter { text, .. } => strings.fill("position.counter", &[("text", text.clone())]),
        E::CounterTooLarge { text, .. } => {
            strings.fill("position.counter_large", &[("text", text.clone())])
        }
        E::CountersDisagree {
            since_capture,
            plies,
        } => strings.fill(
            "position.counters",
            &[
                ("since", since_capture.to_string()),
                ("plies", plies.to_string()),
            ],
        ),
        E::AdjacentDigits { row } => strings.fill("position.digits", &[("row", row.to_string())]),
    }
}

/// Why a file or a pasted text is not a game the app can open: the engine's typed errors,
/// said in the player's language by [`crate::game::errors`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Not a record of a game the rules allow.
    Record(ParseRecordError),
    /// Looks like a position string, and is not one.
    Position(ParsePositionError),
    /// The file could not be read at all.
    File,
}

impl Unreadable {
    /// What is wrong, in the language of `strings`.
    pub fn say(&self, strings: &Strings) -> String {
        match self {
            Unreadable::Record(e) => record_error(e, strings),
            Unreadable::Position(e) => position_error(e, strings),
            Unreadable::File => strings.get("error.file"),
        }
    }
}
