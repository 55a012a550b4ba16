//! Where saves live, and keeping them safe there. On phones and desktops: files, written
//! atomically (a temporary file, synced, then a rename), a leftover temporary file
//! ignored; the saves made while playing go to a writer thread ([`Store::write_soon`]),
//! in order, so that flash storage never holds up a frame. In a browser: the page's
//! localStorage, where each write replaces a whole entry. Either way a save that cannot
//! be read is kept aside under a new name, never overwritten.

use std::fs;
use std::path::{Path, PathBuf};

pub use super::files::MAX_FILE_BYTES;
#[cfg(not(target_arch = "wasm32"))]
use super::files::writer;
#[cfg(test)]
use super::files::{SAVE_STEPS, write_file_until};
use super::files::{read_file, write_file};

/// Where the app keeps its saves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    place: Place,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Place {
    /// Files in a folder.
    Dir(PathBuf),
    /// The browser's localStorage, each name under a prefix.
    #[cfg(target_arch = "wasm32")]
    Browser(String),
}

/// What reading a save found.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// No save yet.
    Missing,
    /// The save's text.
    Text(String),
    /// The save could not be read as text, or is too big; it has been kept aside (under
    /// the name given, when that worked).
    Unreadable { kept_as: Option<String> },
}

impl Store {
    /// Files in `dir` (created on the first write).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store {
            place: Place::Dir(dir.into()),
        }
    }

    /// The page's localStorage, with every name under `prefix`.
    #[cfg(target_arch = "wasm32")]
    pub fn browser(prefix: &str) -> Store {
        Store {
            place: Place::Browser(prefix.to_owned()),
        }
    }

    /// The folder, for file stores.
    pub fn dir(&self) -> Option<&Path> {
        match &self.place {
            Place::Dir(dir) => Some(dir),
            #[cfg(target_arch = "wasm32")]
            Place::Browser(_) => None,
        }
    }

    /// The same kind of store, for the names under `sub`: a folder inside the folder, or
    /// a longer prefix in localStorage.
    pub fn sub(&self, sub: &str) -> Store {
        let place = match &self.place {
            Place::Dir(dir) => Place::Dir(dir.join(sub)),
            #[cfg(target_arch = "wasm32")]
            Place::Browser(prefix) => Place::Browser(format!("{prefix}{sub}/")),
        };
        Store { place }
    }

    /// The names of the saves here, sorted, without half-written or set-aside ones.
    pub fn list(&self) -> Vec<String> {
        let mut names: Vec<String> = match &self.place {
            Place::Dir(dir) => fs::read_dir(dir)
                .map(|entries| {
                    entries
                        .filter_map(|e| e.ok()?.file_name().into_string().ok())
                        .collect()
                })
                .unwrap_or_default(),
            #[cfg(target_arch = "wasm32")]
            Place::Browser(prefix) => browser::keys(prefix),
        };
        names.retain(|n| !n.ends_with(".tmp") && !n.contains(".bad-"));
        names.sort();
        names
    }

    /// Writes `text` under `name` so that a kill at any moment leaves either the old save
    /// or the new one, never a mix.
    pub fn write(&self, name: &str, text: &str) -> std::io::Result<()> {
        match &self.place {
            Place::Dir(dir) => write_file(dir, name, text),
            #[cfg(target_arch = "wasm32")]
            Place::Browser(prefix) => browser::write(&format!("{prefix}{name}"), text),
        }
    }

    /// Like [`Store::write`], but for files on the writer thread: this returns at once,
    /// and writes reach the disk in the order they were asked for (of several waiting for
    /// the same file only the last is written). A failure is logged.
    pub fn write_soon(&self, name: &str, text: &str) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let Place::Dir(dir) = &self.place;
            writer::write(dir.clone(), name.to_owned(), text.to_owned());
        }
        #[cfg(target_arch = "wasm32")]
        if let Err(e) = self.write(name, text) {
            bevy::log::warn!("could not save {name}: {e}");
        }
    }

    /// Reads `name`. For files, a leftover `name.tmp` from an interrupted write is
    /// removed; the file itself is the last complete write.
    pub fn read(&self, name: &str) -> Read {
        let text = match &self.place {
            Place::Dir(dir) => read_file(dir, name),
            #[cfg(target_arch = "wasm32")]
            Place::Browser(prefix) => Ok(browser::read(&format!("{prefix}{name}"))),
        };
        match text {
            Ok(None) => Read::Missing,
            Ok(Some(text)) if text.len() as u64 <= MAX_FILE_BYTES => Read::Text(text),
            Ok(Some(_)) | Err(()) => Read::Unreadable {
                kept_as: self.keep_aside(name),
            },
        }
    }

    /// Moves `name` out of the way (to `name.bad-N`) so a fresh save can be written while
    /// the old one stays for the player or a bug report. Returns where it went.
    pub fn keep_aside(&self, name: &str) -> Option<String> {
        match &self.place {
            Place::Dir(dir) => {
                let from = dir.join(name);
                let to = (1..1000)
                    .map(|n| dir.join(format!("{name}.bad-{n}")))
                    .find(|p| !p.exists())?;
                fs::rename(&from, &to).ok()?;
                Some(to.display().to_string())
            }
            #[cfg(target_arch = "wasm32")]
            Place::Browser(prefix) => browser::keep_aside(&format!("{prefix}{name}")),
        }
    }
}

