//! The games on the board, the turn, and the messages that move them: every move, whoever
//! chose it, takes one path (chosen, played by the engine, animated, turn ended:
//! `play.rs`) and only then is the next player asked.
//!
//! Two games can be on the board: the player's own ([`Session`], saved and counted) on the
//! menu and game screens, and a lesson's or a reviewed record's ([`Practice`]) on theirs.
//! Neither ever replaces the other; [`OnBoard`] answers which one the board shows.

use crate::shell::navigation::Screen;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surakarta_engine::ai::Level;
use surakarta_engine::{Game, Move, Position, Route, Ruleset, Side};

/// The systems that change the game: commands, moves, the end of a turn.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SessionSystems;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the computer.
    VsComputer { human: Side, level: Level },
    /// Two people sharing one device.
    TwoPlayers,
    /// A person against a friend on another device, through the game server
    /// (`online/`); `me` is this device's side.
    Online { me: Side },
}

/// A seat in an online game: the server, the game, the side and the seat's secret token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// `http(s)://host[:port]`, as [`wire::server_address`] keeps it.
    pub server: String,
    pub id: String,
    pub side: Side,
    pub token: String,
}

impl Seat {
    /// The link that invites a friend to the other seat.
    pub fn invite(&self) -> String {
        format!("{}/?join={}", self.server, self.id)
    }

    /// The link that lets anyone watch the game, read only.
    pub fn watch_link(&self) -> String {
        format!("{}/?watch={}", self.server, self.id)
    }
}

/// The game on the board and who plays it.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    pub game: Game,
    pub mode: Mode,
    /// Varies the computer's choices from game to game, reproducibly.
    pub seed: u64,
    /// The result has been counted in the player's statistics.
    pub counted: bool,
    /// The result's card has been closed: it does not come up again, after a restart
    /// either (the bar's Result opens it).
    pub result_seen: bool,
    /// In an online game, this device's seat in it.
    pub online: Option<Seat>,
}

impl Default for Session {
    fn default() -> Self {
        Session {
            game: Game::new(Ruleset::default()),
            mode: Mode::VsComputer {
                human: Side::Red,
                level: Level::Beginner,
            },
            // Random, not fixed: after a damaged save the next games must not repeat the
            // seeds (and so the record names) of the games before it.
            seed: rand::random(),
            counted: false,
            result_seen: false,
            online: None,
        }
    }
}

impl Session {
    /// True when a person moves for `side`.
    pub fn is_human(&self, side: Side) -> bool {
        match self.mode {
            Mode::VsComputer { human, .. } => human == side,
            Mode::TwoPlayers => true,
            Mode::Online { me } => me == side,
        }
    }

    /// True in a game against a friend online.
    pub fn is_online(&self) -> bool {
        matches!(self.mode, Mode::Online { .. })
    }

    /// True when moves have been played and the game has not ended: something to lose.
    pub fn in_progress(&self) -> bool {
        self.game.outcome().is_none() && !self.game.history().is_empty()
    }

    /// True when it is a person's turn in a game still going on.
    pub fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.is_human(self.game.side_to_move())
    }

    /// The side the person holding the phone played: against the computer or a friend
    /// online, their own; two players on one phone, Red (who sits at the bottom).
    pub fn player_side(&self) -> Side {
        self.own_side().unwrap_or(Side::Red)
    }

    /// The side that is the player's own and the other's not: against the computer or a
    /// friend online (`None` for two players on one device).
    pub fn own_side(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human, .. } => Some(human),
            Mode::Online { me } => Some(me),
            Mode::TwoPlayers => None,
        }
    }

    /// The level the computer plays at, in a game against it.
    pub fn level(&self) -> Option<Level> {
        match self.mode {
            Mode::VsComputer { level, .. } => Some(level),
            Mode::TwoPlayers | Mode::Online { .. } => None,
        }
    }
}

/// The game of a lesson, of a record under review or of a puzzle: on the board on those
/// screens, never saved or counted (and turned only for a puzzle, towards its player).
#[derive(Resource, Clone, Debug, Default)]
pub struct Practice(pub Session);

/// True on the screens that show [`Practice`] rather than the player's game.
fn practising(screen: Option<&State<Screen>>) -> bool {
    screen.is_some_and(|s| matches!(s.get(), Screen::Lesson | Screen::Review | Screen::Puzzle))
}

/// The game the board shows, for the systems that draw it or take taps on it.
#[derive(SystemParam)]
pub struct OnBoard<'w> {
    screen: Option<Res<'w, State<Screen>>>,
    own: Res<'w, Session>,
    practice: Res<'w, Practice>,
}

impl OnBoard<'_> {
    /// The game on the board.
    pub fn session(&self) -> &Session {
        if practising(self.screen.as_deref()) {
            &self.practice.0
        } else {
            &self.own
        }
    }

    /// True when the board shows another game than the player's own.
    pub fn practising(&self) -> bool {
        practising(self.screen.as_deref())
    }

    /// True when the board shows a lesson of the tutorial.
    pub fn lesson(&self) -> bool {
        self.screen
            .as_ref()
            .is_some_and(|s| *s.get() == Screen::Lesson)
    }

    /// True when the board shows a puzzle.
    pub fn puzzle(&self) -> bool {
        self.screen
            .as_ref()
            .is_some_and(|s| *s.get() == Screen::Puzzle)
    }

    /// True when what the board shows changed since the system last ran: a move, another
    /// game, or another screen.
    pub fn is_changed(&self) -> bool {
        self.screen.as_ref().is_some_and(Res::is_changed)
            || if self.practising() {
                self.practice.is_changed()
            } else {
                self.own.is_changed()
            }
    }
}

