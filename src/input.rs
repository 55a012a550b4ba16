//! Taps on the board: a touch or a mouse click that lifts near where it went down becomes
//! a tap on the nearest board point. A drag is not a tap, and neither is a press that
//! went down on the UI (a card, a button): those are the UI's. Whether the game wants the
//! tap is the selection's business (`selection.rs`).

use crate::GameSet;
use crate::layout::BoardLayout;
use crate::ui::press::{DRAG_DISTANCE, MOUSE, UiHits};
use crate::view::BoardCamera;
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::HashMap;
use surakarta_engine::Square;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TouchInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<Tapped>()
        .init_resource::<Hover>()
        .add_systems(
            Update,
            (read_taps.in_set(TapSystems), track_hover).in_set(GameSet::Input),
        );
}

/// Where taps become [`Tapped`] messages.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TapSystems;

/// A person tapped this board point.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tapped(pub Square);

/// The board point under the mouse pointer (desktop and web); touch screens have none.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Hover(pub Option<Square>);

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

fn track_hover(points: BoardPoints, mut hover: ResMut<Hover>) {
    let over = points.cursor().and_then(|c| points.nearest(c));
    if hover.0 != over {
        hover.0 = over;
    }
}

fn read_taps(
    mut touches: MessageReader<TouchInput>,
    mut clicks: MessageReader<MouseButtonInput>,
    points: BoardPoints,
    ui: UiHits,
    // Where each press on the board went down; a press on the UI is not kept.
    mut down: Local<HashMap<u64, Vec2>>,
    mut tapped: MessageWriter<Tapped>,
) {
    let mut taps: Vec<Vec2> = Vec::new();
    let press = |id: u64, at: Vec2, down: &mut HashMap<u64, Vec2>| {
        if ui.at(at).is_none() {
            down.insert(id, at);
        } else {
            down.remove(&id);
        }
    };
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => press(t.id, t.position, &mut down),
            TouchPhase::Moved => {}
            TouchPhase::Ended => {
                if let Some(start) = down.remove(&t.id)
                    && start.distance(t.position) <= DRAG_DISTANCE
                {
                    taps.push(t.position);
                }
            }
            TouchPhase::Canceled => {
                down.remove(&t.id);
            }
        }
    }
    let cursor = points.cursor();
    for c in clicks.read().filter(|c| c.button == MouseButton::Left) {
        match (c.state, cursor) {
            (ButtonState::Pressed, Some(at)) => press(MOUSE, at, &mut down),
            (ButtonState::Released, Some(at)) => {
                if down
                    .remove(&MOUSE)
                    .is_some_and(|start| start.distance(at) <= DRAG_DISTANCE)
                {
                    taps.push(at);
                }
            }
            _ => {
                down.remove(&MOUSE);
            }
        }
    }
    for sq in taps.into_iter().filter_map(|at| points.nearest(at)) {
        tapped.write(Tapped(sq));
    }
}
