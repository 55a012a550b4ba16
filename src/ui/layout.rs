//! Where everything goes on this screen: the board's size and place, the bars around it,
//! and the mapping between screen points and board points. Recomputed on every resize and
//! rotation; nothing else measures the window.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};
use surakarta_engine::Square;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WindowResized>()
        .init_resource::<SafeArea>()
        .init_resource::<BoardLayout>()
        .init_resource::<TopCard>()
        .init_resource::<BarReach>()
        .add_systems(PreUpdate, update_layout);
}

/// Insets the system keeps for itself (notch, status bar, home indicator), in logical
/// points. Bevy reports none: the device tells them (`platform`); until it has, the
/// phones' builds keep conservative defaults.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SafeArea {
    pub top: f32,
    pub bottom: f32,
    pub left: f32,
    pub right: f32,
}

impl SafeArea {
    /// Each side between 0 and 160 points (no phone keeps more than a fifth of a small
    /// screen); anything that is not a number counts as 0.
    pub fn sane(self) -> SafeArea {
        let side = |v: f32| {
            if v.is_finite() {
                v.clamp(0.0, 160.0)
            } else {
                0.0
            }
        };
        SafeArea {
            top: side(self.top),
            bottom: side(self.bottom),
            left: side(self.left),
            right: side(self.right),
        }
    }
}

impl Default for SafeArea {
    fn default() -> Self {
        if cfg!(any(target_os = "ios", target_os = "android")) {
            SafeArea {
                top: 44.0,
                bottom: 34.0,
                left: 0.0,
                right: 0.0,
            }
        } else {
            SafeArea {
                top: 0.0,
                bottom: 0.0,
                left: 0.0,
                right: 0.0,
            }
        }
    }
}

/// The geometry of the game screen, in world units (= logical points; the camera sits at
/// the origin with scale 1, and the board is drawn centred on the origin).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Window size in logical points.
    pub window: Vec2,
    /// Distance between neighbouring lines.
    pub spacing: f32,
    /// Where the board's centre appears on screen, relative to the window centre (y up).
    pub offset: Vec2,
    /// Portrait (bars above and below) or landscape (bars at the sides).
    pub portrait: bool,
    /// Thickness of the top and bottom bars (portrait) or the side panels (landscape),
    /// safe area included.
    pub bars: [f32; 2],
    pub safe: SafeArea,
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout::new(Vec2::new(390.0, 844.0), SafeArea::default())
    }
}

/// How far down from the window's top a card that stays over the game reaches (a lesson's
/// card), in points: in portrait the board goes below it. 0: no such card.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TopCard(pub f32);

/// How far the status bar reaches over the window from its edge, in points (portrait),
/// when it has grown past the room the layout gave it: a notice, the claim button and the
/// connection's line on a 320x568 phone covered the far rank of the board. `top` from the
/// window's top, `bottom` from its bottom (the bar turned to face Black across the table
/// stands at the bottom). 0: within its room.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BarReach {
    pub top: f32,
    pub bottom: f32,
}

/// The board's height and width in spacings: 5 between the edge lines and 2 for each large
/// loop, and a little for the loops' stroke.
const SPAN: f32 = 9.3;

/// A tap reaches an intersection from at least this far, even on small phones.
pub const TOUCH_RADIUS: f32 = 44.0;

impl BoardLayout {
    pub fn new(window: Vec2, safe: SafeArea) -> BoardLayout {
        BoardLayout::below(window, safe, TopCard::default())
    }

    /// The layout with the board (in portrait) below a card at the top of the screen.
    pub fn below(window: Vec2, safe: SafeArea, card: TopCard) -> BoardLayout {
        BoardLayout::clear_of(window, safe, card, BarReach::default())
    }

