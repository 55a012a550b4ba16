//! The lesson screen: a tutorial lesson on the board (in [`Practice`], so the player's game
//! waits untouched), its card at the top saying what to do, then how it went. The move is
//! judged by the engine; a wrong one is explained and can be tried again; a lesson passed
//! is saved in the settings. Undo starts the lesson again. The card is `ui/top_card.rs`'s.

use crate::board::selection::Selection;
use crate::game::session::{
    Command, Mode, MovePlayed, Practice, Session, SessionSystems, Turn, settled_turn,
};
use crate::game::tutorial::{Goal, LESSONS, LessonState, Tutorial};
use crate::panels::rules::rules_text;
use crate::settings::Settings;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::theme::Theme;
use crate::ui::top_card::spawn_top_card;
use crate::ui::widgets::{CardButtons, label, paragraph};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<LessonStep>().wake_on_change::<Tutorial>();
    app.init_resource::<LeftLesson>()
        .init_resource::<CardStale>();
    app.add_message::<LessonStep>()
        .add_systems(OnExit(Screen::Lesson), forget_lesson)
        .add_systems(Startup, offer_the_lesson_again.after(crate::persist::load))
        .add_systems(
            Update,
            remember_the_lesson
                .run_if(resource_changed::<Tutorial>.or_else(resource_changed::<LeftLesson>))
                .in_set(GameSet::Present),
        )
        // Another lesson or puzzle taken up: the menu's way back is to it, not to the
        // lesson. The player's game is not: a lesson left for the menu stays to be gone back
        // to from Tutorial (a tester's Continue to the game had dropped it without a word),
        // though the menu's first entry no longer leads to it.
        .add_systems(OnEnter(Screen::Game), |mut left: ResMut<LeftLesson>| {
            left.1 = true
        })
        .add_systems(OnEnter(Screen::Puzzle), drop_left_lesson)
        .add_systems(OnEnter(Screen::Review), drop_left_lesson)
        .add_systems(
            Update,
            (
                take_steps,
                (retry_on_undo, check_moves, check_selection).run_if(in_state(Screen::Lesson)),
            )
                .chain()
                .in_set(GameSet::Rules)
                .after(SessionSystems),
        )
        .add_systems(
            Update,
            (hint_selects, words_back_on_next_tap)
                .run_if(in_state(Screen::Lesson))
                .in_set(GameSet::Present),
        )
        .add_systems(
            Update,
            (
                mark_card_stale.run_if(
                    resource_changed::<Tutorial>
                        .or_else(resource_changed::<Strings>)
                        .or_else(resource_changed::<BoardLayout>)
                        .or_else(resource_changed::<crate::ui::notice::Notice>),
                ),
                // A verdict's card comes when the stone has landed: a card that grows
                // moves the board down, and a board that shrank under a moving stone
                // would leave the stone off its points for the rest of the move.
                show_card.run_if(
                    in_state(Screen::Lesson)
                        .and_then(|stale: Res<CardStale>| stale.0)
                        .and_then(not(in_state(Turn::Animating)))
                        .and_then(crate::board::view::no_move_played),
                ),
            )
                .chain()
                .in_set(GameSet::Present),
        );
}

/// What the tutorial's buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonStep {
    /// The first lesson not yet passed.
    Begin,
    /// This lesson (from 0; the lesson list's buttons).
    Open(usize),
    /// The lesson after the one on the board; after the last, the menu.
    Next,
    /// The lesson on the board, again.
    Retry,
    /// Back to the menu.
    Leave,
    /// Back to the lesson left for the menu ([`LeftLesson`]), as it was.
    Resume,
}

/// The lesson the player left for the menu, as it was (its board and how it was going),
/// until another board is taken up: the menu offers the way back to it.
#[derive(Resource, Default)]
pub struct LeftLesson(Option<(Tutorial, Session)>, bool);

impl LeftLesson {
    /// A lesson waits to be gone back to.
    pub fn waiting(&self) -> bool {
        self.0.is_some()
    }

    /// The menu's first entry leads back to it: not once the player has been to their
    /// game since (after that game, the menu leads to the next one; Tutorial still goes
    /// back to the lesson).
    pub fn for_the_menu(&self) -> bool {
        self.0.is_some() && !self.1
    }

    /// The lesson waiting (an index into `LESSONS`).
    pub fn lesson(&self) -> Option<usize> {
        self.0.as_ref().and_then(|(tutorial, _)| tutorial.lesson)
    }
}

