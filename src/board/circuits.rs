//! The circuits lesson's animation: a bead of light runs round each circuit, along its
//! lines and round its loops, at the speed a capturing stone travels, so the player sees
//! where each circuit goes before tapping a stone to see its routes. They run four laps
//! (28 s), then go out: lights that moved for ever would keep a phone drawing for ever.

use crate::board::geometry::{BoardPath, Segment, loop_arc};
use crate::game::tutorial::{LESSONS, Tutorial};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Theme;
use bevy::prelude::*;
use surakarta_engine::{Circuit, Loop};

/// Frames a second while the lights run: no fewer, or a frame would be longer than the
/// game clock's longest step (`shell/awake.rs`) and the lights would slow down.
pub const LIGHT_FRAMES: u32 = 20;

/// Laps each light runs before it goes out.
pub const LAPS: f32 = 4.0;

pub(super) fn plugin(app: &mut App) {
    // Slow lights: 20 frames a second show them gliding; every frame the screen can show
    // would take a whole core on a phone without a fast GPU (or a software renderer).
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

/// A bead running round a circuit; `t` is how far round it is (0..1), `laps` how many
/// it has run.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Bead {
    pub circuit: Circuit,
    pub t: f32,
    pub laps: f32,
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

/// The lights of the lesson on the board: lit when it comes, again (where they were) when
/// the board is redrawn, never again once they have run their laps.
fn show_beads(
    mut commands: Commands,
    beads: Query<(Entity, &Bead)>,
    tutorial: Res<Tutorial>,
    (layout, theme): (Res<BoardLayout>, Res<Theme>),
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut lit_for: Local<Option<usize>>,
) {
    let wanted = in_lesson(&tutorial);
    if !wanted {
        *lit_for = None;
        for (e, _) in &beads {
            commands.entity(e).despawn();
        }
        return;
    }
    let first = wanted && *lit_for != tutorial.lesson;
    let rebuild = !beads.is_empty() && (layout.is_changed() || theme.is_changed());
    if !first && !rebuild {
        return;
    }
    *lit_for = tutorial.lesson;
    let was: Vec<Bead> = beads.iter().map(|(_, b)| *b).collect();
    for (e, _) in &beads {
        commands.entity(e).despawn();
    }
    let s = layout.spacing;
    for (circuit, colour, start) in [
        (Circuit::Inner, theme.inner, 0.0),
        (Circuit::Outer, theme.outer, 0.5),
    ] {
        let (t, laps) = was
            .iter()
            .find(|b| b.circuit == circuit)
            .map_or((start, 0.0), |b| (b.t, b.laps));
        let glow = materials.add(colour.with_alpha(0.35));
        commands
            .spawn((
                Bead { circuit, t, laps },
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
    mut commands: Commands,
    mut beads: Query<(Entity, &mut Bead, &mut Transform)>,
    layout: Res<BoardLayout>,
    time: Res<Time>,
) {
    for (e, mut bead, mut transform) in &mut beads {
        let step = time.delta_secs() / LAP_SECONDS;
        bead.laps += step;
        if bead.laps >= LAPS {
            commands.entity(e).despawn();
            continue;
        }
        bead.t = (bead.t + step).fract();
        let at = circuit_path(&layout, bead.circuit).sample(bead.t);
        transform.translation.x = at.x;
        transform.translation.y = at.y;
    }
}
