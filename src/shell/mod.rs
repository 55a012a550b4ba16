//! The app around the game: where the player is (`navigation`: screens, panels and the one
//! way to change them), Back (`back`), the sounds (`sound`) and drawing frames only when
//! something changes (`awake`).

pub mod awake;
pub mod back;
pub mod navigation;
pub mod sound;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((back::plugin, sound::plugin, awake::plugin));
}
