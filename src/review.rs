//! The review of a game record on the board, move by move, with each capture's route drawn.
//!
//! A reviewed record is shown like a lesson: the player's game is put aside (never saved
//! over, never counted) and comes back when the review is closed. Stepping forward plays
//! the record's next move through the same path as any other move, so it is animated
//! round its loops; stepping back takes the move back at once. "Play from here" turns the
//! record, as far as it is shown, into a new game.

use crate::GameSet;
use crate::hud::{PanelState, UiAction};
use crate::i18n::Strings;
use crate::selection::Selection;
use crate::session::{
    Aside, Command, Mode, MoveChosen, Session, SessionSystems, Start, Turn, replayed, settled_turn,
};
use crate::stones::StonesOutOfDate;
use bevy::prelude::*;
use surakarta_engine::{Game, Record};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .init_resource::<PendingReview>()
        .add_systems(
            Update,
            (review_actions, end_review_on_new_game)
                .chain()
                .in_set(GameSet::Rules)
                .in_set(ReviewSystems)
                .before(SessionSystems),
        );
}

/// The systems that step through a review.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReviewSystems;

/// A record to put on the board for review at the next frame, shown to its last move
/// (the command line's `--record PATH`).
#[derive(Resource, Clone, Debug, Default)]
pub struct PendingReview(pub Option<Game>);

/// The record under review, whole; the board shows it as far as the player has stepped.
#[derive(Resource, Clone, Debug, Default)]
pub struct Review {
    pub game: Option<Game>,
}

impl Review {
    pub fn active(&self) -> bool {
        self.game.is_some()
    }

    /// The moves of the record.
    pub fn total(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.history().len())
    }
}

/// The review's line for the top bar: which move is shown, of how many.
pub fn review_line(review: &Review, session: &Session, strings: &Strings) -> Option<String> {
    let whole = review.game.as_ref()?;
    let total = whole.history().len();
    let shown = session.game.history();
    let Some(&last) = shown.last() else {
        return Some(strings.fill("review.start", &[("total", total.to_string())]));
    };
    // Numbered as in the record, counting plies from the game's first.
    let ply = whole.start().plies() + shown.len() as u32 - 1;
    let number = Record::move_number(ply);
    let mut line = strings.fill(
        "review.move",
        &[
            ("n", shown.len().to_string()),
            ("total", total.to_string()),
            ("move", format!("{number} {last}")),
        ],
    );
    if shown.len() == total
        && let Some(outcome) = whole.outcome()
    {
        line = format!("{line} · {}", outcome.result_token());
    }
    Some(line)
}

/// What opening, stepping and closing a review change.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct ReviewBoard<'w> {
    pub(crate) session: ResMut<'w, Session>,
    pub(crate) aside: ResMut<'w, Aside>,
    pub(crate) review: ResMut<'w, Review>,
    pub(crate) panels: ResMut<'w, PanelState>,
    pub(crate) selection: ResMut<'w, Selection>,
    pub(crate) stones: ResMut<'w, StonesOutOfDate>,
    pub(crate) next_turn: ResMut<'w, NextState<Turn>>,
    pub(crate) turn: Option<Res<'w, State<Turn>>>,
}

impl ReviewBoard<'_> {
    fn animating(&self) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| *t.get() == Turn::Animating)
    }

    /// Shows the board as it now is in the session.
    fn settle(&mut self) {
        self.selection.clear();
        self.stones.0 = true;
        let turn = settled_turn(&self.session);
        self.next_turn.set(turn);
    }

    /// Puts `game` on the board for review, at its start.
    pub(crate) fn open(&mut self, game: Game) {
        let seed = self.session.seed;
        let start = replayed(&game, 0);
        self.aside.show(
            &mut self.session,
            Session {
                game: start,
                mode: Mode::TwoPlayers,
                seed,
                counted: true,
            },
        );
        self.review.game = Some(game);
        self.panels.close_all();
        self.panels.game_over_closed = true;
        self.settle();
    }

    /// Ends the review: the player's game comes back.
    fn close(&mut self) {
        if self.review.game.take().is_some() {
            self.aside.restore(&mut self.session);
            self.panels.game_over_closed = false;
            self.settle();
        }
    }

    /// Shows the record up to `plies` moves, at once.
    fn jump(&mut self, plies: usize) {
        let Some(whole) = &self.review.game else {
            return;
        };
        // The whole record keeps its result, also one the board does not show (a resignation).
        let game = if plies >= whole.history().len() {
            whole.clone()
        } else {
            replayed(whole, plies)
        };
        self.session.game = game;
        self.settle();
    }
}

fn review_actions(
    mut actions: MessageReader<UiAction>,
    mut board: ReviewBoard,
    mut chosen: MessageWriter<MoveChosen>,
    mut pending: ResMut<PendingReview>,
) {
    if let Some(game) = pending.0.take() {
        board.open(game);
        board.jump(usize::MAX);
    }
    for action in actions.read() {
        match *action {
            // The menu is the player's: the review ends first.
            UiAction::OpenMenu => board.close(),
            UiAction::ReviewFirst if !board.animating() => board.jump(0),
            UiAction::ReviewLast if !board.animating() => board.jump(usize::MAX),
            UiAction::ReviewPrev if !board.animating() => {
                let shown = board.session.game.history().len();
                if board.review.active() && shown > 0 {
                    board.jump(shown - 1);
                }
            }
            UiAction::ReviewNext if !board.animating() => {
                let shown = board.session.game.history().len();
                let next = board
                    .review
                    .game
                    .as_ref()
                    .and_then(|g| g.history().get(shown).copied());
                if let Some(mv) = next {
                    // The one path every move takes: played by the engine, animated.
                    chosen.write(MoveChosen(mv));
                }
            }
            UiAction::ReviewClose => {
                board.close();
                // Back to the records panel the review was opened from.
                board.panels.menu = true;
                board.panels.records = true;
            }
            UiAction::ReviewPlayHere if board.review.active() => {
                let rules = *board.session.game.rules();
                let panels = &mut board.panels;
                panels.choice.from = Start::Here;
                panels.choice.rules = rules;
                panels.new_game = true;
            }
            _ => {}
        }
    }
}

/// A new game (also one played on from a reviewed record) ends the review; the session
/// has already let go of the game put aside.
fn end_review_on_new_game(mut commands: MessageReader<Command>, mut review: ResMut<Review>) {
    if commands
        .read()
        .any(|c| matches!(c, Command::NewGame { .. }))
    {
        review.game = None;
    }
}
