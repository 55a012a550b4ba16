//! "Leave the game?", after Back during a game in progress: Stay, or Leave (the game is
//! saved and goes on next time).

use crate::shell::navigation::Panel;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, close_panel, label, panel_card, row};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Leave, spawn);
}

fn spawn(mut cards: Cards) {
    cards.spawn(
        DespawnOnExit(Panel::Leave),
        |c, strings, theme| {
            c.spawn(label(strings.get("leave.title"), 26.0, theme));
            c.spawn(label(strings.get("leave.body"), 17.0, theme));
        },
        |footer, strings, theme| {
            footer.spawn(row()).with_children(|r| {
                r.spawn(button(
                    "leave.stay",
                    strings.get("leave.stay"),
                    theme,
                    20.0,
                    true,
                ))
                .observe(close_panel);
                r.spawn(button(
                    "leave.leave",
                    strings.get("leave.leave"),
                    theme,
                    20.0,
                    true,
                ))
                .observe(|_: On<Press>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                });
            });
        },
    );
}
