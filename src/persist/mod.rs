//! Storage: the player's game, settings and statistics (the puzzle rating too) loaded at start, written after every
//! move (on the writer thread, so the frame never waits for storage) and on suspend
//! (waiting until they are on disk), so that the game survives the OS killing the app at
//! any time. A file that cannot be used is kept aside, the player is told once, and a
//! fresh game starts. `store.rs` is where files go on each platform, `format.rs` what is
//! in them.

mod files;
pub mod format;
pub mod store;

use crate::game::session::Session;
use crate::game::statistics::Stats;
use crate::puzzles::PuzzleStats;
use crate::settings::Settings;
use crate::shell::navigation::GameSet;
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use format::{LoadError, Records, SavedGame, SavedSettings};
use store::{Read, Store};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Storage>()
        .add_message::<AppLifecycle>()
        .add_systems(Startup, load)
        .add_systems(
            Update,
            (save_game, save_settings, save_on_suspend)
                .chain()
                .in_set(GameSet::Present)
                .after(crate::game::statistics::count_result),
        );
}

/// The saved game's file name.
pub const GAME_FILE: &str = "game.json";
/// The settings and statistics file name.
pub const SETTINGS_FILE: &str = "settings.json";

/// Where files go; `None` keeps nothing (tools such as screenshots, which must not touch
/// the player's saved game).
#[derive(Resource, Clone, Debug, Default)]
pub struct Storage(pub Option<Store>);

impl Storage {
    /// The platform's place for app data: the activity's internal data path on Android,
    /// the page's localStorage in a browser, the user's data directory elsewhere.
    pub fn platform() -> Storage {
        #[cfg(target_os = "android")]
        {
            let dir = bevy::android::ANDROID_APP
                .get()
                .and_then(|app| app.internal_data_path());
            Storage(dir.map(Store::new))
        }
        #[cfg(target_arch = "wasm32")]
        {
            Storage(Some(Store::browser("surakarta.")))
        }
        #[cfg(not(any(target_os = "android", target_arch = "wasm32")))]
        {
            let dirs = directories::ProjectDirs::from("org", "Surakarta", "Surakarta");
            Storage(dirs.map(|d| Store::new(d.data_dir())))
        }
    }
}

/// Reads the saved settings and game at start.
pub(crate) fn load(
    storage: Res<Storage>,
    mut strings: ResMut<Strings>,
    mut session: ResMut<Session>,
    mut settings: ResMut<Settings>,
    mut stats: ResMut<Stats>,
    mut puzzles: ResMut<PuzzleStats>,
    mut notice: ResMut<Notice>,
) {
    let Some(store) = &storage.0 else { return };
    let mut problems = Vec::new();
    match store.read(SETTINGS_FILE) {
        Read::Missing => {}
        Read::Text(text) => match SavedSettings::parse(&text) {
            Ok((s, records)) => {
                *settings = s;
                stats.0 = records.stats;
                *puzzles = records.puzzles;
                // The notices below speak the player's language.
                *strings = Strings::for_language(settings.chosen_language());
            }
            Err(e) => problems.push((SETTINGS_FILE, e, store.keep_aside(SETTINGS_FILE))),
        },
        Read::Unreadable { kept_as } => problems.push((
            SETTINGS_FILE,
            LoadError::Damaged("unreadable".into()),
            kept_as,
        )),
    }
    match store.read(GAME_FILE) {
        Read::Missing => {}
        Read::Text(text) => match SavedGame::parse(&text) {
            Ok(saved) => *session = saved,
            Err(e) => problems.push((GAME_FILE, e, store.keep_aside(GAME_FILE))),
        },
        Read::Unreadable { kept_as } => {
            problems.push((GAME_FILE, LoadError::Damaged("unreadable".into()), kept_as))
        }
    }
    if let Some((file, error, kept)) = problems.into_iter().next() {
        let kept = kept.unwrap_or_default();
        warn!("{file} not used ({error:?}); kept as {kept}");
        let key = match error {
            LoadError::Newer(_) => "notice.save_newer",
            LoadError::Damaged(_) => "notice.save_damaged",
        };
        notice.0 = Some(strings.get(key));
    }
}

/// Writes the game whenever it changed (a move, undo, a new game): a kill between two
/// frames loses nothing.
fn save_game(storage: Res<Storage>, session: Res<Session>) {
    if let Some(store) = &storage.0
        && session.is_changed()
    {
        write(
            store,
            GAME_FILE,
            &serde_json::to_string_pretty(&SavedGame::from_session(&session)),
        );
    }
}

fn save_settings(
    storage: Res<Storage>,
    settings: Res<Settings>,
    stats: Res<Stats>,
    puzzles: Res<PuzzleStats>,
) {
    if let Some(store) = &storage.0
        && (settings.is_changed() || stats.is_changed() || puzzles.is_changed())
        && !(settings.is_added() && stats.is_added() && puzzles.is_added())
    {
        write(
            store,
            SETTINGS_FILE,
            &settings_text(&settings, &stats, &puzzles),
        );
    }
}

/// The settings file's text.
fn settings_text(
    settings: &Settings,
    stats: &Stats,
    puzzles: &PuzzleStats,
) -> serde_json::Result<String> {
    let records = Records {
        stats: stats.0.clone(),
        puzzles: puzzles.clone(),
    };
    serde_json::to_string_pretty(&SavedSettings::from_parts(settings, &records))
}

/// Hands a save to the writer thread: the frame goes on at once.
fn write(store: &Store, name: &str, text: &serde_json::Result<String>) {
    match text {
        Ok(text) => store.write_soon(name, text),
        Err(e) => warn!("could not encode {name}: {e}"),
    }
}

/// How long suspending waits for the saves to reach the disk: the system may end a
/// suspended app at any moment after.
const SUSPEND_FLUSH: std::time::Duration = std::time::Duration::from_secs(2);

/// What is saved on suspend, and where.
#[derive(bevy::ecs::system::SystemParam)]
struct Kept<'w> {
    storage: Res<'w, Storage>,
    session: Res<'w, Session>,
    settings: Res<'w, Settings>,
    stats: Res<'w, Stats>,
    puzzles: Res<'w, PuzzleStats>,
}

/// On suspend: save at once, and wait (a little) until it is on disk. (The computer stops
/// and the animations freeze on their own: `game/computer.rs`, `shell/awake.rs`.)
fn save_on_suspend(
    mut events: MessageReader<AppLifecycle>,
    kept: Kept,
    mut platform: Option<ResMut<crate::platform::Platform>>,
) {
    let Kept {
        storage,
        session,
        settings,
        stats,
        puzzles,
    } = kept;
    let session = &*session;
    for event in events.read() {
        match event {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => {
                if let Some(store) = &storage.0 {
                    write(
                        store,
                        GAME_FILE,
                        &serde_json::to_string_pretty(&SavedGame::from_session(session)),
                    );
                    write(
                        store,
                        SETTINGS_FILE,
                        &settings_text(&settings, &stats, &puzzles),
                    );
                }
                if store::flush(SUSPEND_FLUSH) {
                    // Android's activity waits for this before it ends the process.
                    if let Some(platform) = &mut platform {
                        platform.saved_for_suspend();
                    }
                } else {
                    warn!("the saves were still being written when the app was suspended");
                }
            }
            AppLifecycle::WillResume | AppLifecycle::Running | AppLifecycle::Idle => {}
        }
    }
}
