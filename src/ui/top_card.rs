//! The card at the top of a lesson or a puzzle: what to do, or how it went, and its
//! buttons. In portrait the board goes below it ([`TopCard`]), so the card never hides a
//! point or a loop; in landscape it stands in the side panel, beside the board.

use crate::shell::awake::KeepAwake;
use crate::ui::layout::{BoardLayout, TopCard};
use crate::ui::theme::Theme;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.wake_on_change::<TopCard>();
    app.add_systems(
        PostUpdate,
        keep_board_below_card.after(bevy::ui::UiSystems::Layout),
    );
}

/// A window shorter than this (in points, portrait) is a short screen: there a top card
/// keeps to fewer lines (its buttons on one line, a refusal in place of a lesson's words).
const SHORT_SCREEN: f32 = 700.0;

/// A phone too short for a tall card above its board (320x568).
pub fn short_screen(layout: &BoardLayout) -> bool {
    layout.portrait && layout.window.y < SHORT_SCREEN
}

/// Marks a top card (with its `marker`) that stands over the board rather than push it
/// down: the last lesson's closing words, read when the board has nothing more to play
/// (the board had dropped 74 points under them at 390x844).
#[derive(Component)]
pub struct OverTheBoard;

/// The card's panel itself (inside the node that spans the width).
#[derive(Component)]
pub struct TopCardBody;

/// The most a top card reaches down over its board, in points.
fn room(layout: &BoardLayout) -> f32 {
    if short_screen(layout) {
        // Its buttons on one line, a longer card scrolls rather than halve the board.
        layout.window.y * 0.45
    } else if layout.portrait {
        layout.window.y * 0.6
    } else {
        layout.window.y - layout.safe.top - layout.safe.bottom - 12.0
    }
}

/// Spawns a top card: `until` despawns it (with the screen), `marker` names it, `body`
/// fills its panel and `footer` (its buttons) goes under it. The card never reaches past
/// its room (the window's height in landscape, three fifths of it in portrait, under half
/// on a short phone): a body
/// taller than that scrolls, with a thumb showing it does, and the buttons stay in reach.
/// Returns the card's root.
pub fn spawn_top_card(
    commands: &mut Commands,
    layout: &BoardLayout,
    theme: &Theme,
    (until, marker): (impl Bundle, impl Bundle),
    body: impl FnOnce(&mut ChildSpawnerCommands),
    footer: impl FnOnce(&mut ChildSpawnerCommands),
) -> Entity {
    // One tree for every top card, its parts passed in (`widgets::card_beside` says why).
    let (mut body, mut footer) = (Some(body), Some(footer));
    let mut body = |c: &mut ChildSpawnerCommands| body.take().into_iter().for_each(|b| b(c));
    let mut footer = |c: &mut ChildSpawnerCommands| footer.take().into_iter().for_each(|f| f(c));
    let root = top_card_tree(commands, (layout, theme), &mut body, &mut footer);
    commands.entity(root).insert((marker, until));
    root
}

/// [`spawn_top_card`]'s tree; its root.
fn top_card_tree(
    commands: &mut Commands,
    (layout, theme): (&BoardLayout, &Theme),
    body: &mut dyn FnMut(&mut ChildSpawnerCommands),
    footer: &mut dyn FnMut(&mut ChildSpawnerCommands),
) -> Entity {
    let room = room(layout);
    commands
        .spawn((
            GlobalZIndex(8),
            // At the top in portrait (the board goes below it); in landscape in the side
            // panel, beside the board.
            if layout.portrait {
                Node {
                    position_type: PositionType::Absolute,
                    top: px(6.0 + layout.safe.top),
                    left: px(6.0 + layout.safe.left),
                    right: px(6.0 + layout.safe.right),
                    justify_content: JustifyContent::Center,
                    ..default()
                }
            } else {
                Node {
                    position_type: PositionType::Absolute,
                    top: px(6.0 + layout.safe.top),
                    left: px(6.0 + layout.safe.left),
                    width: px((layout.bars[0] - layout.safe.left - 12.0).max(120.0)),
                    justify_content: JustifyContent::Center,
                    ..default()
                }
            },
        ))
        .with_children(|top| {
            top.spawn((
                crate::ui::press::Solid,
                TopCardBody,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Stretch,
                    padding: UiRect::all(px(12)),
                    width: percent(100),
                    max_width: px(520),
                    max_height: px(room.max(120.0)),
                    row_gap: px(4),
                    border_radius: BorderRadius::all(px(16)),
                    ..default()
                },
                BackgroundColor(theme.panel),
            ))
            .with_children(|card| {
                crate::ui::scroll::scroll_body(card, theme, body);
                card.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 0.0,
                    padding: UiRect::horizontal(px(crate::ui::scroll::GUTTER)),
                    ..default()
                })
                .with_children(|c| footer(c));
            });
        })
        .id()
}

