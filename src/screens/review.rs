//! The review screen: a game record on the board (in [`Practice`], so the player's game
//! waits untouched), stepped through move by move with each capture's route drawn.
//!
//! Stepping forward plays the record's next move through the same path as any other move,
//! so it runs round its loops; stepping back takes moves back at once. "Play from here"
//! turns the record, as far as it is shown, into a new game; Close goes back to the game
//! records.

use crate::board::selection::Selection;
use crate::game::analysis::{Analysis, mark};
use crate::game::session::{
    Mode, MoveChosen, Practice, Session, SessionSystems, Turn, replayed, settled_turn,
};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use crate::ui::i18n::{Strings, held_whole};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surakarta_engine::Side;
use surakarta_engine::ai::describe;
use surakarta_engine::tablebase::Value;
use surakarta_engine::{Game, Move, Record};

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<ReviewStep>().wake_on::<OpenReview>();
    app.init_resource::<Review>()
        .init_resource::<PendingReview>()
        .init_resource::<QueuedNext>()
        .add_message::<OpenReview>()
        .add_message::<ReviewStep>()
        .add_systems(OnExit(Screen::Review), forget_review)
        .add_systems(
            Update,
            (
                open_reviews,
                (step_review, end_as_the_record_ends).run_if(in_state(Screen::Review)),
            )
                .chain()
                .in_set(GameSet::Rules)
                .in_set(ReviewSystems)
                .before(SessionSystems)
                .before(crate::game::analysis::AnalysisSystems),
        );
}

/// Opening a review and stepping through it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReviewSystems;

/// A record to put on the board for review at the first frame, shown to its last move
/// (the command line's `--record PATH`).
#[derive(Resource, Clone, Debug, Default)]
pub struct PendingReview(pub Option<Game>);

/// Put this game on the board for review, at its start; Close leads to the second; the
/// third side sits at the bottom (the side the player played: a review faces the way the
/// game was played); the fourth is the side that was the player's own against the
/// computer or a friend online (`None`: both were, or neither: two players on one
/// device, a pasted record, a game watched), whose mistakes the review offers to keep.
#[derive(Message, Clone, Debug)]
pub struct OpenReview(pub Game, pub ClosesTo, pub Side, pub Option<Side>);

/// Where closing a review leads: back where it was opened from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClosesTo {
    /// Game records (a record from the list, pasted or shared).
    #[default]
    Records,
    /// The player's game (its result card's Analyse).
    Game,
    /// The menu: a game watched live (`online/watch.rs`), opened at its latest move.
    Watching,
}

/// The review's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    First,
    Back,
    Forward,
    Last,
    /// The record as far as this many moves (the move list's buttons).
    To(usize),
    /// The position before the move at `ply` (from 1), with `best`, the engine's better
    /// move there, drawn as a hint is (a move the analysis marked).
    Better {
        ply: usize,
        best: Move,
    },
    /// The move list.
    Moves,
    /// The board turned half a circle: the other side at the bottom.
    Turn,
    /// A new game from the record as far as it is shown.
    PlayHere,
    /// Back to the game records.
    Close,
}

/// The record under review, whole; the board shows it as far as the player has stepped.
#[derive(Resource, Clone, Debug, Default)]
pub struct Review {
    pub game: Option<Game>,
    /// Where Close leads.
    pub closes_to: ClosesTo,
    /// The side that was the player's own, against the computer or a friend online.
    pub player: Option<Side>,
}

impl Review {
    /// The moves of the record.
    pub fn total(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.history().len())
    }
}

/// The endgame tables' verdict on the position shown, when the analysis has it ("table:
/// Red wins in 7", counting the winner's moves; "table: draw").
pub fn table_note(
    review: &Review,
    shown: &Game,
    analysis: &Analysis,
    strings: &Strings,
) -> Option<String> {
    let whole = review.game.as_ref()?;
    let plies = analysis
        .game
        .as_ref()
        .filter(|g| *g == whole)
        .map(|_| &analysis.plies)?;
    let at = shown.history().len();
    // The position shown is the one before move `at + 1`, and the one after move `at`.
    let (probe, for_side) = match plies.get(at) {
        Some(next) => (next.table_before?, shown.side_to_move()),
        None => (
            plies.get(at.checked_sub(1)?)?.table_after?,
            shown.side_to_move().other(),
        ),
    };
    let winner = match probe.value {
        Value::Win => for_side,
        Value::Loss => for_side.other(),
        Value::Draw => return Some(strings.get("analysis.table_draw")),
    };
    let moves = probe.dtm.map_or(0, |d| d.div_ceil(2));
    Some(strings.fill(
        "analysis.table_wins",
        &[("side", strings.side(winner)), ("n", moves.to_string())],
    ))
}

