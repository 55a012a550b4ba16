//! Sounds: a tap when a step lands, a knock and a sweep when a capture lands, a chime when
//! a game ends; and at the same moments the haptics (`platform`: a tick, a knock, a
//! pattern). The sounds are our own (`assets/sounds/make.py` makes them).
//!
//! Where sound plays: on phones (Bevy's audio, the `sound` feature the phone build turns
//! on), in browsers (the page's own audio elements, which add nothing to the download) and
//! on desktops built with `--features sound` (Bevy's audio needs the system's sound
//! library to build on Linux, so a plain `cargo run` leaves it out and hides the setting).

use crate::GameSet;
use crate::animation::MoveAnimated;
use crate::platform::{Haptic, Platform};
use crate::session::{MovePlayed, OnBoard};
use crate::settings::Settings;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Cue>().add_systems(
        Update,
        (
            cue_sounds,
            play::play.run_if(resource_exists::<play::Sounds>),
        )
            .chain()
            .in_set(GameSet::Present),
    );
    play::setup(app);
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

#[cfg(feature = "sound")]
mod play {
    //! Bevy's audio: each cue a short-lived player entity.
    use super::Cue;
    use bevy::prelude::*;

    #[derive(Resource)]
    pub struct Sounds([Handle<AudioSource>; 3]);

    pub fn setup(app: &mut App) {
        app.add_systems(Startup, load.run_if(resource_exists::<AssetServer>));
    }

    fn load(mut commands: Commands, assets: Res<AssetServer>) {
        commands.insert_resource(Sounds(
            [Cue::Step, Cue::Capture, Cue::GameOver].map(|c| assets.load(c.path())),
        ));
    }

    pub fn play(mut cues: MessageReader<Cue>, sounds: Res<Sounds>, mut commands: Commands) {
        for cue in cues.read() {
            let handle = match cue {
                Cue::Step => &sounds.0[0],
                Cue::Capture => &sounds.0[1],
                Cue::GameOver => &sounds.0[2],
            };
            commands.spawn((AudioPlayer::new(handle.clone()), PlaybackSettings::DESPAWN));
        }
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "sound")))]
mod play {
    //! Browsers: one audio element per sound, restarted for each cue. Browsers play sound
    //! only after the player has touched the page; until then a cue is dropped quietly.
    use super::Cue;
    use bevy::prelude::*;
    use wasm_bindgen::prelude::*;

    /// The page's audio elements (the page lives on the main thread, as does the app).
    #[derive(Resource)]
    pub struct Sounds;

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

    pub fn setup(app: &mut App) {
        app.insert_resource(Sounds);
    }

    pub fn play(mut cues: MessageReader<Cue>) {
        for cue in cues.read() {
            let index = match cue {
                Cue::Step => 0,
                Cue::Capture => 1,
                Cue::GameOver => 2,
            };
            ELEMENTS.with(|elements| {
                if let Some(audio) = elements.get(index) {
                    audio.set_current_time(0.0);
                    if let Ok(promise) = audio.play() {
                        // Refused before the first touch: nothing to do.
                        IGNORE.with(|ignore| {
                            let _ = promise.catch(ignore);
                        });
                    }
                }
            });
        }
    }
}

#[cfg(not(any(feature = "sound", target_arch = "wasm32")))]
mod play {
    //! No sound in this build: cues are only counted by tests.
    use super::Cue;
    use bevy::prelude::*;

    #[derive(Resource)]
    pub struct Sounds;

    pub fn setup(_app: &mut App) {}

    pub fn play(mut cues: MessageReader<Cue>) {
        cues.clear();
    }
}
