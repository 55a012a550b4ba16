//! A search done a slice at a time, for a caller that cannot give it a thread of its own
//! (a browser page runs everything on the thread that draws the frames).
//!
//! Each slice goes on with iterative deepening from the last depth completed: an
//! iteration cut off by the end of its slice is started again in the next one, where the
//! subtrees it finished are answered from the transposition table (kept, not aged, from
//! slice to slice), so every slice gets further. Easy and Medium keep the root moves they
//! have already scored. The level's whole budget (its time, depth and node limits) is
//! counted over all the slices together.

use super::level::{Scoring, pick, score};
use super::{Engine, Hint, Level, Limits, SearchControl, SearchResult, describe};
use crate::game::Game;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// What a sliced search is looking for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    Move { level: Level, seed: u64 },
    Hint,
}

/// A move choice or a hint worked out over many short calls to [`SlicedSearch::step`].
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::{Duration, Instant};
/// use surakarta_engine::ai::{Engine, Level, Limits, SearchControl, SlicedSearch};
/// use surakarta_engine::{Game, Ruleset};
///
/// let game = Game::new(Ruleset::default());
/// let mut engine = Engine::new(4);
/// let mut search = SlicedSearch::choose(&game, Level::Medium, Limits::default(), 1);
/// let stop = AtomicBool::new(false);
/// let started = Instant::now();
/// let clock = || started.elapsed();
/// let ctl = SearchControl { stop: &stop, clock: &clock };
/// let answer = loop {
///     // In a browser: one slice per frame, the page drawing in between.
///     if let Some(result) = search.step(&mut engine, Duration::from_millis(10), &ctl) {
///         break result;
///     }
/// };
/// assert!(game.moves().contains(&answer.best.unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct SlicedSearch {
    game: Game,
    goal: Goal,
    budget: Limits,
    spent: Duration,
    nodes: u64,
    slices: u32,
    progress: Progress,
    done: bool,
}

/// How far the search got.
#[derive(Clone, Debug)]
enum Progress {
    /// Hard and hints: the deepest completed iteration, to go on from, and the latest
    /// answer (which may know a better move from a part of the next iteration).
    Deepening {
        completed: Option<SearchResult>,
        latest: Option<SearchResult>,
    },
    /// Easy and Medium: the root moves scored.
    Scoring(Scoring),
}

impl SlicedSearch {
    /// The move `level` would play in `game` (see [`Engine::choose`]).
    pub fn choose(game: &Game, level: Level, cap: Limits, seed: u64) -> SlicedSearch {
        SlicedSearch::new(game, Goal::Move { level, seed }, level.budget().min(cap))
    }

    /// The hint for `game` (see [`Engine::hint`]).
    pub fn hint(game: &Game, cap: Limits) -> SlicedSearch {
        SlicedSearch::new(game, Goal::Hint, super::hint::hint_limits(cap))
    }

    fn new(game: &Game, goal: Goal, budget: Limits) -> SlicedSearch {
        SlicedSearch {
            game: game.clone(),
            goal,
            budget,
            spent: Duration::ZERO,
            nodes: 0,
            slices: 0,
            progress: match goal {
                Goal::Move { level, .. } if level != Level::Hard => {
                    Progress::Scoring(Scoring::default())
                }
                _ => Progress::Deepening {
                    completed: None,
                    latest: None,
                },
            },
            done: false,
        }
    }

    /// The game this search is about.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Search time used so far, over all slices.
    pub fn spent(&self) -> Duration {
        self.spent
    }

    /// Slices run so far.
    pub fn slices(&self) -> u32 {
        self.slices
    }

    /// True once the answer is known (a later `step` returns it again at once).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Searches for at most about `slice` more (by the control's clock, which need not
    /// start at zero). Returns the answer once the budget is used up, the search has
    /// nothing left to look at, or the stop flag is set; `None` while more slices are
    /// needed.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        slice: Duration,
        ctl: &SearchControl<'_>,
    ) -> Option<SearchResult> {
        if !self.done {
            self.run_slice(engine, slice, ctl);
        }
        self.result()
    }

    /// The answer, once the search is done.
    pub fn result(&self) -> Option<SearchResult> {
        if !self.done {
            return None;
        }
        let mut answer = match (&self.progress, self.goal) {
            (
                Progress::Deepening {
                    latest: Some(r), ..
                },
                _,
            ) => r.clone(),
            (Progress::Scoring(scoring), Goal::Move { level, seed }) => {
                pick(&self.game, level, scoring, seed)
            }
            _ => SearchResult::unsearched(&self.game.moves()),
        };
        answer.nodes = self.nodes;
        Some(answer)
    }

    /// The hint, once a [`SlicedSearch::hint`] is done.
    pub fn hint_answer(&self) -> Option<Hint> {
        if self.goal != Goal::Hint {
            return None;
        }
        let mv = self.result()?.best?;
        Some(describe(&self.game, mv))
    }

    fn run_slice(&mut self, engine: &mut Engine, slice: Duration, ctl: &SearchControl<'_>) {
        if ctl.stop.load(Ordering::Relaxed) {
            self.done = true;
            return;
        }
        let left = self.budget.time.map(|t| t.saturating_sub(self.spent));
        let time = left
            .map_or(slice, |l| l.min(slice))
            .max(Duration::from_millis(1));
        let nodes = self
            .budget
            .nodes
            .map(|n| n.saturating_sub(self.nodes).max(1));
        let limits = Limits {
            depth: self.budget.depth,
            nodes,
            time: Some(time),
        };
        let start = (ctl.clock)();
        let clock = || (ctl.clock)().saturating_sub(start);
        let slice_ctl = SearchControl {
            stop: ctl.stop,
            clock: &clock,
        };
        // The first slice starts a new search; later ones continue it with everything
        // the table and history learned.
        engine.continuing = self.slices > 0;
        engine.mem.sliced = true;
        let (finished, nodes) = match &mut self.progress {
            Progress::Deepening { completed, latest } => {
                let r = engine.search_from(
                    &self.game,
                    limits,
                    &slice_ctl,
                    completed.as_ref(),
                    &mut |_| {},
                );
                let nodes = r.nodes;
                let finished = clock() < time && !ctl.stop.load(Ordering::Relaxed);
                // An iteration cut off by the slice is done again in the next one.
                if completed.as_ref().is_none_or(|c| r.depth > c.depth) {
                    *completed = Some(r.clone());
                }
                *latest = Some(r);
                (finished, nodes)
            }
            Progress::Scoring(scoring) => {
                let before = scoring.nodes();
                score(engine, &self.game, limits, &slice_ctl, scoring);
                let cap = limits.depth.unwrap_or(2);
                let finished = scoring.depth >= cap || self.game.moves().len() <= 1;
                (finished, scoring.nodes() - before)
            }
        };
        engine.continuing = false;
        engine.mem.sliced = false;
        self.slices += 1;
        self.spent += clock();
        self.nodes += nodes;
        let out_of_time = self.budget.time.is_some_and(|t| self.spent >= t);
        let out_of_nodes = self.budget.nodes.is_some_and(|n| self.nodes >= n);
        self.done = finished || out_of_time || out_of_nodes || ctl.stop.load(Ordering::Relaxed);
    }
}