/// The review's line for the top bar: which move is shown, of how many, and the endgame
/// tables' verdict on it when the analysis has one.
pub fn review_line(
    review: &Review,
    shown: &Game,
    analysis: &Analysis,
    strings: &Strings,
) -> Option<String> {
    let table = table_note(review, shown, analysis, strings);
    let line = review_line_alone(review, shown, analysis, strings)?;
    Some(match table {
        Some(t) => format!("{line}\u{a0}· {t}"),
        None => line,
    })
}

fn review_line_alone(
    review: &Review,
    shown: &Game,
    analysis: &Analysis,
    strings: &Strings,
) -> Option<String> {
    let whole = review.game.as_ref()?;
    let total = last_move_number(whole);
    let shown = shown.history();
    let Some(&last) = shown.last() else {
        // Counted in moves as the record numbers them (a move is Red's and Black's);
        // "1 move", not "1 moves".
        let moves = moves_spanned(whole.start().plies(), whole.history().len());
        let key = if moves == 1 {
            "review.start_one"
        } else {
            "review.start"
        };
        return Some(strings.fill(key, &[("total", moves.to_string())]));
    };
    // Numbered as in the record, counting plies from the game's first; with the
    // analysis's mark, as the move list writes it ("1... e5-f4 ?!"), once it has one.
    let ply = whole.start().plies() + shown.len() as u32 - 1;
    let judged = analysis
        .game
        .as_ref()
        .filter(|g| *g == whole)
        .and_then(|_| analysis.plies.get(shown.len() - 1));
    let number = Record::move_number(ply);
    let last_move = last;
    let last = format!("{last}{}", judged.map_or("", |a| mark(a.class)));
    let mut line = strings.fill(
        "review.move",
        &[
            // The number the record gives the move: "Move 2 of 3: 2. b2-b3", where
            // counting plies said "Move 3 of 6: 2. b2-b3".
            ("n", (ply / 2 + 1).to_string()),
            ("total", total.to_string()),
            // The move whole: "25... a5-" and "a6" once stood on two lines.
            ("move", held_whole(&format!("{number} {last}"))),
        ],
    );
    // A marked move says what was better, stepped to as from the move list.
    if let Some(judged) = judged
        && !mark(judged.class).is_empty()
        && let Some(best) = judged.best.filter(|best| *best != last_move)
    {
        let better = strings.fill(
            "analysis.better",
            &[("move", held_whole(&best.to_string()))],
        );
        // On a line of its own: run on, the line broke after its "·" ("10... b4-a5 ?? ·
        // / better: c4xd5").
        line = format!("{line}\n{better}");
    }
    if shown.len() == whole.history().len()
        && let Some(outcome) = whole.outcome()
    {
        line = format!("{line}\u{a0}· {}", held_whole(outcome.result_token()));
    }
    Some(line)
}

/// How many moves, as the record numbers them (a move is Red's and Black's), `plies` half
/// moves from a start `start` plies into the game span: Game records and the review count
/// so ("moves: 46" had counted the plies of a 23-move game).
pub fn moves_spanned(start: u32, plies: usize) -> u32 {
    if plies == 0 {
        return 0;
    }
    let last = start + plies as u32 - 1;
    last / 2 - start / 2 + 1
}

/// The number the record gives its last move (a move is Red's and Black's: plies 0 and 1
/// are move 1); a record with no move gives its start's.
fn last_move_number(whole: &Game) -> u32 {
    let start = whole.start().plies();
    (start + (whole.history().len() as u32).saturating_sub(1)) / 2 + 1
}

