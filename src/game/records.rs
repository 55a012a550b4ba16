//! Game records: the game in the record notation of the rules, out of the app (copied,
//! shared, or saved as a file) and back in (pasted, shared to the app, or opened from the
//! saved games, each reviewed on the board by `review`).
//!
//! Finished games are kept on the shelf (`records/` beside the saved game; in a browser,
//! localStorage) one file per game, so the last games can be reviewed on every platform.

use super::errors::Unreadable;
use super::record_words::date_time;
use crate::game::session::{Session, Turn};
use crate::persist::Storage;
use crate::persist::format::record_of;
use crate::persist::store::{Read, Store};
use crate::platform::clipboard::{Clipboard, ClipboardError};
use crate::platform::{Opened, Platform, ShareOutcome, Shared};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::i18n::Strings;
use bevy::prelude::*;
use surakarta_engine::{Game, Position, Record, Side};

pub(super) fn plugin(app: &mut App) {
    app.wake_on_change::<Records>();
    app.init_resource::<Records>()
        .init_resource::<Clipboard>()
        .add_systems(Startup, find_shelf)
        .add_systems(
            Update,
            keep_finished_games
                .run_if(in_state(Screen::Game).and_then(in_state(Turn::Over)))
                .in_set(GameSet::Present),
        );
}

/// The saved games shown at most on the records panel, newest first.
pub const SHOWN: usize = 20;

/// The record shelf and what the records panel says.
#[derive(Resource, Clone, Debug, Default)]
pub struct Records {
    /// Where records are saved; `None` for tools that keep nothing.
    pub shelf: Option<Store>,
    /// The saved games, newest first (read when the panel opens).
    pub saved: Vec<Saved>,
    /// What the last copy, save or paste did, for the player.
    pub note: Option<String>,
    /// What the card says when it opens next: why a record shared to the app did not open.
    pub next_note: Option<String>,
}

/// A saved game on the shelf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub name: String,
    /// The record, or why it cannot be read.
    pub record: Result<Record, Unreadable>,
}

impl Records {
    /// Reads the shelf again.
    pub fn refresh(&mut self) {
        let Some(shelf) = &self.shelf else {
            self.saved.clear();
            return;
        };
        let mut saved: Vec<Saved> = shelf
            .list()
            .into_iter()
            .filter(|name| name.ends_with(".txt"))
            .map(|name| {
                let record = match shelf.read(&name) {
                    Read::Text(text) => text.parse::<Record>().map_err(Unreadable::Record),
                    Read::Missing | Read::Unreadable { .. } => Err(Unreadable::File),
                };
                Saved { name, record }
            })
            .collect();
        // Newest first: by the Date and Time headers, unreadable ones last.
        let when = |s: &Saved| {
            s.record.as_ref().ok().map(|r| {
                (
                    r.header("Date").unwrap_or("").to_owned(),
                    r.header("Time").unwrap_or("").to_owned(),
                )
            })
        };
        saved.sort_by(|a, b| when(b).cmp(&when(a)).then_with(|| b.name.cmp(&a.name)));
        saved.truncate(SHOWN);
        self.saved = saved;
    }

    /// Saves the session's game on the shelf under its own name (one file per game, so
    /// saving again updates it; never over another game's file). Returns where it went.
    /// With `only_if_new`, a file that already holds the same moves and result is left
    /// alone, and a new one is written on the writer thread (a finished game is kept at
    /// the moment it ends: the frame does not wait).
    pub fn save(&mut self, session: &Session, only_if_new: bool) -> Result<String, SaveError> {
        let shelf = self.shelf.as_ref().ok_or(SaveError::NoShelf)?;
        let record = stamped(record_of(session));
        let name = free_name(shelf, session, &record);
        if only_if_new && kept_as(shelf, &name, &record) {
            return Ok(name);
        }
        let text = record.to_string();
        if only_if_new {
            shelf.write_soon(&name, &text);
        } else {
            shelf.write(&name, &text).map_err(SaveError::Write)?;
        }
        Ok(match shelf.dir() {
            Some(dir) => dir.join(&name).display().to_string(),
            None => name,
        })
    }
}

/// True when the shelf's file `name` holds `record`'s game as it stands: the same moves
/// and result.
fn kept_as(shelf: &Store, name: &str, record: &Record) -> bool {
    if let Read::Text(text) = shelf.read(name)
        && let Ok(old) = text.parse::<Record>()
    {
        old.moves == record.moves && old.header("Result") == record.header("Result")
    } else {
        false
    }
}

