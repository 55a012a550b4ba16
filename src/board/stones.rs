//! The stones: one entity a stone, round with a soft shadow and a highlight; Black's carry
//! an inner ring so the sides differ in shape as well as colour. Whenever no stone is
//! moving they are checked against the position on the board and laid out again only
//! where they differ from it (a new game, an undo, another screen's board): a move that
//! was animated leaves them as they should be.

use crate::board::selection::Selection;
use crate::game::session::OnBoard;
use crate::shell::navigation::GameSet;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Theme;
use bevy::prelude::*;
use surakarta_engine::{Position, Side, Square};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art).add_systems(
        Update,
        (
            recolour.run_if(resource_changed::<Theme>),
            sync_stones.run_if(not(any_with_component::<Moving>)),
            place_stones.run_if(resource_changed::<BoardLayout>),
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

/// A stone on its way to its point: left alone until it lands.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Moving;

/// The glow under a selected stone.
#[derive(Component)]
struct Glow;

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

/// True when the stones on the board are those of `position`.
fn in_step(stones: &Query<&Stone>, position: &Position) -> bool {
    let mut count = 0;
    let all_there = stones.iter().all(|s| {
        count += 1;
        position.at(s.square) == Some(s.side)
    });
    let wanted =
        (position.stones(Side::Red).count() + position.stones(Side::Black).count()) as usize;
    all_there && count == wanted
}

fn sync_stones(
    stones: Query<&Stone>,
    entities: Query<Entity, With<Stone>>,
    board: OnBoard,
    layout: Res<BoardLayout>,
    art: Option<Res<StoneArt>>,
    mut commands: Commands,
) {
    let Some(art) = art else { return };
    let pos = board.session().game.position();
    if in_step(&stones, pos) {
        return;
    }
    for e in &entities {
        commands.entity(e).despawn();
    }
    for side in Side::BOTH {
        for square in pos.stones(side) {
            spawn_stone(&mut commands, &art, &layout, Stone { square, side });
        }
    }
}

/// A new window size: every stone at rest goes to its point's new place.
fn place_stones(
    layout: Res<BoardLayout>,
    mut stones: Query<(&Stone, &mut Transform), Without<Moving>>,
) {
    for (stone, mut t) in &mut stones {
        t.translation = layout.point(stone.square).extend(STONE_Z);
    }
}

fn lift_selected(
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    mut stones: Query<(&Stone, &mut Transform, &Children)>,
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
