//! Every screen and card the app shows, each as a scene a check tool can put on screen
//! (`layout_check.rs`): the menu, the game, each card of the `panels!` list over the
//! screen it opens on, each lesson asking, passed and failed, a puzzle and a review.
//! The cards that need an online seat or a request that failed (`Invite`, `Problem`) are
//! left out: nothing offline opens them.

use crate::game::records::Records;
use crate::game::session::{Mode, Session, Turn, settled_turn};
use crate::game::tutorial::{LESSONS, LessonState, Miss, Tutorial};
use crate::persist::store::Store;
use crate::puzzles::PuzzleStep;
use crate::screens::lesson::LessonStep;
use crate::screens::review::{ClosesTo, OpenReview};
use crate::shell::navigation::{Panel, Screen};
use bevy::prelude::*;
use surakarta_engine::ai::Level;
use surakarta_engine::{Game, Side};

/// One thing on screen to look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scene {
    /// The menu over the player's game.
    Menu,
    /// The menu opened in a lesson while a game of the player's goes on: its first row
    /// holds the way back to the lesson and the game's Continue.
    MenuOverLesson,
    /// A game against the computer under way.
    Game,
    /// A card over the screen it opens on.
    Panel(Panel),
    /// A lesson (from 0), asking, passed or failed.
    Lesson(usize, LessonState),
    /// The pack's first puzzle.
    Puzzle,
    /// A game record under review.
    Review,
    /// A game whose status bar says the most it says at once: a notice of the player's
    /// other online game under the turn, the counts and the counter (the bar then grows
    /// towards the board).
    BusyBar,
}

/// Every scene, in the order they are walked.
pub fn scenes() -> Vec<Scene> {
    // The menu over a lesson before the game: entering the game lets the lesson go from
    // the menu's first row, so that the scenes after it are as they were.
    let mut all = vec![Scene::Menu, Scene::MenuOverLesson, Scene::Game];
    all.extend(
        Panel::ALL
            .iter()
            .filter(|p| !matches!(p, Panel::Invite | Panel::Problem))
            .map(|&p| Scene::Panel(p)),
    );
    for lesson in 0..LESSONS.len() {
        for state in [
            LessonState::Asking,
            LessonState::Passed,
            LessonState::Failed(Miss::Wrong),
        ] {
            all.push(Scene::Lesson(lesson, state));
        }
    }
    all.extend([Scene::Puzzle, Scene::Review, Scene::BusyBar]);
    all
}

/// A game of a few moves, for the cards that list or end one.
fn a_game() -> Game {
    game_of(&["b2-b3", "e5-e4", "c2-c3", "d5-d4", "b3-a4", "e4-f3"])
}

/// The game of these moves from the start (as far as they are legal).
fn game_of(moves: &[&str]) -> Game {
    let mut game = Game::default();
    for m in moves {
        if let Ok(mv) = m.parse() {
            let _ = game.try_play(mv);
        }
    }
    game
}

/// Game records on a shelf of the check's own (under the system's temporary folder, so
/// nothing of the player's): a game won against the computer by resignation, one drawn
/// by agreement and one unfinished, whose lines are the longest the card writes.
fn shelve_games(world: &mut World) {
    let dir = std::env::temp_dir().join("surakarta-layout-records");
    // Written again each time: three games, not three more each run.
    let _ = std::fs::remove_dir_all(&dir);
    let shelf = Store::new(dir);
    let mut records = Records {
        shelf: Some(shelf),
        ..Records::default()
    };
    let against = |level| Mode::VsComputer {
        human: Side::Black,
        level,
    };
    let mut resigned = a_game();
    resigned.resign(Side::Red);
    let mut drawn = game_of(&["a2-a3", "f5-f4", "b2-b3"]);
    drawn.agree_draw();
    let unfinished = game_of(&["c2-c3", "d5-d4"]);
    for (seed, (game, mode)) in [
        (resigned, against(Level::Advanced)),
        (drawn, Mode::TwoPlayers),
        (unfinished, against(Level::Beginner)),
    ]
    .into_iter()
    .enumerate()
    {
        let session = Session {
            game,
            mode,
            seed: seed as u64,
            ..Session::default()
        };
        if let Err(e) = records.save(&session, false) {
            warn!("the layout check's records: {e}");
        }
    }
    *world.resource_mut::<Records>() = records;
}

