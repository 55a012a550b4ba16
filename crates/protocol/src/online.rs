//! The online server's API (docs/online.md): the bodies of its HTTP requests and answers,
//! and the messages on a game's WebSocket. The server writes what the app and the bot
//! read, from these same types.

use serde::{Deserialize, Serialize};

/// `POST /api/games`: a new game in this rule set, the creator in this seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A rule set's name (`standard` when left out).
    #[serde(default = "standard")]
    pub ruleset: String,
    /// `red`, `black` or `random` (`random` when left out).
    #[serde(default = "random")]
    pub seat: String,
    /// The time limit: none when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
}

/// A game's time limit, chosen when it is created: `{"initial": SECONDS, "increment":
/// SECONDS}` or `{"days": DAYS}`, each with exactly its fields (a clock with both kinds, or
/// a live one without its increment, is refused rather than guessed at).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, try_from = "ClockFields")]
pub enum TimeControl {
    /// A live game: each side has `initial` seconds for the game, and gains `increment`
    /// seconds after each of its moves (`3+2` is 180 and 2).
    Live {
        /// Seconds on each clock at the start.
        initial: u64,
        /// Seconds added after each move.
        increment: u64,
    },
    /// A correspondence game: each move must be made within `days` days.
    Correspondence {
        /// Days for each move.
        days: u64,
    },
}

/// A clock as written, before it is known to be one kind or the other.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockFields {
    initial: Option<u64>,
    increment: Option<u64>,
    days: Option<u64>,
}

impl TryFrom<ClockFields> for TimeControl {
    type Error = String;

    fn try_from(c: ClockFields) -> Result<Self, String> {
        const KINDS: &str =
            "a clock is {\"initial\": SECONDS, \"increment\": SECONDS} or {\"days\": DAYS}";
        match c {
            ClockFields {
                initial: Some(initial),
                increment: Some(increment),
                days: None,
            } => Ok(TimeControl::Live { initial, increment }),
            ClockFields {
                initial: None,
                increment: None,
                days: Some(days),
            } => Ok(TimeControl::Correspondence { days }),
            ClockFields { days: Some(_), .. } => Err(format!("{KINDS}, not both")),
            ClockFields {
                initial: Some(_), ..
            } => Err(format!("{KINDS}: \"increment\" is missing")),
            ClockFields {
                increment: Some(_), ..
            } => Err(format!("{KINDS}: \"initial\" is missing")),
            ClockFields { .. } => Err(format!("{KINDS}: it is empty")),
        }
    }
}

impl TimeControl {
    /// The longest live game's initial time: 3 hours.
    pub const MAX_INITIAL: u64 = 3 * 3600;
    /// The largest increment: 3 minutes.
    pub const MAX_INCREMENT: u64 = 180;
    /// The longest time for a correspondence move: 14 days.
    pub const MAX_DAYS: u64 = 14;

