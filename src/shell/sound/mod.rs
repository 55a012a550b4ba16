//! Sounds: a tap when a step lands, a knock and a sweep when a capture lands, a chime when
//! a game ends; and at the same moments the haptics (`platform`: a tick, a knock, a
//! pattern). The sounds are our own (`assets/sounds/make.py` makes them).
//!
//! Where sound plays: on phones (the `sound` feature the phone build turns on: rodio, the
//! audio crate Bevy's own audio is built on, through cpal: AAudio on Android, Core Audio on
//! iOS), in browsers (the page's own audio elements, which add nothing to the download) and
//! on desktops built with `--features sound` (cpal needs the system's sound library to
//! build on Linux, so a plain `cargo run` leaves it out and hides the setting).
//!
//! The device's audio output is opened for the first cue and closed when the app is
//! suspended: a phone's audio stream left running in the background keeps the audio
//! hardware awake and drains the battery. The next cue after the app comes back opens it
//! again. (Bevy's audio plugin opens its stream at start and never lets it go, so the app
//! plays the sounds through rodio itself.)

use crate::board::animation::MoveAnimated;
use crate::game::session::{MovePlayed, OnBoard};
use crate::platform::{Haptic, Platform};
use crate::settings::Settings;
use crate::shell::navigation::GameSet;
use bevy::prelude::*;
use bevy::window::AppLifecycle;

mod output;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Cue>()
        .add_message::<AppLifecycle>()
        .add_systems(
            Update,
            (cue_sounds, cue_declared_end, play)
                .chain()
                .in_set(GameSet::Present),
        );
    if !app.world().contains_non_send::<Output>() {
        install(app, output::native());
    }
}

/// Where the sounds go: the device's audio output (one per build, `output`), or a
/// recording in tests. Called on the main thread only.
pub trait Speaker: 'static {
    /// Plays `cue` now, opening the output first if it is closed; false when there is no
    /// output to play it on.
    fn play(&mut self, cue: Cue) -> bool;
    /// Closes the output: nothing of it runs until the next [`Speaker::play`].
    fn close(&mut self);
}

/// The speaker, and whether the app is suspended (no sound then).
struct Output {
    speaker: Box<dyn Speaker>,
    suspended: bool,
}

/// Puts `speaker` under the app's sounds (tests put a recording one there).
pub fn install(app: &mut App, speaker: impl Speaker) {
    app.insert_non_send(Output {
        speaker: Box::new(speaker),
        suspended: false,
    });
}

/// Plays the cues, and closes the output as the app is suspended; a cue that comes while
/// it is suspended is dropped (the game is paused then; nobody would hear it).
fn play(
    mut cues: MessageReader<Cue>,
    mut lifecycle: MessageReader<AppLifecycle>,
    output: Option<NonSendMut<Output>>,
) {
    let Some(mut output) = output else {
        cues.clear();
        return;
    };
    for event in lifecycle.read() {
        match event {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => {
                if !output.suspended {
                    output.suspended = true;
                    output.speaker.close();
                }
            }
            AppLifecycle::WillResume | AppLifecycle::Running => output.suspended = false,
            AppLifecycle::Idle => {}
        }
    }
    for &cue in cues.read() {
        if !output.suspended {
            output.speaker.play(cue);
        }
    }
}

/// A speaker for tests: it remembers what it was asked, and opens and closes as the
/// device's does. Clones share one log.
#[derive(Clone, Default)]
pub struct RecordingSpeaker(std::sync::Arc<std::sync::Mutex<Speaking>>);

#[derive(Default)]
struct Speaking {
    open: bool,
    log: Vec<Played>,
}

/// What a [`RecordingSpeaker`] did, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// The output was opened, for the cue that follows.
    Opened,
    /// A cue was played.
    Cue(Cue),
    /// The output was closed.
    Closed,
}

impl RecordingSpeaker {
    /// What it did so far.
    pub fn log(&self) -> Vec<Played> {
        self.speaking().log.clone()
    }

    fn speaking(&self) -> std::sync::MutexGuard<'_, Speaking> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Speaker for RecordingSpeaker {
    fn play(&mut self, cue: Cue) -> bool {
        let mut s = self.speaking();
        if !s.open {
            s.open = true;
            s.log.push(Played::Opened);
        }
        s.log.push(Played::Cue(cue));
        true
    }
    fn close(&mut self) {
        let mut s = self.speaking();
        if s.open {
            s.open = false;
            s.log.push(Played::Closed);
        }
    }
}

/// True where this build can make sound (the setting shows only then).
pub const AVAILABLE: bool = cfg!(any(feature = "sound", target_arch = "wasm32"));

/// A sound to play now.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Step,
    Capture,
    GameOver,
}

impl Cue {
    /// The sound's file under `assets/`.
    pub fn path(self) -> &'static str {
        match self {
            Cue::Step => "sounds/move.wav",
            Cue::Capture => "sounds/capture.wav",
            Cue::GameOver => "sounds/game_over.wav",
        }
    }
}

/// A move's sound and haptic when its stone lands (the end of its animation), and the
/// chime and the pattern after a move that ends a game. Each only when its setting is on.
fn cue_sounds(
    mut played: MessageReader<MovePlayed>,
    mut landed: MessageReader<MoveAnimated>,
    board: OnBoard,
    settings: Res<Settings>,
    mut landing: Local<Option<bool>>,
    mut cues: MessageWriter<Cue>,
    mut platform: ResMut<Platform>,
) {
    for p in played.read() {
        *landing = Some(p.mv.capture);
    }
    if landed.read().count() == 0 {
        return;
    }
    let Some(capture) = landing.take() else {
        return;
    };
    // A lesson's or a review's last move is not the end of the player's game.
    let over = board.session().game.outcome().is_some() && !board.practising();
    if settings.sound {
        cues.write(if capture { Cue::Capture } else { Cue::Step });
        if over {
            cues.write(Cue::GameOver);
        }
    }
    if settings.haptics {
        platform.haptic(if capture {
            Haptic::Capture
        } else {
            Haptic::Step
        });
        if over {
            platform.haptic(Haptic::GameOver);
        }
    }
}

/// The chime and the pattern for a game of the player's that ends off the board: a
/// resignation, an agreement, a clock run out, an online game claimed or aborted (the
/// friend's resignation and the clock come from the server with no move to land). An end
/// on the board sounds when its move lands (`cue_sounds`).
fn cue_declared_end(
    session: Res<crate::game::session::Session>,
    settings: Res<Settings>,
    mut seen: Local<Option<(u64, bool)>>,
    mut cues: MessageWriter<Cue>,
    mut platform: ResMut<Platform>,
) {
    if !session.is_changed() {
        return;
    }
    let outcome = session.game.outcome();
    let now = (session.seed, outcome.is_some());
    let was = seen.replace(now);
    // The same game, going on until now: not a game loaded or started already over.
    let ended_now = was == Some((session.seed, false)) && now.1;
    let off_the_board = outcome.is_some_and(|o| {
        use surakarta_engine::EndReason::*;
        matches!(
            o.reason,
            Resignation
                | AgreedDraw
                | AgreedStop
                | TimeForfeit
                | Abandoned
                | AbandonedDraw
                | Aborted
        )
    });
    if !(ended_now && off_the_board) {
        return;
    }
    if settings.sound {
        cues.write(Cue::GameOver);
    }
    if settings.haptics {
        platform.haptic(Haptic::GameOver);
    }
}
