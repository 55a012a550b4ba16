//! The bars: whose turn it is, stone counts and the rule set's counters on one side of the
//! board; Menu, Undo and Hint (and Accept/Cancel for a move awaiting confirmation) on
//! the other. Above and below the board in portrait, left and right in landscape.

use crate::computer::Computer;
use crate::hud::widgets::{UiAction, button};
use crate::i18n::Strings;
use crate::layout::BoardLayout;
use crate::review::Review;
use crate::selection::Selection;
use crate::session::{Mode, Session, Turn};
use crate::theme::Theme;
use crate::{GameSet, Screen};
use bevy::prelude::*;
use surakarta_engine::Side;
use surakarta_engine::ai::HintReason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            build_bars.run_if(
                in_state(Screen::Game).and_then(
                    resource_changed::<BoardLayout>
                        .or_else(resource_changed::<Strings>)
                        .or_else(resource_changed::<Theme>)
                        .or_else(resource_changed::<Review>)
                        .or_else(not(any_with_component::<Bars>)),
                ),
            ),
            refresh_texts,
            show_confirm_row,
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
    review: Res<Review>,
) {
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
            DespawnOnExit(Screen::Game),
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
                    if review.active() {
                        // A record under review: first, back, forward, last.
                        for (action, key) in [
                            (UiAction::ReviewFirst, "review.first"),
                            (UiAction::ReviewPrev, "review.prev"),
                            (UiAction::ReviewNext, "review.next"),
                            (UiAction::ReviewLast, "review.last"),
                        ] {
                            bar.spawn(button(action, strings.get(key), &theme, 24.0, grow));
                        }
                        return;
                    }
                    bar.spawn(button(
                        UiAction::OpenMenu,
                        strings.get("button.menu"),
                        &theme,
                        18.0,
                        grow,
                    ));
                    bar.spawn(button(
                        UiAction::Undo,
                        strings.get("button.undo"),
                        &theme,
                        18.0,
                        grow,
                    ));
                    bar.spawn(button(
                        UiAction::Hint,
                        strings.get("button.hint"),
                        &theme,
                        18.0,
                        grow,
                    ));
                });
        });
    // Accept far from Cancel, both large, just above the lower bar (or at the right).
    // The review's Close and Play from here sit in the same place.
    let (left, right) = if review.active() {
        (
            (UiAction::ReviewClose, "review.close"),
            (UiAction::ReviewPlayHere, "review.play_here"),
        )
    } else {
        (
            (UiAction::Cancel, "button.cancel"),
            (UiAction::Accept, "button.accept"),
        )
    };
    commands
        .spawn((
            Bars,
            ConfirmRow,
            DespawnOnExit(Screen::Game),
            GlobalZIndex(5),
            if review.active() {
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
            for (action, key) in [left, right] {
                r.spawn(button(action, strings.get(key), &theme, 22.0, false));
            }
        });
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

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn refresh_texts(
    session: Res<Session>,
    computer: Res<Computer>,
    selection: Res<Selection>,
    notice: Res<crate::persist::Notice>,
    strings: Res<Strings>,
    theme: Res<Theme>,
    turn: Option<Res<State<Turn>>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<CountText>>,
        Query<&mut Text, With<CounterText>>,
        Query<&mut Text, With<HintText>>,
    )>,
    mut swatch: Query<&mut BackgroundColor, With<TurnSwatch>>,
    time: Res<Time>,
    review: Res<Review>,
) {
    let game = &session.game;
    let pos = game.position();
    let side = game.side_to_move();
    let side_name = |s: Side| {
        strings.get(if s == Side::Red {
            "side.red"
        } else {
            "side.black"
        })
    };
    let turn_line = if let Some(o) = game.outcome() {
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
        strings.fill("turn.to_move", &[("side", side_name(side))])
    };
    let counts = strings.fill(
        "count.stones",
        &[
            (
                "red",
                format!("{} {}", side_name(Side::Red), pos.stones(Side::Red).count()),
            ),
            (
                "black",
                format!(
                    "{} {}",
                    side_name(Side::Black),
                    pos.stones(Side::Black).count()
                ),
            ),
        ],
    );
    let rules = game.rules();
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
    let hint = if let Some(line) = crate::review::review_line(&review, &session, &strings) {
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
    for (value, set) in [
        (turn_line, 0),
        (counts, 1),
        (counters.join("     "), 2),
        (hint, 3),
    ] {
        let mut apply = |mut t: Mut<Text>| {
            if t.0 != value {
                t.0 = value.clone();
            }
        };
        match set {
            0 => texts.p0().iter_mut().for_each(&mut apply),
            1 => texts.p1().iter_mut().for_each(&mut apply),
            2 => texts.p2().iter_mut().for_each(&mut apply),
            _ => texts.p3().iter_mut().for_each(&mut apply),
        }
    }
    let colour = theme
        .stone(game.outcome().and_then(|o| o.winner).unwrap_or(side))
        .0;
    for mut bg in &mut swatch {
        if bg.0 != colour {
            bg.0 = colour;
        }
    }
}

fn show_confirm_row(
    selection: Res<Selection>,
    review: Res<Review>,
    mut row: Query<&mut Visibility, With<ConfirmRow>>,
) {
    let want = if review.active() || selection.pending.is_some() || selection.hint.is_some() {
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
