//! `match`: two players play a series of games; wins, draws, losses and the score.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
use surakarta_engine::{EndReason, Game, Move, Record, Ruleset, Side};

const HELP: &str = "\
Usage: surakarta-engine match --a PLAYER --b PLAYER --games N [--movetime MS] [--ruleset ID]
                              [--a-movetime MS] [--b-movetime MS]
                              [--threads T] [--opening-plies K] [--seed S] [--records FILE]
                              [--balanced CP]

Plays N games between A and B, alternating colours; each pair of games starts from the same
opening of K random plies (default 2), one with each colour. PLAYER is a level (Beginner,
Easy, Medium, Hard), Random (a uniformly random mover), FirstTimer (a newcomer: takes a
stone whenever it can, any it sees, and otherwise moves at random, never looking at the
reply) or engine:PROGRAM (another program speaking `surakarta-engine engine`'s protocol,
started as `PROGRAM engine`, at its default level; a program that fails to answer loses
the game). --movetime caps each move (the level's own depth cap and randomness still
apply); --a-movetime and --b-movetime set it for one player. Games run on T threads at
once (default 1). Prints A's wins, draws and losses, A's score with a 95% interval, and
the average game length in plies, how the games ended, and A's results with each colour
(moving first is worth much between equals). --balanced CP plays only openings that a
search of 8 plies scores within CP hundredths of a stone of level (random plies drawn
again until one is, at most 1,000 times; a pair that finds none is said on stderr), so
fewer pairs are decided by the opening alone. --records FILE writes every game's record
there when the match ends, in the order of the games, a blank line between them.
Hard played here has the
endgame tables of up to 5 stones, as in the app (kept ones, else built before the first
game and kept: see `surakarta-engine tb`); --tables N gives it N stones (2 to 6), --tables
0 none, --tables-dir DIR where they are kept. Programs take their own.";

#[derive(Clone, Debug, PartialEq)]
enum Player {
    Level(Level),
    Random,
    FirstTimer,
    Program(String),
}

fn player(name: &str) -> Result<Player, String> {
    if name.eq_ignore_ascii_case("random") {
        return Ok(Player::Random);
    }
    if name.eq_ignore_ascii_case("firsttimer") || name.eq_ignore_ascii_case("first-timer") {
        return Ok(Player::FirstTimer);
    }
    if let Some(program) = name.strip_prefix("engine:") {
        if program.is_empty() {
            return Err("engine: needs a program, as in engine:./surakarta-engine".to_owned());
        }
        return Ok(Player::Program(program.to_owned()));
    }
    Level::from_name(name).map(Player::Level).ok_or_else(|| {
        format!(
            "unknown player {name:?}: Beginner, Easy, Medium, Hard, Random, FirstTimer or engine:PROGRAM"
        )
    })
}

/// Another engine program, spoken to through the protocol.
struct Program {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl Program {
    fn start(path: &str) -> Result<Program, String> {
        use std::process::{Command, Stdio};
        let mut child = Command::new(path)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {path}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = std::io::BufRead::lines(std::io::BufReader::new(
            child.stdout.take().ok_or("no stdout")?,
        ));
        let mut p = Program {
            child,
            input,
            output,
        };
        p.send("uci")?;
        p.wait_for(|l| l == "uciok")?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        use std::io::Write;
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("the program stopped listening: {e}"))
    }

    fn wait_for(&mut self, done: impl Fn(&str) -> bool) -> Result<String, String> {
        for line in self.output.by_ref() {
            let line = line.map_err(|e| format!("the program's output: {e}"))?;
            if done(&line) {
                return Ok(line);
            }
        }
        Err("the program ended".to_owned())
    }

