//! The move list: every move of the game on the board, numbered as in records. In a review
//! each move is a button that shows the record as far as that move; in a game (from the
//! menu) the list is to read, the last move marked.

use crate::i18n::Strings;
use crate::layout::BoardLayout;
use crate::screens::review::{Review, ReviewStep};
use crate::session::OnBoard;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, KeptScroll, back_row, choice, clear_card, label, paragraph};
use crate::{GameSet, Panel, Screen};
use bevy::prelude::*;
use surakarta_engine::{Game, Record};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::Moves), spawn).add_systems(
        Update,
        (clear_card, spawn)
            .chain()
            .run_if(
                in_state(Panel::Moves)
                    .and_then(resource_changed::<Strings>.or_else(resource_changed::<BoardLayout>)),
            )
            .in_set(GameSet::Present),
    );
}

/// The rows of the list: a move number and the one or two moves after it, each with its
/// ply (from 1). A game that starts with Black to move opens with `N...`.
pub fn rows(game: &Game) -> Vec<(String, Vec<(usize, String)>)> {
    let first = game.start().plies();
    let mut out: Vec<(String, Vec<(usize, String)>)> = Vec::new();
    for (i, mv) in game.history().iter().enumerate() {
        let ply = first + i as u32;
        let number = Record::move_number(ply);
        // A new row at the first move of each pair (`N.`), and at the game's first move
        // whichever it is (`N...` when the game starts with the second of a pair).
        if i == 0 || ply.is_multiple_of(2) {
            out.push((number, Vec::new()));
        }
        if let Some(row) = out.last_mut() {
            row.1.push((i + 1, mv.to_string()));
        }
    }
    out
}

/// A row's height: a move button (48 points and its margins).
const ROW: f32 = 56.0;

fn spawn(
    mut cards: Cards,
    board: OnBoard,
    review: Res<Review>,
    screen: Res<State<Screen>>,
    mut scroll: ResMut<KeptScroll>,
) {
    let reviewing = *screen.get() == Screen::Review;
    // In a review, the whole record; the board shows it as far as `shown`.
    let game = match (&review.game, reviewing) {
        (Some(whole), true) => whole.clone(),
        _ => board.session().game.clone(),
    };
    let shown = board.session().game.history().len();
    let list = rows(&game);
    // Opened with the move shown two rows from the top.
    if let Some(row) = list
        .iter()
        .position(|(_, moves)| moves.iter().any(|(ply, _)| *ply == shown))
    {
        scroll.open_at(row.saturating_sub(2) as f32 * ROW);
    }
    cards.spawn(
        DespawnOnExit(Panel::Moves),
        |c, strings, theme| {
            c.spawn(label(strings.get("moves.title"), 26.0, theme));
            if list.is_empty() {
                c.spawn(paragraph(strings.get("moves.none"), theme));
            }
            for (number, moves) in list {
                c.spawn(Node {
                    flex_shrink: 0.0,
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|r| {
                    r.spawn((
                        Text::new(number),
                        TextFont {
                            font_size: FontSize::Px(16.0),
                            ..default()
                        },
                        TextColor(theme.bar_text),
                        Node {
                            width: px(52),
                            flex_shrink: 0.0,
                            ..default()
                        },
                    ));
                    for (ply, text) in moves {
                        let id = format!("moves.ply.{ply}");
                        let mut button = r.spawn(choice(id, text, ply == shown, theme));
                        if reviewing {
                            button.observe(
                                move |_: On<Press>,
                                      mut steps: MessageWriter<ReviewStep>,
                                      mut panel: ResMut<NextState<Panel>>| {
                                    steps.write(ReviewStep::To(ply));
                                    (*panel).set_if_neq(Panel::None);
                                },
                            );
                        }
                    }
                });
            }
        },
        back_row,
    );
}
