//! Endgame tablebases: every position with a few stones, solved by retrograde analysis.
//!
//! A table holds, for each placement of up to [`Tablebase::max_stones`] stones and the
//! side to move, two numbers:
//!
//! - **DTZ**, the distance in plies to the next capture (or to a side left without a
//!   legal move, where that ends the game) that keeps the position's value, with the
//!   winner hurrying and the loser holding out. A capture resets the no-capture counter,
//!   so a position `c` plies after the last capture is won only when `c + dtz` is within
//!   the rule set's no-capture limit: the value a table gives honours the counter
//!   exactly, as chess's DTZ tables do (a win the counter would turn into a draw is a
//!   draw here).
//! - **DTM**, the distance in plies to the end of the game with best play by both sides
//!   when the no-capture counter is not in the way (as chess's distance-to-mate tables
//!   count): what a player is shown as "win in 23". Under a rule set without a
//!   no-capture limit it is exact, and a ply limit is honoured with it exactly (a win
//!   holds when `plies + dtm` is within the limit).
//!
//! Positions are indexed with the side to move's stones first, so a table serves both
//! colours; the board's eight symmetries (rotations and reflections of the square keep
//! both circuits and their loops) shrink what is stored by about eight: a table keeps
//! only the placements whose own stones are the least of their eight images.
//!
//! The library does no I/O: [`Tablebase::build`] solves in memory, and
//! [`Tablebase::to_bytes`] / [`Tablebase::from_bytes`] turn a table into bytes and back
//! for the caller to keep where it likes.
//!
//! ```
//! use surakarta_engine::tablebase::{Tablebase, Value};
//! use surakarta_engine::{Position, Ruleset};
//!
//! let tables = Tablebase::build(&Ruleset::default(), 3, &mut |_| {})?;
//! // Red to move takes the last black stone round the a1 loop.
//! let pos: Position = "6/6/6/6/b5/1r4 r 0 0".parse()?;
//! let probe = tables.probe(&pos).expect("two stones are in a three-stone table");
//! assert_eq!((probe.value, probe.dtz, probe.dtm), (Value::Win, Some(1), Some(1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::circuit::NEIGHBOURS;
use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::{NoMoves, Ruleset};
use crate::square::{Bitboard, Side};
use std::fmt;

/// The most stones in all a table is built for here. Six stones are about 121 million
/// positions (15 million stored) and take minutes; seven would be ten times that.
pub const MAX_STONES: u32 = 6;

/// The largest no-capture limit a table can honour (distances are kept in 15 bits).
pub const MAX_LIMIT: u32 = 16_000;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses with best play.
    Loss,
}

impl Value {
    /// `"win"`, `"draw"` or `"loss"`.
    pub fn id(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }

    /// The value for the other side.
    pub fn flipped(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        }
    }
}

/// What a table says of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The value for the side to move, under the position's counters.
    pub value: Value,
    /// Plies to the next capture (or blocked side) that keeps the value; `None` for a
    /// draw.
    pub dtz: Option<u32>,
    /// Plies to the end of the game with best play, the no-capture limit aside; `None`
    /// for a draw.
    pub dtm: Option<u32>,
}

/// A legal move and what it leads to, for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveProbe {
    /// The move.
    pub mv: Move,
    /// What the position is worth to the mover if they play it, with the distances
    /// counted from before the move.
    pub probe: Probe,
}

/// Why a table could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// More stones than [`MAX_STONES`], or fewer than two.
    Stones(u32),
    /// The rule set has both a no-capture limit and a ply limit (a table is exact for
    /// one of them), or a no-capture limit above [`MAX_LIMIT`].
    Rules(String),
    /// The bytes are not a table, or are damaged.
    Corrupt(&'static str),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Stones(n) => {
                write!(f, "tables are built for 2 to {MAX_STONES} stones, not {n}")
            }
            TableError::Rules(why) => write!(f, "no table for these rules: {why}"),
            TableError::Corrupt(why) => write!(f, "not a usable table: {why}"),
        }
    }
}

impl std::error::Error for TableError {}

/// The parts of a rule set a table depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableRules {
    /// Draw after this many plies without a capture.
    pub no_capture_limit: Option<u32>,
    /// What a side without a legal move gets.
    pub no_moves: NoMoves,
    /// Steps may go diagonally.
    pub diagonal_steps: bool,
}

