//! The camera, and turning the board: towards a person playing Black against the
//! computer, and in two-player games (when the setting is on) towards the player to move,
//! in a 400 ms turn after the move's animation.

use crate::GameSet;
use crate::animation::MoveAnimated;
use crate::layout::BoardLayout;
use crate::session::{Mode, MoveFinished, Session, Turn};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_tweening::lens::TransformRotationLens;
use bevy_tweening::{AnimCompletedEvent, Tween, TweenAnim};
use std::f32::consts::PI;
use std::time::Duration;
use surakarta_engine::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (turn_after_move, end_turning, snap_view)
                .chain()
                .in_set(GameSet::Present),
        )
        .add_systems(PostUpdate, place_camera.before(TransformSystems::Propagate));
}

/// The camera that shows the board.
#[derive(Component)]
pub struct BoardCamera;

/// Present while the board is turning.
#[derive(Component)]
struct Turning;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera, Transform::default()));
}

/// Whether the board should face Black (turned half a circle).
pub fn faces_black(session: &Session, settings: &Settings) -> bool {
    match session.mode {
        Mode::VsComputer { human, .. } => human == Side::Black,
        Mode::TwoPlayers => settings.turn_board && session.game.side_to_move() == Side::Black,
    }
}

fn rotation(black: bool) -> Quat {
    if black {
        Quat::from_rotation_z(PI)
    } else {
        Quat::IDENTITY
    }
}

fn turn_after_move(
    mut animated: MessageReader<MoveAnimated>,
    mut finished: MessageWriter<MoveFinished>,
    session: Res<Session>,
    settings: Res<Settings>,
    aside: Res<crate::session::Aside>,
    camera: Single<(Entity, &Transform), With<BoardCamera>>,
    mut commands: Commands,
) {
    if animated.read().count() == 0 {
        return;
    }
    let (entity, transform) = *camera;
    let target = rotation(faces_black(&session, &settings) && !aside.active());
    match settings.animation.factor() {
        Some(speed) if transform.rotation.angle_between(target) > 0.01 => {
            let tween = Tween::new(
                EaseFunction::CubicInOut,
                Duration::from_millis(400),
                TransformRotationLens {
                    start: transform.rotation,
                    end: target,
                },
            );
            commands
                .entity(entity)
                .insert((TweenAnim::new(tween).with_speed(speed), Turning));
        }
        _ => {
            commands
                .entity(entity)
                .insert(Transform::from_rotation(target));
            finished.write(MoveFinished);
        }
    }
}

fn end_turning(
    mut completed: MessageReader<AnimCompletedEvent>,
    turning: Query<Entity, With<Turning>>,
    mut finished: MessageWriter<MoveFinished>,
    mut commands: Commands,
) {
    for event in completed.read() {
        if turning.contains(event.anim_entity) {
            commands.entity(event.anim_entity).remove::<Turning>();
            finished.write(MoveFinished);
        }
    }
}

/// Outside a move (new game, undo, start), the board faces the right way at once.
fn snap_view(
    session: Res<Session>,
    settings: Res<Settings>,
    aside: Res<crate::session::Aside>,
    turn: Option<Res<State<Turn>>>,
    mut camera: Query<&mut Transform, (With<BoardCamera>, Without<Turning>)>,
) {
    if turn.is_some_and(|t| *t.get() == Turn::Animating) {
        return;
    }
    let target = rotation(faces_black(&session, &settings) && !aside.active());
    for mut t in &mut camera {
        if t.rotation.angle_between(target) > 0.01 {
            t.rotation = target;
        }
    }
}

fn place_camera(layout: Res<BoardLayout>, mut camera: Query<&mut Transform, With<BoardCamera>>) {
    for mut t in &mut camera {
        let translation = layout.camera_translation(t.rotation);
        if t.translation != translation {
            t.translation = translation;
        }
    }
}
