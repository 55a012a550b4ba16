//! Moves in motion, start to end: a step slides in 150 ms; a capture runs its stone along
//! the route at constant speed, straight along the lines and round each loop on the true
//! arc, and the captured stone shrinks away as the attacker arrives. When the stone lands
//! ([`MoveAnimated`]) the board turns to the next player if it should (400 ms), and then
//! the move is over ([`MoveFinished`]): this file is the one place that says so.

use crate::board::geometry::{BoardPath, ease_ends};
use crate::board::stones::{Moving, STONE_Z, Stone};
use crate::board::view::{BoardCamera, Turning, facing};
use crate::game::session::{MoveFinished, MovePlayed, OnBoard};
use crate::settings::Settings;
use crate::shell::navigation::GameSet;
use crate::ui::layout::BoardLayout;
use bevy::prelude::*;
use bevy_tweening::lens::{Lens, TransformRotationLens, TransformScaleLens};
use bevy_tweening::{AnimCompletedEvent, AnimTarget, Delay, EaseMethod, Tween, TweenAnim};
use std::sync::Arc;
use std::time::Duration;
use surakarta_engine::Position;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveAnimated>().add_systems(
        Update,
        (
            drop_stale_moves,
            start_move_animation,
            land_moves,
            turn_board,
            end_turning,
            apply_fade,
        )
            .chain()
            .in_set(GameSet::Animate),
    );
}

/// How opaque a vanishing stone is, and the materials (its own copies) that show it.
#[derive(Component)]
pub struct Fade {
    pub alpha: f32,
    materials: Vec<(Handle<ColorMaterial>, f32)>,
}

struct FadeLens;

impl Lens<Fade> for FadeLens {
    fn lerp(&mut self, mut target: Mut<'_, Fade>, ratio: f32) {
        target.alpha = 1.0 - ratio;
    }
}

fn apply_fade(fades: Query<&Fade, Changed<Fade>>, mut materials: ResMut<Assets<ColorMaterial>>) {
    for fade in &fades {
        for (handle, base) in &fade.materials {
            if let Some(mut m) = materials.get_mut(handle) {
                m.color = m.color.with_alpha(base * fade.alpha);
            }
        }
    }
}

/// The move's stone has landed (the board may still turn).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAnimated;

/// The entity running a move's animation: the stone it moves, and the position the move
/// leads to. Should the board come to show anything else (a new game, another screen)
/// the animation is dropped.
#[derive(Component)]
pub struct MoveTween {
    mover: Entity,
    after: Position,
}

/// A stone that has just been captured, shrinking away.
#[derive(Component)]
pub struct Captured;

/// Seconds per board unit (a line between two points, or a quarter of a loop).
const SECONDS_PER_UNIT: f32 = 0.12;
const MAX_CAPTURE_SECONDS: f32 = 2.0;
const STEP_SECONDS: f32 = 0.15;
const VANISH_SECONDS: f32 = 0.2;

/// Moves a transform along a board path.
struct PathLens {
    path: Arc<BoardPath>,
    z: f32,
}

impl Lens<Transform> for PathLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        target.translation = self.path.sample(ratio).extend(self.z);
    }
}

/// How long a move's animation lasts at normal speed.
pub fn duration_of(path: &BoardPath, capture: bool) -> Duration {
    if capture {
        Duration::from_secs_f32((path.units as f32 * SECONDS_PER_UNIT).min(MAX_CAPTURE_SECONDS))
    } else {
        Duration::from_secs_f32(STEP_SECONDS)
    }
}

/// A stone's pieces and their looks, to copy for a captured stone's fade.
#[derive(bevy::ecs::system::SystemParam)]
struct Looks<'w, 's> {
    children: Query<'w, 's, &'static Children>,
    looks: Query<'w, 's, &'static mut MeshMaterial2d<ColorMaterial>>,
    materials: ResMut<'w, Assets<ColorMaterial>>,
}

impl Looks<'_, '_> {
    /// Gives the stone's pieces their own copies of their materials (the other stones
    /// share the originals) and returns them with their opacity.
    fn own_copies(&mut self, stone: Entity) -> Vec<(Handle<ColorMaterial>, f32)> {
        let mut own = Vec::new();
        for child in self.children.iter_descendants(stone) {
            if let Ok(mut look) = self.looks.get_mut(child)
                && let Some(m) = self.materials.get(&look.0).cloned()
            {
                let base = m.color.alpha();
                let copy = self.materials.add(m);
                look.0 = copy.clone();
                own.push((copy, base));
            }
        }
        own
    }
}