impl TableRules {
    /// The table rules for `rules`, or why a table cannot be exact for them. Who moves
    /// first and the repetition rule do not matter (a winning line never repeats a
    /// position); a ply limit is honoured with the distance to the end when there is no
    /// no-capture limit.
    pub fn of(rules: &Ruleset) -> Result<TableRules, TableError> {
        if rules.no_capture_limit.is_some() && rules.ply_limit.is_some() {
            return Err(TableError::Rules(
                "both a no-capture limit and a ply limit".into(),
            ));
        }
        if let Some(n) = rules.no_capture_limit.filter(|n| *n > MAX_LIMIT) {
            return Err(TableError::Rules(format!(
                "a no-capture limit of {n} plies (at most {MAX_LIMIT})"
            )));
        }
        Ok(TableRules {
            no_capture_limit: rules.no_capture_limit,
            no_moves: rules.no_moves,
            diagonal_steps: rules.diagonal_steps,
        })
    }
}

/// How a build is getting on: the class just solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Stones of the side to move.
    pub own: u32,
    /// Stones of the other side.
    pub opp: u32,
    /// Positions in the class (before the symmetries).
    pub positions: u64,
}

const BINOM: [[u64; 8]; 37] = {
    let mut t = [[0u64; 8]; 37];
    let mut n = 0;
    while n <= 36 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

fn binom(n: u32, k: u32) -> u64 {
    BINOM[n as usize][k as usize]
}

/// The rank of a set among the sets of its size (combinatorial number system).
fn rank(set: u64) -> u64 {
    let mut r = 0;
    let (mut bits, mut i) = (set, 1);
    while bits != 0 {
        let p = bits.trailing_zeros();
        r += BINOM[p as usize][i];
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The set of `k` elements with rank `r`.
fn unrank(mut r: u64, k: u32) -> u64 {
    let mut set = 0;
    let mut p = 36u32;
    for i in (1..=k).rev() {
        p -= 1;
        while binom(p, i) > r {
            p -= 1;
        }
        r -= binom(p, i);
        set |= 1 << p;
    }
    set
}

/// `t`'s squares numbered among the squares not in `s`.
fn compress(t: u64, s: u64) -> u64 {
    let mut out = 0;
    let mut bits = t;
    while bits != 0 {
        let p = bits.trailing_zeros();
        let below = (s & ((1u64 << p) - 1)).count_ones();
        out |= 1 << (p - below);
        bits &= bits - 1;
    }
    out
}

/// The inverse of [`compress`].
fn expand(tc: u64, s: u64) -> u64 {
    let mut out = 0;
    let (mut free, mut q, mut bits) = (!s & Bitboard::FULL.0, 0, tc);
    while bits != 0 {
        let p = free.trailing_zeros();
        if bits & 1 != 0 {
            out |= 1 << p;
        }
        free &= free - 1;
        bits >>= 1;
        q += 1;
    }
    debug_assert!(q <= 36);
    out
}

/// The eight symmetries of the board as square maps: bit 0 transposes, bit 1 mirrors
/// the columns, bit 2 the rows.
const SYMMETRIES: [[u8; 36]; 8] = {
    let mut t = [[0u8; 36]; 8];
    let mut g = 0;
    while g < 8 {
        let mut sq = 0;
        while sq < 36 {
            let (mut c, mut r) = (sq % 6, sq / 6);
            if g & 1 != 0 {
                (c, r) = (r, c);
            }
            if g & 2 != 0 {
                c = 5 - c;
            }
            if g & 4 != 0 {
                r = 5 - r;
            }
            t[g][sq] = (r * 6 + c) as u8;
            sq += 1;
        }
        g += 1;
    }
    t
};

fn transform(set: u64, g: usize) -> u64 {
    let map = &SYMMETRIES[g];
    let mut out = 0;
    let mut bits = set;
    while bits != 0 {
        out |= 1 << map[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    out
}

/// The symmetry that takes `s` to the least rank of its images, and that rank.
fn canonical(s: u64) -> (usize, u64) {
    let mut best = (0, rank(s));
    for g in 1..8 {
        let r = rank(transform(s, g));
        if r < best.1 {
            best = (g, r);
        }
    }
    best
}

// An entry: 0 a draw, 2d+1 a win in d plies, 2d+2 a loss in d.
const DRAW: u16 = 0;

fn win(d: u32) -> u16 {
    (2 * d + 1) as u16
}

fn loss(d: u32) -> u16 {
    (2 * d + 2) as u16
}

fn decode(e: u16) -> (Value, u32) {
    match e {
        0 => (Value::Draw, 0),
        e if e % 2 == 1 => (Value::Win, u32::from(e / 2)),
        e => (Value::Loss, u32::from(e / 2 - 1)),
    }
}

/// The largest distance an entry holds.
const MAX_DISTANCE: u32 = (u16::MAX as u32 - 2) / 2;

/// One material class: `own` stones for the side to move, `opp` for the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    own: u32,
    opp: u32,
}

impl Shape {
    /// Placements of the other side's stones for one placement of the own.
    fn block(self) -> u64 {
        binom(36 - self.own, self.opp)
    }

    fn positions(self) -> u64 {
        binom(36, self.own) * self.block()
    }

    fn index(self, own: u64, opp: u64) -> u64 {
        rank(own) * self.block() + rank(compress(opp, own))
    }

    fn placement(self, index: u64) -> (u64, u64) {
        let own = unrank(index / self.block(), self.own);
        let opp = expand(unrank(index % self.block(), self.opp), own);
        (own, opp)
    }

    /// Every class of `n` stones, fewer own stones first.
    fn with_total(n: u32) -> impl Iterator<Item = Shape> {
        (1..n).map(move |own| Shape { own, opp: n - own })
    }
}

/// A solved class in full (every placement), as the build keeps it.
struct Full {
    dtz: Vec<u16>,
    dtm: Vec<u16>,
}

/// A solved class as kept: the placements whose own stones are canonical.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stored {
    shape: Shape,
    /// Ranks of the canonical own placements, ascending: block `i` is for `reps[i]`.
    reps: Vec<u32>,
    dtz: Vec<u16>,
    dtm: Vec<u16>,
}

impl Stored {
    fn reps_of(shape: Shape) -> Vec<u32> {
        (0..binom(36, shape.own))
            .filter(|&r| canonical(unrank(r, shape.own)).1 == r)
            .map(|r| r as u32)
            .collect()
    }

    fn slot(&self, own: u64, opp: u64) -> usize {
        let (g, r) = canonical(own);
        let own = transform(own, g);
        let opp = transform(opp, g);
        let block = self
            .reps
            .binary_search(&(r as u32))
            .expect("every canonical rank has a block");
        (block as u64 * self.shape.block() + rank(compress(opp, own))) as usize
    }
}

/// Solved endgames for one set of table rules: see the [module](self) documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    rules: TableRules,
    max_stones: u32,
    /// Classes by total stones, then own stones.
    classes: Vec<Stored>,
}

fn class_slot(shape: Shape) -> usize {
    // Totals 2.. in order, `n - 1` classes each.
    let n = shape.own + shape.opp;
    ((n - 2) * (n - 1) / 2 + shape.own - 1) as usize
}

impl Tablebase {
    /// Solves every position of 2 to `max_stones` stones under `rules`; `progress`
    /// hears of each class as it is solved. Memory during the build is about 8 bytes a
    /// position of the largest pair of classes plus 4 a position solved; see
    /// `docs/engine.md` for times and sizes.
    pub fn build(
        rules: &Ruleset,
        max_stones: u32,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<Tablebase, TableError> {
        let table_rules = TableRules::of(rules)?;
        if !(2..=MAX_STONES).contains(&max_stones) {
            return Err(TableError::Stones(max_stones));
        }
        let mut full: Vec<Option<Full>> = Vec::new();
        for n in 2..=max_stones {
            for shape in Shape::with_total(n) {
                if shape.own > shape.opp {
                    continue; // solved with its partner
                }
                let partner = Shape {
                    own: shape.opp,
                    opp: shape.own,
                };
                let pair: Vec<Shape> = if partner == shape {
                    vec![shape]
                } else {
                    vec![shape, partner]
                };
                let dtz = solve(&table_rules, &pair, &full, Pass::Dtz);
                let dtm = solve(&table_rules, &pair, &full, Pass::Dtm);
                for ((s, dtz), dtm) in pair.iter().zip(dtz).zip(dtm) {
                    let slot = class_slot(*s);
                    if full.len() <= slot {
                        full.resize_with(slot + 1, || None);
                    }
                    full[slot] = Some(Full { dtz, dtm });
                }
                for s in &pair {
                    progress(BuildProgress {
                        own: s.own,
                        opp: s.opp,
                        positions: s.positions(),
                    });
                }
            }
        }
        let mut classes = Vec::new();
        for n in 2..=max_stones {
            for shape in Shape::with_total(n) {
                let f = full[class_slot(shape)].take().expect("solved above");
                let reps = Stored::reps_of(shape);
                let block = shape.block() as usize;
                let mut dtz = Vec::with_capacity(reps.len() * block);
                let mut dtm = Vec::with_capacity(reps.len() * block);
                for &r in &reps {
                    let at = r as usize * block;
                    dtz.extend_from_slice(&f.dtz[at..at + block]);
                    dtm.extend_from_slice(&f.dtm[at..at + block]);
                }
                classes.push(Stored {
                    shape,
                    reps,
                    dtz,
                    dtm,
                });
            }
        }
        Ok(Tablebase {
            rules: table_rules,
            max_stones,
            classes,
        })
    }

    /// The most stones in all of a position the table answers for.
    pub fn max_stones(&self) -> u32 {
        self.max_stones
    }

    /// The rules the table was solved for.
    pub fn rules(&self) -> TableRules {
        self.rules
    }

    /// True when the table's answers are exact under `rules`.
    pub fn applies_to(&self, rules: &Ruleset) -> bool {
        TableRules::of(rules).is_ok_and(|r| r == self.rules)
    }

    /// Positions stored (after the symmetries).
    pub fn entries(&self) -> u64 {
        self.classes.iter().map(|c| c.dtz.len() as u64).sum()
    }

    /// True when `pos` has few enough stones for the table, both sides have some and the
    /// counters are within what it can answer.
    pub fn covers(&self, pos: &Position) -> bool {
        let us = pos.side_to_move();
        let (own, opp) = (pos.stones(us).count(), pos.stones(us.other()).count());
        own >= 1 && opp >= 1 && own + opp <= self.max_stones
    }

    fn entries_of(&self, own: u64, opp: u64) -> (u16, u16) {
        let shape = Shape {
            own: own.count_ones(),
            opp: opp.count_ones(),
        };
        let class = &self.classes[class_slot(shape)];
        let slot = class.slot(own, opp);
        (class.dtz[slot], class.dtm[slot])
    }

    /// What the table says of `pos` under rule set `rules` (whose table rules must be
    /// this table's: see [`Tablebase::applies_to`]), or `None` when the position is not
    /// in the table. The value honours the position's no-capture counter (or, with no
    /// such limit, its ply count against a ply limit).
    pub fn probe_with(&self, pos: &Position, ply_limit: Option<u32>) -> Option<Probe> {
        if !self.covers(pos) {
            return None;
        }
        let us = pos.side_to_move();
        let (dtz_e, dtm_e) = self.entries_of(pos.stones(us).0, pos.stones(us.other()).0);
        let (free_value, dtm) = decode(dtm_e);
        let (zero_value, dtz) = decode(dtz_e);
        let value = match self.rules.no_capture_limit {
            Some(limit) => {
                // A side without a move is decided before the limit (dtz 0).
                let within = dtz == 0 || pos.since_capture().saturating_add(dtz) <= limit;
                if zero_value != Value::Draw && within {
                    zero_value
                } else {
                    Value::Draw
                }
            }
            None => match ply_limit {
                Some(limit) if dtm > 0 && pos.plies().saturating_add(dtm) > limit => Value::Draw,
                _ => free_value,
            },
        };
        let decided = value != Value::Draw;
        Some(Probe {
            value,
            dtz: decided.then_some(dtz),
            dtm: decided.then_some(dtm),
        })
    }

    /// [`Tablebase::probe_with`] with no ply limit (the rule sets with a no-capture
    /// limit have none).
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        self.probe_with(pos, None)
    }

    /// Every legal move of `pos` with what it leads to for the mover, best first (wins
    /// soonest to the end, then soonest to a capture; draws; losses latest), or `None`
    /// when the position is not in the table. Empty when the side to move has no move.
    pub fn moves(&self, pos: &Position, ply_limit: Option<u32>) -> Option<Vec<MoveProbe>> {
        self.covers(pos).then_some(())?;
        let mut out = Vec::new();
        for &mv in pos.moves_with(self.rules.diagonal_steps).iter() {
            let next = pos.after(mv);
            let them = next.side_to_move();
            let probe = if next.stones(them).is_empty() {
                Probe {
                    value: Value::Win,
                    dtz: Some(1),
                    dtm: Some(1),
                }
            } else {
                let p = self.probe_with(&next, ply_limit)?;
                Probe {
                    value: p.value.flipped(),
                    dtz: p.dtz.map(|d| if mv.capture { 1 } else { d + 1 }),
                    dtm: p.dtm.map(|d| d + 1),
                }
            };
            out.push(MoveProbe { mv, probe });
        }
        out.sort_by_key(|m| order_key(&m.probe));
        Some(out)
    }

    /// The moves that keep `pos`'s value and are best by it (see [`Tablebase::moves`]):
    /// for a win those soonest to the end, then soonest to a capture; for a loss those
    /// that hold out longest; for a draw every move that keeps it.
    pub fn best_moves(&self, pos: &Position, ply_limit: Option<u32>) -> Option<Vec<Move>> {
        let moves = self.moves(pos, ply_limit)?;
        let Some(first) = moves.first() else {
            return Some(Vec::new());
        };
        let key = order_key(&first.probe);
        let keep_all = first.probe.value == Value::Draw;
        Some(
            moves
                .iter()
                .filter(|m| {
                    if keep_all {
                        m.probe.value == Value::Draw
                    } else {
                        order_key(&m.probe) == key
                    }
                })
                .map(|m| m.mv)
                .collect(),
        )
    }

    /// The table as bytes, for the caller to keep ([`Tablebase::from_bytes`] reads
    /// them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + self.entries() as usize * 4);
        out.extend_from_slice(MAGIC);
        out.push(FORMAT);
        out.push(self.max_stones as u8);
        out.extend_from_slice(
            &self
                .rules
                .no_capture_limit
                .unwrap_or(u32::MAX)
                .to_le_bytes(),
        );
        out.push(u8::from(self.rules.no_moves == NoMoves::Loses));
        out.push(u8::from(self.rules.diagonal_steps));
        for class in &self.classes {
            out.extend_from_slice(&(class.dtz.len() as u64).to_le_bytes());
            for column in [&class.dtz, &class.dtm] {
                for e in column.iter() {
                    out.extend_from_slice(&e.to_le_bytes());
                }
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// A table from bytes [`Tablebase::to_bytes`] wrote, checked: a damaged or foreign
    /// file is an error, never a wrong answer.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tablebase, TableError> {
        let corrupt = TableError::Corrupt;
        let body_len = bytes
            .len()
            .checked_sub(8)
            .ok_or(corrupt("shorter than a header"))?;
        let (body, sum) = bytes.split_at(body_len);
        if sum != fnv1a(body).to_le_bytes() {
            return Err(corrupt("the checksum does not match"));
        }
        let mut r = Reader { bytes: body };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(corrupt("not a Surakarta table"));
        }
        if r.take(1)?[0] != FORMAT {
            return Err(corrupt("written by another version"));
        }
        let max_stones = u32::from(r.take(1)?[0]);
        if !(2..=MAX_STONES).contains(&max_stones) {
            return Err(corrupt("a stone count out of range"));
        }
        let limit = u32::from_le_bytes(r.take(4)?.try_into().expect("four bytes"));
        let no_capture_limit = (limit != u32::MAX).then_some(limit);
        if no_capture_limit.is_some_and(|l| l > MAX_LIMIT) {
            return Err(corrupt("a no-capture limit out of range"));
        }
        let no_moves = match r.take(1)?[0] {
            0 => NoMoves::Draw,
            1 => NoMoves::Loses,
            _ => return Err(corrupt("an unknown no-moves rule")),
        };
        let diagonal_steps = match r.take(1)?[0] {
            0 => false,
            1 => true,
            _ => return Err(corrupt("an unknown step rule")),
        };
        let mut classes = Vec::new();
        for n in 2..=max_stones {
            for shape in Shape::with_total(n) {
                let reps = Stored::reps_of(shape);
                let len = reps.len() * shape.block() as usize;
                let stated = u64::from_le_bytes(r.take(8)?.try_into().expect("eight bytes"));
                if stated != len as u64 {
                    return Err(corrupt("a class of the wrong size"));
                }
                let mut column = || -> Result<Vec<u16>, TableError> {
                    Ok(r.take(len * 2)?
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]]))
                        .collect())
                };
                let dtz = column()?;
                let dtm = column()?;
                classes.push(Stored {
                    shape,
                    reps,
                    dtz,
                    dtm,
                });
            }
        }
        if !r.bytes.is_empty() {
            return Err(corrupt("bytes after the last class"));
        }
        Ok(Tablebase {
            rules: TableRules {
                no_capture_limit,
                no_moves,
                diagonal_steps,
            },
            max_stones,
            classes,
        })
    }

    /// Checks every stored position against a one-ply look-ahead into the table: its
    /// value and both distances must follow from its moves' (the winner's best, the
    /// loser's longest). Returns the positions checked, or the first that disagrees.
    pub fn verify(&self, progress: &mut dyn FnMut(BuildProgress)) -> Result<u64, String> {
        let mut checked = 0;
        for class in &self.classes {
            let shape = class.shape;
            let block = shape.block();
            for (i, &r) in class.reps.iter().enumerate() {
                let own = unrank(u64::from(r), shape.own);
                for t in 0..block {
                    let opp = expand(unrank(t, shape.opp), own);
                    let at = i * block as usize + t as usize;
                    let pos = Position::from_parts(Bitboard(own), Bitboard(opp), Side::Red, 0, 0);
                    self.verify_one(&pos, class.dtz[at], class.dtm[at])?;
                    checked += 1;
                }
            }
            progress(BuildProgress {
                own: shape.own,
                opp: shape.opp,
                positions: shape.positions(),
            });
        }
        Ok(checked)
    }

    fn verify_one(&self, pos: &Position, dtz_e: u16, dtm_e: u16) -> Result<(), String> {
        let wrong = |what: &str| Err(format!("{pos}: {what}"));
        let rules = self.rules;
        let moves = pos.moves_with(rules.diagonal_steps);
        if moves.is_empty() {
            let expect = match rules.no_moves {
                NoMoves::Loses => loss(0),
                NoMoves::Draw => DRAW,
            };
            if (dtz_e, dtm_e) != (expect, expect) {
                return wrong("a side without a move is not scored by the rules");
            }
            return Ok(());
        }
        // Children as entries for the mover: (dtz pass entry, dtm pass entry).
        let mut children = Vec::new();
        for &mv in moves.iter() {
            let next = pos.after(mv);
            let them = next.side_to_move();
            let (own, opp) = (next.stones(them).0, next.stones(them.other()).0);
            if own == 0 {
                children.push((loss(0), loss(0), true));
                continue;
            }
            let (z, m) = self.entries_of(own, opp);
            // A capture's DTZ counts from the capture: the child's own distance is reset.
            let z = match (mv.capture, decode(z).0) {
                (true, Value::Win) => win(0),
                (true, Value::Loss) => loss(0),
                _ => z,
            };
            children.push((z, m, mv.capture));
        }
        for (entry, pick, name) in [(dtz_e, 0usize, "DTZ"), (dtm_e, 1usize, "DTM")] {
            let kids: Vec<u16> = children
                .iter()
                .map(|c| if pick == 0 { c.0 } else { c.1 })
                .collect();
            let expect = back_up(&kids);
            let expect = match (pick, rules.no_capture_limit) {
                // Beyond the limit a DTZ win or loss is a draw at every counter.
                (0, Some(limit)) if decode(expect).1 > limit => DRAW,
                _ => expect,
            };
            if expect != entry {
                return wrong(&format!(
                    "{name} entry {:?} but its moves give {:?}",
                    decode(entry),
                    decode(expect)
                ));
            }
        }
        Ok(())
    }
}

