//! The puzzle screen: a puzzle of the pack on the board (in [`Practice`], so the player's
//! game waits untouched), turned so its player plays up the board, and its card at the top
//! saying what to find, then how it went. The player plays the solution by the same taps,
//! drags and route preview as a game; the solution's replies run round the loops on their
//! own. A wrong move is answered by the engine's best reply, played out (the refutation),
//! then Try again (from before the mistake) or Solution (played on the board). A puzzle
//! counts once, at the first try: the rating, the daily puzzle, a streak
//! (`game/puzzles.rs`). A hint shows the solution's next move and counts as a miss. Undo
//! is Try again.

use crate::board::accessibility::Say;
use crate::board::selection::Selection;
use crate::game::computer::{Computer, HintFound};
use crate::game::puzzles::{
    DailyDone, Kind, OnBoardPuzzle, Progress, PuzzleRun, PuzzleState, PuzzleStats, daily, game_of,
    next_in_streak, next_rated, pack, progress, today,
};
use crate::game::session::{
    Command, Mode, MoveChosen, MoveFinished, Practice, Session, SessionSystems, Turn, replayed,
    settled_turn,
};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use crate::ui::i18n::{Language, Strings};
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::theme::Theme;
use crate::ui::top_card::spawn_top_card;
use crate::ui::widgets::{button, choice, label, paragraph, row};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::ai::Level;
use surakarta_engine::puzzle::{Puzzle, Theme as PuzzleTheme};
use surakarta_engine::{Game, Move};

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<PuzzleStep>()
        .wake_on_change::<PuzzleRun>()
        .wake_while(replying);
    app.add_message::<PuzzleStep>()
        .add_systems(OnExit(Screen::Puzzle), forget_puzzle)
        .add_systems(
            Update,
            (
                take_steps,
                (retry_on_undo, note_hints, check_moves, play_replies)
                    .run_if(in_state(Screen::Puzzle)),
            )
                .chain()
                .in_set(GameSet::Rules)
                .after(SessionSystems),
        )
        .add_systems(
            Update,
            (show_card, say_what_happened)
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
}

/// How long a reply of the solution waits after the player's move has been shown, and a
/// move of a solution being shown after the one before.
const REPLY_PAUSE: Duration = Duration::from_millis(350);
const SHOW_PAUSE: Duration = Duration::from_millis(700);

/// What starting, retrying and leaving a puzzle change.
#[derive(SystemParam)]
struct Puzzles<'w> {
    run: ResMut<'w, PuzzleRun>,
    stats: ResMut<'w, PuzzleStats>,
    practice: ResMut<'w, Practice>,
    own: Res<'w, Session>,
    selection: ResMut<'w, Selection>,
    nav: Navigator<'w>,
    turn: ResMut<'w, NextState<Turn>>,
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
            retried: false,
        });
        self.selection.clear();
        self.nav.go(Screen::Puzzle);
        self.nav.close();
        self.turn.set(settled_turn(&self.practice.0));
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

    fn leave(&mut self) {
        self.nav.go(Screen::Menu);
        self.nav.open(Panel::Puzzles);
    }

    fn seed(&self) -> u64 {
        self.own.seed ^ self.stats.recent.len() as u64 ^ (self.run.streak.len() as u64) << 32
    }
}

fn take_steps(mut steps: MessageReader<PuzzleStep>, mut puzzles: Puzzles) {
    for &step in steps.read() {
        let seed = puzzles.seed();
        let current = puzzles.run.current.clone();
        match step {
            PuzzleStep::Rated => puzzles.start(next_rated(&puzzles.stats, seed), Kind::Rated),
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
                _ => puzzles.start(next_rated(&puzzles.stats, seed), Kind::Rated),
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
        }
    }
}

/// True when the streak of this puzzle has ended with it.
fn streak_over(c: &OnBoardPuzzle) -> bool {
    c.kind == Kind::Streak && (c.state != PuzzleState::Solved || c.helped)
}

