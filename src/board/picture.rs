//! The board kept as a picture between its changes. The board's camera draws into an image
//! (with multisampling, for the loops' smooth arcs) only in the frames in which something
//! it shows changed, and a second camera, without multisampling, draws that image under the
//! bars and cards each frame, the board's square of it only. A frame that changes only
//! words (a running clock's face, once a second) then costs little of the board: with the
//! software renderer at 390x844, 1.8-2.1% of a core with a clock running (with the game's
//! schedules on one thread, `lib.rs`), 5.5-6.8% before (docs/measurements.md).
//!
//! What the board shows is read each frame, cheaply, before the cameras: every entity drawn
//! outside the UI, by where it is, whether it is shown, its mesh, its material's colour, its
//! words, and where the board camera stands and how it is turned. When any of it differs from the last frame, the board
//! is drawn in that frame and the next two (a glyph or a mesh made ready late is drawn in
//! those), which the app is kept awake for; between changes the board's camera is off.
//!
//! The camera is switched on before Bevy works out what each camera sees: switched on at the
//! end of a frame (a first try), it drew an empty board that frame and, in the frames after,
//! a board without its loops. `.ci/run` checks the last frame of a capture's run round the
//! loops against the position after it.
//!
//! Only the app's window uses it; the tests, which draw nothing, keep the single camera.

use super::view::BoardCamera;
use crate::shell::awake::KeepAwake;
use crate::ui::layout::BoardLayout;
use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::Msaa;
use bevy::ui::widget::NodeImageMode;
use bevy::window::PrimaryWindow;
use std::hash::{Hash, Hasher};

/// Draws the board into a kept picture (`lib.rs` adds it to the app's window only).
pub fn plugin(app: &mut App) {
    let waiting = PipelinesWaiting::default();
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.insert_resource(waiting.clone()).add_systems(
            bevy::render::Render,
            note_waiting_pipelines.after(bevy::render::RenderSystems::Render),
        );
    }
    app.insert_resource(waiting)
        .init_resource::<Picture>()
        .add_systems(PostStartup, set_up)
        // Before the cameras and what they see are worked out: a camera switched on later
        // in the frame would draw a board it has not yet seen.
        .add_systems(
            PostUpdate,
            (fit_picture, frame_picture, redraw_on_change)
                .chain()
                // Where the camera stands this frame is what the square shown and the
                // change looked for are worked out from.
                .after(super::view::place_camera)
                .before(bevy::camera::CameraUpdateSystems),
        )
        .wake_while(|picture: Res<Picture>| picture.frames_to_draw > 0);
}

/// Whether the renderer still makes some of its pipelines (the shaders for a kind of mesh,
/// a blend, a picture's format), which it does on other threads: until they are made, what
/// needs them is left out of the frames drawn. Set by the render world after each frame,
/// read by the main world's next.
#[derive(Resource, Clone, Default)]
struct PipelinesWaiting(std::sync::Arc<std::sync::atomic::AtomicBool>);

fn note_waiting_pipelines(
    cache: Res<bevy::render::render_resource::PipelineCache>,
    waiting: Res<PipelinesWaiting>,
) {
    let any = cache.waiting_pipelines().next().is_some();
    waiting.0.store(any, std::sync::atomic::Ordering::Relaxed);
}

/// The most frames the board is drawn in waiting for pipelines, one after another: a
/// shader that cannot be made does not keep the app drawing.
const MOST_FRAMES_WAITING: u16 = 600;

/// Frames in which the board is drawn after a change: the change's own and two more.
const FRAMES_AFTER_A_CHANGE: u8 = 3;

/// The kept picture of the board and what it was drawn from.
#[derive(Resource, Default)]
struct Picture {
    image: Option<Handle<Image>>,
    /// Its size in pixels, and the window's scale (pixels a point).
    size: UVec2,
    scale: f32,
    /// What the board showed when it was last drawn.
    shown: u64,
    /// Frames still to draw the board in.
    frames_to_draw: u8,
    /// The part of it shown, in pixels: the board's square.
    shown_part: URect,
    /// Frames drawn one after another waiting for the renderer's pipelines.
    waited: u16,
}

/// The node that shows the picture, under every other node.
#[derive(Component)]
struct PictureNode;

/// The camera that draws the picture, the bars and the cards into the window.
#[derive(Component)]
pub struct WindowCamera;

/// An image on the graphics card only (no copy of its pixels in memory), to draw into.
fn target_image(size: UVec2) -> Image {
    let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    image.data = None;
    image.asset_usage = RenderAssetUsages::RENDER_WORLD;
    image.copy_on_resize = false;
    image
}

fn set_up(
    mut commands: Commands,
    board_camera: Query<(), With<BoardCamera>>,
    mut picture: ResMut<Picture>,
) {
    if board_camera.single().is_err() {
        return;
    }
    // The board's camera (order 0) keeps its multisampling; the window's comes after it,
    // draws no board entity (a layer nothing is on) and, its picture and words being smooth
    // already, needs no multisampling. The UI is the window camera's.
    commands.spawn((
        Camera2d,
        WindowCamera,
        Camera {
            order: 1,
            ..default()
        },
        Msaa::Off,
        RenderLayers::layer(31),
        IsDefaultUiCamera,
    ));
    commands.spawn((
        PictureNode,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        GlobalZIndex(i32::MIN),
    ));
    picture.frames_to_draw = FRAMES_AFTER_A_CHANGE;
}

