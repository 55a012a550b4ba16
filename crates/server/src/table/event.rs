//! What a table stores: the events of a game as lines of text, and the names and
//! tokens in them.

use super::clock;
use sha2::{Digest, Sha256};
use surakarta_engine::{Move, Side};
use surakarta_protocol::online::{ClaimResult, TimeControl};
/// A seat token's digest: what the store keeps instead of the token.
pub type TokenHash = [u8; 32];

/// The digest of a seat token.
pub fn token_hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// A new seat token: 32 random bytes as hex.
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    hex(&bytes)
}

/// A new game id: 10 random characters from an alphabet without look-alikes
/// (about 50 bits; ids are not secrets, tokens are).
pub fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    (0..10)
        .map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// True when `id` could be a game id (checked before any store is asked).
pub fn plausible_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<TokenHash> {
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// The colour's name in the API.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Red => "red",
        Side::Black => "black",
    }
}

fn side_from_name(name: &str) -> Option<Side> {
    match name {
        "red" => Some(Side::Red),
        "black" => Some(Side::Black),
        _ => None,
    }
}

/// Something that happened at a table, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat was taken by whoever holds the token with this digest.
    Seat(Side, TokenHash),
    /// The side to move played this move.
    Move(Move),
    /// This side offered a draw.
    Offer(Side),
    /// This side declined the other's offer.
    Decline(Side),
    /// This side accepted the other's offer: the game is drawn.
    Accept(Side),
    /// This side resigned.
    Resign(Side),
    /// The game's time limit: the first event of a game that has one.
    Clock(TimeControl),
    /// This side's time ran out: it lost.
    Flag(Side),
    /// This side did not make its first move in time: the game ended without a result.
    Abort(Side),
    /// This side's opponent had left, and this side claimed the game (or a draw).
    Claim(Side, ClaimResult),
    /// After the game, this side offered a rematch.
    Rematch(Side),
    /// This side declined the other's rematch offer.
    DeclineRematch(Side),
    /// The rematch offer was accepted: the new game's id.
    Rematched(String),
    /// Nobody finished the game and it was about to expire: the side to move lost it
    /// (abandoned), or, before each side had moved, it ended without a result.
    Unfinished,
    /// No instance of the server ran (or the store was away) from `from` to `to`
    /// (milliseconds since 1970): the running clock, or the first move's time, does not
    /// count that time.
    Pause {
        /// When the server was last known to run.
        from: u64,
        /// When it ran again.
        to: u64,
    },
}

impl Event {
    /// The stored line: `seat red <digest>`, `move b2-c3`, `offer red`, `decline black`,
    /// `accept black`, `resign red`, `clock live 180 2`, `clock days 3`, `flag red`,
    /// `abort black`, `claim red win`, `unfinished`, `pause 1796000000000 1796000020000`.
    pub fn encode(&self) -> String {
        match self {
            Event::Seat(side, hash) => format!("seat {} {}", side_name(*side), hex(hash)),
            Event::Move(m) => format!("move {m}"),
            Event::Offer(side) => format!("offer {}", side_name(*side)),
            Event::Decline(side) => format!("decline {}", side_name(*side)),
            Event::Accept(side) => format!("accept {}", side_name(*side)),
            Event::Resign(side) => format!("resign {}", side_name(*side)),
            Event::Clock(control) => format!("clock {}", clock::encode(control)),
            Event::Flag(side) => format!("flag {}", side_name(*side)),
            Event::Abort(side) => format!("abort {}", side_name(*side)),
            Event::Claim(side, ClaimResult::Win) => format!("claim {} win", side_name(*side)),
            Event::Claim(side, ClaimResult::Draw) => format!("claim {} draw", side_name(*side)),
            Event::Rematch(side) => format!("rematch {}", side_name(*side)),
            Event::DeclineRematch(side) => format!("decline_rematch {}", side_name(*side)),
            Event::Rematched(id) => format!("rematched {id}"),
            Event::Unfinished => "unfinished".into(),
            Event::Pause { from, to } => format!("pause {from} {to}"),
        }
    }

    /// The stored line with the time it happened (milliseconds since 1970) after an `@`:
    /// `move b2-c3 @1796000000000`. The clocks are worked out from these times.
    pub fn encode_at(&self, at: u64) -> String {
        format!("{} @{at}", self.encode())
    }

    /// Reads a stored line and its time, if it has one (lines stored before events were
    /// timed have none).
    pub fn decode_at(line: &str) -> Option<(Event, Option<u64>)> {
        match line.rsplit_once(" @") {
            Some((event, at)) => Some((Event::decode(event)?, Some(at.parse().ok()?))),
            None => Some((Event::decode(line)?, None)),
        }
    }

    /// Reads a stored line.
    pub fn decode(line: &str) -> Option<Event> {
        let mut words = line.split(' ');
        let kind = words.next()?;
        if kind == "clock" {
            return clock::decode(words).map(Event::Clock);
        }
        if kind == "unfinished" {
            return words.next().is_none().then_some(Event::Unfinished);
        }
        let arg = words.next()?;
        let event = match kind {
            "seat" => Event::Seat(side_from_name(arg)?, unhex(words.next()?)?),
            "move" => Event::Move(arg.parse().ok()?),
            "offer" => Event::Offer(side_from_name(arg)?),
            "decline" => Event::Decline(side_from_name(arg)?),
            "accept" => Event::Accept(side_from_name(arg)?),
            "resign" => Event::Resign(side_from_name(arg)?),
            "flag" => Event::Flag(side_from_name(arg)?),
            "rematch" => Event::Rematch(side_from_name(arg)?),
            "decline_rematch" => Event::DeclineRematch(side_from_name(arg)?),
            "rematched" if plausible_id(arg) => Event::Rematched(arg.to_owned()),
            "abort" => Event::Abort(side_from_name(arg)?),
            "pause" => {
                let (from, to) = (arg.parse().ok()?, words.next()?.parse().ok()?);
                if from >= to {
                    return None;
                }
                Event::Pause { from, to }
            }
            "claim" => {
                let result = match words.next()? {
                    "win" => ClaimResult::Win,
                    "draw" => ClaimResult::Draw,
                    _ => return None,
                };
                Event::Claim(side_from_name(arg)?, result)
            }
            _ => return None,
        };
        words.next().is_none().then_some(event)
    }
}