/// Counts the puzzle's result, once: the rating (rated and daily puzzles), the daily
/// puzzle, the record of puzzles played lately.
fn count(c: &mut OnBoardPuzzle, stats: &mut PuzzleStats, solved: bool) {
    if c.counted {
        return;
    }
    c.counted = true;
    let puzzle = &c.puzzle;
    match c.kind {
        Kind::Rated => c.rating_change = Some(stats.rate(puzzle.rating, solved)),
        Kind::Daily(day) => {
            c.rating_change = Some(stats.rate(puzzle.rating, solved));
            stats.daily = Some(DailyDone { day, solved });
        }
        Kind::Streak | Kind::Mine => {}
    }
    if c.kind != Kind::Mine {
        stats.played(puzzle);
    }
}

fn forget_puzzle(mut run: ResMut<PuzzleRun>, mut selection: ResMut<Selection>) {
    run.current = None;
    selection.clear();
}

/// Undo on a puzzle tries it again.
fn retry_on_undo(mut commands: MessageReader<Command>, mut steps: MessageWriter<PuzzleStep>) {
    if commands.read().any(|c| *c == Command::Undo) {
        steps.write(PuzzleStep::Retry);
    }
}

/// A hint was shown: the puzzle counts as missed, even when solved.
fn note_hints(mut hints: MessageReader<HintFound>, mut run: ResMut<PuzzleRun>) {
    if hints.read().count() > 0
        && let Some(c) = &mut run.current
        && c.state == PuzzleState::Solving
    {
        c.helped = true;
    }
}

/// Judges each move played against the solution, once it has been shown (its run round
/// the loops is not spoiled by the verdict).
fn check_moves(
    mut played: MessageReader<MoveFinished>,
    mut run: ResMut<PuzzleRun>,
    mut stats: ResMut<PuzzleStats>,
    practice: Res<Practice>,
    mut turn: ResMut<NextState<Turn>>,
) {
    if played.read().count() == 0 {
        return;
    }
    let game = &practice.0.game;
    let run = &mut *run;
    let Some(c) = &mut run.current else { return };
    let puzzle = c.puzzle();
    match c.state {
        PuzzleState::Solving => match progress(puzzle, game) {
            Progress::Done => {
                c.state = PuzzleState::Solved;
                let helped = c.helped;
                count(c, &mut stats, !helped);
            }
            // A reply never leaves the line (the screen plays them): only the player's
            // own moves can.
            Progress::Left(at) if at % 2 == 0 => {
                c.state = PuzzleState::Missed {
                    at,
                    wrong: game.history()[at],
                    reply: None,
                };
                count(c, &mut stats, false);
            }
            Progress::Left(_) | Progress::OnTrack(_) => {}
        },
        PuzzleState::Missed {
            at,
            wrong,
            reply: None,
        } if game.history().len() == at + 2 => {
            c.state = PuzzleState::Missed {
                at,
                wrong,
                reply: Some(game.history()[at + 1]),
            };
        }
        PuzzleState::Showing { .. } if progress(puzzle, game) == Progress::Done => {
            c.state = PuzzleState::Shown;
        }
        _ => {}
    }
    // A puzzle decided waits for the player's buttons, whoever would be to move.
    if run
        .current
        .as_ref()
        .is_some_and(|c| matches!(c.state, PuzzleState::Solved | PuzzleState::Shown))
        && game.outcome().is_none()
    {
        turn.set(Turn::Waiting);
    }
    if run.current.as_ref().is_some_and(|c| c.kind == Kind::Streak) {
        let solved = run.streak_solved();
        if solved > stats.best_streak {
            stats.best_streak = solved;
        }
    }
}

/// The move the screen plays itself now, if any: the solution's reply, or the solution's
/// next move while it is shown.
fn own_move(c: &OnBoardPuzzle, game: &Game) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let players_turn = game.side_to_move() == c.puzzle().position.side_to_move();
    match (c.state, progress(c.puzzle(), game)) {
        (PuzzleState::Solving, Progress::OnTrack(m)) if !players_turn => Some(m),
        (PuzzleState::Showing { .. }, Progress::OnTrack(m)) => Some(m),
        _ => None,
    }
}

/// While the screen has a move of its own to play (the app stays awake for its pause).
fn replying(run: Res<PuzzleRun>, practice: Res<Practice>, turn: Option<Res<State<Turn>>>) -> bool {
    let settled = turn.is_some_and(|t| matches!(t.get(), Turn::Waiting | Turn::Thinking));
    settled
        && run
            .current
            .as_ref()
            .is_some_and(|c| own_move(c, &practice.0.game).is_some())
}