    /// The program's move in `game`, thinking for `cap`'s time (if any).
    fn choose(&mut self, game: &Game, cap: Limits) -> Result<Move, String> {
        let mut line = format!("position fen {}", game.start());
        if !game.history().is_empty() {
            line.push_str(" moves");
            for m in game.history() {
                line.push(' ');
                line.push_str(&m.to_string());
            }
        }
        self.send(&format!("setoption name Ruleset value {}", game.rules()))?;
        self.send(&line)?;
        match cap.time {
            Some(t) => self.send(&format!("go movetime {}", t.as_millis()))?,
            None => self.send("go")?,
        }
        let answer = self.wait_for(|l| l.starts_with("bestmove"))?;
        let text = answer.trim_start_matches("bestmove").trim();
        let m: Move = text
            .parse()
            .map_err(|e| format!("the program's move {text:?}: {e}"))?;
        game.moves()
            .as_slice()
            .iter()
            .copied()
            .find(|x| x.from == m.from && x.to == m.to)
            .ok_or_else(|| format!("the program played {text}, which is not legal"))
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

struct Settings {
    a: Player,
    b: Player,
    games: usize,
    caps: [Limits; 2],
    rules: Ruleset,
    opening_plies: usize,
    seed: u64,
    /// Where the games' records go.
    records: Option<String>,
    /// Openings only within this many hundredths of a stone of level.
    balanced: Option<i32>,
}

/// One game's result, for A.
struct Played {
    /// A's score: 1, 0.5 or 0.
    score: f64,
    /// Plies after the opening.
    plies: usize,
    reason: EndReason,
    a_side: Side,
    /// The game's record, when the match keeps them.
    record: Option<String>,
}

/// How deep `--balanced` searches an opening to judge it.
const BALANCE_DEPTH: u32 = 8;

/// The opening of pair `pair`: K random plies, drawn again (from the same seed, up to
/// 1,000 times) with `--balanced` until a search of [`BALANCE_DEPTH`] plies (Hard's
/// evaluation, no tables) scores it within the margin of level.
fn opening(set: &Settings, pair: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(set.seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut tries = 0;
    loop {
        let mut game = Game::new(set.rules);
        for _ in 0..set.opening_plies {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.random_range(0..moves.len())];
            game.try_play(m).expect("generated moves are legal");
        }
        tries += 1;
        // Without random plies every draw is the same opening: nothing to choose from.
        let Some(margin) = set.balanced.filter(|_| set.opening_plies > 0) else {
            return game;
        };
        if game.outcome().is_some() {
            return game;
        }
        if tries > 1_000 {
            eprintln!(
                "pair {}: no opening within {margin} of level in 1,000 tries; playing this one",
                pair + 1
            );
            return game;
        }
        let stop = AtomicBool::new(false);
        let clock = || Duration::ZERO;
        let ctl = SearchControl {
            stop: &stop,
            clock: &clock,
        };
        let limits = Limits {
            depth: Some(BALANCE_DEPTH),
            ..Limits::default()
        };
        let score = Engine::new(8)
            .search(&game, limits, &ctl, &mut |_| {})
            .score;
        if score.abs() <= margin {
            return game;
        }
    }
}

/// Plays one game.
fn play_game(
    set: &Settings,
    index: usize,
    engines: &mut [Engine; 2],
    programs: &mut [Option<Program>; 2],
) -> Played {
    let pair = (index / 2) as u64;
    let a_side = if index.is_multiple_of(2) {
        Side::Red
    } else {
        Side::Black
    };
    let mut game = opening(set, pair);
    for e in engines.iter_mut() {
        e.clear();
    }
    let mut random = SmallRng::seed_from_u64(set.seed ^ index as u64 ^ 0xA5A5);
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() {
        let side = game.side_to_move();
        let i = usize::from(side != a_side);
        let (who, engine, cap) = ([&set.a, &set.b][i], &mut engines[i], set.caps[i]);
        let m: Move = match who {
            Player::Random => {
                let moves = game.moves();
                moves.as_slice()[random.random_range(0..moves.len())]
            }
            Player::FirstTimer => {
                let moves = game.moves();
                let captures: Vec<Move> = moves
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|m| m.capture)
                    .collect();
                if captures.is_empty() {
                    moves.as_slice()[random.random_range(0..moves.len())]
                } else {
                    captures[random.random_range(0..captures.len())]
                }
            }
            Player::Program(_) => {
                let answer = match programs[i].as_mut() {
                    Some(program) => program.choose(&game, cap),
                    None => Err("the program did not start".to_owned()),
                };
                match answer {
                    Ok(m) => m,
                    Err(e) => {
                        eprintln!("game {index}: {e}; it loses");
                        programs[i] = None;
                        game.resign(side);
                        break;
                    }
                }
            }
            &Player::Level(level) => {
                let started = Instant::now();
                let clock = || started.elapsed();
                let ctl = SearchControl {
                    stop: &stop,
                    clock: &clock,
                };
                let seed = set.seed ^ (index as u64) << 20 ^ game.history().len() as u64;
                engine
                    .choose(&game, level, cap, seed, &ctl)
                    .best
                    .expect("game is on")
            }
        };
        game.try_play(m).expect("players play legal moves");
    }
    let outcome = game.outcome().expect("loop ends on an outcome");
    let score = match outcome.winner {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let record = set.records.is_some().then(|| {
        let name = |who: &Player| match who {
            Player::Level(level) => level.name().to_owned(),
            Player::Random => "Random".to_owned(),
            Player::FirstTimer => "FirstTimer".to_owned(),
            Player::Program(path) => format!("engine:{path}"),
        };
        let (a, b) = (format!("A {}", name(&set.a)), format!("B {}", name(&set.b)));
        let (red, black) = if a_side == Side::Red { (a, b) } else { (b, a) };
        let mut r = Record::from_game(&game, &red, &black);
        r.set_header("Game", (index + 1).to_string());
        r.to_string()
    });
    Played {
        score,
        plies: game.history().len() - set.opening_plies.min(game.history().len()),
        reason: outcome.reason,
        a_side,
        record,
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(());
    }
    let need = |flag: &str| -> Result<&str, String> {
        crate::flag_value(args, flag)?.ok_or_else(|| format!("match needs {flag}\n\n{HELP}"))
    };
    let number = |flag: &str, default: u64| -> Result<u64, String> {
        match crate::flag_value(args, flag)? {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{flag} needs a number, not {v:?}")),
            None => Ok(default),
        }
    };
    let movetime = |flag: &str, default: Option<u64>| -> Result<Limits, String> {
        let ms = match crate::flag_value(args, flag)? {
            Some(v) => Some(
                v.parse::<u64>()
                    .map_err(|_| format!("{flag} needs a number, not {v:?}"))?,
            ),
            None => default,
        };
        Ok(Limits {
            time: ms.map(Duration::from_millis),
            ..Limits::default()
        })
    };
    let both = movetime("--movetime", None)?
        .time
        .map(|t| t.as_millis() as u64);
    let set = Arc::new(Settings {
        a: player(need("--a")?)?,
        b: player(need("--b")?)?,
        games: number("--games", 0)?.max(1) as usize,
        caps: [
            movetime("--a-movetime", both)?,
            movetime("--b-movetime", both)?,
        ],
        rules: match crate::flag_value(args, "--ruleset")? {
            Some(id) => id.parse().map_err(|e| format!("{e}"))?,
            None => Ruleset::default(),
        },
        opening_plies: number("--opening-plies", 2)? as usize,
        seed: number("--seed", 1)?,
        records: crate::flag_value(args, "--records")?.map(str::to_owned),
        balanced: match crate::flag_value(args, "--balanced")? {
            Some(v) => Some(
                v.parse::<i32>()
                    .ok()
                    .filter(|m| (0..=10_000).contains(m))
                    .ok_or_else(|| {
                        format!("--balanced needs hundredths of a stone, 0 to 10000, not {v:?}")
                    })?,
            ),
            None => None,
        },
    });
    // A file that cannot be written is said before the games, not after them.
    if let Some(path) = &set.records {
        std::fs::write(path, "").map_err(|e| format!("--records {path}: {e}"))?;
    }
    let threads = number("--threads", 1)?.clamp(1, 64) as usize;
    // Only Hard plays with the tables; a match without it builds none unless asked.
    let hard_plays = [&set.a, &set.b].contains(&&Player::Level(Level::Hard));
    let tables = match crate::cli_tb::HardTables::from_flags(args)? {
        Some(wanted) if hard_plays || wanted.asked => wanted.load_or_build(&set.rules)?,
        _ => None,
    };
    let next = Arc::new(AtomicUsize::new(0));
    let results = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let (set, next, results) = (Arc::clone(&set), Arc::clone(&next), Arc::clone(&results));
            let tables = tables.clone();
            std::thread::spawn(move || {
                let mut engines = [Engine::new(32), Engine::new(32)];
                for e in engines.iter_mut() {
                    e.set_tables(tables.clone());
                }
                let mut programs = [None, None];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= set.games {
                        break;
                    }
                    for (program, who) in programs.iter_mut().zip([&set.a, &set.b]) {
                        if let Player::Program(path) = who {
                            // One program per seat for the thread's games, a new one
                            // after a failure; ucinewgame clears its memory between games.
                            if program.is_none() {
                                *program = Program::start(path).map_err(|e| eprintln!("{e}")).ok();
                            }
                            if let Some(p) = program.as_mut()
                                && p.send("ucinewgame").is_err()
                            {
                                *program = None;
                            }
                        }
                    }
                    let r = play_game(&set, i, &mut engines, &mut programs);
                    results
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((i, r));
                }
            })
        })
        .collect();
    for w in workers {
        w.join().map_err(|_| "a game thread failed".to_owned())?;
    }
    let mut results = results.lock().unwrap_or_else(|p| p.into_inner());
    results.sort_by_key(|(i, _)| *i);
    if let Some(path) = &set.records {
        let text: Vec<&str> = results
            .iter()
            .filter_map(|(_, r)| r.record.as_deref())
            .collect();
        std::fs::write(path, text.join("\n")).map_err(|e| format!("--records {path}: {e}"))?;
    }
    let results: Vec<Played> = results.drain(..).map(|(_, r)| r).collect();
    let n = results.len() as f64;
    let tally = |side: Option<Side>| {
        let of = |score: f64| {
            results
                .iter()
                .filter(|r| r.score == score && side.is_none_or(|s| r.a_side == s))
                .count()
        };
        (of(1.0), of(0.5), of(0.0))
    };
    let (wins, draws, losses) = tally(None);
    let mean = results.iter().map(|r| r.score).sum::<f64>() / n;
    let var = results
        .iter()
        .map(|r| (r.score - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let plies = results.iter().map(|r| r.plies).sum::<usize>() as f64 / n;
    println!(
        "A = {:?}, B = {:?}, {} games, rule set {}",
        set.a,
        set.b,
        results.len(),
        set.rules
    );
    println!("A wins {wins}, draws {draws}, losses {losses}");
    println!(
        "A score {:.1}% +/- {:.1}% (95% interval {:.1}%..{:.1}%)",
        mean * 100.0,
        half * 100.0,
        ((mean - half) * 100.0).max(0.0),
        ((mean + half) * 100.0).min(100.0)
    );
    println!(
        "average game length {plies:.1} plies, {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let endings: Vec<String> = EndReason::ALL
        .iter()
        .filter_map(|reason| {
            let count = results.iter().filter(|r| r.reason == *reason).count();
            (count > 0).then(|| format!("{} {count}", reason.id()))
        })
        .collect();
    println!("endings: {}", endings.join(", "));
    for side in Side::BOTH {
        let (w, d, l) = tally(Some(side));
        println!("A as {side}: wins {w}, draws {d}, losses {l}");
    }
    Ok(())
}
