//! Frames only when they show something new. The window updates on input and window events
//! (`WinitSettings`, set in `lib.rs`), and the app asks for the next frame only while
//! something moves or thinks (a move's animation, the board turning, the computer or a
//! hint, the circuits lesson's lights, the result coming up) or has just changed and has
//! more to show in the frames after (a state about to change, a message on its way, a
//! setting that repaints). A board game left alone then draws nothing: on a phone, that is
//! the battery.
//!
//! Each part of the app says what keeps it awake, in its own plugin, through [`KeepAwake`]
//! (`app.wake_on::<MovePlayed>()`, `app.wake_while(thinking)`); this file knows none of
//! them. It keeps the app awake itself while a tween runs and for the first frames.

use bevy::diagnostic::FrameCount;
use bevy::ecs::schedule::SystemCondition;
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use bevy::window::{AppLifecycle, RequestRedraw};
use bevy_tweening::TweenAnim;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .init_resource::<Wanted>()
        .init_resource::<Paced>()
        .init_resource::<Due>()
        .add_message::<AppLifecycle>()
        .add_systems(Startup, steady_clock)
        .add_systems(PreUpdate, freeze_while_suspended)
        .add_systems(Last, ask_for_a_frame.after(Reasons))
        .wake_while(tweening.or_else(starting));
}

/// What keeps a part of the app drawing: each plugin adds its own reasons.
pub trait KeepAwake {
    /// A frame after each frame in which a message of this kind was written: it is taken
    /// up in the next.
    fn wake_on<M: Message>(&mut self) -> &mut Self;
    /// A frame after each frame in which this resource changed: some of what is drawn
    /// from it is taken up next frame (a language, a theme, a panel rebuilt).
    fn wake_on_change<R: Resource>(&mut self) -> &mut Self;
    /// A frame after each frame in which this state is to change: the change and what it
    /// brings come next frame.
    fn wake_on_state<S: FreelyMutableState>(&mut self) -> &mut Self;
    /// Frames for as long as this holds (something moves or thinks by itself).
    fn wake_while<M>(&mut self, condition: impl SystemCondition<M>) -> &mut Self;
    /// At most `per_second` frames a second for as long as this holds: something that
    /// moves slowly and by itself (the circuits lesson's lights), smooth at that rate and
    /// not worth every frame the screen can show.
    fn wake_paced<M>(&mut self, per_second: u32, condition: impl SystemCondition<M>) -> &mut Self;

    /// A frame after the wait `next` says (`None`: none wanted): for something that
    /// changes at moments it knows, as a clock's face does, drawn only then.
    fn wake_after<M>(
        &mut self,
        next: impl IntoSystem<(), Option<std::time::Duration>, M> + 'static,
    ) -> &mut Self;
}

impl KeepAwake for App {
    fn wake_on<M: Message>(&mut self) -> &mut Self {
        self.wake_while(written::<M>)
    }

    fn wake_on_change<R: Resource>(&mut self) -> &mut Self {
        self.wake_while(resource_exists_and_changed::<R>)
    }

    fn wake_on_state<S: FreelyMutableState>(&mut self) -> &mut Self {
        self.wake_while(pending::<S>)
    }

    fn wake_while<M>(&mut self, condition: impl SystemCondition<M>) -> &mut Self {
        self.add_systems(Last, want_a_frame.run_if(condition).in_set(Reasons))
    }

    fn wake_paced<M>(&mut self, per_second: u32, condition: impl SystemCondition<M>) -> &mut Self {
        let every = std::time::Duration::from_secs_f64(1.0 / f64::from(per_second.max(1)));
        self.add_systems(
            Last,
            (move |mut paced: ResMut<Paced>| {
                paced.0 = Some(paced.0.map_or(every, |p| p.min(every)));
            })
            .run_if(condition)
            .in_set(Reasons),
        )
    }

    fn wake_after<M>(
        &mut self,
        next: impl IntoSystem<(), Option<std::time::Duration>, M> + 'static,
    ) -> &mut Self {
        self.add_systems(
            Last,
            next.pipe(
                |In(wait): In<Option<std::time::Duration>>, mut due: ResMut<Due>| {
                    if let Some(wait) = wait {
                        due.0 = Some(due.0.map_or(wait, |d| d.min(wait)));
                    }
                },
            )
            .in_set(Reasons),
        )
    }
}

/// The most game time one frame may take. The frame that wakes the app after a rest
/// would otherwise be as long as the rest (up to Bevy's cap of 250 ms), and a move begun
/// on it, by the very tap that woke it, would jump most of its 150 ms slide.
pub const MAX_FRAME_STEP: std::time::Duration = std::time::Duration::from_millis(50);

fn steady_clock(mut time: ResMut<Time<Virtual>>) {
    time.set_max_delta(MAX_FRAME_STEP);
}

/// Game time stops while the app is suspended (animations freeze where they are) and goes
/// on from there on resume.
fn freeze_while_suspended(
    mut events: MessageReader<AppLifecycle>,
    mut time: ResMut<Time<Virtual>>,
) {
    for event in events.read() {
        match event {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => time.pause(),
            AppLifecycle::WillResume | AppLifecycle::Running => time.unpause(),
            AppLifecycle::Idle => {}
        }
    }
}

/// Frames at the start, while fonts, layout and meshes settle.
const START_FRAMES: u32 = 10;

