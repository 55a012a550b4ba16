//! Easy, Medium and Hard: how deep each looks and how it chooses.

use super::search::{MATE_BOUND, Searcher};
use super::{Engine, Limits, SearchControl, SearchResult};
use crate::game::Game;
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
    let style = level.style();
    let limits = style.budget.min(cap);
    if level == Level::Hard {
        return engine.search(game, limits, ctl, &mut |_| {});
    }
    let list = game.moves();
    let mut result = SearchResult::unsearched(&list);
    if list.len() <= 1 {
        return result;
    }
    engine.mem.tt.new_search();
    let pos = *game.position();
    let mut scored = Vec::new();
    let mut s = Searcher::new(&mut engine.mem, game, ctl, limits);
    for depth in 1..=limits.depth.unwrap_or(2) as i32 {
        let scores = s.score_root_moves(&pos, &list, depth);
        if s.stopped() && !scored.is_empty() {
            break;
        }
        result.depth = depth as u32;
        scored = scores;
        if s.stopped() {
            break;
        }
    }
    result.nodes = s.nodes;
    let Some(best) = scored.iter().map(|(_, v)| *v).max() else {
        return result;
    };
    // A forced win is never thrown away; otherwise pick among the good moves.
    let margin = if best > MATE_BOUND { 0 } else { style.margin };
    let candidates: Vec<_> = scored.iter().filter(|(_, v)| *v >= best - margin).collect();
    let weights: Vec<f64> = candidates
        .iter()
        .map(|(_, v)| ((v - best) as f64 / style.temperature).exp())
        .collect();
    let mut rng = SmallRng::seed_from_u64(seed ^ pos.hash());
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
