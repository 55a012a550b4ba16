//! Statistics: wins, draws and losses against each level of the computer.

use crate::i18n::Strings;
use crate::layout::BoardLayout;
use crate::panels::new_game::level_key;
use crate::persist::Stats;
use crate::ui::widgets::{Cards, back_row, clear_card, label};
use crate::{GameSet, Panel};
use bevy::prelude::*;
use surakarta_engine::ai::Level;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::Stats), spawn)
        // Rebuilt in the words and the safe area of the moment (a language chosen as the
        // app starts, a phone turned).
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::Stats).and_then(
                        resource_changed::<Strings>.or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        );
}

fn spawn(mut cards: Cards, stats: Res<Stats>) {
    cards.spawn(
        DespawnOnExit(Panel::Stats),
        |c, strings, theme| {
            c.spawn(label(strings.get("stats.title"), 28.0, theme));
            if stats.0.values().all(|t| t.wins + t.draws + t.losses == 0) {
                c.spawn(label(strings.get("stats.empty"), 17.0, theme));
                return;
            }
            c.spawn(label(strings.get("stats.legend"), 15.0, theme));
            for level in Level::ALL {
                let t = stats.0.get(level.name()).copied().unwrap_or_default();
                let line = strings.fill(
                    "stats.line",
                    &[
                        ("level", strings.get(level_key(level))),
                        ("wins", t.wins.to_string()),
                        ("draws", t.draws.to_string()),
                        ("losses", t.losses.to_string()),
                    ],
                );
                c.spawn(label(line, 20.0, theme));
            }
        },
        back_row,
    );
}
