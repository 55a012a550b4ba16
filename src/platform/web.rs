//! Browsers: `navigator.vibrate` (Android's browsers; Safari has none, and the setting
//! hides there), `navigator.share` with the clipboard where there is no share sheet, the
//! insets the page measures from CSS `env(safe-area-inset-*)` (`web/index.html` keeps them
//! in `window.__surakartaSafeArea`, also after a rotation), and the text another app shared
//! to the installed web app (the manifest's share target opens the page with `?text=`).

use super::{Device, DeviceError, Haptic, Shared, WindowView};
use crate::ui::layout::SafeArea;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;

#[derive(Default)]
pub struct Web {
    /// The page's address was read for a shared text.
    looked: bool,
}

fn navigator() -> Option<web_sys::Navigator> {
    web_sys::window().map(|w| w.navigator())
}

fn has(target: &JsValue, name: &str) -> bool {
    Reflect::has(target, &name.into()).unwrap_or(false)
}

thread_local! {
    /// Swallows a refused share (the player closed the sheet) or clipboard write.
    static IGNORE: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {});
}

impl Device for Web {
    fn can_vibrate(&self) -> bool {
        // Desktop browsers have `vibrate` and no motor: only touch screens count.
        navigator().is_some_and(|n| has(&n, "vibrate") && n.max_touch_points() > 0)
    }

    fn can_share(&self) -> bool {
        navigator().is_some_and(|n| has(&n, "share"))
    }

    fn haptic(&mut self, haptic: Haptic) {
        let Some(navigator) = navigator() else {
            return;
        };
        let pattern: &[u32] = match haptic {
            Haptic::Step => &[12],
            Haptic::Capture => &[35],
            Haptic::GameOver => &[40, 70, 40, 70, 90],
            Haptic::Refused => &[15, 50, 15],
        };
        let pattern: js_sys::Array = pattern.iter().map(|&ms| JsValue::from(ms)).collect();
        // Refused before the first touch, or with the phone on silent: nothing to do.
        let _ = navigator.vibrate_with_pattern(&pattern);
    }

    fn share(&mut self, title: &str, text: &str) -> Result<Shared, DeviceError> {
        let navigator = navigator().ok_or("no browser window")?;
        let share = Reflect::get(&navigator, &"share".into()).unwrap_or(JsValue::UNDEFINED);
        if let Some(share) = share.dyn_ref::<js_sys::Function>() {
            let data = js_sys::Object::new();
            let _ = Reflect::set(&data, &"title".into(), &title.into());
            let _ = Reflect::set(&data, &"text".into(), &text.into());
            let promise = share
                .call1(&navigator, &data)
                .map_err(|e| DeviceError::System(format!("{e:?}")))?;
            if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                IGNORE.with(|ignore| {
                    let _ = promise.catch(ignore);
                });
            }
            return Ok(Shared::Sheet);
        }
        let promise = navigator.clipboard().write_text(text);
        IGNORE.with(|ignore| {
            let _ = promise.catch(ignore);
        });
        Ok(Shared::Copied)
    }

    fn safe_area(&mut self, _window: &WindowView) -> Option<SafeArea> {
        let window = web_sys::window()?;
        let insets = Reflect::get(&window, &"__surakartaSafeArea".into()).ok()?;
        if !insets.is_object() {
            return None;
        }
        let side = |name: &str| {
            Reflect::get(&insets, &name.into())
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0) as f32
        };
        Some(SafeArea {
            top: side("top"),
            bottom: side("bottom"),
            left: side("left"),
            right: side("right"),
        })
    }

    /// Once, at the start: an online game's invite (`?join=ID`) or watching link
    /// (`?watch=ID`), opened as the link it came in, or the `text` (or else `url`) the
    /// share target put in the page's address; either is then taken out of it so a reload
    /// does not open it again.
    fn take_opened(&mut self) -> Option<String> {
        if std::mem::replace(&mut self.looked, true) {
            return None;
        }
        let window = web_sys::window()?;
        let location = window.location();
        let search = location.search().ok()?;
        let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
        let path = location.pathname().unwrap_or_default();
        // An invite, or a watching link (`?watch=ID`), is read as the link it came in.
        let origin = location.origin().unwrap_or_default();
        let invite = ["join", "watch"].into_iter().find_map(|name| {
            let id = params.get(name).filter(|id| !id.is_empty())?;
            Some(format!("{origin}{path}?{name}={id}"))
        });
        let text = invite.or_else(|| {
            params
                .get("text")
                .filter(|t| !t.trim().is_empty())
                .or_else(|| params.get("url"))
        })?;
        for name in ["title", "text", "url", "join", "watch"] {
            params.delete(name);
        }
        let rest = String::from(params.to_string());
        let address = if rest.is_empty() {
            path
        } else {
            format!("{path}?{rest}")
        };
        if let Ok(history) = window.history() {
            let state = history.state().unwrap_or(JsValue::NULL);
            let _ = history.replace_state_with_url(&state, "", Some(&address));
        }
        Some(text)
    }
}