fn tweening(tweens: Query<(), With<TweenAnim>>) -> bool {
    !tweens.is_empty()
}

fn starting(frames: Res<FrameCount>) -> bool {
    frames.0 < START_FRAMES
}

/// True when a message of this kind was written this frame: it is taken up in the next.
fn written<M: Message>(messages: Option<Res<Messages<M>>>) -> bool {
    messages.is_some_and(|m| m.iter_current_update_messages().len() > 0)
}

/// True when this state is to change: the change and what it brings come next frame.
fn pending<S: FreelyMutableState>(next: Option<Res<NextState<S>>>) -> bool {
    next.is_some_and(|n| !matches!(*n, NextState::Unchanged))
}

/// The reasons, each a system that runs when its condition holds.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Reasons;

/// Whether some reason wants the next frame.
#[derive(Resource, Default)]
struct Wanted(bool);

fn want_a_frame(mut wanted: ResMut<Wanted>) {
    wanted.0 = true;
}

/// The longest wait between frames something paced wants, if anything does.
#[derive(Resource, Default)]
struct Paced(Option<std::time::Duration>);

/// How long until something that changes at a moment it knows (a clock's face) wants its
/// next frame, if anything does (`wake_after`).
#[derive(Resource, Default)]
struct Due(Option<std::time::Duration>);

/// One frame asked for, however many reasons want it. A paced reason alone does not ask:
/// the window wakes itself after the pace's wait (the desktop's and phones' way of
/// drawing, `WinitSettings`, is set for as long as it holds, then put back).
fn ask_for_a_frame(
    (mut wanted, mut paced, mut due): (ResMut<Wanted>, ResMut<Paced>, ResMut<Due>),
    mut redraw: MessageWriter<RequestRedraw>,
    winit: Option<ResMut<bevy::winit::WinitSettings>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut usual: Local<Option<bevy::winit::WinitSettings>>,
    mut armed: Local<Option<bevy::platform::time::Instant>>,
) {
    let wanted = std::mem::take(&mut wanted.0);
    let paced = paced.0.take();
    if wanted {
        redraw.write(RequestRedraw);
    }
    // A frame due at a known moment: an alarm wakes the app then. Not through the update
    // mode's wait: a changed mode makes winit draw at once, and a wait that changes every
    // frame (a clock's face is due a little sooner each frame) would draw without rest.
    if let (Some(wait), Some(proxy)) = (due.0.take(), proxy.as_ref()) {
        let now = bevy::platform::time::Instant::now();
        let at = now + wait;
        let earlier = |a: bevy::platform::time::Instant| a <= now || at + ALARM_SLACK < a;
        if armed.is_none_or(earlier) {
            *armed = Some(at);
            alarm(wait, (***proxy).clone());
        }
    }
    let Some(mut winit) = winit else { return };
    let usual = usual.get_or_insert_with(|| winit.clone());
    let next = match paced {
        Some(every) if !wanted => {
            let mode = bevy::winit::UpdateMode::reactive_low_power(every);
            bevy::winit::WinitSettings {
                focused_mode: mode,
                unfocused_mode: mode,
            }
        }
        _ => usual.clone(),
    };
    if (winit.focused_mode, winit.unfocused_mode) != (next.focused_mode, next.unfocused_mode) {
        *winit = next;
    }
}

/// An alarm already set for a moment this close to the one wanted does.
const ALARM_SLACK: std::time::Duration = std::time::Duration::from_millis(2);

/// Wakes the app after `wait` (the event loop's user event: an update runs).
fn alarm(
    wait: std::time::Duration,
    proxy: bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>,
) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = std::thread::Builder::new()
            .name("surakarta-alarm".into())
            .spawn(move || {
                std::thread::sleep(wait);
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            });
    }
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let call = wasm_bindgen::closure::Closure::once_into_js(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                call.unchecked_ref(),
                wait.as_millis().min(i32::MAX as u128) as i32,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame due at a moment (a clock's face) never changes the window's update mode: a
    /// changed mode makes winit draw at once, and a wait a little shorter each frame kept
    /// the app drawing without rest (a running clock cost more than a core).
    #[test]
    fn a_frame_due_later_leaves_the_update_mode_alone() {
        let mut app = App::new();
        let usual = bevy::winit::WinitSettings {
            focused_mode: bevy::winit::UpdateMode::reactive_low_power(
                std::time::Duration::from_secs(10),
            ),
            unfocused_mode: bevy::winit::UpdateMode::reactive_low_power(
                std::time::Duration::from_secs(10),
            ),
        };
        app.add_plugins(MinimalPlugins)
            .add_plugins(plugin)
            .insert_resource(usual.clone());
        let mut wait = 900;
        app.wake_after(move || {
            wait -= 37;
            Some(std::time::Duration::from_millis(wait))
        });
        for _ in 0..12 {
            app.update();
            let now = app.world().resource::<bevy::winit::WinitSettings>();
            assert_eq!(
                (now.focused_mode, now.unfocused_mode),
                (usual.focused_mode, usual.unfocused_mode)
            );
        }
        // A paced reason (the lesson's lights: the same wait every frame) still sets it.
        app.wake_paced(20, || true);
        app.update();
        let now = app.world().resource::<bevy::winit::WinitSettings>();
        assert_ne!(now.focused_mode, usual.focused_mode);
    }
}
