//! Everything around the board: the bars (turn, counts, buttons) and the panels (new
//! game, game over). Bars sit above and below the board in portrait, beside it in
//! landscape, sized by the layout.

mod actions;
mod bars;
pub mod diagram;
mod panels;
mod widgets;

pub use panels::{GameOverTitle, NewGameChoice, OpenPanel, PanelState, rules_text};
pub use widgets::UiAction;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((widgets::plugin, bars::plugin, panels::plugin));
}