/// Lesson `index` as it starts: asking, on its own board.
fn from_its_start(
    index: usize,
    lesson: &crate::game::tutorial::Lesson,
    seed: u64,
) -> (Tutorial, Session) {
    let board = Session {
        game: lesson.game(),
        mode: Mode::TwoPlayers,
        seed,
        counted: true,
        result_seen: false,
        online: None,
    };
    let tutorial = Tutorial {
        lesson: Some(index),
        state: LessonState::Asking,
    };
    (tutorial, board)
}

/// Keeps [`Settings::tutorial_at`] the lesson on the board or the one the menu offers to
/// go back to, while it is not passed, so that a restart offers it again.
fn remember_the_lesson(
    tutorial: Res<Tutorial>,
    left: Res<LeftLesson>,
    mut settings: ResMut<Settings>,
) {
    let unpassed = |t: &Tutorial| {
        t.lesson
            .filter(|_| t.state != LessonState::Passed)
            .and_then(|i| LESSONS.get(i))
            .map(|l| l.id.to_owned())
    };
    let at = if tutorial.active() {
        unpassed(&tutorial)
    } else if left.for_the_menu() {
        left.0.as_ref().and_then(|(t, _)| unpassed(t))
    } else {
        None
    };
    if settings.tutorial_at != at {
        settings.tutorial_at = at;
    }
}

/// At start, the lesson the player was in when the app last ended waits for the menu's way
/// back, from its start (a lesson is a move or two); an id this app has no lesson for is
/// let go.
fn offer_the_lesson_again(
    mut settings: ResMut<Settings>,
    mut left: ResMut<LeftLesson>,
    session: Res<Session>,
) {
    let Some(id) = settings.tutorial_at.clone() else {
        return;
    };
    match LESSONS.iter().position(|l| l.id == id) {
        Some(index) => {
            left.0 = Some(from_its_start(index, &LESSONS[index], session.seed));
            left.1 = false;
        }
        None => settings.tutorial_at = None,
    }
}

/// What starting and leaving a lesson changes.
#[derive(SystemParam)]
struct Lessons<'w> {
    tutorial: ResMut<'w, Tutorial>,
    practice: ResMut<'w, Practice>,
    seed: Res<'w, Session>,
    selection: ResMut<'w, Selection>,
    screen: ResMut<'w, NextState<Screen>>,
    panel: ResMut<'w, NextState<Panel>>,
    turn: ResMut<'w, NextState<Turn>>,
    notice: ResMut<'w, crate::ui::notice::Notice>,
    left: ResMut<'w, LeftLesson>,
}

impl Lessons<'_> {
    /// Puts lesson `index` on the board; past the last one, leaves.
    fn start(&mut self, index: usize) {
        let Some(lesson) = LESSONS.get(index) else {
            self.leave();
            return;
        };
        let (tutorial, board) = from_its_start(index, lesson, self.seed.seed);
        self.show(tutorial, board);
    }

    /// Puts a lesson on the board as `tutorial` and `board` say.
    fn show(&mut self, tutorial: Tutorial, board: Session) {
        self.practice.0 = board;
        *self.tutorial = tutorial;
        self.left.0 = None;
        self.selection.clear();
        // A lesson begins with nothing said but its own words.
        self.notice.0 = None;
        (*self.screen).set_if_neq(Screen::Lesson);
        (*self.panel).set_if_neq(Panel::None);
        self.turn.set(settled_turn(&self.practice.0));
    }

    /// Back to the lesson left for the menu; none left, nothing.
    fn resume(&mut self) {
        if let Some((tutorial, board)) = self.left.0.take() {
            self.show(tutorial, board);
        }
    }

    fn leave(&mut self) {
        (*self.screen).set_if_neq(Screen::Menu);
        (*self.panel).set_if_neq(Panel::None);
    }
}

fn take_steps(mut steps: MessageReader<LessonStep>, mut lessons: Lessons, settings: Res<Settings>) {
    for step in steps.read() {
        let on_board = lessons.tutorial.lesson;
        match step {
            LessonStep::Begin => lessons.start(Tutorial::next_unpassed(&settings.tutorial_passed)),
            LessonStep::Open(index) => lessons.start(*index),
            LessonStep::Next => lessons.start(on_board.map_or(0, |i| i + 1)),
            LessonStep::Retry => lessons.start(on_board.unwrap_or(0)),
            LessonStep::Leave => lessons.leave(),
            LessonStep::Resume => lessons.resume(),
        }
    }
}

