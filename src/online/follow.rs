//! Following the server's game, and telling it the player's: the friend's move played on
//! the board, the server's game taken where the two disagree, the friend's draw offer put
//! to the player, and the player's moves and endings sent.

use super::Link;
use super::socket::Socket;
use super::wire::Outgoing;
use crate::game::session::{Command, Ending, MoveChosen, MovePlayed, Session, Turn};
use crate::shell::navigation::{Navigate, Panel, Screen};
use bevy::prelude::*;
use surakarta_engine::Game;

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

/// Where the player is, and the turn on the board.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Place<'w> {
    screen: Option<Res<'w, State<Screen>>>,
    turn: Option<Res<'w, State<Turn>>>,
    panel: Res<'w, State<Panel>>,
    next: ResMut<'w, NextState<Turn>>,
}

/// Brings the player's game to the server's: the friend's move played on the board, or
/// the server's game taken as it is. Waits while a move is on its way across the board.
pub(super) fn follow(
    mut link: ResMut<Link>,
    mut session: ResMut<Session>,
    place: Place,
    mut chosen: MessageWriter<MoveChosen>,
    mut navigate: MessageWriter<Navigate>,
    mut offer: ResMut<crate::game::session::Offer>,
) {
    let Place {
        screen,
        turn,
        panel,
        mut next,
    } = place;
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
        offer.0 = Some((crate::game::session::Proposal::Draw, me.other()));
        navigate.write(Navigate::Open(Panel::Offer));
    }
    // The friend's rematch offer, put to the player once, over the game-over card too.
    let rematch_offered = link
        .truth
        .as_ref()
        .is_some_and(|t| t.rematch_offer == Some(me.other()) && t.rematch.is_none());
    let free = matches!(*panel.get(), Panel::None | Panel::GameOver);
    if rematch_offered && on_game && free && !link.asked_rematch {
        link.asked_rematch = true;
        offer.0 = Some((crate::game::session::Proposal::Rematch, me.other()));
        navigate.write(Navigate::Open(Panel::Offer));
    }
    if !rematch_offered {
        link.asked_rematch = false;
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
                next.set(crate::game::session::settled_turn(&session));
            }
        }
    }
    link.resync = false;
}

/// The rematch made: the player's game becomes the new one, colours swapped (the token
/// of the old seat opens the new one: `crates/server/src/rematch.rs`).
pub(super) fn go_to_rematch(
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
    session: Res<Session>,
    mut start: MessageWriter<crate::game::session::StartOnline>,
    mut navigate: MessageWriter<Navigate>,
    mut notice: ResMut<crate::ui::notice::Notice>,
    strings: Res<crate::ui::i18n::Strings>,
) {
    let Some(seat) = session.online.as_ref() else {
        return;
    };
    let Some(id) = link.truth.as_ref().and_then(|t| t.rematch.clone()) else {
        return;
    };
    if id == seat.id || link.left_for.as_ref() == Some(&id) {
        return; // there already (or on the way: the new seat is taken next frame)
    }
    let side = seat.side.other();
    let seat = crate::game::session::Seat {
        server: seat.server.clone(),
        id: id.clone(),
        side,
        token: seat.token.clone(),
    };
    *link = Link {
        seats: super::wire::Seats {
            red: true,
            black: true,
        },
        left_for: Some(id.clone()),
        ..Link::default()
    };
    // Nothing more from the old game's connection: a state of it still on its way
    // would be taken for the new game's.
    socket.0 = None;
    start.write(crate::game::session::StartOnline {
        rules: *session.game.rules(),
        seat,
    });
    navigate.write(Navigate::Open(Panel::None));
    notice.0 = Some(strings.fill("notice.rematch_started", &[("side", strings.side(side))]));
}

/// The player's move, sent once the game has played it.
pub(super) fn send_played(
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
        socket.send(say.text());
    }
}

/// A resignation or an accepted draw, sent once the game has taken it.
pub(super) fn send_endings(
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
        socket.send(say.text());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surakarta_engine::Move;
    use surakarta_engine::{Ruleset, Side};

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
}
