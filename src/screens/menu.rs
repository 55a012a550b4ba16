//! The menu the app opens on, over the player's game, in one order whatever the state:
//! Continue (back to the board), Moves (once the game has one) and the online game's link,
//! a game against the computer and for two players, the online games kept, Play online,
//! Tutorial, Puzzles, Game records, Rules, Strategy, Settings and Statistics. The main
//! button is Continue while a game goes on, after it a new game of the same kind; Your
//! online games while the player's clock runs in one not on the board.

use crate::game::session::{Session, Start};
use crate::panels::new_game::OpenNewGame;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, clear_card, label, row, styled_button};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_computed_state::<MenuShown>()
        .add_systems(OnEnter(MenuShown), spawn)
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(MenuShown).and_then(
                        resource_changed::<Strings>
                            .or_else(resource_changed::<BoardLayout>)
                            .or_else(friend_came)
                            .or_else(move_elsewhere_came),
                    ),
                )
                .in_set(GameSet::Present),
        );
}

/// The friend has taken the other seat of the online game (or left it free again): the
/// menu's Invite link comes or goes.
fn friend_came(link: Res<crate::online::Link>, mut was: Local<bool>) -> bool {
    let now = link.waiting_for_friend();
    std::mem::replace(&mut *was, now) != now
}

/// The player's move has come (or gone) in another online game: Your online games is
/// the main button while it stands.
fn move_elsewhere_came(
    listing: Res<crate::online::games::Listing>,
    games: Res<crate::online::OnlineGames>,
    session: Res<Session>,
    mut was: Local<bool>,
) -> bool {
    let now =
        listing.move_elsewhere(&games, &session).is_some() || listing.rematch_elsewhere().is_some();
    std::mem::replace(&mut *was, now) != now
}

/// The menu's card is on screen: the menu screen with no panel over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MenuShown;

impl ComputedStates for MenuShown {
    type SourceStates = (Screen, Panel);

    fn compute((screen, panel): (Screen, Panel)) -> Option<Self> {
        (screen == Screen::Menu && panel == Panel::None).then_some(MenuShown)
    }
}

/// Where the menu's first entry, and Back on the menu, lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WayBack {
    /// The player's game.
    Game,
    /// The lesson left for the menu ([`LessonStep::Resume`](crate::screens::lesson::LessonStep)).
    Lesson,
    /// The puzzle left for the menu ([`PuzzleStep::Resume`](crate::puzzles::PuzzleStep)).
    Puzzle,
}

/// The way back from the menu: to the board the player left it from. An online game that
/// goes on (from its first move on, whoever is to make it: its clock may run) comes first;
/// then a lesson or puzzle left for the menu and not left behind for the game since (a
/// player who opened the menu in a lesson expects its close to go back to the lesson, even
/// with a game of theirs waiting: a tester was taken to the game); else the board.
pub fn way_back(
    session: &Session,
    lesson: &crate::screens::lesson::LeftLesson,
    puzzle: &crate::puzzles::LeftPuzzle,
) -> WayBack {
    let online_on = session.is_online() && session.game.outcome().is_none();
    if online_on {
        WayBack::Game
    } else if lesson.for_the_menu() {
        WayBack::Lesson
    } else if puzzle.for_the_menu() {
        WayBack::Puzzle
    } else {
        WayBack::Game
    }
}

/// An entry of the menu and what it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Continue,
    /// Back to the lesson left for the menu, in Continue's place while no game goes on.
    BackToLesson,
    /// Back to the puzzle left for the menu, likewise.
    BackToPuzzle,
    NewGame {
        two_players: bool,
    },
    Online,
    Tutorial,
    Watchers,
    Open(Panel),
}

