//! Starting a search of the engine's, the one way the app does it: where it runs
//! ([`Threading`]), a stop flag the caller keeps, a clock that starts with the search, and,
//! for a search on a thread of its own, the lowest priority the system gives, so the frame
//! never waits for it.

use bevy::platform::time::Instant;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use surakarta_engine::Game;
use surakarta_engine::ai::{Level, Limits, SearchControl, SlicedSearch};

/// How searches run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threading {
    /// On Bevy's async compute pool, beside the frames.
    Background,
    /// On the frame's own thread, one slice a frame: half the last frame's time, kept
    /// between `min` and `max`, so the page keeps drawing and answering taps.
    Sliced { min: Duration, max: Duration },
    /// In a Web Worker (the web, where the browser has workers); a search the worker
    /// cannot answer goes on in slices.
    Worker,
}

impl Threading {
    /// How this platform runs searches: on threads natively; in a browser in a worker
    /// where it has them, else in slices.
    pub fn for_this_platform() -> Self {
        #[cfg(target_arch = "wasm32")]
        return if super::computer::worker::available() {
            super::computer::worker::warm_up();
            Threading::Worker
        } else {
            Threading::SLICED
        };
        #[cfg(not(target_arch = "wasm32"))]
        Threading::Background
    }

    /// The web's slices: at least 6 ms a frame, at most 40 ms, so that a slow renderer
    /// still draws most of its frames. Since a slice is half the last frame, thinking
    /// costs at most about half the frame rate.
    pub const SLICED: Threading = Threading::Sliced {
        min: Duration::from_millis(6),
        max: Duration::from_millis(40),
    };
}

/// How long a hint may think: at least as long as the analysis searches a move before it
/// marks it, so that the analysis of a game never calls a hint a mistake. The web's hint
/// (a worker, or slices of frames) is limited so.
pub const HINT_TIME: Duration = Duration::from_millis(1200);

/// The analysis's second look at a move it would mark searches this many times its
/// first: a hint searches as far as that, so that the analysis never marks a hint.
pub const VERIFY_FACTOR: u64 = surakarta_engine::ai::analysis::VERIFY_FACTOR as u64;

/// The hint's limits on a thread of its own: as many positions as the analysis's second
/// look ([`Computer::analysis_nodes`](crate::game::computer::Computer) times
/// [`VERIFY_FACTOR`], set there), whatever the device's speed or load (a time limit
/// searched less on a busy phone, and the analysis could then mark a hint); and a time no
/// hint should ever take, for a device far slower than any measured.
pub const HINT_LIMITS: Limits = Limits {
    depth: None,
    nodes: Some(crate::game::analysis::ANALYSIS_NODES * VERIFY_FACTOR),
    time: Some(Duration::from_secs(20)),
};

const _: () = assert!(
    HINT_TIME.as_millis()
        >= crate::game::analysis::MOVE_TIME.as_millis()
            * surakarta_engine::ai::analysis::VERIFY_FACTOR as u128,
    "a hint searches at least as long as the analysis before a mark"
);

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
}

/// The sliced search for `purpose`: on the web without workers, and where a worker failed.
pub fn sliced(game: &Game, purpose: Purpose, level: Level, seed: u64) -> SlicedSearch {
    match purpose {
        Purpose::Move => SlicedSearch::choose(game, level, Limits::default(), seed),
        Purpose::Hint => SlicedSearch::hint(
            game,
            Limits {
                time: Some(HINT_TIME),
                ..Limits::default()
            },
        ),
    }
}

/// Runs `search` under a control that `stop` ends and whose clock starts now.
pub fn controlled<R>(stop: &AtomicBool, search: impl FnOnce(&SearchControl) -> R) -> R {
    let started = Instant::now();
    let clock = move || started.elapsed();
    search(&SearchControl {
        stop,
        clock: &clock,
    })
}

/// Runs `work` on a thread of its own at the lowest priority the system offers and waits
/// for it. At that priority the work gives way at once whenever the frame needs a core,
/// which matters where the frame is drawn on the same cores (a software renderer); the
/// lowered thread ends with the work, so the caller's thread keeps its priority. Should the
/// thread not start, the work runs here.
pub fn at_low_priority<R: Send>(work: impl Fn() -> R + Sync) -> R {
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("surakarta search".into())
            .spawn_scoped(scope, || {
                lower_this_threads_priority();
                work()
            });
        match spawned {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => work(),
        }
    })
}

/// Starts `work` on a thread of its own at the lowest priority (as [`at_low_priority`])
/// and does not wait for it: for long work that must hold neither a frame nor the
/// compute pool's threads, which the computer's searches wait on (a phone's pool may have
/// one).
#[cfg(not(target_arch = "wasm32"))]
pub fn spawn_at_low_priority<R: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> R + Send + 'static,
) -> std::io::Result<std::thread::JoinHandle<R>> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            lower_this_threads_priority();
            work()
        })
}

/// Lowers the calling thread as far as a program may. Linux and Android: `SCHED_IDLE`, the
/// scheduler's least weight, which any other thread that wakes displaces at once (measured
/// with `--bench-frames` under Mesa's software renderer on 2 cores: with nice 10 p99 frame
/// time rose by 22-28 ms while the computer thought, nice 19 was no better; with
/// `SCHED_IDLE` the change was -13 to +11 ms, inside the run-to-run noise); failing that,
/// the lowest nice value.
/// Elsewhere the thread keeps its priority: Apple's lower classes of service move a thread
/// to slower cores, and those phones draw on their GPU anyway.
fn lower_this_threads_priority() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    // SAFETY: both calls only read their arguments (`param` lives across the call); `0`
    // means the calling thread. A failure leaves the priority as it was.
    unsafe {
        let param = libc::sched_param { sched_priority: 0 };
        if libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) != 0 {
            libc::setpriority(libc::PRIO_PROCESS, 0, 19);
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn policy_of_this_thread() -> i32 {
        // SAFETY: no arguments but the calling thread's id, 0.
        unsafe { libc::sched_getscheduler(0) }
    }

    #[test]
    fn a_lowered_thread_runs_at_idle_priority() {
        let lowered = std::thread::spawn(|| {
            lower_this_threads_priority();
            policy_of_this_thread()
        });
        assert_eq!(lowered.join().unwrap(), libc::SCHED_IDLE);
    }

    #[test]
    fn work_at_low_priority_answers_and_leaves_the_waiting_thread_as_it_was() {
        let before = policy_of_this_thread();
        assert_eq!(at_low_priority(policy_of_this_thread), libc::SCHED_IDLE);
        assert_eq!(policy_of_this_thread(), before);
    }
}
