//! The camera, and which way the board faces: towards a person playing Black against the
//! computer, and in two-player games (when the setting is on) towards the player to move.
//! The turn after a move is part of the move's animation (`animation.rs`); outside one,
//! the board simply faces the right way.

use crate::game::session::{Mode, MovePlayed, OnBoard, Session, Turn};
use crate::settings::Settings;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Panel, Screen};
use crate::ui::layout::BoardLayout;
use bevy::prelude::*;
use std::f32::consts::PI;
use surakarta_engine::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Bottom>()
        .init_resource::<TableTurn>()
        .init_resource::<AtTheTable>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (follow_the_table, turn_to_the_table)
                .chain()
                .in_set(GameSet::Present),
        )
        .wake_while(
            |board: OnBoard,
             settings: Res<Settings>,
             table: Res<TableTurn>,
             at: Res<AtTheTable>| { table.0 != table_target(&board, &settings, *at) },
        )
        .add_systems(
            Update,
            snap_view
                .run_if(not(in_state(Turn::Animating)).and_then(no_move_played))
                .in_set(GameSet::Present),
        )
        .add_systems(PostUpdate, place_camera.before(TransformSystems::Propagate));
}

/// The side a screen asks to have at the bottom whatever the game's mode (the review's:
/// the side the player played, or the other once turned); `None`: as the game decides.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bottom(pub Option<Side>);

/// The camera that shows the board.
#[derive(Component)]
pub struct BoardCamera;

/// Present while the board is turning.
#[derive(Component)]
pub struct Turning;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera, Transform::default()));
}

/// Whether the board should face Black (turned half a circle): a player alone playing
/// Black. Two players at one phone sit on either side of it, each behind their own
/// stones: the board stays as it lies, and with the setting on the words turn to face the
/// player to move instead ([`TableTurn`]). (Turned as well, the board showed Black the
/// red stones nearest.)
pub fn faces_black(session: &Session) -> bool {
    match session.mode {
        Mode::VsComputer { human, .. } | Mode::Online { me: human } => human == Side::Black,
        Mode::TwoPlayers => false,
    }
}

/// How far the words (bars, cards, the board's files and ranks) are turned to face the
/// player to move across the table, in radians: a half turn for Black in a two-player game
/// with the setting on, none otherwise. It turns once the move's stone has landed.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TableTurn(pub f32);

impl TableTurn {
    /// The turn as a rotation of the board's plane.
    pub fn rotation(self) -> Quat {
        Quat::from_rotation_z(self.0)
    }
}

/// Whether the two players' game is what the player came from: its board, or the menu
/// opened from it. The menu opened from a puzzle, a lesson or a review (or at the app's
/// start) is read by whoever held that screen, the usual way up, even with a two-player
/// game at Black's turn behind it (it had faced Black).
///
/// The second: a finished game's result is on its way or on screen over its board (the
/// words face the winner until the result is closed, then the usual way, as at rest: one
/// tester found everything upside down for the phone's owner after Black won, another the
/// menu turning away from Black while the bars still faced Black).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct AtTheTable(bool, bool);

fn follow_the_table(
    screen: Option<Res<State<Screen>>>,
    panel: Option<Res<State<Panel>>>,
    result: Option<Res<crate::screens::game::ResultDelay>>,
    mut was: Local<Option<Screen>>,
    mut at: ResMut<AtTheTable>,
) {
    let Some(screen) = screen.map(|s| *s.get()) else {
        return;
    };
    let now = if *was == Some(screen) {
        at.0
    } else {
        match screen {
            Screen::Game => true,
            Screen::Menu => *was == Some(Screen::Game),
            _ => false,
        }
    };
    *was = Some(screen);
    let result_up = screen == Screen::Game
        && (panel.is_some_and(|p| *p.get() == Panel::GameOver)
            || result.is_some_and(|r| r.pending()));
    at.set_if_neq(AtTheTable(now, result_up));
}

/// Where the words should face now: Black's side of the table in a two-player game with
/// the setting on (its board, or the menu opened from it) when Black is to move, or won;
/// else the usual way. A finished game's result faces its winner (it had stayed with the
/// side that would have moved next: the loser) until it is closed; then the usual way.
fn table_target(board: &OnBoard, settings: &Settings, at: AtTheTable) -> f32 {
    let session = board.session();
    let over = session.game.outcome();
    let facing = (over.and_then(|o| o.winner)).unwrap_or_else(|| session.game.side_to_move());
    let across = session.mode == Mode::TwoPlayers
        && at.0
        && (over.is_none() || at.1)
        && !board.practising()
        && settings.turn_board
        && facing == Side::Black;
    if across { PI } else { 0.0 }
}

/// The words' half turn, over 400 ms as the board's turn was (at once with animations
/// off), after the move's stone has landed.
fn turn_to_the_table(
    board: OnBoard,
    settings: Res<Settings>,
    turn: Option<Res<State<Turn>>>,
    time: Res<Time>,
    at: Res<AtTheTable>,
    mut table: ResMut<TableTurn>,
) {
    if turn.is_some_and(|t| *t.get() == Turn::Animating) {
        return;
    }
    let target = table_target(&board, &settings, *at);
    if table.0 == target {
        return;
    }
    let step = match settings.animation.factor() {
        Some(speed) => PI / 0.4 * speed as f32 * time.delta_secs(),
        None => PI,
    };
    let next = if target > table.0 {
        (table.0 + step).min(target)
    } else {
        (table.0 - step).max(target)
    };
    table.0 = next;
}

/// Which way the board faces for what is on it: lessons are never turned; a puzzle faces
/// its player, who plays up the board; a review the side the player played, unless turned.
pub fn facing(board: &OnBoard, asked: &Bottom) -> Quat {
    let black = if let Some(side) = asked.0 {
        side == Side::Black
    } else {
        faces_black(board.session()) && (!board.practising() || board.puzzle())
    };
    if black {
        Quat::from_rotation_z(PI)
    } else {
        Quat::IDENTITY
    }
}

/// True unless a move was played this frame: its animation (and the board's turn after
/// it) is about to start, though the turn says so only from the next frame.
/// No move was played this frame (its animation, if any, is yet to begin).
pub(crate) fn no_move_played(played: Res<Messages<MovePlayed>>) -> bool {
    played.iter_current_update_messages().len() == 0
}

/// Outside a move (new game, undo, start, another screen), the board faces the right way
/// at once.
fn snap_view(
    board: OnBoard,
    asked: Res<Bottom>,
    mut camera: Query<&mut Transform, (With<BoardCamera>, Without<Turning>)>,
) {
    let target = facing(&board, &asked);
    for mut t in &mut camera {
        if t.rotation.angle_between(target) > 0.01 {
            t.rotation = target;
        }
    }
}

pub(super) fn place_camera(
    layout: Res<BoardLayout>,
    mut camera: Query<&mut Transform, With<BoardCamera>>,
) {
    for mut t in &mut camera {
        let translation = layout.camera_translation(t.rotation);
        if t.translation != translation {
            t.translation = translation;
        }
    }
}
