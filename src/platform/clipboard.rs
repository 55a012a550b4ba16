//! Copying a game record out of the app and pasting one in, where the platform lets an
//! app do that without asking for permissions: the system clipboard on desktops; in a
//! browser, the page's clipboard for copying and the browser's own text box for pasting.
//! Phones have neither here; records reach them and leave them as files (see `records`).

use bevy::prelude::*;

/// Which clipboard the app uses: the platform's, or one kept in memory (tests, and tools
/// that must not touch the player's clipboard).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub enum Clipboard {
    #[default]
    Platform,
    Memory(Option<String>),
}

/// Why a copy or paste did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClipboardError {
    /// This platform gives the app no clipboard.
    Unavailable,
    /// The clipboard refused; the platform's words.
    Failed(String),
}

impl Clipboard {
    /// True when copy and paste can work here (the buttons show only then).
    pub fn available(&self) -> bool {
        match self {
            Clipboard::Platform => platform::AVAILABLE,
            Clipboard::Memory(_) => true,
        }
    }

    /// Puts `text` on the clipboard.
    pub fn copy(&mut self, text: &str) -> Result<(), ClipboardError> {
        match self {
            Clipboard::Platform => platform::copy(text),
            Clipboard::Memory(m) => {
                *m = Some(text.to_owned());
                Ok(())
            }
        }
    }

    /// The clipboard's text; `Ok(None)` when there is none (or, in a browser, the player
    /// closed the text box).
    pub fn paste(&mut self, prompt: &str) -> Result<Option<String>, ClipboardError> {
        match self {
            Clipboard::Platform => platform::paste(prompt),
            Clipboard::Memory(m) => Ok(m.clone()),
        }
    }
}

#[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
mod platform {
    //! Desktops: one system clipboard for the life of the app (on X11 the app serves what it
    //! copied for as long as it runs, so the handle is kept, per thread).
    use super::ClipboardError;
    use std::cell::RefCell;

    pub const AVAILABLE: bool = true;

    thread_local! {
        static BOARD: RefCell<Option<arboard::Clipboard>> = const { RefCell::new(None) };
    }

    fn with<T>(
        f: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, ClipboardError> {
        BOARD.with_borrow_mut(|board| {
            if board.is_none() {
                *board = Some(arboard::Clipboard::new().map_err(|e| match e {
                    arboard::Error::ClipboardNotSupported => ClipboardError::Unavailable,
                    e => ClipboardError::Failed(e.to_string()),
                })?);
            }
            let board = board.as_mut().ok_or(ClipboardError::Unavailable)?;
            f(board).map_err(|e| ClipboardError::Failed(e.to_string()))
        })
    }

    pub fn copy(text: &str) -> Result<(), ClipboardError> {
        with(|b| b.set_text(text))
    }

    pub fn paste(_prompt: &str) -> Result<Option<String>, ClipboardError> {
        match with(|b| b.get_text()) {
            Ok(text) => Ok(Some(text)),
            Err(ClipboardError::Failed(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod platform {
    //! Browsers: `navigator.clipboard.writeText` copies (allowed after a tap, on https and
    //! localhost); pasting asks in the browser's own text box, where a phone's keyboard
    //! offers Paste, instead of a permission prompt for reading the clipboard.
    use super::ClipboardError;

    pub const AVAILABLE: bool = true;

    pub fn copy(text: &str) -> Result<(), ClipboardError> {
        let window = web_sys::window().ok_or(ClipboardError::Unavailable)?;
        // The promise settles later; a refusal shows in the browser's console.
        let _ = window.navigator().clipboard().write_text(text);
        Ok(())
    }

    pub fn paste(prompt: &str) -> Result<Option<String>, ClipboardError> {
        let window = web_sys::window().ok_or(ClipboardError::Unavailable)?;
        window
            .prompt_with_message(prompt)
            .map_err(|e| ClipboardError::Failed(format!("{e:?}")))
    }
}

#[cfg(any(target_os = "android", target_os = "ios"))]
mod platform {
    use super::ClipboardError;

    pub const AVAILABLE: bool = false;

    pub fn copy(_text: &str) -> Result<(), ClipboardError> {
        Err(ClipboardError::Unavailable)
    }

    pub fn paste(_prompt: &str) -> Result<Option<String>, ClipboardError> {
        Err(ClipboardError::Unavailable)
    }
}
