//! Surakarta, the app: the board, its loops and stones on screen, taps, the loop
//! animation, play against the computer and two players on one device.
//!
//! The rules live in `surakarta-engine`; this crate only shows them and asks them.
//! One folder per part of the app, each one Bevy plugin (docs/app.md has the map);
//! [`plugin`] adds them all, [`run`] starts the desktop app.

pub mod bars;
pub mod board;
#[cfg(any(feature = "dev", target_arch = "wasm32"))]
pub mod dev_tools;
pub mod game;
pub mod online;
pub mod options;
pub mod panels;
pub mod persist;
pub mod platform;
pub mod puzzles;
pub mod screens;
pub mod settings;
pub mod shell;
pub mod ui;

use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use bevy::window::WindowResolution;
pub use options::Options;

/// The game's own plugins, without windowing or rendering: the app adds these to
/// `DefaultPlugins`, the tests to `MinimalPlugins`.
pub fn plugin(app: &mut App) {
    app.add_plugins(shell::navigation::plugin);
    app.add_plugins(bevy_tweening::TweeningPlugin);
    app.add_plugins((
        settings::plugin,
        ui::plugin,
        game::plugin,
        puzzles::plugin,
        board::plugin,
        ui::widgets_plugin,
        bars::plugin,
        screens::plugin,
        panels::plugin,
        persist::plugin,
        shell::plugin,
        platform::plugin,
        online::plugin,
    ));
    #[cfg(any(feature = "dev", target_arch = "wasm32"))]
    app.add_plugins(dev_tools::report::plugin);
}

/// The whole app for a window: Bevy's default plugins, the game, and the command-line
/// tools (screenshot, frame-time report).
pub fn app(options: Options) -> App {
    let size = options.window_size.unwrap_or(Vec2::new(390.0, 844.0));
    let mut resolution = WindowResolution::new(size.x as u32, size.y as u32);
    if options.window_size.is_some() {
        // Tools ask for logical points; render them one to one.
        resolution = resolution.with_scale_factor_override(1.0);
    }
    let window = Window {
        title: "Surakarta".into(),
        resolution,
        // Shown once it has drawn (`show_when_drawn`): not a frame of whatever the window
        // held before. A page's canvas is the page's to show.
        visible: cfg!(target_arch = "wasm32"),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        // The page (web/index.html) gives the canvas its place.
        canvas: cfg!(target_arch = "wasm32").then(|| "#surakarta".into()),
        ..default()
    };
    let fit = options.window_size.is_none() && !cfg!(target_arch = "wasm32");
    let mut app = build(options, window);
    // A desktop's window (not a phone's, which is the screen; not a page's canvas).
    if fit {
        app.add_systems(Update, fit_the_screen);
    }
    app
}

/// The app on a phone: full screen, status bar and home indicator hidden while playing.
pub fn run_mobile() {
    // UIKit looks the scene delegate up by name when it connects the app's scene, which
    // happens inside the event loop's `UIApplicationMain`.
    #[cfg(target_os = "ios")]
    platform::register_scene_delegate();
    let window = Window {
        title: "Surakarta".into(),
        mode: bevy::window::WindowMode::BorderlessFullscreen(MonitorSelection::Primary),
        resizable: false,
        prefers_home_indicator_hidden: true,
        prefers_status_bar_hidden: true,
        // iOS: invisible until its first frames are drawn (`show_when_drawn`), so that Bevy
        // updates, and puts the window in its scene (`platform/ios.rs`), before winit's
        // first `RedrawRequested`, which a window outside any scene never gets.
        visible: !cfg!(target_os = "ios"),
        ..default()
    };
    build(Options::default(), window).run();
}

/// What the log shows (natively; a page's console gets errors only,
/// `platform/console.rs`).
#[cfg(not(target_arch = "wasm32"))]
const LOG_FILTER: &str = "wgpu=error,naga=warn,bevy_render=warn,surakarta=info";

