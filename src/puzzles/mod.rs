//! Puzzles, one feature in one folder: the pack and which puzzle comes next (`pack.rs`),
//! the player's rating and record (`stats.rs`), the puzzle on the board (`run.rs`), the
//! screen that plays it (`screen.rs`, its moves in `replies.rs`, its card in `card.rs`),
//! the Puzzles card of the menu (`panel.rs`), and the player's own puzzles kept from the
//! analysis of their games (`keep.rs`).

mod card;
mod hint;
mod keep;
pub mod pack;
mod panel;
mod replies;
mod run;
mod screen;
mod stats;

use crate::game::session::{Practice, SessionSystems};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use bevy::prelude::*;

pub use card::{PuzzleCard, step, theme_key};
pub use keep::{KEEP_DEPTH, KeepPuzzles, Keeping};
pub use pack::{count_of, daily, key_of, next_in_streak, next_rated, pack, streak_target, today};
pub use run::{Kind, OnBoardPuzzle, Progress, PuzzleRun, PuzzleState, game_of, progress};
pub use screen::{LeftPuzzle, PuzzleStep};
pub use stats::{DailyDone, MINE, PROVISIONAL, PuzzleStats, START_RATING};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
    app.wake_on::<KeepPuzzles>()
        .wake_while(|keeping: Res<Keeping>| keeping.busy());
    app.init_resource::<PuzzleStats>()
        .init_resource::<PuzzleRun>()
        .init_resource::<LeftPuzzle>()
        .init_resource::<screen::Rejudge>()
        .init_resource::<Keeping>()
        .add_message::<KeepPuzzles>()
        .add_systems(
            Update,
            (keep::take_keep_requests, keep::check_one_position).chain(),
        );

    app.wake_on::<PuzzleStep>()
        .wake_on_change::<PuzzleRun>()
        .wake_while(replies::replying);
    app.add_message::<PuzzleStep>()
        .add_systems(
            OnExit(Screen::Puzzle),
            (screen::forget_puzzle, hold_board).chain(),
        )
        // Another board taken up: the menu's way back is to it, not to the puzzle.
        .add_systems(OnEnter(Screen::Game), screen::game_seen)
        .add_systems(OnEnter(Screen::Lesson), screen::drop_left_puzzle)
        .add_systems(OnEnter(Screen::Review), screen::drop_left_puzzle)
        .add_systems(
            Update,
            (
                screen::take_steps,
                (
                    screen::retry_on_undo,
                    hint::hint_in_two_steps,
                    screen::note_hints,
                    replies::check_moves,
                    replies::play_replies,
                    hold_board,
                )
                    .run_if(in_state(Screen::Puzzle)),
            )
                .chain()
                .in_set(GameSet::Rules)
                .after(SessionSystems),
        )
        .add_systems(
            Update,
            (card::show_card, card::say_what_happened)
                .run_if(
                    in_state(Screen::Puzzle).and_then(
                        resource_changed::<PuzzleRun>
                            .or_else(resource_changed::<Practice>)
                            .or_else(resource_changed::<Strings>)
                            .or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        );
}

/// A puzzle decided holds the board: its taps wait for the card's buttons.
fn hold_board(run: Res<PuzzleRun>, mut held: ResMut<crate::board::selection::BoardHeld>) {
    let hold = !run.solving();
    if held.0 != hold {
        held.0 = hold;
    }
}
