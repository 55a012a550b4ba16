//! The computer's moves and the hints, searched so that no frame waits for them: on a
//! background task where there are threads (phones, desktop), in a Web Worker on the web
//! (`worker.rs`), and a few milliseconds per frame where a browser has no workers. A
//! search is cancelled (its stop flag set, or its worker ended) on undo, new game, or when
//! the screen changes; its answer is then dropped.

#[cfg(target_arch = "wasm32")]
pub mod worker;

use crate::game::search::{self, Purpose, Threading, sliced};
use crate::game::session::{Command, MoveChosen, OnBoard, Turn};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use surakarta_engine::ai::{Engine, Hint, Level, Limits, SearchControl, SlicedSearch, describe};
use surakarta_engine::{Game, Move};

pub(super) fn plugin(app: &mut App) {
    app.wake_while(|computer: Res<Computer>| computer.thinking() || computer.hinting());
    app.init_resource::<Computer>()
        .add_message::<HintFound>()
        .add_systems(
            Update,
            (
                cancel_on_command,
                // A puzzle's replies are its own (`puzzles/screen.rs`).
                start_thinking
                    .run_if(in_state(Turn::Thinking).and_then(not(in_state(Screen::Puzzle)))),
                think_in_slices,
                collect_answers,
            )
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(PreUpdate, rest_on_suspend)
        .add_systems(OnExit(Turn::Thinking), cancel_move_search)
        .add_systems(OnExit(Screen::Game), cancel_all)
        .add_systems(OnExit(Screen::Lesson), cancel_all)
        .add_systems(OnExit(Screen::Review), cancel_all)
        .add_systems(OnExit(Screen::Puzzle), cancel_all);
}

/// The hint the player asked for, found for the position on the board (the board shows
/// it: `board/selection.rs`).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct HintFound(pub Hint);

enum Work {
    Task(Task<Option<Move>>),
    Sliced(Box<SlicedSearch>),
    /// The worker's question id.
    #[cfg(target_arch = "wasm32")]
    Worker(u64),
}

struct Search {
    work: Work,
    stop: Arc<AtomicBool>,
    /// The position it was asked about: an answer for another position is dropped.
    asked: Game,
    purpose: Purpose,
    /// What to search again in slices, should a worker fail.
    #[cfg_attr(
        not(target_arch = "wasm32"),
        allow(dead_code, reason = "read only where a worker can fail")
    )]
    level: Level,
    #[cfg_attr(
        not(target_arch = "wasm32"),
        allow(dead_code, reason = "read only where a worker can fail")
    )]
    seed: u64,
}

impl Drop for Search {
    fn drop(&mut self) {
        #[cfg(target_arch = "wasm32")]
        if let Work::Worker(id) = self.work {
            // Answered or not, the worker owes this search nothing more.
            worker::cancel(id);
        }
    }
}

/// The computer player: one engine (its table survives between moves) and the searches
/// under way.
#[derive(Resource)]
pub struct Computer {
    engine: Arc<Mutex<Engine>>,
    searches: Vec<Search>,
    /// How searches run; change it only while none is under way.
    pub threading: Threading,
    /// How many positions the analysis searches for each move on a thread of its own
    /// ([`ANALYSIS_NODES`](crate::game::analysis::ANALYSIS_NODES)); a hint searches this
    /// many times the analysis's second look. A count, not a time: the same game is judged
    /// the same however busy the device. (Tests of a debug build give it fewer.)
    pub analysis_nodes: u64,
}

impl Default for Computer {
    fn default() -> Self {
        Computer {
            engine: Arc::new(Mutex::new(Engine::new(16))),
            searches: Vec::new(),
            threading: Threading::for_this_platform(),
            analysis_nodes: crate::game::analysis::ANALYSIS_NODES,
        }
    }
}

impl Computer {
    /// The app's one engine and its table: the analysis borrows it (off the game screen
    /// the computer is idle) rather than keep a second 16 MB table.
    pub fn engine(&self) -> Arc<Mutex<Engine>> {
        self.engine.clone()
    }

    /// True while the computer is choosing a move.
    pub fn thinking(&self) -> bool {
        self.searches.iter().any(|s| s.purpose == Purpose::Move)
    }

