//! Puzzles: a position where the side to move has one move that wins, and the line that
//! follows it.
//!
//! A pack is plain text, one puzzle a line, `POSITION | MOVES | THEMES | RATING`:
//! POSITION the rules' position string, MOVES the solution from the side to move (the
//! player's moves and the replies, space-separated, as records write them; it ends with
//! the player's move, which may be followed by other moves as right, `/`-separated:
//! [`Puzzle::alternatives`]), THEMES comma-separated [`Theme`] ids, RATING a whole
//! number. Lines that are empty or start with `#` are comments.
//!
//! ```
//! use surakarta_engine::puzzle::{Puzzle, Theme};
//!
//! let p: Puzzle = "6/6/6/6/b5/1r4 r 0 0 | b1xa2 | capture,one-loop,endgame | 700".parse()?;
//! assert_eq!(p.moves.len(), 1);
//! assert!(p.themes.contains(&Theme::OneLoop));
//! assert_eq!(p.to_string().parse::<Puzzle>()?, p);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::ai::{Engine, MATE_BOUND, STONE, SearchControl};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::tablebase::{Tablebase, Value};
use std::fmt;
use std::str::FromStr;

/// What a puzzle teaches, computed from its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The first move takes a stone.
    Capture,
    /// A capture of the solution goes round one loop.
    OneLoop,
    /// A capture of the solution goes round two loops or more (its shortest route).
    SeveralLoops,
    /// The first move steps into an enemy route, so a stone it threatened is safe.
    Block,
    /// The first move is a step after which two enemy stones or more are under attack.
    DoubleThreat,
    /// The first move takes a threatened stone out of danger.
    Escape,
    /// The first move captures nothing but sets up a capture.
    QuietMove,
    /// Few stones are left (eight or fewer).
    Endgame,
    /// The solution takes the last enemy stone.
    WinsTheGame,
    /// A reply of the solution takes one of the player's stones, leaving the player
    /// fewer stones ahead than at the start, and the player still ends the line more
    /// stones ahead than at the start (or wins the game): a stone given to win two.
    Sacrifice,
    /// An endgame the tables solve ([`TABLE_STONES`] stones or fewer) won by two or more
    /// of the player's moves, each the only one that keeps the win.
    EndgameTechnique,
}

impl Theme {
    /// Every theme, in the order packs list them.
    pub const ALL: [Theme; 11] = [
        Theme::Capture,
        Theme::OneLoop,
        Theme::SeveralLoops,
        Theme::Block,
        Theme::DoubleThreat,
        Theme::Escape,
        Theme::QuietMove,
        Theme::Endgame,
        Theme::WinsTheGame,
        Theme::Sacrifice,
        Theme::EndgameTechnique,
    ];

    /// The theme's id in packs: `capture`, `one-loop`, `several-loops`, `block`,
    /// `double-threat`, `escape`, `quiet-move`, `endgame`, `wins-the-game`, `sacrifice`,
    /// `endgame-technique`.
    pub fn id(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::OneLoop => "one-loop",
            Theme::SeveralLoops => "several-loops",
            Theme::Block => "block",
            Theme::DoubleThreat => "double-threat",
            Theme::Escape => "escape",
            Theme::QuietMove => "quiet-move",
            Theme::Endgame => "endgame",
            Theme::WinsTheGame => "wins-the-game",
            Theme::Sacrifice => "sacrifice",
            Theme::EndgameTechnique => "endgame-technique",
        }
    }

    /// The theme with this id.
    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// Stones on the board at which a puzzle counts as an endgame.
pub const ENDGAME_STONES: u32 = 8;

/// Stones on the board at which a puzzle is the endgame tables' (the pack is made and
/// checked with the tables of up to five stones).
pub const TABLE_STONES: u32 = 5;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, the player to move.
    pub position: Position,
    /// The solution: the player's moves and the replies, ending with the player's.
    pub moves: Vec<Move>,
    /// Other moves as right as the solution's last (written after it, `/`-separated):
    /// only at the last move of a solution of two or more of the player's moves, where
    /// every move that takes the last stone, or in an endgame of the tables every capture
    /// that keeps the win, is right ([`verify`] checks the list is all of them). Empty
    /// when the last move is the only one.
    pub alternatives: Vec<Move>,
    /// What it teaches.
    pub themes: Vec<Theme>,
    /// How hard it is: the rating of a solver who solves it half the time, on the scale
    /// of `puzzles calibrate` ([`fit_ratings`]: Beginner 1,000; [`rating_of`] before
    /// calibration).
    pub rating: u32,
}

