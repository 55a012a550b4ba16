//! Playing a friend online, through the game server (`crates/server`, docs/online.md).
//!
//! The server's game is the truth; the player's own game follows it. A move the player
//! makes takes the same path as every other (chosen, played, animated, turn ended) and is
//! then sent with the ply it was played at, so that one sent again after a reconnection
//! is never played twice; it stays *pending* until the server's game has it. The friend's
//! move arrives in the server's state and is handed to the same path as the computer's,
//! so it runs round the loops the same way. Anything else the local game and the
//! server's disagree on (a reconnection after several moves, a refused move, a game
//! opened on another device) is settled by taking the server's game as it is.
//!
//! The connection is one WebSocket ([`ewebsock`]: tungstenite on a thread natively, the
//! browser's WebSocket on the web). When it drops (a suspend, a network change, a server
//! restart) it is opened again by itself, after a pause that grows from half a second to
//! half a minute; the seat (server, game, token) is saved with the game, so a killed app
//! reconnects when it starts. Nothing here ever waits: answers come on the network's
//! threads and wake the app, which takes them up on its next frame.

pub mod ask;
pub mod http;
pub mod wire;

use crate::i18n::Strings;
use crate::persist::Notice;
use crate::session::{Command, Ending, MoveChosen, MovePlayed, Session, SessionSystems, Turn};
use crate::{GameSet, Panel, Screen};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use surakarta_engine::{Game, Ruleset, Side};
use wire::{Incoming, Outgoing, SeatAnswer, Truth};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Link>()
        .init_resource::<Waker>()
        .insert_non_send(Socket(None))
        .add_message::<Ask>()
        .add_message::<AppLifecycle>()
        .add_systems(Startup, make_waker)
        .add_systems(
            Update,
            (ask_server, take_answer, keep_connected, receive, follow)
                .chain()
                .in_set(GameSet::Rules)
                .before(SessionSystems),
        )
        .add_systems(
            Update,
            (send_played, send_endings)
                .chain()
                .in_set(GameSet::Rules)
                .after(SessionSystems),
        );
}

pub use crate::session::Seat;

pub use ask::Ask;

/// The connection as the player is told of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// No online game.
    #[default]
    Off,
    /// Opening the connection.
    Connecting,
    /// Connected: moves go and come.
    Connected,
    /// The connection dropped; the next try is at this time.
    Lost { retry: Instant },
}

/// The online game's connection and what is on its way.
#[derive(Resource, Debug, Default)]
pub struct Link {
    pub status: Status,
    /// Tries that failed in a row (sets the pause before the next).
    failures: u32,
    /// The last state the server sent, read and replayed, not yet (all) followed.
    truth: Option<Truth>,
    /// Whose seats are taken, as last heard.
    pub seats: wire::Seats,
    /// The side whose draw offer stands, as last heard.
    pub draw_offer: Option<Side>,
    /// The player's move the server has not yet confirmed.
    pending: Option<Outgoing>,
    /// A resignation or an accepted draw the server has not yet confirmed.
    pending_end: Option<Outgoing>,
    /// The server refused something: take its game as it is.
    resync: bool,
    /// An HTTP request on its way, and the slot its answer lands in.
    request: Option<(Request, Arc<Mutex<Option<http::Answer>>>)>,
    /// The last time the server was heard from.
    heard: Option<Instant>,
    /// The draw offer already put to the player (so it is asked once).
    asked_offer: Option<usize>,
}

impl Link {
    /// True while a game is being created or joined.
    pub fn asking(&self) -> bool {
        self.request.is_some()
    }

    /// True while the friend's seat is still free.
    pub fn waiting_for_friend(&self) -> bool {
        !(self.seats.red && self.seats.black)
    }

