//! The app and its computer player in a Web Worker: the app posts a [`Request`] as JSON,
//! the worker posts an [`Answer`] back (`web/worker.js` carries both).

use serde::{Deserialize, Serialize};

/// What the app asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Request {
    /// The move `level` plays in the game `record` (the rules' record notation).
    Move {
        /// The game so far.
        record: String,
        /// A level's name (`Easy`, `Medium`, `Hard`).
        level: String,
        /// The seed of the level's choice among good moves.
        seed: u64,
    },
    /// The best move for a hint, searching at most `millis`.
    Hint {
        /// The game so far.
        record: String,
        /// The longest the hint may think.
        millis: u64,
    },
    /// A fixed-depth search of `position`, to measure the worker's speed.
    Bench {
        /// A position string.
        position: String,
        /// The depth searched.
        depth: u32,
    },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The move chosen, in the rules' notation; `None` when there is none (or on error).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds the search took.
    pub millis: u64,
    /// Why there is no answer: a request the worker could not read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_back_as_written() {
        let asked = Request::Move {
            record: "[Ruleset \"standard\"]\n\n*\n".into(),
            level: "Hard".into(),
            seed: 7,
        };
        let text = serde_json::to_string(&asked).unwrap();
        assert!(text.contains("\"kind\":\"move\""), "{text}");
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), asked);
    }
}