/// A picture the size of the window, made anew when the window's size in pixels changes
/// (a phone turned, a window resized).
fn fit_picture(
    mut commands: Commands,
    window: Query<&Window, With<PrimaryWindow>>,
    board_camera: Query<Entity, With<BoardCamera>>,
    node: Query<Entity, With<PictureNode>>,
    mut images: ResMut<Assets<Image>>,
    mut picture: ResMut<Picture>,
) {
    let (Ok(window), Ok(board_camera), Ok(node)) =
        (window.single(), board_camera.single(), node.single())
    else {
        return;
    };
    let size = window.physical_size().max(UVec2::ONE);
    let scale = window.scale_factor();
    if picture.image.is_some() && picture.size == size && picture.scale == scale {
        return;
    }
    let handle = images.add(target_image(size));
    // Its points are the window's: the board is drawn at the size it always was.
    commands
        .entity(board_camera)
        .insert(RenderTarget::Image(ImageRenderTarget {
            handle: handle.clone(),
            scale_factor: scale,
        }));
    commands.entity(node).insert(ImageNode {
        image: handle.clone(),
        image_mode: NodeImageMode::Stretch,
        ..default()
    });
    picture.image = Some(handle);
    picture.size = size;
    picture.scale = scale;
    picture.frames_to_draw = FRAMES_AFTER_A_CHANGE;
}

/// How far from the board's centre anything on it is drawn, in spacings: the outer loops
/// (4.5) and a stone running round them (0.35), with a little to spare.
const REACH: f32 = 5.2;

/// Only the board's square of the picture is drawn into the window: the window's colour
/// around it is the board's own, and half the window's pixels not drawn twice are most of
/// what a clock's frame costs the software renderer. While the board turns, its corners
/// sweep further, so all of the picture is shown.
fn frame_picture(
    layout: Res<BoardLayout>,
    board_camera: Query<&Transform, With<BoardCamera>>,
    mut node: Query<(&mut Node, &mut ImageNode), With<PictureNode>>,
    mut picture: ResMut<Picture>,
) {
    let (Ok(turned), Ok((mut node, mut image))) = (board_camera.single(), node.single_mut()) else {
        return;
    };
    let part = shown_part(&layout, turned.rotation, picture.size, picture.scale);
    if part == picture.shown_part && image.rect.is_some() {
        return;
    }
    picture.shown_part = part;
    let points = |pixels: u32| px(pixels as f32 / picture.scale);
    node.left = points(part.min.x);
    node.top = points(part.min.y);
    node.width = points(part.width());
    node.height = points(part.height());
    image.rect = Some(part.as_rect());
}

/// The board's square in the picture, in whole pixels, within the picture's `size`: all of
/// it while the board is turned other than square to the window.
fn shown_part(layout: &BoardLayout, rotation: Quat, size: UVec2, scale: f32) -> URect {
    let all = URect::from_corners(UVec2::ZERO, size);
    let angle = rotation.angle_between(Quat::IDENTITY);
    let square = angle < 1e-3 || std::f32::consts::PI - angle < 1e-3;
    if !square || !layout.spacing.is_finite() || !scale.is_finite() || scale <= 0.0 {
        return all;
    }
    let centre = layout.world_to_screen(Vec2::ZERO, rotation) * scale;
    let half = Vec2::splat(REACH * layout.spacing * scale);
    let min = (centre - half).floor().max(Vec2::ZERO);
    let max = (centre + half).ceil().min(size.as_vec2());
    if min.x >= max.x || min.y >= max.y {
        return all;
    }
    URect::from_corners(min.as_uvec2(), max.as_uvec2())
}

/// What a board entity shows.
type Shown = (
    Entity,
    &'static Transform,
    Option<&'static Visibility>,
    Option<&'static ChildOf>,
    Option<&'static Mesh2d>,
    Option<&'static MeshMaterial2d<ColorMaterial>>,
    Option<&'static Sprite>,
    Option<&'static Text2d>,
    Option<&'static TextColor>,
    Option<&'static TextFont>,
);

/// Colours as bits, to hash.
fn bits(colour: Color) -> [u32; 4] {
    colour.to_srgba().to_f32_array().map(f32::to_bits)
}

