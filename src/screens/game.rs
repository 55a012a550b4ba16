//! The game screen: the player's own game on the board, played by taps against the
//! computer or by two players on one device. Its bars are `bars.rs`. When the game ends the
//! result comes up a moment after the last stone has landed, so that the final position
//! is seen first (`panels/game_over.rs`).

use crate::game::session::{Session, Turn};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Panel, Screen};
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::Game;

pub(super) fn plugin(app: &mut App) {
    app.wake_while(|delay: Res<ResultDelay>| delay.pending());
    app.init_resource::<ResultDelay>()
        .add_systems(
            OnEnter(Turn::Over),
            wait_for_result.run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Turn::Over), forget_result)
        .add_systems(OnExit(Panel::GameOver), result_seen)
        .add_systems(OnExit(Screen::Game), forget_result)
        .add_systems(
            Update,
            show_result
                .run_if(|delay: Res<ResultDelay>| delay.pending())
                .in_set(GameSet::Present),
        );
}

/// How long the final position is seen before the result covers it.
pub const RESULT_DELAY: Duration = Duration::from_millis(900);

/// The time left before the result comes up, while it is on its way, and the game whose
/// result came up last.
#[derive(Resource, Default, Debug)]
pub struct ResultDelay(Option<Timer>, Option<Game>);

impl ResultDelay {
    /// True while the result is on its way.
    pub fn pending(&self) -> bool {
        self.0.is_some()
    }
}

/// The game just ended: its result after a moment. Not again for a game whose result
/// already came up (back from its review, the finished board is shown as it is: the
/// bar's Result opens the card).
fn wait_for_result(mut delay: ResMut<ResultDelay>, session: Res<Session>) {
    if delay.1.as_ref() == Some(&session.game) || session.result_seen {
        return;
    }
    delay.0 = Some(Timer::new(RESULT_DELAY, TimerMode::Once));
}

/// The result's card closed over the player's finished game: kept with the game, so that
/// a restart does not bring it up again (a tester met a result closed long before).
fn result_seen(mut session: ResMut<Session>) {
    if session.game.outcome().is_some() && !session.result_seen {
        session.result_seen = true;
    }
}

fn forget_result(mut delay: ResMut<ResultDelay>) {
    delay.0 = None;
}

fn show_result(
    time: Res<Time>,
    session: Res<Session>,
    mut delay: ResMut<ResultDelay>,
    mut panel: ResMut<NextState<Panel>>,
) {
    let Some(timer) = delay.0.as_mut() else {
        return;
    };
    if timer.tick(time.delta()).is_finished() {
        delay.0 = None;
        delay.1 = Some(session.game.clone());
        (*panel).set_if_neq(Panel::GameOver);
    }
}