/// The entry of a position from its children's (each for the player to move there):
/// a win one ply beyond the quickest lost child, else a draw if any child is drawn, else
/// a loss one ply beyond the slowest won child.
fn back_up(children: &[u16]) -> u16 {
    let mut best_win = None::<u32>;
    let mut longest_loss = 0;
    let mut drawn = false;
    for &c in children {
        match decode(c) {
            (Value::Loss, d) => best_win = Some(best_win.map_or(d, |b| b.min(d))),
            (Value::Win, d) => longest_loss = longest_loss.max(d),
            (Value::Draw, _) => drawn = true,
        }
    }
    match best_win {
        Some(d) => win(d + 1),
        None if drawn => DRAW,
        None => loss(longest_loss + 1),
    }
}

/// Sort key of a move's outcome, best for the mover first.
fn order_key(p: &Probe) -> (u8, i64, i64) {
    let dtm = i64::from(p.dtm.unwrap_or(0));
    let dtz = i64::from(p.dtz.unwrap_or(0));
    match p.value {
        Value::Win => (0, dtm, dtz),
        Value::Draw => (1, 0, 0),
        Value::Loss => (2, -dtm, -dtz),
    }
}

const MAGIC: &[u8] = b"SURAKARTA-TB";
const FORMAT: u8 = 1;

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        if self.bytes.len() < n {
            return Err(TableError::Corrupt("cut short"));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
}

