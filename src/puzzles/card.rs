//! The puzzle's card at the top of the screen: what to find, then how it went, and its
//! buttons; and what the screen reader hears of it.

use super::run::{Kind, OnBoardPuzzle, Progress, PuzzleRun, PuzzleState, progress};
use super::screen::{PuzzleStep, streak_over};
use super::stats::PuzzleStats;
use crate::board::accessibility::Say;
use crate::game::session::Practice;
use crate::shell::navigation::Screen;
use crate::ui::i18n::{Language, Strings};
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::theme::Theme;
use crate::ui::top_card::spawn_top_card;
use crate::ui::widgets::{CardButtons, label, paragraph};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surakarta_engine::puzzle::{Puzzle, Theme as PuzzleTheme};
use surakarta_engine::{Game, Move};

/// The puzzle card on screen.
#[derive(Component)]
pub struct PuzzleCard;

/// A puzzle's themes, in the player's words.
fn theme_names(puzzle: &Puzzle, strings: &Strings) -> String {
    let chinese = strings.language == Language::SimplifiedChinese;
    puzzle
        .themes
        .iter()
        .map(|t| {
            let name = strings.get(&theme_key(*t));
            // Chinese may break between any two characters: each name is held whole by
            // word joiners (drawn as nothing), so a narrow card breaks between names
            // ("绕一个 / 圈" was a name cut in two).
            if chinese {
                crate::ui::i18n::held_whole(&name)
            } else {
                // "Quiet / move" had been cut in two: a name's words stay together.
                name.replace(' ', "\u{a0}")
            }
        })
        .collect::<Vec<_>>()
        .join(if chinese { "、" } else { ", " })
}

/// The translation key of a puzzle theme's name.
pub fn theme_key(theme: PuzzleTheme) -> String {
    format!("ptheme.{}", theme.id())
}

/// Stones the solution wins for the player: its captures less the replies'.
fn stones_won(puzzle: &Puzzle) -> i32 {
    puzzle
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| match (m.capture, i % 2) {
            (false, _) => 0,
            (true, 0) => 1,
            (true, _) => -1,
        })
        .sum()
}

/// The task: what the player is to find.
fn task(puzzle: &Puzzle, strings: &Strings) -> String {
    let side = ("side", strings.side(puzzle.position.side_to_move()));
    let mine = puzzle.moves.len().div_ceil(2);
    if mine > 1 {
        // What the line does: the opponent may keep stones at its end (a tester read
        // "the winning line" as taking them all).
        let n = ("n", mine.to_string());
        let won = stones_won(puzzle);
        return if puzzle.themes.contains(&PuzzleTheme::WinsTheGame) {
            strings.fill("puzzle.task.line_game", &[side, n])
        } else if puzzle.themes.contains(&PuzzleTheme::EndgameTechnique) {
            strings.fill("puzzle.task.line_keep", &[side, n])
        } else if won > 1 {
            strings.fill(
                "puzzle.task.line_stones",
                &[side, n, ("k", won.to_string())],
            )
        } else if won == 1 {
            strings.fill("puzzle.task.line_stone", &[side, n])
        } else {
            strings.fill("puzzle.task.line", &[side, n])
        };
    }
    if puzzle.themes.contains(&PuzzleTheme::WinsTheGame) {
        return strings.fill("puzzle.task.game", &[side]);
    }
    match stones_won(puzzle) {
        n if n > 1 => strings.fill("puzzle.task.stones", &[side, ("n", n.to_string())]),
        _ => strings.fill("puzzle.task.stone", &[side]),
    }
}

/// Stones the player is up (less down) on the board, against the puzzle's start.
fn balance(puzzle: &Puzzle, game: &Game) -> i32 {
    let me = puzzle.position.side_to_move();
    let count = |p: &surakarta_engine::Position| {
        p.stones(me).count() as i32 - p.stones(me.other()).count() as i32
    };
    count(game.position()) - count(&puzzle.position)
}

