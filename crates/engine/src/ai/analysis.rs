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

use super::{Engine, Limits, MATE, MATE_BOUND, STONE, SearchControl};
use crate::game::Game;
use crate::moves::Move;
use crate::tablebase::{Probe, Value};

/// Scores are capped at this (ten stones) when losses are measured.
pub const LOSS_CAP: i32 = 10 * STONE;

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// The engine's own choice, or one that gives nothing away.
    Best,
    /// Gives away less than [`MoveClass::INACCURACY`].
    Good,
    /// Gives away at least [`MoveClass::INACCURACY`] (0.4 of a stone).
    Inaccuracy,
    /// Gives away at least [`MoveClass::MISTAKE`] (0.9 of a stone).
    Mistake,
    /// Gives away at least [`MoveClass::BLUNDER`] (two stones), or turns the result.
    Blunder,
}

impl MoveClass {
    /// The smallest loss (hundredths of a stone) that is an inaccuracy.
    pub const INACCURACY: i32 = 40;
    /// The smallest loss that is a mistake.
    pub const MISTAKE: i32 = 90;
    /// The smallest loss that is a blunder.
    pub const BLUNDER: i32 = 200;

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
}

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
    /// What the move gave away (never negative), on scores capped at [`LOSS_CAP`].
    pub loss: i32,
    /// How good it was.
    pub class: MoveClass,
    /// The endgame tables' verdict on the position before the move, for the mover
    /// (when the engine has tables that hold it).
    pub table_before: Option<Probe>,
    /// Their verdict on the position after it, for the mover.
    pub table_after: Option<Probe>,
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
        };
    }
    let result = engine.search(game, limits, ctl, &mut |_| {});
    Evaluation {
        score: result.score,
        best: result.best,
        table: engine.table_probe(game),
    }
}

/// Judges the move `played` (ply `ply`, from 1) from the evaluations of the position
/// before it and the one after it.
pub fn judge(ply: usize, played: Move, before: &Evaluation, after: &Evaluation) -> PlyAnalysis {
    let eval_before = before.score;
    let eval_after = after.score.saturating_neg();
    let capped = |s: i32| s.clamp(-LOSS_CAP, LOSS_CAP);
    let loss = (capped(eval_before) - capped(eval_after)).max(0);
    let lost = |s: i32| s <= -MATE_BOUND;
    let won = |s: i32| s >= MATE_BOUND;
    let table_before = before.table;
    let table_after = after.table.map(|p| Probe {
        value: p.value.flipped(),
        ..p
    });
    // The tables are exact: a win they held that the move lets go, or a draw it loses,
    // turns the result whatever the numbers say.
    let table_turned = match (table_before.map(|p| p.value), table_after.map(|p| p.value)) {
        (Some(Value::Win), Some(after)) => after != Value::Win,
        (Some(Value::Draw), Some(after)) => after == Value::Loss,
        _ => false,
    };
    let turned = table_turned
        || (!lost(eval_before) && lost(eval_after))
        || (won(eval_before) && eval_after <= 0);
    let class = if turned {
        MoveClass::Blunder
    } else if before.best == Some(played) {
        MoveClass::Best
    } else {
        MoveClass::from_loss(loss)
    };
    PlyAnalysis {
        ply,
        played,
        best: before.best,
        eval_before,
        eval_after,
        loss: if class == MoveClass::Best { 0 } else { loss },
        class,
        table_before,
        table_after,
    }
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
        // The game's own history: every move plays.
        self.replay.try_play(mv).ok()?;
        let after = evaluate(engine, &self.replay, limits, &own);
        self.before = Some(after);
        Some(judge(self.done(), mv, &before, &after))
    }
}

/// Analyses every move of `game` from its start; `on_ply` hears of each move as soon as
/// it is judged (for progress). Each position is searched within `limits`, its time
/// counted from when its own search starts (`ctl`'s clock may be any steady clock); a
/// stop flag set on `ctl` ends the analysis early with the moves judged so far.
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
            (89, MoveClass::Inaccuracy),
            (90, MoveClass::Mistake),
            (199, MoveClass::Mistake),
            (200, MoveClass::Blunder),
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