    /// True while a hint is being worked out.
    pub fn hinting(&self) -> bool {
        self.searches.iter().any(|s| s.purpose == Purpose::Hint)
    }

    /// Starts looking for the best reply in `game` (a puzzle's refutation of a wrong move),
    /// played when found as the computer's moves are; nothing when a move is already being
    /// looked for.
    pub fn refute(&mut self, game: &Game, seed: u64) {
        if !self.thinking() && game.outcome().is_none() {
            self.start(game, Purpose::Move, Level::Hard, seed);
        }
    }

    /// Stops the searches for `purpose` (all when `None`) and forgets them.
    pub fn cancel(&mut self, purpose: Option<Purpose>) {
        self.searches.retain(|s| {
            let drop = purpose.is_none_or(|p| p == s.purpose);
            if drop {
                s.stop.store(true, Ordering::Relaxed);
            }
            !drop
        });
    }

    pub(super) fn start(&mut self, game: &Game, purpose: Purpose, level: Level, seed: u64) {
        let stop = Arc::new(AtomicBool::new(false));
        let work = match self.threading {
            #[cfg(target_arch = "wasm32")]
            Threading::Worker => {
                let record = surakarta_engine::Record::from_game(game, "Red", "Black").to_string();
                let request = match purpose {
                    Purpose::Move => worker::Request::Move {
                        record,
                        level: level.name().into(),
                        seed,
                    },
                    Purpose::Hint => worker::Request::Hint {
                        record,
                        millis: search::HINT_TIME.as_millis() as u64,
                    },
                };
                Work::Worker(worker::ask(
                    serde_json::to_string(&request).unwrap_or_default(),
                ))
            }
            Threading::Sliced { .. } => Work::Sliced(Box::new(sliced(game, purpose, level, seed))),
            // Native builds have threads; the worker is the web's.
            _ => {
                let job = Job {
                    engine: Arc::clone(&self.engine),
                    stop: Arc::clone(&stop),
                    position: game.clone(),
                    purpose,
                    level,
                    seed,
                    hint_nodes: self.analysis_nodes * search::VERIFY_FACTOR,
                };
                Work::Task(
                    AsyncComputeTaskPool::get().spawn(async move { job.run_at_low_priority() }),
                )
            }
        };
        self.searches.push(Search {
            work,
            stop,
            asked: game.clone(),
            purpose,
            level,
            seed,
        });
    }
}

/// One search for the async compute pool.
struct Job {
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    position: Game,
    purpose: Purpose,
    level: Level,
    seed: u64,
    /// How far a hint searches.
    hint_nodes: u64,
}

impl Job {
    /// Runs the search on a thread of its own at the lowest priority the system offers and
    /// waits for it on the pool's thread. At that priority the search gives way at once
    /// whenever the frame needs a core, which matters where the frame is drawn on the same
    /// cores (a software renderer); the lowered thread ends with the search, so Bevy's own
    /// work on the pool keeps its priority. Should the thread not start, the search runs
    /// here.
    fn run_at_low_priority(self) -> Option<Move> {
        search::at_low_priority(|| search::controlled(&self.stop, |ctl| self.run(ctl)))
    }

    fn run(&self, ctl: &SearchControl) -> Option<Move> {
        // A search that panicked leaves the engine usable: its table is only a cache.
        let mut engine = self.engine.lock().unwrap_or_else(|p| p.into_inner());
        match self.purpose {
            Purpose::Move => {
                let limits = Limits::default();
                engine
                    .choose(&self.position, self.level, limits, self.seed, ctl)
                    .best
            }
            Purpose::Hint => {
                let limits = Limits {
                    nodes: Some(self.hint_nodes),
                    ..search::HINT_LIMITS
                };
                engine.hint(&self.position, limits, ctl).map(|h| h.mv)
            }
        }
    }
}

pub(super) fn cancel_on_command(
    mut commands: MessageReader<Command>,
    mut computer: ResMut<Computer>,
) {
    for c in commands.read() {
        match c {
            Command::Undo | Command::Redo | Command::NewGame { .. } | Command::End(_) => {
                computer.cancel(None)
            }
            // Cancel while a hint is looked for: the player no longer wants it.
            Command::Cancel => computer.cancel(Some(Purpose::Hint)),
            Command::Hint | Command::Accept => {}
        }
    }
}