fn spawn(
    mut cards: Cards,
    session: Res<Session>,
    link: Res<crate::online::Link>,
    games: Res<crate::online::OnlineGames>,
    (left_lesson, left_puzzle, layout, listing): (
        Res<crate::screens::lesson::LeftLesson>,
        Res<crate::puzzles::LeftPuzzle>,
        Res<BoardLayout>,
        Res<crate::online::games::Listing>,
    ),
) {
    // The entries' words: a little smaller on a narrow phone, where a pair's halves are
    // too narrow for "Пригласить зрителей" at 20 points.
    let size = if layout.window.x < 360.0 { 18.0 } else { 20.0 };
    let in_progress = session.in_progress();
    // An online game goes on from its first move on, whoever is to make it.
    let online_on = session.is_online() && session.game.outcome().is_none();
    let going_on = in_progress || online_on;
    let back_to = match way_back(&session, &left_lesson, &left_puzzle) {
        WayBack::Lesson => Some((Entry::BackToLesson, "menu.to_lesson")),
        WayBack::Puzzle => Some((Entry::BackToPuzzle, "menu.to_puzzle")),
        WayBack::Game => None,
    };
    // One order whatever the state, every entry always in its place (a finger that learnt
    // where "Play a friend online" is finds it there): back to the board first, the game's
    // own entries (its moves, its link), new games, then the rest. An entry that does not
    // apply now is faded and does nothing; only which entry is the main button changes:
    // Continue while a game goes on, after it a game of the same kind. Ending a game is the
    // board's own (the bar's End).
    let has_moves = !session.game.history().is_empty();
    let waiting = online_on && link.waiting_for_friend();
    // Kept games besides the one on the board, or one ended away whose friend offers a
    // rematch (it is answered from the list).
    let rematch = listing.rematch_elsewhere().is_some();
    let elsewhere = games.elsewhere(&session).next().is_some() || rematch;
    // The first row is the way back: to the lesson or puzzle just left, or to the board;
    // with a game of the player's going on behind a lesson or puzzle, both, side by side
    // (the way back first), so that the game is still one tap away.
    let first_row: Vec<(Entry, &str, bool)> = match back_to {
        Some((entry, key)) if going_on => {
            vec![(entry, key, true), (Entry::Continue, "menu.continue", true)]
        }
        Some((entry, key)) => vec![(entry, key, true)],
        None => vec![(Entry::Continue, "menu.continue", true)],
    };
    let rows_first = first_row.len();
    let rest_entries = [
        (Entry::Open(Panel::Moves), "menu.moves", has_moves),
        // The invite card gives the link while the seat is free; after, the link that lets
        // others watch.
        if waiting {
            (Entry::Open(Panel::Invite), "menu.invite", true)
        } else {
            (Entry::Watchers, "menu.watchers", online_on)
        },
        (
            Entry::NewGame { two_players: false },
            "newgame.vs_computer",
            true,
        ),
        (
            Entry::NewGame { two_players: true },
            "newgame.two_players",
            true,
        ),
        (Entry::Online, "menu.online", true),
        // Online games kept besides the one on the board (`online/games.rs`).
        (
            Entry::Open(Panel::OnlineGames),
            "menu.online_games",
            elsewhere,
        ),
        (Entry::Tutorial, "menu.tutorial", true),
        (Entry::Open(Panel::Puzzles), "menu.puzzles", true),
        (Entry::Open(Panel::Records), "menu.records", true),
        (Entry::Open(Panel::Rules), "menu.rules", true),
        (Entry::Open(Panel::Strategy), "menu.strategy", true),
        (Entry::Open(Panel::Settings), "menu.settings", true),
        (Entry::Open(Panel::Stats), "menu.statistics", true),
    ];
    let entries: Vec<_> = first_row.into_iter().chain(rest_entries).collect();
    // How many of the entries each row holds, in order (the first: the way back's).
    let rows = [rows_first, 2, 1, 1, 1, 1, 2, 2, 2, 1];
    debug_assert_eq!(rows.iter().sum::<usize>(), entries.len());
    // The player's clock runs in another online game: the way there is the main button.
    // Otherwise where Back leads is.
    let main = if listing.move_elsewhere(&games, &session).is_some() || rematch {
        Entry::Open(Panel::OnlineGames)
    } else if let Some((entry, _)) = back_to {
        entry
    } else if going_on {
        Entry::Continue
    } else if matches!(session.mode, crate::game::session::Mode::Online { .. }) {
        // After an online game, another with a friend: the kind just played.
        Entry::Online
    } else {
        Entry::NewGame {
            two_players: session.mode == crate::game::session::Mode::TwoPlayers,
        }
    };
    // A board with nothing begun on it (a first start, a new game not yet played): the
    // first entry goes there, and says so; "Continue" promised a game that was never begun.
    // Nor after the game: the board there is finished ("Continue" led a tester to a board
    // where nothing could be played).
    let untouched = !going_on
        && back_to.is_none()
        && (session.game.history().is_empty() || session.game.outcome().is_some());
    cards.spawn(
        DespawnOnExit(MenuShown),
        |c, strings, theme| {
            c.spawn(label(strings.get("app.title"), 36.0, theme));
            // Two to a row where they are a pair (the game's moves and its link, the tutorial
            // and the puzzles...), so that the whole menu fits a phone without scrolling.
            let mut rest = entries.iter().copied();
            for width in rows {
                let row_entries: Vec<_> = rest.by_ref().take(width).collect();
                let paired = width > 1;
                c.spawn(row()).with_children(|r| {
                    for (entry, key, applies) in row_entries {
                        // The entry most players want now: drawn as the main button; one that
                        // does not apply now, faded.
                        let (bg, fg) = if entry == main {
                            (theme.button, theme.button_text)
                        } else if applies {
                            (theme.bar, theme.bar_text)
                        } else {
                            (theme.bar, theme.bar_text.with_alpha(0.35))
                        };
                        let id = format!("menu.{}", key.rsplit('.').next().unwrap_or(key));
                        let words = if entry == Entry::Continue && untouched {
                            strings.get("menu.to_board")
                        } else if entry == Entry::Continue && back_to.is_some() {
                            // Beside "Back to the lesson", a bare "Continue" read as the
                            // lesson's (a tester's words): it says whose it is.
                            strings.get("menu.to_game")
                        } else {
                            strings.get(key)
                        };
                        let mut button =
                            r.spawn(styled_button(id, words.clone(), bg, fg, size, true));
                        if paired {
                            // Halves of the row, the words wrapping inside if they must; never
                            // narrower than the longest word and the padding (a long word on a
                            // small phone takes room from its shorter neighbour).
                            button.entry::<Node>().and_modify(|mut node| {
                                node.flex_basis = px(0);
                                node.min_width = Val::Auto;
                                node.padding.left = px(10);
                                node.padding.right = px(10);
                            });
                        }
                        if applies {
                            button.observe(move |_: On<Press>, mut go: Go| go.to(entry));
                        } else {
                            // A screen reader says it is unavailable, as the fading shows.
                            let mut spoken = accesskit::Node::new(accesskit::Role::Button);
                            spoken.set_label(words);
                            spoken.set_disabled();
                            button.insert(bevy::a11y::AccessibilityNode::from(spoken));
                        }
                    }
                });
            }
        },
        |_, _, _| {},
    );
}

