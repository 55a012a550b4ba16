//! `tb build N`, `tb probe POSITION`, `tb check N`: endgame tables.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use surakarta_engine::ai::{Engine, Limits, MATE, MATE_BOUND, SearchControl};
use surakarta_engine::tablebase::{MAX_STONES, Probe, TableRules, Tablebase, Value};
use surakarta_engine::{Game, NoMoves, Position, Ruleset};

const HELP: &str = "\
Usage: surakarta-engine tb build N [--ruleset ID] [--dir DIR]
       surakarta-engine tb probe POSITION [--ruleset ID] [--dir DIR]
       surakarta-engine tb check N [--ruleset ID] [--dir DIR] [--sample K] [--depth D]

Endgame tables: every position of up to N stones in all (2 to 6) solved exactly.

  build   solves the tables of 2..N stones and keeps them in DIR as one file (the time,
          peak memory, positions and size go to stderr)
  probe   prints one JSON object for the position string: \"value\" (\"win\", \"draw\" or
          \"loss\" for the side to move, under the position's no-capture counter), \"dtz\"
          (plies to the next capture that keeps the value), \"dtm\" (plies to the end of
          the game with best play, the no-capture limit aside), \"best_moves\" (the moves
          that keep the value: the quickest win, every drawing move, the longest
          defence) and \"moves\" (every legal move with the same three for the mover).
          Distances are null for a draw. Tables not yet built are built first (up to 5
          stones in seconds; 6 takes minutes) and kept.
  check   reads (or builds) the N-stone tables and checks every position against a
          one-ply look-ahead into them, then K random positions (default 200) against
          a search of D plies (default 8) made without the tables

  --ruleset ID   rule set (default: standard); tables exist for each set of the rules
                 that matter to them (no-capture limit, no-moves rule, steps)
  --dir DIR      where tables are kept (default: $SURAKARTA_TB_DIR, else the user's
                 cache folder, surakarta/tablebases)";

pub fn run(args: &[String]) -> Result<(), String> {
    if crate::wants_help(args) || args.is_empty() {
        println!("{HELP}");
        return Ok(());
    }
    let rules: Ruleset = match crate::flag_value(args, "--ruleset")? {
        Some(id) => id.parse().map_err(|e| format!("{e}"))?,
        None => Ruleset::default(),
    };
    let table_rules = TableRules::of(&rules).map_err(|e| e.to_string())?;
    let dir = tables_dir(args, "--dir")?;
    let operand = args
        .get(1)
        .ok_or_else(|| format!("tb {} needs an operand\n\n{HELP}", args[0]))?;
    match args[0].as_str() {
        "build" => {
            let n = stones_arg(operand)?;
            let tables = build(&rules, n)?;
            save(&dir, &table_rules, &tables)?;
            Ok(())
        }
        "probe" => {
            let pos: Position = operand
                .parse()
                .map_err(|e| format!("bad position {operand:?}: {e}"))?;
            probe(&pos, &rules, &dir)
        }
        "check" => {
            let n = stones_arg(operand)?;
            let sample = number_flag(args, "--sample", 200)?;
            let depth = number_flag(args, "--depth", 8)? as u32;
            let tables = load_or_build(&dir, &rules, n)?;
            check(&tables, &rules, n, sample, depth)
        }
        other => Err(format!("unknown tb command {other:?}\n\n{HELP}")),
    }
}

/// The tables `--tables N` asks for (kept ones, or built now and kept), for `rules`.
pub fn tables_flag(args: &[String], rules: &Ruleset) -> Result<Option<Arc<Tablebase>>, String> {
    let Some(n) = crate::flag_value(args, "--tables")? else {
        return Ok(None);
    };
    let n = stones_arg(n)?;
    let dir = tables_dir(args, "--tables-dir")?;
    Ok(Some(Arc::new(load_or_build(&dir, rules, n)?)))
}

/// The endgame tables Hard plays with in `engine` and `match` when `--tables` is not
/// given: the app's (docs/engine.md, "Where they live").
pub const DEFAULT_STONES: u32 = 5;

/// The endgame tables `engine` and `match` give Hard, from their flags: `--tables N` (N
/// stones, kept or built now), `--tables 0` (none), or without the flag the
/// [`DEFAULT_STONES`] (kept ones at once; `engine` builds missing ones behind its
/// answers, `match` before its games).
pub struct HardTables {
    /// The tables' size in stones.
    pub stones: u32,
    /// Asked for with `--tables N`, not the default.
    pub asked: bool,
    /// Where they are kept.
    pub dir: PathBuf,
}