/// Why a game could not be kept on the shelf.
#[derive(Debug)]
pub enum SaveError {
    /// There is nowhere to keep it (a tool run without storage, a phone without a data
    /// folder).
    NoShelf,
    /// Its file could not be written.
    Write(std::io::Error),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::NoShelf => f.write_str("no place to save"),
            SaveError::Write(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SaveError {}

/// The shelf's file for this game: its own name, or, should another game hold that name
/// (a file written elsewhere, a seed met twice), the first free name after it. A file
/// holds this game when it starts where this one does and one game's moves begin the
/// other's (the same game further on, or taken back).
fn free_name(shelf: &Store, session: &Session, record: &Record) -> String {
    let base = file_name(session);
    let stem = base.trim_end_matches(".txt");
    let ours = |name: &str| match shelf.read(name) {
        Read::Missing => true,
        Read::Text(text) => text.parse::<Record>().is_ok_and(|old| {
            old.header("Start") == record.header("Start")
                && (old.moves.starts_with(&record.moves) || record.moves.starts_with(&old.moves))
        }),
        Read::Unreadable { .. } => false,
    };
    std::iter::once(base.clone())
        .chain((2..1000).map(|n| format!("{stem}-{n}.txt")))
        .find(|name| ours(name))
        .unwrap_or(base)
}

impl Records {
    /// Copies the player's game as a record; the note says how it went.
    pub fn copy(&mut self, session: &Session, clipboard: &mut Clipboard, strings: &Strings) {
        let text = stamped(record_of(session)).to_string();
        self.note = Some(match clipboard.copy(&text) {
            Ok(()) => strings.get("records.copied"),
            Err(ClipboardError::Unavailable) => strings.get("records.no_clipboard"),
            Err(ClipboardError::Failed(e)) => strings.fill("records.not_copied", &[("error", e)]),
        });
    }

    /// Offers the player's game, as a record, to the device's share sheet; the note says
    /// how it went when the device answers ([`Records::shared`]).
    pub fn share(&mut self, session: &Session, platform: &mut Platform, strings: &Strings) {
        let text = stamped(record_of(session)).to_string();
        platform.share(strings.get("records.share_title"), text);
    }

    /// What the device said of the last share.
    pub fn shared(&mut self, outcome: &ShareOutcome, strings: &Strings) {
        self.note = match &outcome.0 {
            // The sheet is over the app: nothing to say.
            Ok(Shared::Sheet) => None,
            Ok(Shared::Copied) => Some(strings.get("records.copied")),
            Err(e) => Some(strings.fill("records.not_shared", &[("error", e.to_string())])),
        };
    }

    /// A text shared to the app or a file opened with it, read as a record or a position;
    /// `None` when it is neither, and the records card says why when it opens next (or now,
    /// when `open` says it is open).
    pub fn opened(&mut self, opened: &Opened, open: bool, strings: &Strings) -> Option<Pasted> {
        match read_pasted(&opened.0) {
            Ok(pasted) => Some(pasted),
            Err(e) => {
                let note = Some(strings.fill("records.bad", &[("error", e.say(strings))]));
                if open {
                    self.note = note;
                } else {
                    self.next_note = note;
                }
                None
            }
        }
    }

    /// Saves the player's game on the shelf (and, in a browser, downloads it).
    pub fn save_now(&mut self, session: &Session, strings: &Strings) {
        #[cfg(target_arch = "wasm32")]
        download(
            &file_name(session),
            &stamped(record_of(session)).to_string(),
        );
        // Where it is for the player: in the list below (a file's path in an app's private
        // folder means nothing on a phone); in a browser, also a downloaded file.
        // A game kept already as it stands (a finished game is kept when it ends) is
        // not said to be saved anew.
        let already = self.shelf.as_ref().is_some_and(|shelf| {
            let record = stamped(record_of(session));
            kept_as(shelf, &free_name(shelf, session, &record), &record)
        });
        let saved = match (already, cfg!(target_arch = "wasm32")) {
            (true, false) => "records.already_saved",
            (true, true) => "records.already_saved_downloaded",
            (false, false) => "records.saved",
            (false, true) => "records.saved_downloaded",
        };
        // A game kept already is not written again (each press had rewritten its file).
        let written = if already {
            Ok(())
        } else {
            self.save(session, false).map(drop)
        };
        self.note = Some(match written {
            Ok(()) => strings.get(saved),
            Err(e) => strings.fill("records.not_saved", &[("error", e.to_string())]),
        });
        self.refresh();
    }

    /// What the clipboard holds, read as a record or a position; `None` (with the note
    /// saying why) when it holds neither.
    pub fn paste(&mut self, clipboard: &mut Clipboard, strings: &Strings) -> Option<Pasted> {
        let text = match clipboard.paste(&strings.get("records.paste_prompt")) {
            Ok(Some(text)) if !text.trim().is_empty() => text,
            Ok(_) => {
                self.note = Some(strings.get("records.empty_clipboard"));
                return None;
            }
            Err(ClipboardError::Unavailable) => {
                self.note = Some(strings.get("records.no_clipboard"));
                return None;
            }
            Err(ClipboardError::Failed(e)) => {
                self.note = Some(strings.fill("records.bad", &[("error", e)]));
                return None;
            }
        };
        match read_pasted(&text) {
            Ok(pasted) => Some(pasted),
            Err(e) => {
                self.note = Some(strings.fill("records.bad", &[("error", e.say(strings))]));
                None
            }
        }
    }

    /// The saved game at `index` on the list, as a game to review; `None` (with the
    /// note saying why) when it cannot be read.
    pub fn open_saved(
        &mut self,
        index: usize,
        strings: &Strings,
    ) -> Option<(Game, Side, Option<Side>)> {
        let error = match self.saved.get(index).map(|s| &s.record) {
            Some(Ok(record)) => match record.to_game() {
                Ok(game) => return Some((game, player_side(record), own_side(record))),
                Err(e) => Unreadable::Record(e),
            },
            Some(Err(e)) => e.clone(),
            None => return None,
        };
        self.note = Some(strings.fill("records.bad", &[("error", error.say(strings))]));
        None
    }
}

/// The side the app's player played in a record it wrote: the one named `Player` when
/// the other is not (against the computer or a friend online); otherwise Red.
pub fn player_side(record: &Record) -> Side {
    own_side(record).unwrap_or(Side::Red)
}

/// The side that was the player's own in a record the app wrote: the one named `Player`
/// when the other is not; `None` for two players on one device (or a record not the
/// app's).
pub fn own_side(record: &Record) -> Option<Side> {
    let player = |key: &str| record.header(key) == Some("Player");
    match (player("Red"), player("Black")) {
        (true, false) => Some(Side::Red),
        (false, true) => Some(Side::Black),
        _ => None,
    }
}

/// The shelf's file name for the session's game.
pub fn file_name(session: &Session) -> String {
    match &session.online {
        // One file for an online game, however often it comes back to the board (each
        // time with a fresh seed).
        Some(seat) => format!("online-{}.txt", seat.id),
        None => format!("game-{:016x}.txt", session.seed),
    }
}

/// The record with the date and time (UTC) it was written, where the platform has a clock.
fn stamped(mut record: Record) -> Record {
    if let Some(secs) = crate::platform::now_secs() {
        let (date, time) = date_time(secs);
        record.set_header("Date", date);
        record.set_header("Time", time);
    }
    record
}

/// What pasted text turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pasted {
    /// A game record: the game, the side to put at the bottom and the side that was the
    /// player's own, read from its headers as for a saved record ([`player_side`],
    /// [`own_side`]): the same game pasted or opened from the list faces the same way.
    Record(Box<Game>, Side, Option<Side>),
    Position(Position),
}

/// Reads pasted text as a game record, or else as a position string. The error is the
/// engine's, for what the text looks most like.
pub fn read_pasted(text: &str) -> Result<Pasted, Unreadable> {
    let text = text.trim();
    let as_position = text.parse::<Position>();
    if let Ok(position) = as_position {
        return Ok(Pasted::Position(position));
    }
    let looks_like_position = !text.contains('[') && text.contains('/');
    let record = text.parse::<Record>();
    match record.and_then(|r| Ok((r.to_game()?, player_side(&r), own_side(&r)))) {
        Ok((game, bottom, own)) => Ok(Pasted::Record(Box::new(game), bottom, own)),
        Err(e) => match as_position {
            Err(p) if looks_like_position => Err(Unreadable::Position(p)),
            _ => Err(Unreadable::Record(e)),
        },
    }
}

fn find_shelf(storage: Res<Storage>, mut records: ResMut<Records>) {
    records.shelf = shelf_for(&storage);
}

/// Where records go: beside the saved game; on an iPhone in the app's Documents folder
/// (shown in the Files app), on Android in the app's external files folder (reachable
/// over USB and by file managers), in a browser under their own localStorage prefix.
fn shelf_for(storage: &Storage) -> Option<Store> {
    let store = storage.0.as_ref()?;
    #[cfg(target_os = "ios")]
    if let Some(home) = std::env::var_os("HOME") {
        return Some(Store::new(
            std::path::PathBuf::from(home)
                .join("Documents")
                .join("records"),
        ));
    }
    #[cfg(target_os = "android")]
    if let Some(dir) = bevy::android::ANDROID_APP
        .get()
        .and_then(|app| app.external_data_path())
    {
        return Some(Store::new(dir.join("records")));
    }
    Some(store.sub("records"))
}

/// Every finished game goes on the shelf once its last move has been shown.
fn keep_finished_games(
    session: Res<Session>,
    mut records: ResMut<Records>,
    mut kept: Local<Option<(u64, usize)>>,
) {
    if session.game.outcome().is_none() || records.shelf.is_none() {
        return;
    }
    let key = (session.seed, session.game.history().len());
    if *kept == Some(key) {
        return;
    }
    *kept = Some(key);
    if let Err(e) = records.save(&session, true) {
        warn!("could not keep the finished game: {e}");
    }
}

/// Hands the record to the browser as a downloaded text file.
#[cfg(target_arch = "wasm32")]
fn download(name: &str, text: &str) {
    use wasm_bindgen::JsCast;
    let run = || -> Option<()> {
        let window = web_sys::window()?;
        let document = window.document()?;
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/plain");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let link: web_sys::HtmlAnchorElement =
            document.create_element("a").ok()?.dyn_into().ok()?;
        link.set_href(&url);
        link.set_download(name);
        link.click();
        let _ = web_sys::Url::revoke_object_url(&url);
        Some(())
    };
    if run().is_none() {
        warn!("the browser did not take the record as a download");
    }
}
