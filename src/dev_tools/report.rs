//! What the app shows, as data: where each board point and button is on screen, the
//! position, whose turn it is. The web build publishes it as `window.__surakarta`, so the
//! browser tests tap what a player would tap, found from the app's own layout rather than
//! from pixels that move when the page is resized. It is made again only in a frame where
//! something it reports changed; the frame counter alone is set every frame.

use crate::board::selection::Selection;
use crate::board::view::BoardCamera;
use crate::game::computer::Computer;
use crate::game::session::{Mode, Practice, Session, Turn};
use crate::game::tutorial::Tutorial;
use crate::screens::review::Review;
use crate::shell::navigation::{Panel, Screen};
use crate::ui::layout::BoardLayout;
use crate::ui::widgets::ButtonId;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use serde_json::{Map, Value, json};
use surakarta_engine::Square;

/// On the web, when the page asked for it before the app started (it set
/// `window.__surakartaReport = true`, as the browser test does): the report published as
/// `window.__surakarta` whenever something in it changed, with the frame counter every
/// frame. A player's page never asks, and then nothing is made. Natively the report is made
/// only where a tool asks for it (screenshots, tests).
pub fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    if asked() {
        app.add_systems(
            Last,
            (publish_frame, publish.run_if(something_changed)).chain(),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = app;
}

/// Whether the page asked for the report.
#[cfg(target_arch = "wasm32")]
fn asked() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"__surakartaReport".into()).ok())
        .is_some_and(|v| v.as_bool() == Some(true))
}

/// A button that moved, changed size, or came or went from sight.
type MovedButtons = (
    With<ButtonId>,
    Or<(
        Changed<UiGlobalTransform>,
        Changed<ComputedNode>,
        Changed<InheritedVisibility>,
    )>,
);

/// What the report is made of, watched for changes.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Watched<'w, 's> {
    own: Res<'w, Session>,
    practice: Res<'w, Practice>,
    selection: Res<'w, Selection>,
    hover: Res<'w, crate::board::input::Hover>,
    layout: Res<'w, BoardLayout>,
    computer: Res<'w, Computer>,
    notice: Res<'w, crate::ui::notice::Notice>,
    tutorial: Res<'w, Tutorial>,
    puzzles: Res<'w, crate::puzzles::PuzzleRun>,
    review: Res<'w, Review>,
    screen: Res<'w, State<Screen>>,
    panel: Res<'w, State<Panel>>,
    turn: Option<Res<'w, State<Turn>>>,
    link: Res<'w, crate::online::Link>,
    watch: Res<'w, crate::online::Watch>,
    settings: Res<'w, crate::settings::Settings>,
    theme: Res<'w, crate::ui::theme::Theme>,
    strings: Res<'w, crate::ui::i18n::Strings>,
    cut: Res<'w, crate::ui::i18n::FontCut>,
    buttons: Query<'w, 's, (), MovedButtons>,
    gone: RemovedComponents<'w, 's, ButtonId>,
    camera: Query<'w, 's, (), (With<BoardCamera>, Changed<Transform>)>,
}

/// True when anything the report shows changed since it was last made.
pub fn something_changed(mut w: Watched) -> bool {
    w.own.is_changed()
        || w.practice.is_changed()
        || w.selection.is_changed()
        || w.hover.is_changed()
        || w.layout.is_changed()
        || w.computer.is_changed()
        || w.notice.is_changed()
        || w.tutorial.is_changed()
        || w.puzzles.is_changed()
        || w.review.is_changed()
        || w.screen.is_changed()
        || w.panel.is_changed()
        || w.turn.as_ref().is_some_and(|t| t.is_changed())
        || w.link.is_changed()
        || w.watch.is_changed()
        || w.settings.is_changed()
        || w.theme.is_changed()
        || w.strings.is_changed()
        || w.cut.is_changed()
        || !w.buttons.is_empty()
        || w.gone.read().count() > 0
        || !w.camera.is_empty()
}

/// The game the board shows: the player's own, or on the lesson and review screens the
/// one practised there.
fn shown(world: &World) -> &Session {
    match world.resource::<State<Screen>>().get() {
        Screen::Lesson | Screen::Review | Screen::Puzzle => &world.resource::<Practice>().0,
        Screen::Menu | Screen::Game => world.resource::<Session>(),
    }
}

