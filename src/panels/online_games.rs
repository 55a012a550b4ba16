//! "Online games": the player's online games in progress (`online/games.rs`), newest
//! first, each saying whose turn it is as its server says when the card opens; those
//! where it is the player's turn are drawn as main buttons. A tap puts the game on the
//! board.

use crate::game::session::Session;
use crate::online::games::{OnlineGames, Resume, Standing};
use crate::shell::navigation::{GameSet, Panel};
use crate::ui::i18n::Strings;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, back_row, clear_card, label, row, styled_button};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::OnlineGames), spawn)
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::OnlineGames).and_then(
                        resource_changed::<crate::online::games::Listing>
                            .or_else(crate::ui::widgets::words_or_layout_changed),
                    ),
                )
                .in_set(GameSet::Present),
        );
}

/// A kept game's line: the side the player plays and how the game stands.
fn line(side: surakarta_engine::Side, standing: Option<&Standing>, strings: &Strings) -> String {
    let side_name = strings.side(side);
    let (key, moves) = match standing {
        Some(Standing::Going { to_move, moves }) if *to_move == side => {
            ("online_games.your_turn", *moves)
        }
        Some(Standing::Going { moves, .. }) => ("online_games.their_turn", *moves),
        Some(Standing::Waiting) => ("online_games.waiting", 0),
        Some(Standing::Over) => ("online_games.over", 0),
        Some(Standing::Gone) => ("online_games.gone", 0),
        Some(Standing::Unreachable) => ("online_games.unreachable", 0),
        Some(Standing::Asking) | None => ("online_games.asking", 0),
    };
    strings.fill(key, &[("side", side_name), ("n", moves.to_string())])
}

fn spawn(
    mut cards: Cards,
    games: Res<OnlineGames>,
    listing: Res<crate::online::games::Listing>,
    session: Res<Session>,
) {
    let here = session.online.as_ref().map(|s| s.id.clone());
    let entries: Vec<_> = games
        .0
        .iter()
        .map(|kept| {
            let standing = listing.standing.get(&kept.seat.id);
            let yours = matches!(standing, Some(Standing::Going { to_move, .. }) if *to_move == kept.seat.side);
            let on_board = here.as_deref() == Some(kept.seat.id.as_str());
            (kept.clone(), standing.cloned(), yours, on_board)
        })
        .collect();
    cards.spawn(
        DespawnOnExit(Panel::OnlineGames),
        |c, strings, theme| {
            c.spawn(label(strings.get("online_games.title"), 28.0, theme));
            if entries.is_empty() {
                c.spawn(label(strings.get("online_games.empty"), 17.0, theme));
                return;
            }
            for (i, (kept, standing, yours, on_board)) in entries.into_iter().enumerate() {
                let mut text = line(kept.seat.side, standing.as_ref(), strings);
                if on_board {
                    text = format!("{text}\n{}", strings.get("online_games.on_board"));
                }
                let (bg, fg) = if yours {
                    (theme.button, theme.button_text)
                } else {
                    (theme.bar, theme.bar_text)
                };
                c.spawn(row()).with_children(|r| {
                    r.spawn(styled_button(
                        format!("online_games.{i}"),
                        text,
                        bg,
                        fg,
                        18.0,
                        true,
                    ))
                    .observe(
                        move |_: On<Press>, mut resume: MessageWriter<Resume>| {
                            resume.write(Resume(kept.clone()));
                        },
                    );
                });
            }
        },
        back_row,
    );
}
