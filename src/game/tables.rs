//! The endgame tables of the engine's `tablebase`: every position of up to
//! [`STONES`] stones solved exactly, which Hard, the hints and the analysis play and judge
//! by once they are ready.
//!
//! Nothing is downloaded for them: they are built on a low-priority thread the first time a
//! game on the board comes down to [`WANTED_AT`] stones or fewer, or a game with such an
//! ending is analysed (24 s and 115 MB at the peak on one core of the build machine,
//! 6.9 MB kept), then kept in the app's data folder, from where every later start reads
//! them at once, before any search wants them. They are for the standard rules; under the
//! other rule sets the computer plays without them. On the web the page has none (a build
//! on the page's thread would stall it); the computer's worker builds its own, smaller
//! ones (`crates/worker`).

use crate::game::analysis::Analyse;
use crate::game::computer::Computer;
use crate::game::session::OnBoard;
use crate::persist::Storage;
use bevy::prelude::*;
use std::sync::Arc;
use surakarta_engine::tablebase::{TableRules, Tablebase};
use surakarta_engine::{Game, Ruleset};

/// Stones in all of the positions the app's tables hold.
pub const STONES: u32 = 5;

/// Stones on the board at which the tables are built, if they are not kept yet: well
/// before they are needed (the build takes seconds, an endgame minutes).
pub const WANTED_AT: u32 = 12;

/// The file the tables are kept in, in the app's data folder.
pub const FILE: &str = "endgame-tables-5.sktb";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EndgameTables>().add_systems(
        Update,
        (start_when_wanted, collect, hand_to_the_computer).chain(),
    );
}

/// The app's endgame tables and how far they have got.
#[derive(Resource, Default)]
pub enum EndgameTables {
    /// Not used: tests, and the web's page (its worker has its own).
    #[default]
    Off,
    /// Read or built when first wanted.
    Wanted,
    /// Being read or built on a thread of its own at the lowest priority: not on the
    /// compute pool, whose threads the computer's searches need (a phone's pool may have
    /// one, and the build takes half a minute), and never ahead of a frame.
    #[cfg(not(target_arch = "wasm32"))]
    Loading(std::thread::JoinHandle<Option<Tablebase>>),
    /// Ready; `given` once the computer's engine has them.
    Ready { tables: Arc<Tablebase>, given: bool },
    /// Could not be had (said in the log); the computer plays on without them.
    Failed,
}

impl EndgameTables {
    /// Tables for this platform: wanted where searches run on threads, off on the web.
    pub fn for_this_platform() -> EndgameTables {
        if cfg!(target_arch = "wasm32") {
            EndgameTables::Off
        } else {
            EndgameTables::Wanted
        }
    }

    /// Tables already made (tests, tools).
    pub fn ready(tables: Tablebase) -> EndgameTables {
        EndgameTables::Ready {
            tables: Arc::new(tables),
            given: false,
        }
    }

    /// The tables, once ready.
    pub fn tables(&self) -> Option<&Arc<Tablebase>> {
        match self {
            EndgameTables::Ready { tables, .. } => Some(tables),
            _ => None,
        }
    }
}

/// True when `game` has come down (or comes down, by its last position) to a few stones
/// under rules the tables serve.
fn wants_tables(game: &Game) -> bool {
    let standard = TableRules::of(game.rules()).ok() == TableRules::of(&Ruleset::STANDARD).ok();
    standard && game.position().occupied().count() <= WANTED_AT
}

