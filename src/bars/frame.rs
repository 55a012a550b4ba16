//! The bars themselves: the status bar on one side of the board (its texts are
//! `status.rs`); Menu, Undo and Hint (and Accept/Cancel for a move awaiting confirmation
//! or a hint, Cancel while a hint is looked for) on the other; the review's steps instead
//! on the review screen. Above and below the board in portrait, left and right in
//! landscape. A button that can do nothing now is drawn faded.

use super::clock::{ClockRow, ClockText};
use super::status::{Bars, CountText, CounterText, HintText, StatusLine, TurnSwatch, TurnText};
use crate::game::session::Command;
use crate::screens::review::ReviewStep;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::i18n::Strings;
use crate::ui::layout::{BarReach, BoardLayout};
use crate::ui::theme::Theme;
use crate::ui::widgets::{bar_button, button};
use bevy::prelude::*;
use surakarta_engine::Side;

pub(super) fn plugin(app: &mut App) {
    app.wake_on_change::<BarReach>().add_systems(
        PostUpdate,
        keep_board_clear_of_the_bar.after(bevy::ui::UiSystems::Layout),
    );
    app.add_systems(
        Update,
        (build_bars.run_if(
            resource_changed::<BoardLayout>
                .or_else(resource_changed::<Strings>)
                .or_else(resource_changed::<Theme>)
                .or_else(state_changed::<Screen>)
                .or_else(not(any_with_component::<Bars>)),
        ),)
            .in_set(BarSystems)
            .in_set(GameSet::Present),
    );
}

/// The status bar (above the board in portrait, beside it in landscape).
#[derive(Component)]
pub struct StatusBar;

/// The least gap between the status bar and the board's outer loops, in points.
const CLEARANCE: f32 = 6.0;

/// Room to spare once the board has moved: a line more does not move it again.
const SPARE: f32 = 20.0;

/// The status bar grows with what it says (the clocks, a notice, the claim button, the
/// connection's line): where it would reach the board's loops, the board moves away from
/// it and shrinks, so no stone is ever under the bar (on a 320x568 phone the far rank had
/// been covered while the player's clock ran). The room kept only grows while the screen
/// stays, so the board does not jump with every notice; it is given back with the screen
/// or the window's size.
fn keep_board_clear_of_the_bar(
    bars: Query<(&ComputedNode, &UiGlobalTransform), With<StatusBar>>,
    layout: Res<BoardLayout>,
    screen: Res<State<Screen>>,
    table: Res<crate::board::view::TableTurn>,
    mut reach: ResMut<BarReach>,
    mut seen: Local<Option<(Screen, Vec2)>>,
) {
    let now = (*screen.get(), layout.window);
    if *seen != Some(now) {
        *seen = Some(now);
        reach.set_if_neq(BarReach::default());
        return;
    }
    // A lesson's or a puzzle's card stands over the bar, and the board keeps below it
    // (`ui/top_card.rs`); in landscape the bars are beside the board.
    if !layout.portrait || matches!(now.0, Screen::Lesson | Screen::Puzzle) {
        return;
    }
    // Mid-turn, across the table, the bar stands sideways over the board: measured once it
    // has come round.
    let settled = [0.0, std::f32::consts::PI]
        .iter()
        .any(|a| (table.0 - a).abs() < 1e-3);
    if !settled {
        return;
    }
    let mut next = *reach;
    for (node, at) in &bars {
        let scale = node.inverse_scale_factor();
        let (centre, height) = (at.translation.y * scale, node.size().y * scale);
        if !centre.is_finite() || !height.is_finite() || height <= 0.0 {
            continue;
        }
        if centre < layout.window.y / 2.0 {
            let reaches = centre + height / 2.0;
            if reaches + CLEARANCE > layout.board_top() {
                next.top = next.top.max(reaches + SPARE);
            }
        } else {
            // Turned to face Black across the table: at the window's foot.
            let reaches = layout.window.y - (centre - height / 2.0);
            if reaches + CLEARANCE > layout.board_bottom() {
                next.bottom = next.bottom.max(reaches + SPARE);
            }
        }
    }
    reach.set_if_neq(next);
}

/// Where the bars are built.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BarSystems;

/// The row of Accept and Cancel.
#[derive(Component)]
pub(super) struct ConfirmRow;

fn text(size: f32, theme: &Theme) -> impl Bundle {
    (
        Text::new(""),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(theme.bar_text),
        TextLayout::justify(Justify::Center),
    )
}

use super::actions::{ask, open_end, open_menu, review};

