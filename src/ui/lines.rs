//! No word alone on a paragraph's last line, and no line that ends with a separator. A
//! card's or a button's words wrapped by the layout can leave a paragraph's last word on
//! a line of its own ("Your friend's first move did not come in / time", "Ваш друг
//! предлагает / ничью"); after the layout, such a paragraph has its last two words joined
//! with a no-break space, so that they go down together, when they fit a line together.
//! Chinese, which breaks between any two characters, has characters enough go down with
//! the one or two left alone for three (a closing stop not counted). A line that ends with "·" ("… Black won ·" over "moves: 22")
//! is broken there instead, the "·" gone. Each text is mended once for its words: words
//! set again by whoever owns them are left as set.

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        keep_last_words_together.after(bevy::ui::UiSystems::PostLayout),
    );
}

/// The words a text had when it was mended, and what they became.
#[derive(Component)]
struct Mended {
    from: String,
    to: String,
    /// The width of the text's box it was mended for, in the layout's pixels.
    width: f32,
    /// Set back once already, for a width that changed (`to` empty until mended again).
    again: bool,
}

/// A glyph's drawn extent along its line, in the layout's pixels.
fn extent(glyphs: &[&bevy::text::PositionedGlyph]) -> Option<(f32, f32)> {
    let lo = glyphs
        .iter()
        .map(|g| g.position.x - g.atlas_info.rect.width() / 2.0)
        .fold(f32::MAX, f32::min);
    let hi = glyphs
        .iter()
        .map(|g| g.position.x + g.atlas_info.rect.width() / 2.0)
        .fold(f32::MIN, f32::max);
    (hi > lo).then_some((lo, hi))
}

/// Whether a character is written without spaces between words (Chinese, Japanese).
fn unspaced(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF)
}

/// Whether a Chinese line may not start with this character (a stop, a comma, a closing
/// bracket).
fn closes(c: char) -> bool {
    matches!(
        c,
        '。' | '！' | '？' | '」' | '）' | '，' | '；' | '：' | '、'
    )
}

/// What `words` draws, a glyph each: the character that ends each glyph and where it
/// starts. Spaces draw nothing, and the app's font (Noto Sans) joins "ffi", "ffl", "ff",
/// "fi" and "fl" into one glyph each ("Red moves first": one glyph fewer than letters).
fn glyphs_of(words: &str) -> Vec<(usize, char)> {
    let chars: Vec<(usize, char)> = words.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&(at, c)) = chars.get(i) {
        let next = |k: usize| chars.get(i + k).map(|&(_, c)| c);
        let joined = match (c, next(1), next(2)) {
            ('f', Some('f'), Some('i' | 'l')) => 3,
            ('f', Some('f' | 'i' | 'l'), _) => 2,
            _ => 1,
        };
        i += joined;
        if !c.is_whitespace() {
            out.push((at, chars[i - 1].1));
        }
    }
    out
}

/// How many glyphs `words` draws ([`glyphs_of`]).
fn drawn(words: &str) -> usize {
    glyphs_of(words).len()
}

/// The words with a line that ends with a separator ("… Black won ·" over "moves: 22")
/// broken there instead: the separator gone, a line break in its place. `lines` as for
/// [`mended`], its glyphs in order ([`glyphs_of`]).
fn separator_at_break(words: &str, lines: &[Vec<&bevy::text::PositionedGlyph>]) -> Option<String> {
    let drawn = glyphs_of(words);
    let mut count = 0;
    for line in &lines[..lines.len().saturating_sub(1)] {
        count += line.len();
        let &(at, c) = drawn.get(count.checked_sub(1)?)?;
        if c != '·' {
            continue;
        }
        // The spaces round it, no-break or not, and only spaces: a break in their place.
        let before = words[..at].trim_end_matches(char::is_whitespace);
        let after = words[at + c.len_utf8()..].trim_start_matches(char::is_whitespace);
        if before.is_empty() || after.is_empty() || before.ends_with('\n') {
            return None;
        }
        return Some(format!("{before}\n{after}"));
    }
    None
}

