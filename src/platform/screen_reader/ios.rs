//! VoiceOver: AccessKit's `SubclassingAdapter` (accesskit_ios 0.1.2) on winit's `UIView`.
//! It gives the view UIKit's accessibility methods (`accessibilityElements`,
//! `accessibilityHitTest:`) through a subclass made at run time, so that VoiceOver finds the
//! game's tree as accessibility elements: touching one reads it, swipes move through them,
//! a double tap activates the one in focus (`accessibilityActivate`), which comes back here
//! as a request for the game. A live region's change is announced
//! (`UIAccessibilityAnnouncementNotification`).
//!
//! UIKit calls need the main thread: both systems run there (`NonSendMarker`), where the
//! adapter also calls its handlers. Anything that fails is logged and the game goes on
//! without a screen reader.

use super::{Bridge, ScreenReader, TreeChanges};
use accesskit_ios::SubclassingAdapter;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RawHandleWrapper};
use raw_window_handle::RawWindowHandle;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};

// The adapter, on the main thread.
thread_local! {
    static ADAPTER: RefCell<Option<SubclassingAdapter>> = const { RefCell::new(None) };
}

/// Puts the adapter on the window's view, once winit has made the window.
pub(super) fn install(
    window: Query<&RawHandleWrapper, With<PrimaryWindow>>,
    mut commands: Commands,
    mut tried: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if *tried {
        return;
    }
    let Ok(handle) = window.single() else {
        return;
    };
    *tried = true;
    let RawWindowHandle::UiKit(handle) = handle.get_window_handle() else {
        warn!("VoiceOver: the window has no UIView; no screen reader");
        return;
    };
    let bridge = Bridge::default();
    let handlers = bridge.clone();
    let made = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: winit's handle is its UIView, alive as long as the window, which is the
        // app's for as long as it runs; on the main thread.
        unsafe {
            SubclassingAdapter::new(
                handle.ui_view.as_ptr(),
                handlers.clone(),
                handlers.clone(),
                handlers,
            )
        }
    }));
    match made {
        Ok(adapter) => {
            ADAPTER.with_borrow_mut(|slot| *slot = Some(adapter));
            commands.insert_resource(ScreenReader(bridge));
            info!("VoiceOver: the game's accessibility tree is on the window's view");
        }
        Err(_) => warn!("VoiceOver: AccessKit's adapter failed to start; no screen reader"),
    }
}

/// Hands the frame's changes to VoiceOver (nothing while it is off).
pub(super) fn hand_over(
    mut changes: ResMut<TreeChanges>,
    mut commands: Commands,
    _main_thread: NonSendMarker,
) {
    let Some(update) = changes.0.take() else {
        return;
    };
    ADAPTER.with_borrow_mut(|slot| {
        let Some(adapter) = slot.as_ref() else {
            return;
        };
        let handed = catch_unwind(AssertUnwindSafe(|| {
            if let Some(events) = adapter.update_if_active(|| update) {
                events.raise();
            }
        }));
        if handed.is_err() {
            // Dropped, the adapter gives the view its own class back.
            let adapter = slot.take();
            let _ = catch_unwind(AssertUnwindSafe(move || drop(adapter)));
            commands.remove_resource::<ScreenReader>();
            error!("VoiceOver: AccessKit's update failed; no screen reader from now on");
        }
    });
}
