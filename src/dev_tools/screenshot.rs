//! `--screenshot PATH`: render the screen once it has settled, save it and exit.

use crate::options::Options;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, take_screenshot);
}

/// Frames to wait before the picture: meshes, text and layout are ready by then.
const SETTLE_FRAMES: u32 = 12;

fn take_screenshot(
    options: Res<Options>,
    mut frames: Local<u32>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some(path) = &options.screenshot else {
        return;
    };
    // The app draws only when asked (as a player's does); the picture needs its frames.
    redraw.write(bevy::window::RequestRedraw);
    *frames += 1;
    if *frames == SETTLE_FRAMES {
        // An old picture at the path would look like this one already saved.
        let _ = std::fs::remove_file(path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
    }
    // Saving happens on another thread after the capture; wait for the file.
    if *frames > SETTLE_FRAMES && std::path::Path::new(path).exists() {
        info!("saved {path}");
        exit.write(AppExit::Success);
    }
    if *frames > SETTLE_FRAMES + 600 {
        error!("the screenshot was not saved");
        exit.write(AppExit::error());
    }
}