/// [`OnBoard`], to change: the systems that play moves on the board.
#[derive(SystemParam)]
pub struct OnBoardMut<'w> {
    screen: Option<Res<'w, State<Screen>>>,
    own: ResMut<'w, Session>,
    practice: ResMut<'w, Practice>,
}

impl OnBoardMut<'_> {
    /// The game on the board.
    pub fn session(&mut self) -> &mut Session {
        if practising(self.screen.as_deref()) {
            &mut self.practice.0
        } else {
            &mut self.own
        }
    }

    /// The player's own game, whichever is on the board.
    pub fn own(&mut self) -> &mut Session {
        &mut self.own
    }
}

/// The first `plies` moves of `game` played again from its start, in its rule set: the
/// same position and history, with nothing to redo and no result declared by a player.
pub fn replayed(game: &Game, plies: usize) -> Game {
    let mut again = Game::from_position(*game.start(), *game.rules());
    for &mv in game.history().iter().take(plies) {
        // Moves the game already accepted.
        let _ = again.try_play(mv);
    }
    again
}

/// Where a new game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    /// The rule set's start position.
    #[default]
    Fresh,
    /// A position the player pasted.
    Position(Position),
    /// The record under review as far as it is shown, in its own rule set, its moves kept.
    Here,
}

/// Where the game screen is in a turn.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game | Screen::Lesson | Screen::Review | Screen::Puzzle)]
pub enum Turn {
    /// Waiting for a person's tap.
    #[default]
    Waiting,
    /// The computer is choosing its move on a background task.
    Thinking,
    /// An online game's friend is choosing their move on their own device.
    Remote,
    /// A move (or the board's turn) is being animated; taps change nothing.
    Animating,
    /// The game has ended.
    Over,
}

/// A move was chosen: by a tap, the computer, an accepted hint or a replayed record.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveChosen(pub Move);

/// The engine played a move; `before` is the position it was played in.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    pub mv: Move,
    pub route: Option<Route>,
    pub before: Position,
}

/// The move's animation (and the board's turn, if any) is over.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFinished;

/// What the buttons and panels ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start a new game in this mode and rule set: it replaces the player's game and goes
    /// to the game screen.
    NewGame {
        mode: Mode,
        rules: Ruleset,
        from: Start,
    },
    /// Take back the last move (against the computer: the player's move and the reply).
    Undo,
    /// Play again what Undo took back (against the computer: the move and the reply).
    Redo,
    /// Ask what Hard would play.
    Hint,
    /// Play the move waiting for confirmation.
    Accept,
    /// Drop the move waiting for confirmation.
    Cancel,
    /// End the player's game off the board: a resignation or an agreement.
    End(Ending),
}

/// Start a game against a friend online in this seat: like [`Command::NewGame`], from
/// the start in these rules.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StartOnline {
    /// The rules of the game (the server's).
    pub rules: Ruleset,
    /// The player's seat at the server.
    pub seat: Seat,
}

/// What one player of a two-player game proposes to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proposal {
    /// A draw.
    Draw,
    /// Stopping now: the side with more stones wins.
    Stop,
    /// After an online game: another, colours swapped.
    Rematch,
}

/// The two-player proposal waiting for the other player's answer, and who made it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offer(pub Option<(Proposal, Side)>);

/// How a player's game can end off the board (docs/rules.md: resigning, an agreed draw, the
/// traditional agreed stop won by the side with more stones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side resigns.
    Resign(Side),
    /// Both players agree a draw (or the computer accepts one).
    Draw,
    /// Both players agree to stop; the side with more stones wins.
    Stop,
}

/// The state a position calls for when nothing is moving.
pub fn settled_turn(session: &Session) -> Turn {
    if session.game.outcome().is_some() {
        Turn::Over
    } else if session.is_human(session.game.side_to_move()) {
        Turn::Waiting
    } else if session.is_online() {
        Turn::Remote
    } else {
        Turn::Thinking
    }
}

/// Takes back moves until a person is to move again, having taken back at least one of
/// that person's moves (against the computer: the reply and the move before it). Does
/// nothing when no person's move can be taken back, nor once the game is over: a finished
/// game stays as it was recorded (the review explores it).
pub fn undo(session: &mut Session) {
    if session.game.outcome().is_some() {
        return;
    }
    let mode = session.mode;
    let game = &mut session.game;
    let human = match mode {
        Mode::VsComputer { human, .. } => human,
        Mode::TwoPlayers => {
            game.undo();
            return;
        }
        // A move sent to a friend is theirs to answer: nothing is taken back.
        Mode::Online { .. } => return,
    };
    let before = game.clone();
    while game.undo().is_some() {
        // The side to move is now the one whose move was taken back.
        if game.side_to_move() == human {
            return;
        }
    }
    *game = before;
}

/// Plays again the moves Undo took back until a person is to move again (against the
/// computer: the player's move and the reply Undo took with it). Does nothing when there
/// is nothing to redo.
pub fn redo(session: &mut Session) {
    let mode = session.mode;
    let game = &mut session.game;
    match mode {
        Mode::TwoPlayers => {
            game.redo();
        }
        Mode::Online { .. } => {}
        Mode::VsComputer { human, .. } => {
            while game.redo().is_some() {
                if game.side_to_move() == human || game.outcome().is_some() {
                    return;
                }
            }
        }
    }
}