    /// The line the bars show for the connection.
    pub fn line(&self, strings: &Strings) -> String {
        match &self.status {
            Status::Off => String::new(),
            Status::Connecting => strings.get("online.connecting"),
            Status::Connected if self.waiting_for_friend() => strings.get("online.waiting"),
            Status::Connected => strings.get("online.connected"),
            // Not a countdown: a board at rest draws no frames to count with.
            Status::Lost { .. } => strings.get("online.lost"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Request {
    Create { server: String, rules: Ruleset },
    Join { server: String, id: String },
}

/// The open WebSocket and the game it is for. Kept on the main thread: a browser's
/// socket cannot leave it.
struct Socket(Option<Open>);

struct Open {
    sender: ewebsock::WsSender,
    receiver: ewebsock::WsReceiver,
    game: String,
    opened: bool,
}

/// Wakes the app from another thread (an answer or a message has arrived) when it is at
/// rest (`awake.rs`).
#[derive(Resource, Clone)]
pub struct Waker(Arc<dyn Fn() + Send + Sync>);

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
    fn wake(&self) {
        (self.0)();
    }

    /// Wakes the app at `at` (the next try of a dropped connection).
    fn wake_at(&self, at: Instant) {
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

fn make_waker(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>, mut waker: ResMut<Waker>) {
    if let Some(proxy) = proxy {
        let proxy = Mutex::new((**proxy).clone());
        *waker = Waker(Arc::new(move || {
            if let Ok(proxy) = proxy.lock() {
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        }));
    }
}

/// The pause before try `n` (from 1) after a dropped connection: 0.5 s doubling to 30 s,
/// less up to a quarter at random so that many players dropped together come back apart.
pub fn backoff(n: u32) -> Duration {
    let full = Duration::from_millis(500).saturating_mul(1 << n.saturating_sub(1).min(6));
    let full = full.min(Duration::from_secs(30));
    full.mul_f32(1.0 - rand::random::<f32>() * 0.25)
}

/// A connection that has heard nothing for this long (the server pings every 20 s) is
/// taken as dead and opened again: after a suspend or a network change a socket can stay
/// open on this side long after the other side has gone.
const SILENCE: Duration = Duration::from_secs(45);

/// The largest message taken from a server (the longest game's record is far smaller).
const MAX_MESSAGE: usize = 1 << 20;

fn ask_server(
    mut asks: MessageReader<Ask>,
    mut link: ResMut<Link>,
    waker: Res<Waker>,
    mut socket: NonSendMut<Socket>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
) {
    for ask in asks.read() {
        let (request, url, body) = match ask {
            Ask::Say(say) => {
                match socket.0.as_mut().filter(|s| s.opened) {
                    Some(open) => open.sender.send(ewebsock::WsMessage::Text(say.text())),
                    None => notice.0 = Some(strings.get("online.not_connected")),
                }
                continue;
            }
            Ask::Create {
                server,
                rules,
                colour,
            } => {
                let seat = colour.map_or("random", wire::side_word);
                let body = serde_json::json!({"ruleset": rules.to_string(), "seat": seat});
                (
                    Request::Create {
                        server: server.clone(),
                        rules: *rules,
                    },
                    format!("{server}/api/games"),
                    body.to_string(),
                )
            }
            Ask::Join { server, id } => (
                Request::Join {
                    server: server.clone(),
                    id: id.clone(),
                },
                format!("{server}/api/games/{id}/join"),
                "{}".to_owned(),
            ),
        };
        if link.request.is_some() {
            continue;
        }
        let slot = Arc::new(Mutex::new(None));
        let (into, waker) = (slot.clone(), waker.clone());
        http::post(url, body, move |answer| {
            if let Ok(mut slot) = into.lock() {
                *slot = Some(answer);
            }
            waker.wake();
        });
        link.request = Some((request, slot));
        notice.0 = Some(strings.get("online.asking"));
    }
}

/// Why the server did not give a seat, in the player's words.
fn refusal(status: u16, body: &str, strings: &Strings) -> String {
    match status {
        404 => strings.get("online.no_such_game"),
        409 => strings.get("online.seats_taken"),
        429 => strings.get("online.busy"),
        _ => {
            let why = serde_json::from_str::<serde_json::Value>(body)
                .ok()
                .and_then(|v| v.get("error")?.as_str().map(str::to_owned))
                .unwrap_or_else(|| format!("HTTP {status}"));
            strings.fill("online.refused", &[("error", why)])
        }
    }
}

/// The answer to a create or join: a new online game on the board, or a notice why not.
#[allow(clippy::too_many_arguments)]
fn take_answer(
    mut link: ResMut<Link>,
    mut session: ResMut<Session>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
    turn: Option<Res<State<Turn>>>,
    mut next: ResMut<NextState<Turn>>,
    mut screen: ResMut<NextState<Screen>>,
    mut panel: ResMut<NextState<Panel>>,
    mut records: ResMut<crate::records::Records>,
) {
    let Some(answer) = link
        .request
        .as_ref()
        .and_then(|(_, slot)| slot.lock().ok()?.take())
    else {
        return;
    };
    let Some((request, _)) = link.request.take() else {
        return;
    };
    let (server, rules, id) = match &request {
        Request::Create { server, rules } => (server, *rules, None),
        Request::Join { server, id } => (server, Ruleset::default(), Some(id.clone())),
    };
    let seat = match answer {
        Err(e) => Err(strings.fill(
            "online.unreachable",
            &[("server", server.clone()), ("error", e)],
        )),
        Ok((status, body)) if (200..300).contains(&status) => {
            serde_json::from_str::<SeatAnswer>(&body)
                .map_err(|e| e.to_string())
                .and_then(|a| {
                    let (side, token) = a.checked()?;
                    let id = id
                        .or(a.id)
                        .filter(|id| wire::valid_id(id))
                        .ok_or("no game id")?;
                    Ok(Seat {
                        server: server.clone(),
                        id,
                        side,
                        token,
                    })
                })
                .map_err(|e| strings.fill("online.refused", &[("error", e)]))
        }
        Ok((status, body)) => Err(refusal(status, &body, &strings)),
    };
    let seat = match seat {
        Ok(seat) => seat,
        Err(why) => {
            notice.0 = Some(why);
            return;
        }
    };
    notice.0 = None;
    // A game in progress is never lost: it goes to Game records.
    if session.in_progress()
        && let Err(e) = records.save(&session, true)
    {
        warn!("the game in progress could not be kept: {e}");
    }
    let created = matches!(request, Request::Create { .. });
    *link = Link {
        // The creator's seat is taken; the friend's is not, until the server says so.
        seats: wire::Seats {
            red: !created || seat.side == Side::Red,
            black: !created || seat.side == Side::Black,
        },
        ..Link::default()
    };
    let seed = session
        .seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *session = Session {
        game: Game::new(rules),
        mode: crate::session::Mode::Online { me: seat.side },
        seed,
        counted: false,
        online: Some(seat),
    };
    (*screen).set_if_neq(Screen::Game);
    if turn.is_some() {
        next.set(crate::session::settled_turn(&session));
    }
    (*panel).set_if_neq(if created { Panel::Invite } else { Panel::None });
}

/// Joins a friend's game from an invite: pasted, or opened with the app.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Joiner<'w> {
    clipboard: ResMut<'w, crate::clipboard::Clipboard>,
    settings: Res<'w, crate::settings::Settings>,
    session: Res<'w, Session>,
    ask: MessageWriter<'w, Ask>,
    notice: ResMut<'w, Notice>,
    strings: Res<'w, Strings>,
}

impl Joiner<'_> {
    /// Reads the clipboard (in a browser: asks for the link in its text box) and joins the
    /// game it names.
    pub fn paste(&mut self) {
        let prompt = self.strings.get("online.paste_prompt");
        match self.clipboard.paste(&prompt) {
            Ok(Some(text)) if !text.trim().is_empty() => {
                self.join(&text);
            }
            Ok(_) => {}
            Err(_) => self.notice.0 = Some(self.strings.get("records.no_clipboard")),
        }
    }

    /// Joins the game `text` invites to; false (with a notice saying why) when it is no
    /// invite.
    pub fn join(&mut self, text: &str) -> bool {
        let server = self.settings.online_server();
        match wire::read_invite(text, server.as_deref()) {
            Ok((server, id)) => {
                let same = self
                    .session
                    .online
                    .as_ref()
                    .is_some_and(|s| s.server == server && s.id == id);
                if same {
                    // Already in it (the player's own invite opened again).
                    self.notice.0 = Some(self.strings.get("online.already_in"));
                } else {
                    self.ask.write(Ask::Join { server, id });
                }
                true
            }
            Err(wire::BadInvite::NoServer) => {
                self.notice.0 = Some(self.strings.get("online.no_server"));
                true
            }
            Err(wire::BadInvite::NotAnInvite) => {
                self.notice.0 = Some(self.strings.get("online.not_an_invite"));
                false
            }
        }
    }
}

/// The seat of the player's game while it needs the server: until the server has said
/// the game is over (and has every move and ending the player sent).
fn live_seat<'a>(session: &'a Session, link: &Link) -> Option<&'a Seat> {
    let seat = session.online.as_ref()?;
    let over_there = link
        .truth
        .as_ref()
        .is_some_and(|t| t.game.outcome().is_some() && t.game.history() == session.game.history());
    let settled = over_there && link.pending.is_none() && link.pending_end.is_none();
    (!settled).then_some(seat)
}

/// Opens the connection when the player's game is online and it is not open, at the time
/// the pause after a drop says; closes it when the game no longer needs it; takes a
/// silent one for dead.
fn keep_connected(
    session: Res<Session>,
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
    waker: Res<Waker>,
    mut lifecycle: MessageReader<AppLifecycle>,
) {
    let resumed = lifecycle
        .read()
        .any(|e| matches!(e, AppLifecycle::WillResume | AppLifecycle::Running));
    let wanted = live_seat(&session, &link).cloned();
    let Some(seat) = wanted else {
        if socket.0.take().is_some() || session.online.is_none() && link.status != Status::Off {
            link.status = Status::Off;
        }
        return;
    };
    if socket.0.as_ref().is_some_and(|s| s.game != seat.id) {
        socket.0 = None;
    }
    if let Some(open) = &socket.0 {
        // Natively the server's pings are heard; a browser answers them out of sight and
        // says itself when the socket has gone.
        let silent = cfg!(not(target_arch = "wasm32"))
            && open.opened
            && link.heard.is_some_and(|h| h.elapsed() > SILENCE);
        if !silent {
            return;
        }
        socket.0 = None;
        dropped(&mut link, &waker);
        return;
    }
    if let Status::Lost { retry } = link.status
        && Instant::now() < retry
        && !resumed
    {
        return;
    }
    let url = wire::socket_url(&seat.server, &seat.id, &seat.token);
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
            socket.0 = Some(Open {
                sender,
                receiver,
                game: seat.id.clone(),
                opened: false,
            });
            link.status = Status::Connecting;
        }
        Err(e) => {
            warn!("could not open the game's connection: {e}");
            dropped(&mut link, &waker);
        }
    }
}

