//! Game records: `[Key "value"]` headers, a blank line, then numbered moves
//! (`docs/rules.md`, "Notation", lists the headers and the `Termination` ids).
//!
//! ```text
//! [Ruleset "standard"]
//! [Red "You"]
//! [Black "Computer (Hard)"]
//! [Result "*"]
//!
//! 1. b2-c3 e5-d4 2. c3-b3 *
//! ```
//!
//! Moves are numbered in pairs of plies counted from the first ply of the game: a record
//! that starts from a position with an odd ply count opens with `N... move`.

use crate::fen::ParsePositionError;
use crate::game::{EndReason, Game, Outcome, PlayError};
use crate::moves::{Move, ParseMoveError};
use crate::position::Position;
use crate::ruleset::{ParseRulesetError, Ruleset};
use crate::square::Side;
use std::fmt;
use std::str::FromStr;

/// A game record: headers and moves, as read or as to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The headers in order, `Ruleset`, `Start`, `Red`, `Black`, `Result` among them.
    pub headers: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<Move>,
}

/// Why a record could not be read or replayed. Lines and move numbers count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRecordError {
    /// A header line is not of the form `[Key "value"]`.
    BadHeader {
        /// Line number.
        line: usize,
    },
    /// A token in the move text is not a move, a move number or a result.
    BadMove {
        /// The token's position among the move text's tokens, from 1.
        token: usize,
        /// The text.
        text: String,
        /// What is wrong with it.
        error: ParseMoveError,
    },
    /// A move number is not the one expected there.
    BadMoveNumber {
        /// The number written.
        found: String,
        /// The number expected.
        expected: u32,
    },
    /// Something follows the result token.
    TextAfterResult(String),
    /// The result in the move text differs from the `Result` header.
    ResultMismatch,
    /// The `Ruleset` header is not a rule set.
    BadRuleset(ParseRulesetError),
    /// The `Start` header is not a position string.
    BadStart(ParsePositionError),
    /// A move cannot be played where it stands.
    IllegalMove {
        /// Ply number (1 is the first move of the record).
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it was refused.
        error: PlayError,
    },
    /// The `Result` header is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    BadResult(String),
    /// The `Termination` header is not one of the engine's end reasons.
    BadTermination(String),
    /// The `Result` header says something else than the game the moves play out.
    ResultContradicts {
        /// The result written.
        written: String,
        /// How the moves end the game (`*`: it goes on).
        played: String,
    },
    /// The `Termination` header does not fit the result and the game the moves play out.
    TerminationContradicts {
        /// The termination written.
        written: String,
        /// Why it does not fit.
        why: &'static str,
    },
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadHeader { line } => {
                write!(f, "line {line}: a header is written [Key \"value\"]")
            }
            Self::BadMove { token, text, error } => {
                write!(f, "move text, item {token} {text:?}: {error}")
            }
            Self::BadMoveNumber { found, expected } => {
                write!(f, "move number {found:?} where {expected} was expected")
            }
            Self::TextAfterResult(t) => write!(f, "{t:?} follows the result"),
            Self::ResultMismatch => {
                f.write_str("the result after the moves differs from the Result header")
            }
            Self::BadRuleset(e) => write!(f, "Ruleset header: {e}"),
            Self::BadStart(e) => write!(f, "Start header: {e}"),
            Self::IllegalMove { ply, mv, error } => write!(f, "ply {ply} ({mv}): {error}"),
            Self::BadResult(r) => write!(f, "Result {r:?} is not 1-0, 0-1, 1/2-1/2 or *"),
            Self::BadTermination(t) => {
                let ids: Vec<&str> = EndReason::ALL.iter().map(|r| r.id()).collect();
                write!(f, "Termination {t:?} is not one of {}", ids.join(", "))
            }
            Self::ResultContradicts { written, played } => write!(
                f,
                "the Result header says {written} but the moves end the game {played}"
            ),
            Self::TerminationContradicts { written, why } => {
                write!(f, "Termination {written:?}: {why}")
            }
        }
    }
}

impl std::error::Error for ParseRecordError {}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