/// Which distance a solving pass finds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// To the next capture, under the no-capture limit.
    Dtz,
    /// To the end of the game, without it.
    Dtm,
}

// A node's state while solving.
const UNKNOWN: u8 = 0;
const WON: u8 = 1;
const LOST: u8 = 2;
const DRAWN: u8 = 3;
const LOSS_DUE: u8 = 4;
const HAS_DRAW: u8 = 8;
const NONE: u16 = u16::MAX;

/// Solves a class and its partner (the same class when own and other are equal) by
/// retrograde analysis in order of distance: a position is won one ply after its
/// quickest lost child is found, lost once its last child is found won (one ply beyond
/// the slowest). Captures lead into smaller classes, already solved in `full`.
fn solve(rules: &TableRules, pair: &[Shape], full: &[Option<Full>], pass: Pass) -> Vec<Vec<u16>> {
    let offsets: Vec<u64> = pair
        .iter()
        .scan(0, |at, s| {
            let here = *at;
            *at += s.positions();
            Some(here)
        })
        .collect();
    let total: u64 = pair.iter().map(|s| s.positions()).sum();
    let n = total as usize;
    let mut state = vec![UNKNOWN; n];
    let mut remaining = vec![0u8; n];
    let mut best = vec![NONE; n];
    let mut dist = vec![0u16; n];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, d: u32, node: usize| {
        let d = d as usize;
        if buckets.len() <= d {
            buckets.resize_with(d + 1, Vec::new);
        }
        buckets[d].push(node as u32);
    };
    let partner_of = |k: usize| {
        let s = pair[k];
        pair.iter()
            .position(|p| p.own == s.opp && p.opp == s.own)
            .expect("the pair holds both")
    };
    let cap = match pass {
        Pass::Dtz => rules.no_capture_limit.unwrap_or(MAX_DISTANCE),
        Pass::Dtm => MAX_DISTANCE,
    };

    for (k, shape) in pair.iter().enumerate() {
        let capture_shape = Shape {
            own: shape.opp - 1,
            opp: shape.own,
        };
        let sub = (capture_shape.own > 0).then(|| {
            let f = full[class_slot(capture_shape)]
                .as_ref()
                .expect("smaller classes are solved first");
            match pass {
                Pass::Dtz => &f.dtz,
                Pass::Dtm => &f.dtm,
            }
        });
        for i in 0..shape.positions() {
            let node = (offsets[k] + i) as usize;
            let (own, opp) = shape.placement(i);
            let pos = Position::from_parts(Bitboard(own), Bitboard(opp), Side::Red, 0, 0);
            let moves = pos.moves_with(rules.diagonal_steps);
            if moves.is_empty() {
                match rules.no_moves {
                    NoMoves::Loses => {
                        state[node] = LOSS_DUE;
                        dist[node] = 0;
                        push(&mut buckets, 0, node);
                    }
                    NoMoves::Draw => state[node] = DRAWN,
                }
                continue;
            }
            let (mut quiet, mut longest, mut drawn) = (0u8, 0u32, false);
            let mut quickest = u32::MAX;
            for &mv in moves.iter() {
                if !mv.capture {
                    quiet += 1;
                    continue;
                }
                let Some(sub) = sub else {
                    quickest = 1; // the last enemy stone taken
                    continue;
                };
                let child_own = opp & !(1u64 << mv.to.index());
                let child_opp = own & !(1u64 << mv.from.index()) | 1u64 << mv.to.index();
                let (value, d) = decode(sub[capture_shape.index(child_own, child_opp) as usize]);
                let d = if pass == Pass::Dtz { 0 } else { d };
                match value {
                    Value::Loss => quickest = quickest.min(d + 1),
                    Value::Win => longest = longest.max(d),
                    Value::Draw => drawn = true,
                }
            }
            remaining[node] = quiet;
            if drawn {
                state[node] |= HAS_DRAW;
            }
            if quickest != u32::MAX {
                best[node] = quickest as u16;
                push(&mut buckets, quickest, node);
            } else if quiet == 0 && !drawn {
                state[node] = LOSS_DUE;
                dist[node] = (longest + 1) as u16;
                push(&mut buckets, longest + 1, node);
            } else {
                dist[node] = longest as u16; // the slowest lost child so far
            }
        }
    }

    let mut d = 0usize;
    while d < buckets.len() && d as u32 <= cap {
        let list = std::mem::take(&mut buckets[d]);
        for node in list {
            let node = node as usize;
            let s = state[node] & 7;
            let won = s == UNKNOWN && u32::from(best[node]) == d as u32;
            let lost = s == LOSS_DUE && usize::from(dist[node]) == d;
            if !won && !lost {
                continue;
            }
            state[node] = (state[node] & HAS_DRAW) | if won { WON } else { LOST };
            dist[node] = d as u16;
            // Predecessors: the other side's positions one step before this one.
            let k = if pair.len() == 2 && node as u64 >= offsets[1] {
                1
            } else {
                0
            };
            let shape = pair[k];
            let (own, opp) = shape.placement(node as u64 - offsets[k]);
            let pk = partner_of(k);
            let pshape = pair[pk];
            let empty = !(own | opp) & Bitboard::FULL.0;
            let neighbours = &NEIGHBOURS[usize::from(rules.diagonal_steps)];
            let mut stones = opp;
            while stones != 0 {
                let b = stones.trailing_zeros() as usize;
                stones &= stones - 1;
                let mut from = neighbours[b] & empty;
                while from != 0 {
                    let a = from.trailing_zeros();
                    from &= from - 1;
                    let before = opp & !(1u64 << b) | 1u64 << a;
                    let r = (offsets[pk] + pshape.index(before, own)) as usize;
                    let rs = state[r] & 7;
                    if rs != UNKNOWN {
                        continue;
                    }
                    if lost {
                        let cand = d as u32 + 1;
                        if cand < u32::from(best[r]) {
                            best[r] = cand as u16;
                            push(&mut buckets, cand, r);
                        }
                    } else {
                        remaining[r] -= 1;
                        dist[r] = dist[r].max(d as u16);
                        if remaining[r] == 0 && state[r] & HAS_DRAW == 0 && best[r] == NONE {
                            state[r] = LOSS_DUE;
                            dist[r] += 1;
                            push(&mut buckets, u32::from(dist[r]), r);
                        }
                    }
                }
            }
        }
        d += 1;
    }

    let mut out = Vec::with_capacity(pair.len());
    for (k, shape) in pair.iter().enumerate() {
        let start = offsets[k] as usize;
        let entries = (start..start + shape.positions() as usize)
            .map(|node| match state[node] & 7 {
                WON => win(u32::from(dist[node])),
                LOST => loss(u32::from(dist[node])),
                _ => DRAW,
            })
            .collect();
        out.push(entries);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_placements_round_trip() {
        let shape = Shape { own: 2, opp: 3 };
        for i in (0..shape.positions()).step_by(997) {
            let (own, opp) = shape.placement(i);
            assert_eq!(own.count_ones(), 2);
            assert_eq!(opp.count_ones(), 3);
            assert_eq!(own & opp, 0);
            assert_eq!(shape.index(own, opp), i);
        }
    }

    #[test]
    fn the_eight_symmetries_keep_the_moves() {
        // Moves of an image are the images of the moves, captures included.
        for pos in crate::position::random_positions(300) {
            let (red, black) = (pos.stones(Side::Red).0, pos.stones(Side::Black).0);
            let moves: Vec<(usize, usize, bool)> = pos
                .moves()
                .iter()
                .map(|m| (m.from.index(), m.to.index(), m.capture))
                .collect();
            for (g, map) in SYMMETRIES.iter().enumerate().skip(1) {
                let image = Position::from_parts(
                    Bitboard(transform(red, g)),
                    Bitboard(transform(black, g)),
                    pos.side_to_move(),
                    0,
                    0,
                );
                let map = |sq: usize| usize::from(map[sq]);
                let mut expected: Vec<_> =
                    moves.iter().map(|&(f, t, c)| (map(f), map(t), c)).collect();
                expected.sort();
                let mut got: Vec<_> = image
                    .moves()
                    .iter()
                    .map(|m| (m.from.index(), m.to.index(), m.capture))
                    .collect();
                got.sort();
                assert_eq!(got, expected, "{pos} under symmetry {g}");
            }
        }
    }
}
