//! The move list: every move of the game on the board, numbered as in records. In a review
//! each move is a button that shows the record as far as that move; in a game (from the
//! menu) the list is to read, the last move marked.

use crate::game::analysis::mark;
use crate::game::analysis::{Analyse, Analysis};
use crate::game::session::{OnBoard, replayed};
use crate::puzzles::{KeepPuzzles, Keeping};
use crate::screens::review::{Review, ReviewStep};
use crate::shell::navigation::{GameSet, Panel, Screen};
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::scroll::KeptScroll;
use crate::ui::theme::Theme;
use crate::ui::widgets::{
    Cards, back_row, button, choice, clear_card, column_choice, label, one_line, paragraph, row,
};
use bevy::prelude::*;
use surakarta_engine::ai::MATE_BOUND;
use surakarta_engine::ai::analysis::{self as engine_analysis, MoveClass, PlyAnalysis};
use surakarta_engine::{Game, Move, Position, Record};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::Moves), spawn).add_systems(
        Update,
        (clear_card, spawn)
            .chain()
            .run_if(
                in_state(Panel::Moves).and_then(
                    resource_changed::<Strings>
                        .or_else(resource_changed::<BoardLayout>)
                        .or_else(resource_changed::<Analysis>)
                        .or_else(resource_changed::<Keeping>),
                ),
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

/// A move in a game's list: the move's text in a cell as wide as a button (words, not a
/// button's dark fill), the last move on the bars' colour.
fn move_cell(text: String, last: bool, theme: &Theme) -> impl Bundle {
    let (bg, fg) = if last {
        (theme.bar, theme.bar_text)
    } else {
        (theme.panel, theme.bar_text)
    };
    (
        Node {
            flex_grow: 1.0,
            flex_basis: px(0),
            margin: UiRect::all(px(4)),
            padding: UiRect::axes(px(6), px(8)),
            justify_content: JustifyContent::Center,
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(bg),
        children![(
            Text::new(text),
            TextFont {
                font_size: FontSize::Px(17.0),
                ..default()
            },
            TextColor(fg),
        )],
    )
}

/// The column of a move a row does not have: as wide as a move, empty.
fn empty_cell() -> Node {
    Node {
        flex_grow: 1.0,
        flex_basis: px(0),
        margin: UiRect::all(px(4)),
        ..default()
    }
}

/// The graph's half height.
const GRAPH: f32 = 44.0;

/// How much of the graph's half a value of the graph fills ([`engine_analysis::graph_value`],
/// for either side), 0 to 1: a stone a quarter, two stones two fifths, three a half, and
/// all of it only where the result is decided. A stone more shows however far ahead a side
/// is (a steeper scale had drawn 12 against 10 stones as tall as 12 against 11).
pub fn bar_fraction(value: i32) -> f32 {
    if value.unsigned_abs() >= MATE_BOUND.unsigned_abs() {
        return 1.0;
    }
    let s = value.unsigned_abs() as f32;
    s / (s + 300.0)
}

/// One move's bar in the evaluation graph, by the move's ply (1 for the first move; 0 for
/// the position the record starts from). Its height and place are the nodes' own (a
/// spacer above it in its column).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvalBar {
    /// The ply the bar stands for (0: the start).
    pub ply: usize,
}

/// How the game went, for Red ([`engine_analysis::graph`]): a bar a move, up when Red stands
/// better; it steps where stones change hands or the result is decided.
fn graph(c: &mut ChildSpawnerCommands, game: &Game, plies: &[PlyAnalysis], theme: &Theme) {
    c.spawn(Node {
        flex_shrink: 0.0,
        flex_direction: FlexDirection::Row,
        height: px(2.0 * GRAPH),
        margin: UiRect::vertical(px(6)),
        align_items: AlignItems::Stretch,
        ..default()
    })
    .with_children(|g| {
        // The level line.
        g.spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(GRAPH),
                left: px(0),
                right: px(0),
                height: px(1),
                ..default()
            },
            BackgroundColor(theme.bar_text.with_alpha(0.35)),
        ));
        // The position the record starts from first (ply 0), then each move's: a first
        // move marked "?" shows what it lost against where the game stood (it had been a
        // lone bar, with nothing beside it to fall from).
        for (ply, for_red) in engine_analysis::graph(game, plies) {
            let class = plies.get(ply.wrapping_sub(1)).map(|a| a.class);
            let h = bar_fraction(for_red) * GRAPH;
            // An even move counts as Red's: coloured and drawn on Red's side of the line.
            let reds = for_red >= 0;
            // The side's colour always; a "?" or "??" framed in the highlight (a filled
            // highlight had hidden who stood better after it, a tester found).
            let colour = if reds { theme.red } else { theme.black };
            let marked = matches!(class, Some(MoveClass::Mistake | MoveClass::Blunder));
            // At least a point tall, so an even move still shows; a bar for Red ends on the
            // level line, one for Black starts there.
            let tall = h.abs().max(1.0);
            // A column: space above, the bar (above or below the middle), space below.
            g.spawn(Node {
                flex_grow: 1.0,
                flex_basis: px(0),
                flex_direction: FlexDirection::Column,
                margin: UiRect::horizontal(px(0.5)),
                ..default()
            })
            .with_children(|col| {
                col.spawn(Node {
                    height: px(if reds { GRAPH - tall } else { GRAPH }),
                    ..default()
                });
                let mut bar = col.spawn((
                    Node {
                        height: px(tall),
                        border: UiRect::all(px(if marked { 2.0 } else { 0.0 })),
                        ..default()
                    },
                    BackgroundColor(colour),
                    EvalBar { ply },
                ));
                if marked {
                    bar.insert(BorderColor::all(theme.highlight));
                }
            });
        }
    });
}