/// The connection has gone: try again after the next pause.
fn dropped(link: &mut Link, waker: &Waker) {
    link.failures = link.failures.saturating_add(1);
    let retry = Instant::now() + backoff(link.failures);
    link.status = Status::Lost { retry };
    waker.wake_at(retry);
}

/// Takes what the connection brought: its opening, the server's states and errors, its
/// end.
fn receive(
    mut socket: NonSendMut<Socket>,
    mut link: ResMut<Link>,
    waker: Res<Waker>,
    session: Res<Session>,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
) {
    let Some(open) = socket.0.as_mut() else {
        return;
    };
    let mut gone = false;
    while let Some(event) = open.receiver.try_recv() {
        link.heard = Some(Instant::now());
        match event {
            ewebsock::WsEvent::Opened => {
                open.opened = true;
                link.status = Status::Connected;
                link.failures = 0;
                // What the server may not have: sent again (the ply keeps a move from
                // being played twice; a second resignation is refused harmlessly).
                for say in [link.pending, link.pending_end].into_iter().flatten() {
                    open.sender.send(ewebsock::WsMessage::Text(say.text()));
                }
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                match serde_json::from_str::<Incoming>(&text) {
                    Ok(Incoming::State(state)) => match state.truth() {
                        Ok(truth) => {
                            link.seats = truth.seats;
                            link.draw_offer = truth.draw_offer;
                            link.truth = Some(truth);
                        }
                        Err(e) => warn!("the server's game does not replay: {e}"),
                    },
                    Ok(Incoming::Error { message }) => {
                        warn!("the server refused: {message}");
                        link.pending = None;
                        link.pending_end = None;
                        link.resync = true;
                        notice.0 = Some(strings.fill("online.refused", &[("error", message)]));
                    }
                    Err(e) => warn!("an unreadable message from the server: {e}"),
                }
            }
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => {
                if session.online.is_some() {
                    info!("the game's connection: {e}");
                }
                gone = true;
            }
            ewebsock::WsEvent::Closed => gone = true,
        }
        if gone {
            break;
        }
    }
    if gone {
        socket.0 = None;
        dropped(&mut link, &waker);
    }
}

