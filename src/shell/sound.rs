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

#[cfg(feature = "sound")]
mod output {
    //! The device's audio output through rodio (cpal underneath), opened for a cue and
    //! dropped to close: dropping rodio's sink stops cpal's stream, which lets AAudio or
    //! Core Audio go.
    use super::{Cue, Speaker};
    use bevy::log::warn;

    /// The sounds, in the binary: 81 KB, and no asset to go missing on a phone.
    fn bytes(cue: Cue) -> &'static [u8] {
        match cue {
            Cue::Step => include_bytes!("../../assets/sounds/move.wav"),
            Cue::Capture => include_bytes!("../../assets/sounds/capture.wav"),
            Cue::GameOver => include_bytes!("../../assets/sounds/game_over.wav"),
        }
    }

    #[derive(Default)]
    pub struct Device {
        sink: Option<rodio::MixerDeviceSink>,
    }

    pub fn native() -> Device {
        Device::default()
    }

    impl Speaker for Device {
        fn play(&mut self, cue: Cue) -> bool {
            if self.sink.is_none() {
                match rodio::DeviceSinkBuilder::open_default_sink() {
                    Ok(mut sink) => {
                        sink.log_on_drop(false);
                        self.sink = Some(sink);
                    }
                    Err(e) => {
                        warn!("no sound: {e}");
                        return false;
                    }
                }
            }
            let Some(sink) = &self.sink else {
                return false;
            };
            match rodio::Decoder::new(std::io::Cursor::new(bytes(cue))) {
                Ok(source) => {
                    sink.mixer().add(source);
                    true
                }
                Err(e) => {
                    warn!("{}: {e}", cue.path());
                    false
                }
            }
        }

        fn close(&mut self) {
            self.sink = None;
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use rodio::Source;

        /// What rodio plays on a phone: each cue's sound decodes, is short and is not
        /// silence (a sound file broken or swapped for an empty one would play nothing).
        #[test]
        fn every_cue_decodes_to_a_short_audible_sound() {
            for cue in [Cue::Step, Cue::Capture, Cue::GameOver] {
                let source = rodio::Decoder::new(std::io::Cursor::new(bytes(cue)))
                    .unwrap_or_else(|e| panic!("{}: {e}", cue.path()));
                let rate = source.sample_rate().get() as f32 * source.channels().get() as f32;
                let samples: Vec<f32> = source.collect();
                let seconds = samples.len() as f32 / rate;
                assert!(
                    (0.05..=2.0).contains(&seconds),
                    "{}: {seconds} s",
                    cue.path()
                );
                let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
                assert!(loudest > 0.05, "{}: peak {loudest}", cue.path());
                assert!(loudest <= 1.0, "{}: clips at {loudest}", cue.path());
            }
        }
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "sound")))]
mod output {
    //! Browsers: one audio element per sound, restarted for each cue. Browsers play sound
    //! only after the player has touched the page; until then a cue is dropped quietly.
    //! The browser itself silences a page in the background: nothing to close.
    use super::{Cue, Speaker};
    use wasm_bindgen::prelude::*;

    thread_local! {
        static ELEMENTS: Vec<web_sys::HtmlAudioElement> = [Cue::Step, Cue::Capture, Cue::GameOver]
            .iter()
            .filter_map(|c| {
                let audio = web_sys::HtmlAudioElement::new_with_src(&format!("assets/{}", c.path())).ok()?;
                audio.set_preload("auto");
                Some(audio)
            })
            .collect();
        static IGNORE: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {});
    }

    pub struct Page;

    pub fn native() -> Page {
        Page
    }

    impl Speaker for Page {
        fn play(&mut self, cue: Cue) -> bool {
            let index = match cue {
                Cue::Step => 0,
                Cue::Capture => 1,
                Cue::GameOver => 2,
            };
            ELEMENTS.with(|elements| {
                let Some(audio) = elements.get(index) else {
                    return false;
                };
                audio.set_current_time(0.0);
                if let Ok(promise) = audio.play() {
                    // Refused before the first touch: nothing to do.
                    IGNORE.with(|ignore| {
                        let _ = promise.catch(ignore);
                    });
                }
                true
            })
        }

        fn close(&mut self) {}
    }
}

#[cfg(not(any(feature = "sound", target_arch = "wasm32")))]
mod output {
    //! No sound in this build (the setting is hidden): cues go nowhere.
    use super::{Cue, Speaker};

    pub struct Silent;

    pub fn native() -> Silent {
        Silent
    }

    impl Speaker for Silent {
        fn play(&mut self, _cue: Cue) -> bool {
            false
        }
        fn close(&mut self) {}
    }
}
