//! The phones' entry points. Everything else is the `surakarta` library, shared with the
//! desktop and the web.
//!
//! - Android: `#[bevy_main]` generates the `android_main` that NativeActivity calls; the
//!   Gradle project in `android/` packages this crate as `libsurakarta_mobile.so`.
//! - iOS: Bevy 0.19's `#[bevy_main]` generates only the Android entry point, so `main_rs`
//!   is exported for the Xcode project's `main.m`, which links this crate's static library.

#[cfg(target_os = "android")]
#[bevy::prelude::bevy_main]
fn main() {
    surakarta::run_mobile();
}

/// Called by `ios/src/main.m`.
#[cfg(target_os = "ios")]
#[unsafe(no_mangle)]
pub extern "C" fn main_rs() {
    surakarta::run_mobile();
}