/// Why a pack line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePuzzleError(pub String);

impl fmt::Display for ParsePuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a puzzle: {}", self.0)
    }
}

impl std::error::Error for ParsePuzzleError {}

impl FromStr for Puzzle {
    type Err = ParsePuzzleError;

    /// Reads `POSITION | MOVES | THEMES | RATING`, checking that every move is legal in
    /// turn (with diagonal steps, as every preset plays), that the solution has an odd
    /// number of moves and that the game is not over before its last.
    fn from_str(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let err = |s: String| ParsePuzzleError(s);
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [position, moves, themes, rating] = fields[..] else {
            return Err(err(format!(
                "{} fields, not 4 (POSITION | MOVES | THEMES | RATING)",
                fields.len()
            )));
        };
        let position: Position = position
            .parse()
            .map_err(|e| err(format!("position: {e}")))?;
        let parse = |m: &str| -> Result<Move, ParsePuzzleError> {
            m.parse().map_err(|e| err(format!("move {m:?}: {e}")))
        };
        let words: Vec<&str> = moves.split_whitespace().collect();
        let mut moves = Vec::new();
        let mut alternatives = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let mut right = word.split('/');
            moves.push(parse(right.next().unwrap_or_default())?);
            let others: Vec<Move> = right.map(parse).collect::<Result<_, _>>()?;
            if !others.is_empty() && (i + 1 < words.len() || words.len() < 3) {
                return Err(err(format!(
                    "{word}: other right moves only at the last of two or more of the player's"
                )));
            }
            alternatives = others;
        }
        if moves.len().is_multiple_of(2) {
            return Err(err(format!(
                "{} moves: a solution ends with the player's move",
                moves.len()
            )));
        }
        let mut pos = position;
        for (i, &m) in moves.iter().enumerate() {
            let us = pos.side_to_move();
            if i > 0 && pos.stones(us).is_empty() {
                return Err(err(format!("the game is over before {m}")));
            }
            if i + 1 == moves.len() {
                for &a in &alternatives {
                    if a == m || !pos.moves().iter().any(|&l| l == a) {
                        return Err(err(format!("{a}: not another legal move")));
                    }
                }
            }
            pos.try_play(m, true)
                .map_err(|e| err(format!("move {}: {e}", i + 1)))?;
        }
        let themes: Vec<Theme> = themes
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| Theme::from_id(t).ok_or_else(|| err(format!("no theme {t:?}"))))
            .collect::<Result<_, _>>()?;
        let rating = rating
            .parse::<u32>()
            .ok()
            .filter(|r| *r <= 4000)
            .ok_or_else(|| err(format!("rating {rating:?} is not a whole number to 4000")))?;
        Ok(Puzzle {
            position,
            moves,
            alternatives,
            themes,
            rating,
        })
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        if let Some(last) = moves.last_mut() {
            for a in &self.alternatives {
                last.push('/');
                last.push_str(&a.to_string());
            }
        }
        let themes: Vec<&str> = self.themes.iter().map(|t| t.id()).collect();
        write!(
            f,
            "{} | {} | {} | {}",
            self.position,
            moves.join(" "),
            themes.join(","),
            self.rating
        )
    }
}

