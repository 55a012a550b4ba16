//! The game's one WebSocket: opened while the player's online game needs the server, kept
//! on the main thread (a browser's socket cannot leave it), opened again after a drop with
//! a growing pause, and read each frame for the server's states and errors.

use super::wire::{self, ServerMessage};
use super::{Link, Seat, Status};
use crate::game::session::Session;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The open WebSocket and the game it is for. Kept on the main thread: a browser's
/// socket cannot leave it.
pub(super) struct Socket(pub(super) Option<Open>);

pub(super) struct Open {
    sender: ewebsock::WsSender,
    receiver: ewebsock::WsReceiver,
    pub(super) game: String,
    opened: bool,
}

/// Wakes the app from another thread (an answer or a message has arrived) when it is at
/// rest (`shell/awake.rs`).
#[derive(Resource, Clone)]
pub struct Waker(Arc<dyn Fn() + Send + Sync>);

impl Socket {
    /// Sends this to the server if the connection is open; false if it is not.
    pub(super) fn send(&mut self, text: String) -> bool {
        send(&mut self.0, text)
    }
}

impl Default for Waker {
    fn default() -> Self {
        Waker(Arc::new(|| {}))
    }
}

impl std::fmt::Debug for Waker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Waker")
    }
}

impl Waker {
    /// Wakes the app (from any thread).
    pub fn wake(&self) {
        (self.0)();
    }

    /// Wakes the app at `at` (the next try of a dropped connection).
    pub(super) fn wake_at(&self, at: Instant) {
        let wait = at.saturating_duration_since(Instant::now());
        let waker = self.clone();
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = std::thread::Builder::new()
                .name("surakarta-retry".into())
                .spawn(move || {
                    std::thread::sleep(wait);
                    waker.wake();
                });
        }
        #[cfg(target_arch = "wasm32")]
        {
            use wasm_bindgen::JsCast;
            let call = wasm_bindgen::closure::Closure::once_into_js(move || waker.wake());
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    call.unchecked_ref(),
                    wait.as_millis().min(i32::MAX as u128) as i32,
                );
            }
        }
    }
}

pub(super) fn make_waker(
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut waker: ResMut<Waker>,
) {
    if let Some(proxy) = proxy {
        let proxy = Mutex::new((**proxy).clone());
        *waker = Waker(Arc::new(move || {
            if let Ok(proxy) = proxy.lock() {
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        }));
    }
    // A browser says when the device goes off and on line: a frame then, so the bars
    // say so at once and the connection comes back as soon as the network does.
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        use wasm_bindgen::JsCast;
        for set in [
            web_sys::Window::set_onoffline as fn(&web_sys::Window, Option<&js_sys::Function>),
            web_sys::Window::set_ononline,
        ] {
            let wake = waker.clone();
            let call = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || wake.wake());
            set(&window, Some(call.as_ref().unchecked_ref()));
            call.forget(); // for the page's life
        }
    }
}

/// False when the browser knows the device is off line (always true natively, where the
/// connection's own errors and silence say it).
fn on_line() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().is_none_or(|w| w.navigator().on_line())
    }
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// The pause before try `n` (from 1) after a dropped connection: 0.5 s doubling to 4 s,
/// less up to a quarter at random so that many players dropped together come back apart.
/// Short, so that a move waits at most a few seconds once a restarted server answers; a
/// try against a server that is down costs a refused connection, and none is made while
/// a browser knows it is off line.
pub fn backoff(n: u32) -> Duration {
    let full = Duration::from_millis(500).saturating_mul(1 << n.saturating_sub(1).min(6));
    let full = full.min(Duration::from_secs(4));
    full.mul_f32(1.0 - rand::random::<f32>() * 0.25)
}

/// The app asks the server whether the connection is alive this often (`ping`; a
/// browser cannot see the WebSocket's own pings, and keeps a dead socket open)...
const PING_EVERY: Duration = Duration::from_secs(10);

/// ...and takes a connection that has heard nothing for this long as dead and opens it
/// again: after a suspend or a network change a socket can stay open on this side long
/// after the other side has gone.
const SILENCE: Duration = Duration::from_secs(25);

/// How long the connection stays after the game, for a rematch.
pub(super) const LINGER: Duration = Duration::from_secs(600);

/// The largest message taken from a server (the longest game's record is far smaller).
const MAX_MESSAGE: usize = 1 << 20;

/// The seat of the player's game while it needs the server: until the server has said
/// the game is over (and has every move and ending the player sent).
pub(super) fn live_seat<'a>(session: &'a Session, link: &Link) -> Option<&'a Seat> {
    let seat = session.online.as_ref()?;
    let over_there = link
        .truth
        .as_ref()
        .is_some_and(|t| t.game.outcome().is_some() && t.game.history() == session.game.history());
    let settled = over_there && link.pending.is_none() && link.pending_end.is_none();
    // After the end the connection stays a while for a rematch (offered, answered, or
    // the new game to go to).
    let lingering = link.over_at.is_some_and(|at| at.elapsed() < LINGER);
    (!settled || lingering).then_some(seat)
}

/// A connection as the app follows it (the player's game's, or a watched game's): how it
/// stands, and what decides when it is tried again or taken for dead.
#[derive(Debug, Default)]
pub struct Line {
    /// As the player is told of it.
    pub status: Status,
    /// Tries that failed in a row (sets the pause before the next).
    failures: u32,
    /// The last time the server was heard from.
    heard: Option<Instant>,
    /// The last `ping` sent.
    pinged: Option<Instant>,
    /// False once the browser said it is off line (reconnect at once when it is back).
    was_on_line: bool,
    /// When the connection last opened again after a drop (a server restarted, a network
    /// changed): the friend is likely coming back too.
    reopened: Option<Instant>,
}