/// The words mended so that no paragraph's last line holds one word alone: `lines`, the
/// glyphs of each line of the text as laid out `width` pixels wide with spaces `space`
/// pixels wide. None when there is nothing to mend, or the mend would not fit.
fn mended(
    words: &str,
    lines: &[Vec<&bevy::text::PositionedGlyph>],
    width: f32,
    space: f32,
) -> Option<String> {
    // The author's own line breaks are theirs: each paragraph's lines found by counting
    // what they draw (a paragraph alone on the card's middle left "棋。" on a line).
    let mut rest = lines;
    let mut changed = false;
    let mut mended = Vec::new();
    for paragraph in words.split('\n') {
        let mut drawn = drawn(paragraph);
        let mut taken = 0;
        while drawn > 0 {
            let line = rest.get(taken)?;
            drawn = drawn.checked_sub(line.len())?;
            taken += 1;
        }
        let (own, after) = rest.split_at(taken);
        rest = after;
        match mend_paragraph(paragraph, own, width, space) {
            Some(to) => {
                changed = true;
                mended.push(to);
            }
            None => mended.push(paragraph.to_owned()),
        }
    }
    changed.then(|| mended.join("\n"))
}

/// A paragraph (no line break of the author's in it) mended so that its last line does not
/// hold one word alone, `lines` its own.
fn mend_paragraph(
    words: &str,
    lines: &[Vec<&bevy::text::PositionedGlyph>],
    width: f32,
    space: f32,
) -> Option<String> {
    let [.., above, last] = lines else {
        return None;
    };
    let paragraph = words.trim();
    let at = paragraph.as_ptr() as usize - words.as_ptr() as usize;
    let tail: Vec<char> = paragraph.chars().collect();
    if tail.last().copied().is_some_and(unspaced) {
        // Chinese: one or two characters alone under a line of four or more, a closing
        // stop or bracket after them not counted ("子。", "吃子。"): characters enough go
        // down with them for three.
        let closing = tail
            .iter()
            .rev()
            .take_while(|c| closes(**c))
            .count()
            .min(last.len());
        let alone = last.len() - closing;
        if alone > 2 {
            return None;
        }
        // Fewer from a short line above (a button's "和入门对 / 弈": "和入门 / 对弈").
        let carried = (3 - alone).min(above.len().saturating_sub(3));
        if carried == 0 || tail.len() < last.len() + carried + 2 {
            return None;
        }
        let mut keep = tail.len() - (last.len() + carried);
        // A line never starts with a closing stop: it stays up with the characters before
        // it ("第3课， / 共9课：", not "第3课 / ，共9课：").
        while tail.get(keep).is_some_and(|c| closes(*c)) {
            keep += 1;
        }
        if keep + last.len() >= tail.len() {
            return None;
        }
        let head: String = tail[..keep].iter().collect();
        let rest: String = tail[keep..].iter().collect();
        // A number goes down with its characters ("共9课：").
        if rest.chars().any(|c| !unspaced(c) && !c.is_ascii_digit()) {
            return None;
        }
        let (before, after) = (&words[..at], &words[at + paragraph.len()..]);
        return Some(format!("{before}{head}\n{rest}{after}"));
    }
    let trimmed = words.trim_end();
    let cut = trimmed.rfind(char::is_whitespace)?;
    let alone = &trimmed[cut..].trim_start();
    let before = &trimmed[..cut];
    // The last line is the last word alone, and the space before it an ordinary one.
    if last.len() != drawn(alone) || !trimmed[cut..].starts_with(' ') {
        return None;
    }
    let penultimate = before.rsplit(char::is_whitespace).next()?;
    let count = drawn(penultimate);
    if count == 0 || count >= above.len() {
        return None;
    }
    // The line above keeps two words or more: a mend that leaves one alone there moves
    // the fault up ("Let / others watch" for "Let others / watch").
    let stays = before[..before.len() - penultimate.len()].trim_end();
    let word = stays.rsplit(char::is_whitespace).next()?;
    if above.len() - count <= drawn(word) {
        return None;
    }
    // The two words together fit a line.
    let (lo, hi) = extent(&above[above.len() - count..])?;
    let (a, b) = extent(last)?;
    if (hi - lo) + space + (b - a) > width - 1.0 {
        return None;
    }
    Some(format!("{before}\u{a0}{alone}{}", &words[trimmed.len()..]))
}