/// What the server's game means for the local one.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// They agree (or the local one is ahead by what the server has yet to confirm).
    Same,
    /// The server has one move more: the friend's, to be played on the board.
    Play(surakarta_engine::Move),
    /// Anything else: take the server's game.
    Take,
}

fn step(local: &Game, truth: &Game, pending: bool, resync: bool) -> Step {
    let (mine, theirs) = (local.history(), truth.history());
    if local.rules() != truth.rules() || local.start() != truth.start() {
        return Step::Take;
    }
    if mine == theirs {
        return if local.outcome() == truth.outcome() || (pending && !resync) {
            Step::Same
        } else {
            Step::Take
        };
    }
    if theirs.len() == mine.len() + 1 && theirs.starts_with(mine) && local.outcome().is_none() {
        return Step::Play(theirs[mine.len()]);
    }
    if mine.len() == theirs.len() + 1 && mine.starts_with(theirs) && pending && !resync {
        return Step::Same;
    }
    Step::Take
}

/// Brings the player's game to the server's: the friend's move played on the board, or
/// the server's game taken as it is. Waits while a move is on its way across the board.
#[allow(clippy::too_many_arguments)]
fn follow(
    mut link: ResMut<Link>,
    mut session: ResMut<Session>,
    screen: Option<Res<State<Screen>>>,
    turn: Option<Res<State<Turn>>>,
    panel: Res<State<Panel>>,
    mut next: ResMut<NextState<Turn>>,
    mut chosen: MessageWriter<MoveChosen>,
    mut open_panel: ResMut<NextState<Panel>>,
    mut offer: ResMut<crate::panels::end_game::Offer>,
) {
    // Marked changed only where something changes (the browser's report follows it).
    let link = link.bypass_change_detection();
    let Some(me) = session.online.as_ref().map(|s| s.side) else {
        return;
    };
    let on_game = screen.as_ref().is_some_and(|s| *s.get() == Screen::Game);
    let turn_now = turn.as_ref().map(|t| *t.get());
    if on_game && turn_now == Some(Turn::Animating) {
        return;
    }
    // The friend's draw offer, put to the player once, on the board.
    let offered = link.draw_offer == Some(me.other()) && session.game.outcome().is_none();
    let plies = session.game.history().len();
    if offered && on_game && *panel.get() == Panel::None && link.asked_offer != Some(plies) {
        link.asked_offer = Some(plies);
        offer.0 = Some((crate::panels::end_game::Proposal::Draw, me.other()));
        (*open_panel).set_if_neq(Panel::Offer);
    }
    let Some(truth) = link.truth.as_ref() else {
        return;
    };
    let pending = link.pending.is_some() || link.pending_end.is_some();
    match step(&session.game, &truth.game, pending, link.resync) {
        Step::Same => {
            let confirmed = session.game.history() == truth.game.history();
            if confirmed && link.pending.is_some() {
                link.pending = None;
            }
            if confirmed && truth.game.outcome().is_some() && session.game.outcome().is_some() {
                link.pending_end = None;
            }
        }
        Step::Play(mv) if on_game && turn_now.is_some() => {
            chosen.write(MoveChosen(mv));
        }
        Step::Play(_) | Step::Take => {
            session.game = truth.game.clone();
            link.pending = None;
            link.pending_end = None;
            if on_game && turn_now.is_some() {
                next.set(crate::session::settled_turn(&session));
            }
        }
    }
    link.resync = false;
}