/// Leaving the lesson screen: the lesson is kept for the menu's way back, unless it was the
/// tutorial's end (passed, the last).
fn forget_lesson(
    mut tutorial: ResMut<Tutorial>,
    mut selection: ResMut<Selection>,
    practice: Res<Practice>,
    mut left: ResMut<LeftLesson>,
) {
    let finished = tutorial.state == LessonState::Passed
        && tutorial.lesson.is_some_and(|i| i + 1 == LESSONS.len());
    left.1 = false;
    left.0 = (tutorial.lesson.is_some() && !finished)
        .then(|| (std::mem::take(&mut *tutorial), practice.0.clone()));
    *tutorial = Tutorial::default();
    selection.clear();
}

fn drop_left_lesson(mut left: ResMut<LeftLesson>) {
    left.0 = None;
}

/// Undo during a lesson starts it again.
fn retry_on_undo(mut commands: MessageReader<Command>, mut steps: MessageWriter<LessonStep>) {
    if commands.read().any(|c| *c == Command::Undo) {
        steps.write(LessonStep::Retry);
    }
}

fn check_moves(
    mut played: MessageReader<MovePlayed>,
    mut tutorial: ResMut<Tutorial>,
    mut settings: ResMut<Settings>,
) {
    for p in played.read() {
        let Some(lesson) = tutorial.lesson.and_then(|i| LESSONS.get(i)) else {
            continue;
        };
        if tutorial.state != LessonState::Asking {
            continue;
        }
        match lesson.verdict(&p.before, p.mv) {
            Ok(()) => {
                tutorial.state = LessonState::Passed;
                settings.tutorial_passed.insert(lesson.id.to_owned());
            }
            Err(miss) => tutorial.state = LessonState::Failed(miss),
        }
    }
}

fn check_selection(
    selection: Res<Selection>,
    mut tutorial: ResMut<Tutorial>,
    mut settings: ResMut<Settings>,
) {
    let Some(lesson) = tutorial.lesson.and_then(|i| LESSONS.get(i)) else {
        return;
    };
    if let Goal::Select(target) = lesson.goal
        && tutorial.state == LessonState::Asking
        && selection.stone.map(|s| s.to_string()).as_deref() == Some(target)
    {
        tutorial.state = LessonState::Passed;
        settings.tutorial_passed.insert(lesson.id.to_owned());
    }
}

/// The board's "no" or an opponent's threats, said on the card (on a short screen in
/// place of the step's words), goes with the player's next tap that changes what is
/// chosen: the step's words come back for the next try.
fn words_back_on_next_tap(
    selection: Res<Selection>,
    mut notice: ResMut<crate::ui::notice::Notice>,
    mut said_at: Local<
        Option<(
            Option<surakarta_engine::Square>,
            Option<surakarta_engine::Square>,
        )>,
    >,
) {
    let chosen = (selection.stone, selection.threats);
    if notice.is_changed() {
        *said_at = notice.0.as_ref().map(|_| chosen);
        return;
    }
    if said_at.is_some_and(|at| at != chosen) {
        notice.0 = None;
        *said_at = None;
    }
}

/// In a lesson that asks to tap a stone, Hint taps it: the stone is selected and its
/// routes drawn, as a tap would (the lesson's hint is a move of that stone).
fn hint_selects(tutorial: Res<Tutorial>, mut selection: ResMut<Selection>) {
    let Some(lesson) = tutorial.lesson.and_then(|i| LESSONS.get(i)) else {
        return;
    };
    if let Goal::Select(target) = lesson.goal
        && let Some(hint) = &selection.hint
        && hint.mv.from.to_string() == target
    {
        let stone = hint.mv.from;
        selection.clear();
        selection.stone = Some(stone);
    }
}

/// After the last lesson, a first game: the new-game card, set for Beginner (a game in
/// progress is asked about there, as for any new game).
fn play_beginner(
    _: On<Press>,
    mut nav: Navigator,
    mut new_game: crate::panels::new_game::OpenNewGame,
) {
    nav.go(Screen::Menu);
    new_game.open_against(surakarta_engine::ai::Level::Beginner);
}

/// The lesson card on screen.
#[derive(Component)]
pub struct LessonCard;

/// The lesson at the top of the screen: what to do, or how it went, and its buttons. The
/// board below stays free for the move.
/// The board's answer to a tap, on the lesson's card (tests look for it).
#[derive(Component)]
pub struct LessonNotice;

/// The lesson's card no longer says what it should: shown once nothing moves.
#[derive(Resource, Default)]
struct CardStale(bool);

fn mark_card_stale(mut stale: ResMut<CardStale>) {
    stale.0 = true;
}