pub(super) fn build_bars(
    mut commands: Commands,
    old: Query<Entity, With<Bars>>,
    layout: Res<BoardLayout>,
    strings: Res<Strings>,
    theme: Res<Theme>,
    screen: Res<State<Screen>>,
) {
    let reviewing = *screen.get() == Screen::Review;
    for e in &old {
        commands.entity(e).despawn();
    }
    let safe = layout.safe;
    // Read at arm's length from a phone lying on the table; on the narrowest phones a
    // little smaller, so that the longest turn ("Computer is thinking...") keeps to one
    // line and the bar does not grow while the computer thinks.
    let inner = layout.window.x - safe.left - safe.right;
    let big = match (layout.portrait, inner < 360.0) {
        (true, false) => 28.0,
        (true, true) => 24.0,
        (false, _) => 20.0,
    };
    let (direction, first, second) = if layout.portrait {
        (
            FlexDirection::Column,
            // At least the layout's height; a notice or a hint of two lines makes it
            // taller, into the space above the board, instead of running off the top.
            Node {
                min_height: px(layout.bars[0]),
                padding: UiRect {
                    top: px(safe.top + 6.0),
                    left: px(safe.left + 8.0),
                    right: px(safe.right + 8.0),
                    ..default()
                },
                ..bar_node(FlexDirection::Column)
            },
            Node {
                height: px(layout.bars[1]),
                padding: UiRect {
                    bottom: px(safe.bottom + 6.0),
                    left: px(safe.left + 8.0),
                    right: px(safe.right + 8.0),
                    ..default()
                },
                ..bar_node(FlexDirection::Row)
            },
        )
    } else {
        (
            FlexDirection::Row,
            Node {
                width: px(layout.bars[0]),
                padding: UiRect {
                    left: px(safe.left + 8.0),
                    // Under review, the Moves button and Close stand at the column's foot
                    // (placed, not in its flow): its words keep above them (the Russian
                    // "Ход 23 из 23: / 23... d5xa2 · 0-1" ran under Moves).
                    bottom: px(if reviewing {
                        safe.bottom + 8.0 + 60.0 + 48.0 + 8.0
                    } else {
                        8.0
                    }),
                    ..UiRect::all(px(8))
                },
                ..bar_node(FlexDirection::Column)
            },
            Node {
                width: px(layout.bars[1]),
                padding: UiRect {
                    right: px(safe.right + 8.0),
                    // The row at the bottom of the screen (the review's Close, Moves and
                    // Play from here; Cancel and Accept of a hint or a move waiting): the
                    // side's buttons stay above it.
                    bottom: px(72.0 + safe.bottom),
                    ..UiRect::all(px(8))
                },
                ..bar_node(FlexDirection::Column)
            },
        )
    };
    let root = commands
        .spawn((
            Bars,
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: direction,
                ..default()
            },
        ))
        .with_children(|root| {
            root.spawn((StatusBar, first, BackgroundColor(theme.bar)))
                .with_children(|bar| {
                    bar.spawn((
                        StatusLine,
                        Node {
                            // Beside the board, the disc above the words: the column's
                            // width is the words' ("Computer is thinking..." had wrapped,
                            // the column growing a line each time the computer thought).
                            flex_direction: if layout.portrait {
                                FlexDirection::Row
                            } else {
                                FlexDirection::Column
                            },
                            align_items: AlignItems::Center,
                            column_gap: px(10),
                            row_gap: px(4),
                            // No wider than the bar: a long line ("Победили красные" beside
                            // the board) wraps between its words instead of running out.
                            max_width: percent(100),
                            ..default()
                        },
                    ))
                    .with_children(|r| {
                        r.spawn((
                            TurnSwatch,
                            Node {
                                width: px(22),
                                height: px(22),
                                // A round swatch, whatever the words beside it need.
                                flex_shrink: 0.0,
                                border_radius: BorderRadius::MAX,
                                ..default()
                            },
                            BackgroundColor(theme.red),
                        ));
                        r.spawn((TurnText, text(big, &theme)));
                    });
                    bar.spawn((
                        StatusLine,
                        ClockRow,
                        Node {
                            display: Display::None,
                            flex_direction: FlexDirection::Row,
                            // A long language's words go on two lines, not off the bar.
                            flex_wrap: FlexWrap::Wrap,
                            justify_content: JustifyContent::Center,
                            column_gap: px(24),
                            ..default()
                        },
                    ))
                    .with_children(|r| {
                        for side in [Side::Red, Side::Black] {
                            r.spawn((ClockText(side), text(20.0, &theme)));
                        }
                    });
                    bar.spawn((StatusLine, CountText, text(21.0, &theme)));
                    bar.spawn((StatusLine, CounterText, text(17.0, &theme)));
                    if layout.portrait {
                        bar.spawn((StatusLine, HintText, text(16.0, &theme)));
                    } else {
                        // Beside the board, three lines kept for a hint or a notice from
                        // the start: the words above them, centred in the column, had
                        // jumped up when one came. (Kept by a node around the words: on
                        // the words' own node the kept height held a fourth line in.)
                        bar.spawn((
                            StatusLine,
                            Node {
                                min_height: px(3.0 * 16.0 * 1.2),
                                width: percent(100),
                                flex_direction: FlexDirection::Column,
                                align_items: AlignItems::Center,
                                ..default()
                            },
                        ))
                        .with_children(|kept| {
                            kept.spawn((HintText, text(16.0, &theme)));
                        });
                    }
                    // Online, the claim when the friend has gone away (`claim.rs`).
                    if !reviewing {
                        let mut claim = bar.spawn(super::claim::claim_button(&strings, &theme));
                        claim.observe(super::claim::press_claim);
                        // Never wider than the bar: its words wrap inside it (in Russian at
                        // 320 points it ran to the screen's edges).
                        claim.entry::<Node>().and_modify(|mut node| {
                            node.max_width = percent(100);
                        });
                    } else if !layout.portrait {
                        // Beside the board, the review's move list in the side bar: in the
                        // row along the bottom it would stand on the board's loops.
                        let moves = strings.get("review.moves");
                        let mut entry =
                            bar.spawn(button("review.moves", moves, &theme, 18.0, false));
                        entry.observe(review(ReviewStep::Moves));
                        // At a fixed place above Close: in the bar's flow it moved as the
                        // status above it took more or fewer lines.
                        let (left, bottom) = (safe.left + 8.0, safe.bottom + 8.0 + 60.0);
                        entry.entry::<Node>().and_modify(move |mut node| {
                            node.position_type = PositionType::Absolute;
                            node.left = px(left);
                            node.bottom = px(bottom);
                        });
                    }
                });
            root.spawn(Node {
                flex_grow: 1.0,
                ..default()
            });
            let mut lower = root.spawn((second, BackgroundColor(theme.bar)));
            if layout.portrait {
                // Five in a row: the longest words shrink, all alike, to keep a margin.
                lower.insert(crate::ui::equal_rows::FitWords);
            }
            lower.with_children(|bar| {
                let grow = layout.portrait;
                if reviewing {
                    // A record under review: first, back, forward, last, and the board
                    // turned.
                    for (step, key) in [
                        (ReviewStep::First, "review.first"),
                        (ReviewStep::Back, "review.prev"),
                        (ReviewStep::Forward, "review.next"),
                        (ReviewStep::Last, "review.last"),
                        (ReviewStep::Turn, "review.turn"),
                    ] {
                        // The sign over its word, so five fit a narrow phone; beside it in
                        // landscape, so five fit the side above the review's own row.
                        let words = strings.get(key);
                        let words = if grow {
                            words
                        } else {
                            words.replace('\n', " ")
                        };
                        let narrow = grow && layout.window.x < 400.0;
                        let size = if narrow { 14.0 } else { 16.0 };
                        let mut entry = bar_entry(bar, key, words, &theme, size, grow);
                        if narrow {
                            // Five share a small phone's width: the words get the
                            // room of the padding.
                            entry.entry::<Node>().and_modify(|mut node| {
                                node.padding = UiRect::axes(px(1), px(8));
                                node.margin = UiRect::all(px(2));
                            });
                        }
                        entry.observe(review(step));
                    }
                    return;
                }
                // Five in a row under the board: they share its width (smaller words,
                // with the padding's room, on a narrow phone); a column at the side in
                // landscape. End (draw, stop, resign) is the game's own: one tap away.
                let (narrow, smallest, size) = game_words(&layout);
                let tight = |mut entry: EntityCommands| {
                    if narrow {
                        let (side, margin) = if smallest { (3.0, 1.5) } else { (1.0, 2.0) };
                        entry.entry::<Node>().and_modify(move |mut node| {
                            node.padding = UiRect::axes(px(side), px(8));
                            node.margin = UiRect::all(px(margin));
                        });
                    }
                };
                let mut menu = bar_entry(
                    bar,
                    "bar.menu",
                    strings.get("button.menu"),
                    &theme,
                    size,
                    grow,
                );
                menu.observe(open_menu);
                tight(menu);
                for (command, id, key) in [
                    (Command::Undo, "bar.undo", "button.undo"),
                    (Command::Redo, "bar.redo", "button.redo"),
                    (Command::Hint, "bar.hint", "button.hint"),
                ] {
                    let mut entry = bar_entry(bar, id, strings.get(key), &theme, size, grow);
                    entry.observe(ask(command));
                    tight(entry);
                }
                let mut end = bar_entry(
                    bar,
                    "bar.end",
                    strings.get("button.end"),
                    &theme,
                    size,
                    grow,
                );
                end.observe(open_end);
                tight(end);
            });
        })
        .id();
    // Accept far from Cancel, both large. In portrait they take the lower bar's place
    // while a move waits (above it they stood on the board's bottom loops on a small
    // phone), the bar's own buttons covered and out of reach until it is answered; in
    // landscape at the bottom corners. The review's Close, Moves and Play from here stand
    // just above the lower bar, whose buttons step through the record. Inside the bars'
    // root, so that it turns with them.
    let over_the_bar = layout.portrait && !reviewing;
    let mut row = commands.spawn((
        ChildOf(root),
        ConfirmRow,
        GlobalZIndex(5),
        if reviewing {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        },
        if over_the_bar {
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                right: px(0),
                bottom: px(0),
                height: px(layout.bars[1]),
                padding: UiRect {
                    left: px(safe.left + 8.0),
                    right: px(safe.right + 8.0),
                    bottom: px(safe.bottom),
                    ..default()
                },
                flex_direction: FlexDirection::Row,
                justify_content: JustifyContent::SpaceBetween,
                align_items: AlignItems::Center,
                ..default()
            }
        } else {
            Node {
                position_type: PositionType::Absolute,
                left: px(safe.left + 8.0),
                right: px(safe.right + 8.0),
                bottom: px(if layout.portrait {
                    layout.bars[1] + 8.0
                } else {
                    safe.bottom + 8.0
                }),
                flex_direction: FlexDirection::Row,
                justify_content: JustifyContent::SpaceBetween,
                ..default()
            }
        },
    ));
    if over_the_bar {
        // The bar under it hidden and not pressed through.
        row.insert((BackgroundColor(theme.bar), crate::ui::press::Solid));
    }
    row.with_children(|r| {
        if reviewing {
            // Three in a row: smaller words on a narrow phone.
            let size = if layout.window.x < 400.0 { 17.0 } else { 18.0 };
            for (step, key) in [
                (ReviewStep::Close, "review.close"),
                (ReviewStep::Moves, "review.moves"),
                (ReviewStep::PlayHere, "review.play_here"),
            ] {
                if step == ReviewStep::Moves && !layout.portrait {
                    continue;
                }
                r.spawn(button(key, strings.get(key), &theme, size, false))
                    .observe(review(step));
            }
        } else {
            for (command, id, key) in [
                (Command::Cancel, "bar.cancel", "button.cancel"),
                (Command::Accept, "bar.accept", "button.accept"),
            ] {
                // The words the size of the five's under them (a tester saw Cancel and
                // Accept larger); the button itself large (its padding), far from the
                // other.
                r.spawn(button(
                    id,
                    strings.get(key),
                    &theme,
                    game_words(&layout).2,
                    false,
                ))
                .insert(Node {
                    padding: UiRect::axes(px(26), px(14)),
                    margin: UiRect::all(px(4)),
                    min_height: px(52),
                    min_width: px(96),
                    ..crate::ui::widgets::button_node()
                })
                .observe(ask(command));
            }
        }
    });
}

