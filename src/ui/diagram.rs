//! Small board diagrams for the rules screen, drawn with UI nodes in the board's own
//! colours: the grid tinted by circuit, the eight loops, stones, a stone's steps, and a
//! capture's route traced along the lines and round its loops. The route comes from the
//! engine and becomes a path in `geometry`, exactly as on the board.

use crate::board::coordinates::{Coordinate, SIZE};
use crate::board::geometry::BoardPath;
use crate::ui::layout::BoardLayout;
use crate::ui::theme::Theme;
use bevy::prelude::*;
use surakarta_engine::{Circuit, Move, Position, Side, Square};

/// What a diagram marks besides the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing: the board and its circuits.
    None,
    /// The free points the stone on this point can step to, with or without diagonals.
    Steps(Square, bool),
    /// A capture's preferred route.
    Capture(Move),
}

/// The board spans 9.3 spacings with its loops, as on the game screen.
const SPAN: f32 = 9.3;

/// A diagram's side in points: as large as a card's column allows, up to 260, so that
/// its files and ranks can be read (190 on a 390-point phone made them 6 points).
pub fn diagram_size(layout: &BoardLayout) -> f32 {
    // The card's margins, padding and scroll gutter either side.
    let column = layout.window.x - layout.safe.left - layout.safe.right - 70.0;
    // In landscape, no taller than the card's body shows at once, about.
    let tall = layout.window.y - layout.safe.top - layout.safe.bottom - 190.0;
    column.min(tall).clamp(160.0, 260.0)
}

/// Spawns a `size`-point square diagram of `fen` into `parent`.
pub fn diagram(parent: &mut ChildSpawnerCommands, theme: &Theme, size: f32, fen: &str, mark: Mark) {
    let Ok(position) = fen.parse::<Position>() else {
        return;
    };
    let s = size / SPAN;
    let layout = BoardLayout {
        spacing: s,
        ..BoardLayout::default()
    };
    // World (y up, board centre at 0) to the diagram's top-left-based points.
    let at = move |p: Vec2| Vec2::new(size / 2.0 + p.x, size / 2.0 - p.y);
    let circuit_colour = |c: Circuit| match c {
        Circuit::Inner => theme.inner,
        Circuit::Outer => theme.outer,
    };
    let line = (s * 0.1).max(1.5);
    parent
        .spawn(Node {
            width: px(size),
            height: px(size),
            align_self: AlignSelf::Center,
            flex_shrink: 0.0,
            margin: UiRect::vertical(px(4)),
            ..default()
        })
        .with_children(|d| {
            // The loops, as whole rings round each corner...
            let corners = [(0, 0), (5, 0), (0, 5), (5, 5)].map(|(c, r)| Square::at(c, r));
            for corner in corners.into_iter().flatten() {
                for circuit in [Circuit::Inner, Circuit::Outer] {
                    let r = s * f32::from(circuit.radius());
                    let c = at(layout.point(corner));
                    d.spawn((
                        Node {
                            border: UiRect::all(px(line * 1.3)),
                            border_radius: BorderRadius::MAX,
                            ..centred(c, 2.0 * r)
                        },
                        BorderColor::all(circuit_colour(circuit)),
                    ));
                }
            }
            // ...with the quarter inside the grid covered: three quarters show.
            // Top-left and bottom-right of the grid, on screen.
            let low = at(Vec2::new(-2.5, 2.5) * s);
            let high = at(Vec2::new(2.5, -2.5) * s);
            d.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(low.x - line),
                    top: px(low.y - line),
                    width: px(high.x - low.x + 2.0 * line),
                    height: px(high.y - low.y + 2.0 * line),
                    ..default()
                },
                BackgroundColor(theme.background),
            ));
            // The grid: each line in its circuit's colour, the edges in ink.
            for i in 0..6i8 {
                let colour = Circuit::of_column(i).map_or(theme.ink, circuit_colour);
                let a = at(Vec2::new(f32::from(i) - 2.5, 2.5) * s);
                d.spawn(bar(a.x - line / 2.0, low.y, line, high.y - low.y, colour));
                let b = at(Vec2::new(-2.5, f32::from(i) - 2.5) * s);
                d.spawn(bar(low.x, b.y - line / 2.0, high.x - low.x, line, colour));
            }
            // The route under the stones, traced in dots.
            if let Mark::Capture(mv) = mark
                && let Some(route) = position.preferred_route(mv)
            {
                let path = BoardPath::route(&layout, &route);
                let dot = (s * 0.22).max(3.0);
                let count = (path.length() / (dot * 1.6)).ceil() as usize;
                for i in 1..count {
                    let p = at(path.sample(i as f32 / count as f32));
                    d.spawn(disc(p, dot, theme.highlight, None));
                }
            }
            for side in Side::BOTH {
                for sq in position.stones(side) {
                    let p = at(layout.point(sq));
                    let (body, ring) = match side {
                        Side::Red => (theme.red, None),
                        Side::Black => (theme.black, Some(theme.ring)),
                    };
                    d.spawn(disc(p, s * 0.62, body, ring));
                }
            }
            // The files and ranks, as on the board: the words beside the diagram speak in
            // them ("Red's b2 threatens e4").
            let font = (s * SIZE).max(10.0);
            for i in 0..6 {
                for coordinate in [Coordinate::File(i), Coordinate::Rank(i)] {
                    let p = at(layout.point(coordinate.beside(false))
                        + coordinate.offset(i) * Vec2::new(s, s));
                    d.spawn((
                        Node {
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            ..centred(p, 2.0 * font)
                        },
                        children![(
                            Text::new(coordinate.text()),
                            TextFont {
                                font_size: FontSize::Px(font),
                                ..default()
                            },
                            TextColor(theme.ink),
                        )],
                    ));
                }
            }
            match mark {
                Mark::None => {}
                Mark::Steps(from, diagonal) => {
                    for sq in Square::all() {
                        let step = Move {
                            from,
                            to: sq,
                            capture: false,
                        };
                        if position.is_legal(step, diagonal) {
                            d.spawn(disc(at(layout.point(sq)), s * 0.26, theme.highlight, None));
                        }
                    }
                }
                Mark::Capture(mv) => {
                    // The target ringed, as on the board.
                    let p = at(layout.point(mv.to));
                    d.spawn((
                        Node {
                            border: UiRect::all(px(line * 1.2)),
                            border_radius: BorderRadius::MAX,
                            ..centred(p, s * 0.9)
                        },
                        BorderColor::all(theme.highlight),
                    ));
                }
            }
        });
}

fn bar(left: f32, top: f32, width: f32, height: f32, colour: Color) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            left: px(left),
            top: px(top),
            width: px(width),
            height: px(height),
            ..default()
        },
        BackgroundColor(colour),
    )
}

fn disc(centre: Vec2, diameter: f32, colour: Color, ring: Option<Color>) -> impl Bundle {
    (
        Node {
            border: UiRect::all(px(if ring.is_some() { diameter * 0.12 } else { 0.0 })),
            border_radius: BorderRadius::MAX,
            ..centred(centre, diameter)
        },
        BackgroundColor(colour),
        BorderColor::all(ring.unwrap_or(colour)),
    )
}

/// A square node `side` points wide, centred on `centre`.
fn centred(centre: Vec2, side: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(centre.x - side / 2.0),
        top: px(centre.y - side / 2.0),
        width: px(side),
        height: px(side),
        ..default()
    }
}
