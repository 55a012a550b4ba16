//! Easy, Medium and Hard: how deep each looks and how it chooses.

use super::search::{MATE_BOUND, Searcher};
use super::{Engine, Limits, SearchControl, SearchResult};
use crate::game::Game;
use crate::moves::Move;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The three strengths a player can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Looks two plies ahead (plus captures to the end) and picks among the moves within
    /// about a stone of the best, favouring the better ones: beatable by a beginner, yet it
    /// takes a free stone most of the time.
    Easy,
    /// Looks four plies ahead and picks among the moves within half a stone of the best.
    Medium,
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
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's own budget: Easy depth 2 within 150 ms, Medium depth 4 within 400 ms,
    /// Hard up to 900 ms with no depth cap.
    pub fn budget(self) -> Limits {
        self.style().budget
    }

    /// The name used by the engine protocol: `Easy`, `Medium`, `Hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
    }

    /// The level with this name (any letter case).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }

    fn style(self) -> Style {
        let ms = |n| Some(Duration::from_millis(n));
        match self {
            Level::Easy => Style {
                budget: Limits {
                    depth: Some(2),
                    nodes: None,
                    time: ms(150),
                },
                margin: 110,
                temperature: 35.0,
            },
            Level::Medium => Style {
                budget: Limits {
                    depth: Some(4),
                    nodes: None,
                    time: ms(400),
                },
                margin: 45,
                temperature: 15.0,
            },
            Level::Hard => Style {
                budget: Limits {
                    depth: None,
                    nodes: None,
                    time: ms(900),
                },
                margin: 0,
                temperature: 1.0,
            },
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
    if !engine.continuing {
        engine.mem.tt.new_search();
    }
    let pos = *game.position();
    let mut s = Searcher::new(&mut engine.mem, game, ctl, limits);
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
