//! Why an online game could not be made or joined (the server out of reach, the game
//! full or gone), on a card of its own over whatever the player is looking at, in the
//! player's words: Close, or Try again (the same request once more).

use crate::online::Link;
use crate::online::ask::Ask;
use crate::shell::navigation::{Navigator, Panel};
use crate::ui::confirm::{Answer, confirm_card};
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, close_panel, label, panel_card, row};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Problem, spawn);
}

fn spawn(mut cards: Cards, link: Res<Link>) {
    let strings = cards.strings();
    let text = (
        strings.get("problem.title"),
        link.problem().unwrap_or_default().to_owned(),
    );
    let close = Answer::keyed("problem.close", &cards);
    if link.retry().is_none() {
        // Nothing to ask again (a pasted text that is no invite): Close alone.
        let (title, body) = text;
        cards.spawn(
            DespawnOnExit(Panel::Problem),
            |c, _, theme| {
                c.spawn(label(title, 26.0, theme));
                c.spawn(label(body, 17.0, theme));
            },
            |footer, strings, theme| {
                footer.spawn(row()).with_children(|r| {
                    r.spawn(button(
                        "problem.close",
                        strings.get("problem.close"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(close_panel);
                });
            },
        );
        return;
    }
    let retry = Answer::keyed("problem.retry", &cards);
    confirm_card(
        &mut cards,
        DespawnOnExit(Panel::Problem),
        text,
        (close, close_panel),
        (retry, try_again),
    );
}

/// The request that failed, once more.
fn try_again(_: On<Press>, link: Res<Link>, mut ask: MessageWriter<Ask>, mut nav: Navigator) {
    if let Some(again) = link.retry() {
        ask.write(again);
    }
    nav.close();
}
