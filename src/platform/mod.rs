//! The device under the app: what a phone, a browser or a desktop does for the game beyond
//! drawing and input. One [`Device`] per target (`android.rs`, `ios.rs`, `web.rs`,
//! `desktop.rs`) and a recording one for tests (`recording.rs`):
//!
//! - haptics: a light tick when a step lands, a firmer one for a capture, a pattern at the
//!   end of a game (Android's `Vibrator`, iOS's feedback generators, `navigator.vibrate`);
//! - sharing a game's record through the system's share sheet (Android's `ACTION_SEND`,
//!   iOS's `UIActivityViewController`, `navigator.share`), and a record shared *to* the app
//!   (Android's intents, files iOS hands the app, the web app's share target);
//! - the insets the system keeps for itself (notch, status bar, home indicator), followed
//!   through rotations (Android's `WindowInsets`, iOS's `safeAreaInsets`, CSS
//!   `env(safe-area-inset-*)`);
//! - leaving the app with Back where a phone does that (Android: the task goes to the back,
//!   the process and its one event loop live on), and telling the device that everything is
//!   saved once the app is suspended (Android's activity may then end the process).
//! - the phones' screen readers: the game's accessibility tree handed to TalkBack and
//!   VoiceOver through AccessKit's own adapters (`screen_reader/`).
//!
//! The game asks through the [`Platform`] resource from any system; at the end of the frame
//! `hand_over` hands the requests to the device on the main thread (UIKit answers only
//! there), and at the start of the next `serve` brings back what the device has to say.

use crate::ui::layout::SafeArea;
use bevy::ecs::system::NonSendMarker;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RawHandleWrapper, RequestRedraw};
use std::time::Duration;

pub mod clipboard;
pub mod page;
pub mod recording;
pub mod screen_reader;

#[cfg(target_os = "android")]
mod android;
#[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
mod desktop;
#[cfg(target_os = "ios")]
mod ios;
#[cfg(target_os = "ios")]
pub use ios::{SCENE_DELEGATE, register_scene_delegate};
#[cfg(any(target_arch = "wasm32", test))]
pub mod console;
#[cfg(target_arch = "wasm32")]
mod web;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((page::plugin, screen_reader::plugin));
    app.add_message::<ShareOutcome>()
        .add_message::<Opened>()
        .add_message::<RequestRedraw>()
        .add_systems(PreUpdate, serve.before(crate::ui::layout::update_layout))
        // After Update, where the game asks: the device does it in the same frame (a board
        // at rest may draw no other for seconds), and hears that the saves are on disk in
        // the frame that wrote them on suspend, the last before the app sleeps.
        .add_systems(Last, hand_over);
    if !app.world().contains_non_send::<Installed>() {
        install(app, native());
    }
}

/// This target's device.
fn native() -> impl Device {
    #[cfg(target_os = "android")]
    return android::Android::default();
    #[cfg(target_os = "ios")]
    return ios::Ios::default();
    #[cfg(target_arch = "wasm32")]
    return web::Web::default();
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    return desktop::Desktop;
}

/// Puts `device` under the app (tests put a [`recording::Recording`] there).
pub fn install(app: &mut App, device: impl Device) {
    let platform = Platform {
        can_vibrate: device.can_vibrate(),
        can_share: device.can_share(),
        back_leaves: device.back_leaves(),
        requests: Vec::new(),
        saved_for_suspend: false,
    };
    app.insert_resource(platform)
        .insert_non_send(Installed(Box::new(device)));
}

/// A haptic the game asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Haptic {
    /// A stone's step has landed: a light tick.
    Step,
    /// A capture has landed: a firmer knock.
    Capture,
    /// The game is over: a short pattern.
    GameOver,
    /// A tap the board cannot play: a short double tick, "no".
    Refused,
}