/// Plays the solution's replies (after a short pause), the solution when it is shown, and
/// asks the engine for the refutation of a wrong move.
fn play_replies(
    run: Res<PuzzleRun>,
    practice: Res<Practice>,
    turn: Res<State<Turn>>,
    time: Res<Time>,
    mut computer: ResMut<Computer>,
    mut chosen: MessageWriter<MoveChosen>,
    mut waited: Local<(usize, Duration)>,
) {
    let Some(c) = &run.current else { return };
    if !matches!(turn.get(), Turn::Waiting | Turn::Thinking) {
        return;
    }
    let game = &practice.0.game;
    let plies = game.history().len();
    if let PuzzleState::Missed { reply: None, .. } = c.state
        && game.side_to_move() != c.puzzle().position.side_to_move()
    {
        computer.refute(game, practice.0.seed);
        return;
    }
    let Some(mv) = own_move(c, game) else {
        return;
    };
    if waited.0 != plies {
        *waited = (plies, Duration::ZERO);
    }
    waited.1 += time.delta();
    let pause = if matches!(c.state, PuzzleState::Showing { .. }) {
        SHOW_PAUSE
    } else {
        REPLY_PAUSE
    };
    if waited.1 >= pause {
        chosen.write(MoveChosen(mv));
        // Not again for this ply, whatever happens to the move.
        waited.1 = Duration::ZERO;
    }
}

/// The puzzle card on screen.
#[derive(Component)]
pub struct PuzzleCard;

/// A puzzle's themes, in the player's words.
fn theme_names(puzzle: &Puzzle, strings: &Strings) -> String {
    puzzle
        .themes
        .iter()
        .map(|t| strings.get(&theme_key(*t)))
        .collect::<Vec<_>>()
        .join(match strings.language {
            Language::SimplifiedChinese => "、",
            _ => ", ",
        })
}

/// The translation key of a puzzle theme's name.
pub fn theme_key(theme: PuzzleTheme) -> String {
    format!("ptheme.{}", theme.id())
}

/// Stones the solution wins for the player: its captures less the replies'.
fn stones_won(puzzle: &Puzzle) -> i32 {
    puzzle
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| match (m.capture, i % 2) {
            (false, _) => 0,
            (true, 0) => 1,
            (true, _) => -1,
        })
        .sum()
}

/// The task: what the player is to find.
fn task(puzzle: &Puzzle, strings: &Strings) -> String {
    let side = ("side", strings.side(puzzle.position.side_to_move()));
    let mine = puzzle.moves.len().div_ceil(2);
    if mine > 1 {
        return strings.fill("puzzle.task.line", &[side, ("n", mine.to_string())]);
    }
    if puzzle.themes.contains(&PuzzleTheme::WinsTheGame) {
        return strings.fill("puzzle.task.game", &[side]);
    }
    match stones_won(puzzle) {
        n if n > 1 => strings.fill("puzzle.task.stones", &[side, ("n", n.to_string())]),
        _ => strings.fill("puzzle.task.stone", &[side]),
    }
}

/// Stones the player is up (less down) on the board, against the puzzle's start.
fn balance(puzzle: &Puzzle, game: &Game) -> i32 {
    let me = puzzle.position.side_to_move();
    let count = |p: &surakarta_engine::Position| {
        p.stones(me).count() as i32 - p.stones(me.other()).count() as i32
    };
    count(game.position()) - count(&puzzle.position)
}

