//! The game being played and its turn flow: every move, whoever chose it, takes one path
//! (chosen, played by the engine, animated, turn ended) and only then is the next player
//! asked.

use crate::{GameSet, Screen};
use bevy::prelude::*;
use surakarta_engine::ai::Level;
use surakarta_engine::{Game, Move, Position, Route, Ruleset, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Session>()
        .init_resource::<Aside>()
        .add_sub_state::<Turn>()
        .add_message::<MoveChosen>()
        .add_message::<MovePlayed>()
        .add_message::<MoveFinished>()
        .add_message::<Command>()
        .add_systems(OnEnter(Screen::Game), resume_turn)
        .add_systems(
            Update,
            (handle_commands, play_chosen_move, finish_turn)
                .chain()
                .in_set(GameSet::Rules)
                .in_set(SessionSystems),
        );
}

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
}

impl Default for Session {
    fn default() -> Self {
        Session {
            game: Game::new(Ruleset::default()),
            mode: Mode::VsComputer {
                human: Side::Red,
                level: Level::Medium,
            },
            seed: 1,
            counted: false,
        }
    }
}

impl Session {
    /// True when a person moves for `side`.
    pub fn is_human(&self, side: Side) -> bool {
        match self.mode {
            Mode::VsComputer { human, .. } => human == side,
            Mode::TwoPlayers => true,
        }
    }

    /// True when it is a person's turn in a game still going on.
    pub fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.is_human(self.game.side_to_move())
    }

    /// The level the computer plays at, in a game against it.
    pub fn level(&self) -> Option<Level> {
        match self.mode {
            Mode::VsComputer { level, .. } => Some(level),
            Mode::TwoPlayers => None,
        }
    }
}

/// The player's own game, put aside while something else is on the board: a lesson, or a
/// game record under review. Such a board is never saved, counted in the statistics or
/// turned; the player's game comes back, untouched, when it is left.
#[derive(Resource, Clone, Debug, Default)]
pub struct Aside(pub Option<Session>);

impl Aside {
    /// True while the board shows something other than the player's game.
    pub fn active(&self) -> bool {
        self.0.is_some()
    }

    /// The player's game: the one put aside, or the one on the board.
    pub fn real<'a>(&'a self, session: &'a Session) -> &'a Session {
        self.0.as_ref().unwrap_or(session)
    }

    /// Puts the player's game aside and shows `other` instead. Twice in a row (the next
    /// lesson) keeps the player's game, not the lesson.
    pub fn show(&mut self, session: &mut Session, other: Session) {
        let own = std::mem::replace(session, other);
        if self.0.is_none() {
            self.0 = Some(own);
        }
    }

    /// Brings the player's game back to the board.
    pub fn restore(&mut self, session: &mut Session) {
        if let Some(own) = self.0.take() {
            *session = own;
        }
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
    /// The game on the board as it stands, in its own rule set, its moves kept (a record
    /// under review).
    Here,
}

/// Where the game screen is in a turn.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
pub enum Turn {
    /// Waiting for a person's tap.
    #[default]
    Waiting,
    /// The computer is choosing its move on a background task.
    Thinking,
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
    /// Start a new game in this mode and rule set. It replaces the player's game, also
    /// one put aside.
    NewGame {
        mode: Mode,
        rules: Ruleset,
        from: Start,
    },
    /// Take back the last move (against the computer: the player's move and the reply).
    Undo,
    /// Ask what Hard would play.
    Hint,
    /// Play the move waiting for confirmation.
    Accept,
    /// Drop the move waiting for confirmation.
    Cancel,
}

/// The state a position calls for when nothing is moving.
pub fn settled_turn(session: &Session) -> Turn {
    if session.game.outcome().is_some() {
        Turn::Over
    } else if session.is_human(session.game.side_to_move()) {
        Turn::Waiting
    } else {
        Turn::Thinking
    }
}

fn resume_turn(session: Res<Session>, mut next: ResMut<NextState<Turn>>) {
    next.set(settled_turn(&session));
}

fn handle_commands(
    mut commands: MessageReader<Command>,
    mut session: ResMut<Session>,
    mut aside: ResMut<Aside>,
    turn: Res<State<Turn>>,
    mut next: ResMut<NextState<Turn>>,
) {
    for command in commands.read() {
        match *command {
            Command::NewGame { mode, rules, from } => {
                let seed = session
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let game = match from {
                    Start::Fresh => Game::new(rules),
                    Start::Position(p) => Game::from_position(p, rules),
                    Start::Here => replayed(&session.game, session.game.history().len()),
                };
                aside.0 = None;
                *session = Session {
                    game,
                    mode,
                    seed,
                    counted: false,
                };
            }
            Command::Undo => {
                if *turn.get() == Turn::Animating {
                    continue;
                }
                undo(&mut session);
            }
            Command::Hint | Command::Accept | Command::Cancel => continue,
        }
        next.set(settled_turn(&session));
    }
}

/// Takes back moves until a person is to move again, having taken back at least one of
/// that person's moves (against the computer: the reply and the move before it). Does
/// nothing when no person's move can be taken back.
pub fn undo(session: &mut Session) {
    let mode = session.mode;
    let game = &mut session.game;
    let Mode::VsComputer { human, .. } = mode else {
        game.undo();
        return;
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

fn play_chosen_move(
    mut chosen: MessageReader<MoveChosen>,
    mut played: MessageWriter<MovePlayed>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Turn>>,
) {
    // One move a frame: anything chosen after it in the same frame is stale.
    let Some(&MoveChosen(mv)) = chosen.read().next() else {
        return;
    };
    chosen.clear();
    let before = *session.game.position();
    let route = before.preferred_route(mv);
    match session.game.try_play(mv) {
        Ok(()) => {
            played.write(MovePlayed { mv, route, before });
            next.set(Turn::Animating);
        }
        Err(e) => warn!("ignored a move the engine refused: {e}"),
    }
}

fn finish_turn(
    mut finished: MessageReader<MoveFinished>,
    session: Res<Session>,
    mut next: ResMut<NextState<Turn>>,
) {
    if finished.read().count() > 0 {
        next.set(settled_turn(&session));
    }
}
