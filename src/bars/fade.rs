//! Which of the bars' buttons can act now: Undo, Redo, Hint and Accept drawn faded when
//! they can do nothing, and the row of Accept and Cancel shown only while there is
//! something to confirm or cancel (a move waiting, a hint looked for or shown, a review).

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

    /// Redo would play something again.
    fn redo(&self) -> bool {
        let settled = self
            .turn
            .as_ref()
            .is_some_and(|t| !matches!(t.get(), Turn::Animating));
        settled && self.board.session().game.can_redo()
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

    /// Accept has a move to play: the one waiting for confirmation, or the hint once it
    /// has come (not while it is looked for).
    fn accept(&self) -> bool {
        self.selection.pending.is_some() || self.selection.hint.is_some()
    }
}

/// Undo, Redo, Hint and Accept drawn faded when they can do nothing.
fn fade_idle_buttons(
    can: Can,
    theme: Res<Theme>,
    strings: Res<crate::ui::i18n::Strings>,
    mut buttons: Query<(&ButtonId, &mut BackgroundColor, &Children)>,
    mut texts: Query<(&mut TextColor, &mut Text)>,
) {
    for (id, mut bg, children) in &mut buttons {
        if id.0 == "bar.end" {
            let key = if can.over() {
                "button.result"
            } else {
                "button.end"
            };
            let words = strings.get(key);
            for child in children.iter() {
                if let Ok((_, mut text)) = texts.get_mut(child)
                    && text.0 != words
                {
                    text.0.clone_from(&words);
                }
            }
        }
        let active = match id.0.as_str() {
            "bar.undo" => can.undo(),
            "bar.redo" => can.redo(),
            "bar.hint" => can.hint(),
            "bar.end" => can.end(),
            "bar.accept" => can.accept(),
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
