//! Android: the game's activity (`android/.../MainActivity.java`, a NativeActivity) does
//! what needs Java: `Vibrator` effects, the `ACTION_SEND` share sheet, the window's insets
//! (`WindowInsets`, the display cutout included), the record an intent brought, sending
//! the task to the back (Back with nothing to close) and hearing that the suspended app has
//! saved (its `onDestroy` waits for that, then ends the process: android-activity would
//! otherwise wait there for `android_main` to return, which Bevy's loop never does). This
//! side calls those methods through JNI on the activity that android-activity hands Bevy.
//!
//! Each call runs in a JNI local frame (this thread never returns to Java, so local
//! references would otherwise pile up), and a Java exception is cleared and reported as an
//! error: the game goes on without the effect.

use super::{ASK_EVERY, Device, DeviceError, Haptic, Shared, WindowView};
use crate::ui::layout::SafeArea;
use bevy::math::Vec2;
use jni::JNIEnv;
use jni::objects::{JIntArray, JObject, JString, JValue};
use std::time::Instant;

#[derive(Default)]
pub struct Android {
    /// When the insets were last asked for, and the window's size then.
    insets_asked: Option<(Instant, Vec2, f32)>,
    /// When the activity was last asked for a shared record.
    opened_asked: Option<Instant>,
}

/// True when `last` is `None` or at least [`ASK_EVERY`] ago.
fn due(last: Option<Instant>) -> bool {
    last.is_none_or(|at| at.elapsed() >= ASK_EVERY)
}

/// Runs `f` with the JNI environment of this thread and the activity.
pub(super) fn with_activity<T>(
    f: impl FnOnce(&mut JNIEnv, &JObject) -> jni::errors::Result<T>,
) -> Result<T, DeviceError> {
    let app = bevy::android::ANDROID_APP
        .get()
        .ok_or("the activity is not there yet")?;
    // SAFETY: android-activity keeps the VM and a global reference to the activity alive
    // for as long as the app runs; the activity object is only borrowed here.
    let vm =
        unsafe { jni::JavaVM::from_raw(app.vm_as_ptr().cast()) }.map_err(DeviceError::system)?;
    let mut env = vm
        .attach_current_thread_permanently()
        .map_err(DeviceError::system)?;
    let activity = unsafe { JObject::from_raw(app.activity_as_ptr().cast()) };
    let result = env.with_local_frame(8, |env| f(env, &activity));
    if env.exception_check().unwrap_or(false) {
        let _ = env.exception_clear();
    }
    result.map_err(DeviceError::system)
}

impl Device for Android {
    fn can_vibrate(&self) -> bool {
        with_activity(|env, a| env.call_method(a, "canVibrate", "()Z", &[])?.z()).unwrap_or(false)
    }

    fn can_share(&self) -> bool {
        true
    }

    fn haptic(&mut self, haptic: Haptic) {
        let kind = match haptic {
            Haptic::Step => 0,
            Haptic::Capture => 1,
            Haptic::GameOver => 2,
            Haptic::Refused => 3,
        };
        let _ = with_activity(|env, a| {
            env.call_method(a, "haptic", "(I)V", &[JValue::Int(kind)])?;
            Ok(())
        });
    }

    fn share(&mut self, title: &str, text: &str) -> Result<Shared, DeviceError> {
        with_activity(|env, a| {
            let title = env.new_string(title)?;
            let text = env.new_string(text)?;
            env.call_method(
                a,
                "share",
                "(Ljava/lang/String;Ljava/lang/String;)V",
                &[JValue::Object(&title), JValue::Object(&text)],
            )?;
            Ok(Shared::Sheet)
        })
    }

    /// Asked at most every [`ASK_EVERY`], and at once when the window's size or scale
    /// changes (`serve` keeps frames coming for a second after, while the new insets
    /// arrive).
    fn safe_area(&mut self, window: &WindowView) -> Option<SafeArea> {
        let changed = self
            .insets_asked
            .is_none_or(|(_, size, scale)| size != window.size || scale != window.scale);
        if !changed && !due(self.insets_asked.map(|(at, ..)| at)) {
            return None;
        }
        self.insets_asked = Some((Instant::now(), window.size, window.scale));
        let px = with_activity(|env, a| {
            let array = env.call_method(a, "safeInsets", "()[I", &[])?.l()?;
            let array = JIntArray::from(array);
            let mut px = [0; 4];
            env.get_int_array_region(&array, 0, &mut px)?;
            Ok(px)
        })
        .ok()?;
        let scale = if window.scale > 0.0 {
            window.scale
        } else {
            1.0
        };
        let points = |v: i32| v as f32 / scale;
        Some(SafeArea {
            top: points(px[0]),
            bottom: points(px[1]),
            left: points(px[2]),
            right: points(px[3]),
        })
    }

    fn back_leaves(&self) -> bool {
        true
    }

    fn to_background(&mut self) {
        let _ = with_activity(|env, a| {
            env.call_method(a, "toBack", "()V", &[])?;
            Ok(())
        });
    }

    fn saved(&mut self) {
        let _ = with_activity(|env, a| {
            env.call_method(a, "saved", "()V", &[])?;
            Ok(())
        });
    }

    fn take_opened(&mut self) -> Option<String> {
        // A shared record comes with the activity back in front, which brings a frame.
        if !due(self.opened_asked) {
            return None;
        }
        self.opened_asked = Some(Instant::now());
        with_activity(|env, a| {
            let text = env
                .call_method(a, "takeOpened", "()Ljava/lang/String;", &[])?
                .l()?;
            if text.is_null() {
                return Ok(None);
            }
            let text = JString::from(text);
            let text: String = env.get_string(&text)?.into();
            Ok(Some(text))
        })
        .ok()
        .flatten()
    }
}
