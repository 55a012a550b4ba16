//! The question cards: a title, a line or two, and two answers side by side at the foot,
//! the way back on the left and the step forward on the right (leave the game, start a new
//! one, resign, answer an offer, start the game chosen).

use super::press::Press;
use super::theme::Theme;
use super::widgets::{Cards, button, label, row, styled_button};
use bevy::ecs::system::IntoObserverSystem;
use bevy::prelude::*;

/// One answer: its button's id (tests and reports find it by that) and its words.
pub struct Answer<'a> {
    /// The button's [`ButtonId`](super::widgets::ButtonId).
    pub id: &'a str,
    /// What it says.
    pub words: String,
}

impl<'a> Answer<'a> {
    /// An answer with these words.
    pub fn new(id: &'a str, words: String) -> Answer<'a> {
        Answer { id, words }
    }

    /// An answer whose words are the translation of its id.
    pub fn keyed(id: &'a str, cards: &Cards) -> Answer<'a> {
        Answer {
            id,
            words: cards.strings().get(id),
        }
    }
}

/// The two answers at the foot of a card: `back` on the left, `ahead` on the right, each
/// doing what its observer does.
pub fn answers<B1: Bundle, M1, B2: Bundle, M2>(
    footer: &mut ChildSpawnerCommands,
    theme: &Theme,
    back: Answer,
    on_back: impl IntoObserverSystem<Press, B1, M1>,
    ahead: Answer,
    on_ahead: impl IntoObserverSystem<Press, B2, M2>,
) {
    footer.spawn(row()).with_children(|r| {
        // The way back drawn quieter than the step forward, as the menu draws its other
        // entries: "Keep playing" and "Resign" had looked alike to a tester.
        r.spawn(styled_button(
            back.id,
            back.words,
            theme.bar,
            theme.bar_text,
            18.0,
            true,
        ))
        .observe(on_back);
        r.spawn(button(ahead.id, ahead.words, theme, 18.0, true))
            .observe(on_ahead);
    });
}

/// A card that asks one question: `title`, `body`, and the two answers.
pub fn confirm_card<B1: Bundle, M1, B2: Bundle, M2>(
    cards: &mut Cards,
    until: impl Bundle,
    (title, body): (String, String),
    (back, on_back): (Answer, impl IntoObserverSystem<Press, B1, M1>),
    (ahead, on_ahead): (Answer, impl IntoObserverSystem<Press, B2, M2>),
) {
    cards.spawn(
        until,
        |c, _, theme| {
            c.spawn(label(title, 26.0, theme));
            c.spawn(label(body, 17.0, theme));
        },
        |footer, _, theme| answers(footer, theme, back, on_back, ahead, on_ahead),
    );
}
