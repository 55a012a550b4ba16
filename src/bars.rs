//! The bars: whose turn it is, stone counts and the rule set's counters on one side of the
//! board; Menu, Undo and Hint (and Accept/Cancel for a move awaiting confirmation) on
//! the other. Above and below the board in portrait, left and right in landscape.

use crate::computer::Computer;
use crate::i18n::Strings;
use crate::layout::BoardLayout;
use crate::persist::Notice;
use crate::screens::review::{Review, ReviewStep, review_line};
use crate::selection::Selection;
use crate::session::{Command, Mode, OnBoard, Turn};
use crate::theme::Theme;
use crate::ui::press::Press;
use crate::ui::widgets::button;
use crate::{GameSet, Panel, Screen};
use bevy::prelude::*;
use surakarta_engine::Side;
use surakarta_engine::ai::HintReason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            build_bars.run_if(
                resource_changed::<BoardLayout>
                    .or_else(resource_changed::<Strings>)
                    .or_else(resource_changed::<Theme>)
                    .or_else(state_changed::<Screen>)
                    .or_else(not(any_with_component::<Bars>)),
            ),
            (
                show_turn,
                show_counts,
                show_counters,
                show_notice,
                paint_swatch,
                show_confirm_row,
            ),
        )
            .chain()
            .in_set(GameSet::Present),
    );
}

#[derive(Component)]
struct Bars;

/// "Red to move", "Your move", "Computer is thinking…".
#[derive(Component)]
pub struct TurnText;

#[derive(Component)]
struct TurnSwatch;

/// Stones left on each side.
#[derive(Component)]
pub struct CountText;

/// The no-capture counter and the ply cap.
#[derive(Component)]
pub struct CounterText;

/// The hint's reason, or nothing.
#[derive(Component)]
pub struct HintText;

#[derive(Component)]
struct ConfirmRow;

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

fn build_bars(
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
    let big = if layout.portrait { 26.0 } else { 20.0 };
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
                    ..UiRect::all(px(8))
                },
                ..bar_node(FlexDirection::Column)
            },
            Node {
                width: px(layout.bars[1]),
                padding: UiRect {
                    right: px(safe.right + 8.0),
                    ..UiRect::all(px(8))
                },
                ..bar_node(FlexDirection::Column)
            },
        )
    };
    commands
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
            root.spawn((first, BackgroundColor(theme.bar)))
                .with_children(|bar| {
                    bar.spawn(Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        column_gap: px(10),
                        ..default()
                    })
                    .with_children(|r| {
                        r.spawn((
                            TurnSwatch,
                            Node {
                                width: px(22),
                                height: px(22),
                                border_radius: BorderRadius::MAX,
                                ..default()
                            },
                            BackgroundColor(theme.red),
                        ));
                        r.spawn((TurnText, text(big, &theme)));
                    });
                    bar.spawn((CountText, text(19.0, &theme)));
                    bar.spawn((CounterText, text(15.0, &theme)));
                    bar.spawn((HintText, text(15.0, &theme)));
                });
            root.spawn(Node {
                flex_grow: 1.0,
                ..default()
            });
            root.spawn((second, BackgroundColor(theme.bar)))
                .with_children(|bar| {
                    let grow = layout.portrait;
                    if reviewing {
                        // A record under review: first, back, forward, last.
                        for (step, key) in [
                            (ReviewStep::First, "review.first"),
                            (ReviewStep::Back, "review.prev"),
                            (ReviewStep::Forward, "review.next"),
                            (ReviewStep::Last, "review.last"),
                        ] {
                            bar.spawn(button(key, strings.get(key), &theme, 24.0, grow))
                                .observe(review(step));
                        }
                        return;
                    }
                    bar.spawn(button(
                        "bar.menu",
                        strings.get("button.menu"),
                        &theme,
                        18.0,
                        grow,
                    ))
                    .observe(open_menu);
                    for (command, id, key) in [
                        (Command::Undo, "bar.undo", "button.undo"),
                        (Command::Hint, "bar.hint", "button.hint"),
                    ] {
                        bar.spawn(button(id, strings.get(key), &theme, 18.0, grow))
                            .observe(ask(command));
                    }
                });
        });
    // Accept far from Cancel, both large, just above the lower bar (or at the right).
    // The review's Close and Play from here sit in the same place.
    commands
        .spawn((
            Bars,
            ConfirmRow,
            GlobalZIndex(5),
            if reviewing {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            },
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
            },
        ))
        .with_children(|r| {
            if reviewing {
                for (step, key) in [
                    (ReviewStep::Close, "review.close"),
                    (ReviewStep::PlayHere, "review.play_here"),
                ] {
                    r.spawn(button(key, strings.get(key), &theme, 22.0, false))
                        .observe(review(step));
                }
            } else {
                for (command, id, key) in [
                    (Command::Cancel, "bar.cancel", "button.cancel"),
                    (Command::Accept, "bar.accept", "button.accept"),
                ] {
                    r.spawn(button(id, strings.get(key), &theme, 22.0, false))
                        .observe(ask(command));
                }
            }
        });
}

/// A button's observer that asks the game for `command`.
fn ask(command: Command) -> impl Fn(On<Press>, MessageWriter<Command>) + Send + Sync + 'static {
    move |_: On<Press>, mut commands: MessageWriter<Command>| {
        commands.write(command);
    }
}

