//! `puzzles generate` and `puzzles verify`: the puzzle pack.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;
use surakarta_engine::ai::{Engine, Level, Limits, STONE, SearchControl};
use surakarta_engine::puzzle::{
    MARGIN, Puzzle, Tally, Theme, VERIFY_MARGIN, WINS, equally_right, fit_ratings, level_solves,
    material, newcomer_chance, only_table_winner, only_winner, puzzle_newcomer_chance, rating_of,
    themes_of, verify as verify_one, wins_at_once,
};
use surakarta_engine::tablebase::{Tablebase, Value};
use surakarta_engine::{Game, Position, Ruleset};

const HELP: &str = "\
Usage: surakarta-engine puzzles generate --count N [--seed S] [--depth D] [--threads T]
                                         [--tables K [--tables-only]] [--hard]
                                         [--min-moves M] [--min-stones S]
                                         [--themes ID,ID...] > PACK.txt
       surakarta-engine puzzles verify PACK.txt [--depth D] [--tables K] [--sample N]
                                       [--passing]
       surakarta-engine puzzles rate PACK.txt [--depth D] [--tables K] > RATED.txt
       surakarta-engine puzzles calibrate PACK.txt [--seed S] [--runs R] [--hard-nodes N]
                                          [--threads T] [--tallies FILE] > RATED.txt

