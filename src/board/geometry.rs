//! Routes as world-space paths: straight segments and loop arcs, measured by length.
//!
//! The one place where the engine's routes become shapes. The preview draws these paths
//! and the capture animation moves stones along them, so what is shown is what moves.

use crate::ui::layout::BoardLayout;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_2, PI, TAU};
use surakarta_engine::{Leg, Loop, Route, Square};

/// One piece of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    /// A straight line.
    Line { from: Vec2, to: Vec2 },
    /// A circular arc from `start` radians sweeping `sweep` radians (negative: clockwise).
    Arc {
        center: Vec2,
        radius: f32,
        start: f32,
        sweep: f32,
    },
}

impl Segment {
    pub fn length(&self) -> f32 {
        match *self {
            Segment::Line { from, to } => from.distance(to),
            Segment::Arc { radius, sweep, .. } => radius * sweep.abs(),
        }
    }

    /// The point a fraction `t` (0..=1) of the way along.
    pub fn at(&self, t: f32) -> Vec2 {
        match *self {
            Segment::Line { from, to } => from.lerp(to, t),
            Segment::Arc {
                center,
                radius,
                start,
                sweep,
            } => {
                let a = start + sweep * t;
                center + radius * Vec2::new(a.cos(), a.sin())
            }
        }
    }
}

/// A path through the board: the route of a capture or the slide of a step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardPath {
    pub segments: Vec<Segment>,
    /// How many board units the path counts for timing: one a line, three a loop
    /// (a loop is three quarter circles).
    pub units: u32,
}

impl BoardPath {
    /// A straight slide between two points (a step).
    pub fn step(layout: &BoardLayout, from: Square, to: Square) -> BoardPath {
        let segment = Segment::Line {
            from: layout.point(from),
            to: layout.point(to),
        };
        BoardPath {
            segments: vec![segment],
            units: 1,
        }
    }

    /// The exact path of a capture route: along the lines and round each loop on its arc.
    pub fn route(layout: &BoardLayout, route: &Route) -> BoardPath {
        let mut path = BoardPath::default();
        for leg in route.legs() {
            match leg {
                Leg::Line { from, to } => {
                    path.segments.push(Segment::Line {
                        from: layout.point(from),
                        to: layout.point(to),
                    });
                    path.units += 1;
                }
                Leg::Loop { from, to, lp } => {
                    path.segments.push(loop_arc(layout, lp, from, to));
                    path.units += 3;
                }
            }
        }
        path
    }

    pub fn length(&self) -> f32 {
        self.segments.iter().map(Segment::length).sum()
    }

    /// The point a fraction `t` (0..=1) of the path's length along it: constant speed.
    pub fn sample(&self, t: f32) -> Vec2 {
        let total = self.length();
        let mut left = t.clamp(0.0, 1.0) * total;
        for seg in &self.segments {
            let len = seg.length();
            if left <= len || len == 0.0 {
                return seg.at(if len > 0.0 { left / len } else { 1.0 });
            }
            left -= len;
        }
        self.segments.last().map_or(Vec2::ZERO, |s| s.at(1.0))
    }

    /// Points along the path, about `spacing` apart, ends included.
    pub fn polyline(&self, spacing: f32) -> Vec<Vec2> {
        let mut pts = Vec::new();
        for seg in &self.segments {
            let n = match seg {
                Segment::Line { .. } => 1,
                Segment::Arc { .. } => ((seg.length() / spacing.max(0.5)).ceil() as usize).max(8),
            };
            for i in 0..=n {
                let p = seg.at(i as f32 / n as f32);
                if pts.last().is_none_or(|q: &Vec2| q.distance(p) > 1e-3) {
                    pts.push(p);
                }
            }
        }
        pts
    }
}

/// The arc of loop `lp` from the line end `from` to the other end: three quarters of a
/// circle round the corner, outside the board.
pub fn loop_arc(layout: &BoardLayout, lp: Loop, from: Square, to: Square) -> Segment {
    let center = layout.point(lp.corner);
    let radius = layout.spacing * f32::from(lp.circuit.radius());
    let angle = |sq: Square| {
        let d = layout.point(sq) - center;
        d.y.atan2(d.x)
    };
    let start = angle(from);
    let mut direct = angle(to) - start;
    while direct > PI {
        direct -= TAU;
    }
    while direct <= -PI {
        direct += TAU;
    }
    // The short way (a quarter) would cut across the board; the loop goes the long way.
    let sweep = if direct > 0.0 {
        direct - TAU
    } else {
        direct + TAU
    };
    debug_assert!((sweep.abs() - 3.0 * FRAC_PI_2).abs() < 0.01);
    Segment::Arc {
        center,
        radius,
        start,
        sweep,
    }
}

/// A triangle mesh for a stroke of `width` along `points` (mitred joins; routes and loops
/// are smooth, so the mitres stay short).
pub fn stroke_mesh(points: &[Vec2], width: f32) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let half = width / 2.0;
    let n = points.len();
    for i in 0..n {
        let prev = if i > 0 {
            points[i] - points[i - 1]
        } else {
            points[1.min(n - 1)] - points[0]
        };
        let next = if i + 1 < n {
            points[i + 1] - points[i]
        } else {
            prev
        };
        let d1 = prev.normalize_or_zero();
        let d2 = next.normalize_or_zero();
        let normal1 = Vec2::new(-d1.y, d1.x);
        let normal2 = Vec2::new(-d2.y, d2.x);
        let miter = (normal1 + normal2).normalize_or(normal1);
        let scale = (1.0 / miter.dot(normal1).max(0.5)).min(2.0);
        let offset = miter * half * scale;
        positions.push((points[i] + offset).extend(0.0).into());
        positions.push((points[i] - offset).extend(0.0).into());
        if i + 1 < n {
            let k = (i * 2) as u32;
            indices.extend_from_slice(&[k, k + 1, k + 2, k + 1, k + 3, k + 2]);
        }
    }
    triangle_mesh(positions, indices)
}

/// A filled triangle as a mesh, pointing along `dir` with its tip at `tip`.
pub fn arrow_mesh(tip: Vec2, dir: Vec2, size: f32) -> Mesh {
    let d = dir.normalize_or(Vec2::X);
    let n = Vec2::new(-d.y, d.x);
    let base = tip - d * size;
    let pts = [tip, base + n * size * 0.6, base - n * size * 0.6];
    triangle_mesh(
        pts.iter().map(|p| p.extend(0.0).into()).collect(),
        vec![0, 1, 2],
    )
}

fn triangle_mesh(positions: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    let mut mesh = Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    );
    mesh.insert_attribute(Mesh::ATTRIBUTE_POSITION, positions);
    mesh.insert_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count]);
    mesh.insert_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count]);
    mesh.insert_indices(Indices::U32(indices));
    mesh
}

/// Easing for captures: speed ramps up over the first and down over the last tenth of
/// the time and is constant in between.
pub fn ease_ends(t: f32) -> f32 {
    const A: f32 = 0.1;
    let v = 1.0 / (1.0 - A);
    let t = t.clamp(0.0, 1.0);
    if t < A {
        v * t * t / (2.0 * A)
    } else if t > 1.0 - A {
        let u = 1.0 - t;
        1.0 - v * u * u / (2.0 * A)
    } else {
        v * (A / 2.0 + (t - A))
    }
}
