//! The engine protocol's commands (UCI-style lines), without the threads or the pipes.
//!
//! [`Protocol`] reads one command line at a time, writes its answers into a list of lines
//! and says what the runner must do next ([`Step`]): start a search, stop one, clear the
//! engine's memory or end. The `surakarta-engine engine` command runs searches on a
//! thread; a test or a fuzz target can run them in place.
//!
//! ```
//! use surakarta_engine::protocol::{Protocol, Step};
//!
//! let mut protocol = Protocol::new();
//! let mut out = Vec::new();
//! protocol.command("position startpos moves b2-b3", false, &mut out);
//! let Step::Search(search) = protocol.command("go depth 2", false, &mut out) else {
//!     panic!("go starts a search");
//! };
//! assert_eq!(search.game.history().len(), 1);
//! assert!(out.is_empty());
//! ```

use crate::ai::{Engine, Level, Limits, MATE, MATE_BOUND, SearchControl, SearchInfo};
use crate::{Game, Move, Position, Ruleset, Side};
use std::time::Duration;

/// What the runner of the protocol does after a command.
#[derive(Clone, Debug)]
pub enum Step {
    /// Nothing more: the answer (if any) is in the lines written.
    Nothing,
    /// Start this search and, when it ends, write [`bestmove_line`] of its move.
    Search(Box<Search>),
    /// Stop the running search now (its bestmove follows).
    Stop,
    /// Forget what the engine remembers of earlier games (its tables).
    ClearMemory,
    /// End the session.
    Quit,
}

/// A search the protocol asked for: what to search and within what.
#[derive(Clone, Debug)]
pub struct Search {
    /// The game to move in.
    pub game: Game,
    /// The level that chooses the move.
    pub level: Level,
    /// The limits `go` gave (a game clock already turned into a time).
    pub cap: Limits,
    /// The seed of the level's choice.
    pub seed: u64,
    /// `go infinite`: search until stopped, and answer only then.
    pub infinite: bool,
}

impl Search {
    /// Runs the search with `engine` and returns the move to answer with (`None`: the
    /// side to move has none). Hard reports each finished depth through `report`; the
    /// other levels report once, at the end.
    pub fn run(
        &self,
        engine: &mut Engine,
        ctl: &SearchControl<'_>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Move> {
        if self.level == Level::Hard {
            let limits = if self.infinite {
                self.cap
            } else {
                Level::Hard.budget().min(self.cap)
            };
            engine.search(&self.game, limits, ctl, report).best
        } else {
            let r = engine.choose(&self.game, self.level, self.cap, self.seed, ctl);
            report(&SearchInfo {
                depth: r.depth,
                score: r.score,
                nodes: r.nodes,
                elapsed: (ctl.clock)(),
                pv: r.pv.clone(),
            });
            r.best
        }
    }
}

/// The score as UCI writes it: `cp S`, or `mate N` for a forced win in N moves of the
/// side to move (negative when it is lost).
pub fn uci_score(score: i32) -> String {
    if score.abs() > MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

/// A search's progress as an `info` line: depth, score, nodes, nodes per second, time
/// in milliseconds and the expected line of play.
pub fn info_line(i: &SearchInfo) -> String {
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

/// The answer to a search: `bestmove MOVE`, or `bestmove (none)` without a move.
pub fn bestmove_line(best: Option<Move>) -> String {
    match best {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove (none)".to_owned(),
    }
}

/// The protocol's state between commands: the game set up, the rule set and the level.
#[derive(Clone, Debug)]
pub struct Protocol {
    game: Game,
    rules: Ruleset,
    level: Level,
    games_started: u64,
}

impl Default for Protocol {
    fn default() -> Self {
        Protocol::new()
    }
}

impl Protocol {
    /// The standard rule set's start, Hard to play.
    pub fn new() -> Protocol {
        Protocol {
            game: Game::new(Ruleset::default()),
            rules: Ruleset::default(),
            level: Level::Hard,
            games_started: 0,
        }
    }

    /// The game set up by the last `position` (or reset by `ucinewgame` or a rule set).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Reads one command line (`busy`: a search is running) and writes its answers into
    /// `out`, one line each; returns what the runner does next. A command it cannot carry
    /// out gets one `info string error ...` line and changes nothing.
    pub fn command(&mut self, line: &str, busy: bool, out: &mut Vec<String>) -> Step {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Step::Nothing;
        };
        let outcome = match command {
            "uci" => {
                out.push("id name Surakarta Engine 0.1".to_owned());
                out.push("id author The Surakarta developers".to_owned());
                let levels: Vec<String> = Level::ALL
                    .iter()
                    .map(|l| format!("var {}", l.name()))
                    .collect();
                out.push(format!(
                    "option name Level type combo default Hard {}",
                    levels.join(" ")
                ));
                let ids: Vec<String> = Ruleset::PRESETS
                    .iter()
                    .map(|p| format!("var {}", p.id))
                    .collect();
                out.push(format!(
                    "option name Ruleset type combo default standard {}",
                    ids.join(" ")
                ));
                out.push("uciok".to_owned());
                Ok(Step::Nothing)
            }
            "isready" => {
                out.push("readyok".to_owned());
                Ok(Step::Nothing)
            }
            "stop" => Ok(Step::Stop),
            "quit" => Ok(Step::Quit),
            _ if busy => Err(format!("{command} while searching; send stop first")),
            "ucinewgame" => {
                self.games_started = self.games_started.wrapping_add(1);
                self.game = Game::new(self.rules);
                Ok(Step::ClearMemory)
            }
            "setoption" => self.set_option(args, out).map(|_| Step::Nothing),
            "position" => self.set_position(args).map(|_| Step::Nothing),
            "go" => Ok(Step::Search(Box::new(self.go(args, out)))),
            other => Err(format!("unknown command {other:?}")),
        };
        outcome.unwrap_or_else(|message| {
            out.push(format!("info string error {message}"));
            Step::Nothing
        })
    }

    fn set_option(&mut self, args: &[&str], out: &mut Vec<String>) -> Result<(), String> {
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
                    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                    format!(
                        "unknown level {:?}; one of {}",
                        value.trim(),
                        names.join(", ")
                    )
                })?;
            }
            "ruleset" => {
                self.rules = value
                    .trim()
                    .to_ascii_lowercase()
                    .parse()
                    .map_err(|e| format!("{e}"))?;
                self.game = Game::new(self.rules);
                out.push(format!(
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

    /// The search `go` asks for. Limits it cannot read are reported and left out; it
    /// searches all the same, since a tool waiting for `bestmove` would otherwise lose
    /// on time.
    fn go(&mut self, args: &[&str], out: &mut Vec<String>) -> Search {
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
                out.push(format!("info string error {message}"));
            }
        }
        // A game clock (Red is "w", the first side): spend a slice of what is left.
        let (left, inc) = match self.game.side_to_move() {
            Side::Red => (clock[0], clock[2]),
            Side::Black => (clock[1], clock[3]),
        };
        if let Some(left) = left {
            cap = cap.min(Limits::for_clock(left, inc.unwrap_or(0)));
        }
        Search {
            game: self.game.clone(),
            level: self.level,
            cap,
            seed: self.games_started.wrapping_mul(0x9E37_79B9) ^ self.game.history().len() as u64,
            infinite: args.contains(&"infinite"),
        }
    }
}
