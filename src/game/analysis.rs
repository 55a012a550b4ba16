//! The engine's analysis of a game under review: every move judged (best, good,
//! inaccuracy, mistake, blunder) by the engine's `ai::analysis`, without a frame waiting
//! for it: on a background task where there are threads (each position searched for
//! 150 ms, as `surakarta-engine analyse` does), one shallower position a frame on the web.
//! The move list (`panels/moves.rs`) shows the progress, the evaluation as a graph and the
//! marks; a marked move tapped there shows the better move on the board.

use crate::game::search;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigate, Panel, Screen};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use surakarta_engine::Game;
use surakarta_engine::ai::analysis::MoveClass;
use surakarta_engine::ai::analysis::{self, Analyser, PlyAnalysis};
use surakarta_engine::ai::{Engine, Limits};

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<Analyse>()
        .wake_while(|analysis: Res<Analysis>| analysis.running());
    app.init_resource::<Analysis>()
        .add_message::<Analyse>()
        .add_systems(
            Update,
            (start_analysis, advance_analysis)
                .chain()
                .in_set(GameSet::Rules)
                .in_set(AnalysisSystems),
        )
        .add_systems(OnExit(Screen::Review), stop_analysis);
}

/// Starting and advancing the analysis (after a review has opened: the review screen
/// orders itself before these).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AnalysisSystems;

/// Each position's search on a background task (the CLI's default time).
pub use surakarta_engine::ai::analysis::MOVE_TIME;

/// How far each position is searched on a background task: a count of positions, not a
/// time, and from an empty table, so that a game analysed twice is judged the same (a
/// helper's second analysis of a game, on a busier machine after a restart, marked moves
/// the first had not). At the 5 million positions a second `docs/measurements.md` gives
/// the search on a desktop, about 120 ms (worked out from that rate, not timed here).
pub const ANALYSIS_NODES: u64 = 600_000;

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
        /// Ends with the whole game's moves, settled.
        task: Task<Vec<PlyAnalysis>>,
        found: Arc<Mutex<Vec<PlyAnalysis>>>,
        stop: Arc<AtomicBool>,
    },
    /// A position a frame.
    Sliced {
        engine: Box<Engine>,
        analyser: Box<Analyser>,
    },
}

/// The analysis of the game under review: what has been judged so far.
#[derive(Resource)]
pub struct Analysis {
    /// The game analysed (or being analysed).
    pub game: Option<Game>,
    /// Its moves judged so far, in order.
    pub plies: Vec<PlyAnalysis>,
    /// On a background task (where there are threads) or a position a frame (the web);
    /// change it only while none runs.
    pub background: bool,
    run: Option<Run>,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis {
            game: None,
            plies: Vec::new(),
            background: !cfg!(target_arch = "wasm32"),
            run: None,
        }
    }
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

fn start_analysis(
    mut asked: MessageReader<Analyse>,
    mut analysis: ResMut<Analysis>,
    mut navigate: MessageWriter<Navigate>,
    computer: Res<crate::game::computer::Computer>,
) {
    let Some(Analyse(game)) = asked.read().last().cloned() else {
        return;
    };
    navigate.write(Navigate::Open(Panel::Moves));
    if analysis.of(&game) && (analysis.complete() || analysis.running()) {
        return; // already done, or under way
    }
    analysis.stop();
    analysis.plies.clear();
    analysis.game = Some(game.clone());
    analysis.run = Some(if analysis.background {
        let found = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (found_in, stop_in) = (found.clone(), stop.clone());
        let engine = computer.engine();
        let nodes = computer.analysis_nodes;
        let task = AsyncComputeTaskPool::get().spawn(async move {
            // The computer's table, not one more: a phone keeps one 16 MB table, not two
            // (a freed one stays in the process's heap). A search that panicked leaves the
            // engine usable: its table is only a cache.
            let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
            // What the table learned before (the game's own searches) would change what
            // this one finds.
            engine.clear();
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let judged = search::controlled(&stop_in, |ctl| {
                analysis::analyse(&mut engine, &game, limits, ctl, &mut |judged| {
                    if let Ok(mut found) = found_in.lock() {
                        found.push(*judged);
                    }
                })
            });
            // The analysis filled the whole table: its pages go back to the system until
            // the next search (the settled memory of a session, `docs/measurements.md`).
            engine.clear();
            judged
        });
        Run::Task { task, found, stop }
    } else {
        Run::Sliced {
            engine: Box::new(Engine::new(4)),
            analyser: Box::new(Analyser::new(&game)),
        }
    });
}

fn advance_analysis(mut analysis: ResMut<Analysis>, hinted: Res<super::hint::HintedMoves>) {
    if analysis.game.is_none() {
        return;
    }
    let done_plies = analysis.plies.len();
    let mut new: Vec<PlyAnalysis> = Vec::new();
    let mut settled = None;
    let finished = match analysis.bypass_change_detection().run.as_mut() {
        None => return,
        Some(Run::Task { task, found, .. }) => {
            // Asked first: a task that has ended has said everything it found.
            settled = check_ready(task);
            if let Ok(found) = found.lock()
                && found.len() > done_plies
            {
                new.extend_from_slice(&found[done_plies..]);
            }
            settled.is_some()
        }
        Some(Run::Sliced { engine, analyser }) => {
            let stop = AtomicBool::new(false);
            new.extend(search::controlled(&stop, |ctl| {
                analyser.step(engine, WEB_LIMITS, ctl)
            }));
            analyser.finished()
        }
    };
    // A move the player took from the hint is the engine's own choice there.
    let take = |plies: &mut [PlyAnalysis], game: &Option<Game>| {
        if let Some(game) = game {
            super::hint::take_hints(plies, game, &hinted);
        }
    };
    // Changed (and the move list rebuilt) only when there is something new to show.
    if !new.is_empty() {
        take(&mut new, &analysis.game);
        analysis.plies.extend(new);
    }
    if finished || analysis.complete() {
        // The whole game judged: the evaluation made level where a move gave nothing
        // away (the task's own list, or the sliced moves), with the hints taken.
        if let Some(mut plies) = settled.filter(|p| p.len() == analysis.plies.len()) {
            take(&mut plies, &analysis.game);
            analysis.plies = plies;
        }
        analysis::settle(&mut analysis.plies);
        analysis.stop();
        // What the analysis's threads worked with is free now: given back.
        crate::platform::give_back_freed_memory();
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

/// The mark after a move the analysis found wanting.
pub fn mark(class: MoveClass) -> &'static str {
    match class {
        MoveClass::Best | MoveClass::Good => "",
        MoveClass::Inaccuracy => " ?!",
        MoveClass::Mistake => " ?",
        MoveClass::Blunder => " ??",
    }
}