fn show_card(
    mut commands: Commands,
    (mut stale, old): (ResMut<CardStale>, Query<Entity, With<LessonCard>>),
    (tutorial, notice): (Res<Tutorial>, Res<crate::ui::notice::Notice>),
    settings: Res<Settings>,
    strings: Res<Strings>,
    theme: Res<Theme>,
    layout: Res<BoardLayout>,
) {
    stale.0 = false;
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(index) = tutorial.lesson else { return };
    let (state, strings, theme) = (tutorial.state, &*strings, &*theme);
    let lesson = LESSONS[index];
    let key = |part: &str| format!("tut.{}.{part}", lesson.id);
    let heading = strings.fill(
        "tut.lesson",
        &[
            ("n", (index + 1).to_string()),
            ("total", LESSONS.len().to_string()),
            ("title", strings.get(&key("title"))),
        ],
    );
    let mut body = strings.for_theme(
        &key(match state {
            LessonState::Asking => "ask",
            LessonState::Passed => "done",
            LessonState::Failed(miss) => miss.key(),
        }),
        theme,
    );
    let last = index + 1 == LESSONS.len();
    // The last lesson ends with what to do next, then how the chosen rule set ends games:
    // the next step first, where a short phone's card shows it without a scroll (a tester
    // at 320x568 saw the buttons under words cut before it).
    if state == LessonState::Passed
        && last
        && let Some(end) = rules_text(&settings.rules, strings, theme).get(3)
    {
        body = format!("{body}\n{}\n{end}", strings.get("tut.next_steps"));
    }
    let closing = state == LessonState::Passed && last;
    let card = spawn_top_card(
        &mut commands,
        &layout,
        theme,
        (DespawnOnExit(Screen::Lesson), LessonCard),
        |card| {
            card.spawn(label(
                crate::ui::top_card::heading_lines(&heading, &layout),
                18.0,
                theme,
            ));
            // The board's "no" to a tap ("A capture must go round at least one loop") or
            // what an opponent's stone threatens: said in the bar under the board in a
            // game, which this card covers in a lesson, so said here: under the step's
            // words, or on a short screen in their place (two more lines would push the
            // board down and shrink it) until the next tap (`words_back_on_next_tap`).
            let said = notice.0.clone().filter(|_| state == LessonState::Asking);
            // On a short screen a refusal takes the place of the lesson's words on its
            // card instead of adding to them.
            let short = crate::ui::top_card::short_screen(&layout);
            match said {
                Some(said) if short => {
                    card.spawn((LessonNotice, paragraph(said, theme)));
                }
                Some(said) => {
                    card.spawn(paragraph(body, theme));
                    card.spawn((LessonNotice, paragraph(said, theme)));
                }
                None => {
                    card.spawn(paragraph(body, theme));
                }
            }
        },
        |card| {
            let buttons = CardButtons::new(&layout);
            card.spawn(buttons.row()).with_children(|r| {
                r.spawn(buttons.button("lesson.menu", strings.get("button.menu"), false, theme))
                    .observe(|_: On<Press>, mut steps: MessageWriter<LessonStep>| {
                        steps.write(LessonStep::Leave);
                    });
                let (id, key, then) = match state {
                    LessonState::Asking => return,
                    LessonState::Failed(_) => {
                        ("lesson.retry", "button.try_again", LessonStep::Retry)
                    }
                    LessonState::Passed if last => {
                        // The tutorial done: on to the puzzles, or a first game.
                        r.spawn(buttons.button(
                            "lesson.beginner",
                            strings.get("tut.play_beginner"),
                            false,
                            theme,
                        ))
                        .observe(play_beginner);
                        r.spawn(buttons.button(
                            "lesson.puzzles",
                            strings.get("menu.puzzles"),
                            true,
                            theme,
                        ))
                        .observe(|_: On<Press>, mut nav: Navigator| {
                            nav.go(Screen::Menu);
                            nav.open(Panel::Puzzles);
                        });
                        return;
                    }
                    LessonState::Passed => ("lesson.next", "button.next", LessonStep::Next),
                };
                r.spawn(buttons.button(id, strings.get(key), true, theme))
                    .observe(move |_: On<Press>, mut steps: MessageWriter<LessonStep>| {
                        steps.write(then);
                    });
            });
        },
    );
    if closing {
        // The tutorial's closing words stand over the finished board: pushed down under
        // them, the board jumped as the lesson ended.
        commands
            .entity(card)
            .insert(crate::ui::top_card::OverTheBoard);
    }
}
