//! The circuits lesson's animation: a bead of light runs for ever round each circuit,
//! along its lines and round its loops, at the speed a capturing stone travels, so the
//! player sees where each circuit goes before tapping a stone to see its routes.

use crate::board::geometry::{BoardPath, Segment, loop_arc};
use crate::game::tutorial::{LESSONS, Tutorial};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Theme;
use bevy::prelude::*;
use surakarta_engine::{Circuit, Loop};

/// Frames a second while the lights run.
pub const LIGHT_FRAMES: u32 = 24;

pub(super) fn plugin(app: &mut App) {
    // Slow lights: 24 frames a second are smooth enough, and on a phone without a fast
    // GPU (or a software renderer) every frame it can show would take a whole core.
    app.wake_paced(LIGHT_FRAMES, |beads: Query<(), With<Bead>>| {
        !beads.is_empty()
    });
    app.add_systems(
        Update,
        (show_beads, run_beads)
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Lesson)),
    );
}

/// The lesson that shows the circuits.
pub const LESSON_ID: &str = "circuits";

/// A bead running round a circuit; `t` is how far round it is (0..1).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Bead {
    pub circuit: Circuit,
    pub t: f32,
}

/// Seconds for one lap (a lap is 4 lines of 5 spacings and 4 loops).
const LAP_SECONDS: f32 = 7.0;

/// The whole closed path of a circuit, in the engine's walking order of its 24 slots:
/// straight on between neighbouring slots, round the loop where the engine says a loop
/// joins two slots.
pub fn circuit_path(layout: &BoardLayout, circuit: Circuit) -> BoardPath {
    let slots = circuit.slots();
    let mut path = BoardPath::default();
    for (i, &from) in slots.iter().enumerate() {
        let to = slots[(i + 1) % slots.len()];
        match Loop::joining(from, to) {
            Some(lp) => {
                path.segments.push(loop_arc(layout, lp, from, to));
                path.units += 3;
            }
            None => {
                path.segments.push(Segment::Line {
                    from: layout.point(from),
                    to: layout.point(to),
                });
                path.units += 1;
            }
        }
    }
    path
}

fn in_lesson(tutorial: &Tutorial) -> bool {
    tutorial
        .lesson
        .and_then(|i| LESSONS.get(i))
        .is_some_and(|l| l.id == LESSON_ID)
}

fn show_beads(
    mut commands: Commands,
    beads: Query<Entity, With<Bead>>,
    tutorial: Res<Tutorial>,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let wanted = in_lesson(&tutorial);
    let rebuild = layout.is_changed() || theme.is_changed();
    if wanted && !beads.is_empty() && !rebuild {
        return;
    }
    for e in &beads {
        commands.entity(e).despawn();
    }
    if !wanted {
        return;
    }
    let s = layout.spacing;
    for (circuit, colour, start) in [
        (Circuit::Inner, theme.inner, 0.0),
        (Circuit::Outer, theme.outer, 0.5),
    ] {
        let glow = materials.add(colour.with_alpha(0.35));
        commands
            .spawn((
                Bead { circuit, t: start },
                DespawnOnExit(Screen::Lesson),
                Mesh2d(meshes.add(Circle::new(s * 0.16))),
                MeshMaterial2d(materials.add(colour)),
                Transform::from_xyz(0.0, 0.0, 4.0),
            ))
            .with_children(|b| {
                b.spawn((
                    Mesh2d(meshes.add(Circle::new(s * 0.3))),
                    MeshMaterial2d(glow),
                    Transform::from_xyz(0.0, 0.0, -0.1),
                ));
            });
    }
}

fn run_beads(
    mut beads: Query<(&mut Bead, &mut Transform)>,
    layout: Res<BoardLayout>,
    time: Res<Time>,
) {
    for (mut bead, mut transform) in &mut beads {
        bead.t = (bead.t + time.delta_secs() / LAP_SECONDS).fract();
        let at = circuit_path(&layout, bead.circuit).sample(bead.t);
        transform.translation.x = at.x;
        transform.translation.y = at.y;
    }
}
