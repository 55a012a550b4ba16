//! Analysis of a finished (or unfinished) game: how much each move gave away.
//!
//! Every position of the game is searched once, from the side to move's view; a move's
//! `eval_before` is its position's score and its `eval_after` the next position's score
//! turned round (a position where the game has ended scores as won, drawn or lost). The
//! loss is the difference, measured on scores capped at ten stones, so that a forced win
//! missed by a side still ten stones up is not a bigger error than a piece thrown away;
//! the class follows from it ([`MoveClass::from_loss`]) unless the move changed the result
//! itself: a move that lets a game that was not lost become lost, or a won game stop
//! being won, is a blunder whatever the numbers say. Where the engine has endgame tables
//! that hold a position, their verdict is kept with the move ("win in 23") and decides:
//! a move that turns a table win into a draw, or a table draw into a loss, is a blunder.
//!
//! A mistake or a blunder gives stones away: a move the evaluation alone puts a stone or
//! more behind the better one, where a search that counts stones alone sees none lost, is
//! an inaccuracy at most (the finer points of a position are where the evaluation is least
//! sure; a move that turns the result is still a blunder).
//!
//! Two moves are never marked: the only legal move, and the move the analysis itself
//! would have played. Such a move gives nothing away, so whatever the position after it is
//! worth, the position before it was worth the same: [`settle`] carries that value back
//! (the search of the later position looked one move deeper along that line), so the
//! evaluation does not jump at a move that changed nothing, and the move before it is
//! judged again by the better-informed value. A move the analysis would mark is searched
//! again with more time before it is marked ([`Analyser::step`]), and then beside the
//! better move in one search ([`Engine::score_these_moves`]), so that a mark says every
//! look agrees: a hint, which searches longer than the analysis's first look, is not
//! called a mistake by a shallower one, nor by two searches that stopped apart.

use super::{Engine, Limits, MATE, MATE_BOUND, STONE, SearchControl};
use crate::game::{EndReason, Game};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Side;
use crate::tablebase::{Probe, Value};

/// Scores are capped at this (ten stones) when losses are measured.
pub const LOSS_CAP: i32 = 10 * STONE;

/// How long each position is searched by default: the app's analysis and the CLI's.
pub const MOVE_TIME: std::time::Duration = std::time::Duration::from_millis(150);

/// A move the first look would mark is searched again with this many times the limits
/// (time, nodes; three plies more depth): as long as the app's hint searches (1,200 ms
/// against the analysis's 150), before it is marked. A hint must search at least
/// this long for the analysis never to mark it.
pub const VERIFY_FACTOR: u32 = 8;

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// The engine's own choice, or one that gives nothing away.
    Best,
    /// Gives away less than [`MoveClass::INACCURACY`].
    Good,
    /// Gives away at least [`MoveClass::INACCURACY`] (0.4 of a stone).
    Inaccuracy,
    /// Gives away at least [`MoveClass::MISTAKE`] (0.6 of a stone).
    Mistake,
    /// Gives away at least [`MoveClass::BLUNDER`] (a stone: one left to be taken for
    /// nothing), or turns the result.
    Blunder,
}

impl MoveClass {
    /// The smallest loss (hundredths of a stone) that is an inaccuracy.
    pub const INACCURACY: i32 = 40;
    /// The smallest loss that is a mistake.
    pub const MISTAKE: i32 = 60;
    /// The smallest loss that is a blunder: a stone. A stone left to be taken for nothing
    /// is a blunder, as a piece left hanging is in chess (two testers read a "?" on one as
    /// "not so bad").
    pub const BLUNDER: i32 = 100;
    /// The smallest loss that is marked (an inaccuracy, never more) where a search that
    /// counts stones alone sees no stone given: two stones of the finer points.
    pub const FINER_POINTS: i32 = 200;