    /// Checks the limits, with an error that says what they are.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            TimeControl::Live { initial, increment } => {
                if !(1..=Self::MAX_INITIAL).contains(&initial) {
                    return Err(format!(
                        "a live clock's \"initial\" is 1 to {} seconds",
                        Self::MAX_INITIAL
                    ));
                }
                if increment > Self::MAX_INCREMENT {
                    return Err(format!(
                        "a live clock's \"increment\" is 0 to {} seconds",
                        Self::MAX_INCREMENT
                    ));
                }
            }
            TimeControl::Correspondence { days } => {
                if !(1..=Self::MAX_DAYS).contains(&days) {
                    return Err(format!(
                        "a correspondence clock's \"days\" is 1 to {}",
                        Self::MAX_DAYS
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The clocks as a state was sent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Red's time left, in milliseconds (a correspondence game: for the move).
    pub red: u64,
    /// Black's time left, in milliseconds.
    pub black: u64,
    /// The side whose clock is running: `red`, `black` or `null` (before each side has
    /// moved once, and once the game is over).
    pub running: Option<String>,
}

/// How long each seat's player has been away (no connection), in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Away {
    /// Red's player: `null` while connected (or while the seat is free).
    pub red: Option<u64>,
    /// Black's player.
    pub black: Option<u64>,
}

fn standard() -> String {
    "standard".into()
}

fn random() -> String {
    "random".into()
}

impl Default for CreateGame {
    fn default() -> Self {
        CreateGame {
            ruleset: standard(),
            seat: random(),
            clock: None,
        }
    }
}

/// The answer to creating a game (`201`) or joining one (`POST /api/games/{id}/join`,
/// `200`): the seat taken and the token that opens it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatGranted {
    /// The game's id: in the answer to creating it only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `red` or `black`.
    pub seat: String,
    /// The seat's secret: 64 hexadecimal digits.
    pub token: String,
    /// The path of the invite link (`/?join=ID`): in the answer to creating it only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// Any answer that is not a success: why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// What went wrong, for a person (in English: a client shows its own words for
    /// `code`).
    pub error: String,
    /// What went wrong, for a program: a client translates this, not `error`. Left out
    /// by servers before it (read as `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<ErrorCode>,
}

/// What kind of refusal an answer (`Refusal::code`) or an `error` message (its `"code"`
/// field) is, for a client to put in its own words. Unknown codes (from a newer server)
/// read as [`ErrorCode::Other`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request or message is malformed (bad JSON, an unknown type, a bad field).
    BadRequest,
    /// No such game (or it expired).
    NotFound,
    /// Both seats are taken.
    Conflict,
    /// Too large (a body, a message).
    TooLarge,
    /// Too many requests, messages, games or connections: wait and try again.
    RateLimited,
    /// The game's rules or state refuse it (not your turn, an illegal move, too early to
    /// claim...): the message says which.
    Refused,
    /// A watcher tried what only a player may do.
    Watching,
    /// The game has as many watchers as it takes.
    TooManyWatchers,
    /// The server is full or cannot reach its store: nothing changed; try again.
    Unavailable,
    /// The server could not tell whether it was done (its store did not answer in
    /// time): it may have been. Read the game again (`sync`) before doing anything else;
    /// a move sent again with its `ply` is never played twice.
    OutcomeUnknown,
    /// The request took too long.
    Timeout,
    /// Anything else (or a code this client does not know).
    #[serde(other)]
    Other,
}

impl ServerMessage {
    /// An `error` message with its code: `{"type": "error", "message": ..., "code":
    /// ...}`. The code is a field beside the message rather than in
    /// [`ServerMessage::Error`], so that clients reading the message as it was keep
    /// reading it; a client that wants the code reads it as [`ErrorMessage`].
    pub fn error_json(code: ErrorCode, message: &str) -> String {
        serde_json::to_string(&ErrorMessage {
            kind: "error".into(),
            message: message.to_owned(),
            code: Some(code),
        })
        .unwrap_or_default()
    }
}

/// An `error` message read with its code (see [`ServerMessage::error_json`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    /// `"error"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Why, for a person (English).
    pub message: String,
    /// Why, for a program (`None` from a server before codes).
    #[serde(default)]
    pub code: Option<ErrorCode>,
}

/// Whose seats are taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// Red's seat is taken.
    pub red: bool,
    /// Black's seat is taken.
    pub black: bool,
}

