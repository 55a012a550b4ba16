//! `--bench-frames N`: frame times while idle and while the computer thinks on Hard,
//! printed at exit (median and 99th percentile), to show that thinking never holds up a
//! frame.

use crate::game::session::{Command, Mode, Session};
use crate::options::Options;
use bevy::prelude::*;
use surakarta_engine::ai::Level;
use surakarta_engine::{Ruleset, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, measure);
}

#[derive(Default)]
struct Samples {
    frame: u32,
    /// Frames since the last new game: the frames that rebuild the board are not
    /// frames of thinking, and are left out.
    since_restart: u32,
    idle: Vec<f32>,
    thinking: Vec<f32>,
}

/// The computer (Hard) plays Red, so it moves first and starts thinking at once.
fn new_game() -> Command {
    Command::NewGame {
        mode: Mode::VsComputer {
            human: Side::Black,
            level: Level::Hard,
        },
        rules: Ruleset::default(),
        from: crate::game::session::Start::Fresh,
    }
}

/// Frames after a new game that still rebuild stones and marks.
const SETTLE_AFTER_RESTART: u32 = 4;

fn stats(v: &mut [f32]) -> (f32, f32) {
    v.sort_by(f32::total_cmp);
    let at = |q: f32| v[((v.len() - 1) as f32 * q).round() as usize];
    (at(0.5), at(0.99))
}

fn measure(
    options: Res<Options>,
    time: Res<Time>,
    mut samples: Local<Samples>,
    computer: Res<crate::game::computer::Computer>,
    session: Res<Session>,
    mut commands: MessageWriter<Command>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(n) = options.bench_frames else {
        return;
    };
    samples.frame += 1;
    let warmup = 30;
    if samples.frame <= warmup {
        return;
    }
    let ms = time.delta_secs() * 1000.0;
    if samples.idle.len() < n as usize {
        samples.idle.push(ms);
        if samples.idle.len() == n as usize {
            commands.write(Command::NewGame {
                mode: Mode::VsComputer {
                    human: Side::Black,
                    level: Level::Hard,
                },
                rules: Ruleset::default(),
                from: crate::game::session::Start::Fresh,
            });
        }
        return;
    }
    samples.since_restart += 1;
    if computer.thinking() {
        if samples.since_restart > SETTLE_AFTER_RESTART {
            samples.thinking.push(ms);
        }
    } else if session.human_to_move() {
        // The computer has answered: start again, so that it thinks on.
        commands.write(new_game());
        samples.since_restart = 0;
    }
    if samples.thinking.len() >= n as usize {
        let (idle_median, idle_p99) = stats(&mut samples.idle);
        let (think_median, think_p99) = stats(&mut samples.thinking);
        println!("frames {n} idle: median {idle_median:.1} ms, p99 {idle_p99:.1} ms");
        println!(
            "frames {n} computer thinking (Hard): median {think_median:.1} ms, p99 {think_p99:.1} ms"
        );
        exit.write(AppExit::Success);
    }
}
