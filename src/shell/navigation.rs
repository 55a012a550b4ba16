//! Where the player is: the [`Screen`], the [`Panel`] over it, and the one way to change
//! either. Screens and panels change them through [`Navigator`]; code that is neither (the
//! session, the analysis, the online game) writes a [`Navigate`] message, which is
//! followed at the end of the same frame. Nothing else writes `NextState<Screen>` or
//! `NextState<Panel>`.
//!
//! Adding a panel: a line in the `panels!` list below (its name for the command line and
//! the reports comes with it), its file in `panels/`, and whatever opens it.

use super::awake::KeepAwake;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.wake_on_state::<Screen>().wake_on_state::<Panel>();
    app.init_state::<Screen>()
        .init_state::<Panel>()
        .add_message::<Navigate>()
        .configure_sets(
            Update,
            (
                GameSet::Input,
                GameSet::Rules,
                GameSet::Animate,
                GameSet::Present,
            )
                .chain(),
        )
        .add_systems(PostUpdate, follow);
}

/// The screens of the app. The board is always there; what is on it depends on the
/// screen: the player's own game (menu, game), a lesson's, a record's or a puzzle's
/// (`session::Practice`).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The menu the app opens on, over the player's game (`screens/menu.rs`).
    #[default]
    Menu,
    /// The player's game being played, or finished (`screens/game.rs`).
    Game,
    /// A tutorial lesson on the board (`screens/lesson.rs`).
    Lesson,
    /// A game record stepped through move by move (`screens/review.rs`).
    Review,
    /// A puzzle on the board (`puzzles/screen.rs`).
    Puzzle,
}

/// Writes [`Panel`] from one list: each card with its name in reports and on the command
/// line, so a new panel is one line here.
macro_rules! panels {
    ($($(#[$doc:meta])* $panel:ident => $name:literal,)*) => {
        /// The card over the screen, at most one at a time; each is one file in `panels/`,
        /// spawned on enter and despawned on exit.
        #[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub enum Panel {
            /// No card: the screen itself (the menu, or the board) takes the taps.
            #[default]
            None,
            $($(#[$doc])* $panel,)*
        }

        impl Panel {
            /// Every card, in the order of the list.
            pub const ALL: &[Panel] = &[$(Panel::$panel),*];

            /// Its name in reports and on the command line.
            pub fn name(self) -> Option<&'static str> {
                match self {
                    Panel::None => None,
                    $(Panel::$panel => Some($name),)*
                }
            }
        }
    };
}

panels! {
    /// Choosing a new game: who plays, how strong the computer is, which rules.
    NewGame => "new-game",
    /// The player's settings.
    Settings => "settings",
    /// The player's record against each level.
    Stats => "stats",
    /// The rules, with small boards.
    Rules => "rules",
    /// The saved games, to review, copy or open.
    Records => "records",
    /// "Leave the game?", after Back during a game.
    Leave => "leave",
    /// "Start a new game?", before a new game replaces one in progress.
    Replace => "replace",
    /// The result of the player's game.
    GameOver => "game-over",
    /// Ending the game in progress: offer a draw, stop and count, resign.
    EndGame => "end-game",
    /// "Resign?", before the player's game is given up.
    Resign => "resign",
    /// A two-player offer (a draw, or stopping to count) put to the other player.
    Offer => "offer",
    /// Strategy: how to play well, with small boards.
    Strategy => "strategy",
    /// The moves of the game on the board (in a review: tap one to go there).
    Moves => "moves",
    /// The link that invites a friend to an online game, to share or copy.
    Invite => "invite",
    /// Why an online game could not be made or joined, with Try again.
    Problem => "problem",
    /// The player's online games in progress, to put one on the board.
    OnlineGames => "online-games",
    /// Puzzles: the player's puzzle rating, the next puzzle, the daily one, a streak, themes.
    Puzzles => "puzzles",
    /// The tutorial's lessons: progress, Continue, and each lesson to go back to or skip to.
    Lessons => "lessons",
}

impl Panel {
    /// The panel of that name (as [`Panel::name`] gives it).
    pub fn named(name: &str) -> Option<Panel> {
        Panel::ALL.iter().copied().find(|p| p.name() == Some(name))
    }
}

/// The frame, in order: taps become squares, squares become moves and moves change the
/// game, moves start and end their animations, then the screen shows the result.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Taps and keys become squares and commands.
    Input,
    /// Squares become moves; moves change the game.
    Rules,
    /// Moves start and end their animations.
    Animate,
    /// The screen shows the result.
    Present,
}

/// A change of place asked for by code that is not a screen or a panel; followed at the
/// end of the frame, so the new screen or card is there on the next.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigate {
    /// To this screen; the card over it stays as it is.
    Go(Screen),
    /// This card over the screen there is.
    Open(Panel),
    /// To this screen, with this card over it.
    GoAndOpen(Screen, Panel),
}

/// The one helper that changes the screen and the card.
#[derive(SystemParam)]
pub struct Navigator<'w> {
    screen: ResMut<'w, NextState<Screen>>,
    panel: ResMut<'w, NextState<Panel>>,
}

impl Navigator<'_> {
    /// Shows this screen; the card over it stays as it is.
    pub fn go(&mut self, screen: Screen) {
        (*self.screen).set_if_neq(screen);
    }

    /// Opens this card (`Panel::None` closes the one open).
    pub fn open(&mut self, panel: Panel) {
        (*self.panel).set_if_neq(panel);
    }

    /// Closes the card open.
    pub fn close(&mut self) {
        self.open(Panel::None);
    }

    /// Does what a [`Navigate`] message asks.
    pub fn follow(&mut self, request: Navigate) {
        match request {
            Navigate::Go(screen) => self.go(screen),
            Navigate::Open(panel) => self.open(panel),
            Navigate::GoAndOpen(screen, panel) => {
                self.go(screen);
                self.open(panel);
            }
        }
    }
}

fn follow(mut requests: MessageReader<Navigate>, mut nav: Navigator) {
    for &request in requests.read() {
        nav.follow(request);
    }
}
