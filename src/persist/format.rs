//! What is saved, and how: JSON files with a format version. The game itself is kept in the
//! engine's record notation, so a save file is also a readable game record.

use crate::game::session::{Mode, Session};
pub use crate::game::statistics::Tally;
use crate::puzzles::PuzzleStats;
use crate::settings::{AnimationSpeed, Settings};
use crate::ui::i18n::Language;
use crate::ui::theme::ThemeKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use surakarta_engine::ai::Level;
use surakarta_engine::{Record, Ruleset, Side};

/// The format this version of the app writes. Older versions are read; newer ones are
/// kept aside (the app cannot know what they mean).
pub const FORMAT_VERSION: u32 = 1;

/// The game in progress.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    pub version: u32,
    /// The game as a record: rule set, start, moves, result.
    pub record: String,
    /// `"two-players"`, or `"computer"` with `human` and `level`.
    pub mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub human: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    pub seed: u64,
    /// The result has been counted in the statistics.
    #[serde(default)]
    pub counted: bool,
    /// The result's card has been closed (it does not come up again at the next start).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub result_seen: bool,
    /// An online game's seat (`mode` `"online"`): its server, game and token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<SavedSeat>,
}

/// An online game's seat as saved: enough to reconnect after the app was closed.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SavedSeat {
    pub server: String,
    pub id: String,
    pub token: String,
}

/// Settings and statistics.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SavedSettings {
    pub version: u32,
    pub animation: String,
    pub route_preview: bool,
    pub confirm_moves: bool,
    pub turn_board: bool,
    /// A language tag (`en`, `zh-CN`, `ru`, `da`); absent: the device's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The rule set id for new games; absent: `standard`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// `classic` or `high-contrast`; absent: classic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    /// Sounds on; absent (files from before sound): on.
    #[serde(default = "on")]
    pub sound: bool,
    /// Haptics on; absent (files from before haptics): on.
    #[serde(default = "on")]
    pub haptics: bool,
    /// The online games' server (`http(s)://host[:port]`); absent: none set (on the web,
    /// the page's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The tutorial's lessons passed, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tutorial: Vec<String>,
    /// The lesson the player was in, by id; absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lesson: Option<String>,
    /// Results against the computer, by level name.
    #[serde(default)]
    pub stats: BTreeMap<String, Tally>,
    /// The level last chosen for a game against the computer, by name; absent: Beginner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The colour last chosen: `red`, `black` or `random`; absent: red.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// The puzzle rating and record (`puzzles/stats.rs`); absent (files from before
    /// puzzles) or unreadable: a fresh record, the rest of the file still read.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub puzzles: serde_json::Value,
}

/// What the settings file holds besides the settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    /// Results against the computer, by level name.
    pub stats: BTreeMap<String, Tally>,
    /// The puzzle rating and record.
    pub puzzles: PuzzleStats,
}

fn on() -> bool {
    true
}

/// Why a saved file was not used.
#[derive(Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Written by a newer app.
    Newer(u32),
    /// Not a save file of this app, or damaged.
    Damaged(String),
}

/// Reads a file of any format version this app knows. Version 1 is the first; later
/// versions convert older files here, before the typed read.
fn versioned<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    let damaged = |e: serde_json::Error| LoadError::Damaged(e.to_string());
    let value: serde_json::Value = serde_json::from_str(text).map_err(damaged)?;
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| LoadError::Damaged("no format version".into()))?;
    if version > u64::from(FORMAT_VERSION) {
        return Err(LoadError::Newer(version.min(u64::from(u32::MAX)) as u32));
    }
    serde_json::from_value(value).map_err(damaged)
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Red => "red",
        Side::Black => "black",
    }
}

/// The session's game as a record, with the players named by the mode: `Player` and
/// `Computer (level)`, or `Red` and `Black` for two players on one device.
pub fn record_of(session: &Session) -> Record {
    let (red, black) = match session.mode {
        Mode::TwoPlayers => ("Red".to_owned(), "Black".to_owned()),
        Mode::VsComputer {
            human: Side::Red,
            level,
        } => ("Player".to_owned(), format!("Computer ({})", level.name())),
        Mode::VsComputer {
            human: Side::Black,
            level,
        } => (format!("Computer ({})", level.name()), "Player".to_owned()),
        Mode::Online { me: Side::Red } => ("Player".to_owned(), "Friend (online)".to_owned()),
        Mode::Online { me: Side::Black } => ("Friend (online)".to_owned(), "Player".to_owned()),
    };
    Record::from_game(&session.game, &red, &black)
}

impl SavedGame {
    pub fn from_session(session: &Session) -> SavedGame {
        let (mode, human, level) = match session.mode {
            Mode::TwoPlayers => ("two-players", None, None),
            Mode::Online { me } => ("online", Some(side_name(me).to_owned()), None),
            Mode::VsComputer { human, level } => (
                "computer",
                Some(side_name(human).to_owned()),
                Some(level.name().to_owned()),
            ),
        };
        SavedGame {
            version: FORMAT_VERSION,
            record: record_of(session).to_string(),
            mode: mode.to_owned(),
            human,
            level,
            seed: session.seed,
            counted: session.counted,
            result_seen: session.result_seen,
            online: session.online.as_ref().map(|s| SavedSeat {
                server: s.server.clone(),
                id: s.id.clone(),
                token: s.token.clone(),
            }),
        }
    }