/// The themes of a solution from `position`, computed from its moves and routes.
pub fn themes_of(position: &Position, moves: &[Move]) -> Vec<Theme> {
    let mut themes = Vec::new();
    let Some(&first) = moves.first() else {
        return themes;
    };
    let us = position.side_to_move();
    let them = us.other();
    if first.capture {
        themes.push(Theme::Capture);
    }
    // Loops of the player's captures, by their shortest route.
    let mut pos = *position;
    let mut most_loops = 0;
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0
            && m.capture
            && let Some(route) = pos.preferred_route(m)
        {
            most_loops = most_loops.max(route.loops);
        }
        pos.play(m);
    }
    if most_loops == 1 {
        themes.push(Theme::OneLoop);
    }
    if most_loops >= 2 {
        themes.push(Theme::SeveralLoops);
    }
    if !first.capture {
        let after = position.after(first);
        let threatened_before = position.attacked_by(them);
        let threatened_after = after.attacked_by(them);
        if threatened_before.has(first.from) && !threatened_after.has(first.to) {
            themes.push(Theme::Escape);
        } else if threatened_after.count() < threatened_before.count()
            && !threatened_before.has(first.from)
        {
            themes.push(Theme::Block);
        }
        if after.with_side_to_move(us).attacked_by(us).count() >= 2 {
            themes.push(Theme::DoubleThreat);
        }
        themes.push(Theme::QuietMove);
    }
    if position.occupied().count() <= ENDGAME_STONES {
        themes.push(Theme::Endgame);
    }
    let won_the_game = pos.stones(them).is_empty();
    if won_the_game {
        themes.push(Theme::WinsTheGame);
    }
    // A stone given: a reply takes one and leaves the player fewer stones ahead than at
    // the start, and the player ends further ahead than it began (or wins the game).
    let ahead = |p: &Position| p.stones(us).count() as i32 - p.stones(them).count() as i32;
    let mut given = false;
    let mut p = *position;
    for (i, &m) in moves.iter().enumerate() {
        p.play(m);
        given |= i % 2 == 1 && m.capture && ahead(&p) < ahead(position);
    }
    if given && (won_the_game || ahead(&pos) > ahead(position)) {
        themes.push(Theme::Sacrifice);
    }
    if position.occupied().count() <= TABLE_STONES && moves.len() >= 3 {
        themes.push(Theme::EndgameTechnique);
    }
    themes.sort();
    themes
}

/// The chance that a newcomer finds every one of the player's moves of a solution: one
/// who takes a stone whenever it can (any of those it sees, at random) and otherwise
/// moves at random, never looking at the reply. Zero when a solution's move is quiet while
/// a capture is on offer.
pub fn newcomer_chance(position: &Position, moves: &[Move]) -> f64 {
    chance(position, moves, &[])
}

/// [`newcomer_chance`] for a puzzle, its [`Puzzle::alternatives`] counted as right at
/// the last move.
pub fn puzzle_newcomer_chance(puzzle: &Puzzle) -> f64 {
    chance(&puzzle.position, &puzzle.moves, &puzzle.alternatives)
}

fn chance(position: &Position, moves: &[Move], alternatives: &[Move]) -> f64 {
    let mut pos = *position;
    let mut chance = 1.0;
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            let legal = pos.moves();
            let captures = legal.iter().filter(|l| l.capture).count();
            let right: &[Move] = if i + 1 == moves.len() {
                alternatives
            } else {
                &[]
            };
            let right_captures = right.iter().filter(|l| l.capture).count() + m.capture as usize;
            chance *= match (captures, m.capture) {
                (0, _) => (1 + right.len()) as f64 / legal.len().max(1) as f64,
                (n, true) => right_captures as f64 / n as f64,
                (_, false) => 0.0,
            };
        }
        pos.play(m);
    }
    chance
}

/// A puzzle's starting rating from what finding it takes: how unlikely a newcomer is to
/// find it ([`newcomer_chance`]), how deep the engine must look before it sees the first
/// move as the one winning move (for a puzzle from the tables, its distance to the end),
/// and how many moves the player must find. It only rises with each: 600 for a newcomer's
/// sure find seen at one ply, 1,000 more for one a newcomer never finds, 20 a ply (to 9),
/// 120 a move; at most 3,000.
pub fn rating_of(found_at_depth: u32, newcomer_chance: f64, player_moves: usize) -> u32 {
    let missed = (1.0 - newcomer_chance.clamp(0.0, 1.0)) * 1000.0;
    let r = 600
        + missed.round() as u32
        + 20 * found_at_depth.saturating_sub(1).min(8)
        + 120 * player_moves.saturating_sub(1).min(4) as u32;
    r.min(3000)
}

/// A winning move wins at least this much over the material before it.
pub const WINS: i32 = STONE * 4 / 5;
/// Every other move is at least this much worse when generating...
pub const MARGIN: i32 = STONE * 3 / 2;
/// ...and when verifying, deeper.
pub const VERIFY_MARGIN: i32 = STONE;