generate: plays games between the levels from random openings (reproducibly for a seed)
and prints, one a line, the positions where the side to move has exactly one move that
wins material or the game: every move is searched D plies (default 6) and again D+1, and
at both the best must win at least 0.8 of a stone while every other is at least 1.5
stones worse and wins none. Each position is searched as a puzzle is played, from the
position alone (not the game's history before it). The solution goes on, the replies
the engine's best, while the player keeps a single winning move, until the stone is won
and kept (at most 5 of the player's moves); a line that ends in a draw is no puzzle.
With --tables K, a third of the puzzles come from the endgame tables of up to K stones
(--tables-only: all of them, and no games): random endgames of 3 to K stones that the
side to move wins with exactly one move that keeps the win; the line goes on, each reply
the longest defence (a capture, of several as long), while the player has exactly one
move that keeps the win (at most 6 of them), and ends with a move that takes the last
stone or, where several keep the win, a capture that keeps it and leaves the player more
stones ahead than at the start; every move as right as that last one is listed after it
(`a1xb2/c3xb2`); failing that, the line is cut back to the last such capture.
With --hard, only the puzzles a newcomer who takes any stone it can finds less than 30%
of the time (a quiet move that sets up a capture, the one right capture among four or
more, a line of several moves), every other move at least a stone worse (the verifier's
margin) instead of 1.5; the positions searched are first chosen by move generation (four
captures or more on offer, or a step that attacks a stone not attacked before).
--min-moves M keeps only the puzzles of M or more of the player's moves (the line is
followed before the deeper search confirms its first move, which it then skips for
shorter ones; with M of 2 or more, a position whose shallow look's best move already wins
a stone and keeps it is not searched further); --min-stones S searches only the games' positions of S stones or more (the
middlegame lines of several moves: --min-moves 2 --min-stones 10); --themes keeps only
those that show one of the themes named (ids as in packs). Each line: POSITION |
MOVES | THEMES | RATING (see the library's `puzzle` module). Progress goes to stderr,
and each puzzle as it is found (`found: LINE`), so a run stopped early keeps them.

verify: checks every puzzle of a pack: its moves legal; at each of the player's moves the
solution's move the one winning move, exactly by the tables where they hold the position
(the only move that keeps the win), else by a search of D plies (default 7, deeper than
the generator's): the best, winning at least 0.8 of a stone (or the game), every other
move at least a stone worse; at the last of two or more of the player's moves, when it
takes the last stone or is a capture that keeps the tables' win, every move as right
listed after it and no other; each reply the best defence (by the tables one that holds
out longest, else within a stone of the search's best); the line ending with the player
more stones ahead than at the start, or the game won; the themes the solution's. Prints
how many passed; exit 1 naming the first that fails. --sample N checks every N-th puzzle
only. --passing goes on past a failure (said on stderr) and prints the lines that pass:
a pack filtered at a deeper search.

rate: prints the pack with each puzzle's themes and rating worked out again (the
library's puzzle::rating_of: how unlikely a newcomer who takes any stone it can is to
find the solution, how deep a search must look to see it, or a table puzzle's distance
to the end, and how many moves the player must find), easiest first; a position met a
second time is left out (said on stderr).

calibrate: rates every puzzle by how often solvers of known strength solve it: the
computer's eight levels and the first-time player (who takes any stone it can, otherwise
moves at random; its chance is known exactly). A level solves a puzzle when, playing the
player's side from the puzzle's position with the line's replies, it chooses every one
of the player's moves (any listed right move at the last). Each level but Hard tries
every puzzle R times (default 4), its choices drawn from seed S (default 1) and the
run; Hard once, its search cut at N nodes a move (default 20000), so that the result is
the same on any machine. Then the solvers' and the puzzles' ratings are fitted together
by maximum likelihood on the Elo curve (puzzle::fit_ratings: a solver rated R solves a
puzzle rated R half the time, 10 to 1 at 400 points above it), each puzzle's rating
with a normal prior about the pack's mean (spread 700), the scale set by Beginner = 1000 (the
app's starting rating). Prints the pack with the new ratings, easiest first, its header
kept and a line saying the command and the levels' ratings; the tallies and the levels'
solve rates go to stderr. --tallies FILE keeps the tallies (read back if FILE exists,
so the fit can be run again without the games).";

/// With `--hard`, the puzzles kept: a newcomer ([`newcomer_chance`]) finds them less
/// often than this.
const HARD_CHANCE: f64 = 0.3;

/// The stones on the board, both sides'.
fn stones(pos: &Position) -> u32 {
    let us = pos.side_to_move();
    pos.stones(us).count() + pos.stones(us.other()).count()
}

fn ctl_run<R>(f: impl FnOnce(&SearchControl) -> R) -> R {
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let clock = || started.elapsed();
    f(&SearchControl {
        stop: &stop,
        clock: &clock,
    })
}

/// A puzzle from the search at `game`'s position, if it has one. `hard`: only one a
/// newcomer finds less often than [`HARD_CHANCE`], whose other moves are at least a
/// stone worse (the verifier's margin) rather than a stone and a half.
/// `min_moves`: a line of fewer of the player's moves is no puzzle (it is followed before
/// the search a ply deeper confirms the first move, so the deeper search is saved).
fn searched_puzzle(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    hard: bool,
    min_moves: usize,
) -> Option<Puzzle> {
    // The puzzle is played from its position alone: searched without the game's
    // history, so that a repetition of the game before it cannot make a draw look like
    // the win.
    let game = &Game::from_position(*game.position(), *game.rules());
    let margin = if hard { VERIFY_MARGIN } else { MARGIN };
    // A shallower look first: most positions have no move that stands out.
    let shallow = ctl_run(|ctl| engine.score_moves(game, depth - 2, ctl));
    let base = material(game.position());
    let stands_out = match shallow.as_slice() {
        [(_, best), (_, second), ..] => *best >= base + WINS / 2 && *second <= best - margin / 2,
        _ => false,
    };
    if !stands_out {
        return None;
    }
    // The shallow look's best first move is already one a newcomer finds too often.
    if hard && newcomer_chance(game.position(), &[shallow[0].0]) >= HARD_CHANCE {
        return None;
    }
    // A line of several moves is wanted: where the shallow look's best move already wins
    // a stone and keeps it (or the game), as the line's end is judged below, the line
    // would be that one move; the full search is not spent on it.
    if min_moves >= 2 {
        let mut g = game.clone();
        g.try_play(shallow[0].0).ok()?;
        if g.outcome().is_some() {
            return None;
        }
        let reply = ctl_run(|ctl| {
            engine.search(
                &g,
                Limits {
                    depth: Some(depth - 1),
                    ..Limits::default()
                },
                ctl,
                &mut |_| {},
            )
        });
        if -material(g.position()) >= base + STONE && reply.score.saturating_neg() >= base + WINS {
            return None;
        }
    }
    let (first, _) = ctl_run(|ctl| only_winner(engine, game, depth, margin, ctl));
    let first = first?;
    let start = *game.position();
    let mut line = vec![first];
    let mut g = game.clone();
    g.try_play(first).ok()?;
    let mut player_moves = 1;
    loop {
        if let Some(end) = g.outcome() {
            // Only a win ends a solution early; a drawn end is no puzzle.
            if end.winner != Some(start.side_to_move()) {
                return None;
            }
            break;
        }
        // Won and kept: the player is a stone up and the reply cannot undo it.
        let reply = ctl_run(|ctl| {
            engine.search(
                &g,
                Limits {
                    depth: Some(depth - 1),
                    ..Limits::default()
                },
                ctl,
                &mut |_| {},
            )
        });
        let for_player = reply.score.saturating_neg();
        let gained = -material(g.position()) >= base + STONE;
        if gained && for_player >= base + WINS {
            break;
        }
        if player_moves == 5 {
            return None;
        }
        let reply = reply.best?;
        g.try_play(reply).ok()?;
        let (next, _) = ctl_run(|ctl| only_winner(engine, &g, depth, margin, ctl));
        let next = next?;
        g.try_play(next).ok()?;
        line.push(reply);
        line.push(next);
        player_moves += 1;
    }
    if player_moves < min_moves {
        return None;
    }
    // A ply deeper must agree: a puzzle is not one that a search's parity decides.
    if ctl_run(|ctl| only_winner(engine, game, depth + 1, margin, ctl)).0 != Some(first) {
        return None;
    }
    // How deep the engine must look to see it.
    let found_at = (1..=depth)
        .find(|&d| ctl_run(|ctl| only_winner(engine, game, d, MARGIN, ctl)).0 == Some(first))
        .unwrap_or(depth);
    Some(Puzzle {
        position: start,
        alternatives: Vec::new(),
        themes: themes_of(&start, &line),
        rating: rating_of(found_at, newcomer_chance(&start, &line), player_moves),
        moves: line,
    })
}

/// The most moves of the player in a puzzle from the tables.
const TABLE_MOVES: usize = 6;

/// A puzzle from the tables at `pos`, if the side to move wins and exactly one move keeps
/// the win: the line goes on, the replies the longest defence, while the player has
/// exactly one move that keeps the win (at most [`TABLE_MOVES`] of them). It ends with a
/// move that takes the last stone, or, where more than one move keeps the win, with a
/// capture that keeps it and leaves the player more stones ahead than at the start (in
/// both cases every move as right listed beside it: [`equally_right`]); failing those,
/// it is cut back to the last of the player's captures that did (none: no puzzle).
fn table_puzzle(tables: &Tablebase, pos: &Position) -> Option<Puzzle> {
    let probe = tables.probe(pos)?;
    if probe.value != Value::Win || probe.dtm? < 3 {
        return None;
    }
    let us = pos.side_to_move();
    let ahead = |p: &Position| p.stones(us).count() as i32 - p.stones(us.other()).count() as i32;
    let mut line = Vec::new();
    let mut alternatives = Vec::new();
    let mut p = *pos;
    // The line's length up to the last point where it could end.
    let mut ends = 0;
    loop {
        let legal = p.moves();
        // Taking the last stone ends it (from the second of the player's moves; the first
        // must be the only winning move).
        if let Some(m) = legal.iter().copied().find(|&m| wins_at_once(&p, m)) {
            if line.is_empty() && only_table_winner(tables, &p, u32::MAX)? != Some(m) {
                break;
            }
            alternatives = equally_right(Some(tables), &p, m)?;
            line.push(m);
            ends = line.len();
            break;
        }
        match only_table_winner(tables, &p, u32::MAX)? {
            Some(m) if line.len() / 2 < TABLE_MOVES => {
                line.push(m);
                p.play(m);
                if m.capture && ahead(&p) > ahead(pos) {
                    ends = line.len();
                }
            }
            Some(_) => break,
            None => {
                // Several moves keep the win: a capture among them that wins a stone
                // may end the line, with the others that do.
                if !line.is_empty()
                    && let Some((m, right)) = legal.iter().copied().find_map(|m| {
                        (m.capture && ahead(&p.after(m)) > ahead(pos))
                            .then(|| equally_right(Some(tables), &p, m))
                            .flatten()
                            .map(|right| (m, right))
                    })
                {
                    alternatives = right;
                    line.push(m);
                    ends = line.len();
                }
                break;
            }
        }
        // The longest defence; of several as long, one that takes a stone (the more
        // to teach: a stone given to win more).
        let defences = tables.best_moves(&p, None)?;
        let reply = *defences.iter().find(|m| m.capture).or(defences.first())?;
        line.push(reply);
        p.play(reply);
    }
    if ends < line.len() {
        alternatives.clear();
    }
    line.truncate(ends);
    let last = *line.last()?;
    alternatives.retain(|&a| a != last);
    if line.len() == 1 {
        alternatives.clear();
    }
    let mut puzzle = Puzzle {
        position: *pos,
        themes: themes_of(pos, &line),
        rating: 0,
        moves: line,
        alternatives,
    };
    puzzle.rating = rating_of(
        probe.dtm?,
        puzzle_newcomer_chance(&puzzle),
        puzzle.moves.len().div_ceil(2),
    );
    Some(puzzle)
}

/// Whether a position may hold a puzzle a newcomer seldom finds: so many captures on
/// offer that one is right less often than [`HARD_CHANCE`], or a step after which the side to
/// move attacks a stone it did not attack before, or two or more (a quiet move that sets
/// up a capture). Move generation only: the search runs on the positions that pass.
fn may_be_hard(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let moves = pos.moves();
    if 1.0 / (moves.iter().filter(|m| m.capture).count() as f64) < HARD_CHANCE {
        return true;
    }
    let before = pos.attacked_by(us);
    moves.iter().filter(|m| !m.capture).any(|&m| {
        let after = pos.after(m).with_side_to_move(us).attacked_by(us);
        after.count() >= 2 || !(after & !before).is_empty()
    })
}

fn random_endgame(rng: &mut SmallRng, stones: u32) -> Position {
    let own = rng.random_range(2..stones);
    let mut squares: Vec<u8> = (0..36).collect();
    for i in (1..squares.len()).rev() {
        squares.swap(i, rng.random_range(0..=i));
    }
    let (mut red, mut black) = (0u64, 0u64);
    for (i, sq) in squares.iter().take(stones as usize).enumerate() {
        if (i as u32) < own {
            red |= 1 << sq;
        } else {
            black |= 1 << sq;
        }
    }
    Position::from_parts(
        surakarta_engine::Bitboard(red),
        surakarta_engine::Bitboard(black),
        surakarta_engine::Side::Red,
        0,
        0,
    )
}

fn generate(args: &[String]) -> Result<(), String> {
    let number = |flag: &str, default: u64| -> Result<u64, String> {
        match crate::flag_value(args, flag)? {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{flag} needs a whole number, not {v:?}")),
            None => Ok(default),
        }
    };
    let count = number("--count", 0)? as usize;
    if count == 0 {
        return Err(format!("puzzles generate needs --count N\n\n{HELP}"));
    }
    let seed = number("--seed", 1)?;
    let depth = number("--depth", 6)?.clamp(3, 12) as u32;
    let threads = number("--threads", 1)?.clamp(1, 64) as usize;
    let hard = args.iter().any(|a| a == "--hard");
    let tables_only = args.iter().any(|a| a == "--tables-only");
    let min_moves = number("--min-moves", 1)? as usize;
    let min_stones = number("--min-stones", 0)? as u32;
    let wanted: Vec<Theme> = match crate::flag_value(args, "--themes")? {
        Some(ids) => ids
            .split(',')
            .map(|id| Theme::from_id(id.trim()).ok_or_else(|| format!("no theme {id:?}")))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let rules = Ruleset::default();
    let tables = crate::cli_tb::tables_flag(args, &rules)?;
    if tables_only && tables.is_none() {
        return Err("--tables-only needs --tables K".to_owned());
    }
    let games = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let made = Arc::new(AtomicUsize::new(0));
    // Each thread makes its own share from its own seed, so that a seed and a thread
    // count give the same pack every time, however the threads' timing falls.
    let share = count.div_ceil(threads) + count.div_ceil(threads) / 20 + 1;
    let workers: Vec<_> = (0..threads)
        .map(|t| {
            let (games, tables, made) = (games.clone(), tables.clone(), made.clone());
            let wanted = wanted.clone();
            std::thread::spawn(move || {
                let mut engine = Engine::without_network(32);
                engine.set_tables(tables.clone());
                let mut rng = SmallRng::seed_from_u64(seed ^ (t as u64).wrapping_mul(0x9E37_79B9));
                let mut found = Vec::<Puzzle>::new();
                let mut seen = HashSet::<u64>::new();
                let mut keep = |p: Puzzle, found: &mut Vec<Puzzle>| {
                    let long_enough = p.moves.len().div_ceil(2) >= min_moves;
                    let shows = wanted.is_empty() || wanted.iter().any(|t| p.themes.contains(t));
                    if long_enough && shows && seen.insert(p.position.hash()) {
                        // Each as found too, so that a run stopped early keeps them.
                        eprintln!("found: {p}");
                        found.push(p);
                        let n = made.fetch_add(1, Ordering::Relaxed) + 1;
                        if n % 50 == 0 {
                            eprintln!("{n} puzzles, {:.0} s", started.elapsed().as_secs_f64());
                        }
                    }
                };
                // The tables' share first (a third, or all with --tables-only), from
                // random endgames.
                let table_share = if tables_only { share } else { share / 3 };
                if let Some(tables) = &tables {
                    let mut tries = 0;
                    while found.len() < table_share && tries < 1_000_000 * (table_share + 1) {
                        tries += 1;
                        let stones = rng.random_range(3..=tables.max_stones());
                        let pos = random_endgame(&mut rng, stones);
                        if let Some(p) = table_puzzle(tables, &pos) {
                            keep(p, &mut found);
                        }
                    }
                }
                let levels = [Level::Easy, Level::Medium, Level::Strong, Level::Hard];
                while !tables_only && found.len() < share {
                    games.fetch_add(1, Ordering::Relaxed);
                    let mut game = Game::new(rules);
                    let opening = rng.random_range(2..=6);
                    let pair = [
                        levels[rng.random_range(0..4)],
                        levels[rng.random_range(0..4)],
                    ];
                    let mut skip_until = 0;
                    while game.outcome().is_none()
                        && game.history().len() < 160
                        && found.len() < share
                    {
                        let ply = game.history().len();
                        if ply >= opening + 2
                            && ply >= skip_until
                            && stones(game.position()) >= min_stones
                            && (!hard || may_be_hard(game.position()))
                            && let Some(p) =
                                searched_puzzle(&mut engine, &game, depth, hard, min_moves)
                            && (!hard || newcomer_chance(&p.position, &p.moves) < HARD_CHANCE)
                        {
                            keep(p, &mut found);
                            skip_until = ply + 6;
                        }
                        let m = if ply < opening {
                            let moves = game.moves();
                            moves.as_slice()[rng.random_range(0..moves.len())]
                        } else {
                            let level = pair[ply % 2];
                            let cap = Limits {
                                nodes: Some(20_000),
                                ..Limits::default()
                            };
                            let s = rng.random();
                            match ctl_run(|ctl| engine.choose(&game, level, cap, s, ctl)).best {
                                Some(m) => m,
                                None => break,
                            }
                        };
                        if game.try_play(m).is_err() {
                            break;
                        }
                    }
                }
                found
            })
        })
        .collect();
    let mut puzzles = Vec::new();
    let mut seen = HashSet::new();
    for w in workers {
        let found = w
            .join()
            .map_err(|_| "a generating thread failed".to_owned())?;
        puzzles.extend(found.into_iter().filter(|p| seen.insert(p.position.hash())));
    }
    puzzles.truncate(count);
    // Easiest first; ties by position string, so the pack does not depend on threads'
    // timing beyond which puzzles were found.
    puzzles.sort_by_key(|a| (a.rating, a.to_string()));
    println!("# Surakarta puzzles: POSITION | MOVES | THEMES | RATING");
    println!("# surakarta-engine puzzles {}", args.join(" "));
    for p in &puzzles {
        println!("{p}");
    }
    eprintln!(
        "{} puzzles from {} games in {:.0} s",
        puzzles.len(),
        games.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What `puzzles verify` and `puzzles rate` start from: the pack's path and text, the
/// search depth (`--depth`, else `default_depth`), the tables asked for and an engine
/// that has them.
type OpenPack<'a> = (&'a str, u32, String, Option<Arc<Tablebase>>, Engine);

fn open_pack<'a>(
    args: &'a [String],
    command: &str,
    default_depth: u32,
) -> Result<OpenPack<'a>, String> {
    let path = args
        .get(1)
        .filter(|a| !a.starts_with("--"))
        .ok_or_else(|| format!("puzzles {command} needs a pack\n\n{HELP}"))?;
    let depth = match crate::flag_value(args, "--depth")? {
        Some(v) => v
            .parse::<u32>()
            .map_err(|_| format!("--depth needs a whole number, not {v:?}"))?,
        None => default_depth,
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}"))?;
    let tables = crate::cli_tb::tables_flag(args, &Ruleset::default())?;
    let mut engine = Engine::without_network(32);
    engine.set_tables(tables.clone());
    Ok((path, depth, text, tables, engine))
}

/// How deep a search must look to see `puzzle`'s first move as the one winning move (at
/// most `depth`); for a puzzle the tables hold, its distance to the end.
fn found_at(engine: &mut Engine, tables: Option<&Tablebase>, puzzle: &Puzzle, depth: u32) -> u32 {
    if let Some(dtm) = tables
        .and_then(|t| t.probe(&puzzle.position))
        .and_then(|p| p.dtm)
    {
        return dtm;
    }
    let game = Game::from_position(puzzle.position, Ruleset::default());
    let first = puzzle.moves.first().copied();
    (1..=depth)
        .find(|&d| ctl_run(|ctl| only_winner(engine, &game, d, MARGIN, ctl)).0 == first)
        .unwrap_or(depth)
}

/// `puzzles rate PACK`: the pack again with every puzzle's themes and rating worked out
/// afresh ([`themes_of`], [`rating_of`]), easiest first (its comment lines kept at the
/// top).
fn rate(args: &[String]) -> Result<(), String> {
    let (path, depth, text, tables, mut engine) = open_pack(args, "rate", 6)?;
    let mut puzzles = Vec::new();
    let mut seen = HashSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            println!("{line}");
            continue;
        }
        if line.is_empty() {
            continue;
        }
        let mut puzzle: Puzzle = line.parse().map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        if !seen.insert(puzzle.position.hash()) {
            eprintln!("{path}:{}: the position again: left out", n + 1);
            continue;
        }
        let found = found_at(&mut engine, tables.as_deref(), &puzzle, depth);
        let player_moves = puzzle.moves.len().div_ceil(2);
        puzzle.themes = themes_of(&puzzle.position, &puzzle.moves);
        puzzle.rating = rating_of(found, puzzle_newcomer_chance(&puzzle), player_moves);
        puzzles.push(puzzle);
    }
    puzzles.sort_by_key(|a| (a.rating, a.to_string()));
    for p in &puzzles {
        println!("{p}");
    }
    Ok(())
}

