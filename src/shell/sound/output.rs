//! Where the cues are heard: the device's audio output through rodio (with the `sound`
//! feature), the page's Web Audio in a browser without it, or nowhere.

#[cfg(feature = "sound")]
mod imp {
    //! The device's audio output through rodio (cpal underneath), opened for a cue and
    //! dropped to close: dropping rodio's sink stops cpal's stream, which lets AAudio or
    //! Core Audio go.
    use super::super::{Cue, Speaker};
    use bevy::log::warn;

    /// The sounds, in the binary: 81 KB, and no asset to go missing on a phone.
    fn bytes(cue: Cue) -> &'static [u8] {
        match cue {
            Cue::Step => include_bytes!("../../../assets/sounds/move.wav"),
            Cue::Capture => include_bytes!("../../../assets/sounds/capture.wav"),
            Cue::GameOver => include_bytes!("../../../assets/sounds/game_over.wav"),
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
mod imp {
    //! Browsers: one audio element per sound, restarted for each cue. Browsers play sound
    //! only after the player has touched the page; until then a cue is dropped quietly.
    //! The browser itself silences a page in the background: nothing to close.
    use super::super::{Cue, Speaker};
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
mod imp {
    //! No sound in this build (the setting is hidden): cues go nowhere.
    use super::super::{Cue, Speaker};

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

pub(super) use imp::native;
