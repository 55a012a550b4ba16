//! The computer's moves and the hints, searched so that no frame waits for them: on a
//! background task where there are threads (phones, desktop), a few milliseconds per frame
//! where there are none (the web). A search is cancelled (its stop flag set) on undo, new
//! game, or when the game screen is left; its answer is then dropped.

use crate::GameSet;
use crate::selection::Selection;
use crate::session::{Command, MoveChosen, Session, Turn};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use surakarta_engine::ai::{Engine, Hint, Level, Limits, SearchControl, SlicedSearch, describe};
use surakarta_engine::{Game, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Computer>()
        .add_systems(
            Update,
            (
                cancel_on_command,
                ask_for_hint,
                start_thinking,
                think_in_slices,
                collect_answers,
            )
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(OnExit(Turn::Thinking), cancel_move_search)
        .add_systems(OnExit(crate::Screen::Game), cancel_all);
}

/// How long a hint may think.
pub const HINT_TIME: Duration = Duration::from_millis(1200);

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
}

/// How searches run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threading {
    /// On Bevy's async compute pool, beside the frames.
    Background,
    /// On the frame's own thread, one slice a frame: half the last frame's time, kept
    /// between `min` and `max`, so the page keeps drawing and answering taps.
    Sliced { min: Duration, max: Duration },
}

impl Default for Threading {
    fn default() -> Self {
        if cfg!(target_arch = "wasm32") {
            Threading::SLICED
        } else {
            Threading::Background
        }
    }
}

impl Threading {
    /// The web's slices: at least 6 ms a frame, at most 40 ms, so that a slow renderer
    /// still draws most of its frames. Since a slice is half the last frame, thinking
    /// costs at most about half the frame rate.
    pub const SLICED: Threading = Threading::Sliced {
        min: Duration::from_millis(6),
        max: Duration::from_millis(40),
    };
}

enum Work {
    Task(Task<Option<Move>>),
    Sliced(Box<SlicedSearch>),
}

struct Search {
    work: Work,
    stop: Arc<AtomicBool>,
    /// The position it was asked about: an answer for another position is dropped.
    asked: Game,
    purpose: Purpose,
}

/// The computer player: one engine (its table survives between moves) and the searches
/// under way.
#[derive(Resource)]
pub struct Computer {
    engine: Arc<Mutex<Engine>>,
    searches: Vec<Search>,
    /// How searches run; change it only while none is under way.
    pub threading: Threading,
}

impl Default for Computer {
    fn default() -> Self {
        Computer {
            engine: Arc::new(Mutex::new(Engine::new(16))),
            searches: Vec::new(),
            threading: Threading::default(),
        }
    }
}

impl Computer {
    /// True while the computer is choosing a move.
    pub fn thinking(&self) -> bool {
        self.searches.iter().any(|s| s.purpose == Purpose::Move)
    }

    /// True while a hint is being worked out.
    pub fn hinting(&self) -> bool {
        self.searches.iter().any(|s| s.purpose == Purpose::Hint)
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

    fn start(&mut self, game: &Game, purpose: Purpose, level: Level, seed: u64) {
        let stop = Arc::new(AtomicBool::new(false));
        let asked = game.clone();
        if let Threading::Sliced { .. } = self.threading {
            let hint_cap = Limits {
                time: Some(HINT_TIME),
                ..Limits::default()
            };
            let search = match purpose {
                Purpose::Move => SlicedSearch::choose(game, level, Limits::default(), seed),
                Purpose::Hint => SlicedSearch::hint(game, hint_cap),
            };
            self.searches.push(Search {
                work: Work::Sliced(Box::new(search)),
                stop,
                asked,
                purpose,
            });
            return;
        }
        let engine = Arc::clone(&self.engine);
        let flag = Arc::clone(&stop);
        let position = game.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            lower_thread_priority();
            let started = Instant::now();
            let clock = || started.elapsed();
            let ctl = SearchControl {
                stop: &flag,
                clock: &clock,
            };
            // A search that panicked leaves the engine usable: its table is only a cache.
            let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
            match purpose {
                Purpose::Move => {
                    engine
                        .choose(&position, level, Limits::default(), seed, &ctl)
                        .best
                }
                Purpose::Hint => {
                    let cap = Limits {
                        time: Some(HINT_TIME),
                        ..Limits::default()
                    };
                    engine.hint(&position, cap, &ctl).map(|h| h.mv)
                }
            }
        });
        self.searches.push(Search {
            work: Work::Task(task),
            stop,
            asked,
            purpose,
        });
    }
}

fn cancel_on_command(mut commands: MessageReader<Command>, mut computer: ResMut<Computer>) {
    for c in commands.read() {
        if matches!(c, Command::Undo | Command::NewGame { .. }) {
            computer.cancel(None);
        }
    }
}

fn cancel_move_search(mut computer: ResMut<Computer>) {
    computer.cancel(Some(Purpose::Move));
}

fn cancel_all(mut computer: ResMut<Computer>) {
    computer.cancel(None);
}

fn ask_for_hint(
    mut commands: MessageReader<Command>,
    mut computer: ResMut<Computer>,
    session: Res<Session>,
    turn: Option<Res<State<Turn>>>,
) {
    let asked = commands.read().any(|c| *c == Command::Hint);
    let waiting = turn.is_some_and(|t| *t.get() == Turn::Waiting);
    if asked && waiting && session.human_to_move() && !computer.hinting() {
        computer.start(&session.game, Purpose::Hint, Level::Hard, 0);
    }
}

fn start_thinking(
    mut computer: ResMut<Computer>,
    session: Res<Session>,
    turn: Option<Res<State<Turn>>>,
) {
    let thinking = turn.is_some_and(|t| *t.get() == Turn::Thinking);
    if !thinking || computer.thinking() || session.game.outcome().is_some() {
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
    let Threading::Sliced { min, max } = computer.threading else {
        return;
    };
    let slice = (time.delta() / 2).clamp(min, max);
    let started = Instant::now();
    let clock = || started.elapsed();
    let computer = &mut *computer;
    let mut engine = computer.engine.lock().unwrap_or_else(|p| p.into_inner());
    for search in &mut computer.searches {
        if let Work::Sliced(sliced) = &mut search.work {
            let ctl = SearchControl {
                stop: &search.stop,
                clock: &clock,
            };
            sliced.step(&mut engine, slice, &ctl);
        }
    }
}

fn collect_answers(
    mut computer: ResMut<Computer>,
    session: Res<Session>,
    mut selection: ResMut<Selection>,
    mut chosen: MessageWriter<MoveChosen>,
) {
    let mut i = 0;
    while i < computer.searches.len() {
        let answer = match &mut computer.searches[i].work {
            Work::Task(task) => check_ready(task),
            Work::Sliced(sliced) => sliced.result().map(|r| r.best),
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
                let hint: Hint = describe(&session.game, m);
                *selection = Selection {
                    stone: None,
                    pending: None,
                    hint: Some(hint),
                };
            }
            _ => {}
        }
    }
}

/// The search is background work: on Linux and Android, where each thread has its own
/// nice value, the worker running it yields the cores to the frame when both are busy.
fn lower_thread_priority() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use std::cell::Cell;
        thread_local!(static LOWERED: Cell<bool> = const { Cell::new(false) });
        LOWERED.with(|done| {
            if !done.get() {
                // SAFETY: setpriority only reads its integer arguments; `who = 0` is the
                // calling thread. A failure leaves the priority as it was, which is harmless.
                unsafe {
                    libc::setpriority(libc::PRIO_PROCESS, 0, 10);
                }
                done.set(true);
            }
        });
    }
}
