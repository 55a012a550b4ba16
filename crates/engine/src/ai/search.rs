//! Iterative-deepening principal-variation search with a transposition table, killer and
//! history move ordering, null-move and late-move reductions, and a capture quiescence;
//! a best-move search also prunes forward near the leaves (reverse futility, late moves).

use super::eval::{WEIGHTS, Weights, evaluate_in};
use super::tt::{Bound, Table};
use super::{Limits, SearchControl, SearchInfo, SearchResult};
use crate::circuit::LoopWalks;
use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::ruleset::{NoMoves, Ruleset};
use crate::square::Bitboard;
use crate::tablebase::{Probe, Tablebase, Value};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// A win found in the search: `MATE - plies to it`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;

/// How many evaluations [`Memory`] keeps: 64 KB, which stays in the core's cache. In
/// `bench --depth 14`, 256 to 8,192 of them searched within a few percent of each other
/// and 65,536 (a megabyte) more slowly, waiting on memory (`docs/measurements.md`, Speed).
const EVALS_REMEMBERED: usize = 1 << 12;

/// What an engine remembers between searches.
pub(crate) struct Memory {
    pub tt: Table,
    pub history: Box<[[i32; 36]; 36]>,
    /// Evaluations already made, by position hash: quiet leaves recur across iterations.
    pub evals: Box<[(u64, i32)]>,
    /// Searching a slice of a [`super::SlicedSearch`].
    pub sliced: bool,
    /// The evaluation's weights: what the table and the evaluations above were found with.
    weights: &'static Weights,
    /// Whether the network's correction is added: for Hard, hints and analysis (not for
    /// the levels below Hard, measured without it, nor for the puzzles' checks).
    net: bool,
    /// Endgame tables, exact where they apply (see [`Memory::tables_for`]).
    pub tables: Option<Arc<Tablebase>>,
}

impl Memory {
    pub fn new(megabytes: usize) -> Memory {
        Memory {
            tt: Table::new(megabytes),
            history: Box::new([[0; 36]; 36]),
            evals: vec![(0, 0); EVALS_REMEMBERED].into_boxed_slice(),
            sliced: false,
            weights: &WEIGHTS,
            net: true,
            tables: None,
        }
    }

    /// The tables, when they are exact under `rules`.
    pub fn tables_for(&self, rules: &Ruleset) -> Option<Arc<Tablebase>> {
        self.tables.clone().filter(|t| t.applies_to(rules))
    }

    /// Evaluates with `weights`, and with the network's correction or without, from now
    /// on, forgetting what was found with another evaluation.
    pub fn use_evaluation(&mut self, weights: &'static Weights, net: bool) {
        if self.weights != weights || self.net != net {
            self.clear();
            self.weights = weights;
            self.net = net;
        }
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        *self.history = [[0; 36]; 36];
        self.evals.fill((0, 0));
    }
}

pub(crate) struct Searcher<'a> {
    mem: &'a mut Memory,
    rules: Ruleset,
    ctl: &'a SearchControl<'a>,
    limits: Limits,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Hashes of the game's positions and then of the search path, for repetition.
    hashes: Vec<u64>,
    pub nodes: u64,
    stopped: bool,
    pv: [[Option<Move>; MAX_PLY]; MAX_PLY],
    pv_len: [usize; MAX_PLY],
    /// Endgame tables, when this search uses them and they apply to the rules.
    tables: Option<Arc<Tablebase>>,
    /// The most stones of a position the tables answer for (0 without tables).
    table_stones: u32,
    /// Forward pruning on (reverse futility, late-move pruning, reductions growing with
    /// depth and order): a best-move search (`iterate`: Hard, hints, analysis). Off when
    /// every root move's score matters (the levels' scoring, the puzzles' checks).
    selective: bool,
}