impl HardTables {
    /// What the flags ask for; `None` for `--tables 0`.
    pub fn from_flags(args: &[String]) -> Result<Option<HardTables>, String> {
        let (stones, asked) = match crate::flag_value(args, "--tables")? {
            Some("0") => return Ok(None),
            Some(n) => (stones_arg(n)?, true),
            None => (DEFAULT_STONES, false),
        };
        // A flag without its value is an error either way.
        crate::flag_value(args, "--tables-dir")?;
        let dir = match tables_dir(args, "--tables-dir") {
            Ok(d) => d,
            // No folder to keep them in: the default is not worth failing for.
            Err(why) if !asked => {
                eprintln!("playing without the endgame tables: {why}");
                return Ok(None);
            }
            Err(why) => return Err(why),
        };
        Ok(Some(HardTables { stones, asked, dir }))
    }

    /// The kept tables for `rules`, if there are; `None` too when no tables exist for
    /// these rules.
    pub fn kept(&self, rules: &Ruleset) -> Option<Arc<Tablebase>> {
        let table_rules = TableRules::of(rules).ok()?;
        kept(&self.dir, &table_rules, self.stones).map(Arc::new)
    }

    /// The tables for `rules`: kept ones, or built now and kept. Rules without tables
    /// are an error only when the tables were asked for; by default they mean none.
    pub fn load_or_build(&self, rules: &Ruleset) -> Result<Option<Arc<Tablebase>>, String> {
        if !self.asked && TableRules::of(rules).is_err() {
            return Ok(None);
        }
        load_or_build(&self.dir, rules, self.stones).map(|t| Some(Arc::new(t)))
    }
}

fn stones_arg(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (2..=MAX_STONES).contains(n))
        .ok_or_else(|| format!("N must be a whole number from 2 to {MAX_STONES}, not {text:?}"))
}

fn number_flag(args: &[String], flag: &str, default: u64) -> Result<u64, String> {
    match crate::flag_value(args, flag)? {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| format!("{flag} must be a whole number, not {v:?}")),
    }
}

/// `$SURAKARTA_TB_DIR`, else the platform's cache folder.
fn default_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("SURAKARTA_TB_DIR") {
        return Some(PathBuf::from(d));
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("LOCALAPPDATA").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(cache.join("surakarta").join("tablebases"))
}

/// The folder the tables are kept in: `flag`'s value, or else the user's cache folder;
/// without either, an error naming the command's own `flag`.
fn tables_dir(args: &[String], flag: &str) -> Result<PathBuf, String> {
    crate::flag_value(args, flag)?
        .map(PathBuf::from)
        .or_else(default_dir)
        .ok_or_else(|| format!("no cache folder known: give {flag} or set SURAKARTA_TB_DIR"))
}

/// The file name of the N-stone tables for these rules.
fn file_name(rules: &TableRules, n: u32) -> String {
    let limit = rules
        .no_capture_limit
        .map_or("nolimit".to_string(), |l| format!("nocapture{l}"));
    let blocked = match rules.no_moves {
        NoMoves::Draw => "blockeddraws",
        NoMoves::Loses => "blockedloses",
    };
    let steps = if rules.diagonal_steps {
        "diagonal"
    } else {
        "straight"
    };
    format!("surakarta-{limit}-{blocked}-{steps}-{n}.sktb")
}

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn build(rules: &Ruleset, n: u32) -> Result<Tablebase, String> {
    let started = Instant::now();
    let tables = Tablebase::build(rules, n, &mut |p| {
        eprintln!(
            "  {}+{} stones: {} positions, {:.1} s",
            p.own,
            p.opp,
            p.positions,
            started.elapsed().as_secs_f64()
        );
    })
    .map_err(|e| e.to_string())?;
    eprintln!(
        "built the tables of 2-{n} stones in {:.1} s: {} positions stored, peak memory {}",
        started.elapsed().as_secs_f64(),
        tables.entries(),
        peak_memory_mb().map_or("unknown".into(), |m| format!("{m:.0} MB"))
    );
    Ok(tables)
}

fn save(dir: &Path, rules: &TableRules, tables: &Tablebase) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let path = dir.join(file_name(rules, tables.max_stones()));
    let bytes = tables.to_bytes();
    // Written aside and renamed: a reader never sees half a file, and two processes
    // building at once (two engines of one match) never write into one file.
    let part = path.with_extension(format!("part{}", std::process::id()));
    std::fs::write(&part, &bytes).map_err(|e| format!("writing {}: {e}", part.display()))?;
    std::fs::rename(&part, &path).map_err(|e| format!("writing {}: {e}", path.display()))?;
    eprintln!("kept in {} ({} bytes)", path.display(), bytes.len());
    Ok(())
}

/// The kept tables of at least `n` stones for these rules (the smallest such), if any;
/// a damaged or foreign file is said and passed over.
fn kept(dir: &Path, table_rules: &TableRules, n: u32) -> Option<Tablebase> {
    for size in n..=MAX_STONES {
        let path = dir.join(file_name(table_rules, size));
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        match Tablebase::from_bytes(&bytes) {
            Ok(t) if t.rules() == *table_rules => return Some(t),
            Ok(_) => eprintln!("{}: tables for other rules, ignored", path.display()),
            Err(e) => eprintln!("{}: {e}; building again", path.display()),
        }
    }
    None
}

