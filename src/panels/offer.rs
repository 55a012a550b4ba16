//! A two-player offer put to the other player on the same device: a draw, or stopping to
//! count (the side with more stones wins); online, the friend's draw or rematch offer. When the board turns to face the player to
//! move, the card turns to face the player who answers.

use crate::game::session::{Command, Ending, Mode, Session};
use crate::game::session::{Offer, Proposal};
use crate::online::wire::Outgoing;
use crate::settings::Settings;
use crate::shell::navigation::{Navigator, Panel, Screen};
use crate::ui::confirm::{self, Answer};
use crate::ui::notice::Notice;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, OwnFacing, label, panel_card};
use bevy::prelude::*;
use std::f32::consts::PI;
use surakarta_engine::Side;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::Offer, spawn);
    app.add_systems(OnExit(Panel::Offer), forget);
}

/// The offer shown: the one made, or (on a card opened without one, as the screenshot
/// tool does) a draw offered by the player to move.
fn shown(offer: &Offer, session: &Session) -> (Proposal, Side) {
    offer
        .0
        .unwrap_or((Proposal::Draw, session.game.side_to_move()))
}

/// The marker of the offer card's root (tests read its turn).
#[derive(Component)]
pub struct OfferCard;

fn spawn(mut cards: Cards, session: Res<Session>, offer: Res<Offer>, settings: Res<Settings>) {
    let (proposal, by) = shown(&offer, &session);
    let answers = by.other();
    let strings = cards.strings();
    let side = strings.side(by);
    // Online the offer is the friend's, answered by the player holding this phone.
    let online = session.is_online();
    let title = match proposal {
        Proposal::Draw if online => strings.get("offer.draw.friend"),
        Proposal::Draw => strings.fill("offer.draw.title", &[("side", side)]),
        Proposal::Stop => strings.fill("offer.stop.title", &[("side", side)]),
        Proposal::Rematch => strings.get("offer.rematch.title"),
    };
    let position = session.game.position();
    let (red, black) = (
        position.stones(Side::Red).count(),
        position.stones(Side::Black).count(),
    );
    let body = (proposal == Proposal::Stop).then(|| {
        let result = strings.get(match red.cmp(&black) {
            std::cmp::Ordering::Greater => "offer.stop.red",
            std::cmp::Ordering::Less => "offer.stop.black",
            std::cmp::Ordering::Equal => "offer.stop.equal",
        });
        strings.fill(
            "offer.stop.body",
            &[
                ("red", red.to_string()),
                ("black", black.to_string()),
                ("result", result),
            ],
        )
    });
    let question = if proposal == Proposal::Rematch {
        strings.get("offer.rematch.body")
    } else if online {
        strings.get("offer.question.online")
    } else {
        strings.fill("offer.question", &[("other", strings.side(answers))])
    };
    // Facing the player who answers, as the board faces the player to move.
    let faces_black =
        session.mode == Mode::TwoPlayers && settings.turn_board && answers == Side::Black;
    let turn = UiTransform {
        rotation: Rot2::radians(if faces_black { PI } else { 0.0 }),
        ..default()
    };
    cards.spawn(
        (DespawnOnExit(Panel::Offer), OfferCard, OwnFacing, turn),
        |c, _, theme| {
            c.spawn(label(title, 24.0, theme));
            if let Some(body) = body {
                c.spawn(label(body, 17.0, theme));
            }
            c.spawn(label(question, 20.0, theme));
        },
        |footer, strings, theme| {
            let no = Answer::new("offer.decline", strings.get("offer.decline"));
            let yes = Answer::new("offer.accept", strings.get("offer.accept"));
            confirm::answers(footer, theme, no, decline, yes, accept);
        },
    );
}

fn decline(
    _: On<Press>,
    session: Res<Session>,
    offer: Res<Offer>,
    strings: Res<crate::ui::i18n::Strings>,
    mut notice: ResMut<Notice>,
    mut nav: Navigator,
    mut ask: MessageWriter<crate::online::ask::Ask>,
) {
    let (proposal, by) = shown(&offer, &session);
    if session.is_online() {
        let say = match proposal {
            Proposal::Rematch => Outgoing::DeclineRematch,
            _ => Outgoing::DeclineDraw,
        };
        ask.write(crate::online::ask::Ask::Say(say));
    }
    let key = match proposal {
        // Online, the one who declines is the player holding this phone.
        Proposal::Draw if session.is_online() => "notice.draw_declined.you",
        Proposal::Draw => "notice.draw_declined",
        Proposal::Stop => "notice.stop_declined",
        Proposal::Rematch => "notice.rematch_declined.you",
    };
    notice.0 = Some(strings.fill(key, &[("side", strings.side(by.other()))]));
    nav.close();
    nav.go(Screen::Game);
}

fn accept(
    _: On<Press>,
    session: Res<Session>,
    offer: Res<Offer>,
    mut commands: MessageWriter<Command>,
    mut nav: Navigator,
    mut ask: MessageWriter<crate::online::ask::Ask>,
) {
    let ending = match shown(&offer, &session).0 {
        Proposal::Draw => Ending::Draw,
        Proposal::Stop => Ending::Stop,
        Proposal::Rematch => {
            // The server makes the new game; both phones go to it when it says so.
            ask.write(crate::online::ask::Ask::Say(Outgoing::AcceptRematch));
            nav.close();
            return;
        }
    };
    commands.write(Command::End(ending));
    nav.close();
}

fn forget(mut offer: ResMut<Offer>) {
    offer.0 = None;
}