impl Record {
    /// The value of a header.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a header, replacing an earlier value.
    pub fn set_header(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value,
            None => self.headers.push((key.to_owned(), value)),
        }
    }

    /// The record of `game`, with the players' names.
    pub fn from_game(game: &Game, red: &str, black: &str) -> Record {
        let mut r = Record {
            headers: Vec::new(),
            moves: game.history().to_vec(),
        };
        r.set_header("Ruleset", game.rules().to_string());
        if *game.start() != Position::start(game.rules().first) {
            r.set_header("Start", game.start().to_string());
        }
        r.set_header("Red", red);
        r.set_header("Black", black);
        match game.outcome() {
            Some(o) => {
                r.set_header("Result", o.result_token());
                r.set_header("Termination", o.reason.id());
            }
            None => r.set_header("Result", "*"),
        }
        r
    }

    /// Replays the record into a game, checking every move. A decisive or drawn `Result`
    /// that the board does not explain is kept as the `Termination` header says
    /// (resignation or agreed draw when it says nothing).
    pub fn to_game(&self) -> Result<Game, ParseRecordError> {
        let rules = match self.header("Ruleset") {
            Some(text) => text.parse().map_err(ParseRecordError::BadRuleset)?,
            None => Ruleset::default(),
        };
        let start = match self.header("Start") {
            Some(text) => text.parse().map_err(ParseRecordError::BadStart)?,
            None => Position::start(rules.first),
        };
        let mut game = Game::from_position(start, rules);
        for (i, &mv) in self.moves.iter().enumerate() {
            game.try_play(mv)
                .map_err(|error| ParseRecordError::IllegalMove {
                    ply: i + 1,
                    mv,
                    error,
                })?;
        }
        self.check_ending(&mut game)?;
        Ok(game)
    }

    /// Holds the `Result` and `Termination` headers against the game the moves play out:
    /// a game the rules have ended must be written with that result (and that reason, if
    /// one is given); a game they have not ended may carry only what players declare or an
    /// online server decides (a resignation, an agreed draw, an agreed stop won by the side
    /// with more stones, a loss on time, a win or draw claimed after the other player left),
    /// which is then declared on `game`.
    fn check_ending(&self, game: &mut Game) -> Result<(), ParseRecordError> {
        let termination = match self.header("Termination") {
            None => None,
            Some(t) => Some(
                EndReason::from_id(t).ok_or_else(|| ParseRecordError::BadTermination(t.into()))?,
            ),
        };
        let contradicts = |why| ParseRecordError::TerminationContradicts {
            written: self.header("Termination").unwrap_or_default().to_owned(),
            why,
        };
        let written = match self.header("Result") {
            // No result written: the moves say it.
            None => None,
            Some("*") => Some(None),
            Some("1-0") => Some(Some(Some(Side::Red))),
            Some("0-1") => Some(Some(Some(Side::Black))),
            Some("1/2-1/2") => Some(Some(None)),
            Some(other) => return Err(ParseRecordError::BadResult(other.to_owned())),
        };
        if let Some(played) = game.outcome() {
            if written.is_some_and(|w| w != Some(played.winner)) {
                return Err(ParseRecordError::ResultContradicts {
                    written: self.header("Result").unwrap_or_default().to_owned(),
                    played: format!("{} ({})", played.result_token(), played.reason.id()),
                });
            }
            if termination.is_some_and(|t| t != played.reason) {
                return Err(contradicts("the moves end the game otherwise"));
            }
            return Ok(());
        }
        if written == Some(None) && termination == Some(EndReason::Aborted) {
            // Ended without a result.
            game.declare(Outcome {
                winner: None,
                reason: EndReason::Aborted,
            });
            return Ok(());
        }
        let Some(Some(winner)) = written else {
            // Going on, as written or as not written.
            return match termination {
                Some(_) => Err(contradicts("the game has not ended")),
                None => Ok(()),
            };
        };
        let reason = termination.unwrap_or(if winner.is_some() {
            EndReason::Resignation
        } else {
            EndReason::AgreedDraw
        });
        let mut declared = game.clone();
        match reason {
            EndReason::Resignation if winner.is_some() => {}
            EndReason::Resignation => return Err(contradicts("a resignation has a winner")),
            EndReason::AgreedDraw if winner.is_none() => {}
            EndReason::AgreedDraw => return Err(contradicts("an agreed draw has no winner")),
            EndReason::TimeForfeit | EndReason::Abandoned if winner.is_some() => {}
            EndReason::TimeForfeit => return Err(contradicts("a time forfeit has a winner")),
            EndReason::Abandoned => {
                return Err(contradicts("a game won by abandonment has a winner"));
            }
            EndReason::AbandonedDraw if winner.is_none() => {}
            EndReason::AbandonedDraw => {
                return Err(contradicts(
                    "a draw claimed after abandonment has no winner",
                ));
            }
            EndReason::Aborted => {
                return Err(contradicts("an aborted game has no result: \"*\""));
            }
            EndReason::AgreedStop => {
                declared.agree_stop();
                if declared.outcome().map(|o| o.winner) != Some(winner) {
                    return Err(contradicts(
                        "an agreed stop is won by the side with more stones",
                    ));
                }
            }
            _ => return Err(contradicts("the moves do not end the game so")),
        }
        game.declare(Outcome { winner, reason });
        Ok(())
    }

    /// The number a record writes before the move played at `ply` (plies counted from 0,
    /// as in position strings): `N.` for the first move of pair `N`, `N...` for the second
    /// (how a second move is numbered when it stands alone).
    pub fn move_number(ply: u32) -> String {
        let dots = if ply.is_multiple_of(2) { "." } else { "..." };
        format!("{}{dots}", ply / 2 + 1)
    }

    fn first_ply(&self) -> u32 {
        self.header("Start")
            .and_then(|s| s.parse::<Position>().ok())
            .map_or(0, |p| p.plies())
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.headers {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{k} \"{v}\"]")?;
        }
        writeln!(f)?;
        let first = self.first_ply();
        let mut items = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let ply = first + i as u32;
            // Numbers stand before each pair, and before a record's first move if it is
            // the second of its pair.
            if ply.is_multiple_of(2) || i == 0 {
                items.push(Record::move_number(ply));
            }
            items.push(m.to_string());
        }
        items.push(self.header("Result").unwrap_or("*").to_owned());
        // Keep lines short enough to read in a text editor or a chat message.
        let mut line = String::new();
        for item in items {
            if !line.is_empty() && line.len() + item.len() >= 80 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        writeln!(f, "{line}")
    }
}

