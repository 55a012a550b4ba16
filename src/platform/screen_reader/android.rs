//! TalkBack: AccessKit's `InjectingAdapter` (accesskit_android 0.7.5) on the activity's
//! decor view. It gives the view an `AccessibilityDelegate` (Java, `dev.accesskit.android.
//! Delegate`, loaded from the dex the crate embeds) whose node provider shows the game's
//! tree as virtual views: TalkBack's swipes move through them, its double tap is a click on
//! the one in focus (`performAction`), which comes back here as a request for the game.
//!
//! What does not reach the view: touches. NativeActivity hands the window's input to the
//! native queue (`takeInputQueue`), and winit (0.30) reports every motion event handled,
//! hover included, so the hover events of TalkBack's explore-by-touch never get to the
//! view's hover listener (docs/mobile.md).
//!
//! The adapter's own code unwraps its JNI calls, some on the UI thread, where a panic ends
//! the app: it panics there when the view already has a delegate. So the delegate is
//! looked at first (`getAccessibilityDelegate`, Android 10 and later), a failure or a panic
//! on this side is logged and the game goes on without a screen reader.

use super::{Bridge, ScreenReader, TreeChanges};
use crate::platform::android::with_activity;
use accesskit_android::InjectingAdapter;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use jni::JNIEnv;
use jni::objects::JObject;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};

// The adapter, on the game's main thread (attached to the VM, which its updates need).
thread_local! {
    #[expect(
        clippy::missing_const_for_thread_local,
        reason = "the initializer is `const` already: a false positive of clippy 1.95 here"
    )]
    static ADAPTER: RefCell<Option<InjectingAdapter>> = const { RefCell::new(None) };
}

/// Frames to wait for the decor view before giving up (it is there from the activity's
/// `onCreate`, before the game starts; this is only in case).
const TRIES: u32 = 600;

/// How installing went this frame.
enum Installed {
    Done(InjectingAdapter),
    NotYet,
    No(&'static str),
}

/// Puts the adapter on the decor view, once.
pub(super) fn install(mut commands: Commands, mut tries: Local<u32>, _main_thread: NonSendMarker) {
    if *tries >= TRIES {
        return;
    }
    *tries += 1;
    let bridge = Bridge::default();
    let handlers = bridge.clone();
    match with_activity(|env, activity| adapter_on_decor_view(env, activity, handlers)) {
        Ok(Installed::Done(adapter)) => {
            ADAPTER.with_borrow_mut(|slot| *slot = Some(adapter));
            commands.insert_resource(ScreenReader(bridge));
            *tries = TRIES;
            info!("TalkBack: the game's accessibility tree is on the activity's view");
        }
        Ok(Installed::NotYet) if *tries < TRIES => {}
        Ok(Installed::NotYet) => warn!("TalkBack: the activity has no view; no screen reader"),
        Ok(Installed::No(why)) => {
            *tries = TRIES;
            warn!("TalkBack: {why}; no screen reader");
        }
        Err(e) => {
            *tries = TRIES;
            warn!("TalkBack: {e}; no screen reader");
        }
    }
}

fn adapter_on_decor_view(
    env: &mut JNIEnv,
    activity: &JObject,
    bridge: Bridge,
) -> jni::errors::Result<Installed> {
    // `getAccessibilityDelegate`, which the adapter calls, is public from Android 10 (API
    // 29); the app runs from Android 9.
    let sdk = env
        .get_static_field("android/os/Build$VERSION", "SDK_INT", "I")?
        .i()?;
    if sdk < 29 {
        return Ok(Installed::No("Android 9 has no getAccessibilityDelegate"));
    }
    let window = env
        .call_method(activity, "getWindow", "()Landroid/view/Window;", &[])?
        .l()?;
    // `peekDecorView`: the view if the window has made it, without making it here, off
    // the UI thread.
    let view = env
        .call_method(&window, "peekDecorView", "()Landroid/view/View;", &[])?
        .l()?;
    if view.is_null() {
        return Ok(Installed::NotYet);
    }
    let delegate = env
        .call_method(
            &view,
            "getAccessibilityDelegate",
            "()Landroid/view/View$AccessibilityDelegate;",
            &[],
        )?
        .l()?;
    if !delegate.is_null() {
        return Ok(Installed::No(
            "the view already has an accessibility delegate",
        ));
    }
    let made = catch_unwind(AssertUnwindSafe(|| {
        InjectingAdapter::new(env, &view, bridge.clone(), bridge)
    }));
    Ok(match made {
        Ok(adapter) => Installed::Done(adapter),
        Err(_) => Installed::No("AccessKit's adapter failed to start"),
    })
}

/// Hands the frame's changes to TalkBack (nothing while it is off).
pub(super) fn hand_over(
    mut changes: ResMut<TreeChanges>,
    mut commands: Commands,
    _main_thread: NonSendMarker,
) {
    let Some(update) = changes.0.take() else {
        return;
    };
    // The adapter asks the VM for this thread's environment: attached for good here.
    if with_activity(|_, _| Ok(())).is_err() {
        return;
    }
    ADAPTER.with_borrow_mut(|slot| {
        let Some(adapter) = slot.as_mut() else {
            return;
        };
        if catch_unwind(AssertUnwindSafe(|| adapter.update_if_active(|| update))).is_err() {
            // Dropped, the adapter takes its delegate off the view and its handle out of
            // the map the Java side looks in, so TalkBack sees the plain view again.
            let adapter = slot.take();
            let _ = catch_unwind(AssertUnwindSafe(move || drop(adapter)));
            commands.remove_resource::<ScreenReader>();
            error!("TalkBack: AccessKit's update failed; no screen reader from now on");
        }
    });
}