/// The line of a review showing the analysis's better move in place of a marked one: the
/// marked move named with its number and mark, then, on a line of its own, the better one
/// ("Before move 7 of 65: 4. c4-d4 ??", "better: b6-b5"). The board shows the position
/// before it.
pub fn better_line(
    review: &Review,
    shown: &Game,
    analysis: &Analysis,
    better: Move,
    strings: &Strings,
) -> Option<String> {
    let whole = review.game.as_ref()?;
    let before = shown.history().len();
    let &marked = whole.history().get(before)?;
    let ply = whole.start().plies() + before as u32;
    let judged = analysis
        .game
        .as_ref()
        .filter(|g| *g == whole)
        .and_then(|_| analysis.plies.get(before));
    let mark = judged.map_or("", |a| mark(a.class));
    // The board shows the position before the marked move: said so, and Next then shows
    // "Move N of M" with the move played.
    let line = strings.fill(
        "review.before",
        &[
            ("n", (ply / 2 + 1).to_string()),
            ("total", last_move_number(whole).to_string()),
            (
                "move",
                held_whole(&format!("{} {marked}{mark}", Record::move_number(ply))),
            ),
        ],
    );
    let better = strings.fill(
        "analysis.better",
        &[("move", held_whole(&better.to_string()))],
    );
    // The better move on a line of its own (as `review_line` has it).
    Some(match table_note(review, shown, analysis, strings) {
        Some(table) => format!("{line}\n{better}\u{a0}· {table}"),
        None => format!("{line}\n{better}"),
    })
}

/// What opening and stepping through a review change.
#[derive(SystemParam)]
struct ReviewBoard<'w> {
    practice: ResMut<'w, Practice>,
    review: ResMut<'w, Review>,
    selection: ResMut<'w, Selection>,
    next_turn: ResMut<'w, NextState<Turn>>,
    turn: Option<Res<'w, State<Turn>>>,
    bottom: ResMut<'w, crate::board::view::Bottom>,
}

impl ReviewBoard<'_> {
    fn animating(&self) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| *t.get() == Turn::Animating)
    }

    /// Shows the record up to `plies` moves, at once.
    fn jump(&mut self, plies: usize) {
        let Some(whole) = &self.review.game else {
            return;
        };
        // The whole record keeps its result, also one the board does not show (a resignation).
        self.practice.0.game = if plies >= whole.history().len() {
            whole.clone()
        } else {
            replayed(whole, plies)
        };
        self.selection.clear();
        self.next_turn.set(settled_turn(&self.practice.0));
    }
}

fn open_reviews(
    mut opened: MessageReader<OpenReview>,
    mut pending: ResMut<PendingReview>,
    mut board: ReviewBoard,
    own: Res<Session>,
    mut nav: Navigator,
    mut queued: ResMut<QueuedNext>,
) {
    let at_last = pending.0.take();
    let asked = opened.read().last().cloned();
    let Some((game, plies, closes_to, bottom, player)) = at_last
        .map(|g| (g, usize::MAX, ClosesTo::Records, Side::Red, None))
        .or(asked.map(|OpenReview(g, to, bottom, player)| {
            // A watched game is shown where it is now; a record from its start.
            let plies = if to == ClosesTo::Watching {
                usize::MAX
            } else {
                0
            };
            (g, plies, to, bottom, player)
        }))
    else {
        return;
    };
    board.practice.0 = Session {
        game: replayed(&game, 0),
        mode: Mode::TwoPlayers,
        seed: own.seed,
        counted: true,
        result_seen: false,
        online: None,
    };
    board.review.game = Some(game);
    board.review.closes_to = closes_to;
    board.review.player = player;
    board.bottom.0 = Some(bottom);
    board.jump(plies);
    *queued = QueuedNext::default();
    nav.go(Screen::Review);
    nav.close();
}

/// Stepped with Next onto the record's last move, the board has the moves but not a
/// result the board does not show (a resignation, an agreed draw, a clock run out): the
/// whole record is put there once the stone has landed, so the review ends as the game
/// did ("Draw", not "Red to move"), as Last ends it.
fn end_as_the_record_ends(mut board: ReviewBoard) {
    if board.animating() {
        return;
    }
    let Some(whole) = &board.review.game else {
        return;
    };
    let shown = &board.practice.0.game;
    if whole.outcome().is_some() && shown.outcome().is_none() && shown.history() == whole.history()
    {
        board.jump(usize::MAX);
    }
}

