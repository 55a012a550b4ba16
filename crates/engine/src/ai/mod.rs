//! The computer opponent: search, levels and hints.
//!
//! The library keeps no clock and starts no thread: the caller passes a [`SearchControl`]
//! with a stop flag (set it from any thread to end a search within a few milliseconds) and
//! a function that says how long the search has run, so the same code runs on a phone, a
//! desktop, a background task or a browser.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use std::time::Instant;
//! use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
//! use surakarta_engine::{Game, Ruleset};
//!
//! let game = Game::new(Ruleset::default());
//! let stop = AtomicBool::new(false);
//! let started = Instant::now();
//! let clock = || started.elapsed();
//! let ctl = SearchControl { stop: &stop, clock: &clock };
//! let mut engine = Engine::new(16);
//! let choice = engine.choose(&game, Level::Easy, Limits::default(), 7, &ctl);
//! assert!(game.moves().contains(&choice.best.unwrap()));
//! ```

pub mod analysis;
mod eval;
mod hint;
mod level;
mod net;
mod search;
mod sliced;
mod tt;

pub use eval::{
    LADDER_WEIGHTS, STONE, STONES_ONLY, TERM_NAMES, TERMS, WEIGHTS, Weights, eval_terms, evaluate,
};
pub use hint::{Hint, HintReason, describe};
pub use level::Level;
pub use net::{FEWEST_STONES as NET_FEWEST_STONES, inputs as net_inputs};
pub use search::{MATE, MATE_BOUND};
pub use sliced::SlicedSearch;

use crate::game::Game;
use crate::moves::Move;
use crate::tablebase::{self, Probe, Tablebase};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How far a search may go. Every limit given applies; none means no limit of that kind
/// (give at least one, or a stop flag someone will set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Longest time, as measured by the control's clock.
    pub time: Option<Duration>,
}

impl Limits {
    /// The time to spend on a move with `left` on the clock and `increment` added after
    /// it (both in milliseconds): a slice of what is left, never all of it.
    pub fn for_clock(left: u64, increment: u64) -> Limits {
        // Clock values come from outside (a pipe, a server): any u64 must do.
        let slice = (left / 25).saturating_add(increment / 4 * 3);
        Limits {
            time: Some(Duration::from_millis(
                slice.min(left.saturating_sub(50)).max(10),
            )),
            ..Limits::default()
        }
    }

    /// Each limit `factor` times as large (time and nodes), and a ply deeper for each
    /// doubling (what twice the time buys, about): for a second look that must see
    /// further than the first.
    pub fn scaled(self, factor: u32) -> Limits {
        let plies = factor.max(1).ilog2();
        Limits {
            depth: self.depth.map(|d| d.saturating_add(plies)),
            nodes: self.nodes.map(|n| n.saturating_mul(u64::from(factor))),
            time: self.time.map(|t| t.saturating_mul(factor)),
        }
    }

    /// Each limit the tighter of the two.
    pub fn min(self, other: Limits) -> Limits {
        fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            depth: tighter(self.depth, other.depth),
            nodes: tighter(self.nodes, other.nodes),
            time: tighter(self.time, other.time),
        }
    }
}

/// How the caller steers a running search.
pub struct SearchControl<'a> {
    /// Set to true (from any thread) to end the search; it returns the best move so far.
    pub stop: &'a AtomicBool,
    /// Time since the search started. On the web, `performance.now()`; elsewhere an
    /// `Instant`.
    pub clock: &'a dyn Fn() -> Duration,
}

/// One completed iteration, as reported while searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Plies searched.
    pub depth: u32,
    /// Score for the side to move, in hundredths of a stone; beyond [`MATE_BOUND`] a
    /// forced win (positive) or loss.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time used so far.
    pub elapsed: Duration,
    /// The expected line of play.
    pub pv: Vec<Move>,
}

/// What a search decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line of play, `best` first when known.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// The answer before any search: the first legal move, if any.
    pub fn unsearched(moves: &crate::moves::MoveList) -> SearchResult {
        SearchResult {
            best: moves.as_slice().first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        }
    }
}

