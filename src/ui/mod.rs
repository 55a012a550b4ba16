//! The app's UI kit: widgets (cards, buttons, labels) in one place, the one [`press::Press`]
//! event every button answers through an observer, and the small board diagrams of the
//! rules screen.

pub mod diagram;
pub mod press;
pub mod widgets;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((press::plugin, widgets::plugin));
}
