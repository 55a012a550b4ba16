//! "Leave the game?", after Back during a game in progress: Stay, or Leave (the game is
//! saved and goes on next time).

use crate::i18n::Strings;
use crate::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, clear_card, close_panel, label, row};
use crate::{GameSet, Panel};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::Leave), spawn)
        // Rebuilt in the words and the safe area of the moment (a language chosen as the
        // app starts, a phone turned).
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::Leave).and_then(
                        resource_changed::<Strings>.or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        );
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