/// What a device does for the app. Called on the main thread only.
pub trait Device: 'static {
    /// The device can vibrate (the haptics setting shows only then).
    fn can_vibrate(&self) -> bool;
    /// The device has a share sheet (the Share buttons show only then).
    fn can_share(&self) -> bool;
    /// Plays `haptic` now.
    fn haptic(&mut self, haptic: Haptic);
    /// Offers `text` to the system's share sheet, `title` naming it where the sheet shows
    /// one. What the player then does with it is theirs.
    fn share(&mut self, title: &str, text: &str) -> Result<Shared, DeviceError>;
    /// The insets the system keeps now, in logical points; `None` when the device does
    /// not know them (the layout keeps what it has).
    fn safe_area(&mut self, window: &WindowView) -> Option<SafeArea>;
    /// A text shared to the app or a file opened with it since the last call.
    fn take_opened(&mut self) -> Option<String>;
    /// Back with nothing left to close leaves the app here (Android), through
    /// [`Device::to_background`]. Elsewhere Back stops at the board.
    fn back_leaves(&self) -> bool {
        false
    }
    /// Leaves the app the way its platform does, keeping the process: on Android the
    /// activity's task goes to the back, as the launcher's own Back does from Android 12.
    fn to_background(&mut self) {}
    /// The app is suspended and every save is on disk: nothing is lost if the process ends
    /// now.
    fn saved(&mut self) {}
}

/// The app's window as a device needs it.
pub struct WindowView {
    /// The window's size in logical points.
    pub size: Vec2,
    /// Logical points to physical pixels.
    pub scale: f32,
    /// The platform's handle of the window, once it exists.
    pub handle: Option<RawHandleWrapper>,
}

/// How a share went, as far as the app can know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// The share sheet is up; the player chooses where it goes.
    Sheet,
    /// There was no share sheet; the text went to the clipboard instead.
    Copied,
}

/// The device, kept on the main thread.
struct Installed(Box<dyn Device>);

/// What the game asks of the device, and what it can do. Any system may ask; the device
/// is asked at the end of the frame.
#[derive(Resource, Debug)]
pub struct Platform {
    /// The device can vibrate.
    pub can_vibrate: bool,
    /// The device has a share sheet.
    pub can_share: bool,
    /// Back with nothing to close leaves the app ([`Platform::leave`]).
    pub back_leaves: bool,
    requests: Vec<Request>,
    saved_for_suspend: bool,
}

#[derive(Debug)]
enum Request {
    Haptic(Haptic),
    Share { title: String, text: String },
    Leave,
}

impl Platform {
    /// Asks for `haptic` (nothing where the device cannot vibrate).
    pub fn haptic(&mut self, haptic: Haptic) {
        if self.can_vibrate {
            self.requests.push(Request::Haptic(haptic));
        }
    }

    /// Asks to share `text`; a [`ShareOutcome`] says how it went.
    pub fn share(&mut self, title: impl Into<String>, text: impl Into<String>) {
        self.requests.push(Request::Share {
            title: title.into(),
            text: text.into(),
        });
    }

    /// Leaves the app as Back does on this platform (nothing where Back does not leave).
    /// Never `AppExit`: on Android the process outlives its activity, and winit cannot make
    /// a second event loop in it, so the next launch would stop at once.
    pub fn leave(&mut self) {
        if self.back_leaves {
            self.requests.push(Request::Leave);
        }
    }

    /// The app is being suspended and its saves are on disk (`persist`); the device is
    /// told before the frame ends.
    pub fn saved_for_suspend(&mut self) {
        self.saved_for_suspend = true;
    }
}

/// How the last share asked of the [`Platform`] went.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ShareOutcome(pub Result<Shared, DeviceError>);

/// Why the device could not do what the game asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceError {
    /// This device has no such thing (a desktop's share sheet).
    Unsupported(&'static str),
    /// What it needs is not there (yet): the activity, the game's view, the main thread.
    Missing(&'static str),
    /// The system refused or failed, in its own words.
    System(String),
}

impl DeviceError {
    /// A failure the system reported.
    pub fn system(e: impl std::fmt::Display) -> DeviceError {
        DeviceError::System(e.to_string())
    }
}

impl From<&'static str> for DeviceError {
    fn from(missing: &'static str) -> Self {
        DeviceError::Missing(missing)
    }
}

impl std::fmt::Display for DeviceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeviceError::Unsupported(what) | DeviceError::Missing(what) => f.write_str(what),
            DeviceError::System(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for DeviceError {}

/// A text shared to the app, or a file opened with it (a game record, most likely).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Opened(pub String);

/// How long after a change of the window's size the device is asked for its insets
/// every frame.
const SETTLE: Duration = Duration::from_secs(1);

/// How often, at most, a device asks its platform for what changes only now and then (the
/// insets on Android, a record shared to the app): by the clock, not by frames, since a
/// board at rest draws a frame only every few seconds and one when the app comes back to
/// the front, which is when a shared record has arrived.
pub const ASK_EVERY: Duration = Duration::from_millis(250);

/// The most text the app takes from another app at once: a record of the longest game the
/// rules allow is far shorter.
pub const MAX_OPENED: usize = 1 << 20;

/// What `serve` tells the rest of the app.
#[derive(bevy::ecs::system::SystemParam)]
struct Told<'w> {
    opened: MessageWriter<'w, Opened>,
    redraw: MessageWriter<'w, RequestRedraw>,
}

