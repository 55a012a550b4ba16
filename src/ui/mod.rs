//! The app's UI kit: the strings and the font (`i18n`), the colours (`theme`), where
//! everything goes on this screen (`layout`), widgets (cards, buttons, labels) in one
//! place, the question cards (`confirm`), the card at the top of a lesson or a puzzle
//! (`top_card`), the one [`press::Press`] event every button answers
//! through an observer, and the small board diagrams of the rules screen.

pub mod confirm;
pub mod diagram;
pub mod equal_rows;
pub mod i18n;
pub mod layout;
pub mod lines;
pub mod notice;
pub mod press;
pub mod scroll;
pub mod steady;
pub mod theme;
pub mod top_card;
pub mod widgets;

use bevy::prelude::*;

/// The strings, colours and layout, which everything drawn reads.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        i18n::plugin,
        theme::plugin,
        layout::plugin,
        notice::plugin,
        top_card::plugin,
        steady::plugin,
        equal_rows::plugin,
        lines::plugin,
    ));
}

/// The widgets and their press, added after the screens' plugins as before.
pub(super) fn widgets_plugin(app: &mut App) {
    app.add_plugins((press::plugin, scroll::plugin))
        .add_systems(
            PostUpdate,
            hide_what_is_not_drawn
                .after(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
        );
}

/// A node laid out or shown anew.
type LaidOrShown = Or<(Changed<Node>, Changed<Visibility>)>;

/// What is not drawn is not spoken: a button or label laid out of the way (`Display::None`,
/// itself or a node it is in) or hidden (a choice kept in place for the card's height) is
/// marked hidden for the screen reader. Bevy hands every
/// accessibility node to the platform, and a hidden claim button ("Friend away: claim
/// victory") was read out with the game's other buttons.
fn hide_what_is_not_drawn(
    changed: Query<(), LaidOrShown>,
    mut spoken: Query<(Entity, &mut bevy::a11y::AccessibilityNode)>,
    nodes: Query<(Option<&Node>, Option<&Visibility>)>,
    parents: Query<&ChildOf>,
) {
    if changed.is_empty() {
        return;
    }
    for (entity, mut node) in &mut spoken {
        let hidden = std::iter::once(entity)
            .chain(parents.iter_ancestors(entity))
            .any(|e| {
                nodes.get(e).is_ok_and(|(n, v)| {
                    n.is_some_and(|n| n.display == Display::None) || v == Some(&Visibility::Hidden)
                })
            });
        if node.is_hidden() != hidden {
            if hidden {
                node.set_hidden();
            } else {
                node.clear_hidden();
            }
        }
    }
}
