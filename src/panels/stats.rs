//! Statistics: wins, draws and losses against each level of the computer, and the puzzle
//! rating.

use crate::game::statistics::Stats;
use crate::puzzles::PuzzleStats;
use crate::shell::navigation::Panel;
use crate::ui::i18n::level_key;
use crate::ui::widgets::{Cards, back_row, label, panel_card};
use bevy::prelude::*;
use surakarta_engine::ai::Level;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Stats, spawn);
}

fn spawn(mut cards: Cards, stats: Res<Stats>, puzzles: Res<PuzzleStats>) {
    cards.spawn(
        DespawnOnExit(Panel::Stats),
        |c, strings, theme| {
            c.spawn(label(strings.get("stats.title"), 28.0, theme));
            let played = puzzles.solved + puzzles.missed;
            if played > 0 {
                let line = strings.fill(
                    "stats.puzzles",
                    &[
                        ("rating", puzzles.shown()),
                        ("solved", puzzles.solved.to_string()),
                        ("total", played.to_string()),
                    ],
                );
                c.spawn(label(line, 17.0, theme));
            }
            if stats.0.values().all(|t| t.wins + t.draws + t.losses == 0) {
                c.spawn(label(strings.get("stats.empty"), 17.0, theme));
                return;
            }
            c.spawn(label(strings.get("stats.legend"), 15.0, theme));
            // The levels played, weakest first: seven lines of noughts say nothing.
            for level in Level::ALL {
                let t = stats.0.get(level.name()).copied().unwrap_or_default();
                if t.wins + t.draws + t.losses == 0 {
                    continue;
                }
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
