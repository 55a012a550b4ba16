//! The screens, one file each; the one shown is the [`Screen`](crate::shell::navigation::Screen) state.

pub mod game;
pub mod lesson;
pub mod menu;
pub mod review;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((menu::plugin, game::plugin, lesson::plugin, review::plugin));
}
