//! The board on screen: what is drawn and how it moves and answers a finger.
//!
//! This file draws the board itself: the grid of lines tinted by circuit, the eight loops
//! as true 3/4 circles, the intersections and the marked safe corners, rebuilt when the
//! layout or theme changes. Beside it: the camera and which way the board faces (`view`),
//! routes as shapes (`geometry`), the stones (`stones`), taps and drags (`input`), the
//! selected stone (`selection`), the route preview (`preview`), moves running round the
//! loops (`animation`), the circuits lesson's lights (`circuits`) and the screen reader's
//! board (`accessibility`).

pub mod accessibility;
pub mod animation;
pub mod circuits;
pub mod coordinates;
pub mod geometry;
pub mod input;
pub mod picture;
pub mod preview;
pub mod refusal;
pub mod selection;
pub mod stones;
pub mod view;

use crate::shell::navigation::GameSet;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Theme;
use bevy::prelude::*;
use geometry::{BoardPath, loop_arc, stroke_mesh};
use surakarta_engine::{Circuit, Loop, Square};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        input::plugin,
        selection::plugin,
        animation::plugin,
        stones::plugin,
        preview::plugin,
        refusal::plugin,
        circuits::plugin,
        coordinates::plugin,
        accessibility::plugin,
    ));
    app.add_systems(
        Update,
        build_board
            .run_if(
                resource_changed::<BoardLayout>
                    .or_else(resource_changed::<Theme>)
                    .or_else(not(any_with_component::<BoardPiece>)),
            )
            .in_set(GameSet::Present),
    );
}

/// Anything drawn for the board itself.
#[derive(Component)]
pub struct BoardPiece;

/// One of the eight loops: the arc-path entity joining two lines of a circuit.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopArc {
    pub lp: Loop,
    /// The line ends it joins.
    pub ends: (Square, Square),
}

/// One of the 36 intersections.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point(pub Square);

/// Width of the grid lines and of the loops, in spacings.
pub const LINE_WIDTH: f32 = 0.13;
pub const LOOP_WIDTH: f32 = 0.2;

fn line_circuit(index: i8) -> Option<Circuit> {
    Circuit::of_column(index)
}

fn build_board(
    mut commands: Commands,
    old: Query<Entity, With<BoardPiece>>,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let s = layout.spacing;
    let mut piece = |commands: &mut Commands, mesh: Mesh, colour: Color, z: f32| {
        commands
            .spawn((
                BoardPiece,
                Mesh2d(meshes.add(mesh)),
                MeshMaterial2d(materials.add(colour)),
                Transform::from_xyz(0.0, 0.0, z),
            ))
            .id()
    };
    // Lines: edge lines in ink, circuit lines tinted with their circuit's colour.
    for i in 0..6i8 {
        let colour = theme.line(line_circuit(i));
        let z = if line_circuit(i).is_some() { 1.1 } else { 1.0 };
        let at = |c: i8, r: i8| layout.point(Square::at(c, r).expect("on board"));
        piece(
            &mut commands,
            stroke_mesh(&[at(i, 0), at(i, 5)], LINE_WIDTH * s),
            colour,
            z,
        );
        piece(
            &mut commands,
            stroke_mesh(&[at(0, i), at(5, i)], LINE_WIDTH * s),
            colour,
            z,
        );
    }
    // Loops: the ornament, thicker and in their circuit's full colour.
    for lp in Loop::all() {
        let ends = lp.ends();
        let path = BoardPath {
            segments: vec![loop_arc(&layout, lp, ends.0, ends.1)],
            units: 3,
        };
        let id = piece(
            &mut commands,
            stroke_mesh(&path.polyline(s * 0.08), LOOP_WIDTH * s),
            theme.circuit(lp.circuit),
            2.0,
        );
        commands.entity(id).insert(LoopArc { lp, ends });
    }
    // Intersections, and a quiet ring round each safe corner.
    let dot = meshes.add(Circle::new(LINE_WIDTH * s * 0.62));
    let corner = meshes.add(Annulus::new(0.2 * s, 0.26 * s));
    let ink = materials.add(theme.ink);
    let corner_ink = materials.add(theme.ink.with_alpha(0.45));
    for sq in Square::all() {
        let mut e = commands.spawn((
            BoardPiece,
            Point(sq),
            Mesh2d(dot.clone()),
            MeshMaterial2d(ink.clone()),
            Transform::from_translation(layout.point(sq).extend(2.5)),
        ));
        if sq.is_corner() {
            e.with_child((
                Mesh2d(corner.clone()),
                MeshMaterial2d(corner_ink.clone()),
                Transform::default(),
            ));
        }
    }
}
