//! One game on the server: its events, the game they replay to, and who sits where.
//!
//! A game is stored as the list of its events (a seat taken, a move, a draw offered,
//! accepted or declined, a resignation), each a short line of text. The table replays
//! them through the engine, so what a store holds can never describe an impossible game:
//! an event the engine refuses is refused before it is written.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use surakarta_engine::{Game, Move, Record, Ruleset, Side};
use surakarta_protocol::online::{GameState, Seats};

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
}

impl Event {
    /// The stored line: `seat red <digest>`, `move b2-c3`, `offer red`, `decline black`,
    /// `accept black`, `resign red`.
    pub fn encode(&self) -> String {
        match self {
            Event::Seat(side, hash) => format!("seat {} {}", side_name(*side), hex(hash)),
            Event::Move(m) => format!("move {m}"),
            Event::Offer(side) => format!("offer {}", side_name(*side)),
            Event::Decline(side) => format!("decline {}", side_name(*side)),
            Event::Accept(side) => format!("accept {}", side_name(*side)),
            Event::Resign(side) => format!("resign {}", side_name(*side)),
        }
    }

    /// Reads a stored line.
    pub fn decode(line: &str) -> Option<Event> {
        let mut words = line.split(' ');
        let kind = words.next()?;
        let arg = words.next()?;
        let event = match kind {
            "seat" => Event::Seat(side_from_name(arg)?, unhex(words.next()?)?),
            "move" => Event::Move(arg.parse().ok()?),
            "offer" => Event::Offer(side_from_name(arg)?),
            "decline" => Event::Decline(side_from_name(arg)?),
            "accept" => Event::Accept(side_from_name(arg)?),
            "resign" => Event::Resign(side_from_name(arg)?),
            _ => return None,
        };
        words.next().is_none().then_some(event)
    }
}

/// Why an event cannot happen now. The text goes to the player as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

fn refuse<T>(text: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(text.into()))
}

/// The most events a game may have (a game whose rule set sets no limit could otherwise
/// grow without end); beyond it, only a resignation or an accepted draw is taken.
pub const MAX_EVENTS: u64 = 20_000;

/// A game at the server: the rules, the events so far and what they add up to.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game's id.
    pub id: String,
    /// The rule set as written in the API and in records.
    pub ruleset: String,
    game: Game,
    seats: [Option<TokenHash>; 2],
    draw_offer: Option<Side>,
    /// Each side may offer a draw once between two of its moves.
    offered: [bool; 2],
    events: u64,
    /// A fingerprint of each event's line, to tell an event heard from another instance
    /// that this table already has from one that differs (the store went back in time
    /// and was written over).
    marks: Vec<u32>,
}

/// A short fingerprint of an event line (FNV-1a).
pub fn mark(line: &str) -> u32 {
    line.bytes().fold(0x811c_9dc5, |h: u32, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

impl Table {
    /// A table with no events yet. `ruleset` must already be known to parse.
    pub fn new(id: String, ruleset: &str) -> Result<Table, Refused> {
        let rules: Ruleset = ruleset
            .parse()
            .map_err(|e| Refused(format!("unknown rule set: {e}")))?;
        Ok(Table {
            id,
            ruleset: rules.to_string(),
            game: Game::new(rules),
            seats: [None, None],
            draw_offer: None,
            offered: [false, false],
            events: 0,
            marks: Vec::new(),
        })
    }

    /// A table replayed from stored events; `None` when the events do not replay (a
    /// store damaged from outside: such a game is not served).
    pub fn replay(id: String, ruleset: &str, events: &[String]) -> Option<Table> {
        let mut table = Table::new(id, ruleset).ok()?;
        for line in events {
            table.apply(&Event::decode(line)?).ok()?;
        }
        Some(table)
    }

    /// How many events have been applied: the index the next one is stored at.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// The fingerprint ([`mark`]) of the event at `index`, if there is one.
    pub fn mark_at(&self, index: u64) -> Option<u32> {
        self.marks.get(usize::try_from(index).ok()?).copied()
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seat the token opens, compared in constant time against both seats.
    pub fn seat_of(&self, token: &str) -> Option<Side> {
        let given = token_hash(token);
        let mut found = None;
        for side in Side::BOTH {
            let stored = self.seats[side.index()].unwrap_or([0; 32]);
            let same: bool = stored.ct_eq(&given).into();
            if same && self.seats[side.index()].is_some() {
                found = Some(side);
            }
        }
        found
    }

    /// The seat a joining player gets: Black first if free, else Red.
    pub fn free_seat(&self) -> Option<Side> {
        [Side::Black, Side::Red]
            .into_iter()
            .find(|s| self.seats[s.index()].is_none())
    }

    /// Applies an event if it can happen now; otherwise nothing changes.
    pub fn apply(&mut self, event: &Event) -> Result<(), Refused> {
        let over = self.game.outcome().is_some();
        let ending = matches!(event, Event::Resign(_) | Event::Accept(_));
        if self.events >= MAX_EVENTS && !ending {
            return refuse("this game is too long: resign or agree a draw");
        }
        match *event {
            Event::Seat(side, hash) => {
                if self.seats[side.index()].is_some() {
                    return refuse("that seat is taken");
                }
                self.seats[side.index()] = Some(hash);
            }
            Event::Move(m) => {
                if over {
                    return refuse("the game is over");
                }
                let mover = self.game.side_to_move();
                if let Err(e) = self.game.try_play(m) {
                    return refuse(format!("{m} is not a legal move: {e}"));
                }
                self.offered[mover.index()] = false;
                // Moving answers an offer made to the mover.
                if self.draw_offer == Some(self.game.side_to_move()) {
                    self.draw_offer = None;
                }
            }
            Event::Offer(side) => {
                if over {
                    return refuse("the game is over");
                }
                if self.draw_offer == Some(side) {
                    return refuse("your draw offer already stands");
                }
                if self.draw_offer == Some(side.other()) {
                    return refuse("your opponent has offered a draw: accept or decline it");
                }
                if self.offered[side.index()] {
                    return refuse("you have offered a draw since your last move; move first");
                }
                self.draw_offer = Some(side);
                self.offered[side.index()] = true;
            }
            Event::Decline(side) | Event::Accept(side) => {
                if over {
                    return refuse("the game is over");
                }
                if self.draw_offer != Some(side.other()) {
                    return refuse("there is no draw offer from your opponent");
                }
                self.draw_offer = None;
                if matches!(event, Event::Accept(_)) {
                    self.game.agree_draw();
                }
            }
            Event::Resign(side) => {
                if over {
                    return refuse("the game is over");
                }
                self.draw_offer = None;
                self.game.resign(side);
            }
        }
        self.events += 1;
        self.marks.push(mark(&event.encode()));
        Ok(())
    }

    /// The state the API shows.
    pub fn state(&self) -> GameState {
        let outcome = self.game.outcome();
        let record = Record::from_game(&self.game, "Red", "Black");
        GameState {
            id: self.id.clone(),
            ruleset: self.ruleset.clone(),
            record: record.to_string(),
            position: self.game.position().to_string(),
            to_move: side_name(self.game.side_to_move()).into(),
            result: outcome.map(|o| o.result_token().into()),
            termination: outcome.map(|o| o.reason.id().into()),
            seats: Seats {
                red: self.seats[Side::Red.index()].is_some(),
                black: self.seats[Side::Black.index()].is_some(),
            },
            draw_offer: self
                .draw_offer
                .filter(|_| outcome.is_none())
                .map(|side| side_name(side).into()),
            plies: self.game.history().len(),
        }
    }
}

#[cfg(test)]
mod tests;
