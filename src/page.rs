//! The web page around the app: once the first frames are drawn the app tells the page
//! (`window.__surakartaReady`), which then takes its loading indicator away; and the page
//! tells the app the insets the phone keeps for itself (CSS `env(safe-area-inset-*)`,
//! measured by `web/index.html` as `window.__surakartaSafeArea`), which the layout keeps
//! clear, also after a rotation; and whether Back would do something now
//! (`window.__surakartaWantsBack`), so that the browser's back button or gesture closes a
//! card instead of leaving the page, and leaves it when there is nothing to close.
//! Elsewhere this does nothing.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    app.add_systems(
        Last,
        (say_ready.run_if(first_frames_drawn), say_if_back_is_wanted),
    )
    .add_systems(First, follow_safe_area);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = app;
}

/// The page's safe-area insets, each a number of CSS pixels; anything else counts as 0.
#[cfg(target_arch = "wasm32")]
fn follow_safe_area(mut safe: ResMut<crate::layout::SafeArea>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(insets) = js_sys::Reflect::get(&window, &"__surakartaSafeArea".into()) else {
        return;
    };
    if !insets.is_object() {
        return;
    }
    let side = |name: &str| {
        let v = js_sys::Reflect::get(&insets, &name.into())
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0) as f32;
        // No phone keeps more than a fifth of a small screen.
        if v.is_finite() {
            v.clamp(0.0, 160.0)
        } else {
            0.0
        }
    };
    let now = crate::layout::SafeArea {
        top: side("top"),
        bottom: side("bottom"),
        left: side("left"),
        right: side("right"),
    };
    if *safe != now {
        *safe = now;
    }
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
    screen: Res<State<crate::Screen>>,
    panel: Res<State<crate::Panel>>,
    session: Res<crate::session::Session>,
    mut told: Local<Option<bool>>,
) {
    let wanted = *panel.get() != crate::Panel::None
        || *screen.get() != crate::Screen::Game
        || session.in_progress();
    if *told == Some(wanted) {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"__surakartaWantsBack".into(), &wanted.into());
        *told = Some(wanted);
    }
}