/// The player's move, sent once the game has played it.
fn send_played(
    mut played: MessageReader<MovePlayed>,
    session: Res<Session>,
    screen: Option<Res<State<Screen>>>,
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
) {
    let on_game = screen.as_ref().is_some_and(|s| *s.get() == Screen::Game);
    let Some(me) = session.online.as_ref().map(|s| s.side) else {
        played.clear();
        return;
    };
    for played in played.read() {
        if !on_game || played.before.side_to_move() != me {
            continue;
        }
        let ply = session.game.history().len().saturating_sub(1);
        let say = Outgoing::Move { mv: played.mv, ply };
        link.pending = Some(say);
        if let Some(open) = socket.0.as_mut().filter(|s| s.opened) {
            open.sender.send(ewebsock::WsMessage::Text(say.text()));
        }
    }
}

/// A resignation or an accepted draw, sent once the game has taken it.
fn send_endings(
    mut commands: MessageReader<Command>,
    session: Res<Session>,
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
) {
    if session.online.is_none() {
        commands.clear();
        return;
    }
    for command in commands.read() {
        let say = match command {
            Command::End(Ending::Resign(_)) => Outgoing::Resign,
            Command::End(Ending::Draw) => Outgoing::AcceptDraw,
            _ => continue,
        };
        link.pending_end = Some(say);
        if let Some(open) = socket.0.as_mut().filter(|s| s.opened) {
            open.sender.send(ewebsock::WsMessage::Text(say.text()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surakarta_engine::Move;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(Ruleset::default());
        for m in moves {
            let mv: Move = m.parse().unwrap();
            g.try_play(mv).unwrap();
        }
        g
    }

    #[test]
    fn the_local_game_follows_the_server() {
        let none = game(&[]);
        let one = game(&["b2-b3"]);
        let two = game(&["b2-b3", "b5-b4"]);
        assert_eq!(step(&none, &none, false, false), Step::Same);
        assert_eq!(
            step(&one, &two, false, false),
            Step::Play("b5-b4".parse().unwrap())
        );
        // The player's move, not yet confirmed: kept.
        assert_eq!(step(&one, &none, true, false), Step::Same);
        // Refused: the server's game is taken.
        assert_eq!(step(&one, &none, true, true), Step::Take);
        // Not the player's, and not pending: the server's.
        assert_eq!(step(&one, &none, false, false), Step::Take);
        // Several moves behind (a reconnection): taken at once.
        assert_eq!(step(&none, &two, false, false), Step::Take);
        // A resignation the server has yet to confirm is kept; one it does not have, not.
        let mut resigned = two.clone();
        resigned.resign(Side::Red);
        assert_eq!(step(&resigned, &two, true, false), Step::Same);
        assert_eq!(step(&resigned, &two, false, false), Step::Take);
        assert_eq!(step(&two, &resigned, false, false), Step::Take);
    }

    #[test]
    fn pauses_grow_and_stop_growing() {
        assert!(backoff(1) <= Duration::from_millis(500));
        assert!(backoff(1) >= Duration::from_millis(375));
        assert!(backoff(3) >= Duration::from_millis(1500));
        assert!(backoff(40) <= Duration::from_secs(30));
        assert!(backoff(40) >= Duration::from_millis(22_500));
    }
}
