//! Why a stone cannot go to a point: the rule a player broke, in a word the app can put
//! into the player's language ("a capture must go round a loop"). The rules themselves
//! are [`Position::is_legal`]'s; this only names the one that says no.

use crate::position::Position;
use crate::square::Square;

/// Why the stone on `from` cannot go to `to` (see [`Position::why_not`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The point holds a stone of the mover's own.
    OwnStone,
    /// An empty point more than one step away: a step goes to a neighbouring point.
    TooFar,
    /// A diagonal step where the rule set plays without them.
    NoDiagonal,
    /// An enemy stone reached along a straight line, with no loop on the way: a capture
    /// must go round at least one loop.
    NoLoop,
    /// An enemy stone on a corner: no circuit passes a corner, so it can never be taken.
    Corner,
    /// An enemy stone that no free route round a loop reaches (stones in the way, or
    /// lines that do not lead there).
    NoRoute,
}

impl Refusal {
    /// Every refusal, in the order above.
    pub const ALL: [Refusal; 6] = [
        Refusal::OwnStone,
        Refusal::TooFar,
        Refusal::NoDiagonal,
        Refusal::NoLoop,
        Refusal::Corner,
        Refusal::NoRoute,
    ];

    /// The name the app's words are keyed by: `own_stone`, `too_far`, `no_diagonal`,
    /// `no_loop`, `corner`, `no_route`.
    pub fn id(self) -> &'static str {
        match self {
            Refusal::OwnStone => "own_stone",
            Refusal::TooFar => "too_far",
            Refusal::NoDiagonal => "no_diagonal",
            Refusal::NoLoop => "no_loop",
            Refusal::Corner => "corner",
            Refusal::NoRoute => "no_route",
        }
    }
}

impl Position {
    /// Why the side to move's stone on `from` cannot go to `to`; `None` when it can (a
    /// legal step or capture), or when `from` holds no stone of the side to move, or
    /// `to` is `from`.
    pub fn why_not(&self, from: Square, to: Square, diagonal_steps: bool) -> Option<Refusal> {
        let us = self.side_to_move();
        if self.at(from) != Some(us) || from == to {
            return None;
        }
        let legal = self
            .moves_with(diagonal_steps)
            .as_slice()
            .iter()
            .any(|m| m.from == from && m.to == to);
        if legal {
            return None;
        }
        let (dc, dr) = (to.col() - from.col(), to.row() - from.row());
        Some(match self.at(to) {
            Some(side) if side == us => Refusal::OwnStone,
            None if dc.abs() <= 1 && dr.abs() <= 1 => Refusal::NoDiagonal,
            None => Refusal::TooFar,
            Some(_) if to.is_corner() => Refusal::Corner,
            Some(_) if self.straight_and_free(from, to) => Refusal::NoLoop,
            Some(_) => Refusal::NoRoute,
        })
    }

    /// `to` lies on `from`'s row or column with every point between them empty: the
    /// straight run a player may take for a capture.
    fn straight_and_free(&self, from: Square, to: Square) -> bool {
        let (dc, dr) = (to.col() - from.col(), to.row() - from.row());
        if dc != 0 && dr != 0 {
            return false;
        }
        let (sc, sr) = (dc.signum(), dr.signum());
        let mut at = (from.col() + sc, from.row() + sr);
        while (at.0, at.1) != (to.col(), to.row()) {
            match Square::at(at.0, at.1) {
                Some(sq) if self.at(sq).is_none() => {}
                _ => return false,
            }
            at = (at.0 + sc, at.1 + sr);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap()
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn each_refusal_names_the_rule() {
        // Red b3, black e3 on the same row with nothing between: straight, no loop (the
        // routes round the loops are closed by Red's own b2, b5 and f3).
        let p = pos("6/1r4/6/1r2br/1r4/6 r 0 0");
        assert_eq!(p.why_not(sq("b3"), sq("e3"), true), Some(Refusal::NoLoop));
        assert_eq!(p.why_not(sq("b3"), sq("b2"), true), Some(Refusal::OwnStone));
        assert_eq!(p.why_not(sq("b3"), sq("d5"), true), Some(Refusal::TooFar));
        assert_eq!(
            p.why_not(sq("b3"), sq("c4"), false),
            Some(Refusal::NoDiagonal)
        );
        // Legal moves and non-moves are not refused.
        assert_eq!(p.why_not(sq("b3"), sq("c4"), true), None);
        assert_eq!(p.why_not(sq("b3"), sq("b3"), true), None);
        assert_eq!(p.why_not(sq("e3"), sq("e4"), true), None, "not Red's stone");
        // A black stone on a corner: never taken.
        let p = pos("b5/6/6/6/6/1r4 r 0 0");
        assert_eq!(p.why_not(sq("b1"), sq("a6"), true), Some(Refusal::Corner));
        // A black stone no route reaches: d4 is on the outer circuit, b1 on the inner.
        let p = pos("6/6/3b2/6/6/1r4 r 0 0");
        assert_eq!(p.why_not(sq("b1"), sq("d4"), true), Some(Refusal::NoRoute));
    }

    #[test]
    fn a_refusal_is_never_given_for_a_legal_move() {
        let p = pos(crate::START_FEN);
        for m in p.moves().as_slice() {
            assert_eq!(p.why_not(m.from, m.to, true), None, "{m}");
        }
    }
}