/// The kept tables of at least `n` stones for these rules (the smallest such), or
/// tables built now (and kept).
fn load_or_build(dir: &Path, rules: &Ruleset, n: u32) -> Result<Tablebase, String> {
    let table_rules = TableRules::of(rules).map_err(|e| e.to_string())?;
    if let Some(t) = kept(dir, &table_rules, n) {
        return Ok(t);
    }
    eprintln!("no kept tables of {n} stones for these rules: building them");
    let tables = build(rules, n)?;
    if let Err(e) = save(dir, &table_rules, &tables) {
        eprintln!("not kept: {e}");
    }
    Ok(tables)
}

fn probe_json(p: &Probe) -> serde_json::Value {
    serde_json::json!({
        "value": p.value.id(),
        "dtz": p.dtz,
        "dtm": p.dtm,
    })
}

fn probe(pos: &Position, rules: &Ruleset, dir: &Path) -> Result<(), String> {
    let us = pos.side_to_move();
    let (own, opp) = (pos.stones(us).count(), pos.stones(us.other()).count());
    if own == 0 || opp == 0 {
        return Err(format!(
            "{pos}: the game is over (a side has no stones); tables hold positions in play"
        ));
    }
    if own + opp > MAX_STONES {
        return Err(format!(
            "{pos} has {} stones; tables go up to {MAX_STONES}",
            own + opp
        ));
    }
    let tables = load_or_build(dir, rules, (own + opp).max(2))?;
    let probe = tables
        .probe_with(pos, rules.ply_limit)
        .ok_or("the position is not in the tables")?;
    let moves = tables
        .moves(pos, rules.ply_limit)
        .ok_or("the position is not in the tables")?;
    let best = tables
        .best_moves(pos, rules.ply_limit)
        .ok_or("the position is not in the tables")?;
    let mut out = probe_json(&probe);
    out["position"] = serde_json::json!(pos.to_string());
    out["best_moves"] = serde_json::json!(best.iter().map(|m| m.to_string()).collect::<Vec<_>>());
    out["moves"] = moves
        .iter()
        .map(|m| {
            let mut j = probe_json(&m.probe);
            j["move"] = serde_json::json!(m.mv.to_string());
            j
        })
        .collect();
    println!("{out}");
    Ok(())
}

fn check(
    tables: &Tablebase,
    rules: &Ruleset,
    n: u32,
    sample: u64,
    depth: u32,
) -> Result<(), String> {
    let started = Instant::now();
    let checked = tables.verify(&mut |_| {})?;
    eprintln!(
        "one-ply check: {checked} positions agree with their moves ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    // Random positions of exactly n stones against a search without tables.
    let mut state = 0x5EED_u64 ^ u64::from(n);
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut engine = Engine::new(16);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let clock_start = Instant::now();
    let clock = || clock_start.elapsed();
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    let (mut decided, mut agreed) = (0, 0);
    for _ in 0..sample {
        let own_count = 1 + next() % u64::from(n - 1);
        let mut squares: Vec<u8> = (0..36).collect();
        for i in (1..squares.len()).rev() {
            squares.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let (mut red, mut black) = (0u64, 0u64);
        for (i, sq) in squares.iter().take(n as usize).enumerate() {
            if (i as u64) < own_count {
                red |= 1 << sq;
            } else {
                black |= 1 << sq;
            }
        }
        let pos = Position::from_parts(
            surakarta_engine::Bitboard(red),
            surakarta_engine::Bitboard(black),
            surakarta_engine::Side::Red,
            0,
            0,
        );
        let table = tables
            .probe_with(&pos, rules.ply_limit)
            .expect("in the table");
        let game = Game::from_position(pos, *rules);
        if game.outcome().is_some() {
            continue;
        }
        engine.clear();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let found = engine.search_without_tables(&game, limits, &ctl);
        // A forced result the search proves must be the table's, no quicker than its
        // distance to the end; a table result short enough for the search must be seen.
        if found.score.abs() > MATE_BOUND {
            decided += 1;
            let plies = (MATE - found.score.abs()) as u32;
            let value = if found.score > 0 {
                Value::Win
            } else {
                Value::Loss
            };
            let ok = table.value == value
                && match value {
                    Value::Win => table.dtm.is_some_and(|d| d <= plies),
                    _ => table.dtm.is_some_and(|d| d >= plies),
                };
            if !ok {
                return Err(format!(
                    "{pos}: a {depth}-ply search finds {} in {plies}, the table says {:?}",
                    value.id(),
                    table
                ));
            }
            agreed += 1;
        } else if table.dtm.is_some_and(|d| d + 2 <= depth) && table.value == Value::Win {
            return Err(format!(
                "{pos}: the table wins in {:?} plies but a {depth}-ply search does not see it",
                table.dtm
            ));
        }
    }
    eprintln!(
        "search check: {sample} random positions of {n} stones, {decided} decided within \
         {depth} plies, {agreed} agree ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    println!("ok");
    Ok(())
}