    /// The class of a move that loses `loss` (not the engine's choice).
    pub fn from_loss(loss: i32) -> MoveClass {
        match loss {
            l if l >= Self::BLUNDER => MoveClass::Blunder,
            l if l >= Self::MISTAKE => MoveClass::Mistake,
            l if l >= Self::INACCURACY => MoveClass::Inaccuracy,
            l if l <= 0 => MoveClass::Best,
            _ => MoveClass::Good,
        }
    }

    /// The name used in the analysis output: `best`, `good`, `inaccuracy`, `mistake`,
    /// `blunder`.
    pub fn id(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

/// One position's value for the side to move, and the engine's move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// Hundredths of a stone for the side to move; beyond [`MATE_BOUND`] a forced win,
    /// [`MATE`] a game already won (negative: lost).
    pub score: i32,
    /// The engine's move; `None` where the game is over.
    pub best: Option<Move>,
    /// What the endgame tables say, for the side to move, when the engine has tables
    /// that hold the position.
    pub table: Option<Probe>,
    /// The side to move has exactly one legal move.
    pub forced: bool,
    /// How many plies the search looked ahead ([`EXACT`] where the game is over).
    pub depth: u32,
}

/// The depth of an evaluation that is not a search's guess: the game is over.
pub const EXACT: u32 = u32::MAX;

/// What the analysis says of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The ply, counted from 1 for the game's first move.
    pub ply: usize,
    /// The move played.
    pub played: Move,
    /// The engine's move in its place.
    pub best: Option<Move>,
    /// The position's score before the move, for the mover.
    pub eval_before: i32,
    /// The score after it, for the mover.
    pub eval_after: i32,
    /// What the move gave away (never negative), on scores capped at [`LOSS_CAP`], as
    /// judged from the two searches of its positions (after [`settle`] the evaluations
    /// shown may come from a search that saw further).
    pub loss: i32,
    /// How good it was.
    pub class: MoveClass,
    /// The endgame tables' verdict on the position before the move, for the mover
    /// (when the engine has tables that hold it).
    pub table_before: Option<Probe>,
    /// Their verdict on the position after it, for the mover.
    pub table_after: Option<Probe>,
    /// The move was the only legal one.
    pub forced: bool,
    /// How far ahead the position before the move was searched, in plies.
    pub depth_before: u32,
    /// How far ahead the position after it was searched.
    pub depth_after: u32,
    /// The first look would have marked it, so both its positions were searched again,
    /// with more time, before it was judged.
    pub verified: bool,
}

impl PlyAnalysis {
    /// The move was the only one, or the one the analysis itself would have played: it
    /// gives nothing away, whatever the numbers say.
    pub fn unmarkable(&self) -> bool {
        self.forced || self.best == Some(self.played)
    }

    /// The move turned the game's result: a win the tables held let go, or a draw they
    /// held lost; a game that was not lost become lost by force; a forced win no longer
    /// won. A blunder whatever else the numbers say.
    fn turned(&self) -> bool {
        let lost = |s: i32| s <= -MATE_BOUND;
        let won = |s: i32| s >= MATE_BOUND;
        // The tables are exact: a win they held that the move lets go, or a draw it loses,
        // turns the result whatever the numbers say.
        let table_turned = match (
            self.table_before.map(|p| p.value),
            self.table_after.map(|p| p.value),
        ) {
            (Some(Value::Win), Some(after)) => after != Value::Win,
            (Some(Value::Draw), Some(after)) => after == Value::Loss,
            _ => false,
        };
        table_turned
            || (!lost(self.eval_before) && lost(self.eval_after))
            || (won(self.eval_before) && self.eval_after <= 0)
    }

    /// Loss and class from the scores and the tables' verdicts.
    fn classify(&mut self) {
        let capped = |s: i32| s.clamp(-LOSS_CAP, LOSS_CAP);
        let loss = (capped(self.eval_before) - capped(self.eval_after)).max(0);
        self.class = if self.unmarkable() {
            MoveClass::Best
        } else if self.turned() {
            MoveClass::Blunder
        } else {
            MoveClass::from_loss(loss)
        };
        self.loss = if self.class == MoveClass::Best {
            0
        } else {
            loss
        };
    }
}