/// What a wrong move, answered, came to (`game`: after the answer), in the task's terms:
/// an endgame's win is gone; a game not won goes on; stones lost, none won, or fewer.
fn after_wrong(puzzle: &Puzzle, game: &Game, strings: &Strings) -> String {
    let n = balance(puzzle, game);
    // "Nothing is won." of a move that let a won endgame go (a tester).
    if puzzle.themes.contains(&PuzzleTheme::EndgameTechnique) {
        return strings.get("puzzle.after.win_gone");
    }
    if puzzle.themes.contains(&PuzzleTheme::WinsTheGame) && n >= 0 {
        return strings.get("puzzle.after.no_win");
    }
    match n {
        n if n < 0 => strings.fill("puzzle.after.down", &[("n", (-n).to_string())]),
        0 => strings.get("puzzle.after.even"),
        // As much as the task asked ("wins a stone"), but not the best: "the right move
        // wins more" contradicted the task (a tester).
        n if n >= stones_won(puzzle) => strings.fill("puzzle.after.also", &[("n", n.to_string())]),
        _ => strings.get("puzzle.after.less"),
    }
}

/// The card's heading and words for the puzzle as it stands.
fn words(run: &PuzzleRun, stats: &PuzzleStats, game: &Game, strings: &Strings) -> (String, String) {
    let Some(c) = &run.current else {
        return (String::new(), String::new());
    };
    let puzzle = c.puzzle();
    let rating = ("rating", puzzle.rating.to_string());
    let heading = match c.kind {
        Kind::Rated => strings.fill("puzzle.title.rated", &[rating]),
        Kind::Daily(day) => strings.fill(
            "puzzle.title.daily",
            &[rating, ("date", super::pack::day_words(day, strings))],
        ),
        Kind::Streak => strings.fill(
            "puzzle.title.streak",
            &[("n", run.streak_solved().to_string())],
        ),
        Kind::Mine => strings.fill(
            "puzzle.title.mine",
            &[
                ("n", (stats.mine.len().saturating_sub(c.index)).to_string()),
                ("total", stats.mine.len().to_string()),
            ],
        ),
    };
    let mut lines = Vec::new();
    match c.state {
        PuzzleState::Solving => {
            let played = game.history();
            let replying = game.side_to_move() != puzzle.position.side_to_move();
            if replying && matches!(progress(puzzle, game), Progress::OnTrack(_)) {
                // The player's right move, the line's reply to come.
                lines.push(strings.get("puzzle.right"));
            } else {
                // Until a move has been judged (after its run round the loops), the words
                // from before it.
                let told = played.len().saturating_sub(usize::from(replying));
                // A hint's words stand while its move waits; once played and answered, the
                // card says the answer as after any move of the line.
                let here = Some(played.len());
                lines.push(match told.checked_sub(1).map(|i| played[i]) {
                    // What a hint shows, while it shows it, comes before Solution's
                    // warning (a tester read "Solution again shows it" beside a hint's
                    // ring and route).
                    // Once the puzzle has counted (a wrong try), a hint costs nothing
                    // more, and the card does not say it will (a tester read "costs
                    // nothing... then counts as missed" after losing 87 points).
                    _ if c.move_shown == here && (c.counted || c.retried) => {
                        strings.get("puzzle.hint_move.counted")
                    }
                    _ if c.move_shown == here => strings.get("puzzle.hint_move"),
                    _ if c.nudged == here && (c.counted || c.retried) => {
                        strings.get("puzzle.hint_stone.counted")
                    }
                    _ if c.nudged == here => strings.get("puzzle.hint_stone"),
                    _ if c.solution_asked => strings.get("puzzle.solution_costs"),
                    None if c.kind == Kind::Mine => strings.fill(
                        "puzzle.task.better",
                        &[("side", strings.side(puzzle.position.side_to_move()))],
                    ),
                    None if c.new_round => {
                        let theme = stats.chosen_theme().map_or_else(
                            || strings.get("puzzles.any_theme"),
                            |t| strings.get(&theme_key(t)),
                        );
                        format!(
                            "{}\n{}",
                            strings.fill("puzzle.round_over", &[("theme", theme)]),
                            task(puzzle, strings)
                        )
                    }
                    None => task(puzzle, strings),
                    Some(reply) => strings.fill(
                        "puzzle.keep_going",
                        &[
                            ("side", strings.side(puzzle.position.side_to_move().other())),
                            ("move", reply.to_string()),
                        ],
                    ),
                });
            }
        }
        // A wrong move counted the miss first: that is what is said, hint or none (a
        // tester read "with a hint: it counts as missed" of a miss already counted).
        PuzzleState::Solved if c.retried => lines.push(strings.get("puzzle.solved_again")),
        PuzzleState::Solved if c.helped => lines.push(strings.get("puzzle.solved_helped")),
        PuzzleState::Solved => lines.push(strings.get("puzzle.solved")),
        PuzzleState::Missed { wrong, reply, .. } => {
            let other = strings.side(puzzle.position.side_to_move().other());
            lines.push(match reply {
                None if game.outcome().is_some() => {
                    strings.fill("puzzle.missed", &[("move", wrong.to_string())])
                }
                None => strings.fill("puzzle.refuting", &[("move", wrong.to_string())]),
                Some(reply) => {
                    let why = after_wrong(puzzle, game, strings);
                    let answered = strings.fill(
                        "puzzle.answered",
                        &[
                            ("move", wrong.to_string()),
                            ("side", other),
                            ("reply", reply.to_string()),
                        ],
                    );
                    // Chinese sentences follow one another without a space.
                    let gap = if answered.ends_with(['。', '！', '？']) {
                        ""
                    } else {
                        " "
                    };
                    format!("{answered}{gap}{why}")
                }
            });
        }
        PuzzleState::Showing { .. } | PuzzleState::Shown => {
            let line: Vec<String> = puzzle.moves.iter().map(Move::to_string).collect();
            lines.push(strings.fill("puzzle.solution", &[("moves", line.join(" "))]));
        }
    }
    let done = match c.state {
        PuzzleState::Solved | PuzzleState::Shown => true,
        PuzzleState::Missed { reply, .. } => reply.is_some() || game.outcome().is_some(),
        PuzzleState::Solving | PuzzleState::Showing { .. } => false,
    };
    if done {
        if let Some((before, after)) = c.rating_change {
            lines.push(strings.fill(
                "puzzle.rating_change",
                &[
                    ("before", before.to_string()),
                    ("after", after.to_string()),
                    ("change", format!("{:+}", after - before)),
                ],
            ));
        }
        if streak_over(c) {
            lines.push(strings.fill(
                "puzzle.streak_over",
                &[
                    ("n", run.streak_solved().to_string()),
                    ("best", stats.best_streak.to_string()),
                ],
            ));
        }
        // A run of first tries, said when it grows past one.
        let counted_first = matches!(c.kind, Kind::Rated | Kind::Daily(_))
            && c.state == PuzzleState::Solved
            && !c.helped
            && !c.retried;
        if counted_first && stats.first_tries > 1 {
            lines.push(strings.fill(
                "puzzle.first_tries",
                &[("n", stats.first_tries.to_string())],
            ));
        }
        if matches!(c.state, PuzzleState::Solved | PuzzleState::Shown) {
            lines.push(strings.fill("puzzle.themes", &[("themes", theme_names(puzzle, strings))]));
        }
    }
    (heading, lines.join("\n"))
}

