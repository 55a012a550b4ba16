//! Rule sets: where the traditions differ (who moves first, when a game is drawn, what a
//! side without a move gets, diagonal steps) as parameters, with named presets. The
//! repository's `docs/rules.md` ("How a game ends") describes each parameter and lists the
//! presets in a table that `tests/rules_doc.rs` holds against [`Ruleset::PRESETS`].

use crate::square::Side;
use std::fmt;
use std::str::FromStr;

/// What happens to a side that has no legal move on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoMoves {
    /// It loses.
    Loses,
    /// The game is drawn.
    Draw,
}

/// The parameters that the traditions disagree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// Which side moves first from the start position.
    pub first: Side,
    /// Draw after this many consecutive plies without a capture.
    pub no_capture_limit: Option<u32>,
    /// Draw when this many plies have been played in all (a capture of the last stone on
    /// that ply still wins).
    pub ply_limit: Option<u32>,
    /// Draw when the same placement with the same side to move occurs for this many times.
    pub repetition: Option<u32>,
    /// What happens to a side without a legal move.
    pub no_moves: NoMoves,
    /// Steps may go diagonally.
    pub diagonal_steps: bool,
}

/// A named rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The id used in records, the protocol and settings.
    pub id: &'static str,
    /// The rules.
    pub rules: Ruleset,
}

impl Ruleset {
    /// The default: Red first, draw after 50 plies without capture or on the third
    /// repetition, a side with no move draws.
    pub const STANDARD: Ruleset = Ruleset {
        first: Side::Red,
        no_capture_limit: Some(50),
        ply_limit: None,
        repetition: Some(3),
        no_moves: NoMoves::Draw,
        diagonal_steps: true,
    };

    /// Every preset, the default first: the rule-set table of `docs/rules.md`.
    pub const PRESETS: [Preset; 4] = [
        Preset {
            id: "standard",
            rules: Ruleset::STANDARD,
        },
        Preset {
            id: "fifty-move",
            rules: Ruleset {
                first: Side::Red,
                no_capture_limit: Some(100),
                ply_limit: None,
                repetition: None,
                no_moves: NoMoves::Loses,
                diagonal_steps: true,
            },
        },
        Preset {
            id: "move-cap",
            rules: Ruleset {
                first: Side::Red,
                no_capture_limit: None,
                ply_limit: Some(160),
                repetition: None,
                no_moves: NoMoves::Loses,
                diagonal_steps: true,
            },
        },
        Preset {
            id: "forty-move",
            rules: Ruleset {
                first: Side::Black,
                no_capture_limit: Some(40),
                ply_limit: None,
                repetition: None,
                no_moves: NoMoves::Loses,
                diagonal_steps: true,
            },
        },
    ];

    /// The preset with this id.
    pub fn from_id(id: &str) -> Option<Ruleset> {
        Self::PRESETS.iter().find(|p| p.id == id).map(|p| p.rules)
    }

    /// The id of the preset these rules equal, if any.
    pub fn preset_id(&self) -> Option<&'static str> {
        Self::PRESETS
            .iter()
            .find(|p| p.rules == *self)
            .map(|p| p.id)
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::STANDARD
    }
}

/// Why a rule set could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRulesetError {
    /// The base is not a preset id.
    UnknownPreset(String),
    /// A parameter name is not one of the known ones.
    UnknownParameter(String),
    /// A parameter's value does not fit it.
    BadValue {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
    },
}

impl fmt::Display for ParseRulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownPreset(id) => {
                let ids: Vec<&str> = Ruleset::PRESETS.iter().map(|p| p.id).collect();
                write!(f, "unknown rule set {id:?}; known: {}", ids.join(", "))
            }
            Self::UnknownParameter(p) => write!(
                f,
                "unknown rule parameter {p:?}; known: first, no_capture_limit, ply_limit, repetition, no_moves, diagonal_steps"
            ),
            Self::BadValue { name, value } => write!(f, "{value:?} is not a value for {name}"),
        }
    }
}

impl std::error::Error for ParseRulesetError {}

/// Reads a preset id, optionally followed by overrides: `standard`,
/// `forty-move,diagonal_steps=off`, `standard,no_capture_limit=none,ply_limit=200`.
impl FromStr for Ruleset {
    type Err = ParseRulesetError;

