//! "Online games": the player's online games in progress (`online/games.rs`), newest
//! first, each saying how it stands: the side played, the time limit, whose turn, the last
//! move and the clock, as its server says (read when the card opens, and told by each
//! game's own connection as moves arrive: `online/others.rs`). Those where it is the
//! player's turn are drawn as main buttons, a clock running low in the theme's red. A tap
//! puts the game on the board; while the player's own clock runs in the game on the
//! board, the card first asks (that clock keeps running).

use crate::bars::clock::{Scale, face, face_in};
use crate::game::session::Session;
use crate::online::games::{Kept, Listing, OnlineGames, Resume, Standing, clock_runs_for_me};
use crate::online::wire::TimeControl;
use crate::online::{Link, clock::next_face_change};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use crate::ui::confirm::{Answer, answers};
use crate::ui::i18n::Strings;
use crate::ui::press::Press;
use crate::ui::widgets::{ButtonId, Cards, back_row, clear_card, label, row, styled_button};
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lines>()
        .init_resource::<Shape>()
        .add_systems(OnEnter(Panel::OnlineGames), (compose, spawn).chain())
        .add_systems(
            Update,
            (
                compose.run_if(in_state(Panel::OnlineGames)),
                // Made anew only when what the card holds changes (a game, its colour, the
                // question): a clock's second is written into the words in place, so that
                // a finger on a button is never lost to a card made anew.
                (clear_card, spawn)
                    .chain()
                    .run_if(
                        in_state(Panel::OnlineGames).and_then(
                            resource_changed::<Shape>
                                .or_else(crate::ui::widgets::words_or_layout_changed),
                        ),
                    ),
                rewrite.run_if(in_state(Panel::OnlineGames).and_then(resource_changed::<Lines>)),
            )
                .chain()
                .in_set(GameSet::Present),
        )
        // A frame when a clock shown on the card changes its face, while the card is open.
        .wake_after(next_change);
}

/// What the card shows: each kept game's words, whether it is the player's turn, whether
/// its clock runs low; or the question before leaving the game on the board.
#[derive(Resource, Default, PartialEq)]
struct Lines {
    entries: Vec<Entry>,
    confirm: Option<(Kept, String)>,
}

/// What the card holds, without the words that change by the second: the card is made
/// anew only when this changes.
#[derive(Resource, Default, PartialEq)]
struct Shape {
    entries: Vec<(String, bool, bool)>,
    confirm: Option<String>,
}

/// The words of the question's line, rewritten in place.
#[derive(Component)]
struct ConfirmBody;

#[derive(PartialEq)]
struct Entry {
    kept: Kept,
    text: String,
    yours: bool,
    low: bool,
}

