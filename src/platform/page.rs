//! The web page around the app: once the first frames are drawn the app tells the page
//! (`window.__surakartaReady`), which then takes its loading indicator away. Elsewhere
//! this does nothing. (The page's insets, vibration and share sheet are the web's device
//! in `platform/web.rs`; whether Back would do something, `shell/back.rs`.)

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Last, say_ready.run_if(first_frames_drawn));
    #[cfg(not(target_arch = "wasm32"))]
    let _ = app;
}

/// The board and its stones are laid out by the second frame; the third one shows them.
#[cfg(target_arch = "wasm32")]
fn first_frames_drawn(frames: Res<bevy::diagnostic::FrameCount>, mut told: Local<bool>) -> bool {
    let now = frames.0 >= 2 && !*told;
    *told |= now;
    now
}

#[cfg(target_arch = "wasm32")]
fn say_ready() {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"__surakartaReady".into(), &true.into());
    }
}