/// What the graph's colours say, under it: a swatch and its words for Red's side, Black's
/// and a marked move's (a frame in the theme's highlight, yellow in the classic theme, as
/// the marked bars are drawn), so that the graph reads while the analysis runs, before the
/// legend's words come.
fn graph_key(c: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme) {
    c.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(14),
        row_gap: px(4),
        margin: UiRect::bottom(px(6)),
        ..default()
    })
    .with_children(|k| {
        for (colour, framed, key) in [
            (theme.red, false, "analysis.key.red"),
            (theme.black, false, "analysis.key.black"),
            (theme.highlight, true, "analysis.key.marked"),
        ] {
            k.spawn(Node {
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                column_gap: px(5),
                ..default()
            })
            .with_children(|entry| {
                let swatch = Node {
                    width: px(10),
                    height: px(10),
                    ..default()
                };
                if framed {
                    entry.spawn((
                        Node {
                            border: UiRect::all(px(2)),
                            ..swatch
                        },
                        BorderColor::all(colour),
                    ));
                } else {
                    entry.spawn((swatch, BackgroundColor(colour)));
                }
                entry.spawn((
                    Text::new(strings.get(key)),
                    TextFont {
                        font_size: FontSize::Px(14.0),
                        ..default()
                    },
                    TextColor(theme.bar_text),
                ));
            });
        }
    });
}