fn start_move_animation(
    mut played: MessageReader<MovePlayed>,
    mut stones: Query<(Entity, &mut Stone, &mut Transform)>,
    mut looks: Looks,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    mut animated: MessageWriter<MoveAnimated>,
    mut commands: Commands,
) {
    for event in played.read() {
        let mv = event.mv;
        let find = |sq| {
            stones
                .iter()
                .find(|(_, s, _)| s.square == sq)
                .map(|(e, ..)| e)
        };
        let (mover, victim) = (find(mv.from), find(mv.to));
        let path = match &event.route {
            Some(route) => BoardPath::route(&layout, route),
            None => BoardPath::step(&layout, mv.from, mv.to),
        };
        if let Some(v) = victim.filter(|_| mv.capture) {
            commands.entity(v).remove::<Stone>().insert(Captured);
        }
        if let Some((_, mut stone, _)) = mover.and_then(|m| stones.get_mut(m).ok()) {
            stone.square = mv.to;
        }
        let (Some(mover), Some(speed)) = (mover, settings.animation.factor()) else {
            // Animation off (or no stone to move): the move appears at once.
            if let Some(v) = victim.filter(|_| mv.capture) {
                commands.entity(v).despawn();
            }
            if let Some((_, _, mut t)) = mover.and_then(|m| stones.get_mut(m).ok()) {
                t.translation = layout.point(mv.to).extend(STONE_Z);
            }
            animated.write(MoveAnimated);
            continue;
        };
        let duration = duration_of(&path, mv.capture);
        let ease = if mv.capture {
            EaseMethod::CustomFunction(ease_ends)
        } else {
            EaseMethod::EaseFunction(EaseFunction::QuadraticOut)
        };
        let lens = PathLens {
            path: Arc::new(path),
            z: STONE_Z + 2.0,
        };
        commands.entity(mover).insert(Moving);
        commands.spawn((
            MoveTween {
                mover,
                after: event.before.after(mv),
            },
            TweenAnim::new(Tween::new(ease, duration, lens)).with_speed(speed),
            AnimTarget::component::<Transform>(mover),
        ));
        if let Some(victim) = victim.filter(|_| mv.capture) {
            let scale = stones
                .get(victim)
                .map(|(_, _, t)| t.scale)
                .unwrap_or(Vec3::ONE);
            let delay = duration
                .saturating_sub(Duration::from_secs_f32(VANISH_SECONDS))
                .max(Duration::from_millis(1));
            let vanish = Tween::new(
                EaseFunction::QuadraticIn,
                Duration::from_secs_f32(VANISH_SECONDS),
                TransformScaleLens {
                    start: scale,
                    end: Vec3::ZERO,
                },
            );
            let fade = Tween::new(
                EaseFunction::Linear,
                Duration::from_secs_f32(VANISH_SECONDS),
                FadeLens,
            );
            // The captured stone fades as it shrinks.
            let materials = looks.own_copies(victim);
            commands.entity(victim).insert((
                TweenAnim::new(Delay::new(delay).then(vanish)).with_speed(speed),
                Fade {
                    alpha: 1.0,
                    materials,
                },
            ));
            commands.spawn((
                TweenAnim::new(Delay::new(delay).then(fade)).with_speed(speed),
                AnimTarget::component::<Fade>(victim),
            ));
        }
    }
}

/// The stone has arrived: it rests on its point (of the layout as it is now), the
/// captured stone is gone.
fn land_moves(
    mut completed: MessageReader<AnimCompletedEvent>,
    tweens: Query<&MoveTween>,
    mut stones: Query<(&Stone, &mut Transform)>,
    captured: Query<Entity, With<Captured>>,
    layout: Res<BoardLayout>,
    mut animated: MessageWriter<MoveAnimated>,
    mut commands: Commands,
) {
    for event in completed.read() {
        let Ok(tween) = tweens.get(event.anim_entity) else {
            continue;
        };
        if let Ok((stone, mut t)) = stones.get_mut(tween.mover) {
            t.translation = layout.point(stone.square).extend(STONE_Z);
            commands.entity(tween.mover).remove::<Moving>();
        }
        commands.entity(event.anim_entity).despawn();
        for e in &captured {
            commands.entity(e).despawn();
        }
        animated.write(MoveAnimated);
    }
}

/// A moving stone whose move is no longer on the board (a new game, an undo, a lesson
/// or a review coming or going): its animation is dropped and the stones are laid out
/// from the board as it is.
fn drop_stale_moves(
    tweens: Query<(Entity, &MoveTween)>,
    captured: Query<Entity, With<Captured>>,
    board: OnBoard,
    mut commands: Commands,
) {
    let now = board.session().game.position();
    for (entity, tween) in &tweens {
        if tween.after != *now {
            commands.entity(entity).despawn();
            if let Ok(mut mover) = commands.get_entity(tween.mover) {
                mover.remove::<Moving>();
            }
            for e in &captured {
                commands.entity(e).despawn();
            }
        }
    }
}

/// After the stone lands: the board turns to the next player if it should, else the move
/// is over at once.
fn turn_board(
    mut animated: MessageReader<MoveAnimated>,
    mut finished: MessageWriter<MoveFinished>,
    board: OnBoard,
    (settings, asked): (Res<Settings>, Res<super::view::Bottom>),
    camera: Single<(Entity, &Transform), With<BoardCamera>>,
    mut commands: Commands,
) {
    if animated.read().count() == 0 {
        return;
    }
    let (entity, transform) = *camera;
    let target = facing(&board, &asked);
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
