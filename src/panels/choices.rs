//! Rows of choices on the New game card: the colour the player takes, and the time limit
//! of a game with a friend online (the live clocks in a row, the correspondence days in
//! another, then none, and under them what the chosen one means).

use super::new_game::NewGameChoice;
use crate::online::wire::TimeControl;
use crate::ui::i18n::Strings;
use crate::ui::press::Press;
use crate::ui::widgets::{choice, label, row};
use bevy::prelude::*;
use surakarta_engine::Side;

/// The time limits a game with a friend online may have: none, live (minutes + seconds a
/// move) or correspondence (days a move).
pub const CLOCKS: [Option<TimeControl>; 7] = [
    None,
    Some(TimeControl::Live {
        initial: 180,
        increment: 2,
    }),
    Some(TimeControl::Live {
        initial: 300,
        increment: 3,
    }),
    Some(TimeControl::Live {
        initial: 600,
        increment: 5,
    }),
    Some(TimeControl::Correspondence { days: 1 }),
    Some(TimeControl::Correspondence { days: 3 }),
    Some(TimeControl::Correspondence { days: 7 }),
];

/// A time limit in the player's words: "No clock", "3 + 2", "3 days".
pub fn clock_name(clock: Option<TimeControl>, strings: &Strings) -> String {
    match clock {
        None => strings.get("clock.none"),
        Some(TimeControl::Live { initial, increment }) => {
            format!("{} + {increment}", initial / 60)
        }
        Some(TimeControl::Correspondence { days }) => strings.get(&format!("clock.days.{days}")),
    }
}

/// The clock of an online game: the live ones in a row, the days in another, then none;
/// under them what the chosen one means.
pub(super) fn clock_rows(
    c: &mut ChildSpawnerCommands,
    now: NewGameChoice,
    strings: &Strings,
    theme: &crate::ui::theme::Theme,
) {
    c.spawn(label(strings.get("newgame.clock"), 17.0, theme));
    for clocks in [&CLOCKS[1..4], &CLOCKS[4..], &CLOCKS[..1]] {
        c.spawn(row()).with_children(|r| {
            for &clock in clocks {
                let id = match clock {
                    None => "newgame.clock.none".to_owned(),
                    Some(TimeControl::Live { initial, increment }) => {
                        format!("newgame.clock.{}+{increment}", initial / 60)
                    }
                    Some(TimeControl::Correspondence { days }) => format!("newgame.clock.{days}d"),
                };
                r.spawn(choice(
                    id,
                    clock_name(clock, strings),
                    now.clock == clock,
                    theme,
                ))
                .observe(
                    move |_: On<Press>, mut choice: ResMut<NewGameChoice>| {
                        choice.clock = clock;
                    },
                );
            }
        });
    }
    let note = match now.clock {
        None => strings.get("clock.note.none"),
        Some(TimeControl::Live { initial, increment }) => strings.fill(
            "clock.note.live",
            &[
                ("m", (initial / 60).to_string()),
                ("s", increment.to_string()),
            ],
        ),
        Some(TimeControl::Correspondence { .. }) => strings.fill(
            "clock.note.days",
            &[("days", clock_name(now.clock, strings))],
        ),
    };
    c.spawn(label(note, 14.0, theme));
}

/// The colour the player takes: Red, Black or drawn at random.
pub(super) fn colour_row(
    c: &mut ChildSpawnerCommands,
    now: NewGameChoice,
    strings: &crate::ui::i18n::Strings,
    theme: &crate::ui::theme::Theme,
) {
    c.spawn(label(strings.get("newgame.colour"), 17.0, theme));
    c.spawn(row()).with_children(|r| {
        for (colour, key, id) in [
            (Some(Side::Red), "side.red", "newgame.red"),
            (Some(Side::Black), "side.black", "newgame.black"),
            (None, "newgame.random", "newgame.random"),
        ] {
            r.spawn(choice(id, strings.get(key), now.colour == colour, theme))
                .observe(move |_: On<Press>, mut choice: ResMut<NewGameChoice>| {
                    choice.colour = colour;
                });
        }
    });
}
