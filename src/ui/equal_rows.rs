//! Buttons of one row drawn as equals: "Keep playing" and "Resign", the three rule sets,
//! the two colours, Puzzles' themes. The growing buttons of a [`row`](super::widgets::row)
//! are all as wide as the widest one's words ask, as many on a line as fit, the lines
//! balanced, each line's buttons sharing its width: a grid of equals, where a row left to
//! its words had buttons of every width side by side. A row with other things between its
//! buttons (a level's name between Easier and Harder) keeps its lines, its buttons as wide
//! as the widest of them. Words are
//! measured by the layout, so the widths are set after it and laid out on the next frame.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, equal_widths.after(bevy::ui::UiSystems::Layout));
}

/// Marks a row of buttons as wide as each other whatever their words (the bars' five),
/// whose words all shrink alike until the longest keeps a margin inside its button, as
/// an [`EqualRow`]'s do when its buttons share a line too narrow for them
/// ("Indstillinger" beside "Strategi" on a 320-point phone).
#[derive(Component, Default)]
pub struct FitWords;

/// The rows of equals, as laid out.
type Rows<'w, 's> = Query<'w, 's, (&'static ComputedNode, &'static Children), With<EqualRow>>;

/// The buttons' words, as laid out, and their size.
type Words<'w, 's> =
    Query<'w, 's, (&'static ComputedNode, &'static mut TextFont), (With<Text>, Without<Button>)>;

/// A row whose words are fitted: marked so, or a row of equals.
type FitRow = Or<(With<FitWords>, With<EqualRow>)>;

/// The room kept between a button's words and its edge, each side, in points.
const WORDS_MARGIN: f32 = 6.0;

/// The smallest size words are shrunk to, in points.
const SMALLEST_WORDS: f32 = 10.0;

/// The size a row's words are shrunk to, from their size now (`size`) and the most any of
/// them overflows the room it should keep (`over`: the widest words with their margins
/// over their button's inner width). None when they fit. Only shrinks, so it settles.
fn fitted_size(size: f32, over: f32) -> Option<f32> {
    // A hair over is the layout's rounding (a row's widths are its words' own, floored).
    if over <= 1.02 || size <= SMALLEST_WORDS {
        return None;
    }
    // To half a point, down: a row shrunk a hair too little asks again the next frame.
    Some(((size / over) * 2.0).floor().max(2.0 * SMALLEST_WORDS) / 2.0)
}