/// Searches the game's current position (with its history, for repetitions): a game that
/// is over scores as won ([`MATE`]), drawn (0) or lost for the side to move.
pub fn evaluate(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    ctl: &SearchControl<'_>,
) -> Evaluation {
    if let Some(outcome) = game.outcome() {
        let score = match outcome.winner {
            None => 0,
            Some(w) if w == game.side_to_move() => MATE,
            Some(_) => -MATE,
        };
        return Evaluation {
            score,
            best: None,
            table: None,
            forced: false,
            depth: EXACT,
        };
    }
    let moves = game.moves();
    let result = engine.search(game, limits, ctl, &mut |_| {});
    Evaluation {
        score: result.score,
        // With one legal move that move is the best, whatever the search had time for.
        best: if moves.len() == 1 {
            moves.as_slice().first().copied()
        } else {
            result.best
        },
        table: engine.table_probe(game),
        forced: moves.len() == 1,
        depth: result.depth,
    }
}

/// Judges the move `played` (ply `ply`, from 1) from the evaluations of the position
/// before it and the one after it.
pub fn judge(ply: usize, played: Move, before: &Evaluation, after: &Evaluation) -> PlyAnalysis {
    let mut judged = PlyAnalysis {
        ply,
        played,
        best: before.best,
        eval_before: before.score,
        eval_after: after.score.saturating_neg(),
        loss: 0,
        class: MoveClass::Best,
        table_before: before.table,
        table_after: after.table.map(|p| Probe {
            value: p.value.flipped(),
            ..p
        }),
        forced: before.forced,
        depth_before: before.depth,
        depth_after: after.depth,
        verified: false,
    };
    judged.classify();
    judged
}

/// Makes the evaluation of a game's judged moves (in order, from its first) agree where a
/// move gave nothing away ([`PlyAnalysis::unmarkable`]): the positions before and after
/// such a move are worth the same, so a run of positions joined by such moves takes one
/// value, the estimate among them whose search saw furthest into the game, and the
/// evaluation (`eval_before`, `eval_after`: the graph) stays level along the run. Every
/// move keeps its class and loss: each was judged on two searches that saw to the same
/// ply of the game, which a value from further on would not be. The number of moves and
/// their order are kept.
pub fn settle(plies: &mut [PlyAnalysis]) {
    let n = plies.len();
    if n == 0 || plies.iter().enumerate().any(|(i, a)| a.ply != i + 1) {
        return; // not a whole game's moves from its first: nothing to join
    }
    // How far into the game an estimate of position k saw: its ply plus its depth.
    let reach = |k: usize, depth: u32| k as u64 + u64::from(depth);
    let mut start = 0;
    while start < n {
        if !plies[start].unmarkable() {
            start += 1;
            continue;
        }
        // Positions start..=end joined by the moves start..end (indices from 0).
        let mut end = start;
        while end < n && plies[end].unmarkable() {
            end += 1;
        }
        // Every estimate of the run's positions, turned for the run's first position.
        let turned = |k: usize, score: i32| {
            if (k - start).is_multiple_of(2) {
                score
            } else {
                score.saturating_neg()
            }
        };
        let mut estimates = Vec::new();
        for k in start..=end {
            if let Some(before) = plies.get(k) {
                estimates.push((reach(k, before.depth_before), turned(k, before.eval_before)));
            }
            if k > 0 {
                let after = &plies[k - 1];
                estimates.push((
                    reach(k, after.depth_after),
                    turned(k, after.eval_after.saturating_neg()),
                ));
            }
        }
        let Some(&(_, value)) = estimates.iter().max_by_key(|(seen, _)| *seen) else {
            break;
        };
        for k in start..=end {
            let here = turned(k, value);
            if let Some(before) = plies.get_mut(k) {
                before.eval_before = here;
            }
            if k > 0 {
                plies[k - 1].eval_after = here.saturating_neg();
            }
        }
        start = end + 1;
    }
}