fn build(options: Options, window: Window) -> App {
    let mut app = App::new();
    let window = WindowPlugin {
        primary_window: Some(window),
        ..default()
    };
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(DefaultPlugins.set(window).set(bevy::log::LogPlugin {
        filter: LOG_FILTER.into(),
        level: bevy::log::Level::INFO,
        ..default()
    }));
    #[cfg(target_arch = "wasm32")]
    {
        platform::console::install();
        app.add_plugins(web_plugins(window));
    }
    // Tools that set up their own position must not touch the player's saved game.
    let tool = options.is_tool();
    app.insert_resource(winit_settings(&options));
    app.insert_resource(if tool {
        persist::Storage(None)
    } else {
        persist::Storage::platform()
    });
    if tool {
        app.insert_resource(platform::clipboard::Clipboard::Memory(None));
    }
    app.add_plugins(plugin);
    // The board kept as a picture between its changes: a window's alone (the tests draw
    // nothing).
    app.add_plugins(board::picture::plugin);
    app.insert_resource(game::tables::EndgameTables::for_this_platform());
    if options.language.is_some() || options.theme.is_some() {
        let (language, theme) = (options.language, options.theme);
        app.add_systems(
            Startup,
            (move |mut s: ResMut<settings::Settings>| {
                s.language = language.or(s.language);
                s.theme = theme.unwrap_or(s.theme);
            })
            .after(persist::load),
        );
    }
    app.add_systems(Last, show_when_drawn);
    // The game's own systems, one after another on the main thread, as the web build runs
    // them: each is small, and handing them out to the other cores cost more than they do
    // (with the software renderer, a running clock's frame once a second: 1.8% of a core
    // against 2.1%, docs/measurements.md). The computer's search has threads of its own;
    // the render world keeps Bevy's executor.
    for schedule in [
        First.intern(),
        PreUpdate.intern(),
        Update.intern(),
        PostUpdate.intern(),
        Last.intern(),
    ] {
        app.edit_schedule(schedule, |s| {
            s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
        });
    }
    app.insert_resource(options.clone());
    #[cfg(feature = "dev")]
    app.add_plugins(dev_tools::plugin);
    app
}

/// Bevy's `DefaultPlugins` for the web build, without its `LogPlugin`, whose log filter
/// and span registry are 50 KB of the wasm the page never uses: a page logs errors only,
/// to the browser's console (`platform/console.rs`). A plugin left out of `DefaultPlugins`
/// with `disable` is still linked, so the group is listed here: the plugins `DefaultPlugins`
/// adds for the Bevy features the web build has (Cargo.toml), in its order. On a Bevy
/// update, compare with `DefaultPlugins` in `bevy_internal/src/default_plugins.rs`
/// (docs/web.md).
#[cfg(target_arch = "wasm32")]
fn web_plugins(window: WindowPlugin) -> bevy::app::PluginGroupBuilder {
    bevy::app::PluginGroupBuilder::start::<DefaultPlugins>()
        .add(bevy::app::PanicHandlerPlugin)
        .add(bevy::app::TaskPoolPlugin::default())
        .add(bevy::diagnostic::FrameCountPlugin)
        .add(bevy::time::TimePlugin)
        .add(bevy::transform::TransformPlugin)
        .add(bevy::diagnostic::DiagnosticsPlugin)
        .add(bevy::input::InputPlugin)
        .add(window)
        .add(bevy::a11y::AccessibilityPlugin)
        .add(bevy::asset::AssetPlugin::default())
        .add(bevy::winit::WinitPlugin::default())
        .add(bevy::render::RenderPlugin::default())
        .add(bevy::image::ImagePlugin::default())
        .add(bevy::mesh::MeshPlugin)
        .add(bevy::camera::CameraPlugin)
        .add(bevy::core_pipeline::CorePipelinePlugin)
        .add(bevy::sprite::SpritePlugin)
        .add(bevy::sprite_render::SpriteRenderPlugin)
        .add(bevy::text::TextPlugin)
        .add(bevy::ui::UiPlugin)
        .add(bevy::ui_render::UiRenderPlugin)
        .add(bevy::state::app::StatesPlugin)
}

/// When the app draws: only when something moves or changes (`shell/awake.rs`), so a
/// board game at rest draws nothing; a position or panel set up from the command line
/// idles like the game players get. Only the benches, which count frames or play a game
/// by themselves, have them all (a screenshot asks for the frames it waits, `dev_tools/screenshot.rs`).
pub fn winit_settings(options: &Options) -> bevy::winit::WinitSettings {
    if options.bench_frames.is_some() || options.bench_memory {
        return bevy::winit::WinitSettings::game();
    }
    let wake = bevy::winit::UpdateMode::reactive_low_power(std::time::Duration::from_secs(10));
    bevy::winit::WinitSettings {
        focused_mode: wake,
        unfocused_mode: wake,
    }
}

