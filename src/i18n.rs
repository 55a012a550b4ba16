//! The player-facing strings, looked up by key from the translation files in
//! `assets/i18n/` (compiled in, so every platform has them from the first frame).

use bevy::prelude::*;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Strings::english());
}

/// The strings of the current language.
#[derive(Resource, Debug, Clone)]
pub struct Strings {
    map: HashMap<String, String>,
}

impl Strings {
    pub fn english() -> Strings {
        Strings::parse(include_str!("../assets/i18n/en.txt"))
    }

    /// Reads `key = value` lines; `#` starts a comment line.
    pub fn parse(text: &str) -> Strings {
        let map = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_owned(), v.trim().replace("\\n", "\n")))
            .collect();
        Strings { map }
    }

    /// The string for `key`; the key itself when missing, so a gap shows but never crashes.
    pub fn get(&self, key: &str) -> String {
        self.map.get(key).cloned().unwrap_or_else(|| key.to_owned())
    }

    /// The string for `key` with `{name}` placeholders filled in.
    pub fn fill(&self, key: &str, args: &[(&str, String)]) -> String {
        let mut s = self.get(key);
        for (name, value) in args {
            s = s.replace(&format!("{{{name}}}"), value);
        }
        s
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.map.keys().map(String::as_str)
    }
}
