//! What a tap means: select a stone, switch to another, deselect, or play a target
//! (with "confirm moves" on, the first tap on a target only proposes the move). Dragging
//! a stone selects it, and dropping it on a target plays that move the same way; dropped
//! anywhere else it stays where it was. The board takes taps and drags only while a
//! person is to move, nothing moves, no card covers it, it is not a record under review
//! and no answered lesson waits; others are dropped.

use crate::board::input::{DragStarted, Dropped, Tapped};
use crate::game::computer::HintFound;
use crate::game::session::{Command, MoveChosen, MovePlayed, OnBoard, Turn};
use crate::game::tutorial::{Tutorial, not_answered};
use crate::settings::Settings;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Panel, Screen};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use surakarta_engine::ai::Hint;
use surakarta_engine::{Move, Square};

pub(super) fn plugin(app: &mut App) {
    app.wake_on_change::<Selection>();
    app.init_resource::<Selection>()
        .init_resource::<BoardHeld>()
        .add_systems(
            Update,
            (
                (pick_up, select_on_tap, put_down).run_if(board_takes_taps),
                drop_taps.run_if(not(board_takes_taps)),
                confirm_or_cancel,
                clear_on_move,
            )
                .chain()
                .in_set(GameSet::Input)
                .after(crate::board::input::TapSystems),
        )
        .add_systems(Update, show_hint.in_set(GameSet::Animate));
}

/// The hint the computer found, shown on the board instead of any selection.
fn show_hint(mut found: MessageReader<HintFound>, mut selection: ResMut<Selection>) {
    if let Some(HintFound(hint)) = found.read().last() {
        *selection = Selection {
            hint: Some(hint.clone()),
            ..Selection::default()
        };
    }
}

/// The board takes taps: a person is to move, nothing moves or covers it, it shows a game
/// being played (the player's, a lesson's or a puzzle's) and no lesson or puzzle waits for
/// Next.
pub fn board_takes_taps(
    turn: Option<Res<State<Turn>>>,
    panel: Res<State<Panel>>,
    screen: Res<State<Screen>>,
    tutorial: Res<Tutorial>,
    held: Res<BoardHeld>,
) -> bool {
    turn.is_some_and(|t| *t.get() == Turn::Waiting)
        && *panel.get() == Panel::None
        && matches!(screen.get(), Screen::Game | Screen::Lesson | Screen::Puzzle)
        && not_answered(tutorial)
        && !held.0
}

/// The board waits for a button, not a move: a puzzle decided (set by `puzzles/`).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardHeld(pub bool);

/// The selected stone, the move waiting for confirmation, a hint being shown, and an
/// opponent's stone whose threats are shown.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Selection {
    pub stone: Option<Square>,
    pub pending: Option<Move>,
    pub hint: Option<Hint>,
    /// An opponent's stone tapped: the captures it could make are drawn.
    pub threats: Option<Square>,
    /// A stone pointed out by a hint's first step (a puzzle's): ringed until a move is
    /// played; choosing a stone keeps it.
    pub nudge: Option<Square>,
    /// When the waiting move was proposed: a tap on its target this soon after is the
    /// second tap of a double tap, not the player's confirmation.
    pub proposed: Option<Instant>,
}

// How soon after a move is proposed a tap on its target is taken for the second tap of a
// double tap, as a button's is: a tester's double-click on the target played the move
// that "Confirm each move" was to show first.
use crate::ui::press::SECOND_TAP;

impl Selection {
    pub fn clear(&mut self) {
        *self = Selection::default();
    }
}

/// Taps and drags the board does not take are gone, not kept for later.
fn drop_taps(
    mut taps: ResMut<Messages<Tapped>>,
    mut drags: ResMut<Messages<DragStarted>>,
    mut drops: ResMut<Messages<Dropped>>,
) {
    taps.clear();
    drags.clear();
    drops.clear();
}

