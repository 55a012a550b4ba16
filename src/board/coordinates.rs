//! The board's coordinates, as lichess draws a chessboard's: the files `a`-`f` along the
//! bottom edge and the ranks `1`-`6` up the left edge of the board as the player sees it,
//! so every move the app writes ("b2xe5") can be found on the board. They turn with the
//! board: with Black at the bottom the files read `f`..`a` from the left and the ranks
//! `6`..`1` from the bottom, always upright. Each stands just outside its edge point,
//! diagonally, clear of the stones and of the loops' arcs.

use super::view::BoardCamera;
use crate::shell::navigation::GameSet;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::{Theme, ThemeKind};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use surakarta_engine::Square;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            spawn_coordinates.run_if(
                resource_changed::<BoardLayout>
                    .or_else(resource_changed::<Theme>)
                    .or_else(not(any_with_component::<Coordinate>)),
            ),
            place_coordinates,
        )
            .chain()
            .in_set(GameSet::Present),
    );
}

/// A coordinate on the board's edge: a file (`a`-`f`, 0-5) or a rank (`1`-`6`, 0-5).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinate {
    File(i8),
    Rank(i8),
}

impl Coordinate {
    /// What it reads.
    pub fn text(self) -> String {
        match self {
            Coordinate::File(i) => char::from(b'a' + i as u8).to_string(),
            Coordinate::Rank(i) => (i + 1).to_string(),
        }
    }

    /// Where it stands from its edge point, in spacings on screen, for the `seen`-th
    /// file or rank from the left or bottom as seen: below a file's point, left of a
    /// rank's, nudged along the edge towards the middle (the first three one way, the last
    /// three the other).
    pub fn offset(self, seen: i8) -> Vec2 {
        let along = if seen < 3 { ALONG } else { -ALONG };
        match self {
            Coordinate::File(_) => Vec2::new(along, -ACROSS),
            Coordinate::Rank(_) => Vec2::new(-ACROSS, along),
        }
    }

    /// The edge point it stands beside, for a board turned (Black at the bottom) or not:
    /// files under the bottom rank as seen, ranks beside the left file as seen.
    pub fn beside(self, turned: bool) -> Square {
        let edge = if turned { 5 } else { 0 };
        let at = match self {
            Coordinate::File(i) => Square::at(i, edge),
            Coordinate::Rank(i) => Square::at(edge, i),
        };
        at.expect("files and ranks are 0-5")
    }
}

/// How far a coordinate stands from its point, in spacings: across the edge (down for a
/// file, left for a rank), clear of a stone's edge (0.35, 0.385 when lifted) ...
pub(crate) const ACROSS: f32 = 0.66;

/// ... and a little along it, towards the middle: off the loops' arcs, which cross the edge
/// at the b, c, d and e lines. The nudge is small so that a label is plainly its own line's:
/// c and d share the gap between the two outer arcs, each beside its own line (0.17 from it,
/// 0.83 from the other), not both in the gap's middle.
pub(crate) const ALONG: f32 = 0.17;

/// The coordinates' text size, in spacings.
pub(crate) const SIZE: f32 = 0.28;

fn spawn_coordinates(
    mut commands: Commands,
    old: Query<Entity, With<Coordinate>>,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // Never under 12 points: smaller, on a 320-point phone, the strokes are thinner than
    // a pixel and read as a grey smudge (at 11, a tester read them pale grey in high
    // contrast, where they are black).
    let size = (SIZE * layout.spacing).max(12.0);
    let font = TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    for i in 0..6 {
        for coordinate in [Coordinate::File(i), Coordinate::Rank(i)] {
            let mut label = commands.spawn((
                coordinate,
                Text2d::new(coordinate.text()),
                font.clone(),
                TextColor(theme.ink),
                Anchor::CENTER,
                Transform::from_xyz(0.0, 0.0, 1.5),
            ));
            // High contrast: drawn three times, a hair apart, for a heavier stroke (the face has
            // one weight). Its thin strokes read mid-grey on white beside the black lines,
            // the faintest thing on a screen meant to be read in sunlight.
            if theme.kind == ThemeKind::HighContrast {
                for (x, y) in [(0.07, 0.0), (0.035, 0.05)] {
                    label.with_child((
                        Text2d::new(coordinate.text()),
                        font.clone(),
                        TextColor(theme.ink),
                        Anchor::CENTER,
                        Transform::from_xyz(size * x, size * y, 0.0),
                    ));
                }
            }
        }
    }
}

/// Each coordinate beside its point for the way the board faces now, upright for the
/// player it faces (across the table, the player to move: `TableTurn`).
fn place_coordinates(
    layout: Res<BoardLayout>,
    camera: Query<&Transform, (With<BoardCamera>, Without<Coordinate>)>,
    table: Res<super::view::TableTurn>,
    mut coordinates: Query<(&Coordinate, &mut Transform)>,
) {
    // As seen by the player the board faces, or, across the table, the one the words face.
    let rotation = camera.iter().next().map_or(Quat::IDENTITY, |t| t.rotation) * table.rotation();
    // Half turned or more counts as turned: the labels move once, mid-turn.
    let turned = rotation.angle_between(Quat::IDENTITY) > std::f32::consts::FRAC_PI_2;
    for (coordinate, mut transform) in &mut coordinates {
        // On screen: a file below its point, a rank left of it, each nudged along the edge
        // towards the middle (as seen: the first three from the left or bottom one way,
        // the last three the other).
        let seen = match (coordinate, turned) {
            (Coordinate::File(i) | Coordinate::Rank(i), false) => *i,
            (Coordinate::File(i) | Coordinate::Rank(i), true) => 5 - *i,
        };
        let on_screen = coordinate.offset(seen) * layout.spacing;
        let offset = (rotation * on_screen.extend(0.0)).truncate();
        let at = layout.point(coordinate.beside(turned)) + offset;
        let next = Transform {
            translation: at.extend(1.5),
            rotation,
            scale: Vec3::ONE,
        };
        if *transform != next {
            *transform = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_ranks_read_their_names_and_stand_by_the_edge_as_seen() {
        assert_eq!(Coordinate::File(0).text(), "a");
        assert_eq!(Coordinate::File(5).text(), "f");
        assert_eq!(Coordinate::Rank(0).text(), "1");
        assert_eq!(Coordinate::Rank(5).text(), "6");
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(Coordinate::File(1).beside(false), sq("b1"));
        assert_eq!(Coordinate::File(1).beside(true), sq("b6"));
        assert_eq!(Coordinate::Rank(2).beside(false), sq("a3"));
        assert_eq!(Coordinate::Rank(2).beside(true), sq("f3"));
    }
}