/// A button of the card: its id, its words' key, what it asks for, and whether it can be
/// pressed now.
type CardButton = (&'static str, &'static str, PuzzleStep, bool);

/// The two buttons after the Puzzles button, by state: the solution, and the main one
/// (try again, or the next puzzle). Both are always there; one that cannot be pressed now
/// is drawn faded in its place, so that a button never moves under the finger ("Try again"
/// had come where "Solution" had been after a wrong move, a tester found).
fn card_buttons(c: &OnBoardPuzzle) -> [CardButton; 2] {
    let next = |on| {
        let key = if c.kind == Kind::Streak && streak_over(c) {
            "button.new_streak"
        } else {
            "button.next_puzzle"
        };
        ("puzzle.next", key, PuzzleStep::Next, on)
    };
    let solution = |on| {
        (
            "puzzle.solution",
            "button.solution",
            PuzzleStep::Solution,
            on,
        )
    };
    match c.state {
        // Giving up is always there, not drawn as the thing to do.
        PuzzleState::Solving => [solution(true), next(false)],
        PuzzleState::Showing { .. } => [solution(false), next(false)],
        // A streak ends at its first miss: no second try.
        PuzzleState::Missed { .. } if c.kind == Kind::Streak => [solution(true), next(true)],
        PuzzleState::Missed { .. } => [
            solution(true),
            ("puzzle.retry", "button.try_again", PuzzleStep::Retry, true),
        ],
        PuzzleState::Solved | PuzzleState::Shown => [solution(false), next(true)],
    }
}

