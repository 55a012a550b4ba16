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
    ));
}

/// The widgets and their press, added after the screens' plugins as before.
pub(super) fn widgets_plugin(app: &mut App) {
    app.add_plugins((press::plugin, scroll::plugin));
}