/// Draws the board in this frame (and the next two) when what it shows changed.
fn redraw_on_change(
    shown: Query<Shown, Without<Node>>,
    mut board_camera: Query<(&mut Camera, &Transform), With<BoardCamera>>,
    mut meshes: MessageReader<AssetEvent<Mesh>>,
    mut fonts: MessageReader<AssetEvent<Font>>,
    materials: Res<Assets<ColorMaterial>>,
    (clear, waiting): (Res<ClearColor>, Res<PipelinesWaiting>),
    mut picture: ResMut<Picture>,
) {
    let Ok((mut camera, turned)) = board_camera.single_mut() else {
        return;
    };
    // A mesh changed in place, a font come.
    let assets_changed = meshes.read().count() + fonts.read().count() > 0;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    // The camera's whole place, not only its turn: the board moved down under a lesson's
    // card moves the camera, and the square shown then was of a picture not drawn there
    // (a blank board under the card, now and then, until the next tap).
    turned
        .to_matrix()
        .to_cols_array()
        .map(f32::to_bits)
        .hash(&mut hasher);
    bits(clear.0).hash(&mut hasher);
    for (entity, at, visibility, parent, mesh, material, sprite, text, colour, font) in &shown {
        entity.hash(&mut hasher);
        at.to_matrix()
            .to_cols_array()
            .map(f32::to_bits)
            .hash(&mut hasher);
        visibility.map(|v| *v as u8).hash(&mut hasher);
        parent.map(ChildOf::parent).hash(&mut hasher);
        mesh.map(|m| m.0.id()).hash(&mut hasher);
        if let Some(material) = material {
            material.0.id().hash(&mut hasher);
            // A material's colour changed in place is a change too.
            materials
                .get(&material.0)
                .map(|m| bits(m.color))
                .hash(&mut hasher);
        }
        if let Some(sprite) = sprite {
            bits(sprite.color).hash(&mut hasher);
            sprite.image.id().hash(&mut hasher);
            sprite
                .custom_size
                .map(|s| s.to_array().map(f32::to_bits))
                .hash(&mut hasher);
        }
        text.map(|t| &t.0).hash(&mut hasher);
        colour.map(|c| bits(c.0)).hash(&mut hasher);
        font.map(|f| format!("{:?}", f.font_size)).hash(&mut hasher);
    }
    let now = hasher.finish();
    if now != picture.shown || assets_changed {
        picture.shown = now;
        picture.frames_to_draw = FRAMES_AFTER_A_CHANGE;
    }
    // While the renderer still makes pipelines the board needs, a board drawn now may lack
    // its stones or loops (a slow device, a debug build: now and then a blank board under a
    // lesson's card): drawn again until they are made, and twice more.
    if picture.frames_to_draw > 0 || picture.waited > 0 {
        if waiting.0.load(std::sync::atomic::Ordering::Relaxed)
            && picture.waited < MOST_FRAMES_WAITING
        {
            picture.waited += 1;
            picture.frames_to_draw = picture.frames_to_draw.max(FRAMES_AFTER_A_CHANGE);
        } else if picture.frames_to_draw <= 1 {
            picture.waited = 0;
        }
    }
    let draw = picture.frames_to_draw > 0;
    if camera.is_active != draw {
        camera.is_active = draw;
    }
    picture.frames_to_draw = picture.frames_to_draw.saturating_sub(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::layout::SafeArea;
    use std::f32::consts::PI;

    /// The part shown holds all the board draws: a stone on the outer loops' far points
    /// whichever way the board faces, at three window sizes; in a tall window it is less
    /// than three fifths of the picture.
    #[test]
    fn the_square_shown_holds_the_outer_loops_and_a_stone_on_them() {
        for (window, scale) in [
            (Vec2::new(390.0, 844.0), 3.0),
            (Vec2::new(320.0, 568.0), 2.0),
            (Vec2::new(844.0, 390.0), 1.0),
        ] {
            let layout = BoardLayout::new(window, SafeArea::default());
            let size = (window * scale).as_uvec2();
            for rotation in [Quat::IDENTITY, Quat::from_rotation_z(PI)] {
                let part = shown_part(&layout, rotation, size, scale);
                assert!(part != URect::from_corners(UVec2::ZERO, size), "{window}");
                // The outer loops reach 4.5 spacings from the centre, level with the edge
                // lines (2.5); a stone on them 0.35 more.
                let (reach, edge) = (4.5 + 0.35, 2.5);
                for far in [(reach, edge), (edge, reach)] {
                    for (x, y) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                        let world = Vec2::new(far.0 * x, far.1 * y) * layout.spacing;
                        let at = layout.world_to_screen(world, rotation) * scale;
                        assert!(
                            part.as_rect().contains(at),
                            "{window} {rotation}: {at} outside {part:?}"
                        );
                    }
                }
            }
            if window.y > window.x {
                assert!(part_area(&layout, size, scale) * 5 < size.x * size.y * 3);
            }
        }
    }

    fn part_area(layout: &BoardLayout, size: UVec2, scale: f32) -> u32 {
        let part = shown_part(layout, Quat::IDENTITY, size, scale);
        part.width() * part.height()
    }

    /// While the board turns its corners sweep beyond the square: all the picture shows.
    #[test]
    fn a_turning_board_shows_all_of_the_picture() {
        let layout = BoardLayout::default();
        let size = UVec2::new(390, 844);
        for angle in [0.3, PI / 4.0, PI - 0.2] {
            let part = shown_part(&layout, Quat::from_rotation_z(angle), size, 1.0);
            assert_eq!(part, URect::from_corners(UVec2::ZERO, size));
        }
    }
}