/// The solvers of `puzzles calibrate`: the first-time player, then the levels.
fn solver_names() -> Vec<&'static str> {
    std::iter::once("FirstTimer")
        .chain(Level::ALL.iter().map(|l| l.name()))
        .collect()
}

/// Every solver's tally on every puzzle (`[solver][puzzle]`, [`solver_names`]' order).
fn tallies_of(
    puzzles: &[Puzzle],
    seed: u64,
    runs: u32,
    hard_nodes: u64,
    threads: usize,
) -> Vec<Vec<Tally>> {
    let started = Instant::now();
    let mut tallies = vec![vec![Tally::default(); puzzles.len()]; Level::ALL.len() + 1];
    for (p, puzzle) in puzzles.iter().enumerate() {
        tallies[0][p] = Tally {
            tries: f64::from(runs),
            solved: f64::from(runs) * puzzle_newcomer_chance(puzzle),
        };
    }
    for (l, &level) in Level::ALL.iter().enumerate() {
        let runs = if level == Level::Hard { 1 } else { runs };
        let cap = Limits {
            nodes: (level == Level::Hard).then_some(hard_nodes),
            ..Limits::default()
        };
        let next = AtomicUsize::new(0);
        let solved: Vec<(usize, u32)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut engine = Engine::new(4);
                        let mut out = Vec::new();
                        loop {
                            let p = next.fetch_add(1, Ordering::Relaxed);
                            let Some(puzzle) = puzzles.get(p) else {
                                break;
                            };
                            let n = (0..runs)
                                .filter(|&r| {
                                    let s = seed ^ (u64::from(r) << 32) ^ (l as u64) << 48;
                                    ctl_run(|ctl| {
                                        level_solves(&mut engine, level, puzzle, cap, s, ctl)
                                    })
                                })
                                .count();
                            out.push((p, n as u32));
                        }
                        out
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("a solving thread"))
                .collect()
        });
        for (p, n) in solved {
            tallies[l + 1][p] = Tally {
                tries: f64::from(runs),
                solved: f64::from(n),
            };
        }
        eprintln!(
            "{}: solved {:.1}% ({:.0} s)",
            level.name(),
            100.0 * tallies[l + 1].iter().map(|t| t.solved).sum::<f64>()
                / tallies[l + 1].iter().map(|t| t.tries).sum::<f64>(),
            started.elapsed().as_secs_f64()
        );
    }
    tallies
}