/// The puzzle at the top of the screen: what to find, or how it went, and its buttons.
/// The board below stays free for the moves.
#[derive(SystemParam)]
pub(super) struct CardParts<'w> {
    run: Res<'w, PuzzleRun>,
    stats: Res<'w, PuzzleStats>,
    practice: Res<'w, Practice>,
    strings: Res<'w, Strings>,
    theme: Res<'w, Theme>,
    layout: Res<'w, BoardLayout>,
}

pub(super) fn show_card(
    mut commands: Commands,
    old: Query<Entity, With<PuzzleCard>>,
    parts: CardParts,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(c) = &parts.run.current else { return };
    let (strings, theme) = (&*parts.strings, &*parts.theme);
    let (heading, body) = words(&parts.run, &parts.stats, &parts.practice.0.game, strings);
    let [solution, main] = card_buttons(c);
    spawn_top_card(
        &mut commands,
        &parts.layout,
        theme,
        (DespawnOnExit(Screen::Puzzle), PuzzleCard),
        |card| {
            card.spawn(label(
                crate::ui::top_card::heading_lines(&heading, &parts.layout),
                18.0,
                theme,
            ));
            // Room for five lines from the start: the card, its buttons and the board
            // below it do not move when the verdict comes (with three, a tester's buttons
            // slid 16 points after a solve; with four, 32 points after a Russian solve
            // on a 320-point phone).
            card.spawn(Node {
                flex_direction: FlexDirection::Column,
                flex_shrink: 0.0,
                min_height: px(103),
                ..default()
            })
            .with_children(|words| {
                words.spawn(paragraph(body, theme));
            });
        },
        |card| {
            // In portrait one line of three, whatever their words; beside the board, in
            // landscape, the side is too narrow for that, and each takes its own row.
            let buttons = if parts.layout.portrait {
                CardButtons::in_one_line()
            } else {
                CardButtons::new(&parts.layout)
            };
            // In landscape a column, each button its own line in every state (a row of
            // three that fitted two and one before a wrong move stacked all three after it,
            // "Try again" being wider, and Puzzles stood where Solution had).
            let mut row = if parts.layout.portrait {
                card.spawn(buttons.row())
            } else {
                card.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 0.0,
                    ..default()
                })
            };
            row.with_children(|r| {
                r.spawn(buttons.button(
                    "puzzle.puzzles",
                    strings.get("menu.puzzles"),
                    false,
                    theme,
                ))
                .observe(step(PuzzleStep::Leave));
                for ((id, key, then, on), main) in [(solution, false), (main, true)] {
                    if on {
                        r.spawn(buttons.button(id, strings.get(key), main, theme))
                            .observe(step(then));
                    } else {
                        r.spawn(buttons.faded(format!("{id}.off"), strings.get(key), theme));
                    }
                }
            });
        },
    );
}

/// A button's observer that asks for `then`.
pub fn step(then: PuzzleStep) -> impl Fn(On<Press>, MessageWriter<PuzzleStep>) + Send + Sync {
    move |_: On<Press>, mut steps: MessageWriter<PuzzleStep>| {
        steps.write(then);
    }
}

/// The screen reader hears the task when a puzzle comes, and how it went when it is
/// decided.
pub(super) fn say_what_happened(
    run: Res<PuzzleRun>,
    stats: Res<PuzzleStats>,
    practice: Res<Practice>,
    strings: Res<Strings>,
    mut said_for: Local<Option<(usize, PuzzleState, usize)>>,
    mut say: MessageWriter<Say>,
) {
    let Some(c) = &run.current else {
        *said_for = None;
        return;
    };
    let game = &practice.0.game;
    let now = (c.index, c.state, game.history().len());
    let worth_saying = match c.state {
        PuzzleState::Solving => game.side_to_move() == c.puzzle().position.side_to_move(),
        PuzzleState::Showing { .. } => false,
        _ => true,
    };
    if *said_for == Some(now) || !worth_saying {
        return;
    }
    *said_for = Some(now);
    let (heading, body) = words(&run, &stats, game, &strings);
    say.write(Say(format!("{heading}. {body}")));
}