    /// The layout with the board (in portrait) below a card at the top of the screen and
    /// clear of a status bar grown past its room.
    pub fn clear_of(window: Vec2, safe: SafeArea, card: TopCard, reach: BarReach) -> BoardLayout {
        let portrait = window.y >= window.x;
        let (spacing, offset, bars) = if portrait {
            let top = (window.y * 0.11).clamp(76.0, 124.0) + safe.top;
            let bottom = (window.y * 0.1).clamp(68.0, 112.0) + safe.bottom;
            let width = (window.x - safe.left - safe.right) * 0.88;
            // The board's room starts below the top bar, or below a card over it, and ends
            // above the bottom bar; a bar grown past its room takes more.
            let above = if card.0 > 0.0 {
                top.max(card.0 + 4.0)
            } else {
                top
            }
            .max(reach.top);
            let bottom = bottom.max(reach.bottom);
            let height = window.y - above - bottom;
            let spacing = (width.min(height) / SPAN).max(4.0);
            let offset = Vec2::new((safe.left - safe.right) / 2.0, (bottom - above) / 2.0);
            let bottom_bar = (window.y * 0.1).clamp(68.0, 112.0) + safe.bottom;
            (spacing, offset, [top, bottom_bar])
        } else {
            let height = (window.y - safe.top - safe.bottom) * 0.92;
            // The sides take what the board, as tall as the screen allows, leaves them
            // (a phone's landscape: a lesson's card beside the board had 186 points of
            // 844 and showed four lines of its words), and at least a fifth of the width.
            let room = (window.x - safe.left - safe.right - height - 16.0) / 2.0;
            let side = (window.x * 0.22).max(room).clamp(150.0, 300.0);
            let left = side + safe.left;
            let right = side + safe.right;
            let width = window.x - left - right;
            let spacing = (width.min(height) / SPAN).max(4.0);
            let offset = Vec2::new((left - right) / 2.0, (safe.bottom - safe.top) / 2.0);
            (spacing, offset, [left, right])
        };
        BoardLayout {
            window,
            spacing,
            offset,
            portrait,
            bars,
            safe,
        }
    }

    /// How far down from the window's top the board's outer loops reach up to, in points
    /// (in portrait; the board is square, so whichever way it faces).
    pub fn board_top(&self) -> f32 {
        self.world_to_screen(Vec2::new(0.0, SPAN / 2.0 * self.spacing), Quat::IDENTITY)
            .y
    }

    /// How far up from the window's bottom the board's outer loops reach down to, in
    /// points (in portrait).
    pub fn board_bottom(&self) -> f32 {
        self.window.y
            - self
                .world_to_screen(Vec2::new(0.0, -SPAN / 2.0 * self.spacing), Quat::IDENTITY)
                .y
    }

    /// World position of a board point.
    pub fn point(&self, sq: Square) -> Vec2 {
        Vec2::new(f32::from(sq.col()) - 2.5, f32::from(sq.row()) - 2.5) * self.spacing
    }

    /// Diameter of a stone.
    pub fn stone_size(&self) -> f32 {
        self.spacing * 0.7
    }

    /// The board point nearest a world position, if within reach of a finger.
    pub fn nearest(&self, world: Vec2) -> Option<Square> {
        let col = (world.x / self.spacing + 2.5).round();
        let row = (world.y / self.spacing + 2.5).round();
        let sq =
            Square::at(col as i8, row as i8).filter(|_| col.abs() < 100.0 && row.abs() < 100.0)?;
        let reach = TOUCH_RADIUS.max(self.spacing * 0.6);
        (self.point(sq).distance(world) <= reach).then_some(sq)
    }

    /// Camera translation that shows the board at `offset` when the camera is turned by
    /// `rotation` (the board turns about its own centre).
    pub fn camera_translation(&self, rotation: Quat) -> Vec3 {
        -(rotation * self.offset.extend(0.0))
    }

    /// World position under a window position (logical points, y down from the top-left),
    /// for a camera turned by `rotation`.
    pub fn screen_to_world(&self, screen: Vec2, rotation: Quat) -> Vec2 {
        let centred = Vec2::new(
            screen.x - self.window.x / 2.0,
            self.window.y / 2.0 - screen.y,
        );
        let camera = self.camera_translation(rotation);
        (camera + rotation * centred.extend(0.0)).truncate()
    }

    /// The window position of a board point (for tests and the web test hook).
    pub fn world_to_screen(&self, world: Vec2, rotation: Quat) -> Vec2 {
        let camera = self.camera_translation(rotation);
        let centred = (rotation.inverse() * (world.extend(0.0) - camera)).truncate();
        Vec2::new(
            centred.x + self.window.x / 2.0,
            self.window.y / 2.0 - centred.y,
        )
    }
}