/// A game as the server has it (`GET /api/games/{id}`, and each `state` message).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The game's id.
    #[serde(default)]
    pub id: String,
    /// The rule set.
    #[serde(default)]
    pub ruleset: String,
    /// The game in the rules' record notation: the truth the rest is derived from. Left
    /// out of a `moved` message (its game is the one before plus its move).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub record: String,
    /// The position string.
    #[serde(default)]
    pub position: String,
    /// `red` or `black`.
    #[serde(default)]
    pub to_move: String,
    /// `null`, `1-0`, `0-1` or `1/2-1/2`.
    #[serde(default)]
    pub result: Option<String>,
    /// Why the game ended, as in records' `Termination` header.
    #[serde(default)]
    pub termination: Option<String>,
    /// Which seats are taken.
    #[serde(default)]
    pub seats: Seats,
    /// The side whose draw offer stands, if any.
    #[serde(default)]
    pub draw_offer: Option<String>,
    /// Moves played so far.
    #[serde(default)]
    pub plies: usize,
    /// The time limit the game was created with (`null`: none).
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// The clocks (`null`: a game without a time limit).
    #[serde(default)]
    pub clock: Option<Clock>,
    /// Milliseconds left for the side to move to make its first move; when they run
    /// out the game is aborted (`termination` `"aborted"`, `result` `null`). `null` once
    /// each side has moved, and in games without a time limit.
    #[serde(default)]
    pub first_move: Option<u64>,
    /// How long each player has been away.
    #[serde(default)]
    pub away: Away,
    /// How long, in milliseconds, a player must have been away before the other may
    /// claim the game (`claim`).
    #[serde(default)]
    pub claim_after: u64,
    /// After the game: the side whose rematch offer stands.
    #[serde(default)]
    pub rematch_offer: Option<String>,
    /// The rematch's game id, once the offer was accepted: each player's seat there
    /// (colours swapped) opens with the token of their seat here.
    #[serde(default)]
    pub rematch: Option<String>,
    /// How long ago, in milliseconds, the last move was played (`null`: no move yet, or
    /// played before the server kept the time of moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move_ago: Option<u64>,
}

/// What the server sends on a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game, on connecting and after every change but a move.
    State(Box<GameState>),
    /// A move was played: `move`, the `plies`-th of the game, and the state after it
    /// without its `record` (a long game's record is long; a client has the rest). A
    /// client whose game is not at `plies - 1` moves asks for the whole state (`sync`).
    Moved {
        /// The move, in the rules' notation.
        #[serde(rename = "move")]
        mv: String,
        /// The state after it, `record` left out.
        #[serde(flatten)]
        state: Box<GameState>,
    },
    /// A player arrived or left (the game itself did not change): how long each has
    /// been away, and how long before the one left may claim the game.
    Presence {
        /// How long each player has been away.
        away: Away,
        /// How long a player must be away before the other may claim, in milliseconds.
        claim_after: u64,
    },
    /// The answer to a `ping`.
    Pong,
    /// A message of this connection's was refused; nothing changed, unless the code says
    /// the outcome is unknown.
    Error {
        /// Why, for a person (English: a client shows its own words for the code).
        message: String,
        /// Why, for a program (`None` from a server before codes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<ErrorCode>,
    },
}

impl ServerMessage {
    /// The message as it goes over the socket.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// What a player sends on a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message of a player's connection: the seat's token. A connection opened
    /// without one is a watcher's; the token never goes in the address, where logs and
    /// error messages would show it.
    Hello {
        /// The seat's secret.
        token: String,
    },
    /// A move in the rules' notation (`b2-c3`, `b3xe5`), played only if the game is at
    /// `ply` moves, when given (so that one sent again never plays twice).
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: String,
        /// The number of moves played before it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<u64>,
    },
    /// The sender gives the game up.
    Resign,
    /// The sender offers a draw.
    OfferDraw,
    /// The sender accepts the other side's draw offer.
    AcceptDraw,
    /// The sender declines it.
    DeclineDraw,
    /// Is the connection alive? Answered with `pong` (a browser cannot see the
    /// WebSocket's own pings, so a page asks itself).
    Ping,
    /// Sends the whole state again, to this connection (after a `moved` that did not
    /// follow from the game the client had).
    Sync,
    /// After the game, the sender offers a rematch: colours swapped, the same rules and
    /// clock.
    Rematch,
    /// The sender accepts the other's rematch offer: the new game is made.
    AcceptRematch,
    /// The sender declines it.
    DeclineRematch,
    /// The sender's opponent has been away for `claim_after`: the sender ends the game
    /// with a win (`abandoned`) or a draw (`abandoned-draw`).
    Claim {
        /// What is claimed.
        result: ClaimResult,
    },
}

/// What a player claims when the opponent has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimResult {
    /// The game, won.
    Win,
    /// A draw.
    Draw,
}

/// The message types a player may send, as a client is told them.
const TYPES: &str = "hello, move, resign, offer_draw, accept_draw, decline_draw, claim, rematch, accept_rematch, decline_rematch, ping and sync";

