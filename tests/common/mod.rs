//! A headless game app for tests: `MinimalPlugins` and the game's own plugins, no window
//! system and no GPU. Time advances by a fixed step each update.

#![allow(dead_code, reason = "each test file uses part of it")]

use bevy::asset::AssetPlugin;
use bevy::input::touch::{ForceTouch, TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowResolution};
use std::time::Duration;
use surakarta::board::view::BoardCamera;
use surakarta::game::session::{Mode, Practice, Session, Turn};
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::layout::BoardLayout;
use surakarta::ui::press::Press;
use surakarta::ui::widgets::{ButtonId, Card};
use surakarta_engine::{Game, Position, Ruleset, Square};

pub const FRAME: Duration = Duration::from_millis(16);

pub fn app() -> App {
    app_with(None)
}

/// A fresh, empty folder for one test, removed with everything in it when the test ends
/// (also when it fails).
pub struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::PathBuf;
    fn deref(&self) -> &std::path::PathBuf {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir(name: &str) -> TempDir {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!(
        "surakarta-test-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// Waits until the saves asked for so far are on disk (they are written on a thread of
/// their own, as on a phone).
pub fn saves_written() {
    assert!(
        surakarta::persist::store::flush(Duration::from_secs(10)),
        "the saves were not written"
    );
}

/// A headless app that keeps its files in `dir` (or nowhere). Like a process started
/// again, it reads what the last one wrote.
pub fn app_with(dir: Option<std::path::PathBuf>) -> App {
    let mut app = app_at_its_menu(dir);
    // Past the menu: tests set up their own games.
    go_to(&mut app, Screen::Game);
    app
}

/// [`app_with`], left on the menu it opens on, as a player starting it finds it.
pub fn app_at_its_menu(dir: Option<std::path::PathBuf>) -> App {
    let mut app = unstarted(dir);
    app.add_plugins(surakarta::plugin);
    // The real engine, searching as far as a debug build can in a test's time: the
    // shipping count of positions (set for a release build's speed) took minutes a game.
    app.world_mut()
        .resource_mut::<surakarta::game::computer::Computer>()
        .analysis_nodes = 60_000;
    app.update();
    app
}

/// A headless app started as the desktop app's command line would start it (`--fen`,
/// `--panel`…), with the tools that read it; no files.
pub fn app_from_command_line(args: &[&str]) -> App {
    let options = surakarta::Options::from_args(args.iter().map(|a| a.to_string())).unwrap();
    let mut app = unstarted(None);
    app.insert_resource(options);
    app.add_plugins((surakarta::plugin, surakarta::dev_tools::plugin));
    app.update();
    app
}

/// The engine room of a headless app, before the game's plugins.
fn unstarted(dir: Option<std::path::PathBuf>) -> App {
    saves_written();
    let mut app = App::new();
    app.insert_resource(surakarta::persist::Storage(
        dir.map(surakarta::persist::store::Store::new),
    ));
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()));
    app.init_asset::<Mesh>();
    app.init_asset::<ColorMaterial>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(390, 844).with_scale_factor_override(1.0),
            ..default()
        },
        PrimaryWindow,
    ));
    app
}

/// Shows `screen` with no panel over it, as the app's own buttons would.
pub fn go_to(app: &mut App, screen: Screen) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app.world_mut()
        .resource_mut::<NextState<Panel>>()
        .set(Panel::None);
    app.update();
    app.update();
}

/// Starts a game from `fen` in `mode`.
pub fn set_game(app: &mut App, fen: &str, mode: Mode) {
    let pos: Position = fen.parse().unwrap();
    set_session(app, Game::from_position(pos, Ruleset::default()), mode);
}

pub fn set_session(app: &mut App, game: Game, mode: Mode) {
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        session.game = game;
        session.mode = mode;
    }
    let next = surakarta::game::session::settled_turn(app.world().resource::<Session>());
    app.world_mut().resource_mut::<NextState<Turn>>().set(next);
    app.update();
    app.update();
}

/// Screen position of a board point, as a finger would find it.
pub fn screen_of(app: &mut App, sq: Square) -> Vec2 {
    // The layout the next frame lays the board out by before it reads the tap (a card's
    // room set in this frame's last systems moves the board in the next frame's first).
    use surakarta::ui::layout::{BarReach, SafeArea, TopCard};
    let world = app.world();
    let layout = BoardLayout::clear_of(
        world.resource::<BoardLayout>().window,
        *world.resource::<SafeArea>(),
        *world.resource::<TopCard>(),
        *world.resource::<BarReach>(),
    );
    let rotation = app
        .world_mut()
        .query_filtered::<&Transform, With<BoardCamera>>()
        .iter(app.world())
        .next()
        .map_or(Quat::IDENTITY, |t| t.rotation);
    layout.world_to_screen(layout.point(sq), rotation)
}

/// A finger goes down and lifts at `at` (window coordinates).
pub fn touch(app: &mut App, at: Vec2) {
    send_touch(app, TouchPhase::Started, at);
    send_touch(app, TouchPhase::Ended, at);
    app.update();
}