/// A reusable searcher: keeps its transposition table and move-ordering history between
/// searches, as a player remembers what it has already worked out.
pub struct Engine {
    mem: search::Memory,
    /// Set by [`SlicedSearch`] for its later slices: the search goes on from where the
    /// last slice left it, so the table is not aged and the history not faded.
    continuing: bool,
    /// Whether Hard's evaluation has the network's correction (see [`Engine::without_network`]).
    network: bool,
}

impl Engine {
    /// An engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Engine {
        Engine {
            mem: search::Memory::new(megabytes),
            continuing: false,
            network: true,
        }
    }

    /// An engine whose best-move searches and [`Engine::score_moves`] evaluate with the
    /// sixteen terms alone, without the network's correction: for making and checking
    /// puzzles. A puzzle's move wins material and no other move does; the network's
    /// credit for a good position (a stone or more at times) would count as winning, and
    /// the pack was made and checked without it (`crate::puzzle`). [`draw_answer`]
    /// searches this way too.
    pub fn without_network(megabytes: usize) -> Engine {
        Engine {
            network: false,
            ..Engine::new(megabytes)
        }
    }

    /// Forgets everything learned (for a new game). The table's memory goes back to the
    /// system until searches fill it again.
    pub fn clear(&mut self) {
        self.mem.clear();
    }

    /// Searches the game's current position with iterative deepening until a limit is
    /// reached or the stop flag is set; `on_info` hears of every completed iteration.
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        ctl: &SearchControl<'_>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_from(game, limits, ctl, None, on_info)
    }

    /// [`Engine::search`], going on after `resumed`, an earlier completed iteration.
    fn search_from(
        &mut self,
        game: &Game,
        limits: Limits,
        ctl: &SearchControl<'_>,
        resumed: Option<&SearchResult>,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.mem.use_evaluation(&eval::WEIGHTS, self.network);
        if !self.continuing {
            self.mem.tt.new_search();
            for row in self.mem.history.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 4;
                }
            }
        }
        if let Some(result) = self.table_move(game) {
            on_info(&SearchInfo {
                depth: result.depth,
                score: result.score,
                nodes: 0,
                elapsed: (ctl.clock)(),
                pv: result.pv.clone(),
            });
            return result;
        }
        let max_depth = limits.depth.unwrap_or(100).clamp(1, 100);
        let mut s = search::Searcher::new(&mut self.mem, game, ctl, limits, true);
        search::iterate(&mut s, game, max_depth, resumed, on_info)
    }

    /// Every legal move of the game's position with its score for the side to move,
    /// each searched `depth` plies with a full window (the tables used where they
    /// apply), best first (equal scores in generation order). For puzzles and their
    /// checks (with an engine [`Engine::without_network`]), where the second best move
    /// matters as much as the best.
    pub fn score_moves(
        &mut self,
        game: &Game,
        depth: u32,
        ctl: &SearchControl<'_>,
    ) -> Vec<(Move, i32)> {
        let all = game.moves();
        let mut out = self.score_these_moves(game, all.as_slice(), depth, Limits::default(), ctl);
        out.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        out
    }

    /// The moves given, those of them legal in the game's position, each with its score
    /// for the side to move from one search of `depth` plies with a full window, in the
    /// order given: moves compared side by side, at the same depth and by the same
    /// search, so that neither is favoured by a search of its own that saw less. The
    /// search ends early at `limits`' time or nodes (its depth is `depth`), or when the
    /// stop flag on `ctl` is set: then the moves not yet scored are left out.
    pub fn score_these_moves(
        &mut self,
        game: &Game,
        moves: &[Move],
        depth: u32,
        limits: Limits,
        ctl: &SearchControl<'_>,
    ) -> Vec<(Move, i32)> {
        let evaluation = (&eval::WEIGHTS, self.network);
        self.score_with(evaluation, game, moves, depth, limits, ctl)
    }

    /// [`Engine::score_these_moves`] counting stones alone ([`eval::STONES_ONLY`], no
    /// network): each move's score is the stones the side to move is ahead by at the end
    /// of the line both sides would play to `depth` plies (its captures played out), in
    /// hundredths (a forced result as in any search). The analysis asks it whether a move
    /// it would mark gives away stones, or only the finer points of a position, where its
    /// evaluation is least sure.
    pub fn score_stones_of(
        &mut self,
        game: &Game,
        moves: &[Move],
        depth: u32,
        limits: Limits,
        ctl: &SearchControl<'_>,
    ) -> Vec<(Move, i32)> {
        self.score_with((&eval::STONES_ONLY, false), game, moves, depth, limits, ctl)
    }

    /// [`Engine::score_these_moves`] with an evaluation of its own: weights, and the
    /// network's correction or not.
    fn score_with(
        &mut self,
        (weights, network): (&'static Weights, bool),
        game: &Game,
        moves: &[Move],
        depth: u32,
        limits: Limits,
        ctl: &SearchControl<'_>,
    ) -> Vec<(Move, i32)> {
        self.mem.use_evaluation(weights, network);
        self.mem.tt.new_search();
        let pos = *game.position();
        let legal = game.moves();
        let mut list = crate::moves::MoveList::new();
        for m in moves {
            if legal.as_slice().contains(m) && !list.as_slice().contains(m) {
                list.push(*m);
            }
        }
        let mut out = Vec::with_capacity(list.len());
        if game.outcome().is_some() {
            return out;
        }
        let mut s = search::Searcher::new(&mut self.mem, game, ctl, limits, true);
        s.score_root_moves(&pos, &list, depth.clamp(1, 60) as i32, &mut out);
        out
    }

    /// Gives the engine endgame tables (or takes them away). Hard, hints and analysis
    /// then play a won or lost table position by the table, and take every table
    /// position the search meets as exact; tables for other rules are not used.
    pub fn set_tables(&mut self, tables: Option<Arc<Tablebase>>) {
        self.mem.tables = tables;
        self.mem.tt.clear();
    }

    /// The engine's endgame tables, if it has any.
    pub fn tables(&self) -> Option<&Arc<Tablebase>> {
        self.mem.tables.as_ref()
    }

    /// What the tables say of the game's position, when they apply to its rules and
    /// hold it.
    pub fn table_probe(&self, game: &Game) -> Option<Probe> {
        self.mem
            .tables_for(game.rules())?
            .probe_with(game.position(), game.rules().ply_limit)
    }

    /// [`Engine::search`] as if the engine had no tables (to check them against).
    pub fn search_without_tables(
        &mut self,
        game: &Game,
        limits: Limits,
        ctl: &SearchControl<'_>,
    ) -> SearchResult {
        let tables = self.mem.tables.take();
        let r = self.search(game, limits, ctl, &mut |_| {});
        self.mem.tables = tables;
        r
    }

    /// The tables' answer for a won or lost position they hold: the quickest win (or
    /// the longest defence), with the line they expect. Drawn positions are left to the
    /// search, which sees every move's exact value from the tables at the next ply.
    fn table_move(&self, game: &Game) -> Option<SearchResult> {
        if game.outcome().is_some() {
            return None;
        }
        let tables = self.mem.tables_for(game.rules())?;
        let limit = game.rules().ply_limit;
        let probe = tables.probe_with(game.position(), limit)?;
        if probe.value == tablebase::Value::Draw {
            return None;
        }
        let mut pv = Vec::new();
        let mut pos = *game.position();
        while pv.len() < 24 && pos.stones(pos.side_to_move().other()).count() > 0 {
            let Some(&m) = tables
                .best_moves(&pos, limit)
                .and_then(|b| b.first().copied())
                .as_ref()
            else {
                break;
            };
            pv.push(m);
            pos.play(m);
        }
        let best = pv.first().copied()?;
        Some(SearchResult {
            best: Some(best),
            score: search::score_of(&probe, 0),
            depth: 1,
            nodes: 0,
            pv,
        })
    }

    /// The move `level` plays: Hard searches to its budget and plays the best move; the
    /// other levels search shallower and pick among the good moves with weighted chance,
    /// reproducibly for a given `seed`. `cap` tightens the level's own budget (its depth
    /// cap and its randomness still apply).
    pub fn choose(
        &mut self,
        game: &Game,
        level: Level,
        cap: Limits,
        seed: u64,
        ctl: &SearchControl<'_>,
    ) -> SearchResult {
        level::choose(self, game, level, cap, seed, ctl)
    }
}