/// The material of the side to move, less the other's, in hundredths of a stone.
pub fn material(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    (pos.stones(us).count() as i32 - pos.stones(us.other()).count() as i32) * STONE
}

/// The one winning move at `game`'s position by a `depth`-ply search, if there is
/// exactly one (it wins at least [`WINS`] over the material, or the game, and every other
/// move is at least `margin` worse and wins nothing), with every move's score, best first.
pub fn only_winner(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    margin: i32,
    ctl: &SearchControl<'_>,
) -> (Option<Move>, Vec<(Move, i32)>) {
    let scored = engine.score_moves(game, depth, ctl);
    let base = material(game.position());
    let unique = match scored.as_slice() {
        [(m, best)] => (*best >= base + WINS || *best > MATE_BOUND).then_some(*m),
        [(m, best), (_, second), ..] => {
            let wins = *best >= base + WINS || *best > MATE_BOUND;
            let others_lose = *second <= best - margin && *second < base + WINS;
            (wins && others_lose).then_some(*m)
        }
        [] => None,
    };
    (unique, scored)
}

/// The one winning move by the tables, if there is exactly one: the only move that wins
/// as quickly as the position allows, every other move drawing, losing or winning at
/// least `slower` plies later (`u32::MAX`: the only move that keeps the win at all, as
/// [`verify`] asks). `None` when the tables do not hold the position.
pub fn only_table_winner(tables: &Tablebase, pos: &Position, slower: u32) -> Option<Option<Move>> {
    let moves = tables.moves(pos, None)?;
    let wins: Vec<(Move, u32)> = moves
        .iter()
        .filter(|m| m.probe.value == Value::Win)
        .map(|m| (m.mv, m.probe.dtm.unwrap_or(u32::MAX)))
        .collect();
    let Some(&(best, quickest)) = wins.iter().min_by_key(|w| w.1) else {
        return Some(None);
    };
    let alone = wins
        .iter()
        .all(|&(m, d)| m == best || d >= quickest.saturating_add(slower));
    Some(alone.then_some(best))
}

/// The puzzle "find the better move" at `position` (the standard rules), if `better` is
/// the one good move there by a `depth`-ply search: the best, every other move at least
/// [`VERIFY_MARGIN`] worse. It need not win anything: it is the move a player missed.
/// `None` when another move is as good or nearly (a puzzle with two answers would call a
/// right one wrong), or when `better` is not legal there. Searched from the position alone,
/// as a puzzle is played; rated as one seen at `depth` plies ([`rating_of`]).
pub fn better_move_puzzle(
    engine: &mut Engine,
    position: &Position,
    better: Move,
    depth: u32,
    ctl: &SearchControl<'_>,
) -> Option<Puzzle> {
    let game = Game::from_position(*position, Ruleset::default());
    let scored = engine.score_moves(&game, depth, ctl);
    let alone = match scored.as_slice() {
        [(m, _)] => *m == better,
        [(m, best), (_, second), ..] => *m == better && *second <= best - VERIFY_MARGIN,
        [] => false,
    };
    if !alone {
        return None;
    }
    let moves = vec![better];
    Some(Puzzle {
        position: *position,
        alternatives: Vec::new(),
        themes: themes_of(position, &moves),
        rating: rating_of(depth, newcomer_chance(position, &moves), 1),
        moves,
    })
}

/// Whether `m` takes the last enemy stone at `pos`: it wins the game at once.
pub fn wins_at_once(pos: &Position, m: Move) -> bool {
    m.capture && pos.after(m).stones(pos.side_to_move().other()).is_empty()
}

/// Whether `m` is a right answer at the player's last move of `puzzle`: its solution's
/// last move or one of the [`Puzzle::alternatives`]. (Every earlier move of the player
/// must be the solution's own.)
pub fn last_move_accepted(puzzle: &Puzzle, m: Move) -> bool {
    puzzle.moves.last() == Some(&m) || puzzle.alternatives.contains(&m)
}

