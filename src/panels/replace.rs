//! "Start a new game?": asked when a new game would replace the player's game in
//! progress. Keep playing goes back; New game starts the game chosen.

use crate::panels::new_game::Starter;
use crate::shell::navigation::Panel;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, close_panel, label, panel_card, row};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Replace, spawn);
}

fn spawn(mut cards: Cards) {
    cards.spawn(
        DespawnOnExit(Panel::Replace),
        |c, strings, theme| {
            c.spawn(label(strings.get("replace.title"), 26.0, theme));
            c.spawn(label(strings.get("replace.body"), 17.0, theme));
        },
        |footer, strings, theme| {
            footer.spawn(row()).with_children(|r| {
                let keep = strings.get("replace.keep");
                r.spawn(button("replace.keep", keep, theme, 20.0, true))
                    .observe(close_panel);
                let start = strings.get("button.new_game");
                r.spawn(button("replace.start", start, theme, 20.0, true))
                    .observe(|_: On<Press>, mut starter: Starter| starter.start());
            });
        },
    );
}
