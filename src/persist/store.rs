//! Files that survive anything: atomic writes (a temporary file, then a rename), a leftover
//! temporary file ignored, and a file that cannot be read kept aside under a new name.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Save files larger than this are not what this app writes: kept aside, never parsed.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Where the app keeps its files, or nowhere (persistence off).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

/// What reading a file found.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// No file yet.
    Missing,
    /// The file's text.
    Text(String),
    /// The file could not be read as text, or is too big; it has been kept aside.
    Unreadable { kept_as: Option<PathBuf> },
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes `text` to `name` so that a kill at any moment leaves either the old file or
    /// the new one, never a mix.
    pub fn write(&self, name: &str, text: &str) -> std::io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let tmp = self.path(&format!("{name}.tmp"));
        {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
        }
        fs::rename(&tmp, self.path(name))?;
        // The rename itself is durable only once the folder is synced (where supported).
        if let Ok(d) = fs::File::open(&self.dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }

    /// Reads `name`. A leftover `name.tmp` from an interrupted write is removed; the file
    /// itself is the last complete write.
    pub fn read(&self, name: &str) -> Read {
        let _ = fs::remove_file(self.path(&format!("{name}.tmp")));
        let path = self.path(name);
        let Ok(meta) = fs::metadata(&path) else {
            return Read::Missing;
        };
        if meta.len() > MAX_FILE_BYTES {
            return Read::Unreadable {
                kept_as: self.keep_aside(name),
            };
        }
        match fs::read(&path).map(String::from_utf8) {
            Ok(Ok(text)) => Read::Text(text),
            Ok(Err(_)) => Read::Unreadable {
                kept_as: self.keep_aside(name),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Read::Missing,
            Err(_) => Read::Unreadable {
                kept_as: self.keep_aside(name),
            },
        }
    }

    /// Moves `name` out of the way (to `name.bad-N`) so a fresh file can be written while
    /// the old one stays for the player or a bug report. Returns the new path.
    pub fn keep_aside(&self, name: &str) -> Option<PathBuf> {
        let from = self.path(name);
        (1..1000)
            .map(|n| self.path(&format!("{name}.bad-{n}")))
            .find(|p| !p.exists())
            .and_then(|to| {
                fs::rename(&from, &to).ok()?;
                Some(to)
            })
    }
}
