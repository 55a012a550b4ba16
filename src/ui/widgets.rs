//! Widgets, in one home: the card every panel is drawn on (a shade that takes the taps
//! around it, a body that scrolls with a thumb showing that it does, a footer that stays in
//! sight), buttons, choices, labels and rows. A button does what its observers of
//! [`Press`](super::press::Press) do; [`ButtonId`] names it for tests and reports.

use super::scroll::{KeptScroll, ScrollArea, scroll_body};
use crate::shell::navigation::{GameSet, Navigator, Panel};
use crate::ui::i18n::Strings;
use crate::ui::layout::{BoardLayout, SafeArea};
use crate::ui::press::Solid;
use crate::ui::theme::Theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// A button's name: the key of its label in the translation files, or a name of its own
/// where the label is made up (a saved game). Tests and the web build's report find
/// buttons by it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ButtonId(pub String);

/// The shade and card of a panel (one at a time).
#[derive(Component)]
pub struct Card;

/// A card that decides which way it faces itself; others face the player to move, as the
/// bars do (`bars/status.rs`).
#[derive(Component)]
pub struct OwnFacing;

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

    /// Whether the window stands upright (the board between the bars) or lies on its side.
    pub fn portrait(&self) -> bool {
        self.layout.portrait
    }

    /// Whether the window is a narrow phone's (320 points): a card's headline is smaller
    /// there.
    pub fn narrow(&self) -> bool {
        self.layout.window.x < 360.0
    }

    /// Spawns the card (see [`card`]); `body` and `footer` get the words and the colours.
    pub fn spawn(
        &mut self,
        until: impl Bundle,
        body: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
        footer: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
    ) {
        let side = None::<fn(&mut ChildSpawnerCommands, &Strings, &Theme)>;
        self.spawn_with(until, side, body, footer);
    }

    /// [`Cards::spawn`] with `side` in a column of its own beside the body and footer
    /// ([`card_beside`]).
    pub fn spawn_beside(
        &mut self,
        until: impl Bundle,
        side: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
        body: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
        footer: impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme),
    ) {
        self.spawn_with(until, Some(side), body, footer);
    }

    fn spawn_with(
        &mut self,
        until: impl Bundle,
        side: Option<impl FnOnce(&mut ChildSpawnerCommands, &Strings, &Theme)>,
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
        card_beside(
            commands,
            (theme, layout),
            until,
            side.map(|side| move |c: &mut ChildSpawnerCommands| side(c, strings, theme)),
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
    let side = None::<fn(&mut ChildSpawnerCommands)>;
    card_beside(commands, (theme, layout), until, side, body, footer);
}

/// [`card`] with `side` (if any) in a column of its own left of the body and the footer,
/// the card as wide as the window lets it be: beside the board, in landscape, the
/// analysis's graph stands beside the move list (above it, it had filled the card and the
/// list had to be scrolled to).
pub fn card_beside(
    commands: &mut Commands,
    (theme, layout): (&Theme, &BoardLayout),
    until: impl Bundle,
    side: Option<impl FnOnce(&mut ChildSpawnerCommands)>,
    body: impl FnOnce(&mut ChildSpawnerCommands),
    footer: impl FnOnce(&mut ChildSpawnerCommands),
) {
    // The card's tree is built by one function for every card, not one for each kind of
    // card: the web download is smaller by the copies.
    let beside = side.is_some();
    let (mut side, mut body, mut footer) = (side, Some(body), Some(footer));
    let mut side = |c: &mut ChildSpawnerCommands| side.take().into_iter().for_each(|s| s(c));
    let mut body = |c: &mut ChildSpawnerCommands| body.take().into_iter().for_each(|b| b(c));
    let mut footer = |c: &mut ChildSpawnerCommands| footer.take().into_iter().for_each(|f| f(c));
    let parts = Parts {
        side: beside.then_some(&mut side as Part),
        body: &mut body,
        footer: &mut footer,
    };
    let root = spawn_card(commands, (theme, layout), parts);
    commands.entity(root).insert(until);
}

/// A part of a card, spawned into it once.
type Part<'a> = &'a mut dyn FnMut(&mut ChildSpawnerCommands);

/// What a card holds: a column beside (if any), the body that scrolls, the footer.
struct Parts<'a> {
    side: Option<Part<'a>>,
    body: Part<'a>,
    footer: Part<'a>,
}

