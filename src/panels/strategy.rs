//! Strategy, from the menu: six short lessons in play, in our own words, each with a small
//! board from an engine position (the circuits and where a stone stands on them, blocking a
//! route before its loop, the safe but idle corners, the closed opening, not capturing into
//! an open route, and the no-capture counter when ahead).

use crate::settings::Settings;
use crate::shell::navigation::Panel;
use crate::ui::diagram::{Mark, diagram, diagram_size};
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use crate::ui::widgets::{Cards, back_row, label, panel_card, paragraph};
use bevy::prelude::*;
use surakarta_engine::{Position, Side};

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Strategy, spawn);
}

/// The lessons: a translation key and the position (and mark) drawn under it.
pub fn lessons() -> Vec<(&'static str, Option<(String, Mark)>)> {
    let steps = |fen: &str, from: &str| {
        from.parse()
            .ok()
            .map(|sq| (fen.to_owned(), Mark::Steps(sq, true)))
    };
    let capture = |fen: &str, mv: &str| mv.parse().ok().map(|m| (fen.to_owned(), Mark::Capture(m)));
    vec![
        // b3 stands on both circuits (line b inner, row 3 outer); a1 on none.
        (
            "strategy.circuits",
            Some(("6/6/6/1r4/6/r5 r 0 0".to_owned(), Mark::None)),
        ),
        // b2 takes e4 along row 2 and round the loop at f1: c2, d2, e2 and f2 come first.
        ("strategy.block", capture("6/6/4b1/6/1r4/6 r 0 0", "b2xe4")),
        // A stone on a1 can only step out.
        ("strategy.corners", steps("6/6/6/6/6/r5 r 0 0", "a1")),
        // The start: no capture, and each step opens a line.
        (
            "strategy.opening",
            steps(&Position::start(Side::Red).to_string(), "c2"),
        ),
        // Taking e3 lands where e5 takes back round a loop.
        (
            "strategy.open_route",
            capture("6/4b1/6/1r2b1/6/6 r 0 0", "b3xe3"),
        ),
        ("strategy.counter", None),
    ]
}

/// A lesson's words, the counter's filled in from the rule set of new games.
pub fn lesson_text(key: &str, strings: &Strings, settings: &Settings) -> String {
    if key != "strategy.counter" {
        return strings.get(key);
    }
    match settings.rules.no_capture_limit {
        Some(n) => strings.fill(key, &[("n", n.to_string())]),
        None => strings.get("strategy.counter.none"),
    }
}

fn spawn(mut cards: Cards, settings: Res<Settings>, layout: Res<BoardLayout>) {
    let size = diagram_size(&layout);
    cards.spawn(
        DespawnOnExit(Panel::Strategy),
        |c, strings, theme| {
            c.spawn(label(strings.get("strategy.title"), 28.0, theme));
            for (key, picture) in lessons() {
                c.spawn(paragraph(lesson_text(key, strings, &settings), theme));
                if let Some((position, mark)) = picture {
                    diagram(c, theme, size, &position, mark);
                }
            }
        },
        back_row,
    );
}