/// The size of the game's buttons' words, and whether they are five in the row of a
/// narrow phone (smaller words, with the padding's room), or of the smallest phones (320
/// points: smaller still, so that the longest words, "Fortryd", "Вернуть", keep a margin
/// inside their buttons). Beside the board, in landscape, they have room.
fn game_words(layout: &BoardLayout) -> (bool, bool, f32) {
    let in_row = layout.portrait;
    let narrow = in_row && layout.window.x < 400.0;
    let smallest = in_row && layout.window.x < 360.0;
    let size = match (smallest, narrow) {
        (true, _) => 13.0,
        (false, true) => 15.0,
        _ => 18.0,
    };
    (narrow, smallest, size)
}

/// One of the game's buttons: in a row sharing the bar's width (portrait), or in the side
/// column (landscape).
fn bar_entry<'a>(
    bar: &'a mut ChildSpawnerCommands,
    id: &str,
    label: String,
    theme: &Theme,
    size: f32,
    in_row: bool,
) -> EntityCommands<'a> {
    if in_row {
        bar.spawn(bar_button(id, label, theme, size))
    } else {
        // The column's buttons all as wide as the column, not each as its words.
        let mut entry = bar.spawn(button(id, label, theme, size, false));
        entry.entry::<Node>().and_modify(|mut node| {
            node.align_self = AlignSelf::Stretch;
            node.margin = UiRect::axes(px(14), px(4));
        });
        entry
    }
}

fn bar_node(direction: FlexDirection) -> Node {
    Node {
        flex_direction: direction,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        row_gap: px(2),
        ..default()
    }
}