    /// Reads a save file's text into a session, checking every move with the engine.
    pub fn parse(text: &str) -> Result<Session, LoadError> {
        let saved: SavedGame = versioned(text)?;
        let record: Record = saved
            .record
            .parse()
            .map_err(|e: surakarta_engine::ParseRecordError| LoadError::Damaged(e.to_string()))?;
        let game = record
            .to_game()
            .map_err(|e| LoadError::Damaged(e.to_string()))?;
        let side = || match saved.human.as_deref() {
            Some("red") => Ok(Side::Red),
            Some("black") => Ok(Side::Black),
            other => Err(LoadError::Damaged(format!("unknown colour {other:?}"))),
        };
        let mut online = None;
        let mode = match saved.mode.as_str() {
            "two-players" => Mode::TwoPlayers,
            "online" => {
                let me = side()?;
                let seat = saved
                    .online
                    .as_ref()
                    .ok_or_else(|| LoadError::Damaged("an online game without its seat".into()))?;
                let answer = crate::online::wire::SeatGranted {
                    id: Some(seat.id.clone()),
                    seat: side_name(me).to_owned(),
                    token: seat.token.clone(),
                    invite: None,
                };
                let server = crate::online::wire::server_address(&seat.server);
                match (crate::online::wire::granted_seat(&answer), server) {
                    (Ok((_, token)), Some(server)) if crate::online::wire::valid_id(&seat.id) => {
                        online = Some(crate::game::session::Seat {
                            server,
                            id: seat.id.clone(),
                            side: me,
                            token,
                        });
                    }
                    _ => return Err(LoadError::Damaged("a malformed online seat".into())),
                }
                Mode::Online { me }
            }
            "computer" => {
                let human = side()?;
                let level = saved
                    .level
                    .as_deref()
                    .and_then(Level::from_name)
                    .ok_or_else(|| {
                        LoadError::Damaged(format!("unknown level {:?}", saved.level))
                    })?;
                Mode::VsComputer { human, level }
            }
            other => return Err(LoadError::Damaged(format!("unknown mode {other:?}"))),
        };
        let finished = game.outcome().is_some();
        Ok(Session {
            game,
            mode,
            seed: saved.seed,
            counted: saved.counted,
            // Only with a result to have seen.
            result_seen: saved.result_seen && finished,
            online,
        })
    }
}

impl SavedSettings {
    pub fn from_parts(settings: &Settings, records: &Records) -> SavedSettings {
        SavedSettings {
            version: FORMAT_VERSION,
            animation: match settings.animation {
                AnimationSpeed::Normal => "normal",
                AnimationSpeed::Fast => "fast",
                AnimationSpeed::Off => "off",
            }
            .to_owned(),
            route_preview: settings.route_preview,
            confirm_moves: settings.confirm_moves,
            turn_board: settings.turn_board,
            language: settings.language.map(|l| l.tag().to_owned()),
            rules: settings.rules.preset_id().map(str::to_owned),
            theme: Some(settings.theme.id().to_owned()),
            sound: settings.sound,
            haptics: settings.haptics,
            server: settings.server.clone(),
            tutorial: settings.tutorial_passed.iter().cloned().collect(),
            lesson: settings.tutorial_at.clone(),
            stats: records.stats.clone(),
            puzzles: serde_json::to_value(&records.puzzles).unwrap_or_default(),
            level: Some(settings.level.name().to_owned()),
            colour: Some(
                match settings.colour {
                    Some(Side::Red) => "red",
                    Some(Side::Black) => "black",
                    None => "random",
                }
                .to_owned(),
            ),
        }
    }

    pub fn parse(text: &str) -> Result<(Settings, Records), LoadError> {
        let saved: SavedSettings = versioned(text)?;
        let animation = match saved.animation.as_str() {
            "normal" => AnimationSpeed::Normal,
            "fast" => AnimationSpeed::Fast,
            "off" => AnimationSpeed::Off,
            other => {
                return Err(LoadError::Damaged(format!(
                    "unknown animation speed {other:?}"
                )));
            }
        };
        let settings = Settings {
            animation,
            route_preview: saved.route_preview,
            confirm_moves: saved.confirm_moves,
            turn_board: saved.turn_board,
            // A language this version does not speak follows the device.
            language: saved.language.as_deref().and_then(Language::from_tag),
            // A rule set this version does not know falls back to the default.
            rules: saved
                .rules
                .as_deref()
                .and_then(Ruleset::from_id)
                .unwrap_or_default(),
            theme: saved
                .theme
                .as_deref()
                .and_then(ThemeKind::from_id)
                .unwrap_or_default(),
            sound: saved.sound,
            haptics: saved.haptics,
            // An address this version cannot use is dropped: none set.
            server: saved
                .server
                .as_deref()
                .and_then(crate::online::wire::server_address),
            tutorial_passed: saved.tutorial.into_iter().collect(),
            // Checked against the lessons at start (`screens/lesson.rs`).
            tutorial_at: saved.lesson,
            // A level or colour this version does not know: the first choices.
            level: saved
                .level
                .as_deref()
                .and_then(Level::from_name)
                .unwrap_or(Level::Beginner),
            colour: match saved.colour.as_deref() {
                Some("black") => Some(Side::Black),
                Some("random") => None,
                _ => Some(Side::Red),
            },
        };
        let records = Records {
            stats: saved.stats,
            puzzles: PuzzleStats::from_saved(&saved.puzzles),
        };
        Ok((settings, records))
    }
}
