//! The puzzle screen: a puzzle of the pack on the board (in [`Practice`], so the player's
//! game waits untouched), turned so its player plays up the board, and its card at the top
//! saying what to find, then how it went (`card.rs`). The player plays the solution by the
//! same taps, drags and route preview as a game; the solution's replies run round the loops
//! on their own (`replies.rs`). A wrong move is answered by the engine's best reply, played
//! out (the refutation), then Try again (from before the mistake) or Solution (played on
//! the board). A puzzle counts once, at the first try: the rating, the daily puzzle, a
//! streak. Undo is Try again.

use super::pack::{daily, next_in_streak, next_rated, pack, round_over, theme_keys, today};
use super::run::{Kind, OnBoardPuzzle, Progress, PuzzleRun, PuzzleState, game_of, progress};
use super::stats::PuzzleStats;
use crate::board::selection::Selection;
use crate::game::computer::HintFound;
use crate::game::session::{Command, Mode, Practice, Session, Turn, replayed, settled_turn};
use crate::shell::navigation::{Navigator, Panel, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::ai::Level;

/// What the puzzles' buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleStep {
    /// A puzzle near the player's rating, of the theme chosen.
    Rated,
    /// Today's puzzle.
    Daily,
    /// A new streak's first puzzle.
    Streak,
    /// The pack's puzzle of this index, rated (the command line's `--puzzle`).
    Open(usize),
    /// The player's own puzzles, the newest first.
    Mine,
    /// The next puzzle of the same kind (after a daily one, a rated one; after a streak's
    /// end, a new streak).
    Next,
    /// The puzzle again, from before the wrong move.
    Retry,
    /// The solution, played on the board.
    Solution,
    /// Back to the puzzles' card.
    Leave,
    /// Back to the puzzle left for the menu ([`LeftPuzzle`]), as it was.
    Resume,
}

/// The puzzle the player left for the menu (or the puzzles' card), as it was: its board and
/// how it was going, until another board is taken up. The menu offers the way back to it.
#[derive(Resource, Default)]
pub struct LeftPuzzle(Option<(OnBoardPuzzle, Session)>, bool);

/// A puzzle came back from the menu: its board is judged again, as after a move (a move
/// that landed while the menu was up was never judged).
#[derive(Resource, Default, Debug)]
pub struct Rejudge(pub(super) bool);

impl LeftPuzzle {
    /// A puzzle waits to be gone back to.
    pub fn waiting(&self) -> bool {
        self.0.is_some()
    }

    /// The menu's first entry leads back to it: not once the player has been to their
    /// game since (Puzzles still goes back to it).
    pub fn for_the_menu(&self) -> bool {
        self.0.is_some() && !self.1
    }
}

/// The player's game came to the board: a puzzle left waits for Puzzles, not the menu.
pub(super) fn game_seen(mut left: ResMut<LeftPuzzle>) {
    left.1 = true;
}

/// How long a reply of the solution waits after the player's move has been shown, and a
/// move of a solution being shown after the one before.
pub(super) const REPLY_PAUSE: Duration = Duration::from_millis(350);
pub(super) const SHOW_PAUSE: Duration = Duration::from_millis(700);

/// What starting, retrying and leaving a puzzle change.
#[derive(SystemParam)]
pub(super) struct Puzzles<'w> {
    run: ResMut<'w, PuzzleRun>,
    stats: ResMut<'w, PuzzleStats>,
    practice: ResMut<'w, Practice>,
    own: Res<'w, Session>,
    selection: ResMut<'w, Selection>,
    nav: Navigator<'w>,
    turn: ResMut<'w, NextState<Turn>>,
    left: ResMut<'w, LeftPuzzle>,
    rejudge: ResMut<'w, Rejudge>,
}

