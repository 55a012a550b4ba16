//! "Start a new game?": asked when a new game would replace the player's game in
//! progress. Keep playing goes back; New game starts the game chosen.

use crate::i18n::Strings;
use crate::layout::BoardLayout;
use crate::panels::new_game::Starter;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, clear_card, close_panel, label, row};
use crate::{GameSet, Panel};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::Replace), spawn)
        // Rebuilt in the words and the safe area of the moment (a language chosen as the
        // app starts, a phone turned).
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::Replace).and_then(
                        resource_changed::<Strings>.or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        );
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
