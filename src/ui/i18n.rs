//! The player-facing strings, looked up by key from the translation files in
//! `assets/i18n/` (compiled in, so every platform has them from the first frame), and the
//! one font that shows them all (`assets/fonts/`, a subset made by `subset.sh`).

use bevy::prelude::*;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Strings::for_language(Language::from_device()));
    app.insert_resource(if cfg!(target_arch = "wasm32") {
        FontCut::Western
    } else {
        FontCut::Full
    });
    // The app's font replaces Bevy's built-in one, so every text uses it.
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() {
        let _ = fonts.insert(AssetId::default(), Font::from_bytes(FONT.to_vec()));
    }
}

/// Noto Sans CJK SC, cut down to the characters of the translations (Latin, Cyrillic and
/// Chinese) and printable ASCII: the font of the phones and desktop.
pub const FULL_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Surakarta.otf");

/// The same face with only what English, Danish and Russian need and each language's own
/// name (the settings list 简体中文 in every language): 14 KB of brotli against the full
/// font's 120 KB. The web's wasm carries this one and fetches the full font only for a
/// player who reads Chinese (`platform/page.rs`).
pub const WESTERN_FONT: &[u8] =
    include_bytes!("../../assets/fonts/NotoSansSC-Surakarta-Western.otf");

/// Which cut of the font the app draws with: on the web the western one until the page
/// hands over the full one (`platform/page.rs`); everywhere else the full one.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FontCut {
    Western,
    Full,
}

impl FontCut {
    /// Whether this cut draws every letter of `language`.
    pub fn draws(self, language: Language) -> bool {
        self == FontCut::Full || language.western()
    }
}

/// The font the app starts with.
#[cfg(not(target_arch = "wasm32"))]
pub const FONT: &[u8] = FULL_FONT;
#[cfg(target_arch = "wasm32")]
pub const FONT: &[u8] = WESTERN_FONT;

/// The languages the app speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    SimplifiedChinese,
    Russian,
    Danish,
}

impl Language {
    /// Every language, in the order the settings list them.
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::SimplifiedChinese,
        Language::Russian,
        Language::Danish,
    ];

    /// The BCP 47 tag, also the translation file's name.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::SimplifiedChinese => "zh-CN",
            Language::Russian => "ru",
            Language::Danish => "da",
        }
    }

    /// The language of a BCP 47 tag such as `da-DK` or `zh_Hans_CN`; `None` for languages
    /// the app does not speak.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag
            .split(['-', '_', '.'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Language::English),
            "zh" => Some(Language::SimplifiedChinese),
            "ru" => Some(Language::Russian),
            "da" => Some(Language::Danish),
            _ => None,
        }
    }

    /// The device's language when the app speaks it, English otherwise.
    pub fn from_device() -> Language {
        sys_locale::get_locales()
            .find_map(|tag| Language::from_tag(&tag))
            .unwrap_or_default()
    }

    /// Whether the language's letters are all in [`WESTERN_FONT`] (Chinese needs
    /// [`FULL_FONT`]).
    pub fn western(self) -> bool {
        self != Language::SimplifiedChinese
    }

    /// The translation as the app carries it: English's `key = value` lines; another
    /// language's values only, each on its English key's line (`build.rs`).
    fn text(self) -> &'static str {
        match self {
            Language::English => ENGLISH,
            Language::SimplifiedChinese => include_str!(concat!(env!("OUT_DIR"), "/zh-CN.values")),
            Language::Russian => include_str!(concat!(env!("OUT_DIR"), "/ru.values")),
            Language::Danish => include_str!(concat!(env!("OUT_DIR"), "/da.values")),
        }
    }
}

/// English's translation file, whose keys the other languages' values go with.
const ENGLISH: &str = include_str!("../../assets/i18n/en.txt");

/// The strings of the current language.
#[derive(Resource, Debug, Clone)]
pub struct Strings {
    pub language: Language,
    map: HashMap<String, String>,
}

impl Strings {
    pub fn english() -> Strings {
        Strings::for_language(Language::English)
    }

    pub fn for_language(language: Language) -> Strings {
        if language == Language::English {
            return Strings::parse(ENGLISH);
        }
        // Each value on its English key's line (`build.rs` checked the lines match).
        let map = ENGLISH
            .lines()
            .zip(language.text().lines())
            .filter(|(line, _)| !line.trim_start().starts_with('#'))
            .filter_map(|(line, value)| Some((line.split_once('=')?.0, value)))
            .map(|(k, v)| (k.trim().to_owned(), v.trim().replace("\\n", "\n")))
            .collect();
        Strings { language, map }
    }

    /// Reads `key = value` lines; `#` starts a comment line.
    pub fn parse(text: &str) -> Strings {
        let map = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_owned(), v.trim().replace("\\n", "\n")))
            .collect();
        Strings {
            language: Language::English,
            map,
        }
    }

    /// The string for `key`; the key itself when missing, so a gap shows but never crashes.
    pub fn get(&self, key: &str) -> String {
        self.map.get(key).cloned().unwrap_or_else(|| key.to_owned())
    }

    /// A text that names the board's colours, in the words of the theme it is drawn in:
    /// the high-contrast theme's own (`KEY.contrast`: blue and orange loops, not teal and
    /// terracotta) where it has them.
    pub fn for_theme(&self, key: &str, theme: &crate::ui::theme::Theme) -> String {
        let contrast = format!("{key}.contrast");
        match self.map.get(&contrast) {
            Some(text) if theme.kind == crate::ui::theme::ThemeKind::HighContrast => text.clone(),
            _ => self.get(key),
        }
    }

    /// A side's name: Red or Black, in this language.
    pub fn side(&self, side: surakarta_engine::Side) -> String {
        self.get(match side {
            surakarta_engine::Side::Red => "side.red",
            surakarta_engine::Side::Black => "side.black",
        })
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

    /// Every translated text.
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.map.values().map(String::as_str)
    }
}

/// The translation key of a level's name.
pub fn level_key(level: surakarta_engine::ai::Level) -> &'static str {
    use surakarta_engine::ai::Level;
    match level {
        Level::Beginner => "level.beginner",
        Level::Novice => "level.novice",
        Level::Easy => "level.easy",
        Level::Intermediate => "level.intermediate",
        Level::Medium => "level.medium",
        Level::Advanced => "level.advanced",
        Level::Strong => "level.strong",
        Level::Hard => "level.hard",
    }
}

/// `text` held on one line: word joiners (U+2060, drawn as nothing) between its
/// characters, so that a line breaks around it, never inside it. For a move ("25... a5-a6"
/// once broke after its hyphen) and a Chinese name (which may break between any two
/// characters).
pub fn held_whole(text: &str) -> String {
    let chars: Vec<String> = text.chars().map(String::from).collect();
    chars.join("\u{2060}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_tags_map_to_the_languages_spoken() {
        assert_eq!(Language::from_tag("da-DK"), Some(Language::Danish));
        assert_eq!(
            Language::from_tag("zh_Hans_CN"),
            Some(Language::SimplifiedChinese)
        );
        assert_eq!(Language::from_tag("ru"), Some(Language::Russian));
        assert_eq!(Language::from_tag("EN-gb"), Some(Language::English));
        assert_eq!(Language::from_tag("de-DE"), None);
        assert_eq!(Language::from_tag(""), None);
        for l in Language::ALL {
            assert_eq!(Language::from_tag(l.tag()), Some(l));
        }
    }
}
