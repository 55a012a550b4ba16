//! `engine`: a UCI-style line protocol on stdin and stdout, for tournament tools.

//!
//! The commands themselves are the library's `surakarta_engine::protocol`; this file runs
//! its searches on a thread and talks to the pipes.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use surakarta_engine::ai::{Engine, SearchControl, SearchInfo};
use surakarta_engine::protocol::{Protocol, Search, Step, bestmove_line, info_line};

const HELP: &str = "\
Usage: surakarta-engine engine [--tables N] [--tables-dir DIR]

Hard plays with the endgame tables of up to 5 stones (standard rules), as in the app: it
plays table positions perfectly and its search takes them as exact. Kept ones are read at
once (see `surakarta-engine tb`; DIR, default $SURAKARTA_TB_DIR, else the user's cache
folder); if there are none, they are built behind the protocol (about half a minute of
one core), kept, and used from the first search after. --tables N asks for N stones (2
to 6) instead, kept or built before the first answer; --tables 0 plays without.

Speaks a UCI-style protocol on stdin/stdout, one command a line:
  uci                                      identify; list options; uciok
  isready                                  readyok
  ucinewgame                               forget the last game
  setoption name Level value LEVEL          Beginner Novice Easy Intermediate Medium
                                           Advanced Strong Hard (weakest first; default Hard)
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

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed stdout means the other side has gone; nothing is left to tell it.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
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

    /// Runs `search` on a thread; it writes its info lines and then its bestmove.
    fn start(&mut self, search: Search) {
        let stop = Arc::new(AtomicBool::new(false));
        let engine = Arc::clone(&self.engine);
        let flag = Arc::clone(&stop);
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
                search.run(&mut engine, &ctl, &mut report)
            }));
            let best = searched.unwrap_or_else(|_| {
                say("info string error the search failed; answering with a legal move");
                search.game.moves().iter().next().copied()
            });
            // go infinite answers only when told to stop.
            while search.infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            finished.store(true, Ordering::SeqCst);
            say(&bestmove_line(best));
        });
        self.running = Some(Running { stop, done, handle });
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) {
        println!("{HELP}");
        return Ok(());
    }
    let mut protocol = Protocol::new();
    let mut engine = Engine::new(64);
    let rules = surakarta_engine::Ruleset::default();
    let mut build_behind = None;
    match crate::cli_tb::HardTables::from_flags(args)? {
        None => {}
        Some(wanted) if wanted.asked => engine.set_tables(wanted.load_or_build(&rules)?),
        Some(wanted) => match wanted.kept(&rules) {
            Some(kept) => engine.set_tables(Some(kept)),
            None => build_behind = Some(wanted),
        },
    }
    let mut s = Session {
        engine: Arc::new(Mutex::new(engine)),
        running: None,
    };
    if let Some(wanted) = build_behind {
        // The default tables not kept yet: built (and kept) while the engine answers,
        // which plays without them until they are there, as the app does.
        let engine = Arc::clone(&s.engine);
        std::thread::spawn(move || match wanted.load_or_build(&rules) {
            Ok(tables) => {
                // A search holding the engine is waited for; a panicked one left it as
                // it was, and the tables are for the next.
                let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                engine.set_tables(tables);
            }
            Err(e) => eprintln!("the endgame tables could not be had: {e}"),
        });
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut raw = Vec::new();
    let mut out = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&raw);
        s.reap();
        let step = protocol.command(&line, s.running.is_some(), &mut out);
        for line in out.drain(..) {
            say(&line);
        }
        match step {
            Step::Nothing => {}
            Step::Search(search) => s.start(*search),
            Step::Stop => s.finish_search(),
            Step::ClearMemory => s.engine.lock().unwrap_or_else(|p| p.into_inner()).clear(),
            Step::Quit => break,
        }
    }
    s.finish_search();
    Ok(())
}
