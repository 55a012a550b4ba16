//! The evaluation: what a Surakarta player sees in a quiet position.
//!
//! Scores are in hundredths of a stone from the side to move's point of view.

use crate::circuit::{self, NEIGHBOURS};
use crate::position::Position;
use crate::square::{Bitboard, Side};

/// One stone.
pub const STONE: i32 = 100;

/// Per side: what its stones attack, defend and control.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct SideView {
    /// Enemy stones this side can capture now.
    pub attacks: Bitboard,
    /// Own stones that a capture route of another own stone ends on: a capturer that
    /// takes one of them can be taken back.
    pub defends: Bitboard,
    /// Number of distinct capture moves.
    pub captures: u32,
    /// Routes that get past their first loop (open lines of attack).
    pub open_rays: u32,
    /// Step moves.
    pub steps: u32,
}

/// Attack, defence and mobility of `side`, given the circuit words of the position.
pub(crate) fn side_view(pos: &Position, side: Side, words: &[u32; 4], diagonal: bool) -> SideView {
    let own = pos.stones(side);
    let enemy = pos.stones(side.other());
    let empty = !pos.occupied();
    let table = &NEIGHBOURS[usize::from(diagonal)];
    let mut v = SideView::default();
    for from in own {
        v.steps += (Bitboard(table[from.index()]) & empty).count();
        let mut targets = 0u64;
        for ray in circuit::circuit_rays(from.index()) {
            match circuit::first_hit(ray, words) {
                Some(k) if k >= usize::from(ray.first_loop) => {
                    v.open_rays += 1;
                    let t = 1u64 << ray.path[k];
                    if enemy.0 & t != 0 {
                        targets |= t;
                    } else if own.0 & t != 0 {
                        v.defends.0 |= t;
                    }
                }
                Some(_) => {}
                None => v.open_rays += 1,
            }
        }
        v.captures += targets.count_ones();
        v.attacks.0 |= targets;
    }
    v
}

const fn line_values() -> [i32; 36] {
    let mut out = [0; 36];
    let mut sq = 0;
    while sq < 36 {
        let (c, r) = (sq % 6, sq / 6);
        let on_col = c >= 1 && c <= 4;
        let on_row = r >= 1 && r <= 4;
        out[sq] = on_col as i32 + on_row as i32;
        sq += 1;
    }
    out
}

/// How many circuit lines pass through each point (0 at the corners, 2 inside).
static LINES: [i32; 36] = line_values();

/// The circuit line masks: columns b, e (inner), c, d (outer), rows 2, 5, 3, 4.
const LINE_MASKS: [u64; 8] = {
    let mut out = [0u64; 8];
    let lines = [1, 4, 2, 3];
    let mut i = 0;
    while i < 4 {
        let mut k = 0;
        while k < 6 {
            out[i] |= 1 << (k * 6 + lines[i]);
            out[i + 4] |= 1 << (lines[i] * 6 + k);
            k += 1;
        }
        i += 1;
    }
    out
};

fn presence(stones: Bitboard) -> i32 {
    let placement: i32 = stones.map(|s| LINES[s.index()]).sum();
    let lines = LINE_MASKS.iter().filter(|m| stones.0 & **m != 0).count() as i32;
    placement * 3 + lines * 6
}

/// The static evaluation of a position, for its side to move.
pub fn evaluate(pos: &Position, diagonal: bool) -> i32 {
    let us = pos.side_to_move();
    let them = us.other();
    let (n_us, n_them) = (
        pos.stones(us).count() as i32,
        pos.stones(them).count() as i32,
    );
    let words = *pos.words();
    let mine = side_view(pos, us, &words, diagonal);
    let theirs = side_view(pos, them, &words, diagonal);

    // Material, with trades worth more to the side ahead as the board empties.
    let total = n_us + n_them;
    let mut score = (n_us - n_them) * (STONE + (24 - total) * 4);

    // Their threats: we move next and can save one stone, so the danger is a second
    // stone left hanging. A defended stone under attack invites only a trade.
    let attacked = theirs.attacks;
    let hanging = (attacked & !mine.defends).count() as i32;
    let defended = (attacked & mine.defends).count() as i32;
    score -= (hanging - 1).max(0) * 70 + hanging.min(1) * 12 + defended * 6;
    // Our threats: pressure the opponent must answer.
    let our_hanging = (mine.attacks & !theirs.defends).count() as i32;
    score += our_hanging * 20 + (mine.attacks.count() as i32 - our_hanging) * 6;

    // Lines of attack, mobility, presence on the circuits and spread over the lines.
    score += (mine.open_rays as i32 - theirs.open_rays as i32) * 4;
    score += (mine.captures as i32 - theirs.captures as i32) * 5;
    score += (mine.steps as i32 - theirs.steps as i32) * 2;
    score += presence(pos.stones(us)) - presence(pos.stones(them));
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse().unwrap(), true)
    }

    #[test]
    fn start_position_is_balanced() {
        let start = eval("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0");
        let mirrored = eval("bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr b 0 0");
        assert_eq!(start, mirrored);
        assert!(start.abs() < 20);
    }

    #[test]
    fn a_stone_ahead_is_better() {
        assert!(eval("bbbbbb/bbbbb1/6/6/rrrrrr/rrrrrr r 0 0") > 80);
        assert!(eval("bbbbbb/bbbbb1/6/6/rrrrrr/rrrrrr b 0 0") < -80);
    }
}
