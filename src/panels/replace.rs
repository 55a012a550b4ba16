//! "Start a new game?": asked when a new game would replace the player's game in
//! progress, saying what becomes of it. Keep playing goes back; New game starts the game
//! chosen.

use crate::panels::new_game::Starter;
use crate::shell::navigation::Panel;
use crate::ui::confirm::{Answer, confirm_card};
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, close_panel, panel_card};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Replace, spawn);
}

fn spawn(mut cards: Cards, session: Res<crate::game::session::Session>) {
    let strings = cards.strings();
    // What truly happens to the game replaced: online it goes on at the server (its
    // clock too) and waits under Your online games; offline it is kept in Game records.
    let body = if session.is_online() {
        "replace.body.online"
    } else {
        "replace.body"
    };
    let text = (strings.get("replace.title"), strings.get(body));
    let keep = Answer::keyed("replace.keep", &cards);
    let start = Answer::new("replace.start", cards.strings().get("button.new_game"));
    confirm_card(
        &mut cards,
        DespawnOnExit(Panel::Replace),
        text,
        (keep, close_panel),
        (start, |_: On<Press>, mut starter: Starter| starter.start()),
    );
}