/// What a text laid out as `info` in a box `width` pixels wide would be mended to, its
/// font `size` points (None: nothing to mend). The layout check asks it too: a mend that
/// did not take is a fault.
pub fn mend_for(words: &str, info: &TextLayoutInfo, width: f32, size: f32) -> Option<String> {
    let count = info
        .glyphs
        .iter()
        .map(|g| g.line_index + 1)
        .max()
        .unwrap_or(0);
    if count < 2 {
        return None;
    }
    let mut lines: Vec<Vec<&bevy::text::PositionedGlyph>> = vec![Vec::new(); count];
    // Spaces are glyphs without pixels: only what is drawn is counted.
    for g in info
        .glyphs
        .iter()
        .filter(|g| g.atlas_info.rect.width() > 0.0)
    {
        lines[g.line_index].push(g);
    }
    lines.retain(|l| !l.is_empty());
    for line in &mut lines {
        line.sort_by(|a, b| a.position.x.total_cmp(&b.position.x));
    }
    let space = size * 0.3 * info.scale_factor;
    separator_at_break(words, &lines).or_else(|| mended(words, &lines, width, space))
}

/// A text as laid out, and whether it was mended.
type LaidText = (
    Entity,
    &'static mut Text,
    &'static TextLayoutInfo,
    &'static ComputedNode,
    &'static TextFont,
    Option<&'static Mended>,
    Option<&'static bevy::ui::widget::Label>,
    Option<&'static ChildOf>,
);