impl<'a> Searcher<'a> {
    /// A searcher of `game`; `use_tables` lets it take exact values from the endgame
    /// tables in `mem` (Hard, hints and analysis do; the weaker levels do not).
    pub fn new(
        mem: &'a mut Memory,
        game: &Game,
        ctl: &'a SearchControl<'a>,
        limits: Limits,
        use_tables: bool,
    ) -> Searcher<'a> {
        let tables = mem.tables_for(game.rules()).filter(|_| use_tables);
        Searcher {
            table_stones: tables.as_ref().map_or(0, |t| t.max_stones()),
            tables,
            mem,
            rules: *game.rules(),
            ctl,
            limits,
            killers: [[None; 2]; MAX_PLY],
            hashes: game.positions().iter().map(Position::hash).collect(),
            nodes: 0,
            stopped: false,
            pv: [[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            selective: false,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let time_up = self.limits.time.is_some_and(|t| (self.ctl.clock)() >= t);
            let nodes_up = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if time_up || nodes_up || self.ctl.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Score of a position the rules have ended, or `None` while play goes on.
    /// `has_moves` is asked only when it decides something (it costs a move scan).
    fn rule_end(&self, pos: &Position, ply: usize, has_moves: impl Fn() -> bool) -> Option<i32> {
        let us = pos.side_to_move();
        if pos.stones(us).is_empty() {
            return Some(-(MATE - ply as i32));
        }
        if pos.stones(us.other()).is_empty() {
            return Some(MATE - ply as i32);
        }
        let limit_reached = self.rules.ply_limit.is_some_and(|n| pos.plies() >= n)
            || self
                .rules
                .no_capture_limit
                .is_some_and(|n| pos.since_capture() >= n)
            || self.repeated(pos);
        if !limit_reached {
            return None;
        }
        // No legal move decides before the draw limits, as in `Game::outcome`.
        if !has_moves() && self.rules.no_moves == NoMoves::Loses {
            return Some(-(MATE - ply as i32));
        }
        Some(0)
    }

    /// The tables' exact score of `pos`, when it is in them.
    #[inline]
    fn table_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.occupied().count() > self.table_stones {
            return None;
        }
        let probe = self
            .tables
            .as_ref()?
            .probe_with(pos, self.rules.ply_limit)?;
        Some(score_of(&probe, ply))
    }

    fn repeated(&self, pos: &Position) -> bool {
        let Some(n) = self.rules.repetition else {
            return false;
        };
        // The positions with the same side to move since the last capture (a capture
        // cannot be undone), this one included.
        let last = self.hashes.len() - 1;
        let back = (pos.since_capture() as usize).min(last);
        let mut seen = 0;
        let mut d = 0;
        while d <= back {
            if self.hashes[last - d] == pos.hash() {
                seen += 1;
                if seen >= n {
                    return true;
                }
            }
            d += 2;
        }
        false
    }

    /// Scales an evaluation towards a draw as the no-capture or ply limit comes near, so
    /// the side ahead presses on and the side behind plays for the limit. The position's
    /// walks past a loop are found here if the evaluation needs them and `walks` has none,
    /// and left there for the caller.
    fn scaled_eval(&mut self, pos: &Position, walks: &mut Option<LoopWalks>) -> i32 {
        let slot = pos.hash() as usize & (self.mem.evals.len() - 1);
        let raw = match self.mem.evals[slot] {
            (key, score) if key == pos.hash() => score,
            _ => {
                let walks = walks.get_or_insert_with(|| pos.loop_walks());
                let mut score =
                    evaluate_in(pos, walks, self.rules.diagonal_steps, self.mem.weights);
                if self.mem.net {
                    score += super::net::correction(pos);
                }
                self.mem.evals[slot] = (pos.hash(), score);
                score
            }
        };
        let left = [
            self.rules
                .no_capture_limit
                .map(|n| n.saturating_sub(pos.since_capture())),
            self.rules.ply_limit.map(|n| n.saturating_sub(pos.plies())),
        ]
        .into_iter()
        .flatten()
        .min();
        match left {
            Some(left) if left < 20 => raw * (left as i32 + 4) / 24,
            _ => raw,
        }
    }

    /// The ordering keys of `list`'s moves, best first once sorted (see [`bring_forward`]).
    fn order_keys(
        &self,
        pos: &Position,
        list: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
        enemy_attacks: Bitboard,
    ) -> [i32; crate::moves::MAX_MOVES] {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let score = |m: &Move| -> i32 {
            if Some(*m) == tt_move {
                return 2_000_000;
            }
            if m.capture {
                // Captures of stones that cannot be taken back first.
                let after = pos.after(*m);
                let recapturable = after.attacked_by(after.side_to_move()).has(m.to);
                return 1_000_000 + if recapturable { 0 } else { 500 };
            }
            if killers[0] == Some(*m) {
                return 900_000;
            }
            if killers[1] == Some(*m) {
                return 800_000;
            }
            // Moving a threatened stone away is a natural first try.
            let escape = if enemy_attacks.has(m.from) { 50_000 } else { 0 };
            escape + self.mem.history[m.from.index()][m.to.index()]
        };
        let mut keys = [0i32; crate::moves::MAX_MOVES];
        for (k, m) in keys.iter_mut().zip(list.iter()) {
            *k = score(m);
        }
        keys
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let us = pos.side_to_move();
        if pos.stones(us).is_empty() {
            return -(MATE - ply as i32);
        }
        if let Some(exact) = self.table_score(pos, ply) {
            return exact;
        }
        let mut walks = None;
        let stand = self.scaled_eval(pos, &mut walks);
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let walks = walks.unwrap_or_else(|| pos.loop_walks());
        for m in pos.captures(&walks).iter() {
            let next = pos.after(m);
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    pub fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if ply > 0 {
            self.nodes += 1;
            if self.out_of_budget() {
                return 0;
            }
        }
        let diagonal = self.rules.diagonal_steps;
        if ply > 0
            && let Some(end) = self.rule_end(pos, ply, || pos.has_moves(diagonal))
        {
            return end;
        }
        if ply > 0
            && let Some(exact) = self.table_score(pos, ply)
        {
            return exact;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        // The slot arrives while the moves are listed.
        self.mem.tt.prefetch(pos.hash());
        let walks = pos.loop_walks();
        let mut list = MoveList::new();
        pos.captures_in(&walks, &mut list);
        pos.steps_into(diagonal, &mut list);
        if list.is_empty() {
            return match self.rules.no_moves {
                NoMoves::Loses => -(MATE - ply as i32),
                NoMoves::Draw => 0,
            };
        }
        let pv_node = beta - alpha > 1;
        let key = pos.hash();
        let hit = self.mem.tt.probe(key);
        let mut tt_move = None;
        if let Some(hit) = hit {
            tt_move = hit.mv.filter(|m| list.contains(m));
            let score = from_tt(hit.score, ply);
            if !pv_node && hit.depth >= depth && ply > 0 {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        let us = pos.side_to_move();
        // Reverse futility: near the leaves, a position so far above beta that a few plies
        // will not bring it down is not searched.
        if self.selective && !pv_node && ply > 0 && depth <= 3 && beta.abs() < MATE_BOUND {
            let eval = self.scaled_eval(pos, &mut Some(walks));
            if eval - 90 * depth >= beta {
                return eval;
            }
        }
        // Null move: if passing still beats beta, a real move will too. Skipped with few
        // stones, where having to move can hurt.
        if null_ok
            && !pv_node
            && depth >= 3
            && pos.stones(us).count() >= 5
            && beta.abs() < MATE_BOUND
            && self.scaled_eval(pos, &mut Some(walks)) >= beta
        {
            let passed = pos.with_side_to_move(us.other());
            self.hashes.push(passed.hash());
            let r = if depth >= 6 { 3 } else { 2 };
            let score = -self.search(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
        }

        let enemy_attacks = pos.attacked_in(&walks, us.other());
        let mut keys = self.order_keys(pos, &list, tt_move, ply, enemy_attacks);
        let mut best = -INF;
        let mut best_move = None;
        let original_alpha = alpha;
        for i in 0..list.len() {
            let m = bring_forward(list.as_mut_slice(), &mut keys, i);
            let quiet = !m.capture && !enemy_attacks.has(m.from);
            let killer = self.killers[ply].contains(&Some(m));
            // Late-move pruning: near the leaves, the quiet moves ordered last are not
            // searched once a move has been (a capture, a threatened stone's move and a
            // killer always are).
            if self.selective
                && !pv_node
                && ply > 0
                && depth <= 3
                && quiet
                && !killer
                && best > -MATE_BOUND
                && i as i32 >= 3 + 2 * depth * depth
            {
                continue;
            }
            let next = pos.after(m);
            self.hashes.push(next.hash());
            let mut score;
            if i == 0 {
                score = -self.search(&next, depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                let reduce = if !(depth >= 3 && quiet && !killer) {
                    0
                } else if self.selective {
                    // Growing with the depth and the move's place in the order.
                    late_move_reduction(depth, i, pv_node)
                } else if i >= 3 {
                    1 + i32::from(i >= 10 && depth >= 5)
                } else {
                    0
                };
                score = -self.search(&next, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduce > 0 {
                    score = -self.search(&next, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(&next, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.hashes.pop();
            if self.stopped {
                return if ply == 0 && best_move.is_some() {
                    best
                } else {
                    0
                };
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.pv[ply][0] = Some(m);
                    let child_len = self.pv_len[ply + 1];
                    for k in 0..child_len {
                        self.pv[ply][k + 1] = self.pv[ply + 1][k];
                    }
                    self.pv_len[ply] = child_len + 1;
                }
            }
            if alpha >= beta {
                if !m.capture {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let h = &mut self.mem.history[m.from.index()][m.to.index()];
                    *h = (*h + depth * depth).min(40_000);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.mem
            .tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// The principal variation found by the last completed root search.
    pub fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Scores the root moves to `depth` with a full window (for the levels' choices),
    /// going on after the ones already in `out` (a search resumed in a new slice).
    pub fn score_root_moves(
        &mut self,
        pos: &Position,
        list: &MoveList,
        depth: i32,
        out: &mut Vec<(Move, i32)>,
    ) {
        for &m in list.iter().skip(out.len()) {
            let next = pos.after(m);
            self.hashes.push(next.hash());
            let score = -self.search(&next, depth - 1, -INF, INF, 1, true);
            self.hashes.pop();
            if self.stopped {
                break;
            }
            out.push((m, score));
        }
    }
}

/// How many plies a quiet move `i`-th in the order is searched less at `depth` (a
/// selective search): 0.75 + ln(depth) ln(i) / 2.25, one less at a principal-variation
/// node, leaving at least one ply. `i` counts from 0, so the first two moves are never
/// reduced.
fn late_move_reduction(depth: i32, i: usize, pv_node: bool) -> i32 {
    if i < 2 {
        return 0;
    }
    let r = 0.75 + (depth as f32).ln() * (i as f32).ln() / 2.25;
    (r as i32 - i32::from(pv_node)).clamp(0, depth - 2)
}

/// How many moves are picked one at a time before the rest are sorted: most nodes that
/// cut off do so at one of the first moves, and never pay for sorting the others.
const PICKED_ONE_BY_ONE: usize = 3;

/// Puts the `i`-th best move at `i` and returns it, given that `moves[..i]` are the best
/// `i` already: the order is a stable sort by `keys`, highest first (equal keys keep
/// generation order), but the first few moves are picked out one by one and the rest
/// sorted only when the search gets that far.
fn bring_forward(moves: &mut [Move], keys: &mut [i32], i: usize) -> Move {
    let n = moves.len();
    if i < PICKED_ONE_BY_ONE {
        let mut j = i;
        for k in i + 1..n {
            if keys[k] > keys[j] {
                j = k;
            }
        }
        // A rotation, not a swap, keeps the others in their order.
        let (m, k) = (moves[j], keys[j]);
        for x in (i..j).rev() {
            moves[x + 1] = moves[x];
            keys[x + 1] = keys[x];
        }
        moves[i] = m;
        keys[i] = k;
    } else if i == PICKED_ONE_BY_ONE {
        // Insertion sort, best first: short lists, no allocation.
        for a in i + 1..n {
            let (m, k) = (moves[a], keys[a]);
            let mut b = a;
            while b > i && keys[b - 1] < k {
                moves[b] = moves[b - 1];
                keys[b] = keys[b - 1];
                b -= 1;
            }
            moves[b] = m;
            keys[b] = k;
        }
    }
    moves[i]
}

/// The search score of a table's answer `ply` plies from the root: a win or loss as
/// far off as the table's distance to the end, a draw as 0.
pub(crate) fn score_of(probe: &Probe, ply: usize) -> i32 {
    let plies = ply as i32 + probe.dtm.unwrap_or(0).min(900) as i32;
    match probe.value {
        Value::Win => MATE - plies,
        Value::Loss => -(MATE - plies),
        Value::Draw => 0,
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Iterative deepening from the game's current position; after `resumed` (a completed
/// earlier iteration of the same search) when given.
pub(crate) fn iterate(
    s: &mut Searcher<'_>,
    game: &Game,
    max_depth: u32,
    resumed: Option<&SearchResult>,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    s.selective = true;
    let pos = *game.position();
    let list = game.moves();
    let mut result = SearchResult::unsearched(&list);
    if list.len() <= 1 {
        return result;
    }
    let mut last_score = 0;
    let mut first = 1;
    if let Some(r) = resumed.filter(|r| r.depth >= 1) {
        result = r.clone();
        last_score = r.score;
        first = r.depth as i32 + 1;
    }
    for depth in first..=max_depth as i32 {
        // Aspiration window around the last score, widened on failure.
        let mut window = if depth >= 4 { 40 } else { INF };
        let score = loop {
            let (lo, hi) = (
                (last_score - window).max(-INF),
                (last_score + window).min(INF),
            );
            let score = s.search(&pos, depth, lo, hi, 0, false);
            if s.stopped() || (score > lo && score < hi) || window >= INF {
                break score;
            }
            window = if window > 400 { INF } else { window * 4 };
        };
        let pv = s.root_pv();
        if s.stopped() {
            // A stopped iteration's line is set only by moves it searched to the end, the
            // previous best first: it is the best known.
            if let Some(&m) = pv.first() {
                result.best = Some(m);
            }
            break;
        }
        last_score = score;
        if let Some(&m) = pv.first() {
            result.best = Some(m);
        }
        result.score = score;
        result.depth = depth as u32;
        result.pv = pv.clone();
        let elapsed = (s.ctl.clock)();
        on_info(&SearchInfo {
            depth: depth as u32,
            score,
            nodes: s.nodes,
            elapsed,
            pv,
        });
        if score.abs() > MATE_BOUND && depth > MATE - score.abs() {
            break;
        }
        // A new iteration takes longer than all before it: don't start one that cannot end
        // (unless searching in slices, where the next slice goes on with it).
        if let Some(t) = s.limits.time
            && !s.mem.sliced
            && elapsed > t.mul_f32(0.45)
        {
            break;
        }
    }
    result.nodes = s.nodes;
    result
}
