//! `engine`: a UCI-style line protocol on stdin and stdout, for tournament tools.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use surakarta_engine::ai::{Engine, Level, Limits, MATE, MATE_BOUND, SearchControl, SearchInfo};
use surakarta_engine::{Game, Move, Position, Ruleset};

const HELP: &str = "\
Usage: surakarta-engine engine

Speaks a UCI-style protocol on stdin/stdout, one command a line:
  uci                                      identify; list options; uciok
  isready                                  readyok
  ucinewgame                               forget the last game
  setoption name Level value Easy|Medium|Hard
  setoption name Ruleset value ID          standard, fifty-move, move-cap, forty-move
  position startpos [moves M1 M2 ...]
  position fen POSITION [moves M1 M2 ...]
  go [movetime MS] [depth N] [nodes N] [wtime MS btime MS winc MS binc MS] [infinite]
                                           info lines, then bestmove MOVE or bestmove (none);
                                           with a game clock (w = Red) it spends a slice of it;
                                           infinite: search until stop, then answer
  stop                                     answer now with the best move so far
  quit
Limits given to go cap the level's own budget; the level's depth cap and randomness apply.
Each info line: info depth D score cp S|mate N nodes N nps N time MS pv MOVES, the score
in hundredths of a stone for the side to move, mate N a forced win in N moves (negative:
a forced loss). A bad command gets `info string error ...` and the engine carries on.";

