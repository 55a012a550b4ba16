//! Which of the bars' buttons can act now: Undo, Redo, Hint and Accept, and the review's
//! steps at either end of the record, drawn faded when they can do nothing; the row of
//! Accept and Cancel shown only while there is something to confirm or cancel (a move
//! waiting, a hint looked for or shown, a review), its words those of what waits.

use super::frame::{BarSystems, ConfirmRow, build_bars};
use crate::board::selection::Selection;
use crate::game::computer::Computer;
use crate::game::session::{OnBoard, Turn};
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::theme::Theme;
use crate::ui::widgets::ButtonId;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_confirm_row, fade_idle_buttons)
            .chain()
            .after(build_bars)
            .in_set(BarSystems)
            .in_set(GameSet::Present),
    );
}

fn show_confirm_row(
    selection: Res<Selection>,
    computer: Res<Computer>,
    screen: Res<State<Screen>>,
    mut row: Query<&mut Visibility, With<ConfirmRow>>,
) {
    let reviewing = *screen.get() == Screen::Review;
    let asked = selection.pending.is_some() || selection.hint.is_some() || computer.hinting();
    let want = if reviewing || asked {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut row {
        if *v != want {
            *v = want;
        }
    }
}

/// Whether Undo, Redo, Hint and Accept can do anything now.
#[derive(SystemParam)]
struct Can<'w> {
    board: OnBoard<'w>,
    turn: Option<Res<'w, State<Turn>>>,
    computer: Res<'w, Computer>,
    selection: Res<'w, Selection>,
    puzzles: Res<'w, crate::puzzles::PuzzleRun>,
    screen: Res<'w, State<Screen>>,
    review: Res<'w, crate::screens::review::Review>,
}

impl Can<'_> {
    /// Undo would take something back: asked of the same `undo` the button runs, on a copy.
    fn undo(&self) -> bool {
        let session = self.board.session();
        let settled = self
            .turn
            .as_ref()
            .is_some_and(|t| !matches!(t.get(), Turn::Animating));
        let mut tried = session.clone();
        crate::game::session::undo(&mut tried);
        settled && tried.game.history().len() < session.game.history().len()
    }

    /// Redo would play something again: not once the game is over (a resignation after
    /// an Undo left Redo drawn as active, and it did nothing).
    fn redo(&self) -> bool {
        let settled = self
            .turn
            .as_ref()
            .is_some_and(|t| !matches!(t.get(), Turn::Animating));
        let game = &self.board.session().game;
        settled && game.can_redo() && game.outcome().is_none()
    }

    fn hint(&self) -> bool {
        let waiting = self
            .turn
            .as_ref()
            .is_some_and(|t| *t.get() == Turn::Waiting);
        // Against a friend online the game is theirs and yours alone: no hints. A puzzle
        // decided has none to give.
        waiting
            && self.puzzles.solving()
            && !self.board.session().is_online()
            && self.board.session().human_to_move()
            && !self.computer.hinting()
            && self.selection.hint.is_none()
            // A move waiting for Accept is the player's own choice: no hint over it.
            && self.selection.pending.is_none()
    }

    /// End opens the end-game card: the player's own game, going on, on the game screen;
    /// after the game, as Result, its card.
    fn end(&self) -> bool {
        let session = self.board.session();
        *self.screen.get() == Screen::Game
            && !self.board.practising()
            && (super::actions::can_end(session) || session.game.outcome().is_some())
    }

    /// The game on the board is over: End says "Result".
    fn over(&self) -> bool {
        !self.board.practising() && self.board.session().game.outcome().is_some()
    }

    /// The record under review can step back (`true`) or forward from the move shown.
    fn review_step(&self, back: bool) -> bool {
        let shown = self.board.session().game.history().len();
        if back {
            shown > 0
        } else {
            shown < self.review.total()
        }
    }

    /// The hint's move is on the board, waiting to be played or put away (not a move of
    /// the player's own waiting for Accept).
    fn hint_shown(&self) -> bool {
        self.selection.hint.is_some() && self.selection.pending.is_none()
    }

    /// Accept has a move to play: the one waiting for confirmation, or the hint once it
    /// has come (not while it is looked for).
    fn accept(&self) -> bool {
        self.selection.pending.is_some() || self.selection.hint.is_some()
    }
}

/// Buttons drawn faded when they can do nothing, and words that follow what they do.
fn fade_idle_buttons(
    can: Can,
    theme: Res<Theme>,
    strings: Res<crate::ui::i18n::Strings>,
    mut buttons: Query<(
        &ButtonId,
        &mut BackgroundColor,
        &Children,
        Option<&mut bevy::a11y::AccessibilityNode>,
        &mut Node,
    )>,
    mut texts: Query<(&mut TextColor, &mut Text)>,
) {
    for (id, mut bg, children, spoken, mut node) in &mut buttons {
        // While a hint is looked for there is nothing to accept: Cancel alone (a faded
        // Accept beside it asked what it was for).
        if id.0 == "bar.accept" {
            let display = if can.accept() {
                Display::Flex
            } else {
                Display::None
            };
            if node.display != display {
                node.display = display;
            }
        }
        // Words that follow what the button does now.
        let key = match id.0.as_str() {
            "bar.end" if can.over() => Some("button.result"),
            "bar.end" => Some("button.end"),
            // A hint shown waits to be played or put away: Cancel would suggest it is
            // taken back (in a puzzle it has already counted).
            "bar.cancel" if can.hint_shown() => Some("button.hide_hint"),
            "bar.cancel" => Some("button.cancel"),
            "bar.accept" if can.hint_shown() => Some("button.play_hint"),
            "bar.accept" => Some("button.accept"),
            _ => None,
        };
        if let Some(key) = key {
            let words = strings.get(key);
            for child in children.iter() {
                if let Ok((_, mut text)) = texts.get_mut(child)
                    && text.0 != words
                {
                    text.0.clone_from(&words);
                }
            }
            if let Some(mut spoken) = spoken
                && spoken.label() != Some(words.as_str())
            {
                spoken.set_label(words);
            }
        }
        let active = match id.0.as_str() {
            "bar.undo" => can.undo(),
            "bar.redo" => can.redo(),
            "bar.hint" => can.hint(),
            "bar.end" => can.end(),
            "bar.accept" => can.accept(),
            "review.first" | "review.prev" => can.review_step(true),
            "review.next" | "review.last" => can.review_step(false),
            "review.play_here" => crate::panels::new_game::can_play_from(&can.board.session().game),
            _ => continue,
        };
        let alpha = if active { 1.0 } else { 0.4 };
        let colour = theme.button.with_alpha(alpha);
        if bg.0 != colour {
            bg.0 = colour;
        }
        for child in children.iter() {
            if let Ok((mut text, _)) = texts.get_mut(child) {
                let colour = theme.button_text.with_alpha(alpha.max(0.55));
                if text.0 != colour {
                    text.0 = colour;
                }
            }
        }
    }
}