/// A button's observer that steps through the review.
fn review(
    step: ReviewStep,
) -> impl Fn(On<Press>, MessageWriter<ReviewStep>) + Send + Sync + 'static {
    move |_: On<Press>, mut steps: MessageWriter<ReviewStep>| {
        steps.write(step);
    }
}

fn open_menu(
    _: On<Press>,
    mut screen: ResMut<NextState<Screen>>,
    mut panel: ResMut<NextState<Panel>>,
) {
    (*screen).set_if_neq(Screen::Menu);
    (*panel).set_if_neq(Panel::None);
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

/// Puts `value` in the texts with marker `M`, touching only those that differ.
fn set_text<M: Component>(texts: &mut Query<&mut Text, With<M>>, value: &str) {
    for mut t in texts.iter_mut() {
        if t.0 != value {
            t.0 = value.to_owned();
        }
    }
}

fn side_name(strings: &Strings, side: Side) -> String {
    strings.get(if side == Side::Red {
        "side.red"
    } else {
        "side.black"
    })
}

/// "Red to move", "Your move", "Computer is thinking…", or the result.
fn show_turn(
    board: OnBoard,
    computer: Res<Computer>,
    strings: Res<Strings>,
    turn: Option<Res<State<Turn>>>,
    time: Res<Time>,
    mut texts: Query<&mut Text, With<TurnText>>,
) {
    let session = board.session();
    let game = &session.game;
    let side = game.side_to_move();
    let line = if let Some(o) = game.outcome() {
        match o.winner {
            Some(Side::Red) => strings.get("over.red_wins"),
            Some(Side::Black) => strings.get("over.black_wins"),
            None => strings.get("over.draw"),
        }
    } else if computer.thinking() || turn.is_some_and(|t| *t.get() == Turn::Thinking) {
        let dots = (time.elapsed_secs() * 2.5) as usize % 4;
        format!("{}{}", strings.get("turn.thinking"), ".".repeat(dots))
    } else if matches!(session.mode, Mode::VsComputer { human, .. } if human == side) {
        strings.get("turn.your_move")
    } else {
        strings.fill("turn.to_move", &[("side", side_name(&strings, side))])
    };
    set_text(&mut texts, &line);
}

/// Stones left on each side.
fn show_counts(
    board: OnBoard,
    strings: Res<Strings>,
    mut texts: Query<&mut Text, With<CountText>>,
) {
    let pos = board.session().game.position();
    let count = |side| format!("{} {}", side_name(&strings, side), pos.stones(side).count());
    let line = strings.fill(
        "count.stones",
        &[("red", count(Side::Red)), ("black", count(Side::Black))],
    );
    set_text(&mut texts, &line);
}

/// The rule set's counters: plies since a capture, plies played.
fn show_counters(
    board: OnBoard,
    strings: Res<Strings>,
    mut texts: Query<&mut Text, With<CounterText>>,
) {
    let game = &board.session().game;
    let (pos, rules) = (game.position(), game.rules());
    let mut counters = Vec::new();
    if let Some(limit) = rules.no_capture_limit {
        counters.push(strings.fill(
            "count.no_capture",
            &[
                ("n", pos.since_capture().to_string()),
                ("limit", limit.to_string()),
            ],
        ));
    }
    if let Some(limit) = rules.ply_limit {
        counters.push(strings.fill(
            "count.ply",
            &[("n", pos.plies().to_string()), ("limit", limit.to_string())],
        ));
    }
    set_text(&mut texts, &counters.join("     "));
}

/// The line under the counts: the review's place, a notice, or the hint's reason.
fn show_notice(
    board: OnBoard,
    review: Res<Review>,
    notice: Res<Notice>,
    selection: Res<Selection>,
    strings: Res<Strings>,
    mut texts: Query<&mut Text, With<HintText>>,
) {
    let line = if let Some(line) = review_line(&review, &board.session().game, &strings) {
        line
    } else if let Some(n) = &notice.0 {
        n.clone()
    } else {
        selection.hint.as_ref().map_or(String::new(), |h| {
            strings.get(match h.reason {
                HintReason::Captures => "hint.captures",
                HintReason::Escapes => "hint.escapes",
                HintReason::Threatens => "hint.threatens",
                HintReason::Improves => "hint.improves",
            })
        })
    };
    set_text(&mut texts, &line);
}

/// The swatch beside the turn: the colour to move, or the winner's.
fn paint_swatch(
    board: OnBoard,
    theme: Res<Theme>,
    mut swatch: Query<&mut BackgroundColor, With<TurnSwatch>>,
) {
    let game = &board.session().game;
    let side = game
        .outcome()
        .and_then(|o| o.winner)
        .unwrap_or(game.side_to_move());
    let colour = theme.stone(side).0;
    for mut bg in &mut swatch {
        if bg.0 != colour {
            bg.0 = colour;
        }
    }
}

fn show_confirm_row(
    selection: Res<Selection>,
    screen: Res<State<Screen>>,
    mut row: Query<&mut Visibility, With<ConfirmRow>>,
) {
    let reviewing = *screen.get() == Screen::Review;
    let want = if reviewing || selection.pending.is_some() || selection.hint.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut row {
        if *v != want {
            *v = want;
        }
    }
}