/// The primary window, and its platform handle once it has one.
type PrimaryView = (&'static Window, Option<&'static RawHandleWrapper>);

/// Brings back the device's insets and what was opened with the app. On the main thread
/// (`NonSendMarker`), where UIKit answers.
fn serve(
    _main_thread: NonSendMarker,
    device: Option<NonSendMut<Installed>>,
    mut safe: ResMut<SafeArea>,
    window: Option<Single<PrimaryView, With<PrimaryWindow>>>,
    mut told: Told,
    mut resized: Local<Option<(Vec2, Option<Instant>)>>,
) {
    let Some(mut device) = device else {
        return;
    };
    let device = &mut *device.0;
    if let Some(window) = window {
        let (window, handle) = *window;
        // After a rotation the system's new insets come a little after the new size, and
        // a board at rest draws no frames (`awake.rs`): keep frames coming for a second,
        // so the device is asked again once they are there.
        let size = window.size();
        match *resized {
            // The first size is no change: nothing to wait for.
            None => *resized = Some((size, None)),
            Some((was, _)) if was != size => *resized = Some((size, Some(Instant::now()))),
            Some(_) => {}
        }
        if resized.is_some_and(|(_, at)| at.is_some_and(|at| at.elapsed() < SETTLE)) {
            told.redraw.write(RequestRedraw);
        }
        let view = WindowView {
            size,
            scale: window.resolution.scale_factor(),
            handle: handle.cloned(),
        };
        if let Some(now) = device.safe_area(&view).map(SafeArea::sane)
            && *safe != now
        {
            *safe = now;
        }
    }
    if let Some(text) = device.take_opened()
        && !text.trim().is_empty()
        && text.len() <= MAX_OPENED
    {
        told.opened.write(Opened(text));
    }
}

/// Hands the frame's requests to the device, and tells it when the app is suspended with
/// everything saved, in the frame that saved it: a suspended app may get no other. On the
/// main thread (`NonSendMarker`), where UIKit answers.
fn hand_over(
    _main_thread: NonSendMarker,
    device: Option<NonSendMut<Installed>>,
    mut platform: ResMut<Platform>,
    mut shared: MessageWriter<ShareOutcome>,
) {
    let Some(mut device) = device else {
        return;
    };
    let device = &mut *device.0;
    for request in platform.requests.drain(..) {
        match request {
            Request::Haptic(h) => device.haptic(h),
            Request::Share { title, text } => {
                shared.write(ShareOutcome(device.share(&title, &text)));
            }
            Request::Leave => device.to_background(),
        }
    }
    if std::mem::take(&mut platform.saved_for_suspend) {
        device.saved();
    }
}

/// The device's clock, in seconds since 1970 (UTC).
pub fn now_secs() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    {
        Some((js_sys::Date::now() / 1000.0) as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
            .map(|d| d.as_secs())
    }
}

/// Sets the allocator up to give large blocks back when they are freed. glibc serves a block
/// of 128 KB or more from a mapping of its own, unmapped when freed, but raises that
/// threshold to the largest such block freed so far: after the endgame tables' build (115 MB
/// at its peak, in blocks of megabytes) every later large block came from the heap and
/// stayed resident when freed. A fixed threshold keeps the first behaviour: settled memory
/// after a session with the tables 227 MB instead of 299 MB (docs/measurements.md,
/// "Memory"). Desktop Linux only: Android's and Apple's allocators return large blocks of
/// their own accord, and the web's memory only grows.
pub fn keep_large_blocks_apart() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tunable of the allocator; it takes no pointer, and is
    // called at start, before any thread but the main one exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Hands memory freed after a big piece of work (the endgame tables' build, a game's
/// analysis) back to the system: glibc keeps the free pages of a thread's heap for that
/// thread's next allocations. Elsewhere nothing to do (as above).
pub fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free pages of the allocator's own arenas; it takes
    // no pointer and is safe to call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
