//! How a wrapped text's lines fall, for the layout check (`layout_check.rs`): a last line
//! holding a lone word the line above had room for, and a line that begins with a
//! separator, read from the glyphs' lines as the text layout placed them.

use bevy::text::TextLayoutInfo;

/// Tolerance, in points, for sizes that come out of two layouts (taffy's and the text's).
pub(super) const SLACK: f32 = 1.0;

/// The first wrapped line (from 0) that begins with a separator ("·", "–", "：" or a
/// comma), which belongs at the end of the line above ("2026-12-06 / · Red won").
/// Glyphs are matched to the text's characters in order, with or without its spaces;
/// a text whose glyphs do not match one to one (a ligature) is not looked at.
pub(super) fn line_begun_by_a_separator(words: &str, info: &TextLayoutInfo) -> Option<usize> {
    // Each character that may have a glyph, and whether the author's line break comes
    // just before it.
    let kept = |keep_spaces: bool| {
        let mut after_break = true;
        let mut out = Vec::new();
        for c in words.chars() {
            if c == '\n' {
                after_break = true;
            } else if keep_spaces || !c.is_whitespace() {
                out.push((c, after_break));
                after_break = false;
            }
        }
        out
    };
    let chars = [kept(true), kept(false)]
        .into_iter()
        .find(|chars| chars.len() == info.glyphs.len())?;
    let mut previous_line = None;
    for (glyph, &(c, authored)) in info.glyphs.iter().zip(&chars) {
        let begins = previous_line != Some(glyph.line_index);
        previous_line = Some(glyph.line_index);
        if begins && !authored && matches!(c, '·' | '–' | '：' | '，' | '、' | ',' | ':') {
            return Some(glyph.line_index);
        }
    }
    None
}

/// The last line of a wrapped text holding a single word (or a CJK character or two)
/// that fits after the line above it in the box's width: a wrap the layout did not need,
/// which reads as a broken line ("bedste stime / 0").
pub(super) fn lone_last_word(
    words: &str,
    info: &TextLayoutInfo,
    scale: f32,
    width: f32,
    font_size: f32,
) -> Option<String> {
    let lines = info.glyphs.iter().map(|g| g.line_index).max()? + 1;
    // A text's own line breaks are its author's: only the last paragraph is looked at,
    // and only when it wrapped.
    let paragraphs = words.lines().filter(|l| !l.trim().is_empty()).count();
    if lines < 2 || lines <= paragraphs {
        return None;
    }
    let extent = |line: usize| {
        let xs = info
            .glyphs
            .iter()
            .filter(|g| g.line_index == line)
            .map(|g| {
                (
                    g.position.x - g.atlas_info.rect.width() / 2.0,
                    g.position.x + g.atlas_info.rect.width() / 2.0,
                )
            });
        let (lo, hi) = xs.fold((f32::MAX, f32::MIN), |(lo, hi), (a, b)| {
            (lo.min(a), hi.max(b))
        });
        (hi > lo).then_some((hi - lo) * scale)
    };
    let count = |line: usize| info.glyphs.iter().filter(|g| g.line_index == line).count();
    let last = lines - 1;
    let last_word = words.split_whitespace().last()?;
    let lone = count(last) == last_word.chars().count() || count(last) <= 2;
    if !lone {
        return None;
    }
    let above = extent(last - 1)?;
    let alone = extent(last)?;
    // The space between them, and the side bearings the glyphs' drawn extents leave out.
    let space = font_size * 0.45;
    (above + space + alone <= width - SLACK).then(|| {
        format!(
            "its last line holds {last_word:?} alone, which fits on the line above \
             ({above:.0} + {alone:.0} of {width:.0} points)"
        )
    })
}