/// The most the finer points of a position move the analysis graph from the stones on the
/// board: 0.4 of a stone, so that a quiet move never moves it as far as a capture.
pub const GRAPH_NUDGE: i32 = 40;

/// What the finer points must come to before they move the graph at all: half a stone.
/// The side to move's edge in a level opening is about that much, and a graph of the
/// evaluation itself had swung from one side to the other on every quiet move.
pub const GRAPH_QUIET: i32 = 50;

/// The analysis graph's value of `position` for its side to move, in hundredths of a
/// stone, from a search's `score` there for that side and the exact result where one is
/// known (`verdict`, for that side: the endgame tables', or the game's own end).
///
/// Where the result is decided, [`MATE`] for a win (the verdict's, or a forced win the
/// search saw), its negation for a loss, 0 for a draw. Otherwise the stones ahead on the
/// board, moved by what the score sees beyond them (the finer points, and stones about to
/// change hands): not at all for less than [`GRAPH_QUIET`], at most [`GRAPH_NUDGE`]. So
/// the graph steps where stones change hands or the result is decided, and stays nearly
/// level while nothing happens. (After a move the analysis marks, [`graph`] draws what it
/// gave away.)
pub fn graph_value(position: &Position, score: i32, verdict: Option<Value>) -> i32 {
    let stones = stones_ahead(position);
    match verdict {
        Some(Value::Win) => return MATE,
        Some(Value::Loss) => return -MATE,
        Some(Value::Draw) => return 0,
        None => {}
    }
    if score.abs() >= MATE_BOUND {
        return MATE * score.signum();
    }
    let beyond = score - stones;
    let nudge = (beyond.abs() - GRAPH_QUIET).clamp(0, GRAPH_NUDGE) * beyond.signum();
    stones + nudge
}

/// The stones the side to move has more than the other, in hundredths of a stone.
fn stones_ahead(position: &Position) -> i32 {
    let me = position.side_to_move();
    let ahead = position.stones(me).count() as i32 - position.stones(me.other()).count() as i32;
    ahead * STONE
}