/// `puzzles calibrate PACK`: the pack rated by how often the levels solve each puzzle.
fn calibrate(args: &[String]) -> Result<(), String> {
    let path = args
        .get(1)
        .filter(|a| !a.starts_with("--"))
        .ok_or_else(|| format!("puzzles calibrate needs a pack\n\n{HELP}"))?;
    let number = |flag: &str, default: u64| -> Result<u64, String> {
        match crate::flag_value(args, flag)? {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{flag} needs a whole number, not {v:?}")),
            None => Ok(default),
        }
    };
    let seed = number("--seed", 1)?;
    let runs = number("--runs", 4)?.clamp(1, 100) as u32;
    let hard_nodes = number("--hard-nodes", 20_000)?.max(1);
    let threads = number("--threads", 1)?.clamp(1, 64) as usize;
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}"))?;
    let mut header = Vec::new();
    let mut puzzles = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            if !line.starts_with(CALIBRATED) && !line.starts_with(CALIBRATED_MORE) {
                header.push(line.to_owned());
            }
        } else if !line.is_empty() {
            let p: Puzzle = line.parse().map_err(|e| format!("{path}:{}: {e}", n + 1))?;
            puzzles.push(p);
        }
    }
    let started = Instant::now();
    let tallies = match crate::flag_value(args, "--tallies")? {
        Some(file) if std::path::Path::new(file).exists() => read_tallies(file, puzzles.len())?,
        Some(file) => {
            let t = tallies_of(&puzzles, seed, runs, hard_nodes, threads);
            write_tallies(file, &t)?;
            t
        }
        None => tallies_of(&puzzles, seed, runs, hard_nodes, threads),
    };
    let names = solver_names();
    // Beginner (the first solver after the first-time player) is the scale's beginner.
    let (solvers, ratings) = fit_ratings(&tallies, Level::Beginner.rank(), 1000.0);
    let rated: Vec<String> = names
        .iter()
        .zip(&solvers)
        .map(|(n, r)| match r {
            r if r.is_finite() => format!("{n} {r:.0}"),
            r if *r > 0.0 => format!("{n} (every puzzle solved)"),
            _ => format!("{n} (none solved)"),
        })
        .collect();
    eprintln!("solvers: {}", rated.join(", "));
    for (p, r) in puzzles.iter_mut().zip(&ratings) {
        p.rating = r.round().clamp(0.0, 4000.0) as u32;
    }
    puzzles.sort_by_key(|a| (a.rating, a.to_string()));
    for line in &header {
        println!("{line}");
    }
    // The command as run, less where the tallies were kept.
    let mut command: Vec<&str> = Vec::new();
    let mut words = args.iter();
    while let Some(a) = words.next() {
        if a == "--tallies" {
            words.next();
        } else {
            command.push(a);
        }
    }
    println!(
        "{CALIBRATED} `surakarta-engine puzzles {}` (docs/engine.md, \"Puzzles\"):",
        command.join(" ")
    );
    println!("{CALIBRATED_MORE}{}.", rated.join(", "));
    eprintln!(
        "{} puzzles rated in {:.0} s",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    for p in &puzzles {
        println!("{p}");
    }
    Ok(())
}