/// The room kept under a top card beyond its height, in points: a line of its words.
const SPARE: f32 = 22.0;

/// The room kept for a top card on a tall phone from the start, as a share of the
/// window's height: what the tallest lesson card asked at 390x844 (lesson 2's, in
/// Russian: 263 points of 844 with its spare line).
const TALL_ROOM: f32 = 0.315;

/// The least gap between a top card and the board's outer loops, in points.
const CLEARANCE: f32 = 8.0;

/// The board goes below the card, so the card never hides a point or a loop (on a small
/// phone it would cover a third of the board). The room kept only grows while the lesson or
/// puzzle screen is up, so the board does not jump between asking and done, nor from one
/// card to the next; off those screens it is given back.
fn keep_board_below_card(
    cards: Query<(&ComputedNode, &UiGlobalTransform, &ChildOf), With<TopCardBody>>,
    over: Query<(), With<OverTheBoard>>,
    layout: Res<BoardLayout>,
    screen: Res<State<crate::shell::navigation::Screen>>,
    mut top: ResMut<TopCard>,
) {
    use crate::shell::navigation::Screen;
    // From one lesson or puzzle to the next the card is made anew: the room stays (the
    // board does not jump up and down between cards), and goes only with the screen.
    let carded = matches!(screen.get(), Screen::Lesson | Screen::Puzzle);
    if cards.is_empty() {
        if !carded {
            top.set_if_neq(TopCard::default());
        }
        return;
    }
    // In landscape the card stands in the side panel, beside the board.
    if !layout.portrait {
        return;
    }
    // On a short phone every card's room is kept from the start: the board keeps one size
    // from lesson to lesson and puzzle to puzzle (a two-line longer card shrank it).
    if short_screen(&layout) {
        let kept = 6.0 + layout.safe.top + room(&layout);
        if top.0 < kept {
            top.0 = kept;
        }
        return;
    }
    // On a taller one, the room the lessons' and puzzles' cards need is kept from the
    // start, as far as the board keeps its size: the board stands in one place from
    // lesson to lesson however the lesson was reached (a tester's lesson 4 stood 11
    // points lower from the lesson list than after lesson 3), and moves down only for a
    // card taller than that.
    let board = (layout.window.x - layout.safe.left - layout.safe.right) * 0.88;
    let kept = (layout.safe.top + layout.window.y * TALL_ROOM)
        .min(layout.window.y - layout.bars[1] - board - 4.0);
    if top.0 < kept {
        top.0 = kept;
    }
    for (node, at, root) in &cards {
        if over.contains(root.parent()) {
            continue;
        }
        let scale = node.inverse_scale_factor();
        let bottom = (at.translation.y + node.size().y / 2.0) * scale;
        // The board moves down only when the card would reach it (where the board stands
        // lower than the room it was given, a card that grows into the gap leaves it be:
        // a refusal said, a puzzle's rating after it is solved), and then with a line's
        // room to spare.
        let reaches_board = top.0 == 0.0 || bottom + CLEARANCE > layout.board_top();
        if bottom.is_finite() && bottom > top.0 + 0.5 && reaches_board {
            top.0 = bottom + SPARE;
        }
    }
}

/// A card's heading as it is drawn: in landscape, where the card is a narrow column, its
/// parts each on a line of their own ("Puzzle · rated 640", "Lesson 2 of 9: Two circuits"),
/// so that no line ends with a lone word or number the line above could have taken.
pub fn heading_lines(heading: &str, layout: &BoardLayout) -> String {
    if layout.portrait {
        return heading.to_owned();
    }
    heading
        .replace(" · ", "\n")
        .replace(": ", ":\n")
        .replace('：', "：\n")
}
