//! The translations as the app carries them: English whole (`assets/i18n/en.txt`, its
//! `key = value` lines), every other language as its values only, one a line, on the
//! line of the English key they translate (`OUT_DIR/<language>.values`). A translation
//! file keeps English's lines, key for key (its comments and blank lines where English has
//! them), so the keys need not be carried four times: 3.8 KB less of the web's download.
//! A file whose keys stray from English's lines stops the build, saying where.
//!
//! The puzzle pack likewise (`assets/puzzles/pack.txt`): its lines' four fields as four
//! columns, one after another (`OUT_DIR/pack.columns`), the comments left out. Positions
//! beside positions and themes beside themes pack tighter: 3.8 KB less of the web's
//! download (27,310 against 23,465 bytes of brotli for the pack alone).

use std::fs;
use std::path::Path;

/// The key of a `key = value` line; None for a comment or a blank line.
fn key_of(line: &str) -> Option<&str> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    Some(line.split_once('=').map_or(line, |(k, _)| k).trim())
}

/// The pack's puzzle lines as four columns (position, moves, themes, rating), each a line
/// a puzzle, the columns apart by a line holding `#`. A line without four fields is no
/// puzzle and is left out, as the app would leave it.
fn pack_columns(pack: &str) -> String {
    let mut columns = [const { String::new() }; 4];
    for line in pack.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        if fields.len() != 4 {
            continue;
        }
        for (column, field) in columns.iter_mut().zip(fields) {
            column.push_str(field);
            column.push('\n');
        }
    }
    columns.join("#\n")
}

/// A one-letter word of a non-Latin alphabet (Russian's в, с, к, о, у, и, а, я) joined to
/// the word after it with a no-break space, as Russian typesetting does: a tester read
/// "с / рейтингом" and "В / итоге" across lines.
fn glue_one_letter_words(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut words = value.split(' ').peekable();
    while let Some(word) = words.next() {
        out.push_str(word);
        if words.peek().is_some() {
            let mut letters = word.chars();
            let one = matches!(
                (letters.next(), letters.next()),
                (Some(c), None) if c.is_alphabetic() && !c.is_ascii()
            );
            out.push(if one { '\u{a0}' } else { ' ' });
        }
    }
    out
}

fn main() {
    println!("cargo:rerun-if-changed=assets/puzzles/pack.txt");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let pack = fs::read_to_string("assets/puzzles/pack.txt").expect("assets/puzzles/pack.txt");
    fs::write(Path::new(&out).join("pack.columns"), pack_columns(&pack))
        .expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=assets/i18n");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = Path::new("assets/i18n");
    let english = fs::read_to_string(dir.join("en.txt")).expect("assets/i18n/en.txt");
    let keys: Vec<Option<&str>> = english.lines().map(key_of).collect();
    for language in ["zh-CN", "ru", "da"] {
        let path = dir.join(format!("{language}.txt"));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.len(),
            keys.len(),
            "{path:?} has {} lines, en.txt {}: a translation keeps English's lines",
            lines.len(),
            keys.len()
        );
        let mut values = String::with_capacity(text.len());
        for (n, (line, key)) in lines.iter().zip(&keys).enumerate() {
            assert_eq!(
                key_of(line),
                *key,
                "{path:?} line {}: en.txt has {key:?} there",
                n + 1
            );
            if key.is_some() {
                let value = line.split_once('=').map_or("", |(_, v)| v).trim();
                values.push_str(&glue_one_letter_words(value));
            }
            values.push('\n');
        }
        fs::write(Path::new(&out).join(format!("{language}.values")), values)
            .expect("OUT_DIR is writable");
    }
}
