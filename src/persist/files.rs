//! Save files on phones and desktops: written atomically (a temporary file, synced, then a
//! rename, then the folder synced), read back with a leftover temporary file ignored, and
//! the writer thread that takes the saves made while playing, in order, so that flash
//! storage never holds up a frame.

use std::fs;
use std::io::Write;
use std::path::Path;

/// Save files larger than this are not what this app writes: kept aside, never parsed.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

pub(super) fn write_file(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    write_file_until(dir, name, text, usize::MAX)
}

/// The steps of a save, in order, stopping after `until` of them as a kill would: a
/// temporary file is written (a kill can come half-way), synced and renamed over the
/// save, then the folder is synced. Until the rename the old save is whole; after it the
/// new one is.
pub(super) fn write_file_until(
    dir: &Path,
    name: &str,
    text: &str,
    until: usize,
) -> std::io::Result<()> {
    let mut steps = 0;
    let mut next = || {
        steps += 1;
        steps <= until
    };
    let tmp = dir.join(format!("{name}.tmp"));
    let (first, rest) = text.as_bytes().split_at(text.len() / 2);
    if !next() {
        return Ok(());
    }
    fs::create_dir_all(dir)?;
    if !next() {
        return Ok(());
    }
    {
        let mut f = fs::File::create(&tmp)?;
        for part in [first, rest] {
            if !next() {
                return Ok(());
            }
            f.write_all(part)?;
        }
        if !next() {
            return Ok(());
        }
        f.sync_all()?;
    }
    if !next() {
        return Ok(());
    }
    fs::rename(&tmp, dir.join(name))?;
    if !next() {
        return Ok(());
    }
    // The rename itself is durable only once the folder is synced (where supported).
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The number of steps in [`write_file_until`].
#[cfg(test)]
pub(super) const SAVE_STEPS: usize = 7;

#[cfg(not(target_arch = "wasm32"))]
pub(super) mod writer {
    //! One thread that writes save files in the order they were asked for.

    use std::path::PathBuf;
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::sync::{Mutex, OnceLock};
    use std::time::Duration;

    enum Job {
        Write {
            dir: PathBuf,
            name: String,
            text: String,
        },
        /// Answer once everything asked for before is written.
        Flush(Sender<()>),
    }

    static QUEUE: OnceLock<Option<Mutex<Sender<Job>>>> = OnceLock::new();

    /// The writer's queue, the thread started on first use; `None` where no thread can
    /// be started (then saves are written where they are asked for).
    fn queue() -> Option<&'static Mutex<Sender<Job>>> {
        QUEUE
            .get_or_init(|| {
                let (tx, rx) = channel();
                std::thread::Builder::new()
                    .name("surakarta saves".into())
                    .spawn(move || work(rx))
                    .ok()
                    .map(|_| Mutex::new(tx))
            })
            .as_ref()
    }

    fn work(jobs: Receiver<Job>) {
        while let Ok(job) = jobs.recv() {
            // Whatever else is waiting: of several writes of one file only the last counts.
            let mut batch = vec![job];
            batch.extend(jobs.try_iter());
            let mut writes: Vec<(PathBuf, String, String)> = Vec::new();
            for job in batch {
                match job {
                    Job::Write { dir, name, text } => {
                        match writes.iter_mut().find(|(d, n, _)| *d == dir && *n == name) {
                            Some(w) => w.2 = text,
                            None => writes.push((dir, name, text)),
                        }
                    }
                    Job::Flush(done) => {
                        write_all(&mut writes);
                        let _ = done.send(());
                    }
                }
            }
            write_all(&mut writes);
        }
    }

    fn write_all(writes: &mut Vec<(PathBuf, String, String)>) {
        for (dir, name, text) in writes.drain(..) {
            if let Err(e) = super::write_file(&dir, &name, &text) {
                bevy::log::warn!("could not save {name}: {e}");
            }
        }
    }

    pub fn write(dir: PathBuf, name: String, text: String) {
        let sent = queue().is_some_and(|q| {
            let job = Job::Write {
                dir: dir.clone(),
                name: name.clone(),
                text: text.clone(),
            };
            q.lock().is_ok_and(|tx| tx.send(job).is_ok())
        });
        if !sent && let Err(e) = super::write_file(&dir, &name, &text) {
            bevy::log::warn!("could not save {name}: {e}");
        }
    }

    pub fn flush(limit: Duration) -> bool {
        let (tx, rx) = channel();
        let sent = queue().is_some_and(|q| q.lock().is_ok_and(|q| q.send(Job::Flush(tx)).is_ok()));
        !sent || rx.recv_timeout(limit).is_ok()
    }
}

/// The file's text, `None` when there is no file, `Err` when it cannot be read as text
/// or is too big to be ours.
pub(super) fn read_file(dir: &Path, name: &str) -> Result<Option<String>, ()> {
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