fn start_when_wanted(
    mut tables: ResMut<EndgameTables>,
    board: OnBoard,
    mut analysed: MessageReader<Analyse>,
    storage: Res<Storage>,
    mut kept: Local<Option<bool>>,
) {
    let asked = analysed.read().any(|Analyse(game)| wants_tables(game));
    if !matches!(*tables, EndgameTables::Wanted) {
        return;
    }
    // The player's folder; a tool (which keeps nothing) reads the tables kept there but
    // keeps none it builds.
    let (dir, keep) = match storage.0.as_ref().and_then(|s| s.dir()) {
        Some(d) => (Some(d.to_path_buf()), true),
        None => (
            Storage::platform()
                .0
                .and_then(|s| s.dir().map(|d| d.to_path_buf())),
            false,
        ),
    };
    // Kept tables are read at once (a moment's work), so they are ready before any
    // search wants them; tables not kept yet are built only when wanted.
    let kept = *kept.get_or_insert_with(|| dir.as_ref().is_some_and(|d| d.join(FILE).is_file()));
    if !(kept || asked || wants_tables(&board.session().game)) {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        *tables = match crate::game::search::spawn_at_low_priority("surakarta tables", move || {
            read_or_build(dir.as_deref(), keep)
        }) {
            Ok(thread) => EndgameTables::Loading(thread),
            Err(e) => {
                warn!("endgame tables not started: {e}");
                EndgameTables::Failed
            }
        };
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (dir, keep);
        *tables = EndgameTables::Failed;
    }
}

/// The kept tables, or tables built now and kept (where there is a folder to keep them).
#[cfg(not(target_arch = "wasm32"))]
fn read_or_build(dir: Option<&std::path::Path>, keep: bool) -> Option<Tablebase> {
    let path = dir.map(|d| d.join(FILE));
    let standard = TableRules::of(&Ruleset::STANDARD).ok()?;
    if let Some(path) = &path
        && let Ok(bytes) = std::fs::read(path)
    {
        match Tablebase::from_bytes(&bytes) {
            Ok(t) if t.rules() == standard && t.max_stones() == STONES => return Some(t),
            Ok(_) => warn!(
                "{}: tables for other rules; building them again",
                path.display()
            ),
            Err(e) => warn!("{}: {e}; building them again", path.display()),
        }
    }
    let started = bevy::platform::time::Instant::now();
    let tables = match Tablebase::build(&Ruleset::STANDARD, STONES, &mut |_| {}) {
        Ok(t) => t,
        Err(e) => {
            warn!("endgame tables not built: {e}");
            return None;
        }
    };
    info!(
        "endgame tables of {STONES} stones built in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if let (Some(dir), Some(path), true) = (dir, &path, keep) {
        // Written aside and renamed, so a half-written file is never read as tables
        // (and one that were would fail its checksum and be built again).
        let part = path.with_extension("part");
        let kept = std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&part, tables.to_bytes()))
            .and_then(|()| std::fs::rename(&part, path));
        if let Err(e) = kept {
            warn!("endgame tables not kept in {}: {e}", dir.display());
        }
    }
    Some(tables)
}

fn collect(mut tables: ResMut<EndgameTables>) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if !matches!(&*tables, EndgameTables::Loading(t) if t.is_finished()) {
            return;
        }
        let EndgameTables::Loading(thread) = std::mem::take(&mut *tables) else {
            return;
        };
        // A build that panicked leaves the computer without tables, not the app down.
        *tables = match thread.join() {
            Ok(Some(t)) => EndgameTables::ready(t),
            _ => EndgameTables::Failed,
        };
        // The build's working memory (115 MB at its peak) is free now: given back.
        crate::platform::give_back_freed_memory();
    }
    #[cfg(target_arch = "wasm32")]
    let _ = &mut tables;
}

/// Gives the tables to the computer's engine (Hard, hints and the analysis on threads
/// share it) as soon as no search holds it.
fn hand_to_the_computer(mut tables: ResMut<EndgameTables>, computer: Res<Computer>) {
    let EndgameTables::Ready { tables: t, given } = &mut *tables else {
        return;
    };
    if *given {
        return;
    }
    let engine = computer.engine();
    if let Ok(mut engine) = engine.try_lock() {
        engine.set_tables(Some(t.clone()));
        *given = true;
    }
}
