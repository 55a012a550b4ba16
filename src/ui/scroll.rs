//! Cards that scroll: a card's body taller than the screen scrolls by a finger, a mouse
//! drag or the wheel, with a thumb beside it showing where it is; a card rebuilt after a
//! change opens scrolled where the old one was, or where its new answer is.

use crate::shell::navigation::GameSet;
use crate::ui::theme::Theme;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeptScroll>()
        .add_message::<MouseWheel>()
        .add_systems(Update, scroll_cards.in_set(GameSet::Input))
        .add_systems(
            PostUpdate,
            (
                restore_scroll.before(bevy::ui::UiSystems::Layout),
                // From the sizes just laid out: a card's first frame knows them only then.
                (bring_into_view, place_thumbs)
                    .chain()
                    .after(bevy::ui::UiSystems::Layout),
            ),
        );
}

/// The room kept on each side of a card's body and footer, in points: on the right, between
/// the words and the scroll thumb.
pub const GUTTER: f32 = 4.0;

/// The part of a card that scrolls when the card is taller than the screen.
#[derive(Component)]
pub struct ScrollArea;

/// The thumb beside a scrolling card's body: there only when the body scrolls, and where
/// in it the card is.
#[derive(Component)]
pub struct ScrollThumb(Entity);

impl ScrollThumb {
    /// The scrolling body it belongs to.
    pub fn area(&self) -> Entity {
        self.0
    }
}

/// Scrolled into sight in its card's body once laid out: an answer that appears below the
/// fold (in landscape "Already saved" stood under Back, only its letters' tops showing).
/// Kept for the card's first frames, while it finds its size (`steady.rs`).
#[derive(Component)]
pub struct BringIntoView(u8);

impl Default for BringIntoView {
    fn default() -> Self {
        BringIntoView(12)
    }
}

/// Scrolls each [`BringIntoView`]'s card body until it is in sight, over the card's first
/// frames.
fn bring_into_view(
    mut commands: Commands,
    mut wanted: Query<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &mut BringIntoView,
    )>,
    parents: Query<&ChildOf>,
    mut areas: Query<(&ComputedNode, &UiGlobalTransform, &mut ScrollPosition), With<ScrollArea>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (entity, node, at, mut frames) in &mut wanted {
        let Some(area) = parents.iter_ancestors(entity).find(|a| areas.contains(*a)) else {
            commands.entity(entity).remove::<BringIntoView>();
            continue;
        };
        let Ok((frame, frame_at, mut scroll)) = areas.get_mut(area) else {
            continue;
        };
        // Counted whether laid out or not: one never shown (hidden) stops asking for
        // frames too.
        frames.0 = frames.0.saturating_sub(1);
        if frames.0 == 0 {
            commands.entity(entity).remove::<BringIntoView>();
        } else {
            redraw.write(bevy::window::RequestRedraw);
        }
        // Not laid out yet: next frame.
        if node.size().y <= 0.0 || frame.size().y <= 0.0 {
            continue;
        }
        let (top, bottom) = (
            at.translation.y - node.size().y / 2.0,
            at.translation.y + node.size().y / 2.0,
        );
        let (shown_top, shown_bottom) = (
            frame_at.translation.y - frame.size().y / 2.0,
            frame_at.translation.y + frame.size().y / 2.0,
        );
        let scale = frame.inverse_scale_factor();
        let by = scroll_into_view((top, bottom), (shown_top, shown_bottom));
        if by.abs() >= 1.0 {
            scroll.y = (scroll.y + by * scale).max(0.0);
        }
    }
}

/// How far to scroll down (up, when less than 0) for `what` (its top and bottom) to be in
/// sight in `shown` (the top and bottom of the card body's visible part): below, until its
/// bottom is, but never its top out of sight; above, until its top is.
fn scroll_into_view(what: (f32, f32), shown: (f32, f32)) -> f32 {
    let ((top, bottom), (shown_top, shown_bottom)) = (what, shown);
    if bottom > shown_bottom {
        (bottom - shown_bottom).min(top - shown_top)
    } else if top < shown_top {
        top - shown_top
    } else {
        0.0
    }
}

/// How far the card's body was scrolled when it was rebuilt (a setting changed), so that
/// the new one shows the same part.
#[derive(Resource, Default)]
pub struct KeptScroll(Option<f32>, bool);

impl KeptScroll {
    /// Keeps this place for the card that replaces the one on screen (not over a place
    /// asked for the next card: the card it replaces is rebuilt on its way out).
    pub fn keep(&mut self, y: Option<f32>) {
        if !self.1 {
            self.0 = y;
        }
    }

    /// Opens the next card scrolled down by `y` points, unless a card being rebuilt keeps
    /// a place the player scrolled to.
    pub fn open_at(&mut self, y: f32) {
        if self.0.is_none_or(|kept| kept <= 0.0) {
            self.0 = Some(y);
            self.1 = true;
        }
    }
}

