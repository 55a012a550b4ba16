//! The cards over the screen, one file each; the open one is the [`Panel`](crate::Panel)
//! state. Each spawns its card on entering its state, rebuilds it when what it shows
//! changes, and is despawned on leaving.

pub mod game_over;
pub mod leave;
pub mod new_game;
pub mod records;
pub mod replace;
pub mod rules;
pub mod settings;
pub mod stats;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        new_game::plugin,
        settings::plugin,
        stats::plugin,
        rules::plugin,
        records::plugin,
        leave::plugin,
        replace::plugin,
        game_over::plugin,
    ));
}
