//! Widgets, in one home: the card every panel is drawn on (a shade that takes the taps
//! around it, a body that scrolls with a thumb showing that it does, a footer that stays in
//! sight), buttons, choices, labels and rows. A button does what its observers of
//! [`Press`](super::press::Press) do; [`ButtonId`] names it for tests and reports.

use crate::shell::navigation::GameSet;
use crate::ui::i18n::Strings;
use crate::ui::layout::{BoardLayout, SafeArea};
use crate::ui::press::Solid;
use crate::ui::theme::Theme;
use bevy::ecs::system::SystemParam;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeptScroll>()
        .add_message::<MouseWheel>()
        .add_systems(Update, scroll_cards.in_set(GameSet::Input))
        .add_systems(
            PostUpdate,
            (
                restore_scroll.before(bevy::ui::UiSystems::Layout),
                place_thumbs,
            ),
        );
}

/// A button's name: the key of its label in the translation files, or a name of its own
/// where the label is made up (a saved game). Tests and the web build's report find
/// buttons by it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ButtonId(pub String);

/// The shade and card of a panel (one at a time).
#[derive(Component)]
pub struct Card;

/// The part of a card that scrolls when the card is taller than the screen.
#[derive(Component)]
pub struct ScrollArea;

/// The thumb beside a scrolling card's body: there only when the body scrolls, and where
/// in it the card is.
#[derive(Component)]
pub struct ScrollThumb(Entity);

/// How far the card's body was scrolled when it was rebuilt (a setting changed), so that
/// the new one shows the same part.
#[derive(Resource, Default)]
pub struct KeptScroll(Option<f32>);

impl KeptScroll {
    /// Opens the next card scrolled down by `y` points, unless a card being rebuilt keeps
    /// a place the player scrolled to.
    pub fn open_at(&mut self, y: f32) {
        if self.0.is_none_or(|kept| kept <= 0.0) {
            self.0 = Some(y);
        }
    }
}

/// What a panel needs to draw its card: the words, the colours, the safe area.
#[derive(SystemParam)]
pub struct Cards<'w, 's> {
    commands: Commands<'w, 's>,
    strings: Res<'w, Strings>,
    theme: Res<'w, Theme>,
    layout: Res<'w, BoardLayout>,
}

impl Cards<'_, '_> {
    /// The words of the language shown, for what a panel works out before its card.
    pub fn strings(&self) -> &Strings {
        &self.strings
    }

    /// Spawns the card (see [`card`]); `body` and `footer` get the words and the colours.
    pub fn spawn(
        &mut self,
        until: impl Bundle,
        body: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
        footer: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
    ) {
        let Cards {
            commands,
            strings,
            theme,
            layout,
        } = self;
        let (strings, theme) = (&**strings, &**theme);
        card(
            commands,
            theme,
            layout,
            until,
            |c| body(c, strings, theme),
            |f| footer(f, strings, theme),
        );
    }
}

/// Spawns a card over the screen, within the safe area: the shade, then `body` (which
/// scrolls) and `footer` (which stays at the foot of the card), despawned with `until`.
pub fn card(
    commands: &mut Commands,
    theme: &Theme,
    layout: &BoardLayout,
    until: impl Bundle,
    body: impl FnOnce(&mut ChildSpawnerCommands),
    footer: impl FnOnce(&mut ChildSpawnerCommands),
) {
    let SafeArea {
        top,
        bottom,
        left,
        right,
    } = layout.safe;
    commands
        .spawn((
            Card,
            Solid,
            until,
            GlobalZIndex(10),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                padding: UiRect {
                    top: px(top + 10.0),
                    bottom: px(bottom + 10.0),
                    left: px(left + 10.0),
                    right: px(right + 10.0),
                },
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            // Dark enough that the bars under it read as out of reach.
            BackgroundColor(Color::srgba(0.08, 0.06, 0.04, 0.62)),
        ))
        .with_children(|shade| {
            shade
                .spawn((
                    Solid,
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        padding: UiRect::all(px(16)),
                        width: percent(100),
                        max_width: px(460),
                        max_height: percent(100),
                        border_radius: BorderRadius::all(px(18)),
                        ..default()
                    },
                    BackgroundColor(theme.panel),
                ))
                .with_children(|card| {
                    scroll_body(card, theme, body);
                    card.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        flex_shrink: 0.0,
                        margin: UiRect::top(px(6)),
                        ..default()
                    })
                    .with_children(footer);
                });
        });
}

/// The scrolling body of a card and its thumb.
fn scroll_body(
    card: &mut ChildSpawnerCommands,
    theme: &Theme,
    body: impl FnOnce(&mut ChildSpawnerCommands),
) {
    card.spawn(Node {
        flex_direction: FlexDirection::Column,
        flex_shrink: 1.0,
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
                    // Room for the thumb beside the text.
                    padding: UiRect::right(px(8)),
                    row_gap: px(6),
                    ..default()
                },
            ))
            .with_children(body)
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

/// A button with a text label in the theme's button colours.
pub fn button(
    id: impl Into<String>,
    label: String,
    theme: &Theme,
    font_size: f32,
    grow: bool,
) -> impl Bundle {
    styled_button(id, label, theme.button, theme.button_text, font_size, grow)
}

/// A button with a text label in the given colours.
pub fn styled_button(
    id: impl Into<String>,
    label: String,
    background: Color,
    text: Color,
    font_size: f32,
    grow: bool,
) -> impl Bundle {
    let node = Node {
        padding: UiRect::axes(px(14), px(10)),
        margin: UiRect::all(px(4)),
        min_height: px(48),
        min_width: px(64),
        flex_grow: if grow { 1.0 } else { 0.0 },
        ..button_node()
    };
    labelled(id, label, node, background, text, font_size)
}