fn parse_header(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"')?.strip_suffix('"')?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((key.to_owned(), value))
}

impl FromStr for Record {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        // A text editor's byte-order mark is not part of the record; old Macs end lines
        // with a carriage return alone.
        let s = s.strip_prefix('\u{feff}').unwrap_or(s);
        let s = s.replace("\r\n", "\n").replace('\r', "\n");
        let mut headers = Vec::new();
        let mut body = String::new();
        let mut in_headers = true;
        for (i, raw) in s.lines().enumerate() {
            let line = raw.trim();
            if in_headers && line.starts_with('[') {
                headers
                    .push(parse_header(line).ok_or(ParseRecordError::BadHeader { line: i + 1 })?);
            } else if !line.is_empty() || !in_headers {
                in_headers = false;
                body.push_str(line);
                body.push(' ');
            }
        }
        let mut record = Record {
            headers,
            moves: Vec::new(),
        };
        let mut ply = record.first_ply();
        let mut result: Option<&str> = None;
        for (i, token) in body.split_whitespace().enumerate() {
            if result.is_some() {
                return Err(ParseRecordError::TextAfterResult(token.to_owned()));
            }
            if is_result(token) {
                result = Some(token);
                continue;
            }
            // A move number, possibly glued to its move: "12." "12..." "12.b2-c3".
            let digits = token.bytes().take_while(u8::is_ascii_digit).count();
            let mut text = token;
            if digits > 0 && token[digits..].starts_with('.') {
                let dots = token[digits..].bytes().take_while(|b| *b == b'.').count();
                let expected = ply / 2 + 1;
                let ok = token[..digits].parse::<u32>().ok() == Some(expected)
                    && (dots == 1 && ply.is_multiple_of(2) || dots == 3 && !ply.is_multiple_of(2));
                if !ok {
                    return Err(ParseRecordError::BadMoveNumber {
                        found: token[..digits + dots].to_owned(),
                        expected,
                    });
                }
                text = &token[digits + dots..];
                if text.is_empty() {
                    continue;
                }
            }
            let mv = text
                .parse::<Move>()
                .map_err(|error| ParseRecordError::BadMove {
                    token: i + 1,
                    text: text.to_owned(),
                    error,
                })?;
            record.moves.push(mv);
            ply = ply.saturating_add(1);
        }
        match (result, record.header("Result")) {
            (Some(r), Some(h)) if r != h => return Err(ParseRecordError::ResultMismatch),
            (Some(r), None) => record.set_header("Result", r),
            _ => {}
        }
        if let Some(r) = record.header("Result").filter(|r| !is_result(r)) {
            return Err(ParseRecordError::BadResult(r.to_owned()));
        }
        Ok(record)
    }
}