impl Scene {
    /// Its name in a fault's report.
    pub fn name(self) -> String {
        match self {
            Scene::Menu => "menu".into(),
            Scene::MenuOverLesson => "menu over a lesson".into(),
            Scene::Game => "game".into(),
            Scene::Panel(p) => format!("card {}", p.name().unwrap_or("none")),
            Scene::Lesson(i, state) => format!("lesson {} {state:?}", i + 1),
            Scene::Puzzle => "puzzle".into(),
            Scene::Review => "review".into(),
            Scene::BusyBar => "game with a notice".into(),
        }
    }

    /// Puts it on screen (seen from the next frames).
    pub fn set_up(self, world: &mut World) {
        let go = |world: &mut World, screen: Screen, panel: Panel| {
            world.resource_mut::<NextState<Screen>>().set(screen);
            world.resource_mut::<NextState<Panel>>().set(panel);
        };
        let play = |world: &mut World, game: Game, mode: Mode| {
            let mut session = world.resource_mut::<Session>();
            session.game = game;
            session.mode = mode;
            let turn = settled_turn(&session);
            world.resource_mut::<NextState<Turn>>().set(turn);
        };
        let against = Mode::VsComputer {
            human: Side::Red,
            level: Level::Medium,
        };
        match self {
            Scene::Menu => go(world, Screen::Menu, Panel::None),
            Scene::MenuOverLesson => {
                play(world, a_game(), Mode::TwoPlayers);
                world.resource_mut::<Tutorial>().lesson = Some(0);
                world.write_message(LessonStep::Retry);
            }
            Scene::Game | Scene::BusyBar => {
                play(world, a_game(), against);
                go(world, Screen::Game, Panel::None);
            }
            Scene::Panel(Panel::GameOver) => {
                let mut over = a_game();
                over.resign(Side::Black);
                play(world, over, against);
                go(world, Screen::Game, Panel::GameOver);
            }
            Scene::Panel(
                panel @ (Panel::Leave
                | Panel::Resign
                | Panel::EndGame
                | Panel::Offer
                | Panel::Moves),
            ) => {
                play(world, a_game(), Mode::TwoPlayers);
                go(world, Screen::Game, panel);
            }
            Scene::Panel(Panel::Records) => {
                shelve_games(world);
                go(world, Screen::Menu, Panel::Records);
            }
            Scene::Panel(panel) => go(world, Screen::Menu, panel),
            Scene::Lesson(index, _) => {
                world.resource_mut::<Tutorial>().lesson = Some(index);
                world.write_message(LessonStep::Retry);
            }
            Scene::Puzzle => {
                world.write_message(PuzzleStep::Open(0));
            }
            Scene::Review => {
                world.write_message(OpenReview(a_game(), ClosesTo::Records, Side::Red, None));
            }
        }
    }

    /// What must wait until the scene is on screen (a lesson's answer, once the lesson
    /// has started).
    pub fn then(self, world: &mut World) {
        // Said once the language is in place (a notice goes with the language it was in).
        if self == Scene::BusyBar {
            let strings = world.resource::<crate::ui::i18n::Strings>();
            let words = strings.fill(
                "online_games.your_move_elsewhere",
                &[("side", strings.side(Side::Black)), ("time", "2:59".into())],
            );
            world.resource_mut::<crate::ui::notice::Notice>().0 = Some(words);
        }
        if self == Scene::MenuOverLesson {
            world.write_message(LessonStep::Leave);
        }
        if let Scene::Lesson(_, state) = self {
            let mut tutorial = world.resource_mut::<Tutorial>();
            if tutorial.state != state {
                tutorial.state = state;
            }
        }
    }
}
