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
    /// What went wrong, for a person.
    pub error: String,
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
    /// The game in the rules' record notation: the truth the rest is derived from.
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
}

/// What the server sends on a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game, on connecting and after every change.
    State(GameState),
    /// A message of this connection's was refused; nothing changed.
    Error {
        /// Why, for a person.
        message: String,
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
}

/// The message types a player may send, as a client is told them.
const TYPES: &str = "hello, move, resign, offer_draw, accept_draw and decline_draw";

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
            "resign" => ClientMessage::Resign,
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
    fn a_bad_message_says_what_is_wrong() {
        for (text, says) in [
            ("{not json", "bad JSON"),
            ("[1, 2]", "\"type\""),
            (r#"{"type": 7}"#, "\"type\""),
            (r#"{"type": "dance"}"#, "unknown message type \"dance\""),
            (r#"{"type": "move"}"#, "\"move\""),
            (r#"{"type": "move", "move": 5}"#, "\"move\""),
            (r#"{"type": "hello"}"#, "\"token\""),
            (r#"{"type": "move", "move": "b2-b3", "ply": -3}"#, "\"ply\""),
        ] {
            let error = ClientMessage::read(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn a_state_reads_back_with_its_type() {
        let state = ServerMessage::State(GameState {
            id: "k3mpq8x2ra".into(),
            record: "*".into(),
            seats: Seats {
                red: true,
                black: false,
            },
            draw_offer: Some("red".into()),
            ..GameState::default()
        });
        let text = state.to_json();
        assert!(text.contains("\"type\":\"state\""), "{text}");
        assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), state);
    }
}
