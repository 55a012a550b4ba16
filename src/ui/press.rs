//! Taps on the UI. A press and its release on the same button is a [`Press`] of that
//! button, whether they come frames apart or in the same frame (a brisk tap on a phone, a
//! quick click); a finger that drags is scrolling, not pressing. [`UiHits`] says what UI
//! lies under a point, topmost first, so that the board leaves alone the taps that land
//! on a card or a button, and a button drawn under a card cannot be pressed through it.
//! A tap on the shade around a card (outside it) is Back, as outside a phone's dialog:
//! it closes the card, or from the menu goes where the menu's first entry goes.

use crate::shell::navigation::{GameSet, Panel, Screen};
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::ui::{CalculatedClip, UiGlobalTransform, UiStack};
use bevy::window::PrimaryWindow;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TouchInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<CursorMoved>()
        .add_systems(Update, press_buttons.in_set(GameSet::Input));
}

/// A press that travels further than this from where it went down is a drag, not a tap.
pub const DRAG_DISTANCE: f32 = 14.0;

/// The pointer id the mouse goes by beside the fingers' ids.
pub const MOUSE: u64 = u64::MAX;

/// A button was pressed: its observers do what it does.
#[derive(EntityEvent, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    /// The button.
    pub entity: Entity,
}

/// UI that takes the taps landing on it (a card, the shade around it) even where it has
/// no button.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Solid;

/// The shade around a card: a tap on it (outside the card) is Back, as on a phone's
/// dialog, where Back would close the card.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Shade;

/// What lies under a point of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A button, which a tap there presses.
    Button(Entity),
    /// The shade around a card.
    Shade,
    /// A card or a bar: the tap is the UI's, and presses nothing.
    Solid,
}

/// What a hit test reads of a node.
type NodeParts = (
    &'static ComputedNode,
    &'static UiGlobalTransform,
    Option<&'static CalculatedClip>,
    &'static InheritedVisibility,
    Has<Button>,
    Has<Shade>,
);

/// The nodes a tap can land on.
type Tappable = Or<(With<Solid>, With<Button>)>;

/// Finds the UI under a point, in the order Bevy draws it.
#[derive(SystemParam)]
pub struct UiHits<'w, 's> {
    stack: Option<Res<'w, UiStack>>,
    nodes: Query<'w, 's, NodeParts, Tappable>,
}

impl UiHits<'_, '_> {
    /// The topmost button or solid UI at `point` (window coordinates, logical points).
    pub fn at(&self, point: Vec2) -> Option<Hit> {
        let stack = self.stack.as_ref()?;
        stack.uinodes.iter().rev().find_map(|&entity| {
            let (node, transform, clip, visible, button, shade) = self.nodes.get(entity).ok()?;
            if !visible.get() || node.size() == Vec2::ZERO {
                return None;
            }
            let physical = point / node.inverse_scale_factor();
            // A button scrolled out of its card is clipped away: not there to be tapped.
            let shown = clip.is_none_or(|c| c.clip.contains(physical));
            (shown && node.contains_point(*transform, physical)).then_some(if button {
                Hit::Button(entity)
            } else if shade {
                Hit::Shade
            } else {
                Hit::Solid
            })
        })
    }

    /// The button at `point`, if a button is the topmost UI there.
    pub fn button_at(&self, point: Vec2) -> Option<Entity> {
        match self.at(point) {
            Some(Hit::Button(e)) => Some(e),
            _ => None,
        }
    }
}

/// A tap on another button where a button was pressed this soon before is the second
/// tap of a double tap, and presses nothing: what opened under the finger (the "Resign?"
/// card's Resign over the End card's Resign, Play it over Hint) is read before it can be
/// pressed.
pub const SECOND_TAP: std::time::Duration = std::time::Duration::from_millis(400);

/// How near the last press a second tap must go down to be taken for one.
const SECOND_TAP_NEAR: f32 = 40.0;

/// The last press: when its tap went down, where, and the button it pressed.
type LastPress = (Instant, Vec2, Entity);

/// A finger (or the mouse button) that is down.
#[derive(Clone, Copy, Debug)]
struct Down {
    last: Vec2,
    travelled: f32,
    /// What it went down on.
    on: Option<Hit>,
    /// Where and when it went down.
    first: Vec2,
    since: Instant,
}

