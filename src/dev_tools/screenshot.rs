//! `--screenshot PATH`: render the screen once it has settled, save it and exit; with
//! `--play MOVE`, then play the move and save every frame of it (the README's animation).

use crate::game::session::{MoveChosen, OnBoard, Turn};
use crate::options::Options;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::time::TimeUpdateStrategy;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, take_screenshot);
}

/// Frames to wait before the picture: meshes, text and layout are ready by then.
const SETTLE_FRAMES: u32 = 12;

/// The game time between two saved frames of a move: 25 a second, however long the
/// software renderer takes to draw one.
const FRAME_STEP: std::time::Duration = std::time::Duration::from_millis(40);

/// Frames saved after the move has landed (the captured stone gone, the board at rest).
const AFTER_FRAMES: u32 = 6;

/// The frames of a move asked for with `--play`.
#[derive(Default)]
struct Filming {
    /// Frames saved so far.
    saved: Vec<PathBuf>,
    /// Frames left once the move has landed.
    after: Option<u32>,
}

/// `shot.png` and 7: `shot-007.png`.
fn numbered(path: &str, n: usize) -> PathBuf {
    let path = Path::new(path);
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("frame");
    path.with_file_name(format!("{stem}-{n:03}.png"))
}

/// What the tool tells the app: draw, play the move, stop.
#[derive(bevy::ecs::system::SystemParam)]
struct Tell<'w> {
    exit: MessageWriter<'w, AppExit>,
    redraw: MessageWriter<'w, bevy::window::RequestRedraw>,
    chosen: MessageWriter<'w, MoveChosen>,
}

fn take_screenshot(
    options: Res<Options>,
    mut shooting: Local<(u32, Option<Filming>)>,
    mut commands: Commands,
    mut tell: Tell,
    board: OnBoard,
    turn: Option<Res<State<Turn>>>,
) {
    let (frames, filming) = &mut *shooting;
    let Tell {
        exit,
        redraw,
        chosen,
    } = &mut tell;
    let Some(path) = &options.screenshot else {
        return;
    };
    // The app draws only when asked (as a player's does); the picture needs its frames.
    redraw.write(bevy::window::RequestRedraw);
    *frames += 1;
    let frames = *frames;
    if frames == SETTLE_FRAMES {
        // An old picture at the path would look like this one already saved.
        let _ = std::fs::remove_file(path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
        // Beside it, what it should show (.ci/check_png.py samples the picture there).
        let beside = format!("{path}.json");
        commands.queue(move |world: &mut World| {
            let mut report = super::report::report(world);
            report["picture"] = super::report::picture(world);
            if let Err(e) = std::fs::write(&beside, report.to_string()) {
                error!("{beside}: {e}");
            }
        });
        if let Some(mv) = options.play {
            if !board.session().game.moves().contains(&mv) {
                error!("--play {mv} is not a legal move in the position on the board");
                exit.write(AppExit::error());
                return;
            }
            chosen.write(MoveChosen(mv));
            commands.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME_STEP));
            *filming = Some(Filming::default());
        }
    }
    if let Some(film) = filming.as_mut()
        && frames > SETTLE_FRAMES
        && film.after != Some(0)
    {
        let frame = numbered(path, film.saved.len());
        let _ = std::fs::remove_file(&frame);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(frame.clone()));
        film.saved.push(frame);
        let landed = turn.is_some_and(|t| *t.get() != Turn::Animating);
        film.after = match film.after {
            Some(n) => Some(n - 1),
            // A few frames in, so the move has begun before its end is looked for.
            None if landed && film.saved.len() > 3 => Some(AFTER_FRAMES),
            None => None,
        };
        if film.saved.len() > 400 {
            error!("--play: the move did not land in 400 frames");
            exit.write(AppExit::error());
        }
        return;
    }
    // Saving happens on another thread after the capture; wait for the files.
    let all_saved = Path::new(path).exists()
        && filming
            .as_ref()
            .is_none_or(|f| f.saved.iter().all(|p| p.exists()));
    if frames > SETTLE_FRAMES && all_saved {
        match filming.as_ref() {
            Some(f) => info!("saved {path} and {} frames of the move", f.saved.len()),
            None => info!("saved {path}"),
        }
        exit.write(AppExit::Success);
    }
    if frames > SETTLE_FRAMES + 600 {
        error!("the screenshot was not saved");
        exit.write(AppExit::error());
    }
}
