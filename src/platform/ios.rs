//! iOS through UIKit (objc2's bindings, the versions winit already links): feedback
//! generators for haptics, `UIActivityViewController` for sharing (anchored to the game's
//! view, which an iPad's popover needs), the game view's `safeAreaInsets` (in points, so
//! nothing to convert; they change with a rotation), and record files other apps hand the
//! app: iOS copies a file opened "in" Surakarta into `Documents/Inbox` (the document types
//! in `ios/src/Info.plist`), where the game picks it up.
//!
//! Every UIKit call needs the main thread; `serve` runs there, and each call checks.

use super::{ASK_EVERY, Device, Haptic, Shared, WindowView};
use crate::layout::SafeArea;
use objc2::rc::Retained;
use objc2::runtime::AnyObject;
use objc2_foundation::{CGPoint, CGRect, CGSize, MainThreadMarker, NSArray, NSString};
use objc2_ui_kit::{
    UIActivityViewController, UIImpactFeedbackGenerator, UIImpactFeedbackStyle,
    UINotificationFeedbackGenerator, UINotificationFeedbackType, UIView,
};
use raw_window_handle::RawWindowHandle;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Default)]
pub struct Ios {
    /// The game's view, from the window's handle.
    view: Option<Retained<UIView>>,
    /// When `Documents/Inbox` was last looked at.
    inbox_asked: Option<Instant>,
}

impl Ios {
    fn view(&mut self, window: &WindowView) -> Option<Retained<UIView>> {
        if self.view.is_none()
            && let Some(handle) = &window.handle
            && let RawWindowHandle::UiKit(handle) = handle.get_window_handle()
        {
            // SAFETY: winit's handle is its UIView, alive while the window is; retaining
            // it keeps it alive for us too.
            self.view = unsafe { Retained::retain(handle.ui_view.as_ptr().cast::<UIView>()) };
        }
        self.view.clone()
    }
}

/// Where iOS puts the files other apps open with this one.
fn inbox() -> Option<PathBuf> {
    Some(
        directories::UserDirs::new()?
            .home_dir()
            .join("Documents")
            .join("Inbox"),
    )
}

impl Device for Ios {
    fn can_vibrate(&self) -> bool {
        // The generators do nothing on an iPad or with system haptics off: harmless.
        true
    }

    fn can_share(&self) -> bool {
        true
    }

    fn haptic(&mut self, haptic: Haptic) {
        let Some(mtm) = MainThreadMarker::new() else {
            return;
        };
        // SAFETY: UIKit's generators, on the main thread.
        unsafe {
            match haptic {
                Haptic::Step | Haptic::Capture => {
                    let style = if haptic == Haptic::Step {
                        UIImpactFeedbackStyle::Light
                    } else {
                        UIImpactFeedbackStyle::Heavy
                    };
                    // Deprecated only in favour of iOS 17.5's `initWithStyle:view:`.
                    #[allow(deprecated)]
                    let generator = UIImpactFeedbackGenerator::initWithStyle(mtm.alloc(), style);
                    generator.impactOccurred();
                }
                Haptic::GameOver => {
                    UINotificationFeedbackGenerator::new(mtm)
                        .notificationOccurred(UINotificationFeedbackType::Success);
                }
            }
        }
    }

    fn share(&mut self, title: &str, text: &str) -> Result<Shared, String> {
        let mtm = MainThreadMarker::new().ok_or("not on the main thread")?;
        let view = self
            .view
            .clone()
            .ok_or("the game's view is not there yet")?;
        let _ = title;
        let text = NSString::from_str(text);
        let items: Retained<NSArray<AnyObject>> =
            NSArray::from_vec(vec![Retained::into_super(Retained::into_super(text))]);
        // SAFETY: UIKit on the main thread; the controller is presented by the window's
        // root view controller (winit's), anchored at the view's centre for an iPad.
        unsafe {
            let sheet = UIActivityViewController::initWithActivityItems_applicationActivities(
                mtm.alloc(),
                &items,
                None,
            );
            let root = view
                .window()
                .and_then(|w| w.rootViewController())
                .ok_or("no view controller to show the sheet")?;
            if let Some(popover) = sheet.popoverPresentationController() {
                let bounds = view.bounds();
                popover.setSourceView(Some(&view));
                popover.setSourceRect(CGRect::new(
                    CGPoint::new(bounds.size.width / 2.0, bounds.size.height / 2.0),
                    CGSize::new(1.0, 1.0),
                ));
            }
            root.presentViewController_animated_completion(&sheet, true, None);
        }
        Ok(Shared::Sheet)
    }

    fn safe_area(&mut self, window: &WindowView) -> Option<SafeArea> {
        MainThreadMarker::new()?;
        let insets = self.view(window)?.safeAreaInsets();
        Some(SafeArea {
            top: insets.top as f32,
            bottom: insets.bottom as f32,
            left: insets.left as f32,
            right: insets.right as f32,
        })
    }

    /// The oldest record file in the inbox, read and removed; looked at at most every
    /// [`ASK_EVERY`] (a file arrives with the app back in front, which brings a frame).
    fn take_opened(&mut self) -> Option<String> {
        if self.inbox_asked.is_some_and(|at| at.elapsed() < ASK_EVERY) {
            return None;
        }
        self.inbox_asked = Some(Instant::now());
        let mut files: Vec<_> = std::fs::read_dir(inbox()?)
            .ok()?
            .filter_map(Result::ok)
            .filter(|f| f.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|f| Some((f.metadata().ok()?.modified().ok()?, f.path())))
            .collect();
        files.sort();
        let (_, path) = files.into_iter().next()?;
        let text = std::fs::metadata(&path)
            .ok()
            .filter(|m| m.len() <= super::MAX_OPENED as u64)
            .and_then(|_| std::fs::read(&path).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
        // Read or not, it is not opened twice.
        let _ = std::fs::remove_file(&path);
        text
    }
}
