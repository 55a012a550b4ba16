//! Cards that keep their height while their choices change: a card made anew for each
//! choice (New game: the computer's colour and level rows come and go with "Two players")
//! is centred, so a shorter card would move every button under the finger. A card whose
//! root has [`SteadyHeight`] is never drawn shorter than the tallest it has been since its
//! panel opened (or the window or the words changed).

use super::widgets::Card;
use crate::shell::navigation::Panel;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tallest>().add_systems(
        PostUpdate,
        (
            hold_steady.before(bevy::ui::UiSystems::Layout),
            measure_steady.after(bevy::ui::UiSystems::Layout),
        ),
    );
}

/// Marks a card (the root its `until` bundle goes on) that keeps its height.
#[derive(Component)]
pub struct SteadyHeight;

/// The tallest the open steady card has been, in points, and for which panel.
#[derive(Resource, Default)]
struct Tallest(Option<(Panel, f32)>);

/// Before the layout: a card made anew starts as tall as the tallest before it (so it is
/// never drawn shorter for a frame); another panel, window size or language starts again.
fn hold_steady(
    roots: Query<&Children, (With<Card>, With<SteadyHeight>)>,
    mut cards: Query<&mut Node>,
    panel: Res<State<Panel>>,
    layout: Res<super::layout::BoardLayout>,
    strings: Res<super::i18n::Strings>,
    mut tallest: ResMut<Tallest>,
) {
    let panel = *panel.get();
    if tallest.0.is_some_and(|(p, _)| p != panel) || layout.is_changed() || strings.is_changed() {
        tallest.0 = None;
    }
    let Some((_, kept)) = tallest.0 else { return };
    for children in &roots {
        if let Some(&card) = children.first()
            && let Ok(mut node) = cards.get_mut(card)
            && node.min_height != Val::Px(kept)
        {
            node.min_height = Val::Px(kept);
        }
    }
}

/// After the layout: the card's height, kept when it is the tallest yet.
fn measure_steady(
    roots: Query<&Children, (With<Card>, With<SteadyHeight>)>,
    cards: Query<&ComputedNode>,
    panel: Res<State<Panel>>,
    mut tallest: ResMut<Tallest>,
) {
    for children in &roots {
        let Some(computed) = children.first().and_then(|&c| cards.get(c).ok()) else {
            continue;
        };
        let height = computed.size().y * computed.inverse_scale_factor();
        if height.is_finite() && height > tallest.0.map_or(0.0, |(_, h)| h) + 0.5 {
            tallest.0 = Some((*panel.get(), height));
        }
    }
}