/// What a picture of the board should show, for checks that sample a screenshot at the
/// points the report gives: the theme's colours (0-255 sRGB), the window's scale (the
/// picture's pixels per logical point), and the stones' size against the spacing of the
/// lines.
pub fn picture(world: &mut World) -> Value {
    let theme = world.resource::<crate::ui::theme::Theme>().clone();
    let rgb = |c: Color| {
        let c = c.to_srgba();
        json!([
            (c.red * 255.0).round(),
            (c.green * 255.0).round(),
            (c.blue * 255.0).round()
        ])
    };
    let colours = json!({
        "red": rgb(theme.red),
        "black": rgb(theme.black),
        "background": rgb(theme.background),
    });
    let layout = *world.resource::<BoardLayout>();
    let scale = world
        .query::<&Window>()
        .iter(world)
        .next()
        .map_or(1.0, |w| w.scale_factor());
    // The selected stone's moves: a dot on each step's point, a ring round each capture's.
    let selected = world.resource::<Selection>().stone;
    let game = &shown(world).game;
    let moves: Vec<_> = game
        .moves()
        .iter()
        .filter(|m| Some(m.from) == selected)
        .copied()
        .collect();
    let targets = |capture: bool| -> Vec<String> {
        moves
            .iter()
            .filter(|m| m.capture == capture)
            .map(|m| m.to.to_string())
            .collect()
    };
    // With the route preview on, each capture's route: the points it passes, in its colour.
    let preview = world.resource::<crate::settings::Settings>().route_preview;
    let position = *game.position();
    let routes: Vec<Value> = moves
        .iter()
        .filter(|m| m.capture && preview)
        .filter_map(|&m| position.preferred_route(m))
        .map(|route| {
            let mut points = vec![route.from.to_string()];
            points.extend(route.points.iter().map(|p| p.to_string()));
            json!({
                "points": points,
                "colour": rgb(crate::board::preview::route_colour(&theme, &route)),
            })
        })
        .collect();
    json!({
        "colours": colours,
        "routes": routes,
        "highlight": rgb(theme.highlight),
        "ink": rgb(theme.ink),
        "scale": scale,
        "stone_to_spacing": layout.stone_size() / layout.spacing,
        "steps": targets(false),
        "captures": targets(true),
    })
}

