//! The game screen: the player's own game on the board, played by taps against the
//! computer or by two players on one device. Its bars are `bars.rs`; when the game ends
//! the result comes up (`panels/game_over.rs`).

use crate::session::Turn;
use crate::{Panel, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Turn::Over),
        show_result.run_if(in_state(Screen::Game)),
    );
}

fn show_result(mut panel: ResMut<NextState<Panel>>) {
    (*panel).set_if_neq(Panel::GameOver);
}
