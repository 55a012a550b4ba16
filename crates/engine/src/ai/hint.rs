//! Hints: what Hard would play, and in a word why.

use super::{Engine, Level, Limits, SearchControl};
use crate::game::Game;
use crate::moves::{Move, Route};

/// Why the hinted move is good, as a category the app can put into words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HintReason {
    /// It captures a stone.
    Captures,
    /// It moves a stone that was under attack out of danger.
    Escapes,
    /// It sets up a capture for the next turn.
    Threatens,
    /// A quiet move that improves the position.
    Improves,
}

/// A suggested move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// Its preferred route, for a capture.
    pub route: Option<Route>,
    /// Why.
    pub reason: HintReason,
}

impl Engine {
    /// What Hard would play now, searching within `cap` ([`hint_limits`]), with its route
    /// and reason; `None` when the game is over.
    pub fn hint(&mut self, game: &Game, cap: Limits, ctl: &SearchControl<'_>) -> Option<Hint> {
        let mv = self.search(game, hint_limits(cap), ctl, &mut |_| {}).best?;
        Some(describe(game, mv))
    }
}

/// How long a hint searches: Hard's search within the caller's `cap` alone, which may be
/// longer than Hard's own move (a hint must see at least as far as the analysis that
/// will judge the move); no limit given, Hard's budget.
pub fn hint_limits(cap: Limits) -> Limits {
    if cap == Limits::default() {
        Level::Hard.budget()
    } else {
        cap
    }
}

/// The route and reason of a move in the game's current position.
pub fn describe(game: &Game, mv: Move) -> Hint {
    let pos = game.position();
    let us = pos.side_to_move();
    let reason = if mv.capture {
        HintReason::Captures
    } else {
        let after = pos.after(mv);
        let threatened_before = pos.attacked_by(us.other()).has(mv.from);
        let safe_after = !after.attacked_by(us.other()).has(mv.to);
        let threats_before = pos.attacked_by(us).count();
        let threats_after = after.with_side_to_move(us).attacked_by(us).count();
        if threatened_before && safe_after {
            HintReason::Escapes
        } else if threats_after > threats_before {
            HintReason::Threatens
        } else {
            HintReason::Improves
        }
    };
    Hint {
        mv,
        route: pos.preferred_route(mv),
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_hint_searches_the_time_it_is_given_even_beyond_hards_own() {
        let given = Limits {
            time: Some(Duration::from_millis(1200)),
            ..Limits::default()
        };
        assert!(
            Level::Hard.budget().time < given.time,
            "longer than Hard's move"
        );
        assert_eq!(hint_limits(given), given);
        assert_eq!(hint_limits(Limits::default()), Level::Hard.budget());
    }
}