/// The report of the current frame. Coordinates are the window's logical points (CSS
/// pixels on the web) from its top-left corner.
pub fn report(world: &mut World) -> Value {
    let layout = *world.resource::<BoardLayout>();
    let rotation = world
        .query_filtered::<&Transform, With<BoardCamera>>()
        .iter(world)
        .next()
        .map_or(Quat::IDENTITY, |t| t.rotation);
    let points: Map<String, Value> = Square::all()
        .map(|sq| {
            let at = layout.world_to_screen(layout.point(sq), rotation);
            (sq.to_string(), json!([at.x, at.y]))
        })
        .collect();
    let mut buttons = Map::new();
    let mut query = world.query::<(
        &ButtonId,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
    )>();
    for (id, node, transform, visible) in query.iter(world) {
        if !visible.get() || node.size().x <= 0.0 {
            continue;
        }
        let scale = node.inverse_scale_factor();
        let centre = transform.translation * scale;
        let size = node.size() * scale;
        buttons.insert(
            id.0.clone(),
            json!({"x": centre.x, "y": centre.y, "w": size.x, "h": size.y}),
        );
    }
    let screen = *world.resource::<State<Screen>>().get();
    let panel = *world.resource::<State<Panel>>().get();
    let session = shown(world);
    let game = &session.game;
    let mode = match session.mode {
        Mode::VsComputer { human, level } => json!({
            "kind": "computer",
            "human": human.to_string(),
            "level": level.name(),
        }),
        Mode::TwoPlayers => json!({"kind": "two-players"}),
        Mode::Online { me } => json!({"kind": "online", "human": me.to_string()}),
    };
    let history: Vec<String> = game.history().iter().map(|m| m.to_string()).collect();
    // Written out, not `{:?}`: the web build prints derived Debug shallowly (web/build.sh).
    let outcome = game
        .outcome()
        .map(|o| o.winner.map_or("draw".to_owned(), |side| side.to_string()));
    let turn = world
        .get_resource::<State<Turn>>()
        .map(|t| format!("{:?}", t.get()));
    let tutorial = world.resource::<Tutorial>();
    let lesson = tutorial.lesson;
    let lesson_state = format!("{:?}", tutorial.state);
    // The puzzle on the board: its solution and where the player is in it.
    let puzzle = world
        .resource::<crate::puzzles::PuzzleRun>()
        .current
        .as_ref()
        .map(|c| {
            let moves: Vec<String> = c.puzzle().moves.iter().map(|m| m.to_string()).collect();
            let state = match c.state {
                crate::puzzles::PuzzleState::Solving => "solving",
                crate::puzzles::PuzzleState::Solved => "solved",
                crate::puzzles::PuzzleState::Missed { .. } => "missed",
                crate::puzzles::PuzzleState::Showing { .. } => "showing",
                crate::puzzles::PuzzleState::Shown => "shown",
            };
            json!({"index": c.index, "moves": moves, "state": state})
        });
    let selection = world.resource::<Selection>();
    let computer = world.resource::<Computer>();
    let frame = world.get_resource::<FrameCount>().map_or(0, |f| f.0);
    let review = world.resource::<Review>();
    let review = (screen == Screen::Review).then(|| json!([game.history().len(), review.total()]));
    // The menu's card is a panel to the player.
    let shown_panel = match (screen, panel.name()) {
        (_, Some(name)) => Some(name),
        (Screen::Menu, None) => Some("menu"),
        _ => None,
    };
    let notice = world
        .get_resource::<crate::ui::notice::Notice>()
        .and_then(|n| n.0.clone());
    // An online game's seat and connection (the browser test plays one on two pages).
    let online = session.online.as_ref().map(|seat| {
        let link = world.resource::<crate::online::Link>();
        json!({
            "invite": seat.invite(),
            "side": seat.side.to_string(),
            "status": status_word(&link.line.status),
            "waiting_for_friend": link.waiting_for_friend(),
            // The clocks as the bar shows them when the report was written.
            "clock": link.timing.control.map(|_| {
                let ms = |side| link.timing.left(side).map(|d| d.as_millis() as u64);
                json!({
                    "red": ms(surakarta_engine::Side::Red),
                    "black": ms(surakarta_engine::Side::Black),
                    "running": link.timing.running().map(|s| s.to_string()),
                })
            }),
        })
    });
    // A game watched live: its connection, and the bar's line about it.
    let watch = world.resource::<crate::online::Watch>();
    let watch = watch.watching().then(|| {
        let strings = world.resource::<crate::ui::i18n::Strings>();
        let shown = world
            .resource::<crate::game::session::Practice>()
            .0
            .game
            .history()
            .len();
        let line =
            crate::bars::status::watch_line(watch, world.resource::<Review>(), shown, strings);
        json!({"status": status_word(&watch.line.status), "line": line})
    });
    // Which cut of the font is drawing (the web's wasm starts with the western one and
    // takes the full one from the page for Chinese: platform/page.rs).
    let font = match *world.resource::<crate::ui::i18n::FontCut>() {
        crate::ui::i18n::FontCut::Western => "western",
        crate::ui::i18n::FontCut::Full => "full",
    };
    json!({
        "frame": frame,
        "font": font,
        "language": world.resource::<crate::ui::i18n::Strings>().language.tag(),
        "online": online,
        "watch": watch,
        "notice": notice,
        "puzzle": puzzle,
        "thinking": computer.thinking(),
        "hinting": computer.hinting(),
        "searcher": match computer.threading {
            crate::game::search::Threading::Worker => "worker",
            crate::game::search::Threading::Sliced { .. } => "slices",
            crate::game::search::Threading::Background => "threads",
        },
        "selected": selection.stone.map(|s| s.to_string()),
        "hover": world.resource::<crate::board::input::Hover>().0.map(|s| s.to_string()),
        "hint": selection.hint.as_ref().map(|h| h.mv.to_string()),
        "window": [layout.window.x, layout.window.y],
        "safe": [layout.safe.top, layout.safe.right, layout.safe.bottom, layout.safe.left],
        "spacing": layout.spacing,
        "points": points,
        "buttons": buttons,
        "position": game.position().to_string(),
        "history": history,
        "mode": mode,
        // The level the new-game card would start (its stepper).
        "chosen_level": world
            .get_resource::<crate::panels::new_game::NewGameChoice>()
            .map(|c| c.level.name()),
        "turn": turn,
        "outcome": outcome,
        "screen": format!("{screen:?}"),
        "panel": shown_panel,
        "lesson": lesson,
        "lesson_state": lesson_state,
        "review": review,
    })
}

fn status_word(status: &crate::online::Status) -> &'static str {
    match status {
        crate::online::Status::Off => "off",
        crate::online::Status::Connecting => "connecting",
        crate::online::Status::Connected => "connected",
        crate::online::Status::Lost { .. } => "lost",
    }
}

/// The frame counter, on the report already published: the browser test counts frames.
#[cfg(target_arch = "wasm32")]
fn publish_frame(frame: Res<FrameCount>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(report) = js_sys::Reflect::get(&window, &"__surakarta".into())
        && report.is_object()
    {
        let _ = js_sys::Reflect::set(&report, &"frame".into(), &frame.0.into());
    }
}

#[cfg(target_arch = "wasm32")]
fn publish(world: &mut World) {
    let mut report = report(world);
    report["picture"] = picture(world);
    let text = report.to_string();
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(value) = js_sys::JSON::parse(&text) {
        let _ = js_sys::Reflect::set(&window, &"__surakarta".into(), &value);
    }
}