/// Next taps that came while a move ran, and the moves the board will show once the
/// last move sent has been played.
#[derive(Resource, Default)]
struct QueuedNext {
    taps: usize,
    until: usize,
}

impl ReviewBoard<'_> {
    /// Whether a move sent may still be under way: running, or played and about to run.
    fn busy(&self, queued: &QueuedNext) -> bool {
        self.animating()
            || !matches!(*self.next_turn, NextState::Unchanged)
            || self.practice.0.game.history().len() < queued.until
    }

    /// Plays the record's next move, through the path every move takes: played by the
    /// engine, animated.
    fn forward(&self, chosen: &mut MessageWriter<MoveChosen>, queued: &mut QueuedNext) {
        let shown = self.practice.0.game.history().len();
        let next = self
            .review
            .game
            .as_ref()
            .and_then(|g| g.history().get(shown));
        if let Some(&mv) = next {
            chosen.write(MoveChosen(mv));
            queued.until = shown + 1;
        } else {
            queued.taps = 0;
        }
    }
}

fn step_review(
    mut steps: MessageReader<ReviewStep>,
    mut board: ReviewBoard,
    mut chosen: MessageWriter<MoveChosen>,
    mut nav: Navigator,
    mut queued: ResMut<QueuedNext>,
) {
    // A Next tapped while a capture ran round its loops plays once the stone has landed
    // (it had been lost, and the header, which changes when the stone lands, did not say).
    if queued.taps > 0 && !board.busy(&queued) {
        queued.taps -= 1;
        board.forward(&mut chosen, &mut queued);
    }
    for step in steps.read() {
        let shown = board.practice.0.game.history().len();
        if *step != ReviewStep::Forward {
            *queued = QueuedNext::default();
        }
        match step {
            ReviewStep::Forward if board.busy(&queued) => queued.taps += 1,
            // A move still running round its loops is seen to its end first.
            ReviewStep::First
            | ReviewStep::Back
            | ReviewStep::Last
            | ReviewStep::To(_)
            | ReviewStep::Better { .. }
                if board.animating() => {}
            ReviewStep::First => board.jump(0),
            ReviewStep::Last => board.jump(usize::MAX),
            ReviewStep::To(plies) => board.jump(*plies),
            ReviewStep::Better { ply, best } => {
                board.jump(ply.saturating_sub(1));
                // Drawn as a hint is, its route round the loops included.
                board.selection.hint = Some(describe(&board.practice.0.game, *best));
            }
            ReviewStep::Moves => nav.open(Panel::Moves),
            ReviewStep::Turn => {
                board.bottom.0 = board.bottom.0.map(Side::other);
            }
            ReviewStep::Back => board.jump(shown.saturating_sub(1)),
            ReviewStep::Forward => board.forward(&mut chosen, &mut queued),
            // The new-game card takes it (`panels/new_game.rs`).
            ReviewStep::PlayHere => {}
            ReviewStep::Close => match board.review.closes_to {
                ClosesTo::Records => {
                    nav.go(Screen::Menu);
                    nav.open(Panel::Records);
                }
                ClosesTo::Game => {
                    nav.go(Screen::Game);
                    nav.close();
                }
                ClosesTo::Watching => {
                    nav.go(Screen::Menu);
                    nav.close();
                }
            },
        }
    }
}

fn forget_review(
    mut review: ResMut<Review>,
    mut selection: ResMut<Selection>,
    mut bottom: ResMut<crate::board::view::Bottom>,
    mut queued: ResMut<QueuedNext>,
) {
    *queued = QueuedNext::default();
    review.game = None;
    bottom.0 = None;
    selection.clear();
}

#[cfg(test)]
mod tests {
    use super::moves_spanned;

    #[test]
    fn moves_are_counted_as_the_record_numbers_them() {
        assert_eq!(moves_spanned(0, 0), 0);
        assert_eq!(moves_spanned(0, 1), 1);
        assert_eq!(moves_spanned(0, 2), 1);
        assert_eq!(moves_spanned(0, 3), 2);
        assert_eq!(moves_spanned(0, 46), 23);
        // From a position with Black to move (ply 1): 1... then 2. and 2...
        assert_eq!(moves_spanned(1, 3), 2);
        assert_eq!(moves_spanned(1, 1), 1);
    }
}