fn cancel_move_search(mut computer: ResMut<Computer>) {
    computer.cancel(Some(Purpose::Move));
}

/// Another screen: its board is another game, and nothing asked about the last one counts.
fn cancel_all(mut computer: ResMut<Computer>) {
    computer.cancel(None);
}

pub(super) fn start_thinking(mut computer: ResMut<Computer>, board: OnBoard) {
    let session = board.session();
    if computer.thinking() || session.game.outcome().is_some() {
        return;
    }
    let Some(level) = session.level() else { return };
    if session.is_human(session.game.side_to_move()) {
        return;
    }
    let seed =
        session.seed ^ (session.game.history().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    computer.start(&session.game, Purpose::Move, level, seed);
}

/// Sliced searches: one slice each per frame.
fn think_in_slices(mut computer: ResMut<Computer>, time: Res<Time<Real>>) {
    let (min, max) = match computer.threading {
        Threading::Sliced { min, max } => (min, max),
        // A worker that failed leaves its searches to slices.
        Threading::Worker => match Threading::SLICED {
            Threading::Sliced { min, max } => (min, max),
            _ => return,
        },
        Threading::Background => return,
    };
    if !computer
        .searches
        .iter()
        .any(|s| matches!(s.work, Work::Sliced(_)))
    {
        return;
    }
    let slice = (time.delta() / 2).clamp(min, max);
    let computer = &mut *computer;
    let mut engine = computer.engine.lock().unwrap_or_else(|p| p.into_inner());
    for running in &mut computer.searches {
        if let Work::Sliced(sliced) = &mut running.work {
            search::controlled(&running.stop, |ctl| sliced.step(&mut engine, slice, ctl));
        }
    }
}

/// A suspended app stops thinking (its thread could be frozen mid-search); on resume a
/// turn of the computer's starts its search again.
fn rest_on_suspend(
    mut events: MessageReader<bevy::window::AppLifecycle>,
    mut computer: ResMut<Computer>,
) {
    use bevy::window::AppLifecycle;
    if events
        .read()
        .any(|e| matches!(e, AppLifecycle::WillSuspend | AppLifecycle::Suspended))
    {
        computer.cancel(None);
    }
}

fn collect_answers(
    mut computer: ResMut<Computer>,
    board: OnBoard,
    mut hints: MessageWriter<HintFound>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    let session = board.session();
    let mut i = 0;
    while i < computer.searches.len() {
        let search = &mut computer.searches[i];
        let answer = match &mut search.work {
            Work::Task(task) => check_ready(task),
            Work::Sliced(sliced) => sliced.result().map(|r| r.best),
            #[cfg(target_arch = "wasm32")]
            Work::Worker(id) => match worker::reply(*id) {
                worker::Reply::Pending => None,
                worker::Reply::Move(mv) => Some(mv.and_then(|text| {
                    search
                        .asked
                        .moves()
                        .iter()
                        .copied()
                        .find(|m| m.to_string() == text)
                })),
                worker::Reply::Failed => {
                    let again = sliced(&search.asked, search.purpose, search.level, search.seed);
                    search.work = Work::Sliced(Box::new(again));
                    None
                }
            },
        };
        let Some(answer) = answer else {
            i += 1;
            continue;
        };
        let search = computer.searches.swap_remove(i);
        let current = search.asked == session.game;
        match (search.purpose, answer) {
            (Purpose::Move, Some(m)) if current => {
                chosen.write(MoveChosen(m));
            }
            (Purpose::Hint, Some(m)) if current && session.human_to_move() => {
                hints.write(HintFound(describe(&session.game, m)));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surakarta_engine::Ruleset;

    /// The computer's own search, on its lowered thread (`search.rs` tests the thread):
    /// a legal move at the start.
    #[test]
    fn a_search_at_low_priority_answers_a_legal_move() {
        let game = Game::new(Ruleset::default());
        let job = Job {
            engine: Arc::new(Mutex::new(Engine::new(1))),
            stop: Arc::new(AtomicBool::new(false)),
            position: game.clone(),
            purpose: Purpose::Move,
            level: Level::Easy,
            seed: 7,
            hint_nodes: 10_000,
        };
        let answer = job.run_at_low_priority().expect("a move at the start");
        assert!(game.moves().contains(&answer));
    }
}