/// The header line `puzzles calibrate` writes (and leaves out when it reads a pack).
const CALIBRATED: &str = "# Ratings calibrated by";
const CALIBRATED_MORE: &str = "#   the solvers rated ";

fn write_tallies(file: &str, tallies: &[Vec<Tally>]) -> Result<(), String> {
    let mut text = String::new();
    for row in tallies {
        let cells: Vec<String> = row
            .iter()
            .map(|t| format!("{}/{}", t.solved, t.tries))
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    std::fs::write(file, text).map_err(|e| format!("writing {file}: {e}"))
}

fn read_tallies(file: &str, count: usize) -> Result<Vec<Vec<Tally>>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("reading {file}: {e}"))?;
    let bad = || format!("{file}: not the tallies of this pack");
    let tallies: Vec<Vec<Tally>> = text
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|cell| {
                    let (s, t) = cell.split_once('/').ok_or_else(bad)?;
                    Ok(Tally {
                        solved: s.parse().map_err(|_| bad())?,
                        tries: t.parse().map_err(|_| bad())?,
                    })
                })
                .collect::<Result<Vec<_>, String>>()
        })
        .collect::<Result<_, _>>()?;
    if tallies.len() != solver_names().len() || tallies.iter().any(|r| r.len() != count) {
        return Err(bad());
    }
    Ok(tallies)
}

