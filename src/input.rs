//! Taps: a touch or a mouse click that lifts near where it went down becomes a tap on the
//! nearest board point. A drag is not a tap; taps outside the board, on a panel, during an
//! animation or while the computer thinks change nothing.

use crate::GameSet;
use crate::layout::BoardLayout;
use crate::session::{Session, Turn};
use crate::view::BoardCamera;
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
        .init_resource::<Overlay>()
        .init_resource::<Hover>()
        .add_systems(Update, (read_taps, track_hover).in_set(GameSet::Input));
}

/// A person tapped this board point.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tapped(pub Square);

/// True while a panel covers the board (new game, game over): taps go to the panel only.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Overlay(pub bool);

/// The board point under the mouse pointer (desktop and web); touch screens have none.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Hover(pub Option<Square>);

fn track_hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    camera: Query<&Transform, With<BoardCamera>>,
    layout: Res<BoardLayout>,
    mut hover: ResMut<Hover>,
) {
    let rotation = camera.iter().next().map_or(Quat::IDENTITY, |t| t.rotation);
    let cursor = windows.single().ok().and_then(Window::cursor_position);
    let over = cursor.and_then(|c| layout.nearest(layout.screen_to_world(c, rotation)));
    if hover.0 != over {
        hover.0 = over;
    }
}

/// A press that moves further than this is a drag, not a tap.
pub const DRAG_DISTANCE: f32 = 14.0;

#[derive(Default)]
struct Presses {
    touches: HashMap<u64, Vec2>,
    mouse: Option<Vec2>,
}

#[allow(clippy::too_many_arguments)]
fn read_taps(
    mut touches: MessageReader<TouchInput>,
    mut clicks: MessageReader<MouseButtonInput>,
    windows: Query<&Window, With<PrimaryWindow>>,
    camera: Query<&Transform, With<BoardCamera>>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    turn: Option<Res<State<Turn>>>,
    overlay: Res<Overlay>,
    mut presses: Local<Presses>,
    mut tapped: MessageWriter<Tapped>,
) {
    let mut taps: Vec<Vec2> = Vec::new();
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => {
                presses.touches.insert(t.id, t.position);
            }
            TouchPhase::Moved => {}
            TouchPhase::Ended => {
                if let Some(start) = presses.touches.remove(&t.id)
                    && start.distance(t.position) <= DRAG_DISTANCE
                {
                    taps.push(t.position);
                }
            }
            TouchPhase::Canceled => {
                presses.touches.remove(&t.id);
            }
        }
    }
    let cursor = windows.single().ok().and_then(Window::cursor_position);
    for c in clicks.read().filter(|c| c.button == MouseButton::Left) {
        match (c.state, cursor) {
            (ButtonState::Pressed, Some(at)) => presses.mouse = Some(at),
            (ButtonState::Released, Some(at)) => {
                if presses
                    .mouse
                    .take()
                    .is_some_and(|start| start.distance(at) <= DRAG_DISTANCE)
                {
                    taps.push(at);
                }
            }
            _ => presses.mouse = None,
        }
    }
    let waiting = turn.is_some_and(|t| *t.get() == Turn::Waiting);
    if taps.is_empty() || !waiting || overlay.0 || !session.human_to_move() {
        return;
    }
    let rotation = camera.iter().next().map_or(Quat::IDENTITY, |t| t.rotation);
    for screen in taps {
        if let Some(sq) = layout.nearest(layout.screen_to_world(screen, rotation)) {
            tapped.write(Tapped(sq));
        }
    }
}