/// The analysis graph of `game` from its judged moves (`plies`, in order from its first,
/// as [`analyse`] returns them, or as many as are judged so far): the [`graph_value`] of
/// the position the game starts from (when the first move is judged), then of the position
/// after each judged move, each for Red, with its ply (0 for the start). After a move marked
/// "?" or "??" it is the value before it less what the move gave away (its `loss`), or
/// the value after the reply where that is lower for the mover (the reply took what the
/// move left): the stones given show at the move that gave them (its bar framed), not a
/// move later at the capture, as testers expected, and the capture then changes nothing
/// for the worse. The
/// verdict of each position is the tables' where the analysis had them, and the game's own
/// result after its last move where the board decided it (stones all taken, no move, a
/// draw by the rules); a game ended off the board (resigned, agreed, out of time, left)
/// draws its last position's stones, not its result (a tester read the resignation's
/// full bar as the last move's disaster).
pub fn graph(game: &Game, plies: &[PlyAnalysis]) -> Vec<(usize, i32)> {
    let positions = game.positions();
    let for_red = |position: &Position, value: i32| match position.side_to_move() {
        Side::Red => value,
        Side::Black => value.saturating_neg(),
    };
    let start = plies.first().filter(|a| a.ply == 1).and_then(|a| {
        let position = positions.first()?;
        let verdict = a.table_before.map(|p| p.value);
        Some((
            0,
            for_red(position, graph_value(position, a.eval_before, verdict)),
        ))
    });
    let mut last = start.map(|(_, v)| v);
    let moves = plies.iter().filter_map(|a| {
        let position = positions.get(a.ply)?;
        // For the side to move after the move: the mover's scores turned round.
        let final_move = a.ply == game.history().len();
        let outcome = game.outcome().filter(|_| final_move);
        let on_board = outcome.is_some_and(|o| {
            matches!(
                o.reason,
                EndReason::AllCaptured
                    | EndReason::NoMoves
                    | EndReason::NoCaptureLimit
                    | EndReason::PlyLimit
                    | EndReason::Repetition
            )
        });
        let verdict = outcome.filter(|_| on_board).map(|o| match o.winner {
            None => Value::Draw,
            Some(w) if w == position.side_to_move() => Value::Win,
            Some(_) => Value::Loss,
        });
        let verdict = verdict.or(a.table_after.map(|p| p.value.flipped()));
        // Ended off the board, the search saw the result, not the position: its stones.
        let score = if outcome.is_some() && !on_board {
            stones_ahead(position)
        } else {
            a.eval_after.saturating_neg()
        };
        let mut value = for_red(position, graph_value(position, score, verdict));
        let decided = value.abs() >= MATE_BOUND;
        if let Some(before) = last.filter(|b| !decided && b.abs() < MATE_BOUND)
            && a.class >= MoveClass::Mistake
        {
            // The mover is the side not to move after the move.
            let given = match position.side_to_move() {
                Side::Red => a.loss,
                Side::Black => a.loss.saturating_neg(),
            };
            value = before.saturating_add(given).clamp(-LOSS_CAP, LOSS_CAP);
        }
        last = Some(value);
        Some((a.ply, value))
    });
    let mut course: Vec<(usize, i32)> = start.into_iter().chain(moves).collect();
    // A marked move whose reply takes what it left draws the whole drop itself: its bar as
    // low for the mover as the capture's (the capture's bar had stood lower by the finer
    // points' nudge, and a tester read the stone lost one move late, at the capture).
    for i in 1..course.len().saturating_sub(1) {
        let (ply, value) = course[i];
        let next = course[i + 1].1;
        let marked = plies
            .iter()
            .find(|a| a.ply == ply)
            .is_some_and(|a| a.class >= MoveClass::Mistake);
        if !marked || value.abs() >= MATE_BOUND || next.abs() >= MATE_BOUND {
            continue;
        }
        // The mover is the side to move before the move.
        course[i].1 = match positions.get(ply - 1).map(Position::side_to_move) {
            Some(Side::Red) => value.min(next),
            Some(Side::Black) => value.max(next),
            None => value,
        };
    }
    course
}

/// An analysis taken one position at a time, for a caller that must not wait for the
/// whole game (a web page searching between frames): [`Analyser::step`] searches the next
/// position and returns the move that led to it, judged.
#[derive(Clone, Debug)]
pub struct Analyser {
    game: Game,
    replay: Game,
    before: Option<Evaluation>,
}

impl Analyser {
    /// An analysis of every move of `game`, from its start.
    pub fn new(game: &Game) -> Analyser {
        Analyser {
            game: game.clone(),
            replay: Game::from_position(*game.start(), *game.rules()),
            before: None,
        }
    }

    /// How many moves have been judged.
    pub fn done(&self) -> usize {
        self.replay.history().len()
    }

    /// True when every move has been judged.
    pub fn finished(&self) -> bool {
        self.before.is_some() && self.done() >= self.game.history().len()
    }