/// [`card_beside`]'s tree; its root.
fn spawn_card(
    commands: &mut Commands,
    (theme, layout): (&Theme, &BoardLayout),
    Parts { side, body, footer }: Parts<'_>,
) -> Entity {
    let beside = side.is_some();
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
            super::press::Shade,
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
            // Dark enough that the bars under it read as out of reach; a tap on it is Back
            // (`press.rs`).
            BackgroundColor(Color::srgba(0.08, 0.06, 0.04, 0.62)),
        ))
        .with_children(|shade| {
            shade
                .spawn((
                    Solid,
                    Node {
                        flex_direction: if beside {
                            FlexDirection::Row
                        } else {
                            FlexDirection::Column
                        },
                        align_items: AlignItems::Stretch,
                        padding: UiRect::all(px(16)),
                        column_gap: px(12),
                        width: percent(100),
                        max_width: px(if beside { 820.0 } else { 460.0 }),
                        max_height: percent(100),
                        border_radius: BorderRadius::all(px(18)),
                        ..default()
                    },
                    BackgroundColor(theme.panel),
                ))
                .with_children(|card| {
                    let Some(side) = side else {
                        return card_column(card, theme, body, footer);
                    };
                    card.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Stretch,
                        flex_grow: 1.0,
                        flex_basis: px(0),
                        row_gap: px(6),
                        ..default()
                    })
                    .with_children(|c| side(c));
                    card.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        flex_grow: 1.0,
                        flex_basis: px(0),
                        min_width: px(0),
                        ..default()
                    })
                    .with_children(|column| card_column(column, theme, body, footer));
                });
        })
        .id()
}

/// A card's body, which scrolls, and its footer at the foot.
fn card_column(card: &mut ChildSpawnerCommands, theme: &Theme, body: Part, footer: Part) {
    scroll_body(card, theme, body);
    card.spawn(Node {
        flex_direction: FlexDirection::Column,
        flex_shrink: 0.0,
        margin: UiRect::top(px(6)),
        padding: UiRect::horizontal(px(super::scroll::GUTTER)),
        ..default()
    })
    .with_children(|c| footer(c));
}

/// The words of a card's buttons, in points: one size for every button of a card, its
/// choices and its actions alike (the menu's entries are larger, all alike).
pub const BUTTON_FONT: f32 = 18.0;

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
    labelled(id, label, card_button(grow), background, text, font_size)
}

/// A card's button drawn as an outline in the ink on the card: an action that ends the
/// game (Resign), set apart from the card's main buttons ("Offer a draw" had looked the
/// same) and from its quiet way back.
pub fn outlined_button(id: impl Into<String>, label: String, theme: &Theme) -> impl Bundle {
    let node = Node {
        border: UiRect::all(px(2)),
        ..card_button(true)
    };
    (
        labelled(id, label, node, theme.panel, theme.ink, BUTTON_FONT),
        BorderColor::all(theme.ink),
    )
}

/// A card's button's node: 48 points tall for a finger.
fn card_button(grow: bool) -> Node {
    Node {
        padding: UiRect::axes(px(14), px(10)),
        margin: UiRect::all(px(4)),
        min_height: px(48),
        min_width: px(64),
        flex_grow: if grow { 1.0 } else { 0.0 },
        ..button_node()
    }
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
    let node = equal_share(3.0);
    labelled(id, label, node, theme.button, theme.button_text, font_size)
}

/// A button's node in a row of equals: each as wide as the others whatever its text,
/// narrow padding, 48 points tall for a finger.
fn equal_share(margin: f32) -> Node {
    Node {
        padding: UiRect::axes(px(6), px(10)),
        margin: UiRect::all(px(margin)),
        min_height: px(48),
        flex_grow: 1.0,
        flex_basis: px(0),
        ..button_node()
    }
}

/// The fill and ink of a choice, chosen or not.
fn choice_colours(selected: bool, theme: &Theme) -> (Color, Color) {
    if selected {
        (theme.button, theme.button_text)
    } else {
        (theme.bar, theme.bar_text)
    }
}

/// A button's node: its words centred, its corners round.
pub fn button_node() -> Node {
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
    labelled_as(id.into(), label, node, (background, text), font_size, true)
}

