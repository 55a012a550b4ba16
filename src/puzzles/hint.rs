//! A puzzle's hint, in two steps as lichess gives them: first the stone to move, ringed
//! (nothing counted yet), then, asked again, the move itself, shown as any hint is (the
//! puzzle then counts as missed).

use super::run::{Progress, PuzzleRun, PuzzleState, progress};
use crate::board::accessibility::Say;
use crate::board::selection::Selection;
use crate::game::computer::HintFound;
use crate::game::session::{Command, Practice};
use crate::ui::i18n::Strings;
use bevy::prelude::*;
use surakarta_engine::ai::describe;

pub(super) fn hint_in_two_steps(
    mut commands: MessageReader<Command>,
    mut run: ResMut<PuzzleRun>,
    practice: Res<Practice>,
    mut selection: ResMut<Selection>,
    mut hints: MessageWriter<HintFound>,
    mut say: MessageWriter<Say>,
    strings: Res<Strings>,
) {
    if !commands.read().any(|c| *c == Command::Hint) {
        return;
    }
    let game = &practice.0.game;
    let Some(c) = &mut run.current else { return };
    let players_turn = game.side_to_move() == c.puzzle().position.side_to_move();
    if c.state != PuzzleState::Solving || !players_turn || game.outcome().is_some() {
        return;
    }
    let Progress::OnTrack(m) = progress(c.puzzle(), game) else {
        return;
    };
    let ply = game.history().len();
    if c.nudged == Some(ply) {
        // Asked again: the move (`note_hints` counts the puzzle as missed).
        hints.write(HintFound(describe(game, m)));
    } else {
        c.nudged = Some(ply);
        *selection = Selection {
            nudge: Some(m.from),
            ..Selection::default()
        };
        say.write(Say(strings.fill(
            "puzzle.hint_stone_spoken",
            &[("square", m.from.to_string())],
        )));
    }
}
