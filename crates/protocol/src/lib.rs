//! What Surakarta's programs say to each other, written once as serde types: the online
//! server's HTTP API and WebSocket messages (docs/online.md), which the server writes and
//! the app and the bot read (and the other way round), and the questions the app puts to
//! its computer player in a browser's Web Worker (`crates/worker`).
//!
//! Only the shapes of the messages live here, and the reading of a player's message with
//! errors a client can act on; what a message means is for each side to decide. Moves and
//! positions travel in the rules' notations as text, read by the engine where they arrive.

#![deny(missing_docs)]

pub mod online;
pub mod worker;
