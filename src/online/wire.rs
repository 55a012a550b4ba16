//! What goes over the network: the server's answers and messages (docs/online.md, their
//! types shared with the server in `crates/protocol`) read strictly, and the addresses
//! built from a server setting and an invite. Nothing here
//! touches the network; everything a hostile server or a pasted text can send is an error
//! value, never a panic.

use surakarta_engine::{Game, Move, ParseRecordError, Record, Side};
pub use surakarta_protocol::online::{
    Away, ClaimResult, ClientMessage, Clock, CreateGame, GameState, Refusal, SeatGranted, Seats,
    ServerMessage, TimeControl,
};

/// The longest game id the app accepts (the server's are 10 characters).
const MAX_ID: usize = 64;

/// A server's address as the app keeps it: `http://` or `https://`, a host, an optional
/// port and path, no trailing slash; `None` for anything else.
pub fn server_address(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('/');
    let (scheme, rest) = text.split_once("://")?;
    if !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
        return None;
    }
    let host = rest.split('/').next().unwrap_or_default();
    let fine = |c: char| c.is_ascii_alphanumeric() || "-._~:[]%/".contains(c);
    if host.is_empty() || !rest.chars().all(fine) || rest.len() > 200 {
        return None;
    }
    Some(format!("{}://{rest}", scheme.to_ascii_lowercase()))
}

/// The WebSocket address of a game's connection. The seat's token is not in it (an
/// address ends up in logs and error messages): it goes in the first message, [`hello`].
pub fn socket_url(server: &str, id: &str) -> String {
    let ws = if let Some(rest) = server.strip_prefix("https://") {
        format!("wss://{rest}")
    } else {
        format!("ws://{}", server.strip_prefix("http://").unwrap_or(server))
    };
    format!("{ws}/api/games/{id}/ws")
}

/// The first message of a player's connection: the seat's token.
pub fn hello(token: &str) -> String {
    ClientMessage::Hello {
        token: token.to_owned(),
    }
    .to_json()
}

/// A game id the server could have made: letters and digits only, so that it can go into
/// a path as it is.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_ID && id.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Why a pasted text is not an invite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadInvite {
    /// Neither a link with `?join=` nor a game's code.
    NotAnInvite,
    /// A bare code, and no server is set to find it on.
    NoServer,
}

/// An invite: the server it is on and the game's id. A link
/// (`https://host/?join=k3mpq8x2ra`) names its server; a bare code is looked for on
/// `server`.
pub fn read_invite(text: &str, server: Option<&str>) -> Result<(String, String), BadInvite> {
    let text = text.trim();
    if let Some((base, query)) = text.split_once('?') {
        let id = query
            .split(['&', '#'])
            .find_map(|pair| pair.strip_prefix("join="))
            .ok_or(BadInvite::NotAnInvite)?;
        let server = server_address(base).ok_or(BadInvite::NotAnInvite)?;
        return if valid_id(id) {
            Ok((server, id.to_owned()))
        } else {
            Err(BadInvite::NotAnInvite)
        };
    }
    if valid_id(text) {
        let server = server.ok_or(BadInvite::NoServer)?;
        return Ok((server.to_owned(), text.to_owned()));
    }
    Err(BadInvite::NotAnInvite)
}

/// A watching link (`https://host/?watch=k3mpq8x2ra`): the server and the game's id.
pub fn read_watch_link(text: &str) -> Option<(String, String)> {
    let (base, query) = text.trim().split_once('?')?;
    let id = query
        .split(['&', '#'])
        .find_map(|pair| pair.strip_prefix("watch="))
        .filter(|id| valid_id(id))?;
    Some((server_address(base)?, id.to_owned()))
}

/// The colour in the server's words.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Black => "black",
    }
}

/// True when `side`'s seat is taken.
pub fn seated(seats: Seats, side: Side) -> bool {
    match side {
        Side::Red => seats.red,
        Side::Black => seats.black,
    }
}

fn side_named(word: &str) -> Option<Side> {
    match word {
        "red" => Some(Side::Red),
        "black" => Some(Side::Black),
        _ => None,
    }
}

