//! Desktops: no vibration and no share sheet (the records card offers Copy instead), no
//! insets, and nothing opened with the app while it runs (a record file is pasted, or
//! given with `--record`).

use super::{Device, DeviceError, Haptic, Shared, WindowView};
use crate::ui::layout::SafeArea;

pub struct Desktop;

impl Device for Desktop {
    fn can_vibrate(&self) -> bool {
        false
    }
    fn can_share(&self) -> bool {
        false
    }
    fn haptic(&mut self, _haptic: Haptic) {}
    fn share(&mut self, _title: &str, _text: &str) -> Result<Shared, DeviceError> {
        Err(DeviceError::Unsupported("no share sheet on this computer"))
    }
    fn safe_area(&mut self, _window: &WindowView) -> Option<SafeArea> {
        None
    }
    fn take_opened(&mut self) -> Option<String> {
        None
    }
}
