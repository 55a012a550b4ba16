//! Frames only when they show something new. The window updates on input and window events
//! (`WinitSettings`, set in `lib.rs`), and this file asks for the next frame only while
//! something moves or thinks (a move's animation, the board turning, the computer or a
//! hint, the circuits lesson's lights, the result coming up) or has just changed and has
//! more to show in the frames after (a state about to change, a message on its way, a
//! setting that repaints). A board game left alone then draws nothing: on a phone, that is
//! the battery.

use crate::circuits::Bead;
use crate::computer::Computer;
use crate::input::Tapped;
use crate::panels::new_game::NewGameChoice;
use crate::records::Records;
use crate::screens::game::ResultDelay;
use crate::screens::lesson::LessonStep;
use crate::screens::review::{OpenReview, ReviewStep};
use crate::selection::Selection;
use crate::session::{Command, MoveChosen, MoveFinished, MovePlayed, Practice, Session, Turn};
use crate::settings::Settings;
use crate::tutorial::Tutorial;
use crate::{Panel, Screen};
use bevy::diagnostic::FrameCount;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use bevy::window::RequestRedraw;
use bevy_tweening::TweenAnim;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .add_systems(Startup, steady_clock)
        .add_systems(
            Last,
            ask_for_a_frame.run_if(
                busy.or_else(pending::<Screen>)
                    .or_else(pending::<Panel>)
                    .or_else(pending::<Turn>)
                    .or_else(written::<MoveChosen>)
                    .or_else(written::<MovePlayed>)
                    .or_else(written::<MoveFinished>)
                    .or_else(written::<Command>)
                    .or_else(written::<Tapped>)
                    .or_else(written::<LessonStep>)
                    .or_else(written::<ReviewStep>)
                    .or_else(written::<OpenReview>)
                    .or_else(written::<crate::analysis::Analyse>)
                    // What the screen is drawn from: some of it is taken up next frame
                    // (a language, a theme, a panel rebuilt).
                    .or_else(resource_changed::<Session>)
                    .or_else(resource_changed::<Practice>)
                    .or_else(resource_changed::<Selection>)
                    .or_else(resource_changed::<Settings>)
                    .or_else(resource_changed::<Tutorial>)
                    .or_else(resource_changed::<Records>)
                    .or_else(resource_changed::<NewGameChoice>),
            ),
        );
}

/// The most game time one frame may take. The frame that wakes the app after a rest
/// would otherwise be as long as the rest (up to Bevy's cap of 250 ms), and a move begun
/// on it, by the very tap that woke it, would jump most of its 150 ms slide.
pub const MAX_FRAME_STEP: std::time::Duration = std::time::Duration::from_millis(50);

fn steady_clock(mut time: ResMut<Time<Virtual>>) {
    time.set_max_delta(MAX_FRAME_STEP);
}

/// Frames at the start, while fonts, layout and meshes settle.
const START_FRAMES: u32 = 10;

/// What keeps moving or thinking by itself.
#[derive(SystemParam)]
pub struct Moving<'w, 's> {
    tweens: Query<'w, 's, (), With<TweenAnim>>,
    beads: Query<'w, 's, (), With<Bead>>,
    computer: Res<'w, Computer>,
    analysis: Res<'w, crate::analysis::Analysis>,
    delay: Res<'w, ResultDelay>,
    frames: Res<'w, FrameCount>,
}

/// True while anything on screen moves, or the computer thinks or analyses.
pub fn busy(m: Moving) -> bool {
    !m.tweens.is_empty()
        || !m.beads.is_empty()
        || m.computer.thinking()
        || m.computer.hinting()
        || m.analysis.running()
        || m.delay.pending()
        || m.frames.0 < START_FRAMES
}

/// True when a message of this kind was written this frame: it is taken up in the next.
fn written<M: Message>(messages: Option<Res<Messages<M>>>) -> bool {
    messages.is_some_and(|m| m.iter_current_update_messages().len() > 0)
}

/// True when this state is to change: the change and what it brings come next frame.
fn pending<S: FreelyMutableState>(next: Option<Res<NextState<S>>>) -> bool {
    next.is_some_and(|n| !matches!(*n, NextState::Unchanged))
}

fn ask_for_a_frame(mut redraw: MessageWriter<RequestRedraw>) {
    redraw.write(RequestRedraw);
}
