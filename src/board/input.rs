//! Taps and drags on the board. A touch or a mouse click that lifts near where it went
//! down becomes a tap on the nearest board point; one that travels is a drag, and where
//! it lifts is a drop. A press that went down on the UI (a card, a button) is the UI's.
//! The point under the mouse pointer, or under a finger resting or sliding on the board,
//! is [`Hover`]. Whether the game wants a tap or a drop is the selection's business
//! (`selection.rs`).

use crate::board::view::BoardCamera;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::GameSet;
use crate::ui::layout::BoardLayout;
use crate::ui::press::{DRAG_DISTANCE, MOUSE, UiHits};
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::HashMap;
use surakarta_engine::Square;

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<Tapped>();
    app.add_message::<TouchInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<CursorMoved>()
        .add_message::<Tapped>()
        .add_message::<DragStarted>()
        .add_message::<Dropped>()
        .init_resource::<Hover>()
        .init_resource::<Presses>()
        .add_systems(
            Update,
            (read_presses, track_hover)
                .chain()
                .in_set(TapSystems)
                .in_set(GameSet::Input),
        );
}

/// Where taps become [`Tapped`], [`DragStarted`] and [`Dropped`] messages.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TapSystems;

/// A person tapped this board point.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tapped(pub Square);

/// A finger (or the mouse) that went down on this point has started to slide.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DragStarted(pub Square);

/// A drag that began on `from` was let go on `to` (`None`: off the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dropped {
    pub from: Square,
    pub to: Option<Square>,
}

/// The board point under the mouse pointer, or under a finger on the board.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Hover(pub Option<Square>);

/// A press on the board, from where it went down to where it is now.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Press {
    start: Vec2,
    now: Vec2,
    dragging: bool,
    touch: bool,
}

/// The presses on the board, by pointer (fingers by id, the mouse as [`MOUSE`]).
#[derive(Resource, Default, Debug)]
pub struct Presses(HashMap<u64, Press>);

/// The board's points on the window: where the board is laid out, and which way the
/// camera looks at it (the board may be turned half a circle).
#[derive(SystemParam)]
pub struct BoardPoints<'w, 's> {
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Query<'w, 's, &'static Transform, With<BoardCamera>>,
    layout: Res<'w, BoardLayout>,
}

impl BoardPoints<'_, '_> {
    /// The mouse pointer in the window, if it is in it.
    pub fn cursor(&self) -> Option<Vec2> {
        self.window.single().ok().and_then(Window::cursor_position)
    }

    /// The board point nearest `screen` (window coordinates), if one is near enough.
    pub fn nearest(&self, screen: Vec2) -> Option<Square> {
        let rotation = self
            .camera
            .iter()
            .next()
            .map_or(Quat::IDENTITY, |t| t.rotation);
        self.layout
            .nearest(self.layout.screen_to_world(screen, rotation))
    }
}

/// What the presses turned into this frame.
#[derive(SystemParam)]
struct Gestures<'w> {
    tapped: MessageWriter<'w, Tapped>,
    dragged: MessageWriter<'w, DragStarted>,
    dropped: MessageWriter<'w, Dropped>,
}

impl Gestures<'_> {
    /// A pointer at `at`: a press on the board that has slid far enough starts a drag.
    fn moved(&mut self, press: &mut Press, at: Vec2, points: &BoardPoints) {
        press.now = at;
        if !press.dragging && press.start.distance(at) > DRAG_DISTANCE {
            press.dragging = true;
            if let Some(from) = points.nearest(press.start) {
                self.dragged.write(DragStarted(from));
            }
        }
    }

    /// A pointer lifts at `at`: a tap, or the drop of a drag.
    fn lifted(&mut self, mut press: Press, at: Vec2, points: &BoardPoints) {
        self.moved(&mut press, at, points);
        if !press.dragging {
            if let Some(sq) = points.nearest(at) {
                self.tapped.write(Tapped(sq));
            }
        } else if let Some(from) = points.nearest(press.start) {
            let to = points.nearest(at);
            self.dropped.write(Dropped { from, to });
        }
    }
}

fn read_presses(
    mut touches: MessageReader<TouchInput>,
    mut clicks: MessageReader<MouseButtonInput>,
    mut cursor: MessageReader<CursorMoved>,
    points: BoardPoints,
    ui: UiHits,
    mut presses: ResMut<Presses>,
    mut gestures: Gestures,
) {
    let presses = &mut presses.0;
    // A press on the UI is not kept: it is neither a tap nor a drag on the board.
    let went_down = |id: u64, at: Vec2, touch: bool, presses: &mut HashMap<u64, Press>| {
        if ui.at(at).is_none() {
            let press = Press {
                start: at,
                now: at,
                dragging: false,
                touch,
            };
            presses.insert(id, press);
        } else {
            presses.remove(&id);
        }
    };
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => went_down(t.id, t.position, true, presses),
            TouchPhase::Moved => {
                if let Some(press) = presses.get_mut(&t.id) {
                    gestures.moved(press, t.position, &points);
                }
            }
            TouchPhase::Ended => {
                if let Some(press) = presses.remove(&t.id) {
                    gestures.lifted(press, t.position, &points);
                }
            }
            TouchPhase::Canceled => {
                presses.remove(&t.id);
            }
        }
    }
    for c in cursor.read() {
        if let Some(press) = presses.get_mut(&MOUSE) {
            gestures.moved(press, c.position, &points);
        }
    }
    let at = points.cursor();
    for c in clicks.read().filter(|c| c.button == MouseButton::Left) {
        match (c.state, at) {
            (ButtonState::Pressed, Some(at)) => went_down(MOUSE, at, false, presses),
            (ButtonState::Released, Some(at)) => {
                if let Some(press) = presses.remove(&MOUSE) {
                    gestures.lifted(press, at, &points);
                }
            }
            _ => {
                presses.remove(&MOUSE);
            }
        }
    }
}

/// The point under a finger on the board, or else under the mouse pointer.
fn track_hover(points: BoardPoints, presses: Res<Presses>, mut hover: ResMut<Hover>) {
    let finger = presses.0.values().find(|p| p.touch).map(|p| p.now);
    let over = finger
        .or_else(|| points.cursor())
        .and_then(|at| points.nearest(at));
    if hover.0 != over {
        hover.0 = over;
    }
}