/// One touch message of the finger the tests use.
fn send_touch(app: &mut App, phase: TouchPhase, at: Vec2) {
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window,
        force: None::<ForceTouch>,
        id: 7,
    });
}

/// Taps a board point.
pub fn tap(app: &mut App, sq: &str) {
    let at = screen_of(app, sq.parse().unwrap());
    touch(app, at);
}

pub fn turn(app: &App) -> Turn {
    *app.world().resource::<State<Turn>>().get()
}

/// The game on the board: the player's own, or on the lesson, review and puzzle screens
/// theirs.
pub fn session(app: &App) -> &Session {
    match screen(app) {
        Screen::Lesson | Screen::Review | Screen::Puzzle => &app.world().resource::<Practice>().0,
        Screen::Menu | Screen::Game => own_game(app),
    }
}

/// The player's own game, whatever the board shows.
pub fn own_game(app: &App) -> &Session {
    app.world().resource::<Session>()
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub fn panel(app: &App) -> Panel {
    *app.world().resource::<State<Panel>>().get()
}

/// The names of the buttons on screen.
pub fn buttons(app: &mut App) -> Vec<String> {
    let mut names: Vec<String> = app
        .world_mut()
        .query::<&ButtonId>()
        .iter(app.world())
        .map(|b| b.0.clone())
        .collect();
    names.sort();
    names
}

/// The names of the buttons on the card on screen, top to bottom as drawn.
pub fn card_buttons_in_order(app: &mut App) -> Vec<String> {
    let roots: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<Card>>()
        .iter(app.world())
        .collect();
    let mut names = Vec::new();
    let mut stack: Vec<Entity> = roots.into_iter().rev().collect();
    while let Some(e) = stack.pop() {
        if let Some(id) = app.world().get::<ButtonId>(e) {
            names.push(id.0.clone());
        }
        if let Some(children) = app.world().get::<Children>(e) {
            stack.extend(children.iter().rev());
        }
    }
    names
}

/// The fill of each card on screen (the panel inside the shade).
pub fn card_fills(app: &mut App) -> Vec<Color> {
    let cards: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, With<Card>>()
        .iter(app.world())
        .collect();
    cards
        .iter()
        .flat_map(|c| app.world().get::<Children>(*c).unwrap().to_vec())
        .filter_map(|e| app.world().get::<BackgroundColor>(e).map(|b| b.0))
        .collect()
}

/// How far each node marked `M` is turned, in radians (0 upright, π upside down).
pub fn turns<M: Component>(app: &mut App) -> Vec<f32> {
    app.world_mut()
        .query_filtered::<&UiTransform, With<M>>()
        .iter(app.world())
        .map(|t| t.rotation.as_radians().abs())
        .collect()
}

/// Every text on screen as a player reads it: without the word joiners (U+2060, drawn as
/// nothing) that hold a move or a name on one line.
pub fn texts(app: &mut App) -> Vec<String> {
    app.world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.replace('\u{2060}', ""))
        .collect()
}

