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
    rows: Query<(&ComputedNode, &Children), With<EqualRow>>,
    mut buttons: Query<(&mut Node, &ComputedNode, &Children), With<Button>>,
    texts: Query<&ComputedNode, (With<Text>, Without<Button>)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
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
            let text = words.iter().find_map(|w| texts.get(w).ok());
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
    use super::widths;

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
