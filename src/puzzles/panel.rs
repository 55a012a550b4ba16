//! Puzzles (menu → Puzzles): the player's puzzle rating and record, back to the puzzle
//! left for the menu (while a game goes on), the next puzzle near the rating (of the theme
//! chosen), today's puzzle, a streak, and the themes to choose
//! from. The puzzles themselves are played on their own screen (`screen.rs`).

use super::card::{step, theme_key};
use super::pack::{count_of, day_words, today};
use super::screen::PuzzleStep;
use super::stats::PuzzleStats;
use crate::shell::navigation::{GameSet, Panel};
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, choice, clear_card, label, row, words_or_layout_changed};
use bevy::prelude::*;
use surakarta_engine::puzzle::Theme;

pub(super) fn plugin(app: &mut App) {
    // Built again when the words or the layout change, and when a theme is chosen.
    app.add_systems(OnEnter(Panel::Puzzles), spawn).add_systems(
        Update,
        (clear_card, spawn)
            .chain()
            .run_if(
                in_state(Panel::Puzzles)
                    .and_then(words_or_layout_changed.or_else(resource_changed::<PuzzleStats>)),
            )
            .in_set(GameSet::Present),
    );
}

fn spawn(mut cards: Cards, stats: Res<PuzzleStats>, left: Res<super::LeftPuzzle>) {
    // A puzzle left for the menu while a game goes on (the menu's first entry is then the
    // game's): the way back to it comes first here.
    let left = left.waiting();
    let chosen = stats.chosen_theme();
    let daily_solved = stats.daily.is_some_and(|d| d.day == today() && d.solved);
    // The themes some puzzle of the pack has, with how many.
    let themes: Vec<(Theme, usize)> = Theme::ALL
        .into_iter()
        .map(|t| (t, count_of(t)))
        .filter(|(_, n)| *n > 0)
        .collect();
    let rating = stats.shown();
    let provisional = stats.provisional();
    let record = (stats.solved, stats.missed);
    let runs = (stats.first_tries, stats.best_first_tries, stats.best_streak);
    let daily_run = stats.daily_run_today(today());
    let mine = stats.mine.len();
    cards.spawn(
        DespawnOnExit(Panel::Puzzles),
        |c, strings, theme| {
            c.spawn(label(strings.get("puzzles.title"), 28.0, theme));
            c.spawn(label(
                strings.fill("puzzles.rating", &[("rating", rating)]),
                20.0,
                theme,
            ));
            // "1000?": what the question mark means, while it stands.
            if provisional {
                c.spawn(label(strings.get("puzzles.provisional"), 14.0, theme));
            }
            c.spawn(label(
                strings.fill(
                    "puzzles.record",
                    &[
                        ("solved", record.0.to_string()),
                        ("missed", record.1.to_string()),
                    ],
                ),
                15.0,
                theme,
            ));
            // What each run counts: first tries (rated and daily puzzles), Streak mode.
            c.spawn(label(
                strings.fill(
                    "puzzles.first_tries",
                    &[("run", runs.0.to_string()), ("best", runs.1.to_string())],
                ),
                15.0,
                theme,
            ));
            c.spawn(label(
                strings.fill("puzzles.streak_best", &[("streak", runs.2.to_string())]),
                15.0,
                theme,
            ));
            if daily_run > 0 {
                c.spawn(label(
                    strings.fill("puzzles.daily_run", &[("n", daily_run.to_string())]),
                    15.0,
                    theme,
                ));
            }
            let date = ("date", day_words(today(), strings));
            let daily = if daily_solved {
                strings.fill("puzzles.daily_solved", &[date])
            } else {
                strings.fill("puzzles.daily", &[date])
            };
            if left {
                c.spawn(row()).with_children(|r| {
                    r.spawn(button(
                        "puzzles.back",
                        strings.get("menu.to_puzzle"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(step(PuzzleStep::Resume));
                });
            }
            c.spawn(row()).with_children(|r| {
                let words = strings.get("puzzles.next");
                if left {
                    r.spawn(choice("puzzles.next", words, false, theme))
                        .observe(step(PuzzleStep::Rated));
                } else {
                    r.spawn(button(
                        "puzzles.next",
                        words,
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(step(PuzzleStep::Rated));
                }
            });
            if mine > 0 {
                let words = strings.fill("puzzles.mine", &[("n", mine.to_string())]);
                c.spawn(row()).with_children(|r| {
                    r.spawn(choice("puzzles.mine", words, false, theme))
                        .observe(step(PuzzleStep::Mine));
                });
            }
            c.spawn(row()).with_children(|r| {
                r.spawn(choice("puzzles.daily", daily, false, theme))
                    .observe(step(PuzzleStep::Daily));
                r.spawn(choice(
                    "puzzles.streak",
                    strings.get("puzzles.streak"),
                    false,
                    theme,
                ))
                .observe(step(PuzzleStep::Streak));
            });
            c.spawn(label(strings.get("puzzles.theme"), 17.0, theme));
            c.spawn(row()).with_children(|r| {
                r.spawn(choice(
                    "puzzles.theme.any",
                    strings.get("puzzles.any"),
                    chosen.is_none(),
                    theme,
                ))
                .observe(choose(None));
                for (t, n) in themes {
                    let words = format!("{} ({n})", strings.get(&theme_key(t)));
                    r.spawn(choice(
                        format!("puzzles.theme.{}", t.id()),
                        words,
                        chosen == Some(t),
                        theme,
                    ))
                    .observe(choose(Some(t)));
                }
            });
        },
        crate::ui::widgets::quiet_back_row,
    );
}

/// A theme button's observer: the next puzzles are of that theme (any when none).
fn choose(theme: Option<Theme>) -> impl Fn(On<Press>, ResMut<PuzzleStats>) + Send + Sync {
    move |_: On<Press>, mut stats: ResMut<PuzzleStats>| {
        let id = theme.map(|t| t.id().to_owned());
        if stats.theme != id {
            stats.theme = id;
        }
    }
}