    /// Searches one more position within `limits` (its time counted from this call;
    /// `ctl`'s clock may be any steady clock). The first call searches the start and
    /// judges nothing; each later one judges one move. `None` also once finished.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        limits: Limits,
        ctl: &SearchControl<'_>,
    ) -> Option<PlyAnalysis> {
        let began = (ctl.clock)();
        let clock = || (ctl.clock)().saturating_sub(began);
        let own = SearchControl {
            stop: ctl.stop,
            clock: &clock,
        };
        let Some(before) = self.before else {
            self.before = Some(evaluate(engine, &self.replay, limits, &own));
            return None;
        };
        let &mv = self.game.history().get(self.done())?;
        let previous = self.replay.clone();
        // The game's own history: every move plays.
        self.replay.try_play(mv).ok()?;
        let mut after = evaluate(engine, &self.replay, limits, &own);
        let mut judged = judge(self.done(), mv, &before, &after);
        if judged.class >= MoveClass::Inaccuracy && !judged.forced {
            // A mark is a claim: searched again with more time, and the position after the
            // move one ply less deep than the one before it, so that both see to the same
            // ply of the game (a search's last ply favours the side that plays it).
            let deeper = limits.scaled(VERIFY_FACTOR);
            let before = evaluate(engine, &previous, deeper, &own);
            let level = Limits {
                depth: Some(before.depth.saturating_sub(1).max(1)),
                ..deeper
            };
            after = evaluate(engine, &self.replay, level, &own);
            let mut second = judge(self.done(), mv, &before, &after);
            if second.class >= MoveClass::Inaccuracy {
                // Still a mark: the move and the better one side by side, at the same
                // depths, in one search; the mildest of these looks stands.
                let looks = Looks {
                    before: &before,
                    after: &after,
                    limits: deeper,
                };
                for side in side_by_side(engine, &previous, mv, looks, &own) {
                    if side.class < second.class {
                        second = side;
                    }
                }
            }
            // A loss of the finer points alone is marked only when it is large: where a
            // search that counts stones alone sees no stone lost against the better move,
            // a move is an inaccuracy from two stones of the evaluation and unmarked below
            // (the finer points are where the evaluation is least sure: self-play from the
            // opening does not bear out a stone's difference between first moves it rates
            // a stone apart, docs/measurements.md). A move that turns the result stays.
            if second.class >= MoveClass::Inaccuracy && !second.turned() {
                let stones = Looks {
                    before: &before,
                    after: &after,
                    limits: deeper,
                };
                if !gives_stones(engine, &previous, &second, stones, &own) {
                    second.class = if second.loss >= MoveClass::FINER_POINTS {
                        MoveClass::Inaccuracy
                    } else {
                        MoveClass::Good
                    };
                }
            }
            // Marked only as badly as every look agrees: a loss one search depth sees and
            // the next does not is the searches' noise, not the player's mistake.
            judged = if second.class > judged.class {
                PlyAnalysis {
                    class: judged.class,
                    loss: judged.loss,
                    verified: true,
                    ..second
                }
            } else {
                PlyAnalysis {
                    verified: true,
                    ..second
                }
            };
            // The next move starts from what this one was judged to leave.
            after.score = judged.eval_after.saturating_neg();
            after.depth = judged.depth_after;
        }
        self.before = Some(after);
        Some(judged)
    }
}

/// The second look at a move: its two positions' evaluations, and its limits.
#[derive(Clone, Copy)]
struct Looks<'a> {
    before: &'a Evaluation,
    after: &'a Evaluation,
    limits: Limits,
}

/// The move `played` judged against the analysis's better move of the position before it
/// (`before`, searched `before.depth` plies) from one search that scores both, with a full
/// window, at that depth and at one ply less (a search's last ply favours the side that
/// plays it; two depths in a row give each side the last word once). Separate searches of
/// the two positions each stop on their own, and a timed search's depth varies: the move
/// a hint chose at about the same depth can come out a stone worse that way, and not when
/// the two are scored together. Nothing where the tables hold the position (their verdict
/// is exact), where there is no better move to compare, or where the search was stopped;
/// only the shallower look where the deeper one ran out of the second look's time.
fn side_by_side(
    engine: &mut Engine,
    previous: &Game,
    played: Move,
    looks: Looks<'_>,
    ctl: &SearchControl<'_>,
) -> Vec<PlyAnalysis> {
    let Looks {
        before,
        after,
        limits,
    } = looks;
    let Some(best) = before.best.filter(|&b| b != played) else {
        return Vec::new();
    };
    if before.table.is_some() || before.depth == EXACT || before.depth < 2 {
        return Vec::new();
    }
    let ply = previous.history().len() + 1;
    let mut looks = Vec::new();
    for depth in [before.depth - 1, before.depth] {
        let scored = from_now(ctl, limits, |own, bound| {
            engine.score_these_moves(previous, &[best, played], depth, bound, own)
        });
        let [(b, best_score), (p, played_score)] = scored[..] else {
            break; // stopped
        };
        if (b, p) != (best, played) {
            break; // cannot happen: both are legal, scored in the order given
        }
        let seen_before = Evaluation {
            score: best_score,
            depth,
            ..*before
        };
        let seen_after = Evaluation {
            score: played_score.saturating_neg(),
            depth: depth - 1,
            ..*after
        };
        looks.push(judge(ply, played, &seen_before, &seen_after));
    }
    looks
}