impl Line {
    /// True for a while after the connection opened again after a drop.
    pub fn just_reopened(&self) -> bool {
        self.reopened.is_some_and(|at| at.elapsed() < REOPENED)
    }
}

/// How long after this app's own reconnection a friend found away is taken to be
/// reconnecting too (a server restart drops both): "reconnecting", not "left".
const REOPENED: Duration = Duration::from_secs(15);

/// Keeps the connection to the game `want` (server, id) open: opened when it is not, at
/// the time the pause after a drop says; pinged; a silent one taken for dead; closed when
/// nothing is wanted. `line` is changed only when something changes (a system reading it
/// runs only then).
pub(super) fn keep(
    socket: &mut Option<Open>,
    mut line: impl std::ops::DerefMut<Target = Line>,
    want: Option<(&str, &str)>,
    waker: &Waker,
    resumed: bool,
) {
    let Some((server, id)) = want else {
        if socket.take().is_some() || line.status != Status::Off {
            line.status = Status::Off;
        }
        return;
    };
    if socket.as_ref().is_some_and(|s| s.game != id) {
        *socket = None;
    }
    if let Some(open) = socket.as_ref() {
        let silent = open.opened && line.heard.is_some_and(|h| h.elapsed() > SILENCE);
        if !silent && on_line() {
            if open.opened && line.pinged.is_none_or(|p| p.elapsed() >= PING_EVERY) {
                line.pinged = Some(Instant::now());
                send(socket, super::wire::ClientMessage::Ping.to_json());
                waker.wake_at(Instant::now() + PING_EVERY);
            }
            return;
        }
        *socket = None;
        dropped(&mut line, waker);
        return;
    }
    if !on_line() {
        // Off line: no try until the browser says the network is back.
        if line.was_on_line {
            line.was_on_line = false;
        }
        return;
    }
    let back_on_line = matches!(line.status, Status::Lost { .. }) && !line.was_on_line;
    if !line.was_on_line {
        line.was_on_line = true;
    }
    if let Status::Lost { retry } = line.status
        && Instant::now() < retry
        && !resumed
        && !back_on_line
    {
        return;
    }
    let url = wire::socket_url(server, id);
    let options = ewebsock::Options {
        max_incoming_frame_size: MAX_MESSAGE,
        // How long the connection's thread waits for a message before it looks for one
        // to send: a move goes within this, and the thread wakes 20 times a second.
        read_timeout: Some(Duration::from_millis(50)),
        ..default()
    };
    let wake = waker.clone();
    match ewebsock::connect_with_wakeup(url, options, move || wake.wake()) {
        Ok((sender, receiver)) => {
            *socket = Some(Open {
                sender,
                receiver,
                game: id.to_owned(),
                opened: false,
            });
            line.status = Status::Connecting;
        }
        Err(e) => {
            warn!("could not open the game's connection: {e}");
            dropped(&mut line, waker);
        }
    }
}

/// Sends this if the connection is open; false if it is not.
pub(super) fn send(socket: &mut Option<Open>, text: String) -> bool {
    match socket.as_mut().filter(|s| s.opened) {
        Some(open) => {
            open.sender.send(ewebsock::WsMessage::Text(text));
            true
        }
        None => false,
    }
}

/// The connection has gone: try again after the next pause.
fn dropped(line: &mut Line, waker: &Waker) {
    line.failures = line.failures.saturating_add(1);
    let retry = Instant::now() + backoff(line.failures);
    line.status = Status::Lost { retry };
    waker.wake_at(retry);
}

/// What a connection brought.
pub(super) enum Heard {
    /// It opened: the first message may go.
    Opened,
    /// A message from the server, read (or why it could not be).
    Message(Result<ServerMessage, String>),
}

/// Takes what the connection brought since the last frame; a connection that ended or
/// failed is closed and tried again after the next pause.
pub(super) fn poll(
    socket: &mut Option<Open>,
    mut line: impl std::ops::DerefMut<Target = Line>,
    waker: &Waker,
) -> Vec<Heard> {
    let Some(open) = socket.as_mut() else {
        return Vec::new();
    };
    let mut heard = Vec::new();
    let mut gone = false;
    while let Some(event) = open.receiver.try_recv() {
        line.heard = Some(Instant::now());
        match event {
            ewebsock::WsEvent::Opened => {
                open.opened = true;
                if line.failures > 0 {
                    line.reopened = Some(Instant::now());
                }
                line.pinged = Some(Instant::now());
                waker.wake_at(Instant::now() + PING_EVERY);
                line.status = Status::Connected;
                line.failures = 0;
                heard.push(Heard::Opened);
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => heard.push(
                Heard::Message(serde_json::from_str(&text).map_err(|e| e.to_string())),
            ),
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => {
                info!("the game's connection: {e}");
                gone = true;
            }
            ewebsock::WsEvent::Closed => gone = true,
        }
        if gone {
            break;
        }
    }
    if gone {
        *socket = None;
        dropped(&mut line, waker);
    }
    heard
}

/// True when the app came back to the front this frame: a dropped connection is tried
/// again at once, not after its pause.
pub(super) fn resumed(lifecycle: &mut MessageReader<AppLifecycle>) -> bool {
    lifecycle
        .read()
        .any(|e| matches!(e, AppLifecycle::WillResume | AppLifecycle::Running))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_and_stop_growing() {
        assert!(backoff(1) <= Duration::from_millis(500));
        assert!(backoff(1) >= Duration::from_millis(375));
        assert!(backoff(3) >= Duration::from_millis(1500));
        assert!(backoff(40) <= Duration::from_secs(4));
        assert!(backoff(40) >= Duration::from_millis(3_000));
    }
}
