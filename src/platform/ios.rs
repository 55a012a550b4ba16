//! iOS through UIKit (objc2's bindings, the versions winit already links): feedback
//! generators for haptics, `UIActivityViewController` for sharing (anchored to the game's
//! view, which an iPad's popover needs), the game view's `safeAreaInsets` (in points, so
//! nothing to convert; they change with a rotation), and what other apps hand the app.
//!
//! The UIScene life cycle (required of apps built with the iOS 27 SDK): `Info.plist`'s
//! `UIApplicationSceneManifest` names [`SceneDelegate`], registered before winit calls
//! `UIApplicationMain` ([`register_scene_delegate`]). winit 0.30 knows nothing of scenes:
//! it makes its `UIWindow` without one, so the first frame after the window exists puts it
//! in the app's window scene ([`Ios::safe_area`]); and it follows the app's state through
//! UIApplication's notifications, which UIKit still posts in a scene-based app, so the
//! delegate does not post them again (each Resumed and Suspended would come twice). What
//! only the scene delegate hears is handed to the game here: files opened with the app
//! (read in place, `LSSupportsOpeningDocumentsInPlace`, or from the copy in
//! `Documents/Inbox`), universal links (`continueUserActivity`) and links opened with it.
//!
//! Every UIKit call needs the main thread; `serve` and `hand_over` run there, and each call
//! checks.

use super::{Device, DeviceError, Haptic, Shared, WindowView};
use crate::ui::layout::SafeArea;
use objc2::rc::Retained;
use objc2::runtime::{AnyObject, NSObjectProtocol};
use objc2::{ClassType, DeclaredClass, declare_class, mutability};
use objc2_foundation::{
    CGPoint, CGRect, CGSize, MainThreadMarker, NSArray, NSObject, NSSet, NSString, NSURL,
    NSUserActivity, NSUserActivityTypeBrowsingWeb,
};
use objc2_ui_kit::{
    UIActivityViewController, UIApplication, UIImpactFeedbackGenerator, UIImpactFeedbackStyle,
    UINotificationFeedbackGenerator, UINotificationFeedbackType, UIOpenURLContext, UIResponder,
    UIScene, UISceneActivationState, UISceneConnectionOptions, UISceneDelegate, UISceneSession,
    UIView, UIWindowScene, UIWindowSceneDelegate, UIWindowSceneSessionRoleApplication,
};
use raw_window_handle::RawWindowHandle;
use std::sync::Mutex;

#[derive(Default)]
pub struct Ios {
    /// The game's view, from the window's handle.
    view: Option<Retained<UIView>>,
}

/// What the scene delegate was handed, oldest first, until the game takes it.
static OPENED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The class name `ios/src/Info.plist` gives as the scene's delegate.
pub const SCENE_DELEGATE: &str = "SurakartaSceneDelegate";

declare_class!(
    /// The app's scene delegate: hands the game what is opened with the app.
    pub struct SceneDelegate;

    unsafe impl ClassType for SceneDelegate {
        #[inherits(NSObject)]
        type Super = UIResponder;
        type Mutability = mutability::MainThreadOnly;
        const NAME: &'static str = SCENE_DELEGATE;
    }

    impl DeclaredClass for SceneDelegate {}

    unsafe impl NSObjectProtocol for SceneDelegate {}

    unsafe impl UISceneDelegate for SceneDelegate {
        /// A launch by a file, a link or a universal link brings them here.
        #[method(scene:willConnectToSession:options:)]
        fn will_connect(
            &self,
            _scene: &UIScene,
            _session: &UISceneSession,
            options: &UISceneConnectionOptions,
        ) {
            // SAFETY: UIKit's objects, on the main thread (the class is main-thread only).
            unsafe {
                take_url_contexts(&options.URLContexts());
                for activity in options.userActivities().iter() {
                    take_activity(activity);
                }
            }
        }

        /// A file or a link opened with the app while it runs.
        #[method(scene:openURLContexts:)]
        fn open_url_contexts(&self, _scene: &UIScene, contexts: &NSSet<UIOpenURLContext>) {
            take_url_contexts(contexts);
        }

        /// A universal link (an invite, docs/mobile.md) while the app runs.
        #[method(scene:continueUserActivity:)]
        fn continue_user_activity(&self, _scene: &UIScene, activity: &NSUserActivity) {
            take_activity(activity);
        }
    }

    unsafe impl UIWindowSceneDelegate for SceneDelegate {}
);

/// Registers [`SceneDelegate`] with the Objective-C runtime, so that UIKit finds it by the
/// name `Info.plist` gives when it connects the app's scene. Before the app runs.
pub fn register_scene_delegate() {
    let _ = SceneDelegate::class();
}

fn keep(text: String) {
    if !text.trim().is_empty() && text.len() <= super::MAX_OPENED {
        OPENED.lock().unwrap_or_else(|e| e.into_inner()).push(text);
    }
}

