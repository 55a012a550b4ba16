//! The tutorial's lessons (menu → Tutorial): how many are done, Continue at the first not
//! yet passed (where the player stopped), or back to the lesson left for the menu as it
//! was (the menu's first entry is the game while one goes on), and every lesson by name,
//! a tick on those passed, to go back to one or skip ahead. The lessons themselves are
//! played on their own screen (`screens/lesson.rs`).

use crate::game::tutorial::{LESSONS, Tutorial};
use crate::screens::lesson::{LeftLesson, LessonStep};
use crate::settings::Settings;
use crate::shell::navigation::Panel;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, label, quiet_back_row, row, styled_button};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    crate::ui::widgets::panel_card(app, Panel::Lessons, spawn);
}

fn spawn(mut cards: Cards, settings: Res<Settings>, left: Res<LeftLesson>) {
    let passed = &settings.tutorial_passed;
    let left = left.lesson();
    let done = LESSONS.iter().filter(|l| passed.contains(l.id)).count();
    let next = Tutorial::next_unpassed(passed);
    cards.spawn(
        DespawnOnExit(Panel::Lessons),
        |c, strings, theme| {
            c.spawn(label(strings.get("menu.tutorial"), 28.0, theme));
            c.spawn(label(
                strings.fill(
                    "lessons.progress",
                    &[
                        ("done", done.to_string()),
                        ("total", LESSONS.len().to_string()),
                    ],
                ),
                16.0,
                theme,
            ));
            // The main button: back to the lesson left for the menu, as it was, unless it
            // was left at its end, passed (a tester was offered lesson 4 again from its
            // closing card); else on from where the player stopped, or all again once done.
            let unfinished =
                left.filter(|&i| LESSONS.get(i).is_some_and(|l| !passed.contains(l.id)));
            let (main, step) = match unfinished {
                Some(i) => (
                    strings.fill("lessons.back_to", &[("n", (i + 1).to_string())]),
                    LessonStep::Resume,
                ),
                None if done == LESSONS.len() => {
                    (strings.get("lessons.again"), LessonStep::Open(next))
                }
                None => (
                    strings.fill("lessons.continue", &[("n", (next + 1).to_string())]),
                    LessonStep::Open(next),
                ),
            };
            c.spawn(row()).with_children(|r| {
                r.spawn(button(
                    "lessons.continue",
                    main,
                    theme,
                    crate::ui::widgets::BUTTON_FONT,
                    true,
                ))
                .observe(
                    move |_: On<Press>, mut steps: MessageWriter<LessonStep>| {
                        steps.write(step);
                    },
                );
            });
            for (i, lesson) in LESSONS.iter().enumerate() {
                let title = strings.get(&format!("tut.{}.title", lesson.id));
                let key = if passed.contains(lesson.id) {
                    "lessons.item_done"
                } else {
                    "lessons.item"
                };
                let words = strings.fill(key, &[("n", (i + 1).to_string()), ("title", title)]);
                c.spawn(row()).with_children(|r| {
                    let mut button = r.spawn(styled_button(
                        format!("lessons.{}", i + 1),
                        words,
                        theme.bar,
                        theme.bar_text,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ));
                    // A narrow side padding: the longest titles and their tick keep to
                    // one line on a 390-point phone.
                    button
                        .entry::<Node>()
                        .and_modify(|mut node| node.padding = UiRect::axes(px(8), px(10)));
                    button.observe(move |_: On<Press>, mut steps: MessageWriter<LessonStep>| {
                        steps.write(LessonStep::Open(i));
                    });
                });
            }
        },
        quiet_back_row,
    );
}