fn spawn(
    mut cards: Cards,
    board: OnBoard,
    review: Res<Review>,
    screen: Res<State<Screen>>,
    analysis: Res<Analysis>,
    keeping: Res<Keeping>,
    mut scroll: ResMut<KeptScroll>,
) {
    let reviewing = *screen.get() == Screen::Review;
    // In a review, the whole record; the board shows it as far as `shown`.
    let game = match (&review.game, reviewing) {
        (Some(whole), true) => whole.clone(),
        _ => board.session().game.clone(),
    };
    let shown = board.session().game.history().len();
    let player = review.player.filter(|_| reviewing);
    let list = rows(&game);
    let analysed = analysis.of(&game);
    let judged: Vec<PlyAnalysis> = if analysed {
        analysis.plies.clone()
    } else {
        Vec::new()
    };
    let total = game.history().len();
    let (running, complete) = (
        analysed && analysis.running(),
        analysed && analysis.complete(),
    );
    let judged_count = judged.len();
    // After the analysis: the positions before its mistakes and blunders, each with the
    // better move, to keep as the player's own puzzles.
    let mistakes: Vec<(Position, Move)> = if complete {
        judged
            .iter()
            .filter(|p| matches!(p.class, MoveClass::Mistake | MoveClass::Blunder))
            .filter_map(|p| Some((*replayed(&game, p.ply - 1).position(), p.best?)))
            // The player's own mistakes, not the computer's or the friend's.
            .filter(|(before, _)| player.is_none_or(|side| before.side_to_move() == side))
            .collect()
    } else {
        Vec::new()
    };
    let whole = game.clone();
    let source = game.clone();
    let kept = (keeping.source.as_ref() == Some(&game)).then_some((
        keeping.busy(),
        keeping.kept,
        keeping.refused,
    ));
    // Opened with the move shown two rows from the top.
    if let Some(row) = list
        .iter()
        .position(|(_, moves)| moves.iter().any(|(ply, _)| *ply == shown))
    {
        scroll.open_at(row.saturating_sub(2) as f32 * ROW);
    }
    // From the analysis's start: the graph and its legend coming with its first move had
    // grown the card under the finger.
    let with_graph = reviewing && total > 0 && analysed;
    let head = |c: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme| {
        c.spawn(label(strings.get("moves.title"), 26.0, theme));
        if with_graph {
            graph(c, &game, &judged, theme);
            graph_key(c, strings, theme);
            c.spawn(paragraph(strings.get("analysis.legend"), theme));
        }
    };
    let moves = |c: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme| {
        if list.is_empty() {
            c.spawn(paragraph(strings.get("moves.none"), theme));
        }
        let first = game.start().plies();
        for (number, moves) in list {
            // Red's moves in the left column, Black's in the right: a row with one
            // move (the game's first, if Black's; the last) keeps the other empty.
            let alone = moves.len() == 1;
            let second_of_pair = moves
                .first()
                .is_some_and(|(ply, _)| (first + *ply as u32 - 1) % 2 == 1);
            c.spawn(one_line()).with_children(|r| {
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
                if alone && second_of_pair {
                    r.spawn(empty_cell());
                }
                for (ply, text) in moves {
                    let judged_here = judged.get(ply - 1);
                    let marked = judged_here.map_or("", |a| mark(a.class));
                    let text = format!("{text}{marked}");
                    if !reviewing {
                        // A game's list is to read: words, the last move marked.
                        r.spawn(move_cell(text, ply == shown, theme));
                        continue;
                    }
                    // A marked move shows the position before it and the better move.
                    let step = match judged_here.and_then(|a| a.best) {
                        Some(best) if !marked.is_empty() => ReviewStep::Better { ply, best },
                        _ => ReviewStep::To(ply),
                    };
                    r.spawn(column_choice(
                        format!("moves.ply.{ply}"),
                        text,
                        ply == shown,
                        theme,
                    ))
                    .observe(
                        move |_: On<Press>,
                              mut steps: MessageWriter<ReviewStep>,
                              mut panel: ResMut<NextState<Panel>>| {
                            steps.write(step);
                            (*panel).set_if_neq(Panel::None);
                        },
                    );
                }
                if alone && !second_of_pair {
                    r.spawn(empty_cell());
                }
            });
        }
    };
    let footer = |footer: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme| {
        // In sight however far the list scrolls: the analysis's progress, or Analyse.
        if reviewing && total > 0 && !complete {
            if running {
                footer_line(
                    footer,
                    // In hundredths of the game: its count of plies read as "moves"
                    // beside a list numbered in moves of both sides.
                    strings.fill(
                        "analysis.running",
                        &[("percent", (judged_count * 100 / total).to_string())],
                    ),
                    theme,
                );
            } else {
                footer.spawn(row()).with_children(|r| {
                    r.spawn(button(
                        "moves.analyse",
                        strings.get("moves.analyse"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(
                        move |_: On<Press>, mut analyse: MessageWriter<Analyse>| {
                            analyse.write(Analyse(whole.clone()));
                        },
                    );
                });
            }
        }
        // Once asked for this game: how it went, instead of the button.
        match kept {
            Some((true, ..)) => {
                footer_line(footer, strings.get("moves.keeping"), theme);
            }
            Some((false, kept, refused)) => {
                let key = if refused == 0 {
                    "moves.kept_all"
                } else {
                    "moves.kept"
                };
                footer_line(
                    footer,
                    strings.fill(
                        key,
                        &[("kept", kept.to_string()), ("refused", refused.to_string())],
                    ),
                    theme,
                );
            }
            None if reviewing && !mistakes.is_empty() => {
                // No count on it: a position with more than one good move is not kept,
                // and "(2)" that kept none had promised two (a tester's).
                let words = strings.get("moves.keep");
                let game = source.clone();
                footer.spawn(row()).with_children(|r| {
                    r.spawn(choice("moves.keep", words, false, theme)).observe(
                        move |_: On<Press>, mut keep: MessageWriter<KeepPuzzles>| {
                            keep.write(KeepPuzzles {
                                game: game.clone(),
                                positions: mistakes.clone(),
                            });
                        },
                    );
                });
            }
            // Said in the place of the button the progress line had, so that nothing
            // moves when an analysis that found no mistake of the player's ends (the
            // centred card shrank and its list and Back moved 17 points in landscape).
            None if reviewing && complete => {
                footer_line(footer, strings.get("moves.none_to_keep"), theme);
            }
            None => {}
        }
        back_row(footer, strings, theme);
    };
    let until = DespawnOnExit(Panel::Moves);
    if with_graph && !cards.portrait() {
        cards.spawn_beside(until, head, moves, footer);
    } else {
        cards.spawn(
            until,
            |c, strings, theme| {
                head(c, strings, theme);
                moves(c, strings, theme);
            },
            footer,
        );
    }
}

/// A line of the card's footer in place of a button (the analysis's progress, the
/// mistakes being kept): as tall as a row of one button, so that the list above and Back
/// below stay put when one becomes the other (a tester saw both move 3 points in
/// landscape when the analysis ended).
fn footer_line(footer: &mut ChildSpawnerCommands, words: String, theme: &Theme) {
    footer
        .spawn(Node {
            min_height: px(56),
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            ..default()
        })
        .with_children(|line| {
            line.spawn(label(words, 16.0, theme));
        });
}