fn verify(args: &[String]) -> Result<(), String> {
    let (path, depth, text, tables, mut engine) = open_pack(args, "verify", 7)?;
    let sample = match crate::flag_value(args, "--sample")? {
        Some(v) => v
            .parse::<usize>()
            .map_err(|_| format!("--sample needs a whole number, not {v:?}"))?
            .max(1),
        None => 1,
    };
    let started = Instant::now();
    let mut checked = 0;
    let mut failed = 0;
    let keep_going = args.iter().any(|a| a == "--passing");
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle: Puzzle = line.parse().map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        if n % sample != 0 {
            continue;
        }
        match ctl_run(|ctl| verify_one(&mut engine, tables.as_deref(), &puzzle, depth, ctl)) {
            Ok(()) if keep_going => println!("{line}"),
            Ok(()) => {}
            Err(e) if keep_going => {
                eprintln!("{path}:{}: {e}\n  {line}", n + 1);
                failed += 1;
            }
            Err(e) => {
                eprintln!("{path}:{}: {e}\n  {line}", n + 1);
                std::process::exit(1);
            }
        }
        checked += 1;
    }
    let report = format!(
        "{} of {checked} puzzles verified at depth {depth} in {:.0} s",
        checked - failed,
        started.elapsed().as_secs_f64()
    );
    if keep_going {
        eprintln!("{report}");
    } else {
        println!("{report}");
    }
    Ok(())
}

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) || args.is_empty() {
        println!("{HELP}");
        return Ok(());
    }
    match args[0].as_str() {
        "generate" => generate(args),
        "verify" => verify(args),
        "rate" => rate(args),
        "calibrate" => calibrate(args),
        other => Err(format!("unknown puzzles command {other:?}\n\n{HELP}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table puzzles: found among random endgames, each one the tables' only quick win
    /// at every step, and each passes the check `puzzles verify` makes.
    #[test]
    fn endgame_puzzles_come_from_the_tables_and_verify() {
        let tables = Tablebase::build(&Ruleset::default(), 4, &mut |_| {}).unwrap();
        let mut rng = SmallRng::seed_from_u64(3);
        let mut engine = Engine::without_network(1);
        engine.set_tables(Some(Arc::new(tables.clone())));
        let mut made = Vec::new();
        for _ in 0..4000 {
            let pos = random_endgame(&mut rng, 4);
            if let Some(p) = table_puzzle(&tables, &pos) {
                assert_eq!(p.to_string().parse::<Puzzle>().as_ref(), Ok(&p));
                ctl_run(|ctl| verify_one(&mut engine, Some(&tables), &p, 4, ctl))
                    .unwrap_or_else(|e| panic!("{p}: {e}"));
                made.push(p);
            }
        }
        assert!(
            made.len() >= 10,
            "{} puzzles from 4,000 endgames",
            made.len()
        );
        // A puzzle with a different first move fails the check.
        let p = &made[0];
        let other = p
            .position
            .moves()
            .iter()
            .copied()
            .find(|m| *m != p.moves[0])
            .unwrap();
        let wrong = Puzzle {
            moves: vec![other],
            alternatives: Vec::new(),
            themes: themes_of(&p.position, &[other]),
            ..p.clone()
        };
        assert!(ctl_run(|ctl| verify_one(&mut engine, Some(&tables), &wrong, 4, ctl)).is_err());
    }

    /// `--hard`: a quiet move that sets up a capture round a loop is found, whole (the
    /// capture it sets up included), it verifies, and a newcomer seldom finds it; the
    /// game's history before the position does not change what is found.
    #[test]
    fn a_hard_puzzle_is_a_quiet_move_and_the_capture_it_sets_up() {
        let pos: Position = "1b4/6/6/4b1/6/r3rr r 0 38".parse().unwrap();
        assert!(may_be_hard(&pos));
        let mut engine = Engine::without_network(8);
        let fresh = Game::from_position(pos, Ruleset::default());
        let p = searched_puzzle(&mut engine, &fresh, 6, true, 1).expect("a puzzle");
        let line: Vec<String> = p.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(line, ["a1-b2", "b6-a5", "b2xa5"], "{p}");
        assert!(newcomer_chance(&p.position, &p.moves) < HARD_CHANCE);
        ctl_run(|ctl| verify_one(&mut engine, None, &p, 7, ctl)).unwrap_or_else(|e| panic!("{e}"));
        // The same stones reached again after both sides went there and back: the
        // history does not change what is found.
        let mut game = Game::from_position(pos, Ruleset::default());
        for m in ["a1-a2", "b6-c6", "a2-a1", "c6-b6"] {
            game.try_play(m.parse().unwrap()).unwrap();
        }
        let stones = game.position().to_string();
        assert!(stones.starts_with("1b4/6/6/4b1/6/r3rr r "), "{stones}");
        let again = searched_puzzle(&mut engine, &game, 6, true, 1).expect("found again");
        assert_eq!(again.moves, p.moves);
        // One capture on offer and no step that threatens anything new: not searched.
        let easy: Position = "6/6/6/6/b5/1r4 r 0 0".parse().unwrap();
        assert!(!may_be_hard(&easy));
    }
}