fn keep_last_words_together(
    mut commands: Commands,
    mut texts: Query<LaidText, Changed<TextLayoutInfo>>,
    buttons: Query<(), With<Button>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (entity, mut text, info, node, font, was, label, parent) in &mut texts {
        // A card's words and a button's (an entry of the online games' list, "Войти по
        // ссылке или коду"); not the bars' lines, which their owners set each frame.
        let in_button = parent.is_some_and(|p| buttons.contains(p.parent()));
        if label.is_none() && !in_button {
            continue;
        }
        let size = match font.font_size {
            bevy::text::FontSize::Px(px) => px,
            _ => 16.0,
        };
        let width = node.size().x - node.padding.min_inset.x - node.padding.max_inset.x;
        // Set back to be mended again at the width it has now.
        let again = was.is_some_and(|m| m.again && m.to.is_empty() && m.from == text.0);
        if let Some(m) = was.filter(|_| !again) {
            // Mended at a width the text no longer has (a card still finding its size):
            // its words as they were, to be mended again once laid out at this one (a
            // Chinese line broken for the first frame's width stood short at the card's
            // own). Once only: a button whose width follows its words would go on.
            if m.to == text.0 && !m.again && (m.width - width).abs() > 1.0 {
                text.0 = m.from.clone();
                commands.entity(entity).insert(Mended {
                    from: m.from.clone(),
                    to: String::new(),
                    width,
                    again: true,
                });
                redraw.write(bevy::window::RequestRedraw);
                continue;
            }
            // Mended once for these words: words set back by their owner stay as set.
            if m.to == text.0 || m.from == text.0 {
                continue;
            }
        }
        if let Some(to) = mend_for(&text.0, info, width, size) {
            commands.entity(entity).insert(Mended {
                from: text.0.clone(),
                to: to.clone(),
                width,
                again,
            });
            text.0 = to;
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::text::{GlyphAtlasInfo, PositionedGlyph};

    /// Glyphs of `lines` as the font draws them ("fi" one glyph), each 10 pixels on from
    /// the last character, 8 wide (spaces none).
    fn laid(lines: &[&str]) -> Vec<Vec<PositionedGlyph>> {
        lines
            .iter()
            .enumerate()
            .map(|(line_index, words)| {
                glyphs_of(words)
                    .into_iter()
                    .map(|(at, _)| PositionedGlyph {
                        position: Vec2::new(words[..at].chars().count() as f32 * 10.0 + 4.0, 0.0),
                        atlas_info: GlyphAtlasInfo {
                            texture: AssetId::default(),
                            rect: Rect::new(0.0, 0.0, 8.0, 8.0),
                            offset: Vec2::ZERO,
                            is_alpha_mask: true,
                        },
                        section_index: 0,
                        line_index,
                    })
                    .collect()
            })
            .collect()
    }

    fn mend(words: &str, lines: &[&str], width: f32) -> Option<String> {
        let glyphs = laid(lines);
        let refs: Vec<Vec<&PositionedGlyph>> = glyphs.iter().map(|l| l.iter().collect()).collect();
        mended(words, &refs, width, 4.0)
    }

    #[test]
    fn letters_the_font_joins_are_counted_as_it_draws_them() {
        // The rules card at 844x390: "Red moves first" draws one glyph fewer than its
        // letters, and "drawn." stood alone unmended.
        let words = "Red moves first. Draw after 50 moves. If the player to move cannot move, the game is drawn.";
        let lines = [
            "Red moves first. Draw after 50 moves. If the",
            "player to move cannot move, the game is",
            "drawn.",
        ];
        assert_eq!(
            mend(words, &lines, 460.0).as_deref(),
            Some(
                "Red moves first. Draw after 50 moves. If the player to move cannot move, the game is\u{a0}drawn."
            )
        );
        assert_eq!(drawn("fifty affluent offices"), 4 + 6 + 5);
        assert_eq!(glyphs_of("ff·x"), [(0, 'f'), (2, '·'), (4, 'x')]);
    }

    #[test]
    fn a_last_word_alone_goes_down_with_the_one_before_it() {
        let words = "Your friend's first move did not come in time";
        let lines = ["Your friend's first move did not come in", "time"];
        assert_eq!(
            mend(words, &lines, 420.0).as_deref(),
            Some("Your friend's first move did not come in\u{a0}time")
        );
        // Two words on the last line already, or a line of one word only: nothing to mend.
        assert_eq!(
            mend(
                words,
                &["Your friend's first move did not come", "in time"],
                420.0
            ),
            None
        );
        assert_eq!(mend("Statistics", &["Statistics"], 420.0), None);
        // A mend that would leave one word alone on the line above is not made.
        assert_eq!(
            mend("Let others watch", &["Let others", "watch"], 420.0),
            None
        );
        assert_eq!(
            mend("Let the others watch", &["Let the others", "watch"], 420.0).as_deref(),
            Some("Let the others\u{a0}watch")
        );
        // "in time" would not fit a line 50 pixels wide: left as it is.
        assert_eq!(mend(words, &lines, 50.0), None);
        // The author's own line break is kept: only a wrapped paragraph is mended.
        assert_eq!(mend("Draw?\nYes", &["Draw?", "Yes"], 420.0), None);
        // A paragraph above another is mended as the last one is.
        assert_eq!(
            mend(
                "Well played. You know the game\nNext",
                &["Well played. You know the", "game", "Next"],
                420.0
            )
            .as_deref(),
            Some("Well played. You know the\u{a0}game\nNext")
        );
    }

    #[test]
    fn a_line_that_would_end_with_a_separator_breaks_there_instead() {
        let words = "2026-12-06\u{a0}· Black won\u{a0}· moves: 22";
        let glyphs = laid(&["2026-12-06 · Black won ·", "moves: 22"]);
        let lines: Vec<Vec<&PositionedGlyph>> = glyphs.iter().map(|l| l.iter().collect()).collect();
        assert_eq!(
            separator_at_break(words, &lines).as_deref(),
            Some("2026-12-06\u{a0}· Black won\nmoves: 22")
        );
        // A separator inside a line is left alone.
        let glyphs = laid(&["2026-12-06 · Black", "won · moves: 22"]);
        let lines: Vec<Vec<&PositionedGlyph>> = glyphs.iter().map(|l| l.iter().collect()).collect();
        assert_eq!(separator_at_break(words, &lines), None);
    }

    #[test]
    fn chinese_carries_characters_down_for_three() {
        let words = "每步一天：你在对手走棋后有一天时间走一步";
        let lines = ["每步一天：你在对手走棋后有一天时间走一", "步"];
        assert_eq!(
            mend(words, &lines, 420.0).as_deref(),
            Some("每步一天：你在对手走棋后有一天时间\n走一步")
        );
        // From a short line, one.
        assert_eq!(
            mend("第3课，共9课：", &["第3课，共9", "课："], 420.0).as_deref(),
            Some("第3课，\n共9课：")
        );
        assert_eq!(
            mend("和入门对弈", &["和入门对", "弈"], 420.0).as_deref(),
            Some("和入门\n对弈")
        );
        // One character and a full stop: two go down with them.
        let words = "很快就会出现第一次吃子。";
        let lines = ["很快就会出现第一次吃", "子。"];
        assert_eq!(
            mend(words, &lines, 420.0).as_deref(),
            Some("很快就会出现第一\n次吃子。")
        );
        // Two characters and a full stop alone: one more goes down with them.
        let words = "还没有保存的对局。下完的对局会保存在这里。";
        let lines = ["还没有保存的对局。下完的对局会保存在", "这里。"];
        assert_eq!(
            mend(words, &lines, 420.0).as_deref(),
            Some("还没有保存的对局。下完的对局会保存\n在这里。")
        );
    }
}