/// The scrolling body of a card and its thumb.
pub(super) fn scroll_body(
    card: &mut ChildSpawnerCommands,
    theme: &Theme,
    body: &mut dyn FnMut(&mut ChildSpawnerCommands),
) {
    card.spawn(Node {
        flex_direction: FlexDirection::Column,
        flex_shrink: 1.0,
        // A card kept taller than its words (`steady.rs`): the room goes above the
        // footer, whose buttons stay where they were.
        flex_grow: 1.0,
        min_height: px(0),
        ..default()
    })
    .with_children(|frame| {
        let area = frame
            .spawn((
                ScrollArea,
                ScrollPosition::default(),
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Stretch,
                    flex_shrink: 1.0,
                    min_height: px(0),
                    overflow: Overflow::scroll_y(),
                    // Room for the thumb beside the text, kept on both sides (and beside
                    // the card's footer, `GUTTER`), so that the body's buttons and the
                    // footer's are as wide and centred alike.
                    padding: UiRect::horizontal(px(GUTTER)),
                    row_gap: px(6),
                    ..default()
                },
            ))
            .with_children(|c| body(c))
            .id();
        frame.spawn((
            ScrollThumb(area),
            Visibility::Hidden,
            Node {
                position_type: PositionType::Absolute,
                right: px(-6),
                top: px(0),
                width: px(5),
                height: px(0),
                border_radius: BorderRadius::MAX,
                ..default()
            },
            BackgroundColor(theme.bar_text.with_alpha(0.45)),
        ));
    });
}

fn restore_scroll(
    mut kept: ResMut<KeptScroll>,
    mut areas: Query<&mut ScrollPosition, Added<ScrollArea>>,
) {
    if let Some(y) = kept.0 {
        for mut s in &mut areas {
            s.y = y;
            kept.0 = None;
            kept.1 = false;
        }
    }
}

/// Scrolls the card's body: by dragging a finger or the mouse, or with the wheel.
fn scroll_cards(
    mut areas: Query<&mut ScrollPosition, With<ScrollArea>>,
    mut touches: MessageReader<TouchInput>,
    mut wheel: MessageReader<MouseWheel>,
    mut cursor: MessageReader<CursorMoved>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut last_touch: Local<Option<Vec2>>,
) {
    let mut dy = 0.0;
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => *last_touch = Some(t.position),
            TouchPhase::Moved => {
                if let Some(last) = last_touch.replace(t.position) {
                    dy += last.y - t.position.y;
                }
            }
            TouchPhase::Ended | TouchPhase::Canceled => *last_touch = None,
        }
    }
    // Held down since an earlier frame: a pointer that jumps and presses in one frame (a
    // quick move and click, xdotool) is a tap where it lands, not a drag from where it was.
    let dragging =
        mouse.is_some_and(|m| m.pressed(MouseButton::Left) && !m.just_pressed(MouseButton::Left));
    for c in cursor.read() {
        if dragging && let Some(delta) = c.delta {
            dy -= delta.y;
        }
    }
    for w in wheel.read() {
        dy -= match w.unit {
            MouseScrollUnit::Line => w.y * 40.0,
            MouseScrollUnit::Pixel => w.y,
        };
    }
    if dy != 0.0 {
        for mut position in &mut areas {
            // Bevy keeps the position within the body's content.
            position.y = (position.y + dy).max(0.0);
        }
    }
}

/// Shows each thumb while its body scrolls, as long as the share of the body in sight
/// and where that share is.
fn place_thumbs(
    areas: Query<&ComputedNode, With<ScrollArea>>,
    mut thumbs: Query<(&ScrollThumb, &mut Node, &mut Visibility)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (thumb, mut node, mut visibility) in &mut thumbs {
        let Ok(area) = areas.get(thumb.0) else {
            continue;
        };
        let scale = area.inverse_scale_factor();
        let seen = area.size().y * scale;
        let whole = area.content_size.y * scale;
        let want = if whole > seen + 1.0 {
            let height = (seen * seen / whole).max(28.0);
            let travel = (whole - seen).max(1.0);
            let top = (seen - height) * (area.scroll_position.y * scale / travel).clamp(0.0, 1.0);
            if node.top != px(top) || node.height != px(height) {
                node.top = px(top);
                node.height = px(height);
                // Laid out on the next frame, which an app at rest would not draw.
                redraw.write(bevy::window::RequestRedraw);
            }
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != want {
            *visibility = want;
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scroll_into_view;

    #[test]
    fn an_answer_below_the_fold_is_scrolled_to_and_one_in_sight_stays() {
        // "Already saved" at 290-330 under a body shown from 30 to 300: 30 down.
        assert_eq!(scroll_into_view((290.0, 330.0), (30.0, 300.0)), 30.0);
        // In sight: nothing moves.
        assert_eq!(scroll_into_view((100.0, 140.0), (30.0, 300.0)), 0.0);
        // Taller than the body: its top comes to the body's top, not above it.
        assert_eq!(scroll_into_view((200.0, 600.0), (30.0, 300.0)), 170.0);
        // Above: back up to it.
        assert_eq!(scroll_into_view((0.0, 40.0), (30.0, 300.0)), -30.0);
    }
}
