//! The web page around the app: once the first frames are drawn the app tells the page
//! (`window.__surakartaReady`), which then takes its loading indicator away; and whether
//! Back would do something now (`window.__surakartaWantsBack`), so that the browser's
//! back button or gesture closes a card instead of leaving the page, and leaves it when
//! there is nothing to close. Elsewhere this does nothing. (The page's insets, vibration
//! and share sheet are the web's device in `platform/web.rs`.)

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    app.add_systems(
        Last,
        (say_ready.run_if(first_frames_drawn), say_if_back_is_wanted),
    );
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

/// Tells the page whether Back would do something: close a card, leave a lesson or a
/// review, go from the menu to the board, ask before leaving a game in progress. Only
/// on the game screen with nothing to lose does Back leave the page.
#[cfg(target_arch = "wasm32")]
fn say_if_back_is_wanted(
    screen: Res<State<crate::shell::navigation::Screen>>,
    panel: Res<State<crate::shell::navigation::Panel>>,
    session: Res<crate::game::session::Session>,
    mut told: Local<Option<bool>>,
) {
    let wanted = *panel.get() != crate::shell::navigation::Panel::None
        || *screen.get() != crate::shell::navigation::Screen::Game
        || session.in_progress();
    if *told == Some(wanted) {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"__surakartaWantsBack".into(), &wanted.into());
        *told = Some(wanted);
    }
}