/// Runs `search` with `limits` (their depth left to the search) and a control whose clock
/// starts now: a look that searches as long as the second look at most, counted from its
/// own start.
fn from_now<R>(
    ctl: &SearchControl<'_>,
    limits: Limits,
    search: impl FnOnce(&SearchControl<'_>, Limits) -> R,
) -> R {
    let began = (ctl.clock)();
    let clock = || (ctl.clock)().saturating_sub(began);
    let own = SearchControl {
        stop: ctl.stop,
        clock: &clock,
    };
    search(
        &own,
        Limits {
            depth: None,
            ..limits
        },
    )
}

/// How deep the search that counts stones alone looks at most: deep enough for the
/// exchanges a mark speaks of, quick beside the looks that judged the move (from an
/// opening position, depth 10 took 0.1 s in a release build with an ordinary search of the
/// same two moves beside it).
pub const STONES_DEPTH: u32 = 10;

/// Whether the move judged (`judged`, from the position `previous`) gives away at least
/// a stone against the analysis's better move, as a search that counts stones alone sees
/// it, both moves scored side by side, one ply deeper at a time up to the depth of the
/// look that judged the move (at most [`STONES_DEPTH`]) within that look's limits; the
/// deepest search that scored both decides. True where the tables hold the position (their
/// verdict is exact) or there is nothing to compare.
fn gives_stones(
    engine: &mut Engine,
    previous: &Game,
    judged: &PlyAnalysis,
    looks: Looks<'_>,
    ctl: &SearchControl<'_>,
) -> bool {
    let Some(best) = judged.best.filter(|&b| b != judged.played) else {
        return true;
    };
    let deepest = looks.before.depth;
    if judged.table_before.is_some() || deepest == EXACT {
        return true;
    }
    from_now(ctl, looks.limits, |own, bound| {
        let mut given = None;
        for depth in 1..=deepest.clamp(1, STONES_DEPTH) {
            let scored =
                engine.score_stones_of(previous, &[best, judged.played], depth, bound, own);
            match scored[..] {
                [(b, best_score), (p, played_score)] if (b, p) == (best, judged.played) => {
                    given = Some(best_score.saturating_sub(played_score));
                }
                _ => break, // stopped: the deepest complete search decides
            }
        }
        // Not even one ply scored (stopped at once): the looks that judged it stand.
        given.is_none_or(|g| g >= STONE)
    })
}

/// Analyses every move of `game` from its start; `on_ply` hears of each move as soon as
/// it is judged (for progress). Each position is searched within `limits`, its time
/// counted from when its own search starts (`ctl`'s clock may be any steady clock); a
/// stop flag set on `ctl` ends the analysis early with the moves judged so far. What
/// `on_ply` hears is each move's first judgement; what is returned is [`settle`]d.
pub fn analyse(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    ctl: &SearchControl<'_>,
    on_ply: &mut dyn FnMut(&PlyAnalysis),
) -> Vec<PlyAnalysis> {
    let mut analyser = Analyser::new(game);
    let mut out = Vec::with_capacity(game.history().len());
    while !analyser.finished() && !ctl.stop.load(std::sync::atomic::Ordering::Relaxed) {
        if let Some(judged) = analyser.step(engine, limits, ctl) {
            on_ply(&judged);
            out.push(judged);
        } else if analyser.done() > 0 {
            break; // cannot happen: a step after the first judges a move
        }
    }
    settle(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(score: i32) -> Evaluation {
        Evaluation {
            score,
            best: None,
            table: None,
            forced: false,
            depth: 1,
        }
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn stepping_judges_the_same_moves_as_the_whole_analysis() {
        use std::sync::atomic::AtomicBool;
        let mut game = Game::default();
        for m in ["b2-b3", "e5-e4", "b3-b4", "e4-d3"] {
            game.try_play(mv(m)).unwrap();
        }
        let stop = AtomicBool::new(false);
        let clock = || std::time::Duration::ZERO;
        let ctl = SearchControl {
            stop: &stop,
            clock: &clock,
        };
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let whole = analyse(&mut Engine::new(1), &game, limits, &ctl, &mut |_| {});
        let mut stepper = Analyser::new(&game);
        let mut engine = Engine::new(1);
        assert_eq!(
            stepper.step(&mut engine, limits, &ctl),
            None,
            "the start first"
        );
        let mut stepped = Vec::new();
        while let Some(a) = stepper.step(&mut engine, limits, &ctl) {
            stepped.push(a);
        }
        assert!(stepper.finished());
        assert_eq!(stepped.len(), 4);
        assert_eq!(stepped, whole);
        assert_eq!(stepped[3].played, mv("e4-d3"));
    }

    #[test]
    fn losses_are_classed_by_the_documented_thresholds() {
        let cases = [
            (0, MoveClass::Best),
            (39, MoveClass::Good),
            (40, MoveClass::Inaccuracy),
            (59, MoveClass::Inaccuracy),
            (60, MoveClass::Mistake),
            (99, MoveClass::Mistake),
            (100, MoveClass::Blunder),
        ];
        for (loss, class) in cases {
            // Before +1.00; after, the same less `loss`, seen from the other side.
            let a = judge(1, mv("b2-b3"), &ev(100), &ev(-(100 - loss)));
            assert_eq!((a.loss, a.class), (loss, class), "loss {loss}");
        }
    }

    #[test]
    fn the_engines_own_move_is_best_and_a_gain_loses_nothing() {
        let before = Evaluation {
            table: None,
            score: 50,
            best: Some(mv("b2-b3")),
            forced: false,
            depth: 1,
        };
        let a = judge(3, mv("b2-b3"), &before, &ev(-20));
        assert_eq!((a.class, a.loss, a.eval_after), (MoveClass::Best, 0, 20));
        let a = judge(3, mv("c2-c3"), &before, &ev(-80));
        assert_eq!((a.class, a.loss), (MoveClass::Best, 0));
    }

    #[test]
    fn turning_the_result_is_a_blunder_whatever_the_numbers() {
        // Level, then lost at once: a blunder.
        let a = judge(1, mv("b2-b3"), &ev(0), &ev(MATE - 3));
        assert_eq!(a.class, MoveClass::Blunder);
        // Already lost, lost a move sooner: no worse than it was.
        let a = judge(1, mv("b2-b3"), &ev(-(MATE - 6)), &ev(MATE - 3));
        assert_eq!((a.loss, a.class), (0, MoveClass::Best));
        // Won, then a draw: a blunder.
        let a = judge(1, mv("b2-b3"), &ev(MATE - 5), &ev(0));
        assert_eq!(a.class, MoveClass::Blunder);
        // Won, and a forced win missed while still far ahead: judged by the capped loss.
        let a = judge(1, mv("b2-b3"), &ev(MATE - 5), &ev(-950));
        assert_eq!((a.loss, a.class), (50, MoveClass::Inaccuracy));
        // Extreme scores do not overflow.
        let a = judge(1, mv("b2-b3"), &ev(i32::MAX), &ev(i32::MIN));
        assert_eq!(a.eval_after, i32::MAX);
    }
}