impl ClientMessage {
    /// The message as it goes over the socket.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a player's message, with an error that says what a client got wrong.
    pub fn read(text: &str) -> Result<ClientMessage, String> {
        use serde_json::Value;
        let value: Value = serde_json::from_str(text).map_err(|e| format!("bad JSON: {e}"))?;
        let kind = value
            .get("type")
            .and_then(Value::as_str)
            .ok_or("a message is a JSON object with a \"type\"")?;
        Ok(match kind {
            "move" => {
                let mv = value
                    .get("move")
                    .and_then(Value::as_str)
                    .ok_or("a move message has \"move\": a move such as \"b2-c3\" or \"b3xe5\"")?;
                let ply = match value.get("ply") {
                    None | Some(Value::Null) => None,
                    Some(v) => Some(v.as_u64().ok_or("\"ply\" is a whole number")?),
                };
                ClientMessage::Move {
                    mv: mv.to_owned(),
                    ply,
                }
            }
            "hello" => {
                let token = value
                    .get("token")
                    .and_then(Value::as_str)
                    .ok_or("a hello message has \"token\": the seat's token")?;
                ClientMessage::Hello {
                    token: token.to_owned(),
                }
            }
            "claim" => {
                let result = match value.get("result").and_then(Value::as_str) {
                    Some("win") => ClaimResult::Win,
                    Some("draw") => ClaimResult::Draw,
                    _ => return Err("a claim message has \"result\": \"win\" or \"draw\"".into()),
                };
                ClientMessage::Claim { result }
            }
            "resign" => ClientMessage::Resign,
            "rematch" => ClientMessage::Rematch,
            "ping" => ClientMessage::Ping,
            "sync" => ClientMessage::Sync,
            "accept_rematch" => ClientMessage::AcceptRematch,
            "decline_rematch" => ClientMessage::DeclineRematch,
            "offer_draw" => ClientMessage::OfferDraw,
            "accept_draw" => ClientMessage::AcceptDraw,
            "decline_draw" => ClientMessage::DeclineDraw,
            other => {
                return Err(format!(
                    "unknown message type {other:?}: the types are {TYPES}"
                ));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_message_reads_back_as_written() {
        for message in [
            ClientMessage::Move {
                mv: "b3xe5".into(),
                ply: Some(4),
            },
            ClientMessage::Move {
                mv: "b2-c3".into(),
                ply: None,
            },
            ClientMessage::Hello {
                token: "ab".repeat(32),
            },
            ClientMessage::Resign,
            ClientMessage::OfferDraw,
            ClientMessage::AcceptDraw,
            ClientMessage::DeclineDraw,
            ClientMessage::Claim {
                result: ClaimResult::Win,
            },
            ClientMessage::Claim {
                result: ClaimResult::Draw,
            },
            ClientMessage::Rematch,
            ClientMessage::Ping,
            ClientMessage::Sync,
            ClientMessage::AcceptRematch,
            ClientMessage::DeclineRematch,
        ] {
            let text = message.to_json();
            assert_eq!(ClientMessage::read(&text), Ok(message.clone()), "{text}");
            assert_eq!(
                serde_json::from_str::<ClientMessage>(&text).unwrap(),
                message
            );
        }
    }

    #[test]
    fn a_moved_message_is_the_state_without_its_record_and_reads_back() {
        let state = GameState {
            id: "k3mpq8x2ra".into(),
            plies: 7,
            to_move: "black".into(),
            clock: Some(Clock {
                red: 1000,
                black: 2000,
                running: Some("black".into()),
            }),
            ..GameState::default()
        };
        let moved = ServerMessage::Moved {
            mv: "b3xe5".into(),
            state: Box::new(state),
        };
        let text = moved.to_json();
        assert!(
            text.starts_with(r#"{"type":"moved","move":"b3xe5""#),
            "{text}"
        );
        assert!(!text.contains("record"), "{text}");
        assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), moved);
    }

    #[test]
    fn a_bad_message_says_what_is_wrong() {
        for (text, says) in [
            ("{not json", "bad JSON"),
            ("[1, 2]", "\"type\""),
            (r#"{"type": 7}"#, "\"type\""),
            (r#"{"type": "dance"}"#, "unknown message type \"dance\""),
            (r#"{"type": "move"}"#, "\"move\""),
            (r#"{"type": "move", "move": 5}"#, "\"move\""),
            (r#"{"type": "hello"}"#, "\"token\""),
            (
                r#"{"type": "claim", "result": "everything"}"#,
                "\"win\" or \"draw\"",
            ),
            (r#"{"type": "move", "move": "b2-b3", "ply": -3}"#, "\"ply\""),
        ] {
            let error = ClientMessage::read(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn time_controls_read_as_the_api_writes_them() {
        let read = |text: &str| serde_json::from_str::<CreateGame>(text);
        let live = read(r#"{"clock": {"initial": 180, "increment": 2}}"#).unwrap();
        assert_eq!(
            live.clock,
            Some(TimeControl::Live {
                initial: 180,
                increment: 2
            })
        );
        let days = read(r#"{"clock": {"days": 3}}"#).unwrap();
        assert_eq!(days.clock, Some(TimeControl::Correspondence { days: 3 }));
        assert_eq!(read("{}").unwrap().clock, None);
        assert!(read(r#"{"clock": {"minutes": 3}}"#).is_err());
        // Exactly one kind, with all its fields.
        for (text, says) in [
            (
                r#"{"clock": {"initial": 60, "increment": 0, "days": 3}}"#,
                "not both",
            ),
            (r#"{"clock": {"initial": 60}}"#, "\"increment\" is missing"),
            (r#"{"clock": {"increment": 2}}"#, "\"initial\" is missing"),
            (r#"{"clock": {}}"#, "empty"),
        ] {
            let error = read(text).unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
        // What is written reads back.
        for clock in [live.clock.unwrap(), days.clock.unwrap()] {
            let text = serde_json::to_string(&clock).unwrap();
            assert_eq!(serde_json::from_str::<TimeControl>(&text).unwrap(), clock);
        }
        for (bad, says) in [
            (
                TimeControl::Live {
                    initial: 0,
                    increment: 5,
                },
                "initial",
            ),
            (
                TimeControl::Live {
                    initial: 60,
                    increment: 600,
                },
                "increment",
            ),
            (TimeControl::Correspondence { days: 0 }, "days"),
            (TimeControl::Correspondence { days: 90 }, "days"),
        ] {
            assert!(bad.check().unwrap_err().contains(says), "{bad:?}");
        }
        assert_eq!(
            TimeControl::Live {
                initial: 60,
                increment: 0
            }
            .check(),
            Ok(())
        );
    }

    #[test]
    fn an_error_with_its_code_still_reads_as_the_error_it_was() {
        let text = ServerMessage::error_json(ErrorCode::OutcomeUnknown, "resync");
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            ServerMessage::Error {
                message: "resync".into(),
                code: Some(ErrorCode::OutcomeUnknown),
            }
        );
        let read: ErrorMessage = serde_json::from_str(&text).unwrap();
        assert_eq!(read.code, Some(ErrorCode::OutcomeUnknown));
        assert!(text.contains(r#""code":"outcome_unknown""#), "{text}");
        let old: ErrorMessage = serde_json::from_str(r#"{"type":"error","message":"x"}"#).unwrap();
        assert_eq!(old.code, None);
        let newer: Refusal =
            serde_json::from_str(r#"{"error":"x","code":"something_new"}"#).unwrap();
        assert_eq!(newer.code, Some(ErrorCode::Other));
        let before: Refusal = serde_json::from_str(r#"{"error":"x"}"#).unwrap();
        assert_eq!(before.code, None);
    }

    #[test]
    fn a_state_reads_back_with_its_type() {
        let state = ServerMessage::State(Box::new(GameState {
            id: "k3mpq8x2ra".into(),
            record: "*".into(),
            seats: Seats {
                red: true,
                black: false,
            },
            draw_offer: Some("red".into()),
            ..GameState::default()
        }));
        let text = state.to_json();
        assert!(text.contains("\"type\":\"state\""), "{text}");
        assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), state);
    }
}
