//! Every language has every string, with the same placeholders, and the shipped font can
//! draw every character of every translation.

use skrifa::MetadataProvider;
use std::collections::BTreeSet;
use surakarta::ui::i18n::{FULL_FONT, Language, Strings, WESTERN_FONT};

fn placeholders(text: &str) -> BTreeSet<String> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}'))
        .map(|(name, _)| name.to_owned())
        .collect()
}

/// A line that is not `key = value` (a value broken over two lines) would be dropped
/// without a word: every line is a string, a comment or blank.
#[test]
fn every_line_of_every_translation_file_is_a_string_or_a_comment() {
    for language in Language::ALL {
        let file = format!("assets/i18n/{}.txt", language.tag());
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            let fine = line.is_empty()
                || line.starts_with('#')
                || line
                    .split_once(" = ")
                    .is_some_and(|(k, _)| !k.is_empty() && !k.contains(' '));
            assert!(fine, "{language:?} line {}: {line:?}", n + 1);
        }
    }
}

#[test]
fn every_key_exists_in_every_language_with_the_same_placeholders() {
    let english = Strings::for_language(Language::English);
    let keys: BTreeSet<&str> = english.keys().collect();
    assert!(keys.len() > 40, "the English file has the strings");
    for language in Language::ALL {
        let strings = Strings::for_language(language);
        let theirs: BTreeSet<&str> = strings.keys().collect();
        let missing: Vec<_> = keys.difference(&theirs).collect();
        let extra: Vec<_> = theirs.difference(&keys).collect();
        assert!(missing.is_empty(), "{language:?} lacks {missing:?}");
        assert!(extra.is_empty(), "{language:?} has unknown keys {extra:?}");
        for key in &keys {
            let text = strings.get(key);
            assert!(!text.is_empty(), "{language:?} {key} is empty");
            assert_eq!(
                placeholders(&text),
                placeholders(&english.get(key)),
                "{language:?} {key}: {text}"
            );
        }
        if language != Language::English {
            assert_ne!(
                strings.get("button.new_game"),
                english.get("button.new_game")
            );
        }
        assert_eq!(strings.language, language);
    }
}

/// The characters of `language`'s translations that `font` lacks.
fn missing_from(font: &[u8], language: Language) -> BTreeSet<char> {
    let font = skrifa::FontRef::new(font).expect("the shipped font parses");
    let charmap = font.charmap();
    let strings = Strings::for_language(language);
    strings
        .values()
        .flat_map(str::chars)
        .filter(|c| !c.is_control() && charmap.map(*c).is_none())
        .collect()
}

#[test]
fn every_character_of_every_translation_is_in_the_font() {
    for language in Language::ALL {
        let missing = missing_from(FULL_FONT, language);
        assert!(
            missing.is_empty(),
            "{language:?}: the font lacks {missing:?}; run assets/fonts/subset.sh"
        );
    }
    // Digits and notation, which the game shows besides the translations, are in both
    // cuts; and every language's own name, which the settings list in every language.
    for font in [FULL_FONT, WESTERN_FONT] {
        let charmap = skrifa::FontRef::new(font).unwrap().charmap();
        let names = Language::ALL.map(|l| Strings::for_language(l).get("language.name"));
        for ch in "0123456789/abcdef-x ".chars().chain(names.concat().chars()) {
            assert!(charmap.map(ch).is_some(), "{ch:?}");
        }
    }
}

/// The web's wasm carries the smaller cut: every language it claims to cover shows whole
/// with it, and Chinese does not (so the app must fetch the full font for it).
#[test]
fn the_western_font_covers_the_western_languages_and_not_chinese() {
    for language in Language::ALL {
        let missing = missing_from(WESTERN_FONT, language);
        if language.western() {
            assert!(
                missing.is_empty(),
                "{language:?}: the western font lacks {missing:?}; run assets/fonts/subset.sh"
            );
        } else {
            assert!(!missing.is_empty(), "{language:?} needs the full font");
        }
    }
    assert!(WESTERN_FONT.len() * 4 < FULL_FONT.len());
}

/// The bars' buttons can all be on screen at once (Undo beside Cancel while a hint is looked
/// for, Accept beside Cancel while a move waits): in every language each says something
/// different, so a player can tell them apart.
#[test]
fn the_bars_buttons_say_different_things_in_every_language() {
    let bar = [
        "button.menu",
        "button.undo",
        "button.redo",
        "button.hint",
        "button.accept",
        "button.cancel",
    ];
    for language in Language::ALL {
        let strings = Strings::for_language(language);
        let mut seen = std::collections::BTreeMap::new();
        for key in bar {
            if let Some(other) = seen.insert(strings.get(key), key) {
                panic!(
                    "{language:?}: {other} and {key} both say {:?}",
                    strings.get(key)
                );
            }
        }
    }
}

/// The lines `text` is broken into at 16 points in a box `width` points wide, as Bevy's
/// text lays it out (parley, with the app's font).
fn broken(text: &str, width: f32) -> Vec<String> {
    use parley::{FontContext, FontFamily, LayoutContext, StyleProperty};
    let mut fonts = FontContext::new();
    let blob = parley::fontique::Blob::new(std::sync::Arc::new(FULL_FONT));
    let families = fonts.collection.register_fonts(blob, None);
    let family = fonts
        .collection
        .family_name(families[0].0)
        .expect("the font has a family name")
        .to_owned();
    let mut layouts = LayoutContext::<()>::new();
    let mut builder = layouts.ranged_builder(&mut fonts, text, 1.0, true);
    builder.push_default(StyleProperty::FontFamily(FontFamily::Source(family.into())));
    builder.push_default(StyleProperty::FontSize(16.0));
    let mut layout = builder.build(text);
    layout.break_all_lines(Some(width));
    layout
        .lines()
        .map(|l| text[l.text_range()].trim_end().to_owned())
        .collect()
}

/// A no-break space holds its words on one line, even where the space itself is what runs
/// past the line's end: the layout broke there, and "Red." stood alone under "...if you
/// are" on the invite card (vendor/parley).
#[test]
fn a_no_break_space_keeps_its_words_together_at_the_lines_end() {
    let joined = "you can move first if you are\u{a0}Red.";
    let plain = joined.replace('\u{a0}', " ");
    // The width at which "are" just fits and the space after it does not.
    let are = broken("you can move first if you are", 1000.0);
    assert_eq!(are.len(), 1);
    let mut width = 100.0;
    while broken(&plain, width).first().map(String::as_str) != Some("you can move first if you are")
        && width < 400.0
    {
        width += 0.5;
    }
    assert_eq!(
        broken(&plain, width)[1],
        "Red.",
        "at {width}: {:?}",
        broken(&plain, width)
    );
    // Joined: the two go down together, at every width from there to a line that holds all.
    for step in 0..40 {
        let w = width + step as f32 * 0.5;
        let lines = broken(joined, w);
        assert!(lines.iter().all(|l| l != "Red."), "at {w}: {lines:?}");
    }
}
