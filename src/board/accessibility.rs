//! The screen reader: the game told through AccessKit, which Bevy hands the platform's
//! screen reader where winit has an adapter for it (Windows' UI Automation, macOS'
//! accessibility API and, with the `accesskit_unix` feature the desktop build turns on,
//! Linux's AT-SPI for Orca; docs/app.md says what works where).
//!
//! - Every button is a button named by its words (Bevy's UI does that for its `Button`s),
//!   and every card's words are labels.
//! - Every board point is a button that says its name and what stands on it, and, while a
//!   stone is selected, whether that stone can step or capture there. Activating it is a
//!   tap on it (the same path as a finger), so a game can be played without seeing it.
//! - A live region says what happened: the stone selected and where it can go, each move
//!   played ("Black played e5-e4"), a puzzle's task and result, and why nothing happened
//!   is left to the buttons.

use crate::board::Point;
use crate::board::input::Tapped;
use crate::board::selection::Selection;
use crate::board::view::BoardCamera;
use crate::game::session::{MovePlayed, OnBoard};
use crate::shell::navigation::GameSet;
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::widgets::ButtonId;
use accesskit::{Action, Live, Node as A11yNode, Rect, Role};
use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use surakarta_engine::{Game, Move, Side, Square};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ActionRequest>()
        .add_message::<Say>()
        .init_resource::<Spoken>()
        .add_systems(Startup, spawn_announcer)
        .add_systems(
            Update,
            (
                act_on_requests
                    .in_set(GameSet::Input)
                    .before(crate::board::input::TapSystems),
                (make_points_accessible, name_points, announce)
                    .chain()
                    .in_set(GameSet::Present),
            ),
        );
}

/// The live region the screen reader reads out when it changes.
#[derive(Component)]
pub struct Announcer;

/// Words for the live region from off the board: a puzzle's task and how it went. Said
/// after the move of the same frame.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Say(pub String);

/// What the live region said last (tests read it).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spoken(pub String);

fn spawn_announcer(mut commands: Commands) {
    let mut node = A11yNode::new(Role::Status);
    node.set_live(Live::Polite);
    commands.spawn((Announcer, AccessibilityNode::from(node)));
}

fn make_points_accessible(points: Query<Entity, Added<Point>>, mut commands: Commands) {
    for point in &points {
        let mut node = A11yNode::new(Role::Button);
        node.add_action(Action::Click);
        commands
            .entity(point)
            .try_insert(AccessibilityNode::from(node));
    }
}

/// What a point says: its name, what stands on it, and what the selected stone can do there.
pub fn point_words(game: &Game, selected: Option<Square>, sq: Square, strings: &Strings) -> String {
    let what = match game.position().at(sq) {
        Some(Side::Red) => strings.get("a11y.red_stone"),
        Some(Side::Black) => strings.get("a11y.black_stone"),
        None => strings.get("a11y.empty"),
    };
    let mut words = strings.fill("a11y.point", &[("point", sq.to_string()), ("what", what)]);
    if selected == Some(sq) {
        words = strings.fill(
            "a11y.with",
            &[("words", words), ("more", strings.get("a11y.is_selected"))],
        );
    } else if let Some(m) = selected.and_then(|from| {
        game.moves()
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == sq)
    }) {
        let key = if m.capture {
            "a11y.can_capture"
        } else {
            "a11y.can_step"
        };
        words = strings.fill("a11y.with", &[("words", words), ("more", strings.get(key))]);
    }
    words
}