impl Puzzles<'_> {
    /// Puts puzzle `index` of the pack (of the player's own for [`Kind::Mine`]) on the
    /// board; none: back to the puzzles' card.
    fn start(&mut self, index: Option<usize>, kind: Kind) {
        let found = index.and_then(|i| match kind {
            Kind::Mine => self.stats.mine(i),
            _ => pack().get(i).cloned(),
        });
        let (Some(index), Some(puzzle)) = (index, found) else {
            self.leave();
            return;
        };
        let puzzle = &puzzle;
        // The daily puzzle counts only at its first try of the day.
        let counted = match kind {
            Kind::Daily(day) => self.stats.daily.is_some_and(|d| d.day == day),
            Kind::Rated | Kind::Streak | Kind::Mine => false,
        };
        self.practice.0 = Session {
            game: game_of(puzzle),
            mode: Mode::VsComputer {
                human: puzzle.position.side_to_move(),
                level: Level::Hard,
            },
            seed: self.own.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            counted: true,
            result_seen: false,
            online: None,
        };
        if kind == Kind::Streak {
            self.run.streak.push(index);
        }
        self.run.current = Some(OnBoardPuzzle {
            index,
            puzzle: puzzle.clone(),
            kind,
            state: PuzzleState::Solving,
            counted,
            rating_change: None,
            helped: false,
            nudged: None,
            move_shown: None,
            new_round: false,
            retried: false,
            solution_asked: false,
        });
        self.show();
    }

    /// The puzzle in `run.current` on the board of `practice`.
    fn show(&mut self) {
        self.left.0 = None;
        self.selection.clear();
        self.nav.go(Screen::Puzzle);
        self.nav.close();
        self.turn.set(settled_turn(&self.practice.0));
    }

    /// Back to the puzzle left for the menu; none left, nothing.
    fn resume(&mut self) {
        if let Some((puzzle, board)) = self.left.0.take() {
            self.practice.0 = board;
            self.run.current = Some(puzzle);
            self.rejudge.0 = true;
            self.show();
            // The stone a first hint ringed is ringed again: the card still says so.
            let game = &self.practice.0.game;
            if let Some(c) = &self.run.current
                && c.nudged == Some(game.history().len())
                && let Progress::OnTrack(m) = progress(c.puzzle(), game)
            {
                self.selection.nudge = Some(m.from);
            }
        }
    }

    /// The puzzle on the board from ply `at` of its solution, with the state given.
    fn rewind(&mut self, at: usize, state: PuzzleState) {
        let Some(current) = &mut self.run.current else {
            return;
        };
        let puzzle = current.puzzle();
        let mut line = game_of(puzzle);
        for &m in &puzzle.moves[..at.min(puzzle.moves.len())] {
            // The pack's moves are legal in turn (read so).
            let _ = line.try_play(m);
        }
        current.state = state;
        self.practice.0.game = replayed(&line, line.history().len());
        self.selection.clear();
        self.turn.set(settled_turn(&self.practice.0));
    }

    /// The next rated puzzle; when the theme's round is over (every puzzle played), a new
    /// round begins, and the card says so.
    fn rated(&mut self, seed: u64) {
        // On the board, or left untried for the menu (the Puzzles card's Next).
        let shown = (self.run.current.as_ref())
            .or(self.left.0.as_ref().map(|(c, _)| c))
            .filter(|c| c.kind != Kind::Mine);
        // A rated puzzle passed over unsolved counts as seen in this round (its rating
        // untouched): two untried puzzles had taken turns, each Next giving the other.
        let passed = shown
            .filter(|c| c.kind == Kind::Rated && c.state == PuzzleState::Solving)
            .map(|c| c.puzzle().clone());
        let shown = shown.map(|c| c.index);
        if let Some(puzzle) = passed {
            self.stats.played(&puzzle);
        }
        let new_round = round_over(&self.stats);
        if new_round {
            let keys = theme_keys(&self.stats);
            self.stats.new_round(&keys);
        }
        self.start(next_rated(&self.stats, seed, shown), Kind::Rated);
        if let Some(c) = &mut self.run.current {
            c.new_round = new_round;
        }
    }

    fn leave(&mut self) {
        self.nav.go(Screen::Menu);
        self.nav.open(Panel::Puzzles);
    }

    fn seed(&self) -> u64 {
        self.own.seed ^ self.stats.recent.len() as u64 ^ (self.run.streak.len() as u64) << 32
    }
}