/// The most the computer may think it stands better by and still accept a draw offer:
/// a quarter of a stone, in hundredths of a stone.
pub const DRAW_MARGIN: i32 = STONE / 4;

/// How deep the computer looks before answering a draw offer: deep enough to see a
/// capture coming, quick enough to answer at once (a few milliseconds), and an even
/// number of plies, so that the last move searched is the offerer's as often as not (an
/// odd depth gives the side to move the last word: a third of a stone at the start).
pub const DRAW_DEPTH: u32 = 4;

/// Plies played before the computer agrees a draw in a level game: fifteen moves each.
/// Before that a level game has hardly begun, and a player expects the computer to play
/// it out; a computer that stands worse (by [`DRAW_EARLY_BEHIND`]) accepts at any time.
pub const DRAW_EARLIEST_PLY: u32 = 30;

/// How far the computer must stand behind to accept a draw before [`DRAW_EARLIEST_PLY`]:
/// half a stone, by the sixteen terms and by Hard's evaluation with the network's
/// correction alike. In the first moves the two often disagree by more than
/// [`DRAW_MARGIN`], and a computer that accepted at move 2 by one of them while the
/// analysis, which uses the other, showed it ahead, contradicted itself.
pub const DRAW_EARLY_BEHIND: i32 = STONE / 2;

