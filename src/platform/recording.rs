//! A device for tests: it does nothing, remembers what the game asked, and says what the
//! test tells it to (its insets, what was opened with the app, whether Back leaves).

use super::{Device, DeviceError, Haptic, Shared, WindowView};
use crate::ui::layout::SafeArea;
use std::sync::{Arc, Mutex, MutexGuard};

/// A device for tests: it remembers what it was asked, and says what the test tells it to.
/// Clones share one log.
#[derive(Clone, Default)]
pub struct Recording(Arc<Mutex<Log>>);

/// What a [`Recording`] device was asked, and what it will say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Log {
    /// The haptics played, in order.
    pub haptics: Vec<Haptic>,
    /// The texts shared, in order.
    pub shared: Vec<String>,
    /// The insets it reports.
    pub safe_area: Option<SafeArea>,
    /// Texts to hand the app as opened with it, first first.
    pub opening: Vec<String>,
    /// Back leaves the app, as on Android (read when the device is installed).
    pub back_leaves: bool,
    /// How many times the app was sent to the background.
    pub backgrounded: usize,
    /// How many times the app told the device it was suspended with everything saved.
    pub saved: usize,
}

impl Recording {
    /// What it was asked so far, and what it will say (to change it).
    pub fn log(&self) -> MutexGuard<'_, Log> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Device for Recording {
    fn can_vibrate(&self) -> bool {
        true
    }
    fn can_share(&self) -> bool {
        true
    }
    fn haptic(&mut self, haptic: Haptic) {
        self.log().haptics.push(haptic);
    }
    fn share(&mut self, _title: &str, text: &str) -> Result<Shared, DeviceError> {
        self.log().shared.push(text.to_owned());
        Ok(Shared::Sheet)
    }
    fn safe_area(&mut self, _window: &WindowView) -> Option<SafeArea> {
        self.log().safe_area
    }
    fn take_opened(&mut self) -> Option<String> {
        let mut log = self.log();
        (!log.opening.is_empty()).then(|| log.opening.remove(0))
    }
    fn back_leaves(&self) -> bool {
        self.log().back_leaves
    }
    fn to_background(&mut self) {
        self.log().backgrounded += 1;
    }
    fn saved(&mut self) {
        self.log().saved += 1;
    }
}