pub(super) fn take_steps(mut steps: MessageReader<PuzzleStep>, mut puzzles: Puzzles) {
    for &step in steps.read() {
        let seed = puzzles.seed();
        let current = puzzles.run.current.clone();
        match step {
            PuzzleStep::Rated => puzzles.rated(seed),
            PuzzleStep::Daily => {
                let day = today();
                puzzles.start(daily(day), Kind::Daily(day));
            }
            PuzzleStep::Streak => {
                puzzles.run.streak.clear();
                puzzles.start(next_in_streak(&[], seed), Kind::Streak);
            }
            PuzzleStep::Open(index) => puzzles.start(Some(index), Kind::Rated),
            PuzzleStep::Mine => {
                let newest = puzzles.stats.mine.len().checked_sub(1);
                puzzles.start(newest, Kind::Mine);
            }
            PuzzleStep::Next => match current {
                Some(c) if c.kind == Kind::Streak && !streak_over(&c) => {
                    let next = next_in_streak(&puzzles.run.streak, seed);
                    puzzles.start(next, Kind::Streak);
                }
                Some(c) if c.kind == Kind::Streak => {
                    puzzles.run.streak.clear();
                    puzzles.start(next_in_streak(&[], seed), Kind::Streak);
                }
                // The next older of the player's own, round to the newest after the oldest.
                Some(c) if c.kind == Kind::Mine => {
                    let count = puzzles.stats.mine.len();
                    let older = c.index.min(count).checked_sub(1).or(count.checked_sub(1));
                    puzzles.start(older, Kind::Mine);
                }
                _ => puzzles.rated(seed),
            },
            PuzzleStep::Retry => {
                let at = match current.map(|c| c.state) {
                    Some(PuzzleState::Missed { at, .. }) => at,
                    Some(PuzzleState::Showing { from }) => from,
                    _ => 0,
                };
                if let Some(c) = &mut puzzles.run.current {
                    c.retried |= matches!(c.state, PuzzleState::Missed { .. });
                }
                puzzles.rewind(at, PuzzleState::Solving);
            }
            PuzzleStep::Solution => {
                let Some(mut c) = current else { continue };
                // A puzzle that still counts: first said what the solution costs.
                let counts = matches!(c.kind, Kind::Rated | Kind::Daily(_)) && !c.counted;
                if counts && c.state == PuzzleState::Solving && !c.solution_asked {
                    c.solution_asked = true;
                    puzzles.run.current = Some(c);
                    continue;
                }
                let from = match c.state {
                    PuzzleState::Missed { at, .. } => at,
                    // From the player's last turn on the line.
                    _ => {
                        let played = puzzles.practice.0.game.history().len();
                        played.min(c.puzzle().moves.len()) & !1
                    }
                };
                // Asking for the solution is a miss.
                count(&mut c, &mut puzzles.stats, false);
                puzzles.run.current = Some(c);
                puzzles.rewind(from, PuzzleState::Showing { from });
            }
            PuzzleStep::Leave => puzzles.leave(),
            PuzzleStep::Resume => puzzles.resume(),
        }
    }
}

/// True when the streak of this puzzle has ended with it.
pub(super) fn streak_over(c: &OnBoardPuzzle) -> bool {
    c.kind == Kind::Streak && (c.state != PuzzleState::Solved || c.helped)
}

/// Counts the puzzle's result, once: the rating (rated and daily puzzles), the daily
/// puzzle, the record of puzzles played lately.
pub(super) fn count(c: &mut OnBoardPuzzle, stats: &mut PuzzleStats, solved: bool) {
    if c.counted {
        return;
    }
    c.counted = true;
    let puzzle = &c.puzzle;
    match c.kind {
        Kind::Rated => c.rating_change = Some(stats.rate(puzzle.rating, solved)),
        Kind::Daily(day) => {
            c.rating_change = Some(stats.rate(puzzle.rating, solved));
            stats.played_daily(day, solved);
        }
        Kind::Streak | Kind::Mine => {}
    }
    if c.kind != Kind::Mine {
        stats.played(puzzle);
    }
}

/// Leaving the puzzle screen: the puzzle, unless it is over, is kept for the menu's way back.
pub(super) fn forget_puzzle(
    mut run: ResMut<PuzzleRun>,
    mut selection: ResMut<Selection>,
    practice: Res<Practice>,
    mut left: ResMut<LeftPuzzle>,
) {
    // A puzzle solved or shown is over: the menu's way back is not to it.
    left.1 = false;
    left.0 = run
        .current
        .take()
        .filter(|c| !matches!(c.state, PuzzleState::Solved | PuzzleState::Shown))
        .map(|c| (c, practice.0.clone()));
    selection.clear();
}

pub(super) fn drop_left_puzzle(mut left: ResMut<LeftPuzzle>) {
    left.0 = None;
}

/// Undo on a puzzle tries it again.
pub(super) fn retry_on_undo(
    mut commands: MessageReader<Command>,
    mut steps: MessageWriter<PuzzleStep>,
) {
    if commands.read().any(|c| *c == Command::Undo) {
        steps.write(PuzzleStep::Retry);
    }
}

/// A hint was shown: the puzzle counts as missed, even when solved. Its move put away
/// (Hide, or a tap elsewhere on the board), the card says the task again, and the next
/// hint starts again from the stone (a tester read "The hint shows the move." with
/// nothing shown; then "the ringed stone moves" with no ring).
pub(super) fn note_hints(
    mut hints: MessageReader<HintFound>,
    mut run: ResMut<PuzzleRun>,
    selection: Res<crate::board::selection::Selection>,
    mut was_shown: Local<bool>,
) {
    let shown = selection.hint.is_some();
    if *was_shown
        && !shown
        && let Some(c) = &mut run.current
    {
        c.move_shown = None;
        c.nudged = None;
    }
    *was_shown = shown;
    if hints.read().count() > 0
        && let Some(c) = &mut run.current
        && c.state == PuzzleState::Solving
    {
        c.helped = true;
        // Shown at the ply its first step was asked at.
        c.move_shown = c.nudged;
    }
}