pub(crate) fn update_layout(
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    safe: Res<SafeArea>,
    card: Res<TopCard>,
    reach: Res<BarReach>,
    mut layout: ResMut<BoardLayout>,
) {
    let changed =
        resized.read().count() > 0 || safe.is_changed() || card.is_changed() || reach.is_changed();
    let Ok(window) = windows.single() else { return };
    let size = Vec2::new(window.width(), window.height());
    if (changed || size != layout.window) && size.x > 0.0 && size.y > 0.0 {
        let next = BoardLayout::clear_of(size, *safe, *card, *reach);
        if next != *layout {
            *layout = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lesson's card 215 points tall on a 320 x 568 phone: the whole board (its loops
    /// too) below it and above the bottom bar.
    #[test]
    fn the_board_goes_below_a_card_at_the_top() {
        let window = Vec2::new(320.0, 568.0);
        let l = BoardLayout::below(window, SafeArea::default(), TopCard(215.0));
        let centre = window.y / 2.0 - l.offset.y;
        let half = 9.3 / 2.0 * l.spacing;
        assert!(centre - half >= 215.0, "top {}", centre - half);
        assert!(centre + half <= window.y - l.bars[1] + 0.01);
        // Without the card the board is bigger and reaches higher.
        let plain = BoardLayout::new(window, SafeArea::default());
        assert!(window.y / 2.0 - plain.offset.y - 9.3 / 2.0 * plain.spacing < 215.0);
        // In landscape the card is beside the board: nothing changes.
        let wide = Vec2::new(844.0, 390.0);
        assert_eq!(
            BoardLayout::below(wide, SafeArea::default(), TopCard(215.0)),
            BoardLayout::new(wide, SafeArea::default())
        );
    }

    /// A status bar grown 200 points down a 320 x 568 phone: the whole board below it and
    /// above the bottom bar; turned to the foot of the window, the board above it.
    #[test]
    fn the_board_keeps_clear_of_a_grown_bar() {
        let window = Vec2::new(320.0, 568.0);
        let reach = BarReach {
            top: 200.0,
            bottom: 0.0,
        };
        let l = BoardLayout::clear_of(window, SafeArea::default(), TopCard::default(), reach);
        assert!(l.board_top() >= 200.0, "top {}", l.board_top());
        assert!(l.board_bottom() >= l.bars[1] - 0.01, "{}", l.board_bottom());
        let turned = BarReach {
            top: 0.0,
            bottom: 200.0,
        };
        let t = BoardLayout::clear_of(window, SafeArea::default(), TopCard::default(), turned);
        assert!(t.board_bottom() >= 200.0, "bottom {}", t.board_bottom());
        assert!(t.board_top() >= t.bars[0] - 0.01);
        // Within its room, nothing changes.
        assert_eq!(
            BoardLayout::clear_of(
                window,
                SafeArea::default(),
                TopCard::default(),
                BarReach::default()
            ),
            BoardLayout::new(window, SafeArea::default())
        );
    }

    #[test]
    fn board_fills_a_phone_width_less_margins() {
        let l = BoardLayout::new(Vec2::new(390.0, 844.0), SafeArea::default());
        let span = 9.0 * l.spacing;
        assert!(span > 390.0 * 0.8 && span < 390.0 * 0.9, "{span}");
        assert!(l.portrait);
        let landscape = BoardLayout::new(Vec2::new(844.0, 390.0), SafeArea::default());
        assert!(!landscape.portrait);
        assert!(9.0 * landscape.spacing < 390.0);
    }

    /// A phone in landscape: the board as tall as the screen allows, and the sides take
    /// the rest (a lesson's card beside it was 186 points wide at 844 x 390), clear of the
    /// board's loops; a tablet's sides stay a fifth of its width or more.
    #[test]
    fn landscape_sides_take_what_the_board_leaves() {
        for (w, h) in [
            (844.0, 390.0),
            (568.0, 320.0),
            (1180.0, 820.0),
            (2000.0, 600.0),
        ] {
            let l = BoardLayout::new(Vec2::new(w, h), SafeArea::default());
            let board = 9.3 * l.spacing;
            assert!(board <= h * 0.92 + 0.5, "{w}x{h}: {board}");
            let centre = w / 2.0 + l.offset.x;
            assert!(centre - board / 2.0 >= l.bars[0] - 0.01, "{w}x{h}: left");
            assert!(
                centre + board / 2.0 <= w - l.bars[1] + 0.01,
                "{w}x{h}: right"
            );
            assert!(l.bars[0] >= (w * 0.22).min(300.0), "{w}x{h}: {}", l.bars[0]);
        }
        let phone = BoardLayout::new(Vec2::new(844.0, 390.0), SafeArea::default());
        assert!(phone.bars[0] > 220.0, "{}", phone.bars[0]);
        assert!((9.3 * phone.spacing - 390.0 * 0.92).abs() < 0.5);
    }

    #[test]
    fn taps_map_to_the_nearest_point_and_round_trip() {
        let l = BoardLayout::new(Vec2::new(390.0, 844.0), SafeArea::default());
        for turned in [Quat::IDENTITY, Quat::from_rotation_z(std::f32::consts::PI)] {
            for sq in Square::all() {
                let screen = l.world_to_screen(l.point(sq), turned);
                let world = l.screen_to_world(screen + Vec2::new(5.0, -7.0), turned);
                assert_eq!(l.nearest(world), Some(sq));
            }
        }
        // Far outside the board: nothing.
        assert_eq!(l.nearest(Vec2::new(0.0, 400.0)), None);
        assert_eq!(l.nearest(Vec2::new(1e9, 1e9)), None);
        assert_eq!(l.nearest(Vec2::NAN), None);
    }
}
