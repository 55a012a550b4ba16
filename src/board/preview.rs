//! Marks on the board: the selected stone's step targets (dots) and capture targets
//! (rings), the preferred route of each capture drawn along the lines and round the loops
//! with arrowheads and its loops glowing, the hinted move, and the last move.

use crate::board::LOOP_WIDTH;
use crate::board::geometry::{BoardPath, arrow_mesh, loop_arc, stroke_mesh};
use crate::board::input::Hover;
use crate::board::selection::Selection;
use crate::game::session::{OnBoard, Practice, Session, Turn};
use crate::settings::Settings;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surakarta_engine::{Leg, Move, Route, Side, Square};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_marks
            .run_if(
                resource_changed::<Selection>
                    .or_else(resource_changed::<Session>)
                    .or_else(resource_changed::<Practice>)
                    .or_else(state_changed::<Screen>)
                    .or_else(resource_changed::<BoardLayout>)
                    .or_else(resource_changed::<Settings>)
                    .or_else(resource_changed::<crate::ui::theme::Theme>)
                    .or_else(resource_changed::<Hover>)
                    .or_else(state_changed::<Turn>),
            )
            .in_set(GameSet::Present),
    );
}

/// Anything drawn by the preview.
#[derive(Component)]
pub struct Mark;

/// A step target marker on a point.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepTarget(pub Square);

/// A ring round the stone a hint's first step points out.
#[derive(Component)]
pub struct NudgedStone(pub Square);

/// A capture target ring on an enemy stone.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureTarget(pub Square);

/// A stone of the player's that the opponent's stone looked at could take.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatTarget(pub Square);

/// The stone that will stand on the target of a move waiting for confirmation, drawn
/// faintly there: the player sees the position the move makes before accepting it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingStone(pub Square);

/// A drawn capture route: the move it belongs to.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteMark(pub Move);

/// How strongly a route is drawn: 1 for the one under the pointer or finger, less for the
/// others beside it.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct RouteStrength(pub f32);

/// The last move's from and to points.
#[derive(Component)]
pub struct LastMoveMark;

const ROUTE_Z: f32 = 5.0;
const TARGET_Z: f32 = 14.0;

struct Painter<'a, 'w, 's> {
    commands: Commands<'w, 's>,
    meshes: ResMut<'a, Assets<Mesh>>,
    materials: ResMut<'a, Assets<ColorMaterial>>,
    layout: BoardLayout,
    casing: Color,
    arrow: Color,
}

impl Painter<'_, '_, '_> {
    fn spawn(&mut self, mesh: Mesh, colour: Color, z: f32, extra: impl Bundle) {
        self.commands.spawn((
            Mark,
            Mesh2d(self.meshes.add(mesh)),
            MeshMaterial2d(self.materials.add(colour)),
            Transform::from_xyz(0.0, 0.0, z),
            extra,
        ));
    }

    /// A mark at a point of the world (not necessarily a board point).
    fn spawn_at(&mut self, mesh: Mesh, colour: Color, at: Vec3) {
        self.commands.spawn((
            Mark,
            Mesh2d(self.meshes.add(mesh)),
            MeshMaterial2d(self.materials.add(colour)),
            Transform::from_translation(at),
        ));
    }

    fn at(&mut self, sq: Square, mesh: Mesh, colour: Color, z: f32, extra: impl Bundle) {
        self.commands.spawn((
            Mark,
            Mesh2d(self.meshes.add(mesh)),
            MeshMaterial2d(self.materials.add(colour)),
            Transform::from_translation(self.layout.point(sq).extend(z)),
            extra,
        ));
    }

    /// A route along its exact path, arrowheads pointing the way, its loops glowing.
    fn route(&mut self, route: &Route, colour: Color, strength: f32, z: f32, mv: Move) {
        let s = self.layout.spacing;
        let path = BoardPath::route(&self.layout, route);
        for leg in route.legs() {
            if let Leg::Loop { from, to, lp } = leg {
                let arc = BoardPath {
                    segments: vec![loop_arc(&self.layout, lp, from, to)],
                    units: 3,
                };
                let glow = stroke_mesh(&arc.polyline(s * 0.08), LOOP_WIDTH * s * 2.6);
                self.spawn(glow, colour.with_alpha(0.22 * strength), z - 0.5, ());
            }
        }
        let points = path.polyline(s * 0.08);
        // A pale casing under the coloured line keeps it readable over the tinted grid.
        self.spawn(
            stroke_mesh(&points, s * 0.34),
            self.casing.with_alpha(0.85 * strength),
            z - 0.2,
            (),
        );
        self.spawn(
            stroke_mesh(&points, s * 0.2),
            colour.with_alpha(strength),
            z,
            (RouteMark(mv), RouteStrength(strength)),
        );
        let len = path.length();
        let mut d = s * 0.9;
        while d < len - s * 0.4 {
            let ahead = path.sample((d + 1.0) / len);
            let behind = path.sample((d - 1.0) / len);
            let tip = path.sample(d / len);
            self.spawn(
                arrow_mesh(
                    tip + (ahead - behind).normalize_or_zero() * s * 0.18,
                    ahead - behind,
                    s * 0.36,
                ),
                self.arrow.with_alpha(strength),
                z + 0.1,
                (),
            );
            d += s * 1.6;
        }
    }
}

