//! Rules: the game explained for the rule set new games use, with small diagrams of the
//! circuits, a stone's steps and a capture round a loop.

use crate::settings::Settings;
use crate::shell::navigation::Panel;
use crate::ui::diagram::{Mark, diagram, diagram_size};
use crate::ui::i18n::{Language, Strings};
use crate::ui::layout::BoardLayout;
use crate::ui::widgets::{Cards, back_row, label, panel_card, paragraph};
use bevy::prelude::*;
use surakarta_engine::{Position, Side};

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Rules, spawn);
}

/// The rules in words, for the rule set new games use: the board, stepping, capturing
/// round the loops, and how this rule set ends a game.
pub fn rules_text(
    rules: &surakarta_engine::Ruleset,
    strings: &Strings,
    theme: &crate::ui::theme::Theme,
) -> Vec<String> {
    use surakarta_engine::NoMoves;
    let mut out = vec![
        strings.for_theme("rules.board", theme),
        strings.get(if rules.diagonal_steps {
            "rules.step.diagonal"
        } else {
            "rules.step.straight"
        }),
        strings.get("rules.capture"),
    ];
    let mut end = vec![
        strings.get(match rules.first {
            Side::Red => "rules.first.red",
            Side::Black => "rules.first.black",
        }),
        strings.get("rules.win"),
    ];
    if let Some(n) = rules.no_capture_limit {
        end.push(strings.fill("rules.no_capture", &[("n", n.to_string())]));
    }
    if let Some(n) = rules.ply_limit {
        end.push(strings.fill("rules.ply_limit", &[("n", n.to_string())]));
    }
    if let Some(n) = rules.repetition {
        end.push(strings.fill("rules.repetition", &[("n", n.to_string())]));
    }
    end.push(strings.get(match rules.no_moves {
        NoMoves::Loses => "rules.no_moves.loses",
        NoMoves::Draw => "rules.no_moves.draw",
    }));
    // Chinese sentences end in a full-width stop and need no space between them.
    let gap = if strings.language == Language::SimplifiedChinese {
        ""
    } else {
        " "
    };
    out.push(end.join(gap));
    if let Some(id) = rules.preset_id() {
        let name = strings.get(&format!("rules.{id}"));
        out.push(strings.fill("rules.current", &[("name", name)]));
    }
    out
}

fn spawn(mut cards: Cards, settings: Res<Settings>, layout: Res<BoardLayout>) {
    let size = diagram_size(&layout);
    let rules = &settings.rules;
    // The board and its circuits; a stone's steps; a capture round a loop.
    let start = Position::start(rules.first).to_string();
    let pictures = [
        Some((start, Mark::None)),
        "c3".parse().ok().map(|from| {
            (
                "6/6/2b3/2r3/6/6 r 0 0".to_owned(),
                Mark::Steps(from, rules.diagonal_steps),
            )
        }),
        "b3xe3"
            .parse()
            .ok()
            .map(|mv| ("6/6/6/1r2b1/6/6 r 0 0".to_owned(), Mark::Capture(mv))),
    ];
    cards.spawn(
        DespawnOnExit(Panel::Rules),
        |c, strings, theme| {
            c.spawn(label(strings.get("rules.title"), 28.0, theme));
            for (i, text) in rules_text(rules, strings, theme).into_iter().enumerate() {
                c.spawn(paragraph(text, theme));
                if let Some(Some((position, mark))) = pictures.get(i) {
                    diagram(c, theme, size, position, *mark);
                }
            }
        },
        back_row,
    );
}