/// The moves as right as `m` at `pos`, the player's last move of a solution of two or
/// more, `m` among them: every move that takes the last stone, when `m` does (as any mate
/// in one is right in chess); else, where `tables` hold `pos`, every capture that keeps
/// the win, when `m` is one. `None` when neither rule makes `m` right: it must then be
/// the one winning move.
pub fn equally_right(tables: Option<&Tablebase>, pos: &Position, m: Move) -> Option<Vec<Move>> {
    let legal = pos.moves();
    if wins_at_once(pos, m) {
        return Some(
            legal
                .iter()
                .copied()
                .filter(|&l| wins_at_once(pos, l))
                .collect(),
        );
    }
    let moves = tables?.moves(pos, None)?;
    let keeps = |l: Move| {
        moves
            .iter()
            .any(|p| p.mv == l && p.probe.value == Value::Win)
    };
    if !m.capture || !keeps(m) {
        return None;
    }
    Some(
        legal
            .iter()
            .copied()
            .filter(|&l| l.capture && keeps(l))
            .collect(),
    )
}

/// Whether `level` solves `puzzle`: playing the player's side from the puzzle's position,
/// the solution's replies played for the other side, it chooses each of the player's
/// moves ([`last_move_accepted`] at the last). Its choices are drawn reproducibly from
/// `seed`; `cap` tightens the level's budget (a node cap makes Hard's search the same on
/// any machine). The engine is cleared first, so the answer does not depend on what it
/// searched before.
pub fn level_solves(
    engine: &mut Engine,
    level: crate::ai::Level,
    puzzle: &Puzzle,
    cap: crate::ai::Limits,
    seed: u64,
    ctl: &SearchControl<'_>,
) -> bool {
    engine.clear();
    let mut game = Game::from_position(puzzle.position, Ruleset::default());
    let last = puzzle.moves.len() - 1;
    for (i, &m) in puzzle.moves.iter().enumerate() {
        if i % 2 == 0 {
            let Some(chosen) = engine.choose(&game, level, cap, seed, ctl).best else {
                return false;
            };
            let right = if i == last {
                last_move_accepted(puzzle, chosen)
            } else {
                chosen == m
            };
            if !right {
                return false;
            }
        }
        if game.try_play(m).is_err() {
            return false;
        }
    }
    true
}

/// How often one solver solved one puzzle: `solved` of `tries` (a fraction where the
/// chance is known exactly, as [`puzzle_newcomer_chance`]'s).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Times tried (or the weight of an exact chance).
    pub tries: f64,
    /// Times solved.
    pub solved: f64,
}

/// The chance that a solver rated `solver` solves a puzzle rated `puzzle`: the Elo
/// curve, as Glicko-2 expects a player to score (half at equal ratings, 10 to 1 at 400
/// points apart).
pub fn solve_chance(solver: f64, puzzle: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((puzzle - solver) / 400.0))
}

/// How far a puzzle's rating is from the pack's mean before its tallies are seen: the
/// spread of [`fit_ratings`]' prior.
pub const PRIOR_SPREAD: f64 = 700.0;

