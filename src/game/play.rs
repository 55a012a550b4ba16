//! The turn flow: the commands of the buttons and panels, the move chosen (by a tap, the
//! computer, the friend online) played by the engine, and the turn settled when its
//! animation has ended. Every move takes this one path, and only then is the next player
//! asked. The games themselves are in `session.rs`.

use super::records::Records;
use super::session::{
    Command, Ending, Mode, MoveChosen, MoveFinished, MovePlayed, Offer, OnBoard, OnBoardMut,
    Practice, Seat, Session, SessionSystems, Start, StartOnline, Turn, redo, replayed,
    settled_turn, undo,
};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigate, Screen};
use bevy::prelude::*;
use surakarta_engine::Game;

pub(super) fn plugin(app: &mut App) {
    app.wake_on_state::<Turn>()
        .wake_on::<MoveChosen>()
        .wake_on::<MovePlayed>()
        .wake_on::<MoveFinished>()
        .wake_on::<Command>()
        .wake_on_change::<Session>()
        .wake_on_change::<Practice>();
    app.init_resource::<Session>()
        .init_resource::<Practice>()
        .init_resource::<Offer>()
        .add_sub_state::<Turn>()
        .add_message::<MoveChosen>()
        .add_message::<MovePlayed>()
        .add_message::<MoveFinished>()
        .add_message::<Command>()
        .add_message::<StartOnline>()
        .add_systems(OnEnter(Screen::Game), resume_turn)
        .add_systems(OnEnter(Screen::Lesson), resume_turn)
        .add_systems(OnEnter(Screen::Review), resume_turn)
        .add_systems(OnEnter(Screen::Puzzle), resume_turn)
        .add_systems(
            Update,
            (handle_commands, play_chosen_move, finish_turn)
                .chain()
                .in_set(GameSet::Rules)
                .in_set(SessionSystems),
        )
        .add_systems(Update, clear_notice.in_set(GameSet::Present));
}

fn resume_turn(board: OnBoard, mut next: ResMut<NextState<Turn>>) {
    next.set(settled_turn(board.session()));
}

fn handle_commands(
    mut commands: MessageReader<Command>,
    mut online: MessageReader<StartOnline>,
    mut board: OnBoardMut,
    turn: Option<Res<State<Turn>>>,
    mut next: ResMut<NextState<Turn>>,
    mut navigate: MessageWriter<Navigate>,
    mut records: ResMut<Records>,
) {
    for command in commands.read() {
        match *command {
            Command::NewGame { mode, rules, from } => {
                let shown = board.session().game.clone();
                let game = match from {
                    Start::Fresh => Game::new(rules),
                    Start::Position(p) => Game::from_position(p, rules),
                    Start::Here => replayed(&shown, shown.history().len()),
                };
                begin(board.own(), &mut records, game, mode, None);
                navigate.write(Navigate::Go(Screen::Game));
                next.set(settled_turn(board.own()));
            }
            Command::Undo | Command::Redo => {
                // Not while a move runs round the board, nor off the game's screens.
                let animating = turn.as_ref().is_some_and(|t| *t.get() == Turn::Animating);
                if turn.is_none() || animating {
                    continue;
                }
                if *command == Command::Undo {
                    undo(board.session());
                } else {
                    redo(board.session());
                }
                next.set(settled_turn(board.session()));
            }
            Command::End(ending) => {
                // Only the player's own game ends so, and only while it is going on.
                let own = board.own();
                if own.game.outcome().is_some() {
                    continue;
                }
                match ending {
                    Ending::Resign(side) => own.game.resign(side),
                    Ending::Draw => own.game.agree_draw(),
                    Ending::Stop => own.game.agree_stop(),
                }
                // The game screen shows the end as it shows one on the board (entering it
                // settles the turn; on it, the turn is settled here).
                navigate.write(Navigate::Go(Screen::Game));
                if turn.is_some() {
                    next.set(settled_turn(own));
                }
            }
            Command::Hint | Command::Accept | Command::Cancel => {}
        }
    }
    for StartOnline { rules, seat } in online.read().cloned() {
        let me = seat.side;
        let game = Game::new(rules);
        begin(
            board.own(),
            &mut records,
            game,
            Mode::Online { me },
            Some(seat),
        );
        navigate.write(Navigate::Go(Screen::Game));
        if turn.is_some() {
            next.set(settled_turn(board.own()));
        }
    }
}

/// The player's game replaced by a new one; each game's computer gets the next seed. A game
/// in progress is never lost: it goes to Game records first (on the writer thread); an
/// online one stays in the list of online games, connected, and goes to Game records
/// when it ends.
fn begin(own: &mut Session, records: &mut Records, game: Game, mode: Mode, online: Option<Seat>) {
    if own.in_progress()
        && own.online.is_none()
        && let Err(e) = records.save(own, true)
    {
        warn!("the game in progress could not be kept: {e}");
    }
    let seed = own
        .seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *own = Session {
        game,
        mode,
        seed,
        counted: false,
        result_seen: false,
        online,
    };
}

fn play_chosen_move(
    mut chosen: MessageReader<MoveChosen>,
    mut played: MessageWriter<MovePlayed>,
    mut board: OnBoardMut,
    mut next: ResMut<NextState<Turn>>,
) {
    // One move a frame: anything chosen after it in the same frame is stale.
    let Some(&MoveChosen(mv)) = chosen.read().next() else {
        return;
    };
    chosen.clear();
    let session = board.session();
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
    board: OnBoard,
    mut next: ResMut<NextState<Turn>>,
) {
    if finished.read().count() > 0 {
        next.set(settled_turn(board.session()));
    }
}

/// The notice stays until the player moves or starts a game.
fn clear_notice(
    mut played: MessageReader<MovePlayed>,
    mut commands: MessageReader<Command>,
    mut notice: ResMut<crate::ui::notice::Notice>,
) {
    let acted = played.read().count() + commands.read().count() > 0;
    if acted && notice.0.is_some() {
        notice.0 = None;
    }
}