    fn from_str(s: &str) -> Result<Ruleset, ParseRulesetError> {
        let mut parts = s.split(',').map(str::trim);
        let base = parts.next().unwrap_or_default();
        let mut rules = Ruleset::from_id(base)
            .ok_or_else(|| ParseRulesetError::UnknownPreset(base.to_owned()))?;
        for part in parts {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| ParseRulesetError::UnknownParameter(part.to_owned()))?;
            let bad = || ParseRulesetError::BadValue {
                name: name.to_owned(),
                value: value.to_owned(),
            };
            let limit = || match value {
                "none" => Ok(None),
                v => v
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n > 0)
                    .map(Some)
                    .ok_or_else(bad),
            };
            match name {
                "first" => {
                    rules.first = match value {
                        "red" => Side::Red,
                        "black" => Side::Black,
                        _ => return Err(bad()),
                    }
                }
                "no_capture_limit" => rules.no_capture_limit = limit()?,
                "ply_limit" => rules.ply_limit = limit()?,
                "repetition" => rules.repetition = limit()?,
                "no_moves" => {
                    rules.no_moves = match value {
                        "loses" => NoMoves::Loses,
                        "draw" => NoMoves::Draw,
                        _ => return Err(bad()),
                    }
                }
                "diagonal_steps" => {
                    rules.diagonal_steps = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(ParseRulesetError::UnknownParameter(name.to_owned())),
            }
        }
        Ok(rules)
    }
}

/// Writes the preset id, or `standard` with the parameters that differ from it.
impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.preset_id() {
            return f.write_str(id);
        }
        let base = Ruleset::STANDARD;
        f.write_str("standard")?;
        let limit = |v: Option<u32>| v.map_or("none".to_owned(), |n| n.to_string());
        if self.first != base.first {
            write!(f, ",first={}", self.first.to_string().to_lowercase())?;
        }
        if self.no_capture_limit != base.no_capture_limit {
            write!(f, ",no_capture_limit={}", limit(self.no_capture_limit))?;
        }
        if self.ply_limit != base.ply_limit {
            write!(f, ",ply_limit={}", limit(self.ply_limit))?;
        }
        if self.repetition != base.repetition {
            write!(f, ",repetition={}", limit(self.repetition))?;
        }
        if self.no_moves != base.no_moves {
            f.write_str(",no_moves=loses")?;
        }
        if self.diagonal_steps != base.diagonal_steps {
            f.write_str(",diagonal_steps=off")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_the_rules_table() {
        let r = |id| Ruleset::from_id(id).unwrap();
        assert_eq!(r("standard"), Ruleset::default());
        assert_eq!(r("fifty-move").no_capture_limit, Some(100));
        assert_eq!(r("fifty-move").no_moves, NoMoves::Loses);
        assert_eq!(r("move-cap").ply_limit, Some(160));
        assert_eq!(r("move-cap").no_capture_limit, None);
        assert_eq!(r("forty-move").first, Side::Black);
        assert_eq!(r("forty-move").no_capture_limit, Some(40));
        assert!(Ruleset::from_id("chess").is_none());
    }

    #[test]
    fn rulesets_round_trip_as_text() {
        for p in Ruleset::PRESETS {
            assert_eq!(p.rules.to_string(), p.id);
            assert_eq!(p.id.parse::<Ruleset>(), Ok(p.rules));
        }
        let custom: Ruleset = "forty-move,diagonal_steps=off,repetition=4"
            .parse()
            .unwrap();
        assert!(!custom.diagonal_steps);
        assert_eq!(custom.first, Side::Black);
        assert_eq!(custom.to_string().parse::<Ruleset>(), Ok(custom));
    }

    #[test]
    fn bad_rulesets_are_explained() {
        assert!(matches!(
            "nope".parse::<Ruleset>(),
            Err(ParseRulesetError::UnknownPreset(_))
        ));
        assert!(matches!(
            "standard,colour=red".parse::<Ruleset>(),
            Err(ParseRulesetError::UnknownParameter(_))
        ));
        assert!(matches!(
            "standard,ply_limit=0".parse::<Ruleset>(),
            Err(ParseRulesetError::BadValue { .. })
        ));
    }
}