/// Where the board is on the screen: its layout, the camera's turn, the window's scale.
#[derive(bevy::ecs::system::SystemParam)]
struct OnScreen<'w, 's> {
    layout: Res<'w, BoardLayout>,
    camera: Query<'w, 's, Ref<'static, Transform>, With<BoardCamera>>,
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

/// Each point's words and place, kept up to date with the board, the selection, the
/// language and the layout (the screen reader draws its focus ring there).
fn name_points(
    mut points: Query<(&Point, &mut AccessibilityNode)>,
    board: OnBoard,
    selection: Res<Selection>,
    strings: Res<Strings>,
    screen: OnScreen,
    mut named: Local<usize>,
) {
    let OnScreen {
        layout,
        camera,
        window,
    } = screen;
    let camera_turned = camera.iter().any(|t| t.is_changed());
    let new_points = points.iter().count() != *named;
    if !(board.is_changed()
        || selection.is_changed()
        || strings.is_changed()
        || layout.is_changed()
        || camera_turned
        || new_points)
    {
        return;
    }
    let game = &board.session().game;
    let rotation = camera.iter().next().map_or(Quat::IDENTITY, |t| t.rotation);
    let scale = window
        .iter()
        .next()
        .map_or(1.0, |w| w.resolution.scale_factor()) as f64;
    let half = f64::from(layout.spacing) * 0.45;
    *named = points.iter().count();
    for (&Point(sq), mut node) in &mut points {
        let words = point_words(game, selection.stone, sq, &strings);
        if node.label() != Some(words.as_str()) {
            node.set_label(words);
        }
        let at = layout.world_to_screen(layout.point(sq), rotation);
        let (x, y) = (f64::from(at.x), f64::from(at.y));
        node.set_bounds(Rect::new(
            (x - half) * scale,
            (y - half) * scale,
            (x + half) * scale,
            (y + half) * scale,
        ));
    }
}

/// The words for the stone selected and where it can go.
pub fn selected_words(game: &Game, from: Square, strings: &Strings) -> String {
    let targets = |capture: bool| {
        let list: Vec<String> = game
            .moves()
            .iter()
            .filter(|m| m.from == from && m.capture == capture)
            .map(|m| m.to.to_string())
            .collect();
        if list.is_empty() {
            strings.get("a11y.none")
        } else {
            list.join(", ")
        }
    };
    strings.fill(
        "a11y.selected",
        &[
            ("point", from.to_string()),
            ("steps", targets(false)),
            ("captures", targets(true)),
        ],
    )
}

/// The words for a move just played.
pub fn played_words(side: Side, mv: Move, strings: &Strings) -> String {
    let key = if mv.capture {
        "a11y.captured"
    } else {
        "a11y.played"
    };
    strings.fill(
        key,
        &[
            ("side", strings.side(side)),
            ("move", mv.to_string()),
            ("point", mv.to.to_string()),
        ],
    )
}

fn announce(
    mut played: MessageReader<MovePlayed>,
    mut says: MessageReader<Say>,
    board: OnBoard,
    selection: Res<Selection>,
    strings: Res<Strings>,
    mut spoken: ResMut<Spoken>,
    mut announcer: Query<&mut AccessibilityNode, With<Announcer>>,
) {
    let mut said = None;
    for p in played.read() {
        said = Some(played_words(p.before.side_to_move(), p.mv, &strings));
    }
    if selection.is_changed()
        && let Some(from) = selection.stone
    {
        said = Some(selected_words(&board.session().game, from, &strings));
    }
    for Say(words) in says.read() {
        said = Some(match said {
            Some(before) => format!("{before} {words}"),
            None => words.clone(),
        });
    }
    let Some(said) = said else {
        return;
    };
    for mut node in &mut announcer {
        node.set_label(said.clone());
    }
    spoken.0 = said;
}

/// The screen reader's "activate": on a board point, a tap there; on a button, a press.
fn act_on_requests(
    mut requests: MessageReader<ActionRequest>,
    points: Query<&Point>,
    buttons: Query<(), With<ButtonId>>,
    mut taps: MessageWriter<Tapped>,
    mut commands: Commands,
) {
    for request in requests.read() {
        if request.action != Action::Click {
            continue;
        }
        let Some(entity) = Entity::try_from_bits(request.target_node.0) else {
            continue;
        };
        if let Ok(&Point(sq)) = points.get(entity) {
            taps.write(Tapped(sq));
        } else if buttons.contains(entity) {
            commands.trigger(Press { entity });
        }
    }
}