/// A kept game's words: the side the player plays and the time limit, then how the game
/// stands (whose turn, the move number and the last move, the player's clock). With no
/// move yet, how long ago the game was created or started (`age`: since the app took its
/// seat), so that two such games read apart.
fn line(
    side: Side,
    standing: Option<&Standing>,
    age: Option<Duration>,
    strings: &Strings,
) -> String {
    let aged = |words: String, key: &str| match age {
        Some(age) => format!(
            "{words}\u{a0}· {}",
            strings.fill(key, &[("ago", ago_words(age, strings))])
        ),
        None => words,
    };
    // The time limit, once the server has said it.
    let limit = match standing {
        Some(Standing::Going { timing, .. } | Standing::Waiting { timing }) => match timing.control
        {
            Some(TimeControl::Live {
                initial, increment, ..
            }) => format!("\u{a0}· {}+{}", initial / 60, increment),
            Some(TimeControl::Correspondence { days }) => {
                format!(
                    "\u{a0}· {}",
                    strings.fill("online_games.days", &[("n", days.to_string())])
                )
            }
            None => format!("\u{a0}· {}", strings.get("online_games.untimed")),
        },
        _ => String::new(),
    };
    let head = format!(
        "{}{limit}",
        strings.fill("online_games.you_play", &[("side", strings.side(side))])
    );
    let state = match standing {
        Some(Standing::Going {
            to_move,
            last,
            timing,
            ..
        }) => {
            let turn = strings.get(if *to_move == side {
                "online_games.your_turn"
            } else {
                "online_games.their_turn"
            });
            let mut parts = vec![turn];
            // The move whole: "last 2... f5-" and "f4" once stood on two lines.
            let last = last.as_deref().map(crate::ui::i18n::held_whole);
            parts.push(match (last, timing.since_last_move()) {
                (Some(last), Some(ago)) => strings.fill(
                    "online_games.last_ago",
                    &[("move", last), ("ago", ago_words(ago, strings))],
                ),
                (Some(last), None) => strings.fill("online_games.last", &[("move", last)]),
                (None, _) => aged(
                    strings.get("online_games.no_moves"),
                    "online_games.started_ago",
                ),
            });
            // The player's first move still to come: the time before the game is aborted,
            // as the bar counts it ("your clock 3:00" stood beside the bar's "First move
            // 0:29").
            let first_move = timing.first_move_left().filter(|_| *to_move == side);
            if let Some(first) = first_move {
                parts.push(strings.fill(
                    "clock.first_move",
                    &[(
                        "time",
                        face_in(first, Scale::of(first, timing.control), strings),
                    )],
                ));
            } else if let Some(left) = timing.left(side) {
                // Written as the board writes it: in the scale of the longer of the clocks.
                let longest = [Side::Red, Side::Black]
                    .into_iter()
                    .filter_map(|s| timing.left(s))
                    .max()
                    .unwrap_or(left);
                parts.push(strings.fill(
                    "online_games.clock",
                    &[(
                        "time",
                        face_in(left, Scale::of(longest, timing.control), strings),
                    )],
                ));
            }
            // A line may end with "·", never begin with it (a no-break space before it).
            parts.join("\u{a0}· ")
        }
        Some(Standing::Waiting { .. }) => aged(
            strings.get("online_games.waiting"),
            "online_games.created_ago",
        ),
        Some(Standing::Over) => strings.get("online_games.over"),
        Some(Standing::Gone) => strings.get("online_games.gone"),
        Some(Standing::Unreachable) => strings.get("online_games.unreachable"),
        Some(Standing::Asking) | None => "…".to_owned(),
    };
    format!("{head}\n{state}")
}

/// How long ago, in the words of a list: "just now" under a minute, then minutes, hours
/// and days (rounded down).
fn ago_words(ago: Duration, strings: &Strings) -> String {
    let minutes = ago.as_secs() / 60;
    // Held on one line: "2 min ago", never "2 min / ago".
    let whole = |words: String| words.replace(' ', "\u{a0}");
    let (key, n) = match minutes {
        0 => return whole(strings.get("online_games.just_now")),
        1..60 => ("online_games.minutes_ago", minutes),
        60..1440 => ("online_games.hours_ago", minutes / 60),
        _ => ("online_games.days_ago", minutes / 1440),
    };
    whole(strings.fill(key, &[("n", n.to_string())]))
}

/// When the words of "how long ago" next change: at the next whole minute since the move.
fn next_minute(ago: Duration) -> Duration {
    let into = ago.as_millis() % 60_000;
    Duration::from_millis((60_000 - into) as u64 + 4)
}