/// Solvers' and puzzles' ratings fitted together to `tallies` (`tallies[s][p]`: solver
/// `s` on puzzle `p`) by maximum likelihood on the Elo curve ([`solve_chance`]), each
/// puzzle's rating with a normal prior (the puzzles' mean, [`PRIOR_SPREAD`]), so that a
/// puzzle every solver solves, or none, still gets a finite rating. The scale is set by
/// one solver: `anchor` rated `anchor_rating`. A solver that solved every try (or none)
/// has no finite rating: it is `f64::INFINITY` (or `-INFINITY`) and takes no part in the
/// fit. Returns the solvers' ratings and the puzzles'.
pub fn fit_ratings(
    tallies: &[Vec<Tally>],
    anchor: usize,
    anchor_rating: f64,
) -> (Vec<f64>, Vec<f64>) {
    let k = std::f64::consts::LN_10 / 400.0;
    let count = tallies.first().map_or(0, Vec::len);
    let mut a: Vec<f64> = tallies
        .iter()
        .enumerate()
        .map(|(s, row)| {
            let (solved, tries) = row
                .iter()
                .fold((0.0, 0.0), |(s, t), x| (s + x.solved, t + x.tries));
            if solved >= tries {
                f64::INFINITY
            } else if solved <= 0.0 {
                f64::NEG_INFINITY
            } else {
                anchor_rating + 100.0 * s as f64
            }
        })
        .collect();
    let fitted: Vec<usize> = (0..a.len()).filter(|&s| a[s].is_finite()).collect();
    let mut d = vec![anchor_rating; count];
    // One Newton step of a rating `x` against the others' (rating, tally): `solver` for
    // a solver's rating (solving raises it), else a puzzle's; `prior`: mean and spread.
    let step = |x: f64,
                others: &mut dyn Iterator<Item = (f64, Tally)>,
                solver: bool,
                prior: Option<(f64, f64)>| {
        let (mut grad, mut curve) = (0.0, 0.0);
        for (o, t) in others {
            let p = if solver {
                solve_chance(x, o)
            } else {
                solve_chance(o, x)
            };
            // The log-likelihood's slope in the solver's rating: k (solved - tries p).
            let slope = k * (t.solved - t.tries * p);
            grad += if solver { slope } else { -slope };
            curve += k * k * t.tries * p * (1.0 - p);
        }
        if let Some((mean, spread)) = prior {
            grad -= (x - mean) / (spread * spread);
            curve += 1.0 / (spread * spread);
        }
        x + (grad / curve.max(1e-12)).clamp(-200.0, 200.0)
    };
    for _ in 0..300 {
        let mean = d.iter().sum::<f64>() / count.max(1) as f64;
        for (p, dp) in d.iter_mut().enumerate() {
            *dp = step(
                *dp,
                &mut fitted.iter().map(|&s| (a[s], tallies[s][p])),
                false,
                Some((mean, PRIOR_SPREAD)),
            );
        }
        for &s in &fitted {
            a[s] = step(
                a[s],
                &mut (0..count).map(|p| (d[p], tallies[s][p])),
                true,
                None,
            );
        }
        let shift = anchor_rating - a[anchor];
        a.iter_mut().for_each(|x| *x += shift);
        d.iter_mut().for_each(|x| *x += shift);
    }
    (a, d)
}

/// The stones the side to move at `start` has more than the other at `pos`.
fn ahead_of(start: &Position, pos: &Position) -> i32 {
    let us = start.side_to_move();
    pos.stones(us).count() as i32 - pos.stones(us.other()).count() as i32
}