impl Down {
    fn new(at: Vec2, on: Option<Hit>) -> Down {
        Down {
            last: at,
            travelled: 0.0,
            on,
            first: at,
            since: Instant::now(),
        }
    }

    /// Whether this is the second tap of a double tap whose first pressed `last`.
    fn second_of(&self, last: Option<&LastPress>) -> bool {
        let Some(&(at, place, button)) = last else {
            return false;
        };
        self.on != Some(Hit::Button(button))
            && self.since.saturating_duration_since(at) < SECOND_TAP
            && self.first.distance(place) < SECOND_TAP_NEAR
    }

    fn travel(&mut self, to: Vec2) {
        self.travelled += self.last.distance(to);
        self.last = to;
    }

    /// What a tap that lifts at `to` over `under` did: pressed the button it went down
    /// on, or tapped the shade, if it is still over it and never dragged; and where it
    /// went down, and when.
    fn lifted(mut self, to: Vec2, under: Option<Hit>) -> Option<(Hit, Vec2, Instant)> {
        self.travel(to);
        let tapped = self.travelled <= DRAG_DISTANCE && self.on == under;
        tapped
            .then_some(self.on)
            .flatten()
            .filter(|hit| *hit != Hit::Solid)
            .map(|hit| (hit, self.first, self.since))
    }
}

/// What a tap does: presses a button, or is Back on a card's shade.
#[derive(SystemParam)]
struct Taps<'w, 's> {
    commands: Commands<'w, 's>,
    back: MessageWriter<'w, crate::shell::back::Back>,
    panel: Option<Res<'w, State<Panel>>>,
    screen: Option<Res<'w, State<Screen>>>,
}

fn press_buttons(
    mut touches: MessageReader<TouchInput>,
    mut clicks: MessageReader<MouseButtonInput>,
    mut moved: MessageReader<CursorMoved>,
    window: Query<&Window, With<PrimaryWindow>>,
    hits: UiHits,
    // The fingers down, and the last press (when its tap went down, where, and on what).
    mut fingers: Local<(HashMap<u64, Down>, Option<LastPress>)>,
    mut taps: Taps,
) {
    let (down, last) = &mut *fingers;
    // Every card but the menu is a panel's, which Back closes; the menu's Back goes where
    // its first entry goes. Over the bare board a shade tap would do nothing of the card.
    // A question someone waits for is answered with its buttons: a stray tap beside its
    // card does nothing (it had closed the card, the offer unanswered).
    let back_closes = taps
        .panel
        .is_some_and(|p| !matches!(p.get(), Panel::None | Panel::Offer))
        || taps.screen.is_some_and(|s| *s.get() == Screen::Menu);
    let mut pressed = Vec::new();
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => {
                down.insert(t.id, Down::new(t.position, hits.at(t.position)));
            }
            TouchPhase::Moved => {
                if let Some(d) = down.get_mut(&t.id) {
                    d.travel(t.position);
                }
            }
            TouchPhase::Ended => {
                if let Some(d) = down.remove(&t.id)
                    && !d.second_of(last.as_ref())
                {
                    pressed.extend(d.lifted(t.position, hits.at(t.position)));
                }
            }
            TouchPhase::Canceled => {
                down.remove(&t.id);
            }
        }
    }
    for c in moved.read() {
        if let Some(d) = down.get_mut(&MOUSE) {
            d.travel(c.position);
        }
    }
    let cursor = window.single().ok().and_then(Window::cursor_position);
    for c in clicks.read().filter(|c| c.button == MouseButton::Left) {
        match (c.state, cursor) {
            (ButtonState::Pressed, Some(at)) => {
                down.insert(MOUSE, Down::new(at, hits.at(at)));
            }
            (ButtonState::Released, Some(at)) => {
                if let Some(d) = down.remove(&MOUSE)
                    && !d.second_of(last.as_ref())
                {
                    pressed.extend(d.lifted(at, hits.at(at)));
                }
            }
            _ => {
                down.remove(&MOUSE);
            }
        }
    }
    for (hit, at, since) in pressed {
        match hit {
            Hit::Button(entity) => {
                *last = Some((since, at, entity));
                taps.commands.trigger(Press { entity });
            }
            Hit::Shade if back_closes => {
                taps.back.write(crate::shell::back::Back);
            }
            Hit::Shade | Hit::Solid => {}
        }
    }
}