/// The card's words now (changed only when they change: the card is drawn again then).
fn compose(
    games: Res<OnlineGames>,
    listing: Res<Listing>,
    session: Res<Session>,
    link: Res<Link>,
    strings: Res<Strings>,
    mut lines: ResMut<Lines>,
    mut shape: ResMut<Shape>,
) {
    let here = session.online.as_ref().map(|s| s.id.clone());
    let entries = games
        .0
        .iter()
        .map(|kept| {
            let on_board = here.as_deref() == Some(kept.seat.id.as_str());
            // The game on the board is told by its own connection.
            let standing = link
                .standing()
                .filter(|_| on_board)
                .or_else(|| listing.standing.get(&kept.seat.id).cloned());
            let side = kept.seat.side;
            let (yours, low) = match &standing {
                Some(Standing::Going {
                    to_move, timing, ..
                }) => (*to_move == side, timing.low(side)),
                _ => (false, false),
            };
            let mut text = line(side, standing.as_ref(), kept.age(), &strings);
            if on_board {
                text = format!("{text}\n{}", strings.get("online_games.on_board"));
            }
            Entry {
                kept: kept.clone(),
                text,
                yours,
                low,
            }
        })
        .collect::<Vec<_>>();
    // A game that ended away where the friend offers a rematch: a tap puts it on the
    // board, where the offer is answered.
    let mut entries = entries;
    if let Some(away) = listing.rematch_elsewhere() {
        entries.push(Entry {
            kept: away.kept.clone(),
            text: strings.fill(
                "online_games.rematch_entry",
                &[("side", strings.side(away.kept.seat.side))],
            ),
            yours: true,
            low: false,
        });
    }
    let confirm = listing
        .confirm
        .clone()
        .filter(|_| clock_runs_for_me(&session, &link));
    let confirm = confirm.map(|kept| {
        // The time that runs: the first move's, or the player's clock.
        let left = link
            .timing
            .first_move_left()
            .or_else(|| {
                let seat = session.online.as_ref()?;
                link.timing.left(seat.side)
            })
            .map(|left| face(left, link.timing.control, &strings))
            .unwrap_or_default();
        (
            kept,
            strings.fill("online_games.leave_body", &[("time", left)]),
        )
    });
    let new = Lines { entries, confirm };
    let new_shape = Shape {
        entries: new
            .entries
            .iter()
            .map(|e| (e.kept.seat.id.clone(), e.yours, e.low))
            .collect(),
        confirm: new.confirm.as_ref().map(|(k, _)| k.seat.id.clone()),
    };
    if *shape != new_shape {
        *shape = new_shape;
    }
    if *lines != new {
        *lines = new;
    }
}

/// The words that changed, written into the card as it stands.
fn rewrite(
    lines: Res<Lines>,
    buttons: Query<(&ButtonId, &Children)>,
    mut texts: Query<&mut Text, Without<ConfirmBody>>,
    mut body: Query<&mut Text, With<ConfirmBody>>,
) {
    for (id, children) in &buttons {
        let Some(entry) =
            id.0.strip_prefix("online_games.")
                .and_then(|i| i.parse::<usize>().ok())
                .and_then(|i| lines.entries.get(i))
        else {
            continue;
        };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != entry.text
            {
                text.0.clone_from(&entry.text);
            }
        }
    }
    if let Some((_, words)) = &lines.confirm {
        for mut text in &mut body {
            if text.0 != *words {
                text.0.clone_from(words);
            }
        }
    }
}

/// When a clock on the open card shows other words next.
fn next_change(
    state: Option<Res<State<Panel>>>,
    games: Res<OnlineGames>,
    listing: Res<Listing>,
    link: Res<Link>,
) -> Option<Duration> {
    if state.is_none_or(|s| *s.get() != Panel::OnlineGames) {
        return None;
    }
    // A game with no move yet says how long ago it was created or started.
    let ages = games.0.iter().filter_map(Kept::age).map(next_minute).min();
    let standings = listing.standing.values().cloned().chain(link.standing());
    standings
        .filter_map(|standing| match standing {
            Standing::Going {
                timing, to_move, ..
            } => {
                let clock = timing
                    .left(to_move)
                    .filter(|_| timing.ticking())
                    .map(next_face_change);
                let ago = timing.since_last_move().map(next_minute);
                clock.into_iter().chain(ago).min()
            }
            _ => None,
        })
        .chain(ages)
        .min()
}

