//! The cards over the screen, one file each; the open one is the [`Panel`](crate::shell::navigation::Panel)
//! state. Each spawns its card on entering its state, rebuilds it when what it shows
//! changes, and is despawned on leaving.

mod choices;
pub mod end_game;
pub mod game_over;
pub mod invite;
pub mod leave;
pub mod lessons;
pub mod moves;
pub mod new_game;
pub mod offer;
pub mod online_games;
pub mod problem;
pub mod records;
pub mod replace;
pub mod resign;
pub mod rules;
pub mod settings;
pub mod stats;
pub mod strategy;

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
        end_game::plugin,
        resign::plugin,
        offer::plugin,
        strategy::plugin,
        moves::plugin,
        invite::plugin,
    ));
    app.add_plugins((problem::plugin, online_games::plugin, lessons::plugin));
}