/// Where the menu's entries lead.
#[derive(bevy::ecs::system::SystemParam)]
struct Go<'w> {
    nav: Navigator<'w>,
    new_game: OpenNewGame<'w>,
    inviting: ResMut<'w, crate::panels::invite::Inviting>,
    lessons: MessageWriter<'w, crate::screens::lesson::LessonStep>,
    puzzles: MessageWriter<'w, crate::puzzles::PuzzleStep>,
}

impl Go<'_> {
    fn to(&mut self, entry: Entry) {
        match entry {
            Entry::Continue => self.nav.go(Screen::Game),
            Entry::BackToLesson => {
                self.lessons
                    .write(crate::screens::lesson::LessonStep::Resume);
            }
            Entry::BackToPuzzle => {
                self.puzzles.write(crate::puzzles::PuzzleStep::Resume);
            }
            Entry::NewGame { two_players } => self.new_game.open(Some(two_players), Start::Fresh),
            Entry::Online => self.new_game.open_online(),
            Entry::Tutorial => self.nav.open(Panel::Lessons),
            Entry::Watchers => {
                *self.inviting = crate::panels::invite::Inviting::Watchers;
                self.nav.open(Panel::Invite);
            }
            Entry::Open(panel) => self.nav.open(panel),
        }
    }
}
