//! The levels of the computer, weakest first: how deep each looks and how it chooses.
//!
//! Each level but Hard scores every root move to its depth (captures always followed to
//! the end) and draws its move among those within its margin of the best, the better
//! ones likelier (weights `exp((score - best) / temperature)`); a forced win is always
//! taken. The ladder is measured by matches (docs/measurements.md): the weakest scores about half
//! against a newcomer who takes every stone they can and otherwise moves at random, and
//! each level scores 83-90% against the one below it (Hard 95% against Strong).

use super::search::{MATE_BOUND, Searcher};
use super::{Engine, Limits, SearchControl, SearchResult};
use crate::game::Game;
use crate::moves::Move;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The strengths a player can choose, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Sees what a capture wins but not the reply to a quiet move, and chooses loosely
    /// among the moves within three stones of the best: a first game's opponent, often
    /// missing a free stone and leaving its own.
    Beginner,
    /// Beginner's sight, choosing more carefully: within a stone and a half of the best.
    Novice,
    /// Looks two plies ahead and picks among the moves within about a stone of the best,
    /// favouring the better ones: it takes a free stone most of the time.
    Easy,
    /// Looks three plies ahead, within 0.7 of a stone of the best.
    Intermediate,
    /// Looks four plies ahead and picks among the moves within half a stone of the best.
    Medium,
    /// Looks five plies ahead, within a fifth of a stone of the best.
    Advanced,
    /// Looks seven plies ahead, within a tenth of a stone of the best.
    Strong,
    /// Full search for up to 900 ms (or the cap given), always the best move found.
    Hard,
}

struct Style {
    budget: Limits,
    /// Moves scoring this far below the best are never chosen.
    margin: i32,
    /// Spread of the weighted choice, in hundredths of a stone.
    temperature: f64,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 8] = [
        Level::Beginner,
        Level::Novice,
        Level::Easy,
        Level::Intermediate,
        Level::Medium,
        Level::Advanced,
        Level::Strong,
        Level::Hard,
    ];

    /// The level's own budget: depth 1 within 100 ms for Beginner and Novice, depth 2
    /// within 150 ms for Easy, depth 3 within 300 ms for Intermediate, depth 4 within
    /// 400 ms for Medium, depth 5 within 600 ms for Advanced, depth 7 within 700 ms for
    /// Strong, and up to 900 ms with no depth cap for Hard.
    pub fn budget(self) -> Limits {
        self.style().budget
    }

    /// The name used by the engine protocol and the match command: `Beginner`, `Novice`,
    /// `Easy`, `Intermediate`, `Medium`, `Advanced`, `Strong`, `Hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Easy => "Easy",
            Level::Intermediate => "Intermediate",
            Level::Medium => "Medium",
            Level::Advanced => "Advanced",
            Level::Strong => "Strong",
            Level::Hard => "Hard",
        }
    }

    /// The level with this name (any letter case).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }

    /// The level's place on the ladder: 1 for the weakest.
    pub fn rank(self) -> usize {
        Level::ALL
            .iter()
            .position(|l| *l == self)
            .map_or(0, |i| i + 1)
    }

    fn style(self) -> Style {
        let style = |depth, ms, margin, temperature| Style {
            budget: Limits {
                depth,
                nodes: None,
                time: Some(Duration::from_millis(ms)),
            },
            margin,
            temperature,
        };
        match self {
            Level::Beginner => style(Some(1), 100, 300, 70.0),
            Level::Novice => style(Some(1), 100, 150, 40.0),
            Level::Easy => style(Some(2), 150, 110, 35.0),
            Level::Intermediate => style(Some(3), 300, 70, 20.0),
            Level::Medium => style(Some(4), 400, 45, 15.0),
            Level::Advanced => style(Some(5), 600, 20, 8.0),
            Level::Strong => style(Some(7), 700, 10, 4.0),
            Level::Hard => style(None, 900, 0, 1.0),
        }
    }
}

pub(super) fn choose(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    cap: Limits,
    seed: u64,
    ctl: &SearchControl<'_>,
) -> SearchResult {
    let limits = level.budget().min(cap);
    if level == Level::Hard {
        return engine.search(game, limits, ctl, &mut |_| {});
    }
    let mut scoring = Scoring::default();
    score(engine, game, limits, ctl, &mut scoring);
    pick(game, level, &scoring, seed)
}

/// How far Easy's and Medium's scoring of the root moves got: every move scored to
/// `depth`, and the first moves of the next depth.
#[derive(Clone, Debug, Default)]
pub(super) struct Scoring {
    pub depth: u32,
    scores: Vec<(Move, i32)>,
    next: Vec<(Move, i32)>,
    nodes: u64,
}

impl Scoring {
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Scores the root moves deeper and deeper within `limits`, going on from where
/// `scoring` got to.
pub(super) fn score(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    ctl: &SearchControl<'_>,
    scoring: &mut Scoring,
) {
    let list = game.moves();
    if list.len() <= 1 {
        return;
    }
    engine
        .mem
        .use_evaluation(&super::eval::LADDER_WEIGHTS, false);
    if !engine.continuing {
        engine.mem.tt.new_search();
    }
    let pos = *game.position();
    let mut s = Searcher::new(&mut engine.mem, game, ctl, limits, false);
    for depth in scoring.depth + 1..=limits.depth.unwrap_or(2) {
        s.score_root_moves(&pos, &list, depth as i32, &mut scoring.next);
        if s.stopped() {
            break;
        }
        scoring.depth = depth;
        scoring.scores = std::mem::take(&mut scoring.next);
    }
    scoring.nodes += s.nodes;
}

/// The level's choice among the scored moves: a forced win if there is one, otherwise a
/// weighted draw among the moves within the level's margin of the best.
pub(super) fn pick(game: &Game, level: Level, scoring: &Scoring, seed: u64) -> SearchResult {
    let list = game.moves();
    let mut result = SearchResult::unsearched(&list);
    result.nodes = scoring.nodes;
    result.depth = scoring.depth;
    // Stopped before the first depth was done: what was scored of it is all there is.
    let scored = if scoring.scores.is_empty() {
        &scoring.next
    } else {
        &scoring.scores
    };
    let Some(best) = scored.iter().map(|(_, v)| *v).max() else {
        return result;
    };
    let style = level.style();
    let margin = if best > MATE_BOUND { 0 } else { style.margin };
    let candidates: Vec<_> = scored.iter().filter(|(_, v)| *v >= best - margin).collect();
    let weights: Vec<f64> = candidates
        .iter()
        .map(|(_, v)| ((v - best) as f64 / style.temperature).exp())
        .collect();
    let mut rng = SmallRng::seed_from_u64(seed ^ game.position().hash());
    let mut pick = rng.random::<f64>() * weights.iter().sum::<f64>();
    let mut chosen = candidates[0];
    for (c, w) in candidates.iter().zip(&weights) {
        chosen = c;
        if pick < *w {
            break;
        }
        pick -= w;
    }
    result.best = Some(chosen.0);
    result.score = chosen.1;
    result.pv = vec![chosen.0];
    result
}