/// Updates until `done`, or until both `seconds` of game time and `seconds` of real time
/// have passed: work on other threads (the computer's search, a server's answer) gets the
/// real time the caller gave it, however fast the frames run here.
pub fn run_until(app: &mut App, seconds: f32, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let frames = (seconds / FRAME.as_secs_f32()) as usize;
    let started = std::time::Instant::now();
    let mut frame = 0;
    loop {
        if done(app) {
            return true;
        }
        if frame >= frames && started.elapsed().as_secs_f32() >= seconds {
            return false;
        }
        app.update();
        frame += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Moves appear at once (the animation-speed setting "off").
pub fn animations_off(app: &mut App) {
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .animation = surakarta::settings::AnimationSpeed::Off;
}

/// The moves whose routes are drawn on the board now.
pub fn drawn_routes(app: &mut App) -> Vec<String> {
    app.world_mut()
        .query::<&surakarta::board::preview::RouteMark>()
        .iter(app.world())
        .map(|r| r.0.to_string())
        .collect()
}

/// The start position.
pub const START: &str = "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0";

/// Taps `from` then `to` and waits for the move to be played.
pub fn play(app: &mut App, from: &str, to: &str) {
    let before = session(app).game.history().len();
    tap(app, from);
    tap(app, to);
    assert!(
        run_until(app, 3.0, |a| session(a).game.history().len() > before),
        "{from}-{to} was not played"
    );
}

/// `play`, then waits until the move has been shown and the next player is asked.
pub fn play_settled(app: &mut App, from: &str, to: &str) {
    play(app, from, to);
    // The move is in the game a frame before the turn state says it is moving.
    app.update();
    assert!(
        run_until(app, 5.0, |a| {
            turn(a) != Turn::Animating
                && matches!(
                    a.world().resource::<NextState<Turn>>(),
                    NextState::Unchanged
                )
        }),
        "{from}-{to} is still moving"
    );
}

/// Taps the button named `id` (see `ButtonId`), and the frames that follow. The button
/// must be shown (neither it nor anything it sits in is `Display::None` or hidden) and
/// not under a card it does not belong to, as for a finger. Where it is drawn is not
/// known here (headless apps lay nothing out): the browser tests tap by place.
pub fn press(app: &mut App, id: &str) {
    let found: Vec<Entity> = app
        .world_mut()
        .query::<(Entity, &ButtonId)>()
        .iter(app.world())
        .filter(|(_, b)| b.0 == id)
        .map(|(e, _)| e)
        .collect();
    let names = buttons(app);
    let [button] = found[..] else {
        panic!(
            "{} buttons {id:?} on screen; there are {names:?}",
            found.len()
        );
    };
    let cards = app
        .world_mut()
        .query_filtered::<(), With<Card>>()
        .iter(app.world())
        .count();
    let mut on_card = false;
    let mut at = button;
    while let Some(parent) = app.world().get::<ChildOf>(at).map(ChildOf::parent) {
        on_card |= app.world().get::<Card>(parent).is_some();
        at = parent;
    }
    assert!(cards == 0 || on_card, "{id:?} is under a card");
    let mut at = Some(button);
    while let Some(entity) = at {
        let hidden = app
            .world()
            .get::<Node>(entity)
            .is_some_and(|n| n.display == Display::None)
            || app.world().get::<Visibility>(entity) == Some(&Visibility::Hidden);
        assert!(!hidden, "{id:?} is hidden ({entity} is not shown)");
        at = app.world().get::<ChildOf>(entity).map(ChildOf::parent);
    }
    app.world_mut().trigger(Press { entity: button });
    app.update();
    app.update();
}

/// A finger goes down at `from`, moves to `to` in two steps and lifts, a frame each.
pub fn drag(app: &mut App, from: Vec2, to: Vec2) {
    for (phase, at) in [
        (TouchPhase::Started, from),
        (TouchPhase::Moved, (from + to) / 2.0),
        (TouchPhase::Moved, to),
        (TouchPhase::Ended, to),
    ] {
        send_touch(app, phase, at);
        app.update();
    }
}

/// Touch messages of the test's finger, all in the coming frame.
pub fn send_touches(app: &mut App, touches: &[(TouchPhase, Vec2)]) {
    for &(phase, at) in touches {
        send_touch(app, phase, at);
    }
}

/// How far the board's camera is turned, in radians (0 upright, pi for the far side of the
/// table in a two-player game).
pub fn camera_angle(app: &mut App) -> f32 {
    let rotation = app
        .world_mut()
        .query_filtered::<&Transform, With<surakarta::board::view::BoardCamera>>()
        .single(app.world())
        .unwrap()
        .rotation;
    rotation.to_euler(EulerRot::XYZ).2.abs()
}

/// The analysis under review has judged every move and stopped.
pub fn finished(app: &App) -> bool {
    let a = app
        .world()
        .resource::<surakarta::game::analysis::Analysis>();
    a.complete() && !a.running()
}

/// Opens the review of `moves` played from `start`, its move list, and analyses it to
/// the end.
pub fn review_and_analyse(app: &mut App, start: &str, moves: &[&str]) {
    review_and_analyse_as(app, start, moves, None);
}

/// `review_and_analyse` of a game in which `own` was the player's side (against the
/// computer or a friend online), or both sides were (`None`).
pub fn review_and_analyse_as(
    app: &mut App,
    start: &str,
    moves: &[&str],
    own: Option<surakarta_engine::Side>,
) {
    let mut game = Game::from_position(start.parse().unwrap(), Ruleset::default());
    for m in moves {
        game.try_play(m.parse().unwrap()).unwrap();
    }
    app.world_mut()
        .write_message(surakarta::screens::review::OpenReview(
            game,
            surakarta::screens::review::ClosesTo::Records,
            own.unwrap_or(surakarta_engine::Side::Red),
            own,
        ));
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Review);
    press(app, "review.moves");
    assert_eq!(panel(app), Panel::Moves);
    press(app, "moves.analyse");
    assert!(
        app.world()
            .resource::<surakarta::game::analysis::Analysis>()
            .running()
            || finished(app)
    );
    assert!(run_until(app, 120.0, |a| finished(a)), "the analysis ended");
}

/// A button's words ("" when there is no such button).
pub fn button_words(app: &mut App, id: &str) -> String {
    let children: Vec<Entity> = app
        .world_mut()
        .query::<(&surakarta::ui::widgets::ButtonId, &Children)>()
        .iter(app.world())
        .find(|(b, _)| b.0 == id)
        .map(|(_, c)| c.to_vec())
        .unwrap_or_default();
    children
        .iter()
        .find_map(|&c| app.world().get::<Text>(c).map(|t| t.0.clone()))
        .unwrap_or_default()
}

/// The menu's entry drawn as its main button (in the theme's button colour).
pub fn main_button(app: &mut App) -> String {
    let main = app.world().resource::<surakarta::ui::theme::Theme>().button;
    let found: Vec<String> = app
        .world_mut()
        .query::<(&surakarta::ui::widgets::ButtonId, &BackgroundColor)>()
        .iter(app.world())
        .filter(|(id, bg)| id.0.starts_with("menu.") && bg.0 == main)
        .map(|(id, _)| id.0.clone())
        .collect();
    assert_eq!(found.len(), 1, "one main button: {found:?}");
    found[0].clone()
}
