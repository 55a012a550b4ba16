//! Buttons: the actions they send, how they look, and when a press counts (on release,
//! without a drag; a drag scrolls the card instead). What the actions do is in `actions.rs`.

use crate::GameSet;
use crate::theme::Theme;
use bevy::input::ButtonState;
use bevy::input::mouse::{MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<UiAction>()
        .add_message::<TouchInput>()
        .add_message::<MouseWheel>()
        .add_message::<CursorMoved>()
        .add_systems(
            Update,
            (scroll_cards, press_buttons, super::actions::act)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// A button is pressed when the finger (or mouse button) lifts without having dragged:
/// a drag that starts on a button scrolls its card instead.
#[derive(Default)]
struct PendingPress {
    action: Option<UiAction>,
    travelled: f32,
}

/// What a button does.
#[derive(Component, Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiAction {
    OpenNewGame,
    CloseNewGame,
    Start,
    Undo,
    Hint,
    Accept,
    Cancel,
    CloseGameOver,
    PickTwoPlayers(bool),
    PickColour(Option<surakarta_engine::Side>),
    PickLevel(surakarta_engine::ai::Level),
    ToggleTurnBoard,
    /// The menu (the title screen): Continue, new games, Settings, Statistics.
    OpenMenu,
    /// Close the menu and go on with the game on the board.
    Continue,
    /// From the menu: the new-game panel, for two players or against the computer.
    NewGameFor {
        two_players: bool,
    },
    OpenSettings,
    OpenStats,
    OpenRules,
    /// Close Settings or Statistics, back to the menu.
    BackToMenu,
    SetAnimation(crate::settings::AnimationSpeed),
    ToggleRoutePreview,
    ToggleConfirmMoves,
    ToggleHighContrast,
    ToggleSound,
    SetLanguage(crate::i18n::Language),
    /// A rule set from `Ruleset::PRESETS`, by index.
    SetRules(usize),
    /// The tutorial, from its first lesson not yet passed.
    StartTutorial,
    NextLesson,
    RetryLesson,
    /// Leave the tutorial: the game in progress comes back.
    LeaveTutorial,
    /// Stay in the game (answer to "leave?").
    Stay,
    /// Leave the app; the game is saved and continues next time.
    Leave,
    /// The game records panel: copy, save, paste, the saved games.
    OpenRecords,
    /// Copy the player's game as a record.
    CopyRecord,
    /// Save the player's game as a record on the shelf (and, in a browser, download it).
    SaveRecord,
    /// Review the player's game from its start.
    ReviewCurrent,
    /// Read a record (to review) or a position (to play from) from the clipboard.
    PasteRecord,
    /// Review a saved game, by its place in `Records::saved`.
    OpenSaved(usize),
    ReviewFirst,
    ReviewPrev,
    ReviewNext,
    ReviewLast,
    /// A new game from the reviewed record as far as it is shown.
    ReviewPlayHere,
    /// End the review; the player's game comes back.
    ReviewClose,
}

/// A button with a text label in the theme's button colours.
pub fn button(
    action: UiAction,
    label: String,
    theme: &Theme,
    font_size: f32,
    grow: bool,
) -> impl Bundle {
    styled_button(
        action,
        label,
        theme.button,
        theme.button_text,
        font_size,
        grow,
    )
}

/// A button with a text label in the given colours.
pub fn styled_button(
    action: UiAction,
    label: String,
    background: Color,
    text: Color,
    font_size: f32,
    grow: bool,
) -> impl Bundle {
    (
        Button,
        action,
        Node {
            padding: UiRect::axes(px(14), px(10)),
            margin: UiRect::all(px(4)),
            min_height: px(48),
            min_width: px(64),
            flex_grow: if grow { 1.0 } else { 0.0 },
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(12)),
            ..default()
        },
        BackgroundColor(background),
        children![(
            Text::new(label),
            TextFont {
                font_size: FontSize::Px(font_size),
                ..default()
            },
            TextColor(text),
            TextLayout::justify(Justify::Center),
        )],
    )
}

fn press_buttons(
    buttons: Query<(&Interaction, &UiAction), Changed<Interaction>>,
    mut touches: MessageReader<TouchInput>,
    mut clicks: MessageReader<MouseButtonInput>,
    mut cursor: MessageReader<CursorMoved>,
    mut pending: Local<PendingPress>,
    mut last_touch: Local<Option<Vec2>>,
    mut actions: MessageWriter<UiAction>,
) {
    for (interaction, action) in &buttons {
        if *interaction == Interaction::Pressed {
            *pending = PendingPress {
                action: Some(*action),
                travelled: 0.0,
            };
        }
    }
    let mut released = false;
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => *last_touch = Some(t.position),
            TouchPhase::Moved => {
                if let Some(last) = last_touch.replace(t.position) {
                    pending.travelled += last.distance(t.position);
                }
            }
            TouchPhase::Ended => {
                if let Some(last) = last_touch.take() {
                    pending.travelled += last.distance(t.position);
                }
                released = true;
            }
            TouchPhase::Canceled => {
                *last_touch = None;
                pending.action = None;
            }
        }
    }
    for c in cursor.read() {
        if let Some(delta) = c.delta {
            pending.travelled += delta.length();
        }
    }
    for c in clicks.read() {
        if c.button == MouseButton::Left && c.state == ButtonState::Released {
            released = true;
        }
    }
    if released {
        if let Some(action) = pending.action.take()
            && pending.travelled <= crate::input::DRAG_DISTANCE
        {
            actions.write(action);
        }
        *pending = PendingPress::default();
    }
}

/// Scrolls a card taller than the screen: by dragging a finger or the mouse, or with
/// the wheel.
fn scroll_cards(
    mut cards: Query<&mut ScrollPosition, With<crate::hud::panels::ScrollCard>>,
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
    let dragging = mouse.is_some_and(|m| m.pressed(MouseButton::Left));
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
        for mut position in &mut cards {
            // Bevy keeps the position within the card's content.
            position.0.y = (position.0.y + dy).max(0.0);
        }
    }
}
