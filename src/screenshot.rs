//! `--screenshot PATH`: render the game screen once it has settled, save it and exit.
//! Also sets up the position and selection asked for with `--fen` and `--select`.

use crate::hud::PanelState;
use crate::options::{Options, Panel};
use crate::selection::Selection;
use crate::session::{Mode, Session, Turn, settled_turn};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use surakarta_engine::{Game, Ruleset};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, apply_options)
        .add_systems(Last, take_screenshot);
}

fn apply_options(
    options: Res<Options>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut panels: ResMut<PanelState>,
    mut turn: ResMut<NextState<Turn>>,
    mut tutorial: ResMut<crate::tutorial::Tutorial>,
    mut aside: ResMut<crate::session::Aside>,
) {
    if let Some(lesson) = options.lesson {
        crate::tutorial::start_lesson(
            lesson,
            &mut tutorial,
            &mut aside,
            &mut session,
            &mut selection,
            &mut panels,
            &mut turn,
        );
        if let Some(state) = options.lesson_state {
            tutorial.state = state;
        }
        return;
    }
    // A panel asked for is shown over the position (or the start).
    if let Some(panel) = options.panel {
        panels.menu = false;
        match panel {
            Panel::Menu => panels.menu = true,
            Panel::NewGame => panels.new_game = true,
            Panel::Settings => panels.settings = true,
            Panel::Stats => panels.stats = true,
            Panel::Rules => panels.rules = true,
            Panel::Records => panels.records = true,
            Panel::Leave => panels.leave_prompt = true,
        }
    }
    // Without a position the app opens as a player sees it: on the menu.
    if options.fen.is_none() && options.select.is_none() && options.bench_frames.is_none() {
        return;
    }
    if options.panel.is_none() {
        panels.menu = false;
    }
    if let Some(pos) = options.fen {
        session.game = Game::from_position(pos, Ruleset::default());
        session.mode = Mode::TwoPlayers;
    }
    if let Some(sq) = options.select {
        selection.stone = Some(sq);
    }
    turn.set(settled_turn(&session));
}

/// Frames to wait before the picture: meshes, text and layout are ready by then.
const SETTLE_FRAMES: u32 = 12;

fn take_screenshot(
    options: Res<Options>,
    mut frames: Local<u32>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &options.screenshot else {
        return;
    };
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
