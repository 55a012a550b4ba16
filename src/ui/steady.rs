//! Cards that keep their height while their choices change: a card made anew for each
//! choice (New game: the computer's colour and level rows come and go with "Two players")
//! is centred, so a shorter card would move every button under the finger. A card whose
//! root has [`SteadyHeight`] is never drawn shorter than the tallest it has been since its
//! panel opened (or the window or the words changed). A card whose root has
//! [`SteadyTop`] keeps its top edge where it first stood and grows downwards (Game
//! records: saving adds a note and an entry, and the centred card moved its buttons up).

use super::widgets::Card;
use crate::shell::navigation::Panel;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tallest>()
        .init_resource::<FirstTop>()
        .add_systems(
            PostUpdate,
            (
                hold.before(bevy::ui::UiSystems::Layout),
                measure.after(bevy::ui::UiSystems::Layout),
            ),
        );
}

/// Marks a card (the root its `until` bundle goes on) that keeps its top edge where it
/// first stood while it grows.
#[derive(Component)]
pub struct SteadyTop;

/// What a kept height or top was measured for: the panel, the window and the words.
#[derive(bevy::ecs::system::SystemParam)]
struct Seen<'w> {
    panel: Res<'w, State<Panel>>,
    layout: Res<'w, super::layout::BoardLayout>,
    strings: Res<'w, super::i18n::Strings>,
}

impl Seen<'_> {
    /// Another panel than the one `kept` was measured for, a window size or language
    /// changed: what was kept starts again.
    fn starts_again(&self, kept: Option<Panel>) -> bool {
        kept.is_some_and(|p| p != *self.panel.get())
            || self.layout.is_changed()
            || self.strings.is_changed()
    }
}

/// Whether a card keeps its top, and its height.
type Kept = (Has<SteadyTop>, Has<SteadyHeight>);

/// Where the open steady-topped card first stood: its distance from the top of the room
/// cards stand in, in points, and for which panel.
#[derive(Resource, Default)]
struct FirstTop(Option<(Panel, f32)>);

/// The room a card stands in, top to bottom, in points (the window within the safe
/// area and the shade's padding, as `widgets::card` lays it).
fn room_for_cards(layout: &super::layout::BoardLayout) -> f32 {
    layout.window.y - layout.safe.top - layout.safe.bottom - 20.0
}

/// Before the layout: a card made anew stands at its first top, no taller than the room
/// below it (its body scrolls), and as tall as the tallest before it (so it is never drawn
/// shorter for a frame); another panel, window size or language starts again. (One system
/// for both: each system costs the web build's download.)
fn hold(
    mut roots: Query<(&mut Node, &Children, Kept), With<Card>>,
    mut cards: Query<&mut Node, Without<Card>>,
    seen: Seen,
    (mut first, mut tallest): (ResMut<FirstTop>, ResMut<Tallest>),
) {
    if seen.starts_again(first.0.map(|(p, _)| p)) {
        first.0 = None;
    }
    if seen.starts_again(tallest.0.map(|(p, _)| p)) {
        tallest.0 = None;
    }
    let room = room_for_cards(&seen.layout);
    for (mut root, children, (keeps_top, keeps_height)) in &mut roots {
        let Some(Ok(mut node)) = children.first().map(|&card| cards.get_mut(card)) else {
            continue;
        };
        if keeps_top && let Some((_, top)) = first.0 {
            if root.align_items != AlignItems::FlexStart {
                root.align_items = AlignItems::FlexStart;
            }
            if node.margin.top != Val::Px(top) {
                node.margin.top = Val::Px(top);
                node.max_height = Val::Px((room - top).max(0.0));
            }
        }
        if keeps_height
            && let Some((_, kept)) = tallest.0
            && node.min_height != Val::Px(kept)
        {
            node.min_height = Val::Px(kept);
        }
    }
}

/// After the layout: where a steady-topped card first stood, centred, and a steady card's
/// height when it is the tallest yet.
fn measure(
    roots: Query<(&ComputedNode, &UiGlobalTransform, &Children, Kept), With<Card>>,
    cards: Query<(&ComputedNode, &UiGlobalTransform), Without<Card>>,
    panel: Res<State<Panel>>,
    (mut first, mut tallest): (ResMut<FirstTop>, ResMut<Tallest>),
) {
    for (root, at, children, (keeps_top, keeps_height)) in &roots {
        let Some((card, card_at)) = children.first().and_then(|&c| cards.get(c).ok()) else {
            continue;
        };
        let scale = card.inverse_scale_factor();
        if keeps_top && first.0.is_none() {
            let room_top =
                (at.translation.y - root.size().y / 2.0 + root.padding.min_inset.y) * scale;
            let card_top = (card_at.translation.y - card.size().y / 2.0) * scale;
            let top = card_top - room_top;
            if card.size().y > 0.0 && top.is_finite() && top >= 0.0 {
                first.0 = Some((*panel.get(), top));
            }
        }
        let height = card.size().y * scale;
        if keeps_height && height.is_finite() && height > tallest.0.map_or(0.0, |(_, h)| h) + 0.5 {
            tallest.0 = Some((*panel.get(), height));
        }
    }
}

/// Marks a card (the root its `until` bundle goes on) that keeps its height.
#[derive(Component)]
pub struct SteadyHeight;

/// The tallest the open steady card has been, in points, and for which panel.
#[derive(Resource, Default)]
struct Tallest(Option<(Panel, f32)>);
