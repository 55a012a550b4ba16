//! Where saves live, and keeping them safe there. On phones and desktops: files, written
//! atomically (a temporary file, then a rename), a leftover temporary file ignored. In a
//! browser: the page's localStorage, where each write replaces a whole entry. Either way a
//! save that cannot be read is kept aside under a new name, never overwritten.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Save files larger than this are not what this app writes: kept aside, never parsed.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

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

fn write_file(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("{name}.tmp"));
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    fs::rename(&tmp, dir.join(name))?;
    // The rename itself is durable only once the folder is synced (where supported).
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The file's text, `None` when there is no file, `Err` when it cannot be read as text
/// or is too big to be ours.
fn read_file(dir: &Path, name: &str) -> Result<Option<String>, ()> {
    let _ = fs::remove_file(dir.join(format!("{name}.tmp")));
    let path = dir.join(name);
    let Ok(meta) = fs::metadata(&path) else {
        return Ok(None);
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(());
    }
    match fs::read(&path).map(String::from_utf8) {
        Ok(Ok(text)) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Ok(Err(_)) | Err(_) => Err(()),
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
