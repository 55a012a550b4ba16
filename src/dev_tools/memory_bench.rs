//! `--bench-memory`: the resident memory of a session that reaches the endgame tables,
//! read from `/proc/self/status` (Linux): at the menu, after a whole game against Hard
//! (which comes down to the tables' few stones, so they are built or read), after the
//! game's analysis, then settled a few seconds later, and the peak. Printed at exit as one
//! line; `docs/measurements.md` has the command and the figures.
//!
//! The player's side is played by the engine at Intermediate (three plies, on this
//! thread): it takes back what it can, so stones come off on both sides and the game comes
//! down to the tables' five stones, as a real game against Hard does.

use crate::game::analysis::{Analyse, Analysis};
use crate::game::session::{Command, Ending, Mode, MoveChosen, Session, Start, Turn};
use crate::game::tables::EndgameTables;
use crate::options::Options;
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;
use surakarta_engine::ai::{Engine, Level, Limits, SearchControl};
use surakarta_engine::{Move, Ruleset, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, drive);
}

/// Where the session is.
#[derive(Default)]
enum Phase {
    /// At the menu, for its first frames.
    #[default]
    Menu,
    /// The game against Hard.
    Playing,
    /// The game's analysis.
    Analysing,
    /// Everything done: waiting for the memory to settle.
    Settling,
}

#[derive(Default)]
struct Bench {
    phase: Phase,
    /// Seconds since the phase began.
    since: f32,
    menu: f32,
    menu_anon: f32,
    after_game: f32,
    after_analysis: f32,
    plies: usize,
}

/// True while the tables are being read or built.
fn tables_loading(tables: &EndgameTables) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    if matches!(tables, EndgameTables::Loading(_)) {
        return true;
    }
    let _ = tables;
    false
}

/// How long the menu stands before the game, and the memory settles at the end.
const MENU_SECONDS: f32 = 3.0;
const SETTLE_SECONDS: f32 = 10.0;
/// A game not over by then is resigned by the player (Hard has not won it: it would not
/// come down to the tables).
const MAX_PLIES: usize = 400;

/// A field of `/proc/self/status` in megabytes (`VmRSS`: resident now; `VmHWM`: the
/// peak), or NaN where there is no such file.
fn status_mb(field: &str) -> f32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f32>().ok())
        })
        .map_or(f32::NAN, |kb| kb / 1024.0)
}

/// The player's move: Intermediate's, from a small engine of the bench's own.
fn players_move(engine: &mut Engine, session: &Session, ply: usize) -> Option<Move> {
    let stop = AtomicBool::new(false);
    let started = std::time::Instant::now();
    let clock = move || started.elapsed();
    let ctl = SearchControl {
        stop: &stop,
        clock: &clock,
    };
    engine
        .choose(
            &session.game,
            Level::Intermediate,
            Limits::default(),
            ply as u64,
            &ctl,
        )
        .best
}

#[allow(
    clippy::too_many_arguments,
    reason = "a bench of its own reads what each part of the session holds"
)]
fn drive(
    options: Res<Options>,
    time: Res<Time>,
    session: Res<Session>,
    turn: Option<Res<State<Turn>>>,
    analysis: Res<Analysis>,
    tables: Res<EndgameTables>,
    mut bench: Local<Bench>,
    mut engine: Local<Option<Engine>>,
    mut commands: MessageWriter<Command>,
    mut chosen: MessageWriter<MoveChosen>,
    mut analyse: MessageWriter<Analyse>,
    mut exit: MessageWriter<AppExit>,
) {
    if !options.bench_memory {
        return;
    }
    bench.since += time.delta_secs();
    let turn = turn.map(|t| *t.get());
    match bench.phase {
        Phase::Menu if bench.since >= MENU_SECONDS => {
            bench.menu = status_mb("VmRSS");
            bench.menu_anon = status_mb("RssAnon");
            commands.write(Command::NewGame {
                mode: Mode::VsComputer {
                    human: Side::Black,
                    level: Level::Hard,
                },
                rules: Ruleset::default(),
                from: Start::Fresh,
            });
            bench.phase = Phase::Playing;
            bench.since = 0.0;
        }
        Phase::Menu => {}
        Phase::Playing => {
            let game = &session.game;
            if game.outcome().is_some() && turn == Some(Turn::Over) {
                bench.after_game = status_mb("VmRSS");
                bench.plies = game.history().len();
                analyse.write(Analyse(game.clone()));
                bench.phase = Phase::Analysing;
                bench.since = 0.0;
            } else if turn == Some(Turn::Waiting)
                && game.side_to_move() == Side::Black
                && bench.since > 0.2
            {
                let ply = game.history().len();
                if ply >= MAX_PLIES {
                    commands.write(Command::End(Ending::Resign(Side::Black)));
                } else if let Some(mv) =
                    players_move(engine.get_or_insert_with(|| Engine::new(1)), &session, ply)
                {
                    chosen.write(MoveChosen(mv));
                }
                bench.since = 0.0;
            }
        }
        Phase::Analysing => {
            if bench.since > 1.0 && analysis.complete() && !analysis.running() {
                bench.after_analysis = status_mb("VmRSS");
                bench.phase = Phase::Settling;
                bench.since = 0.0;
            }
        }
        Phase::Settling => {
            // Tables still being built when the game ended are waited for.
            if tables_loading(&tables) {
                bench.since = 0.0;
            }
            if bench.since >= SETTLE_SECONDS {
                let built = if tables.tables().is_some() {
                    "with the endgame tables"
                } else {
                    "WITHOUT the endgame tables"
                };
                println!(
                    "resident memory (MB): menu {:.1}, after a game of {} plies against Hard \
                     {built} {:.1}, after its analysis {:.1}, settled {:.1} (the app's own \
                     {:.1}, mapped files {:.1}), peak {:.1}; the menu's own {:.1}",
                    bench.menu,
                    bench.plies,
                    bench.after_game,
                    bench.after_analysis,
                    status_mb("VmRSS"),
                    status_mb("RssAnon"),
                    status_mb("RssFile"),
                    status_mb("VmHWM"),
                    bench.menu_anon,
                );
                exit.write(AppExit::Success);
            }
        }
    }
}