/// A web link (an invite) is the text the game reads; a file is read for its text.
fn take_url_contexts(contexts: &NSSet<UIOpenURLContext>) {
    for context in contexts.iter() {
        // SAFETY: UIKit's objects, on the main thread.
        unsafe {
            let url = context.URL();
            if url.isFileURL() {
                let in_place = context.options().openInPlace();
                if let Some(text) = read_file(&url, !in_place) {
                    keep(text);
                }
            } else if let Some(link) = url.absoluteString() {
                keep(link.to_string());
            }
        }
    }
}

fn take_activity(activity: &NSUserActivity) {
    // SAFETY: Foundation's objects, on the main thread.
    unsafe {
        if *activity.activityType() == *NSUserActivityTypeBrowsingWeb
            && let Some(link) = activity.webpageURL().and_then(|u| u.absoluteString())
        {
            keep(link.to_string());
        }
    }
}

/// A file opened with the app: in place (security-scoped: it lives in another app's or
/// iCloud's folder) or a copy iOS put in `Documents/Inbox`, removed once read.
unsafe fn read_file(url: &NSURL, copied: bool) -> Option<String> {
    let path = std::path::PathBuf::from(unsafe { url.path() }?.to_string());
    let scoped = unsafe { url.startAccessingSecurityScopedResource() };
    let text = std::fs::metadata(&path)
        .ok()
        .filter(|m| m.len() <= super::MAX_OPENED as u64)
        .and_then(|_| std::fs::read(&path).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
    if scoped {
        unsafe { url.stopAccessingSecurityScopedResource() };
    }
    // Only iOS's own copy goes, never a file of the player's.
    let in_inbox = path
        .parent()
        .is_some_and(|dir| dir.ends_with("Documents/Inbox"));
    if copied && in_inbox {
        let _ = std::fs::remove_file(&path);
    }
    text
}

/// Puts winit's window, made without a scene, in the app's window scene: under the UIScene
/// life cycle a window shows only in one. Called from the first update that has the
/// window: the primary window is made invisible (`lib.rs`, `run_mobile`), so Bevy updates
/// without waiting for a `RedrawRequested` that winit sends only from `drawRect:`, which a
/// window outside any scene never gets (bevy_winit's `redraw_requested` updates while
/// every window is invisible); `show_when_drawn` makes it visible after its first frames.
/// The scene taken is the application's own (a Mac running the iPad app may connect
/// others), preferring one in the foreground.
fn put_in_scene(view: &UIView, mtm: MainThreadMarker) {
    // SAFETY: UIKit on the main thread; the cast is checked by `isKindOfClass`; the role
    // constant is UIKit's own, alive for the process.
    unsafe {
        let Some(window) = view.window() else {
            return;
        };
        if window.windowScene().is_some() {
            return;
        }
        let scenes = UIApplication::sharedApplication(mtm).connectedScenes();
        let application = UIWindowSceneSessionRoleApplication;
        let ours: Vec<_> = scenes
            .iter()
            .filter(|s| s.isKindOfClass(UIWindowScene::class()))
            .filter(|s| s.session().role().isEqualToString(application))
            .collect();
        let Some(scene) = ours
            .iter()
            .find(|s| s.activationState() == UISceneActivationState::ForegroundActive)
            .or_else(|| ours.first())
            .copied()
        else {
            return;
        };
        let scene: &UIWindowScene = &*(scene as *const UIScene).cast();
        window.setWindowScene(Some(scene));
        window.makeKeyAndVisible();
    }
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
                    #[allow(
                        deprecated,
                        reason = "only in favour of iOS 17.5's `initWithStyle:view:`; the app runs from iOS 15"
                    )]
                    let generator = UIImpactFeedbackGenerator::initWithStyle(mtm.alloc(), style);
                    generator.impactOccurred();
                }
                Haptic::GameOver => {
                    UINotificationFeedbackGenerator::new(mtm)
                        .notificationOccurred(UINotificationFeedbackType::Success);
                }
                Haptic::Refused => {
                    UINotificationFeedbackGenerator::new(mtm)
                        .notificationOccurred(UINotificationFeedbackType::Error);
                }
            }
        }
    }

    fn share(&mut self, title: &str, text: &str) -> Result<Shared, DeviceError> {
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
        let mtm = MainThreadMarker::new()?;
        let view = self.view(window)?;
        put_in_scene(&view, mtm);
        let insets = view.safeAreaInsets();
        Some(SafeArea {
            top: insets.top as f32,
            bottom: insets.bottom as f32,
            left: insets.left as f32,
            right: insets.right as f32,
        })
    }

    /// The oldest text the scene delegate was handed (a file's, or a link).
    fn take_opened(&mut self) -> Option<String> {
        let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
        (!opened.is_empty()).then(|| opened.remove(0))
    }
}
