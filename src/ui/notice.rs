//! A message for the player, shown once in the bar under the board (a save file that
//! could not be read, a server that could not be reached), until the player moves or
//! starts a game (`game/session.rs` clears it).

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
}

/// The message, if there is one.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice(pub Option<String>);
