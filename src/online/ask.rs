//! What the app asks of the game server, as a message any panel can send without knowing
//! the connection (`online/mod.rs` carries it out).

use super::wire::{Outgoing, TimeControl};
use bevy::prelude::*;
use surakarta_engine::{Ruleset, Side};

/// What the app asks of the server.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A new game on `server`; `colour` `None` lets the server draw it.
    Create {
        server: String,
        rules: Ruleset,
        colour: Option<Side>,
        clock: Option<TimeControl>,
    },
    /// The free seat of a friend's game.
    Join { server: String, id: String },
    /// A game to watch, read only (`online/watch.rs`).
    Watch { server: String, id: String },
    /// A draw offer made, declined (a move, a resignation and an accepted draw go on
    /// their own, when the game plays them).
    Say(Outgoing),
}