/// After the layout: the words of a [`FitWords`] row shrunk together, so that the longest
/// ("Вернуть", "Tilbage" on a 320-point phone) does not touch its button's edges.
fn fit_words(
    rows: &Query<&Children, FitRow>,
    buttons: &Query<(&mut Node, &ComputedNode, &Children), With<Button>>,
    texts: &mut Words,
    redraw: &mut MessageWriter<bevy::window::RequestRedraw>,
) {
    for children in rows {
        let mut over = 0.0_f32;
        let mut size = f32::MAX;
        let mut words = Vec::new();
        for child in children.iter() {
            let Ok((_, button, inside)) = buttons.get(child) else {
                continue;
            };
            let scale = button.inverse_scale_factor();
            let width =
                (button.size().x - button.border.min_inset.x - button.border.max_inset.x) * scale;
            for w in inside.iter() {
                let Ok((text, font)) = texts.get(w) else {
                    continue;
                };
                let FontSize::Px(px) = font.font_size else {
                    continue;
                };
                let asked = text.size().x * scale + 2.0 * WORDS_MARGIN;
                if width > 0.0 && text.size().x > 0.0 {
                    over = over.max(asked / width);
                }
                size = size.min(px);
                words.push(w);
            }
        }
        let Some(fitted) = fitted_size(size, over) else {
            continue;
        };
        for w in words {
            if let Ok((_, mut font)) = texts.get_mut(w) {
                font.font_size = FontSize::Px(fitted);
            }
        }
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// Marks a row whose growing buttons are drawn equally wide.
#[derive(Component, Default)]
pub struct EqualRow;

/// A button's least width whatever its words: a finger's.
const LEAST: f32 = 64.0;

/// A button's margin on each side (`widgets::styled_button`).
const MARGIN: f32 = 4.0;

/// The width of each button of a row `whole` points wide, from the width each one's words
/// and padding ask (`natural`): all as wide as the widest asks (so no words wrap inside),
/// as many on a line as fit, the lines balanced (four in two lines of two, not three and
/// one), each line's buttons sharing its width.
fn widths(natural: &[f32], whole: f32) -> Vec<f32> {
    // A point short of the whole row: a row filled to the last fraction of a point
    // wraps in the layout's own measure of its card and stretches the card to the window.
    let room = whole - 1.0;
    let count = natural.len().max(1);
    let widest = natural.iter().copied().fold(LEAST, f32::max);
    let fit = ((room / (widest + 2.0 * MARGIN)).floor() as usize).clamp(1, count);
    let per_line = count.div_ceil(count.div_ceil(fit));
    let width = (room / per_line as f32 - 2.0 * MARGIN).floor().max(LEAST);
    vec![width; natural.len()]
}

/// After the layout: each growing button of a row given its least and most width.
fn equal_widths(
    (rows, fit_rows): (Rows, Query<&Children, FitRow>),
    mut buttons: Query<(&mut Node, &ComputedNode, &Children), With<Button>>,
    mut texts: Words,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    // The rows' words fitted first (one system for both: each system costs the web
    // build's download).
    fit_words(&fit_rows, &buttons, &mut texts, &mut redraw);
    let growing = |node: &Node| node.flex_grow > 0.0 && node.flex_basis == Val::Auto;
    for (row, children) in &rows {
        let whole = row.size().x * row.inverse_scale_factor();
        if !whole.is_finite() || whole <= 2.0 * (LEAST + MARGIN) {
            continue;
        }
        let mut members = Vec::new();
        let mut natural = Vec::new();
        let mut others = false;
        for child in children.iter() {
            let Ok((node, computed, words)) = buttons.get(child) else {
                others = true;
                continue;
            };
            if !growing(node) {
                others = true;
                continue;
            }
            let text = words.iter().find_map(|w| texts.get(w).ok().map(|(t, _)| t));
            let padding = computed.padding.min_inset.x + computed.padding.max_inset.x;
            let asked = text.map_or(0.0, |t| t.size().x) + padding;
            members.push(child);
            natural.push((asked * computed.inverse_scale_factor()).ceil());
        }
        // A row with words or fixed buttons between its buttons (New game's stepper in
        // landscape: Easier, the level, Harder) keeps its lines: its buttons are only made
        // as wide as the widest of them, and share what is left alike.
        let sizes: Vec<(Val, Val)> = if others {
            let widest = natural.iter().copied().fold(LEAST, f32::max);
            vec![(Val::Px(widest), Val::Auto); natural.len()]
        } else {
            widths(&natural, whole)
                .into_iter()
                .map(|w| (Val::Px(w), Val::Px(w)))
                .collect()
        };
        for (child, (min, max)) in members.into_iter().zip(sizes) {
            if let Ok((mut node, _, _)) = buttons.get_mut(child)
                && (node.min_width != min || node.max_width != max)
            {
                node.min_width = min;
                node.max_width = max;
                redraw.write(bevy::window::RequestRedraw);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{fitted_size, widths};

    #[test]
    fn words_that_fit_keep_their_size_and_others_shrink_until_they_do() {
        assert_eq!(fitted_size(13.0, 0.9), None);
        assert_eq!(fitted_size(13.0, 1.01), None);
        // 10% too wide: 13 points down to 11.5 (to half a point, down), then fits.
        assert_eq!(fitted_size(13.0, 1.1), Some(11.5));
        // Never below the smallest size, and not shrunk again once there.
        assert_eq!(fitted_size(13.0, 3.0), Some(10.0));
        assert_eq!(fitted_size(10.0, 1.5), None);
    }

    /// How many of `w` go on a line of a row `whole` wide.
    fn on_a_line(w: &[f32], whole: f32) -> usize {
        ((whole - 1.0) / (w[0] + 8.0)).floor() as usize
    }

    #[test]
    fn two_that_fit_share_the_line_equally() {
        // "Keep playing" and "Resign" on a 330-point card: one line, filled.
        let w = widths(&[130.0, 90.0], 330.0);
        assert_eq!(w[0], w[1]);
        assert!(2.0 * (w[0] + 8.0) <= 329.0 && 2.0 * (w[0] + 8.0) > 320.0);
    }

    #[test]
    fn a_row_that_wraps_is_a_balanced_grid_of_equals() {
        // Four languages, three of whose words fit a line: two lines of two, not 3 and 1.
        let w = widths(&[80.0, 90.0, 100.0, 70.0], 330.0);
        assert!(w.iter().all(|&x| x == w[0]));
        assert_eq!(on_a_line(&w, 330.0), 2);
        // Close, Analyse, New game where the three do not fit as equals: two and one,
        // each as wide as the widest's words, none narrower.
        let w = widths(&[70.0, 98.0, 118.0], 310.0);
        assert!(w.iter().all(|&x| x == w[0] && x >= 118.0));
        assert_eq!(on_a_line(&w, 310.0), 2);
    }

    #[test]
    fn no_button_is_narrower_than_its_words() {
        for whole in [250.0, 310.0, 330.0, 420.0] {
            let natural = [64.0, 97.0, 143.0, 120.0, 88.0];
            let w = widths(&natural, whole);
            assert!(w.iter().all(|&x| x >= 143.0), "{whole}: {w:?}");
            assert!(on_a_line(&w, whole) >= 1);
        }
    }

    #[test]
    fn a_button_wider_than_the_row_is_held_to_it() {
        let w = widths(&[500.0], 330.0);
        assert!(w[0] + 8.0 <= 329.0);
    }
}