/// The score as UCI writes it: `cp S`, or `mate N` for a forced win in N moves of the side
/// to move (negative when it is lost).
fn uci_score(score: i32) -> String {
    if score.abs() > MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

fn info_line(i: &SearchInfo) -> String {
    let nps = i.nodes as f64 / i.elapsed.as_secs_f64().max(1e-6);
    let pv: Vec<String> = i.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        uci_score(i.score),
        i.nodes,
        nps as u64,
        i.elapsed.as_millis(),
        pv.join(" ")
    )
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed stdout means the other side has gone; nothing is left to tell it.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(message: &str) {
    say(&format!("info string error {message}"));
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before `bestmove` is written, so the next command never finds the
    /// finished search still "running".
    done: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

struct Session {
    engine: Arc<Mutex<Engine>>,
    game: Game,
    rules: Ruleset,
    level: Level,
    games_started: u64,
    running: Option<Running>,
}

impl Session {
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            let _ = r.handle.join();
        }
    }

    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::SeqCst))
        {
            self.finish_search();
        }
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let text = args.join(" ");
        let rest = text
            .strip_prefix("name ")
            .ok_or("setoption needs: name NAME value VALUE")?;
        let (name, value) = rest
            .split_once(" value ")
            .ok_or("setoption needs: name NAME value VALUE")?;
        match name.trim().to_ascii_lowercase().as_str() {
            "level" => {
                self.level = Level::from_name(value.trim()).ok_or_else(|| {
                    format!("unknown level {:?}; Easy, Medium or Hard", value.trim())
                })?;
            }
            "ruleset" => {
                self.rules = value
                    .trim()
                    .to_ascii_lowercase()
                    .parse()
                    .map_err(|e| format!("{e}"))?;
                self.game = Game::new(self.rules);
                say(&format!(
                    "info string Ruleset {}: the position is reset to its start",
                    self.rules
                ));
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        Ok(())
    }

    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let moves_at = args
            .iter()
            .position(|a| *a == "moves")
            .unwrap_or(args.len());
        let mut game = match args.first() {
            Some(&"startpos") if moves_at == 1 => Game::new(self.rules),
            Some(&"fen") => {
                let fen = args[1..moves_at].join(" ");
                let pos: Position = fen
                    .parse()
                    .map_err(|e| format!("bad position {fen:?}: {e}"))?;
                Game::from_position(pos, self.rules)
            }
            _ => {
                return Err(
                    "position needs startpos or fen POSITION, then optionally moves".into(),
                );
            }
        };
        for text in args.iter().skip(moves_at + 1) {
            let m: Move = text
                .parse()
                .map_err(|e| format!("bad move {text:?}: {e}"))?;
            game.try_play(m).map_err(|e| format!("move {text}: {e}"))?;
        }
        self.game = game;
        Ok(())
    }

    /// Starts a search. Limits it cannot read are reported and left out; it searches all
    /// the same, since a tool waiting for `bestmove` would otherwise lose on time.
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let mut cap = Limits::default();
        let mut clock = [None::<u64>; 4]; // wtime, btime, winc, binc
        let mut it = args.iter();
        while let Some(&key) = it.next() {
            let mut number = || -> Result<u64, String> {
                let v = it.next().ok_or_else(|| format!("{key} needs a number"))?;
                v.parse()
                    .map_err(|_| format!("{key} needs a number, not {v:?}"))
            };
            let read = match key {
                "movetime" => number().map(|n| cap.time = Some(Duration::from_millis(n))),
                "depth" => number().map(|n| cap.depth = Some(n.clamp(1, 100) as u32)),
                "nodes" => number().map(|n| cap.nodes = Some(n)),
                "wtime" => number().map(|n| clock[0] = Some(n)),
                "btime" => number().map(|n| clock[1] = Some(n)),
                "winc" => number().map(|n| clock[2] = Some(n)),
                "binc" => number().map(|n| clock[3] = Some(n)),
                "movestogo" => number().map(|_| ()),
                "infinite" | "ponder" => Ok(()),
                other => Err(format!("unknown go parameter {other:?}")),
            };
            if let Err(message) = read {
                error(&message);
            }
        }
        // A game clock (Red is "w", the first side): spend a slice of what is left.
        let (left, inc) = match self.game.side_to_move() {
            surakarta_engine::Side::Red => (clock[0], clock[2]),
            surakarta_engine::Side::Black => (clock[1], clock[3]),
        };
        if let Some(left) = left {
            // Clock values come from the other side of a pipe: any u64 must do.
            let slice = (left / 25).saturating_add(inc.unwrap_or(0) / 4 * 3);
            let budget = Duration::from_millis(slice.min(left.saturating_sub(50)).max(10));
            cap.time = Some(cap.time.map_or(budget, |t| t.min(budget)));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let engine = Arc::clone(&self.engine);
        let game = self.game.clone();
        let level = self.level;
        let seed = self.games_started.wrapping_mul(0x9E37_79B9) ^ game.history().len() as u64;
        let flag = Arc::clone(&stop);
        let infinite = args.contains(&"infinite");
        let done = Arc::new(AtomicBool::new(false));
        let finished = Arc::clone(&done);
        let handle = std::thread::spawn(move || {
            let started = Instant::now();
            let clock = || started.elapsed();
            let ctl = SearchControl {
                stop: &flag,
                clock: &clock,
            };
            let mut report = |i: &SearchInfo| say(&info_line(i));
            // Whatever happens in the search, the other side gets its bestmove: a tool
            // waiting for it would otherwise wait for ever.
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
                if level == Level::Hard {
                    let limits = if infinite {
                        cap
                    } else {
                        Level::Hard.budget().min(cap)
                    };
                    engine.search(&game, limits, &ctl, &mut report).best
                } else {
                    let r = engine.choose(&game, level, cap, seed, &ctl);
                    report(&SearchInfo {
                        depth: r.depth,
                        score: r.score,
                        nodes: r.nodes,
                        elapsed: started.elapsed(),
                        pv: r.pv.clone(),
                    });
                    r.best
                }
            }));
            let best = searched.unwrap_or_else(|_| {
                say("info string error the search failed; answering with a legal move");
                game.moves().iter().next().copied()
            });
            // go infinite answers only when told to stop.
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            finished.store(true, Ordering::SeqCst);
            match best {
                Some(m) => say(&format!("bestmove {m}")),
                None => say("bestmove (none)"),
            }
        });
        self.running = Some(Running { stop, done, handle });
        Ok(())
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(());
    }
    let mut s = Session {
        engine: Arc::new(Mutex::new(Engine::new(64))),
        game: Game::new(Ruleset::default()),
        rules: Ruleset::default(),
        level: Level::Hard,
        games_started: 0,
        running: None,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&raw);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        s.reap();
        let busy = s.running.is_some();
        let outcome = match command {
            "uci" => {
                say("id name Surakarta Engine 0.1");
                say("id author The Surakarta developers");
                say("option name Level type combo default Hard var Easy var Medium var Hard");
                let ids: Vec<String> = Ruleset::PRESETS
                    .iter()
                    .map(|p| format!("var {}", p.id))
                    .collect();
                say(&format!(
                    "option name Ruleset type combo default standard {}",
                    ids.join(" ")
                ));
                say("uciok");
                Ok(())
            }
            "isready" => {
                say("readyok");
                Ok(())
            }
            "stop" => {
                s.finish_search();
                Ok(())
            }
            "quit" => break,
            _ if busy => Err(format!("{command} while searching; send stop first")),
            "ucinewgame" => {
                s.games_started += 1;
                s.engine.lock().unwrap_or_else(|p| p.into_inner()).clear();
                s.game = Game::new(s.rules);
                Ok(())
            }
            "setoption" => s.set_option(args),
            "position" => s.set_position(args),
            "go" => s.go(args),
            other => Err(format!("unknown command {other:?}")),
        };
        if let Err(message) = outcome {
            error(&message);
        }
    }
    s.finish_search();
    Ok(())
}