/// How the computer answers a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    /// It accepts: the game is level after the opening, or it stands worse.
    Accepts,
    /// It declines: it thinks it stands better (by more than [`DRAW_MARGIN`]).
    StandsBetter,
    /// It declines: the game is level but has only begun (fewer than
    /// [`DRAW_EARLIEST_PLY`] plies in all, by the position's count).
    TooEarly,
    /// It declines: the game is over, there is nothing to agree.
    GameOver,
}

/// How the computer playing `side` answers a draw offered in `game`, by its own search
/// ([`DRAW_DEPTH`] plies, with the sixteen terms alone, without the network's
/// correction): it declines when it stands better by more than [`DRAW_MARGIN`]; it
/// accepts when the game is level within the margin and [`DRAW_EARLIEST_PLY`] plies have
/// been played, or, earlier, when it stands worse by more than [`DRAW_EARLY_BEHIND`] both
/// by that search and by one with the network's correction (the analysis's evaluation).
pub fn draw_answer(
    engine: &mut Engine,
    game: &Game,
    side: crate::Side,
    ctl: &SearchControl<'_>,
) -> DrawAnswer {
    if game.outcome().is_some() {
        return DrawAnswer::GameOver;
    }
    let limits = Limits {
        depth: Some(DRAW_DEPTH),
        ..Limits::default()
    };
    // The margin is a distance in the sixteen terms' evaluation, as the levels' margins
    // are: the network's correction judges even openings half a stone apart at times, and
    // a level game that has only begun would be declined as one the computer stands
    // better in.
    let network = engine.network;
    let mut for_side = |net: bool| {
        engine.network = net;
        let score = engine.search(game, limits, ctl, &mut |_| {}).score;
        if game.side_to_move() == side {
            score
        } else {
            score.saturating_neg()
        }
    };
    let plain = for_side(false);
    let answer = if plain > DRAW_MARGIN {
        DrawAnswer::StandsBetter
    } else if game.position().plies() >= DRAW_EARLIEST_PLY
        || plain < -DRAW_EARLY_BEHIND && for_side(true) < -DRAW_EARLY_BEHIND
    {
        DrawAnswer::Accepts
    } else {
        DrawAnswer::TooEarly
    };
    engine.network = network;
    answer
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(32)
    }
}
