//! Buttons of one row drawn as equals: "Keep playing" and "Resign", the three rule sets,
//! the two colours. A [`row`](super::widgets::row) still wraps as it did (its buttons
//! keep the lines their words give them), but its growing buttons share each line as
//! equally as their words allow; where the buttons, made as wide as the widest, take no
//! more lines than their words do, the row is a grid of equals, its last line's buttons
//! as wide as the others. Words are measured by the layout, so the widths are set after
//! it and laid out on the next frame.

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

/// The least and most width of each button of a row `whole` points wide, from the width
/// each one's words and padding ask (`natural`).
fn widths(natural: &[f32], whole: f32) -> Vec<(f32, Option<f32>)> {
    // A point short of the whole row: a row filled to the last fraction of a point
    // wraps in the layout's own measure of its card and stretches the card to the window.
    let room = whole - 1.0;
    let outer = |w: f32| w.max(LEAST) + 2.0 * MARGIN;
    // The lines the words give: as many buttons on each as fit.
    let mut lines: Vec<Vec<usize>> = Vec::new();
    let mut used = f32::INFINITY;
    for (i, &w) in natural.iter().enumerate() {
        if used + outer(w) > room {
            lines.push(Vec::new());
            used = 0.0;
        }
        used += outer(w);
        if let Some(line) = lines.last_mut() {
            line.push(i);
        }
    }
    let widest = natural.iter().copied().fold(LEAST, f32::max);
    let per_line = ((room / outer(widest)).floor() as usize).clamp(1, natural.len().max(1));
    if natural.len().div_ceil(per_line) <= lines.len() {
        let width = (room / per_line as f32 - 2.0 * MARGIN).floor().max(LEAST);
        return vec![(width, Some(width)); natural.len()];
    }
    // Equal where the words allow: a line's free room goes first to its narrowest.
    let mut out = vec![(LEAST, None); natural.len()];
    for line in lines {
        let mut asked: Vec<f32> = line.iter().map(|&i| natural[i].max(LEAST)).collect();
        asked.sort_by(|a, b| b.total_cmp(a));
        let mut free = room - 2.0 * MARGIN * line.len() as f32;
        let mut share = free / line.len() as f32;
        for (kept, &w) in asked.iter().enumerate() {
            share = free / (line.len() - kept) as f32;
            if w <= share {
                break;
            }
            free -= w;
        }
        for &i in &line {
            out[i] = (share.floor().max(LEAST), None);
        }
    }
    out
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
        for child in children.iter() {
            let Ok((node, computed, words)) = buttons.get(child) else {
                continue;
            };
            if !growing(node) {
                continue;
            }
            let text = words.iter().find_map(|w| texts.get(w).ok());
            let padding = computed.padding.min_inset.x + computed.padding.max_inset.x;
            let asked = text.map_or(0.0, |t| t.size().x) + padding;
            members.push(child);
            natural.push((asked * computed.inverse_scale_factor()).ceil());
        }
        for (child, (min, max)) in members.into_iter().zip(widths(&natural, whole)) {
            let (min, max) = (Val::Px(min), max.map_or(Val::Auto, Val::Px));
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

    #[test]
    fn two_that_fit_share_the_line_equally() {
        // "Keep playing" and "Resign" on a 330-point card.
        let w = widths(&[130.0, 90.0], 330.0);
        assert_eq!(w[0], w[1]);
        assert!(2.0 * (w[0].0 + 8.0) <= 329.0 && 2.0 * (w[0].0 + 8.0) > 320.0);
    }

    #[test]
    fn a_row_that_wraps_anyway_is_a_grid_of_equals() {
        // Four languages, three to a line by their words: the fourth as wide as the rest.
        let w = widths(&[80.0, 90.0, 100.0, 70.0], 330.0);
        assert!(w.iter().all(|&x| x == w[0] && x.1 == Some(x.0)));
        assert!(3.0 * (w[0].0 + 8.0) <= 329.0);
    }

    #[test]
    fn equals_never_take_more_lines_than_the_words() {
        // Three colours that fit on one line only as they are: one line, the free room
        // to the narrow ones, the wide one keeps its words' width.
        let w = widths(&[106.0, 98.0, 112.0], 350.0);
        let line: f32 = [106.0_f32, 98.0, 112.0]
            .iter()
            .zip(&w)
            .map(|(n, (min, _))| n.max(*min) + 8.0)
            .sum();
        assert!(line <= 349.0, "{w:?} takes {line}");
        assert_eq!(w[0], w[1]);
        assert!(w.iter().all(|x| x.1.is_none()));
    }

    #[test]
    fn a_button_wider_than_the_row_is_held_to_it() {
        let w = widths(&[500.0], 330.0);
        assert!(w[0].0 + 8.0 <= 329.0);
    }
}