#[cfg(test)]
mod tests {
    use super::{after_wrong, task};
    use crate::ui::i18n::Strings;
    use surakarta_engine::puzzle::Theme as PuzzleTheme;
    use surakarta_engine::{Game, Move, Ruleset};

    /// A wrong move, answered, is judged in the task's terms: in an endgame kept won, the
    /// win is gone ("Nothing is won." had been said of it); where the game was to be won,
    /// it goes on; where stones were to be won and none were, nothing is won.
    #[test]
    fn a_wrong_move_is_told_in_the_tasks_terms() {
        let strings = Strings::english();
        let mut seen = [false; 3];
        for puzzle in crate::puzzles::pack().iter() {
            let mut game = Game::from_position(puzzle.position, Ruleset::default());
            // A quiet move that is not the solution's first, and a quiet answer.
            let quiet = |g: &Game| -> Vec<Move> {
                g.moves().iter().copied().filter(|m| !m.capture).collect()
            };
            let Some(wrong) = quiet(&game).into_iter().find(|m| *m != puzzle.moves[0]) else {
                continue;
            };
            game.try_play(wrong).unwrap();
            let Some(&reply) = quiet(&game).first() else {
                continue;
            };
            game.try_play(reply).unwrap();
            let said = after_wrong(puzzle, &game, &strings);
            if puzzle.themes.contains(&PuzzleTheme::EndgameTechnique) {
                assert_eq!(said, strings.get("puzzle.after.win_gone"));
                seen[0] = true;
            } else if puzzle.themes.contains(&PuzzleTheme::WinsTheGame) {
                assert_eq!(said, strings.get("puzzle.after.no_win"));
                seen[1] = true;
            } else {
                assert_eq!(said, "Nothing is won.");
                seen[2] = true;
            }
        }
        assert_eq!(seen, [true; 3], "every kind of task met");
    }

    /// Every puzzle of several moves says what its line does, and that is what playing it
    /// out on the board does: the game won (no enemy stone left), or so many stones more
    /// than the player gives, or an endgame kept won ("the winning line" had been read as
    /// taking every stone where the opponent keeps some).
    #[test]
    fn a_lines_task_says_what_playing_it_out_wins() {
        let strings = Strings::english();
        let mut kinds = [0; 4];
        for puzzle in crate::puzzles::pack().iter().filter(|p| p.moves.len() > 2) {
            let words = task(puzzle, &strings);
            let me = puzzle.position.side_to_move();
            let mut game = Game::from_position(puzzle.position, Ruleset::default());
            let count = |g: &Game, side| g.position().stones(side).count() as i32;
            let lead = |g: &Game| count(g, me) - count(g, me.other());
            let before = lead(&game);
            for mv in &puzzle.moves {
                game.try_play(*mv).expect("the solution is legal");
            }
            let won = lead(&game) - before;
            let mine = puzzle.moves.len().div_ceil(2);
            let of = format!("{mine} moves of yours");
            assert!(words.contains(&of), "{words}");
            // Every task says what to find, as the one-move tasks do.
            assert!(words.contains("to move: find"), "{words}");
            if words.contains("wins the game") {
                assert_eq!(count(&game, me.other()), 0, "{words}");
                kinds[0] += 1;
            } else if words.contains("keep the\u{a0}win") {
                assert!(count(&game, me.other()) > 0, "{words}");
                kinds[1] += 1;
            } else if words.contains("wins a stone") {
                assert_eq!(won, 1, "{words}");
                kinds[2] += 1;
            } else {
                assert!(words.contains(&format!("wins {won} stones")), "{words}");
                kinds[3] += 1;
            }
        }
        assert!(kinds.iter().all(|n| *n > 0), "{kinds:?}");
    }
}