/// What the marks are drawn from.
#[derive(SystemParam)]
struct Seen<'w> {
    selection: Res<'w, Selection>,
    board: OnBoard<'w>,
    settings: Res<'w, Settings>,
    layout: Res<'w, BoardLayout>,
    theme: Res<'w, Theme>,
    turn: Option<Res<'w, State<Turn>>>,
    hover: Res<'w, Hover>,
}

fn draw_marks(
    old: Query<Entity, With<Mark>>,
    seen: Seen,
    commands: Commands,
    meshes: ResMut<Assets<Mesh>>,
    materials: ResMut<Assets<ColorMaterial>>,
) {
    let Seen {
        selection,
        board,
        settings,
        layout,
        theme,
        turn,
        hover,
    } = seen;
    let session = board.session();
    let mut p = Painter {
        commands,
        meshes,
        materials,
        layout: *layout,
        casing: theme.background.lighter(0.04),
        arrow: theme.ink,
    };
    for e in &old {
        p.commands.entity(e).despawn();
    }
    let s = layout.spacing;
    let game = &session.game;
    let pos = game.position();
    let animating = turn.is_some_and(|t| *t.get() == Turn::Animating);

    // The last move: both points marked; a capture's route stays drawn faintly. In high
    // contrast the marks are opaque: half-seen orange on white was hard to find.
    let last_alpha = if theme.kind == crate::ui::theme::ThemeKind::HighContrast {
        1.0
    } else {
        0.55
    };
    if !animating
        && let (Some(&last), Some(before)) =
            (game.history().last(), game.positions().iter().rev().nth(1))
    {
        for sq in [last.from, last.to] {
            p.at(
                sq,
                Annulus::new(s * 0.42, s * 0.5).into(),
                theme.highlight.with_alpha(last_alpha),
                3.0,
                LastMoveMark,
            );
        }
        if let Some(route) = before.preferred_route(last) {
            let colour = route_colour(&theme, &route);
            p.route(&route, colour, 0.35, ROUTE_Z - 1.0, last);
        }
    }
    if animating {
        return;
    }

    let moves = game.moves();
    if let Some(hint) = &selection.hint {
        let colour = theme.highlight;
        p.at(
            hint.mv.to,
            Annulus::new(s * 0.4, s * 0.52).into(),
            colour,
            TARGET_Z,
            (),
        );
        if let Some(route) = &hint.route {
            p.route(
                route,
                route_colour(&theme, route),
                1.0,
                ROUTE_Z + 1.0,
                hint.mv,
            );
        } else {
            p.at(
                hint.mv.to,
                Circle::new(s * 0.12).into(),
                colour,
                TARGET_Z,
                StepTarget(hint.mv.to),
            );
        }
    }
    // A hint's first step: the stone to move, ringed twice over.
    if let Some(stone) = selection.nudge {
        for (inner, outer) in [(0.44, 0.5), (0.56, 0.6)] {
            p.at(
                stone,
                Annulus::new(s * inner, s * outer).into(),
                theme.highlight,
                TARGET_Z,
                NudgedStone(stone),
            );
        }
    }
    // An opponent's stone looked at: the stones it could take, ringed, and its routes.
    if let Some(stone) = selection.threats
        && let Some(side) = pos.at(stone)
    {
        let theirs = pos.with_side_to_move(side);
        for target in super::refusal::threats(pos, stone) {
            p.at(
                target,
                Annulus::new(s * 0.42, s * 0.52).into(),
                theme.stone(side).0.with_alpha(0.8),
                TARGET_Z,
                ThreatTarget(target),
            );
            let m = surakarta_engine::Move {
                from: stone,
                to: target,
                capture: true,
            };
            if let Some(route) = theirs.preferred_route(m) {
                p.route(&route, route_colour(&theme, &route), 0.6, ROUTE_Z, m);
            }
        }
    }
    let Some(from) = selection.stone else { return };
    if let Some(pending) = selection.pending {
        // The stone itself, as the stones are drawn (its shadow, body, light and, for
        // Black, its ring), a little see-through: over a stone it takes, the player sees
        // theirs stand there. A faint disc with the target's dot in it read as a marker.
        let side = pos.side_to_move();
        let (fill, light) = theme.stone(side);
        let d = p.layout.stone_size();
        let at = p.layout.point(pending.to);
        let part = |p: &mut Painter, mesh: Mesh, colour: Color, dx: f32, dy: f32, z: f32| {
            p.spawn_at(mesh, colour, (at + Vec2::new(dx, dy) * d).extend(z));
        };
        part(
            &mut p,
            Circle::new(d * 0.53).into(),
            theme.shadow.with_alpha(0.5),
            0.04,
            -0.07,
            TARGET_Z + 0.4,
        );
        p.at(
            pending.to,
            Circle::new(d * 0.5).into(),
            fill.with_alpha(0.85),
            TARGET_Z + 0.5,
            PendingStone(pending.to),
        );
        part(
            &mut p,
            Circle::new(d * 0.275).into(),
            light.with_alpha(0.5),
            -0.09,
            0.1,
            TARGET_Z + 0.55,
        );
        if side == Side::Black {
            part(
                &mut p,
                Annulus::new(d * 0.22, d * 0.3).into(),
                theme.ring.with_alpha(0.85),
                0.0,
                0.0,
                TARGET_Z + 0.6,
            );
        }
    }
    let capture_targets: Vec<Square> = moves
        .iter()
        .filter(|m| m.from == from && m.capture)
        .map(|m| m.to)
        .collect();
    for &m in moves.iter().filter(|m| m.from == from) {
        if selection.pending.is_some_and(|p| p != m) {
            continue;
        }
        if m.capture {
            p.at(
                m.to,
                Annulus::new(s * 0.42, s * 0.52).into(),
                theme.highlight,
                TARGET_Z,
                CaptureTarget(m.to),
            );
            // A lesson teaches the routes and speaks of the drawn one: always drawn there
            // (with the setting off, lesson 2 spoke of a path nobody could see).
            let shown = settings.route_preview || board.lesson() || selection.pending == Some(m);
            if shown && let Some(route) = pos.preferred_route(m) {
                // With several captures, the one under the pointer (or the finger resting
                // on its target, or sliding towards it) is drawn strongly.
                let pointed = hover.0.filter(|h| capture_targets.contains(h));
                let strength = match pointed {
                    _ if selection.pending == Some(m) => 1.0,
                    Some(h) if h == m.to => 1.0,
                    Some(_) => 0.4,
                    None => 0.9,
                };
                p.route(&route, route_colour(&theme, &route), strength, ROUTE_Z, m);
            }
        } else if selection.pending != Some(m) {
            p.at(
                m.to,
                Circle::new(s * 0.3).into(),
                theme.highlight.with_alpha(0.45),
                TARGET_Z - 0.1,
                (),
            );
            p.at(
                m.to,
                Circle::new(s * 0.15).into(),
                theme.ink,
                TARGET_Z,
                StepTarget(m.to),
            );
        }
    }
}

/// A route is drawn in the colour of the circuit it runs on.
pub(crate) fn route_colour(theme: &Theme, route: &Route) -> Color {
    let circuit = route
        .legs()
        .find_map(|l| match l {
            Leg::Loop { lp, .. } => Some(lp.circuit),
            Leg::Line { .. } => None,
        })
        .unwrap_or(surakarta_engine::Circuit::Inner);
    theme.circuit(circuit).darker(0.08)
}