/// A drag that starts on a stone of the side to move picks it up: selected, its targets
/// and routes shown while the finger slides.
fn pick_up(
    mut drags: MessageReader<DragStarted>,
    board: OnBoard,
    mut selection: ResMut<Selection>,
) {
    let game = &board.session().game;
    for &DragStarted(sq) in drags.read() {
        if game.position().at(sq) == Some(game.side_to_move()) && selection.stone != Some(sq) {
            *selection = Selection {
                stone: Some(sq),
                nudge: selection.nudge,
                ..Selection::default()
            };
        }
    }
}

/// A stone dropped on one of its targets plays that move (or proposes it, with confirm
/// moves on), as a tap on the target would; dropped elsewhere nothing is played.
fn put_down(
    mut drops: MessageReader<Dropped>,
    board: OnBoard,
    settings: Res<Settings>,
    mut selection: ResMut<Selection>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    let game = &board.session().game;
    for &Dropped { from, to } in drops.read() {
        let Some(m) = to.and_then(|to| {
            game.moves()
                .iter()
                .copied()
                .find(|m| m.from == from && m.to == to)
        }) else {
            continue;
        };
        if settings.confirm_moves {
            selection.stone = Some(from);
            selection.pending = Some(m);
            selection.proposed = Some(Instant::now());
        } else {
            chosen.write(MoveChosen(m));
            selection.clear();
        }
    }
}

fn select_on_tap(
    mut taps: MessageReader<Tapped>,
    board: OnBoard,
    settings: Res<Settings>,
    mut selection: ResMut<Selection>,
    (mut chosen, mut refused): (MessageWriter<MoveChosen>, MessageWriter<Refused>),
) {
    let game = &board.session().game;
    for &Tapped(sq) in taps.read() {
        let moves = game.moves();
        if let Some(p) = selection.pending
            && p.to == sq
        {
            if selection
                .proposed
                .is_some_and(|at| at.elapsed() < SECOND_TAP)
            {
                continue;
            }
            chosen.write(MoveChosen(p));
            selection.clear();
            return;
        }
        let target = selection
            .stone
            .and_then(|from| moves.iter().copied().find(|m| m.from == from && m.to == sq));
        if let Some(m) = target {
            if settings.confirm_moves {
                selection.pending = Some(m);
                selection.proposed = Some(Instant::now());
            } else {
                chosen.write(MoveChosen(m));
                selection.clear();
                return;
            }
        } else if game.position().at(sq) == Some(game.side_to_move()) && selection.stone != Some(sq)
        {
            *selection = Selection {
                stone: Some(sq),
                nudge: selection.nudge,
                ..Selection::default()
            };
        } else if let Some(why) = selection.stone.and_then(|from| {
            game.position()
                .why_not(from, sq, game.rules().diagonal_steps)
        }) {
            // A target that cannot be played: a "no" the player feels and reads, the rule
            // that says no; an enemy stone tried keeps the stone chosen for another try.
            refused.write(Refused(why));
            if game.position().at(sq).is_none() {
                selection.clear();
            }
        } else if game.position().at(sq) == Some(game.side_to_move().other()) {
            // An opponent's stone: what it threatens, drawn (tapped again: gone).
            let again = selection.threats == Some(sq);
            let nudge = selection.nudge;
            selection.clear();
            selection.nudge = nudge;
            if !again {
                selection.threats = Some(sq);
            }
        } else {
            selection.clear();
        }
    }
}

/// A tap on a target the selected stone cannot reach, and why (`board/refusal.rs` answers).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused(pub surakarta_engine::Refusal);

fn confirm_or_cancel(
    mut commands: MessageReader<Command>,
    mut selection: ResMut<Selection>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    for c in commands.read() {
        match c {
            Command::Accept => {
                if let Some(m) = selection.pending.or(selection.hint.as_ref().map(|h| h.mv)) {
                    chosen.write(MoveChosen(m));
                }
                selection.clear();
            }
            Command::Cancel
            | Command::Undo
            | Command::Redo
            | Command::NewGame { .. }
            | Command::End(_) => selection.clear(),
            Command::Hint => {}
        }
    }
}

fn clear_on_move(mut played: MessageReader<MovePlayed>, mut selection: ResMut<Selection>) {
    if played.read().count() > 0 {
        selection.clear();
    }
}
