//! The web page around the app: once the first frames are drawn the app tells the page
//! (`window.__surakartaReady`), which then takes its loading indicator away. The wasm
//! carries only the western cut of the font (`ui/i18n.rs`); the page fetches the full one
//! for a player who reads Chinese, beside the wasm on the way in or when Chinese is chosen
//! later, and the app takes it from the page. Elsewhere this does nothing. (The page's
//! insets, vibration and share sheet are the web's device in `platform/web.rs`; whether
//! Back would do something, `shell/back.rs`.)

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::shell::awake::KeepAwake;
        app.init_resource::<web::FullFont>()
            .add_systems(PreUpdate, web::take_the_full_font)
            .add_systems(Last, web::say_ready.run_if(web::first_frames_drawn))
            .wake_while(web::waiting_for_the_font);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = app;
}

#[cfg(target_arch = "wasm32")]
mod web {
    use crate::settings::Settings;
    use crate::ui::i18n::{FontCut, Strings};
    use bevy::prelude::*;
    use std::time::Duration;
    use wasm_bindgen::JsCast;

    /// How long the app keeps drawing to see the full font come in (a frame looks for it;
    /// its 120 KB took 1.5-2.2 s on an emulated Slow 4G link, 1.6 Mbit/s and 300 ms), and
    /// keeps the loading card up for it on the way in: past that the page has lost the link
    /// (it goes on trying) and the app looks again on each frame it draws.
    const WAIT: Duration = Duration::from_secs(10);

    /// The full font on its way, until it draws (then [`FontCut::Full`] says so).
    #[derive(Resource, Default, Debug)]
    pub(super) enum FullFont {
        /// Not asked for: the wasm's western cut draws every language wanted so far.
        #[default]
        NotAsked,
        /// Asked of the page at this moment of the app's clock.
        Asked(Duration),
        /// Come in: the western cut went from the fonts this frame, the full one comes in
        /// the next (Bevy's text registers a font again only after it was gone for a
        /// frame), so text is drawn without letters for that one frame.
        Arriving(Vec<u8>),
        /// Drawing.
        Taken,
    }

    /// Takes the full font from the page when it is there, and asks the page for it when
    /// the language the settings want (or, before they are read, the device's) needs it.
    pub(super) fn take_the_full_font(
        mut full: ResMut<FullFont>,
        mut cut: ResMut<FontCut>,
        mut fonts: ResMut<Assets<Font>>,
        settings: Res<Settings>,
        strings: Res<Strings>,
        time: Res<Time<Real>>,
        mut first: Local<bool>,
    ) {
        let started = !std::mem::replace(&mut *first, true);
        match &mut *full {
            FullFont::Taken => {}
            FullFont::Arriving(bytes) => {
                let bytes = std::mem::take(bytes);
                let _ = fonts.insert(AssetId::default(), Font::from_bytes(bytes));
                *full = FullFont::Taken;
                *cut = FontCut::Full;
            }
            FullFont::NotAsked | FullFont::Asked(_) => {
                if let Some(bytes) = from_the_page() {
                    if started {
                        // Nothing is drawn yet: the full font takes the western one's
                        // place before Bevy's text has seen it.
                        let _ = fonts.insert(AssetId::default(), Font::from_bytes(bytes));
                        *full = FullFont::Taken;
                        *cut = FontCut::Full;
                    } else {
                        let _ = fonts.remove(AssetId::default());
                        *full = FullFont::Arriving(bytes);
                    }
                } else if matches!(*full, FullFont::NotAsked)
                    && !(cut.draws(settings.chosen_language()) && cut.draws(strings.language))
                {
                    ask_the_page();
                    *full = FullFont::Asked(time.elapsed());
                }
            }
        }
    }

    /// While the full font is asked for and not yet here (for [`WAIT`] at most).
    pub(super) fn waiting_for_the_font(full: Res<FullFont>, time: Res<Time<Real>>) -> bool {
        matches!(*full, FullFont::Arriving(_))
            || matches!(*full, FullFont::Asked(at) if time.elapsed() < at + WAIT)
    }

    /// The page's copy of the full font (`window.__surakartaFullFont`), taken from it.
    fn from_the_page() -> Option<Vec<u8>> {
        let window = web_sys::window()?;
        let key = "__surakartaFullFont".into();
        let bytes = js_sys::Reflect::get(&window, &key)
            .ok()?
            .dyn_into::<js_sys::Uint8Array>()
            .ok()?
            .to_vec();
        let _ = js_sys::Reflect::delete_property(&window, &key);
        Some(bytes)
    }

    /// Asks the page for the full font (`web/index.html`: fetched with the page's retries
    /// and put where [`from_the_page`] looks).
    fn ask_the_page() {
        let asked = web_sys::window().and_then(|window| {
            js_sys::Reflect::get(&window, &"__surakartaFetchFont".into())
                .ok()?
                .dyn_into::<js_sys::Function>()
                .ok()?
                .call0(&wasm_bindgen::JsValue::NULL)
                .ok()
        });
        if asked.is_none() {
            error!("the page cannot fetch the full font; Chinese text lacks its letters");
        }
    }

    /// The board and its stones are laid out by the second frame; the third one shows them.
    /// In Chinese the card stays up until the full font is drawn too (or [`WAIT`] passed).
    pub(super) fn first_frames_drawn(
        frames: Res<bevy::diagnostic::FrameCount>,
        full: Res<FullFont>,
        cut: Res<FontCut>,
        strings: Res<Strings>,
        time: Res<Time<Real>>,
        mut told: Local<bool>,
        mut drawn_with_it: Local<u32>,
    ) -> bool {
        if *cut == FontCut::Full {
            *drawn_with_it += 1;
        }
        let letters = strings.language.western()
            || *drawn_with_it >= 2
            || matches!(*full, FullFont::Asked(at) if time.elapsed() >= at + WAIT);
        let now = frames.0 >= 2 && letters && !*told;
        *told |= now;
        now
    }

    pub(super) fn say_ready() {
        if let Some(window) = web_sys::window() {
            let _ = js_sys::Reflect::set(&window, &"__surakartaReady".into(), &true.into());
        }
    }
}