/// The seat a grant gives, checked: its side, and its token (64 hexadecimal digits).
pub fn granted_seat(granted: &SeatGranted) -> Result<(Side, String), WireError> {
    let side = side_named(&granted.seat).ok_or_else(|| WireError::Seat(granted.seat.clone()))?;
    let token = &granted.token;
    let hex = token.len() == 64 && token.chars().all(|c| c.is_ascii_hexdigit());
    if !hex {
        return Err(WireError::Token);
    }
    Ok((side, token.clone()))
}

/// What is wrong with something the server sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Not the shape the API gives it (a field missing, of another type, or no JSON).
    Shape(String),
    /// A seat that is neither `red` nor `black`.
    Seat(String),
    /// A seat token that is not 64 hexadecimal digits.
    Token,
    /// No game id, or one the server could not have made.
    GameId,
    /// The server's record does not replay by the rules.
    Record(ParseRecordError),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::Shape(e) => f.write_str(e),
            WireError::Seat(seat) => write!(f, "seat {seat:?}"),
            WireError::Token => f.write_str("a malformed seat token"),
            WireError::GameId => f.write_str("no game id"),
            WireError::Record(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for WireError {}

/// The server's game, read and replayed by the engine.
#[derive(Debug, Clone)]
pub struct Truth {
    pub game: Game,
    pub seats: Seats,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// After the game: the side whose rematch offer stands.
    pub rematch_offer: Option<Side>,
    /// The rematch's game, once accepted.
    pub rematch: Option<String>,
}

/// The server's state with its record replayed: every move checked by the engine.
pub fn truth(state: &GameState) -> Result<Truth, WireError> {
    // A state always has its record (only a `moved` message leaves it out).
    if state.record.is_empty() {
        return Err(WireError::Shape("a state without its record".into()));
    }
    let record: Record = state.record.parse().map_err(WireError::Record)?;
    let game = record.to_game().map_err(WireError::Record)?;
    Ok(Truth {
        game,
        seats: state.seats,
        draw_offer: state.draw_offer.as_deref().and_then(side_named),
        rematch_offer: state.rematch_offer.as_deref().and_then(side_named),
        rematch: state.rematch.clone().filter(|id| valid_id(id)),
    })
}

/// How a `moved` message stands to the game a client has.
#[derive(Clone, Debug)]
pub enum Followed {
    /// Its move follows the game: the game after it.
    Next(Truth),
    /// The client has it already (the state it connected with had it).
    Had,
    /// It does not follow (a message missed, or a move this game refuses): the client
    /// asks for the whole state (`sync`).
    Gap,
}

/// The server's game after a `moved` message, from `had`, the server's game as the
/// client last had it: its move checked by the engine, as every move of a state is.
pub fn truth_after(had: Option<&Game>, mv: &str, state: &GameState) -> Followed {
    let Some(had) = had else {
        return Followed::Gap;
    };
    let have = had.history().len();
    if state.plies <= have {
        return Followed::Had;
    }
    let mut game = had.clone();
    let played =
        state.plies == have + 1 && mv.parse::<Move>().is_ok_and(|m| game.try_play(m).is_ok());
    if !played {
        return Followed::Gap;
    }
    Followed::Next(Truth {
        game,
        seats: state.seats,
        draw_offer: state.draw_offer.as_deref().and_then(side_named),
        rematch_offer: state.rematch_offer.as_deref().and_then(side_named),
        rematch: state.rematch.clone().filter(|id| valid_id(id)),
    })
}

/// A player's message to the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A move, played only if the game is at `ply` moves (so a resent one never plays
    /// twice).
    Move {
        mv: Move,
        ply: usize,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// The opponent has been away long enough: the game claimed, won or drawn.
    Claim(ClaimResult),
    /// After the game: another, colours swapped.
    Rematch,
    AcceptRematch,
    DeclineRematch,
}

impl Outgoing {
    /// The message's JSON text.
    pub fn text(&self) -> String {
        match *self {
            Outgoing::Move { mv, ply } => ClientMessage::Move {
                mv: mv.to_string(),
                ply: Some(ply as u64),
            },
            Outgoing::Resign => ClientMessage::Resign,
            Outgoing::OfferDraw => ClientMessage::OfferDraw,
            Outgoing::AcceptDraw => ClientMessage::AcceptDraw,
            Outgoing::DeclineDraw => ClientMessage::DeclineDraw,
            Outgoing::Claim(result) => ClientMessage::Claim { result },
            Outgoing::Rematch => ClientMessage::Rematch,
            Outgoing::AcceptRematch => ClientMessage::AcceptRematch,
            Outgoing::DeclineRematch => ClientMessage::DeclineRematch,
        }
        .to_json()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invites_name_their_server() {
        assert_eq!(
            read_invite("  https://play.example.org/?join=k3mpq8x2ra\n", None),
            Ok(("https://play.example.org".into(), "k3mpq8x2ra".into()))
        );
        assert_eq!(
            read_invite("http://127.0.0.1:8080/?join=abc&x=1", Some("https://other")),
            Ok(("http://127.0.0.1:8080".into(), "abc".into()))
        );
        assert_eq!(
            read_invite("k3mpq8x2ra", Some("http://h:1")),
            Ok(("http://h:1".into(), "k3mpq8x2ra".into()))
        );
        assert_eq!(read_invite("k3mpq8x2ra", None), Err(BadInvite::NoServer));
        for bad in [
            "",
            "hello there",
            "ftp://h/?join=abc",
            "https://h/?join=../../x",
            "https://h/?join=",
            "https://h/?other=1",
            "https:///?join=abc",
            "[Event \"x\"]",
        ] {
            assert_eq!(
                read_invite(bad, Some("http://h")),
                Err(BadInvite::NotAnInvite),
                "{bad}"
            );
        }
    }

    #[test]
    fn addresses() {
        assert_eq!(server_address("HTTPS://a.b/"), Some("https://a.b".into()));
        assert_eq!(server_address("a.b"), None);
        assert_eq!(server_address("http://a b"), None);
        assert_eq!(socket_url("https://a.b", "id"), "wss://a.b/api/games/id/ws");
        assert_eq!(
            socket_url("http://127.0.0.1:9", "id"),
            "ws://127.0.0.1:9/api/games/id/ws"
        );
        let token = "ab".repeat(32);
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&hello(&token)).unwrap(),
            serde_json::json!({ "type": "hello", "token": token })
        );
    }

    #[test]
    fn a_moved_message_plays_its_move_on_the_game_before_it_only() {
        let mut before = Game::default();
        before.try_play("b2-b3".parse().unwrap()).unwrap();
        let state = |plies| GameState {
            plies,
            seats: Seats {
                red: true,
                black: true,
            },
            ..GameState::default()
        };
        // The next move: played, by the engine.
        let Followed::Next(next) = truth_after(Some(&before), "e5-e4", &state(2)) else {
            panic!("the next move is followed");
        };
        assert_eq!(next.game.history().len(), 2);
        assert_eq!(next.game.history()[1].to_string(), "e5-e4");
        assert!(next.seats.black);
        // Already had (the state connected with included it).
        assert!(matches!(
            truth_after(Some(&next.game), "e5-e4", &state(2)),
            Followed::Had
        ));
        // A move missed, an illegal or unreadable move, or no game yet: ask for all.
        for (had, mv, plies) in [
            (Some(&before), "a5-a4", 3),
            (Some(&before), "b3-b4", 2),
            (Some(&before), "a1-a9", 2),
            (Some(&before), "nonsense", 2),
            (None, "e5-e4", 2),
        ] {
            assert!(
                matches!(truth_after(had, mv, &state(plies)), Followed::Gap),
                "{mv} at {plies}"
            );
        }
    }

    #[test]
    fn hostile_messages_are_errors() {
        for text in [
            "",
            "{}",
            r#"{"type":"state","record":5}"#,
            r#"{"type":"moved","plies":"x"}"#,
            r#"{"type":"nope"}"#,
            "[1,2]",
        ] {
            assert!(
                serde_json::from_str::<ServerMessage>(text).is_err(),
                "{text}"
            );
        }
        let state = GameState {
            record: "[Ruleset \"standard\"]\n\n1. a1-a9 *\n".into(),
            ..GameState::default()
        };
        assert!(truth(&state).is_err());
        // A state without its record is no game.
        let Ok(ServerMessage::State(bare)) = serde_json::from_str(r#"{"type":"state"}"#) else {
            panic!("a state message");
        };
        assert!(truth(&bare).is_err());
        let bad_token = SeatGranted {
            id: None,
            seat: "red".into(),
            token: "../x".into(),
            invite: None,
        };
        assert!(granted_seat(&bad_token).is_err());
    }
}