/// Waits (at most `limit`) until every write asked for with [`Store::write_soon`] is on
/// disk: before the app is suspended, and in tests. False when the time ran out.
pub fn flush(limit: std::time::Duration) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return writer::flush(limit);
    #[cfg(target_arch = "wasm32")]
    {
        let _ = limit;
        true
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    //! localStorage. A page whose storage is switched off (private modes, policies)
    //! saves nothing and says so once in the log; it never fails the game.

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    fn error(what: &str, e: wasm_bindgen::JsValue) -> std::io::Error {
        std::io::Error::other(format!("{what}: {e:?}"))
    }

    pub fn write(key: &str, text: &str) -> std::io::Result<()> {
        let s = storage().ok_or_else(|| std::io::Error::other("localStorage unavailable"))?;
        s.set_item(key, text).map_err(|e| error(key, e))
    }

    pub fn read(key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }

    /// The names under `prefix`, without it.
    pub fn keys(prefix: &str) -> Vec<String> {
        let Some(s) = storage() else {
            return Vec::new();
        };
        let count = s.length().unwrap_or(0);
        (0..count)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter_map(|k| k.strip_prefix(prefix).map(str::to_owned))
            // Deeper names belong to a store inside this one.
            .filter(|k| !k.contains('/'))
            .collect()
    }

    pub fn keep_aside(key: &str) -> Option<String> {
        let s = storage()?;
        let text = s.get_item(key).ok()??;
        let to = (1..1000)
            .map(|n| format!("{key}.bad-{n}"))
            .find(|k| matches!(s.get_item(k), Ok(None)))?;
        s.set_item(&to, &text).ok()?;
        s.remove_item(key).ok()?;
        Some(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::Session;
    use crate::persist::format::SavedGame;

    fn saved_after(moves: &[&str]) -> (Session, String) {
        let mut session = Session::default();
        for m in moves {
            session.game.try_play(m.parse().unwrap()).unwrap();
        }
        let text = serde_json::to_string_pretty(&SavedGame::from_session(&session)).unwrap();
        (session, text)
    }

    fn temp(name: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        std::env::temp_dir().join(format!(
            "surakarta-store-{name}-{}-{nanos}",
            std::process::id()
        ))
    }

    #[test]
    fn a_kill_at_any_step_of_a_save_leaves_the_old_game_or_the_new_one() {
        let (old, old_text) = saved_after(&["b2-c3"]);
        let (new, new_text) = saved_after(&["b2-c3", "e5-d4"]);
        for until in 0..=SAVE_STEPS {
            let dir = temp("kill");
            let store = Store::new(&dir);
            store.write("game.json", &old_text).unwrap();
            // The app is killed after `until` steps of the next save.
            write_file_until(&dir, "game.json", &new_text, until).unwrap();
            let Read::Text(text) = store.read("game.json") else {
                panic!("after {until} steps the save is unreadable");
            };
            let back = SavedGame::parse(&text).unwrap();
            let expected = if until >= 6 { &new } else { &old };
            assert_eq!(
                back.game.history(),
                expected.game.history(),
                "{until} steps"
            );
            assert!(!dir.join("game.json.tmp").exists(), "the leftover is gone");
            let _ = fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn saves_on_the_writer_thread_land_in_order() {
        let dir = temp("order");
        let store = Store::new(&dir);
        let texts: Vec<String> = (0..50).map(|i| format!("save {i}")).collect();
        for t in &texts {
            store.write_soon("game.json", t);
        }
        store.write_soon("other.json", "other");
        assert!(flush(std::time::Duration::from_secs(10)));
        assert_eq!(store.read("game.json"), Read::Text("save 49".into()));
        assert_eq!(store.read("other.json"), Read::Text("other".into()));
        let _ = fs::remove_dir_all(&dir);
    }
}