/// A window made hidden is shown after its first frames are drawn (Bevy's way to keep the
/// desktop from showing an empty window, a frame of noise, before the menu).
fn show_when_drawn(
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    frames: Res<bevy::diagnostic::FrameCount>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for mut window in &mut windows {
        if window.visible {
            continue;
        }
        if frames.0 >= 3 {
            window.visible = true;
        } else {
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

/// The window's size on a screen of `screen` logical points: as it is when it fits;
/// otherwise the same shape, as large as fits with room for the system's bars and the
/// window's title. `None`: it fits.
pub fn fitted_window(window: Vec2, screen: Vec2) -> Option<Vec2> {
    if window.x <= screen.x && window.y <= screen.y {
        return None;
    }
    /// Left for a title bar, a dock or a taskbar.
    const MARGIN: f32 = 96.0;
    let room = (screen - Vec2::splat(MARGIN)).max(Vec2::splat(160.0));
    let k = (room.x / window.x).min(room.y / window.y).min(1.0);
    Some((window * k).round())
}

/// A desktop whose screen is shorter than a phone (844 points) opens the window smaller, of
/// the same shape and layout (drawn at a smaller scale), centred, instead of running off
/// the bottom of the screen.
fn fit_the_screen(
    monitors: Query<&bevy::window::Monitor, With<bevy::window::PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Some(monitor), Ok(mut window)) = (monitors.iter().next(), windows.single_mut()) else {
        return;
    };
    *done = true;
    let scale = monitor.scale_factor.max(0.1) as f32;
    let screen = Vec2::new(
        monitor.physical_width as f32,
        monitor.physical_height as f32,
    ) / scale;
    let size = Vec2::new(window.width(), window.height());
    if let Some(fitted) = fitted_window(size, screen) {
        // The phone's layout, drawn smaller: the same points, fewer pixels each.
        let k = fitted.y / size.y;
        window
            .resolution
            .set_physical_resolution((fitted.x * scale) as u32, (fitted.y * scale) as u32);
        window.resolution.set_scale_factor_override(Some(scale * k));
        window.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
}

/// Why a record file named on the command line cannot be reviewed.
#[derive(Debug)]
pub enum RecordFileError {
    /// The file could not be read.
    Read(String, std::io::Error),
    /// It is not a game record the rules allow.
    Record(String, surakarta_engine::ParseRecordError),
}

impl std::fmt::Display for RecordFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordFileError::Read(path, e) => write!(f, "{path}: {e}"),
            RecordFileError::Record(path, e) => write!(f, "{path}: {e}"),
        }
    }
}

impl std::error::Error for RecordFileError {}

/// The game in a record file, checked move by move.
fn read_record(path: &str) -> Result<surakarta_engine::Game, RecordFileError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| RecordFileError::Read(path.to_owned(), e))?;
    text.parse::<surakarta_engine::Record>()
        .and_then(|r| r.to_game())
        .map_err(|e| RecordFileError::Record(path.to_owned(), e))
}

/// Starts the desktop app with the command-line options; returns the process exit code.
pub fn run() -> std::process::ExitCode {
    platform::keep_large_blocks_apart();
    let options = match Options::from_args(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("error: {message}\n\n{}", options::USAGE);
            return std::process::ExitCode::from(2);
        }
    };
    if options.help {
        println!("{}", options::USAGE);
        return std::process::ExitCode::SUCCESS;
    }
    let review = match options.record.as_deref().map(read_record) {
        Some(Err(message)) => {
            eprintln!("error: {message}");
            return std::process::ExitCode::from(2);
        }
        Some(Ok(game)) => Some(game),
        None => None,
    };
    let mut app = app(options);
    app.insert_resource(screens::review::PendingReview(review));
    match app.run() {
        AppExit::Success => std::process::ExitCode::SUCCESS,
        AppExit::Error(code) => std::process::ExitCode::from(code.get()),
    }
}