/// [`labelled`], pressable (`on`) or not.
fn labelled_as(
    id: String,
    label: String,
    node: Node,
    (background, text): (Color, Color),
    font_size: f32,
    on: bool,
) -> impl Bundle {
    // A button to a screen reader, named by its words; activating it presses it
    // (`accessibility.rs`).
    let mut spoken = accesskit::Node::new(accesskit::Role::Button);
    spoken.set_label(label.clone());
    if on {
        spoken.add_action(accesskit::Action::Click);
    } else {
        spoken.set_disabled();
    }
    (
        Button,
        ButtonId(id),
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
    let (bg, fg) = choice_colours(selected, theme);
    styled_button(id, text, bg, fg, BUTTON_FONT, true)
}

/// A [`choice`] in a column of equals (a move list's): its width is the column's, the same
/// whatever its text (a mark added after a move does not widen it).
pub fn column_choice(
    id: impl Into<String>,
    text: String,
    selected: bool,
    theme: &Theme,
) -> impl Bundle {
    let (bg, fg) = choice_colours(selected, theme);
    labelled(id, text, equal_share(4.0), bg, fg, BUTTON_FONT)
}

/// The buttons of a card at the top of a lesson or a puzzle. On a short phone (see
/// [`super::top_card::short_screen`]) they are one line of equals, their words a little
/// smaller and wrapping inside them ("Играть с / новичком"): three stacked buttons took
/// a third of a 568-point screen and shrank the board under them. Elsewhere they are a
/// card's usual buttons in a [`row`].
#[derive(Clone, Copy, Debug)]
pub struct CardButtons {
    compact: bool,
    /// Two lines of words' room in every button, whatever their words now.
    two_lines: bool,
}

impl CardButtons {
    /// One line of equals whatever the screen (a card whose buttons must keep their places
    /// as their words change: three that wrapped as two and one moved when one's words
    /// were shorter), each a third of the line and two lines of words high whatever its
    /// words ("Следующая задача" and "Ещё раз" in turn in one place moved its neighbours
    /// sideways and the row up and down).
    pub fn in_one_line() -> CardButtons {
        CardButtons {
            compact: true,
            two_lines: true,
        }
    }

    /// The buttons for this screen.
    pub fn new(layout: &BoardLayout) -> CardButtons {
        CardButtons {
            compact: super::top_card::short_screen(layout),
            two_lines: false,
        }
    }

    /// The row that holds them.
    pub fn row(self) -> impl Bundle {
        (
            Node {
                flex_shrink: 0.0,
                flex_direction: FlexDirection::Row,
                justify_content: JustifyContent::Center,
                flex_wrap: if self.compact {
                    FlexWrap::NoWrap
                } else {
                    FlexWrap::Wrap
                },
                ..default()
            },
            super::equal_rows::EqualRow,
        )
    }

    /// A button: the main one (`main`) in the theme's button colours, the others as
    /// unchosen choices.
    pub fn button(
        self,
        id: impl Into<String>,
        words: String,
        main: bool,
        theme: &Theme,
    ) -> impl Bundle {
        let (background, text) = if main {
            (theme.button, theme.button_text)
        } else {
            choice_colours(false, theme)
        };
        let (node, size) = self.shape();
        labelled(id, words, node, background, text, size)
    }

    /// A button that cannot be pressed now, faded in its place (a screen reader hears that
    /// it is unavailable), so that the buttons beside it do not move.
    pub fn faded(self, id: impl Into<String>, words: String, theme: &Theme) -> impl Bundle {
        let (background, text) = choice_colours(false, theme);
        let (node, size) = self.shape();
        let faded = |c: Color| c.with_alpha(0.45);
        labelled_as(
            id.into(),
            words,
            node,
            (faded(background), faded(text)),
            size,
            false,
        )
    }

    /// A button's node and its words' size.
    fn shape(self) -> (Node, f32) {
        if self.compact {
            let node = Node {
                padding: UiRect::axes(px(6), px(8)),
                // Equal whatever their words: a long word shrinks the row's words
                // (`equal_rows::FitWords`) rather than widening its button.
                min_width: px(0),
                min_height: px(if self.two_lines { 56 } else { 48 }),
                ..equal_share(3.0)
            };
            (node, 16.0)
        } else {
            (card_button(true), BUTTON_FONT)
        }
    }
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

/// A row of buttons that wraps when they do not fit; the growing buttons of a line are
/// equally wide (`equal_rows`).
pub fn row() -> impl Bundle {
    (
        Node {
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Row,
            justify_content: JustifyContent::Center,
            flex_wrap: FlexWrap::Wrap,
            ..default()
        },
        super::equal_rows::EqualRow,
    )
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
    // The colon is the language's own (Chinese writes a full-width one).
    strings.fill("on.pair", &[("name", strings.get(key)), ("state", state)])
}

/// The words or the safe area changed (a language chosen, a phone turned): what a card
/// is laid out from.
pub fn words_or_layout_changed(
    strings: Res<Strings>,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
) -> bool {
    strings.is_changed() || layout.is_changed() || theme.is_changed()
}

/// Registers a panel's card: `spawn` on entering `panel`, and again (in the same part of
/// itself, see [`clear_card`]) whenever the words or the safe area change while it is open.
pub fn panel_card<M>(
    app: &mut App,
    panel: Panel,
    spawn: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M> + Copy,
) {
    app.add_systems(OnEnter(panel), spawn).add_systems(
        Update,
        (clear_card, spawn)
            .chain()
            .run_if(in_state(panel).and_then(words_or_layout_changed))
            .in_set(GameSet::Present),
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
    kept.keep(areas.iter().next().map(|s| s.y));
    for e in &cards {
        commands.entity(e).despawn();
    }
}

/// The observer of a button that closes the panel: Back, Cancel, Stay, Close.
pub fn close_panel(_: On<super::press::Press>, mut nav: Navigator) {
    nav.close();
}

/// Back to the screen under the panel, at the foot of a card.
pub fn back_row(footer: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme) {
    back_row_in(footer, strings, (theme.button, theme.button_text));
}

/// [`back_row`] drawn quieter than the card's own choices (the menu's secondary style),
/// where those choices are the main buttons: "Offer a draw", "Resign" and "Back" had been
/// three alike.
pub fn quiet_back_row(footer: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme) {
    back_row_in(footer, strings, (theme.bar, theme.bar_text));
}

fn back_row_in(footer: &mut ChildSpawnerCommands, strings: &Strings, (bg, fg): (Color, Color)) {
    footer.spawn(row()).with_children(|r| {
        r.spawn(styled_button(
            "back",
            strings.get("button.back"),
            bg,
            fg,
            crate::ui::widgets::BUTTON_FONT,
            true,
        ))
        .observe(close_panel);
    });
}