/// The card's heading and words for the puzzle as it stands.
fn words(run: &PuzzleRun, stats: &PuzzleStats, game: &Game, strings: &Strings) -> (String, String) {
    let Some(c) = &run.current else {
        return (String::new(), String::new());
    };
    let puzzle = c.puzzle();
    let rating = ("rating", puzzle.rating.to_string());
    let heading = match c.kind {
        Kind::Rated => strings.fill("puzzle.title.rated", &[rating]),
        Kind::Daily(_) => strings.fill("puzzle.title.daily", &[rating]),
        Kind::Streak => strings.fill(
            "puzzle.title.streak",
            &[("n", run.streak_solved().to_string())],
        ),
        Kind::Mine => strings.fill(
            "puzzle.title.mine",
            &[
                ("n", (stats.mine.len().saturating_sub(c.index)).to_string()),
                ("total", stats.mine.len().to_string()),
            ],
        ),
    };
    let mut lines = Vec::new();
    match c.state {
        PuzzleState::Solving => {
            let played = game.history();
            let replying = game.side_to_move() != puzzle.position.side_to_move();
            if replying && matches!(progress(puzzle, game), Progress::OnTrack(_)) {
                // The player's right move, the line's reply to come.
                lines.push(strings.get("puzzle.right"));
            } else {
                // Until a move has been judged (after its run round the loops), the words
                // from before it.
                let told = played.len().saturating_sub(usize::from(replying));
                lines.push(match told.checked_sub(1).map(|i| played[i]) {
                    None if c.kind == Kind::Mine => strings.fill(
                        "puzzle.task.better",
                        &[("side", strings.side(puzzle.position.side_to_move()))],
                    ),
                    None => task(puzzle, strings),
                    Some(reply) => strings.fill(
                        "puzzle.keep_going",
                        &[
                            ("side", strings.side(puzzle.position.side_to_move().other())),
                            ("move", reply.to_string()),
                        ],
                    ),
                });
            }
        }
        PuzzleState::Solved if c.helped => lines.push(strings.get("puzzle.solved_helped")),
        PuzzleState::Solved if c.retried => lines.push(strings.get("puzzle.solved_again")),
        PuzzleState::Solved => lines.push(strings.get("puzzle.solved")),
        PuzzleState::Missed { wrong, reply, .. } => {
            let other = strings.side(puzzle.position.side_to_move().other());
            lines.push(match reply {
                None if game.outcome().is_some() => {
                    strings.fill("puzzle.missed", &[("move", wrong.to_string())])
                }
                None => strings.fill("puzzle.refuting", &[("move", wrong.to_string())]),
                Some(reply) => {
                    let why = match balance(puzzle, game) {
                        n if n < 0 => strings.fill("puzzle.after.down", &[("n", (-n).to_string())]),
                        0 => strings.get("puzzle.after.even"),
                        _ => strings.get("puzzle.after.less"),
                    };
                    let answered = strings.fill(
                        "puzzle.answered",
                        &[
                            ("move", wrong.to_string()),
                            ("side", other),
                            ("reply", reply.to_string()),
                        ],
                    );
                    format!("{answered} {why}")
                }
            });
        }
        PuzzleState::Showing { .. } | PuzzleState::Shown => {
            let line: Vec<String> = puzzle.moves.iter().map(Move::to_string).collect();
            lines.push(strings.fill("puzzle.solution", &[("moves", line.join(" "))]));
        }
    }
    let done = match c.state {
        PuzzleState::Solved | PuzzleState::Shown => true,
        PuzzleState::Missed { reply, .. } => reply.is_some() || game.outcome().is_some(),
        PuzzleState::Solving | PuzzleState::Showing { .. } => false,
    };
    if done {
        if let Some((before, after)) = c.rating_change {
            lines.push(strings.fill(
                "puzzle.rating_change",
                &[
                    ("before", before.to_string()),
                    ("after", after.to_string()),
                    ("change", format!("{:+}", after - before)),
                ],
            ));
        }
        if streak_over(c) {
            lines.push(strings.fill(
                "puzzle.streak_over",
                &[
                    ("n", run.streak_solved().to_string()),
                    ("best", stats.best_streak.to_string()),
                ],
            ));
        }
        if matches!(c.state, PuzzleState::Solved | PuzzleState::Shown) {
            lines.push(strings.fill("puzzle.themes", &[("themes", theme_names(puzzle, strings))]));
        }
    }
    (heading, lines.join("\n"))
}

/// A button of the card: its id, its words' key and what it asks for.
type CardButton = (&'static str, &'static str, PuzzleStep);

