//! The engine's analysis of a game under review: every move judged (best, good,
//! inaccuracy, mistake, blunder) by the engine's `ai::analysis`, without a frame waiting
//! for it: on a background task where there are threads (each position searched for
//! 150 ms, as `surakarta-engine analyse` does), one shallower position a frame on the web.
//! The move list (`panels/moves.rs`) shows the progress, the evaluation as a graph and the
//! marks; a marked move tapped there shows the better move on the board.

use crate::screens::review::OpenReview;
use crate::{GameSet, Panel, Screen};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use surakarta_engine::Game;
use surakarta_engine::ai::analysis::{self, Evaluation, PlyAnalysis, judge};
use surakarta_engine::ai::{Engine, Limits, SearchControl};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .add_message::<Analyse>()
        .add_systems(
            Update,
            (start_analysis, advance_analysis)
                .chain()
                .in_set(GameSet::Rules)
                .after(crate::screens::review::ReviewSystems),
        )
        .add_systems(OnExit(Screen::Review), stop_analysis);
}

/// Each position's search on a background task (the CLI's default).
pub const MOVE_TIME: Duration = Duration::from_millis(150);

/// Each position's search on the web, one a frame: shallow, so a frame stays short.
pub const WEB_LIMITS: Limits = Limits {
    depth: Some(6),
    nodes: Some(15_000),
    time: None,
};

/// Analyse this game (the one under review), and show the move list while it runs.
#[derive(Message, Clone, Debug)]
pub struct Analyse(pub Game);

enum Run {
    /// On the async compute pool; `found` fills as it goes.
    Task {
        task: Task<()>,
        found: Arc<Mutex<Vec<PlyAnalysis>>>,
        stop: Arc<AtomicBool>,
    },
    /// A position a frame.
    Sliced {
        engine: Box<Engine>,
        replay: Game,
        before: Option<Evaluation>,
    },
}

/// The analysis of the game under review: what has been judged so far.
#[derive(Resource, Default)]
pub struct Analysis {
    /// The game analysed (or being analysed).
    pub game: Option<Game>,
    /// Its moves judged so far, in order.
    pub plies: Vec<PlyAnalysis>,
    run: Option<Run>,
}

impl Analysis {
    /// True while the analysis runs.
    pub fn running(&self) -> bool {
        self.run.is_some()
    }

    /// True when this analysis is of `game` (the same moves from the same start).
    pub fn of(&self, game: &Game) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.start() == game.start() && g.history() == game.history())
    }

    /// True when every move of the game has been judged.
    pub fn complete(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| self.plies.len() == g.history().len())
    }

    fn stop(&mut self) {
        if let Some(Run::Task { stop, .. }) = &self.run {
            stop.store(true, Ordering::Relaxed);
        }
        self.run = None;
    }
}

/// How analyses run here: a task where there are threads.
fn threaded() -> bool {
    !cfg!(target_arch = "wasm32")
}

fn start_analysis(
    mut asked: MessageReader<Analyse>,
    mut analysis: ResMut<Analysis>,
    mut panel: ResMut<NextState<Panel>>,
) {
    let Some(Analyse(game)) = asked.read().last().cloned() else {
        return;
    };
    (*panel).set_if_neq(Panel::Moves);
    if analysis.of(&game) && (analysis.complete() || analysis.running()) {
        return; // already done, or under way
    }
    analysis.stop();
    analysis.plies.clear();
    analysis.game = Some(game.clone());
    analysis.run = Some(if threaded() {
        let found = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (found_in, stop_in) = (found.clone(), stop.clone());
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let mut engine = Engine::new(16);
            let started = Instant::now();
            let clock = || started.elapsed();
            let ctl = SearchControl {
                stop: &stop_in,
                clock: &clock,
            };
            let limits = Limits {
                time: Some(MOVE_TIME),
                ..Limits::default()
            };
            analysis::analyse(&mut engine, &game, limits, &ctl, &mut |judged| {
                if let Ok(mut found) = found_in.lock() {
                    found.push(*judged);
                }
            });
        });
        Run::Task { task, found, stop }
    } else {
        Run::Sliced {
            engine: Box::new(Engine::new(4)),
            replay: Game::from_position(*game.start(), *game.rules()),
            before: None,
        }
    });
}

fn advance_analysis(mut analysis: ResMut<Analysis>) {
    let Some(game) = analysis.game.clone() else {
        return;
    };
    let done_plies = analysis.plies.len();
    let mut finished = false;
    let mut new: Vec<PlyAnalysis> = Vec::new();
    match analysis.bypass_change_detection().run.as_mut() {
        None => return,
        Some(Run::Task { task, found, .. }) => {
            if let Ok(found) = found.lock()
                && found.len() > done_plies
            {
                new.extend_from_slice(&found[done_plies..]);
            }
            finished = check_ready(task).is_some();
        }
        Some(Run::Sliced {
            engine,
            replay,
            before,
        }) => {
            let stop = AtomicBool::new(false);
            let clock = || Duration::ZERO;
            let ctl = SearchControl {
                stop: &stop,
                clock: &clock,
            };
            match before {
                None => *before = Some(analysis::evaluate(engine, replay, WEB_LIMITS, &ctl)),
                Some(was) => {
                    let was = *was;
                    match game.history().get(replay.history().len()) {
                        Some(&mv) if replay.try_play(mv).is_ok() => {
                            let after = analysis::evaluate(engine, replay, WEB_LIMITS, &ctl);
                            new.push(judge(replay.history().len(), mv, &was, &after));
                            *before = Some(after);
                        }
                        _ => finished = true,
                    }
                }
            }
        }
    }
    // Changed (and the move list rebuilt) only when there is something new to show.
    if !new.is_empty() {
        analysis.plies.extend(new);
    }
    if finished || analysis.complete() {
        analysis.stop();
    }
}

fn stop_analysis(mut analysis: ResMut<Analysis>) {
    if analysis.running() {
        analysis.stop();
        // A half-done analysis is not kept: the next Analyse starts again.
        analysis.game = None;
        analysis.plies.clear();
    }
}

/// Opens the game for review and analyses it (the result card's Analyse).
pub fn review_and_analyse(
    game: &Game,
    reviews: &mut MessageWriter<OpenReview>,
    analyse: &mut MessageWriter<Analyse>,
) {
    reviews.write(OpenReview(game.clone()));
    analyse.write(Analyse(game.clone()));
}
