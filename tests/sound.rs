//! Sounds are cued when a stone lands: a step's tap, a capture's knock, and the chime when
//! the game ends; none when the player turned sound off. (What plays them differs per
//! platform; the cues are the same everywhere.)

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::session::{Mode, Turn};
use surakarta::shell::sound::Cue;

#[derive(Resource, Default)]
struct Heard(Vec<Cue>);

fn listen(mut cues: MessageReader<Cue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().copied());
}

fn sound_app() -> App {
    let mut app = app();
    app.init_resource::<Heard>();
    app.add_systems(Last, listen);
    app
}

fn heard(app: &App) -> Vec<Cue> {
    app.world().resource::<Heard>().0.clone()
}

#[test]
fn a_step_a_capture_and_the_end_each_sound_once_the_stone_lands() {
    let mut app = sound_app();
    set_game(&mut app, "5b/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "b3");
    tap(&mut app, "e3");
    // The stone is still running round the loop: nothing yet.
    assert_eq!(heard(&app), vec![]);
    assert!(run_until(&mut app, 5.0, |a| !heard(a).is_empty()));
    assert_eq!(heard(&app), vec![Cue::Capture]);
    assert!(run_until(&mut app, 2.0, |a| turn(a)
        == surakarta::game::session::Turn::Waiting));

    play_settled(&mut app, "f6", "e6");
    assert!(run_until(&mut app, 3.0, |a| heard(a).len() == 2));
    assert_eq!(heard(&app)[1], Cue::Step);

    // Red takes the last black stone: the capture, then the chime.
    set_game(&mut app, "6/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    app.world_mut().resource_mut::<Heard>().0.clear();
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 5.0, |a| heard(a).len() == 2));
    assert_eq!(heard(&app), vec![Cue::Capture, Cue::GameOver]);
}

#[test]
fn a_game_that_ends_off_the_board_chimes_once() {
    use surakarta::game::session::{Command, Ending};
    let mut app = sound_app();
    set_game(&mut app, "5b/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    for _ in 0..3 {
        app.update();
    }
    app.world_mut().resource_mut::<Heard>().0.clear();
    // A resignation (as the friend's, or a clock run out, arrives from the server): no
    // stone lands, and the end is still heard, once.
    app.world_mut()
        .write_message(Command::End(Ending::Resign(surakarta_engine::Side::Black)));
    assert!(run_until(&mut app, 2.0, |a| !heard(a).is_empty()));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(heard(&app), vec![Cue::GameOver]);
}

#[test]
fn no_sound_when_it_is_turned_off() {
    let mut app = sound_app();
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .sound = false;
    set_game(&mut app, "6/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    play(&mut app, "b3", "e3");
    assert!(run_until(&mut app, 5.0, |a| turn(a) == Turn::Over));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(heard(&app), vec![]);
}

#[test]
fn the_audio_output_closes_when_the_app_is_suspended_and_opens_again_for_the_next_sound() {
    use bevy::window::AppLifecycle;
    use surakarta::shell::sound::{Played, RecordingSpeaker};
    let mut app = sound_app();
    let speaker = RecordingSpeaker::default();
    surakarta::shell::sound::install(&mut app, speaker.clone());
    set_game(&mut app, surakarta_engine::START_FEN, Mode::TwoPlayers);
    // Nothing is open before there is something to hear.
    app.update();
    assert_eq!(speaker.log(), vec![]);
    play_settled(&mut app, "b2", "b3");
    assert!(run_until(&mut app, 3.0, |_| !speaker.log().is_empty()));
    assert_eq!(speaker.log(), vec![Played::Opened, Played::Cue(Cue::Step)]);

    // Suspended: the output goes (a running stream keeps a phone's audio hardware awake),
    // and a sound cued meanwhile is not played.
    app.world_mut().write_message(AppLifecycle::WillSuspend);
    app.update();
    app.world_mut().write_message(AppLifecycle::Suspended);
    app.world_mut().write_message(Cue::Capture);
    app.update();
    let closed = vec![Played::Opened, Played::Cue(Cue::Step), Played::Closed];
    assert_eq!(speaker.log(), closed);

    // Back in front: the next sound opens it again.
    app.world_mut().write_message(AppLifecycle::WillResume);
    app.update();
    app.world_mut().write_message(AppLifecycle::Running);
    app.update();
    assert_eq!(speaker.log(), closed, "opened for a sound, not before");
    play_settled(&mut app, "e5", "e4");
    assert!(run_until(&mut app, 3.0, |_| speaker.log().len() == 5));
    assert_eq!(speaker.log()[3..], [Played::Opened, Played::Cue(Cue::Step)]);
}