/// The buttons after the Puzzles button, by state; the last one, if any, is the main one.
fn card_buttons(c: &OnBoardPuzzle) -> (Vec<CardButton>, Option<CardButton>) {
    let next = if c.kind == Kind::Streak && streak_over(c) {
        ("puzzle.next", "button.new_streak", PuzzleStep::Next)
    } else {
        ("puzzle.next", "button.next_puzzle", PuzzleStep::Next)
    };
    let solution = ("puzzle.solution", "button.solution", PuzzleStep::Solution);
    match c.state {
        // Giving up is always there, not drawn as the thing to do.
        PuzzleState::Solving => (vec![solution], None),
        PuzzleState::Showing { .. } => (Vec::new(), None),
        // A streak ends at its first miss: no second try.
        PuzzleState::Missed { .. } if c.kind == Kind::Streak => (vec![solution], Some(next)),
        PuzzleState::Missed { .. } => (
            vec![solution],
            Some(("puzzle.retry", "button.try_again", PuzzleStep::Retry)),
        ),
        PuzzleState::Solved | PuzzleState::Shown => (Vec::new(), Some(next)),
    }
}

/// The puzzle at the top of the screen: what to find, or how it went, and its buttons.
/// The board below stays free for the moves.
#[derive(SystemParam)]
struct CardParts<'w> {
    run: Res<'w, PuzzleRun>,
    stats: Res<'w, PuzzleStats>,
    practice: Res<'w, Practice>,
    strings: Res<'w, Strings>,
    theme: Res<'w, Theme>,
    layout: Res<'w, BoardLayout>,
}

fn show_card(mut commands: Commands, old: Query<Entity, With<PuzzleCard>>, parts: CardParts) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(c) = &parts.run.current else { return };
    let (strings, theme) = (&*parts.strings, &*parts.theme);
    let (heading, body) = words(&parts.run, &parts.stats, &parts.practice.0.game, strings);
    let (others, main) = card_buttons(c);
    spawn_top_card(
        &mut commands,
        &parts.layout,
        theme,
        (DespawnOnExit(Screen::Puzzle), PuzzleCard),
        |card| {
            card.spawn(label(heading, 18.0, theme));
            // Room for three lines from the start: the card (and the board below it) does
            // not grow when the verdict comes.
            card.spawn(Node {
                flex_direction: FlexDirection::Column,
                flex_shrink: 0.0,
                min_height: px(62),
                ..default()
            })
            .with_children(|words| {
                words.spawn(paragraph(body, theme));
            });
        },
        |card| {
            card.spawn(row()).with_children(|r| {
                r.spawn(choice(
                    "puzzle.puzzles",
                    strings.get("menu.puzzles"),
                    false,
                    theme,
                ))
                .observe(step(PuzzleStep::Leave));
                for (id, key, then) in others {
                    r.spawn(choice(id, strings.get(key), false, theme))
                        .observe(step(then));
                }
                if let Some((id, key, then)) = main {
                    r.spawn(button(id, strings.get(key), theme, 17.0, true))
                        .observe(step(then));
                }
            });
        },
    );
}

/// A button's observer that asks for `then`.
pub fn step(then: PuzzleStep) -> impl Fn(On<Press>, MessageWriter<PuzzleStep>) + Send + Sync {
    move |_: On<Press>, mut steps: MessageWriter<PuzzleStep>| {
        steps.write(then);
    }
}

/// The screen reader hears the task when a puzzle comes, and how it went when it is
/// decided.
fn say_what_happened(
    run: Res<PuzzleRun>,
    stats: Res<PuzzleStats>,
    practice: Res<Practice>,
    strings: Res<Strings>,
    mut said_for: Local<Option<(usize, PuzzleState, usize)>>,
    mut say: MessageWriter<Say>,
) {
    let Some(c) = &run.current else {
        *said_for = None;
        return;
    };
    let game = &practice.0.game;
    let now = (c.index, c.state, game.history().len());
    let worth_saying = match c.state {
        PuzzleState::Solving => game.side_to_move() == c.puzzle().position.side_to_move(),
        PuzzleState::Showing { .. } => false,
        _ => true,
    };
    if *said_for == Some(now) || !worth_saying {
        return;
    }
    *said_for = Some(now);
    let (heading, body) = words(&run, &stats, game, &strings);
    say.write(Say(format!("{heading}. {body}")));
}
