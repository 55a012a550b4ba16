//! Moves in motion: a step slides in 150 ms; a capture runs its stone along the route at
//! constant speed, straight along the lines and round each loop on the true arc, and the
//! captured stone shrinks away as the attacker arrives.

use crate::GameSet;
use crate::geometry::{BoardPath, ease_ends};
use crate::layout::BoardLayout;
use crate::session::{Command, MovePlayed};
use crate::settings::Settings;
use crate::stones::{STONE_Z, Stone, StonesOutOfDate};
use bevy::prelude::*;
use bevy_tweening::lens::{Lens, TransformScaleLens};
use bevy_tweening::{AnimCompletedEvent, AnimTarget, Delay, EaseMethod, Tween, TweenAnim};
use std::sync::Arc;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveAnimated>().add_systems(
        Update,
        (
            start_move_animation,
            finish_move_animation,
            drop_on_new_game,
            apply_fade,
        )
            .in_set(GameSet::Present),
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

/// The move's own animation is over (the board may still turn).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAnimated;

/// The entity running a move's animation.
#[derive(Component)]
pub struct MoveTween;

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

#[allow(clippy::too_many_arguments)]
fn start_move_animation(
    mut played: MessageReader<MovePlayed>,
    mut stones: Query<(Entity, &mut Stone, &mut Transform)>,
    children: Query<&Children>,
    mut looks: Query<&mut MeshMaterial2d<ColorMaterial>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    mut animated: MessageWriter<MoveAnimated>,
    mut out_of_date: ResMut<StonesOutOfDate>,
    mut commands: Commands,
) {
    for event in played.read() {
        let mv = event.mv;
        let mover = stones
            .iter()
            .find(|(_, s, _)| s.square == mv.from)
            .map(|(e, ..)| e);
        let victim = stones
            .iter()
            .find(|(_, s, _)| s.square == mv.to)
            .map(|(e, ..)| e);
        let path = match &event.route {
            Some(route) => BoardPath::route(&layout, route),
            None => BoardPath::step(&layout, mv.from, mv.to),
        };
        let (Some(mover), Some(speed)) = (mover, settings.animation.factor()) else {
            // Animation off (or nothing to animate): the move appears at once.
            if let Some(v) = victim {
                commands.entity(v).despawn();
            }
            out_of_date.0 = true;
            animated.write(MoveAnimated);
            continue;
        };
        if let Ok((_, mut stone, _)) = stones.get_mut(mover) {
            stone.square = mv.to;
        }
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
        commands.spawn((
            MoveTween,
            TweenAnim::new(Tween::new(ease, duration, lens)).with_speed(speed),
            AnimTarget::component::<Transform>(mover),
        ));
        if let Some(victim) = victim.filter(|_| mv.capture) {
            let scale = stones
                .get(victim)
                .map(|(_, _, t)| t.scale)
                .unwrap_or(Vec3::ONE);
            commands.entity(victim).remove::<Stone>().insert(Captured);
            let wait = duration.saturating_sub(Duration::from_secs_f32(VANISH_SECONDS));
            let vanish = Tween::new(
                EaseFunction::QuadraticIn,
                Duration::from_secs_f32(VANISH_SECONDS),
                TransformScaleLens {
                    start: scale,
                    end: Vec3::ZERO,
                },
            );
            let delay = wait.max(Duration::from_millis(1));
            commands
                .entity(victim)
                .insert(TweenAnim::new(Delay::new(delay).then(vanish)).with_speed(speed));
            // The captured stone fades as it shrinks: on copies of its materials, since
            // the other stones share the originals.
            let mut own = Vec::new();
            for child in children.iter_descendants(victim) {
                if let Ok(mut look) = looks.get_mut(child)
                    && let Some(m) = materials.get(&look.0).cloned()
                {
                    let base = m.color.alpha();
                    let copy = materials.add(m);
                    look.0 = copy.clone();
                    own.push((copy, base));
                }
            }
            commands.entity(victim).insert(Fade {
                alpha: 1.0,
                materials: own,
            });
            let fade = Tween::new(
                EaseFunction::Linear,
                Duration::from_secs_f32(VANISH_SECONDS),
                FadeLens,
            );
            commands.spawn((
                TweenAnim::new(Delay::new(delay).then(fade)).with_speed(speed),
                AnimTarget::component::<Fade>(victim),
            ));
        }
    }
}

fn finish_move_animation(
    mut completed: MessageReader<AnimCompletedEvent>,
    tweens: Query<(), With<MoveTween>>,
    captured: Query<Entity, With<Captured>>,
    mut animated: MessageWriter<MoveAnimated>,
    mut out_of_date: ResMut<StonesOutOfDate>,
    mut commands: Commands,
) {
    for event in completed.read() {
        if tweens.contains(event.anim_entity) {
            commands.entity(event.anim_entity).despawn();
            for e in &captured {
                commands.entity(e).despawn();
            }
            out_of_date.0 = true;
            animated.write(MoveAnimated);
        }
    }
}

type AnimatedPieces = Or<(With<MoveTween>, With<Captured>)>;

fn drop_on_new_game(
    mut commands_in: MessageReader<Command>,
    tweens: Query<Entity, AnimatedPieces>,
    mut out_of_date: ResMut<StonesOutOfDate>,
    mut commands: Commands,
) {
    if commands_in
        .read()
        .any(|c| matches!(c, Command::NewGame { .. }))
    {
        for e in &tweens {
            commands.entity(e).despawn();
        }
        out_of_date.0 = true;
    }
}
