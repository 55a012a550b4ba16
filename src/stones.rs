//! The stones: one entity a stone, round with a soft shadow and a highlight; Black's carry
//! an inner ring so the sides differ in shape as well as colour. Kept in step with the
//! engine's position whenever nothing is moving.

use crate::layout::BoardLayout;
use crate::selection::Selection;
use crate::session::{Command, Session};
use crate::theme::Theme;
use crate::{GameSet, Screen};
use bevy::prelude::*;
use surakarta_engine::{Side, Square};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StonesOutOfDate>()
        .add_systems(Startup, make_art)
        .add_systems(OnEnter(Screen::Game), mark_out_of_date)
        .add_systems(
            Update,
            (
                recolour.run_if(resource_changed::<Theme>),
                mark_on_change,
                sync_stones,
                lift_selected,
            )
                .chain()
                .in_set(GameSet::Present),
        );
}

/// A stone on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    pub square: Square,
    pub side: Side,
}

/// The glow under a selected stone.
#[derive(Component)]
struct Glow;

/// Set when the stones must be laid out again from the engine's position (a new game,
/// an undo, a finished move, a new window size).
#[derive(Resource, Default, Debug)]
pub struct StonesOutOfDate(pub bool);

/// Unit-size meshes and the materials of the stones.
#[derive(Resource)]
pub struct StoneArt {
    disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    glow: Handle<Mesh>,
    shadow: Handle<ColorMaterial>,
    body: [Handle<ColorMaterial>; 2],
    light: [Handle<ColorMaterial>; 2],
    inner_ring: Handle<ColorMaterial>,
    glow_colour: Handle<ColorMaterial>,
}

/// Stones sit above the board and the route preview; a moving stone above them all.
pub const STONE_Z: f32 = 10.0;

fn make_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    theme: Res<Theme>,
) {
    let (red, red_light) = theme.stone(Side::Red);
    let (black, black_light) = theme.stone(Side::Black);
    commands.insert_resource(StoneArt {
        disc: meshes.add(Circle::new(0.5)),
        ring: meshes.add(Annulus::new(0.22, 0.3)),
        glow: meshes.add(Annulus::new(0.5, 0.68)),
        shadow: materials.add(theme.shadow),
        body: [materials.add(red), materials.add(black)],
        light: [
            materials.add(red_light.with_alpha(0.55)),
            materials.add(black_light.with_alpha(0.5)),
        ],
        inner_ring: materials.add(theme.ring),
        glow_colour: materials.add(theme.highlight.with_alpha(0.75)),
    });
}

/// A new palette: the stones' materials take its colours in place.
fn recolour(
    art: Option<Res<StoneArt>>,
    theme: Res<Theme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(art) = art else { return };
    let (red, red_light) = theme.stone(Side::Red);
    let (black, black_light) = theme.stone(Side::Black);
    for (handle, colour) in [
        (&art.shadow, theme.shadow),
        (&art.body[0], red),
        (&art.body[1], black),
        (&art.light[0], red_light.with_alpha(0.55)),
        (&art.light[1], black_light.with_alpha(0.5)),
        (&art.inner_ring, theme.ring),
        (&art.glow_colour, theme.highlight.with_alpha(0.75)),
    ] {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = colour;
        }
    }
}

/// Spawns a stone at its point.
pub fn spawn_stone(
    commands: &mut Commands,
    art: &StoneArt,
    layout: &BoardLayout,
    stone: Stone,
) -> Entity {
    let s = stone.side.index();
    let size = layout.stone_size();
    let mut e = commands.spawn((
        stone,
        Transform::from_translation(layout.point(stone.square).extend(STONE_Z))
            .with_scale(Vec3::splat(size)),
        Visibility::default(),
        DespawnOnExit(Screen::Game),
    ));
    e.with_children(|c| {
        c.spawn((
            Glow,
            Mesh2d(art.glow.clone()),
            MeshMaterial2d(art.glow_colour.clone()),
            Transform::from_xyz(0.0, 0.0, -0.2),
            Visibility::Hidden,
        ));
        c.spawn((
            Mesh2d(art.disc.clone()),
            MeshMaterial2d(art.shadow.clone()),
            Transform::from_xyz(0.04, -0.07, -0.1).with_scale(Vec3::splat(1.06)),
        ));
        c.spawn((
            Mesh2d(art.disc.clone()),
            MeshMaterial2d(art.body[s].clone()),
            Transform::default(),
        ));
        c.spawn((
            Mesh2d(art.disc.clone()),
            MeshMaterial2d(art.light[s].clone()),
            Transform::from_xyz(-0.09, 0.1, 0.05).with_scale(Vec3::splat(0.55)),
        ));
        if stone.side == Side::Black {
            c.spawn((
                Mesh2d(art.ring.clone()),
                MeshMaterial2d(art.inner_ring.clone()),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        }
    });
    e.id()
}

fn mark_out_of_date(mut out: ResMut<StonesOutOfDate>) {
    out.0 = true;
}

fn mark_on_change(
    layout: Res<BoardLayout>,
    aside: Res<crate::session::Aside>,
    mut commands: MessageReader<Command>,
    mut out: ResMut<StonesOutOfDate>,
) {
    let new_or_undo = commands
        .read()
        .any(|c| matches!(c, Command::NewGame { .. } | Command::Undo));
    // A lesson or a record comes to the board, or the player's game comes back.
    if layout.is_changed() || new_or_undo || aside.is_changed() {
        out.0 = true;
    }
}

fn sync_stones(
    mut out: ResMut<StonesOutOfDate>,
    stones: Query<Entity, With<Stone>>,
    moving: Query<(), With<crate::animation::MoveTween>>,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    art: Option<Res<StoneArt>>,
    mut commands: Commands,
) {
    let Some(art) = art else { return };
    if !out.0 || !moving.is_empty() {
        return;
    }
    out.0 = false;
    for e in &stones {
        commands.entity(e).despawn();
    }
    let pos = session.game.position();
    for side in Side::BOTH {
        for square in pos.stones(side) {
            spawn_stone(&mut commands, &art, &layout, Stone { square, side });
        }
    }
}

fn lift_selected(
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    mut stones: Query<(&Stone, &mut Transform, &Children), Without<crate::animation::Captured>>,
    mut glows: Query<&mut Visibility, With<Glow>>,
) {
    let size = layout.stone_size();
    let chosen = selection
        .stone
        .or(selection.hint.as_ref().map(|h| h.mv.from));
    for (stone, mut t, children) in &mut stones {
        let lifted = chosen == Some(stone.square);
        let scale = Vec3::splat(size * if lifted { 1.1 } else { 1.0 });
        if t.scale != scale {
            t.scale = scale;
        }
        for child in children.iter() {
            if let Ok(mut v) = glows.get_mut(child) {
                let want = if lifted {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *v != want {
                    *v = want;
                }
            }
        }
    }
}