fn spawn(mut cards: Cards, lines: Res<Lines>) {
    if let Some((kept, body)) = &lines.confirm {
        let kept = kept.clone();
        let title = cards.strings().get("online_games.leave_title");
        let body = body.clone();
        let stay = Answer::keyed("online_games.stay", &cards);
        let go = Answer::keyed("online_games.switch", &cards);
        cards.spawn(
            DespawnOnExit(Panel::OnlineGames),
            |c, _, theme| {
                c.spawn(label(title, 26.0, theme));
                c.spawn((ConfirmBody, label(body, 17.0, theme)));
            },
            move |footer, _, theme| {
                answers(
                    footer,
                    theme,
                    stay,
                    // Stay: in the game on the board, where the clock runs.
                    |_: On<Press>, mut listing: ResMut<Listing>, mut nav: Navigator| {
                        listing.confirm = None;
                        nav.close();
                        nav.go(Screen::Game);
                    },
                    go,
                    move |_: On<Press>, mut resume: MessageWriter<Resume>| {
                        resume.write(Resume {
                            kept: kept.clone(),
                            confirmed: true,
                        });
                    },
                )
            },
        );
        return;
    }
    let entries: Vec<_> = lines
        .entries
        .iter()
        .map(|e| (e.kept.clone(), e.text.clone(), e.yours, e.low))
        .collect();
    cards.spawn(
        DespawnOnExit(Panel::OnlineGames),
        |c, strings, theme| {
            c.spawn(label(strings.get("online_games.title"), 28.0, theme));
            if entries.is_empty() {
                c.spawn(label(strings.get("online_games.empty"), 17.0, theme));
                return;
            }
            for (i, (kept, text, yours, low)) in entries.into_iter().enumerate() {
                let (bg, fg) = match (yours, low) {
                    (true, true) => (theme.red, theme.button_text),
                    (true, false) => (theme.button, theme.button_text),
                    _ => (theme.bar, theme.bar_text),
                };
                c.spawn(row()).with_children(|r| {
                    r.spawn(styled_button(
                        format!("online_games.{i}"),
                        text,
                        bg,
                        fg,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(
                        move |_: On<Press>, mut resume: MessageWriter<Resume>| {
                            resume.write(Resume {
                                kept: kept.clone(),
                                confirmed: false,
                            });
                        },
                    );
                });
            }
        },
        back_row,
    );
}

#[cfg(test)]
mod tests {
    use super::{ago_words, line, next_minute};
    use crate::online::clock::Timing;
    use crate::online::games::Standing;
    use crate::ui::i18n::Strings;
    use std::time::Duration;
    use surakarta_engine::Side;

    #[test]
    fn two_games_waiting_for_the_friend_read_apart_by_when_they_were_created() {
        let strings = Strings::english();
        let waiting = Standing::Waiting {
            timing: Timing::default(),
        };
        let older = line(
            Side::Red,
            Some(&waiting),
            Some(Duration::from_secs(14 * 60 + 5)),
            &strings,
        );
        let newer = line(
            Side::Red,
            Some(&waiting),
            Some(Duration::from_secs(20)),
            &strings,
        );
        assert_ne!(older, newer);
        assert!(
            older.ends_with("created\u{a0}14\u{a0}min\u{a0}ago"),
            "{older}"
        );
        assert!(newer.ends_with("created\u{a0}just\u{a0}now"), "{newer}");
        // A seat kept before its time was: the words as before, no "created".
        let unknown = line(Side::Red, Some(&waiting), None, &strings);
        assert!(unknown.ends_with("Waiting for your friend"), "{unknown}");
    }

    #[test]
    fn how_long_ago_reads_in_whole_minutes_hours_and_days_and_changes_on_the_minute() {
        let strings = Strings::english();
        let ago = |secs| ago_words(Duration::from_secs(secs), &strings);
        assert_eq!(ago(59), "just\u{a0}now");
        assert_eq!(ago(61), "1\u{a0}min\u{a0}ago");
        assert_eq!(ago(3 * 3600 + 59 * 60), "3\u{a0}h\u{a0}ago");
        assert_eq!(ago(2 * 86_400 + 5), "2\u{a0}d\u{a0}ago");
        assert_eq!(
            next_minute(Duration::from_millis(61_000)),
            Duration::from_millis(59_004)
        );
    }
}