/// Checks a puzzle as `surakarta-engine puzzles verify` does. At each of the player's
/// moves the solution's move is the one winning move: exactly by `tables` where they hold
/// the position, the only move that keeps the win ([`only_table_winner`]); else by a
/// `depth`-ply search, every other move at least [`VERIFY_MARGIN`] worse ([`only_winner`]).
/// The one exception is the player's last move of a solution of two or more: when it
/// takes the last stone, or is a capture that keeps the tables' win, it need not be the
/// only one, but every move as right ([`equally_right`]) must be listed in
/// [`Puzzle::alternatives`], and no other. The line ends with the player more stones
/// ahead than at the start, or the game won.
/// Each reply is the best defence: by the tables, one of the moves that hold out longest;
/// else by the `depth`-ply search, within [`VERIFY_MARGIN`] of the best reply. The
/// themes are the ones its solution shows. `Err` says what is wrong.
pub fn verify(
    engine: &mut Engine,
    tables: Option<&Tablebase>,
    puzzle: &Puzzle,
    depth: u32,
    ctl: &SearchControl<'_>,
) -> Result<(), String> {
    let mut game = Game::from_position(puzzle.position, Ruleset::default());
    let last = puzzle.moves.len().saturating_sub(1);
    for (i, &m) in puzzle.moves.iter().enumerate() {
        let pos = *game.position();
        if i % 2 == 1 {
            // The reply: the longest defence.
            let (ok, why) = match tables.and_then(|t| t.best_moves(&pos, None)) {
                Some(best) => (best.contains(&m), "by the tables".to_owned()),
                None => {
                    let scored = engine.score_moves(&game, depth, ctl);
                    let best = scored.first().map_or(0, |s| s.1);
                    let mine = scored.iter().find(|s| s.0 == m).map(|s| s.1);
                    (
                        mine.is_some_and(|s| s > best - VERIFY_MARGIN),
                        format!(
                            "at {depth} plies: {m} {:+}, best {:+}",
                            mine.unwrap_or(i32::MIN + 1),
                            best
                        ),
                    )
                }
            };
            if !ok {
                return Err(format!(
                    "move {} ({m}) is not the best defence {why}",
                    i + 1
                ));
            }
        } else if i == last
            && i > 0
            && let Some(right) = equally_right(tables, &pos, m)
        {
            // The last move: every move as right must be listed, and only those.
            let mut listed = puzzle.alternatives.clone();
            listed.push(m);
            listed.sort_by_key(|l| l.to_string());
            let mut right = right;
            right.sort_by_key(|l| l.to_string());
            if listed != right {
                let names = |v: &[Move]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
                return Err(format!(
                    "move {} ({m}): the right last moves are {:?}, the puzzle lists {:?}",
                    i + 1,
                    names(&right),
                    names(&listed)
                ));
            }
        } else {
            if i == last && !puzzle.alternatives.is_empty() {
                return Err(format!(
                    "move {} ({m}) must be the one winning move, with no other",
                    i + 1
                ));
            }
            let exact = tables.and_then(|t| only_table_winner(t, &pos, u32::MAX));
            let (ok, why) = match exact {
                Some(only) => (only == Some(m), "by the tables".to_owned()),
                None => {
                    let (only, scored) = only_winner(engine, &game, depth, VERIFY_MARGIN, ctl);
                    let top: Vec<String> = scored
                        .iter()
                        .take(3)
                        .map(|(m, s)| format!("{m} {s:+}"))
                        .collect();
                    let base = material(&pos);
                    (
                        only == Some(m),
                        format!("at {depth} plies: {} (material {base:+})", top.join(", ")),
                    )
                }
            };
            if !ok {
                return Err(format!(
                    "move {} ({m}) is not the one winning move {why}",
                    i + 1
                ));
            }
        }
        game.try_play(m)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    // The line ends with a stone won (and, by the check above, the win kept) or the game.
    let end = game.position();
    if !end.stones(end.side_to_move()).is_empty()
        && ahead_of(&puzzle.position, end) <= ahead_of(&puzzle.position, &puzzle.position)
    {
        return Err("the line ends without a stone won".to_owned());
    }
    let themes = themes_of(&puzzle.position, &puzzle.moves);
    if themes != puzzle.themes {
        return Err(format!(
            "themes {:?}, but the solution shows {themes:?}",
            puzzle.themes
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_refused_with_the_reason() {
        for (line, why) in [
            ("6/6/6/6/b5/1r4 r 0 0 | b1xa2 | capture", "fields"),
            ("6/6/6/6/b5/1r4 r 0 0 | b1xa3 | capture | 700", "move 1"),
            (
                "6/6/6/6/b5/1r4 r 0 0 | b1xa2 a2-a3 | capture | 700",
                "ends with",
            ),
            ("6/6/6/6/b5/1r4 r 0 0 | b1xa2 | loops | 700", "theme"),
            ("6/6/6/6/b5/1r4 r 0 0 | b1xa2 | capture | -5", "rating"),
            ("6/6/6/6/b5/1r4 r 0 0 | b1xa2 | capture | 99999", "rating"),
            (
                "6/6/6/6/b5/1rr3 r 0 0 | b1xa2 a2-a3 c1-c2 | capture | 700",
                "over",
            ),
            ("nonsense | b1xa2 | capture | 700", "position"),
        ] {
            let e = line.parse::<Puzzle>().expect_err(line);
            assert!(e.0.contains(why), "{line}: {e}");
        }
    }

    #[test]
    fn other_right_last_moves_follow_the_last_move() {
        let line = "6/6/2b1b1/6/r5/1r3b r 0 0 | a2xe4 f1-e1 b1xe1 c4-b3 e1xb3/e4xb3 \
                    | capture | 1670";
        let p: Puzzle = line.parse().expect("a puzzle");
        assert_eq!(p.moves.len(), 5);
        assert_eq!(p.alternatives, ["e4xb3".parse::<Move>().unwrap()]);
        assert_eq!(p.to_string().parse::<Puzzle>().as_ref(), Ok(&p));
        assert!(p.to_string().contains("e1xb3/e4xb3 |"));
        for m in ["e1xb3", "e4xb3"] {
            assert!(last_move_accepted(&p, m.parse().unwrap()));
        }
        assert!(!last_move_accepted(&p, "e4-e5".parse().unwrap()));
        // Both take the last stone: the only right answers.
        let mut pos = p.position;
        for &m in &p.moves[..4] {
            pos.play(m);
        }
        let mut right = equally_right(None, &pos, p.moves[4]).expect("wins at once");
        right.sort_by_key(|m| m.to_string());
        assert_eq!(right.len(), 2);
        // Only at the last move of two or more, and each one legal.
        for (line, why) in [
            (
                "6/6/6/6/b5/1r4 r 0 0 | b1xa2/b1-c1 | capture | 700",
                "only at the last",
            ),
            (
                "6/6/2b1b1/6/r5/1r3b r 0 0 | a2xe4/a2-a3 f1-e1 b1xe1 c4-b3 e1xb3 | capture | 700",
                "only at the last",
            ),
            (
                "6/6/2b1b1/6/r5/1r3b r 0 0 | a2xe4 f1-e1 b1xe1 c4-b3 e1xb3/a1xb3 | capture | 700",
                "not another legal move",
            ),
        ] {
            let e = line.parse::<Puzzle>().expect_err(line);
            assert!(e.0.contains(why), "{line}: {e}");
        }
    }

    #[test]
    fn themes_follow_the_routes() {
        let pos: Position = "6/6/6/6/b5/1r4 r 0 0".parse().unwrap();
        let m: Move = "b1xa2".parse().unwrap();
        let themes = themes_of(&pos, &[m]);
        assert!(themes.contains(&Theme::Capture));
        assert!(themes.contains(&Theme::OneLoop));
        assert!(themes.contains(&Theme::Endgame));
        assert!(themes.contains(&Theme::WinsTheGame));
        assert!(!themes.contains(&Theme::SeveralLoops));
    }

    #[test]
    fn the_rating_rises_with_each_measure_of_difficulty() {
        let base = rating_of(1, 1.0, 1);
        assert_eq!(base, 600);
        assert!(rating_of(2, 1.0, 1) > base);
        assert!(rating_of(1, 0.5, 1) > base);
        assert!(rating_of(1, 0.5, 1) < rating_of(1, 0.2, 1));
        assert!(rating_of(1, 1.0, 2) > base);
        assert!(rating_of(30, 0.0, 9) <= 3000);
    }

    #[test]
    fn a_missed_move_is_a_puzzle_only_when_it_is_the_one_good_move() {
        use std::sync::atomic::AtomicBool;
        let stop = AtomicBool::new(false);
        let clock = std::time::Duration::default;
        let ctl = SearchControl {
            stop: &stop,
            clock: &clock,
        };
        let mut engine = Engine::without_network(1);
        // Taking the last stone: the one good move, a puzzle that reads back from its line.
        let pos: Position = "6/6/6/6/b5/1r4 r 0 0".parse().unwrap();
        let take: Move = "b1xa2".parse().unwrap();
        let p = better_move_puzzle(&mut engine, &pos, take, 3, &ctl).expect("a puzzle");
        assert_eq!(p.moves, [take]);
        assert!(p.themes.contains(&Theme::WinsTheGame));
        assert_eq!(p.to_string().parse::<Puzzle>(), Ok(p));
        // Another move there, or any move of the first position (many as good): none.
        let step: Move = "b1-c1".parse().unwrap();
        assert_eq!(better_move_puzzle(&mut engine, &pos, step, 3, &ctl), None);
        let start = Position::start(crate::Side::Red);
        let first = start.moves().as_slice()[0];
        assert_eq!(
            better_move_puzzle(&mut engine, &start, first, 3, &ctl),
            None
        );
    }

    #[test]
    fn a_newcomer_takes_a_stone_when_it_can() {
        // The only capture: found for sure; a quiet move beside a capture: never.
        let pos: Position = "6/6/6/6/b5/1r4 r 0 0".parse().unwrap();
        assert_eq!(newcomer_chance(&pos, &["b1xa2".parse().unwrap()]), 1.0);
        assert_eq!(newcomer_chance(&pos, &["b1-c1".parse().unwrap()]), 0.0);
        // No capture on offer: one move among all.
        let quiet: Position = "5b/6/6/2r3/6/6 r 0 0".parse().unwrap();
        let n = quiet.moves().len() as f64;
        assert_eq!(
            newcomer_chance(&quiet, &["c3-c4".parse().unwrap()]),
            1.0 / n
        );
    }
}