/// A button of a row of equals that share the row's width (the bar under the board):
/// narrow padding and no minimum width, so four fit on a 320-point phone; still 48
/// points tall for a finger.
pub fn bar_button(
    id: impl Into<String>,
    label: String,
    theme: &Theme,
    font_size: f32,
) -> impl Bundle {
    let node = Node {
        padding: UiRect::axes(px(6), px(10)),
        margin: UiRect::all(px(3)),
        min_height: px(48),
        flex_grow: 1.0,
        flex_basis: px(0),
        ..button_node()
    };
    labelled(id, label, node, theme.button, theme.button_text, font_size)
}

fn button_node() -> Node {
    Node {
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(12)),
        ..default()
    }
}

fn labelled(
    id: impl Into<String>,
    label: String,
    node: Node,
    background: Color,
    text: Color,
    font_size: f32,
) -> impl Bundle {
    // A button to a screen reader, named by its words; activating it presses it
    // (`accessibility.rs`).
    let mut spoken = accesskit::Node::new(accesskit::Role::Button);
    spoken.set_label(label.clone());
    spoken.add_action(accesskit::Action::Click);
    (
        Button,
        ButtonId(id.into()),
        bevy::a11y::AccessibilityNode::from(spoken),
        node,
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

/// One of several choices: drawn as the main button when it is the one chosen.
pub fn choice(id: impl Into<String>, text: String, selected: bool, theme: &Theme) -> impl Bundle {
    let (bg, fg) = if selected {
        (theme.button, theme.button_text)
    } else {
        (theme.bar, theme.bar_text)
    };
    styled_button(id, text, bg, fg, 17.0, true)
}

/// A centred line of text in the card's ink.
pub fn label(text: String, size: f32, theme: &Theme) -> impl Bundle {
    (
        Text::new(text),
        // Read out by screen readers.
        bevy::ui::widget::Label,
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(theme.bar_text),
        TextLayout::justify(Justify::Center),
        Node {
            margin: UiRect::vertical(px(4)),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// Running text, left-aligned, in the card's ink.
pub fn paragraph(text: String, theme: &Theme) -> impl Bundle {
    (
        Text::new(text),
        bevy::ui::widget::Label,
        TextFont {
            font_size: FontSize::Px(15.0),
            ..default()
        },
        TextColor(theme.bar_text),
        Node {
            margin: UiRect::vertical(px(3)),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// A row of buttons that wraps when they do not fit.
pub fn row() -> impl Bundle {
    Node {
        flex_shrink: 0.0,
        flex_direction: FlexDirection::Row,
        justify_content: JustifyContent::Center,
        flex_wrap: FlexWrap::Wrap,
        ..default()
    }
}

/// A row that never wraps, its items centred on one line (a stepper, a line of moves).
pub fn one_line() -> impl Bundle {
    Node {
        flex_shrink: 0.0,
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        ..default()
    }
}

/// "Name: On" or "Name: Off".
pub fn on_off(strings: &Strings, key: &str, on: bool) -> String {
    let state = strings.get(if on { "on.on" } else { "on.off" });
    format!("{}: {state}", strings.get(key))
}

/// The words or the safe area changed (a language chosen, a phone turned): what a card
/// is laid out from.
pub fn words_or_layout_changed(strings: Res<Strings>, layout: Res<BoardLayout>) -> bool {
    strings.is_changed() || layout.is_changed()
}

/// Registers a panel's card: `spawn` on entering `panel`, and again (in the same part of
/// itself, see [`clear_card`]) whenever the words or the safe area change while it is open.
pub fn panel_card<M>(
    app: &mut App,
    panel: crate::shell::navigation::Panel,
    spawn: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M> + Copy,
) {
    app.add_systems(OnEnter(panel), spawn).add_systems(
        Update,
        (clear_card, spawn)
            .chain()
            .run_if(in_state(panel).and_then(words_or_layout_changed))
            .in_set(crate::shell::navigation::GameSet::Present),
    );
}

/// Despawns the card on screen, keeping how far it was scrolled for the one that
/// replaces it: a panel rebuilt after a change shows the same part of itself.
pub fn clear_card(
    mut commands: Commands,
    cards: Query<Entity, With<Card>>,
    areas: Query<&ScrollPosition, With<ScrollArea>>,
    mut kept: ResMut<KeptScroll>,
) {
    kept.0 = areas.iter().next().map(|s| s.y);
    for e in &cards {
        commands.entity(e).despawn();
    }
}

fn restore_scroll(
    mut kept: ResMut<KeptScroll>,
    mut areas: Query<&mut ScrollPosition, Added<ScrollArea>>,
) {
    if let Some(y) = kept.0 {
        for mut s in &mut areas {
            s.y = y;
            kept.0 = None;
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
            }
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// The observer of a button that closes the panel: Back, Cancel, Stay, Close.
pub fn close_panel(
    _: On<super::press::Press>,
    mut panel: ResMut<NextState<crate::shell::navigation::Panel>>,
) {
    (*panel).set_if_neq(crate::shell::navigation::Panel::None);
}

/// Back to the screen under the panel, at the foot of a card.
pub fn back_row(footer: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme) {
    footer.spawn(row()).with_children(|r| {
        r.spawn(button(
            "back",
            strings.get("button.back"),
            theme,
            20.0,
            true,
        ))
        .observe(close_panel);
    });
}
