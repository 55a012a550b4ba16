//! The result of the player's game when it ends: who won and why, Close (to look at the
//! board), Analyse (the game reviewed with the engine's judgement of every move) and New
//! game; after an online game, Rematch.

use crate::game::analysis::Analyse;
use crate::game::ending_words::{reason_line, title_key};
use crate::game::session::{Session, Start};
use crate::online::wire::Outgoing::{self, AcceptRematch, DeclineRematch, Rematch};
use crate::panels::new_game::OpenNewGame;
use crate::screens::review::{ClosesTo, OpenReview};
use crate::shell::navigation::Panel;
use crate::ui::i18n::Strings;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, close_panel, label, panel_card, row};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    panel_card(app, Panel::GameOver, spawn);
}

/// The headline of the game-over card (tests look for it).
#[derive(Component)]
pub struct GameOverTitle;

fn spawn(mut cards: Cards, session: Res<Session>, link: Res<crate::online::Link>) {
    let (Some(title), Some(outcome)) = (title_key(&session), session.game.outcome()) else {
        return;
    };
    let reason = reason_line(&session, outcome, cards.strings());
    let online = session.is_online();
    // The player's own rematch offer stands: said, and not made twice (a tester's card
    // offered Rematch again while the friend was being asked).
    let offered = session
        .online
        .as_ref()
        .is_some_and(|seat| link.rematch_offered_by(seat.side));
    // The friend's rematch offer stands: answered here (the card that asks it can be
    // covered by this one when the game comes to the board already over, and a tester's
    // Rematch was then refused: "your opponent offers a rematch: accept or decline it").
    let offered_to_me = session
        .online
        .as_ref()
        .is_some_and(|seat| link.rematch_offered_by(seat.side.other()));
    let moved = !session.game.history().is_empty();
    // On a 320-point phone "The computer wins" at 34 points left "wins" alone on a line.
    let headline = if cards.narrow() { 28.0 } else { 34.0 };
    // One main button: Analyse after a game the player lost (what went wrong), New game
    // otherwise (two alike had named no main choice, testers found).
    let lost = session
        .own_side()
        .is_some_and(|me| outcome.winner == Some(me.other()));
    cards.spawn(
        DespawnOnExit(Panel::GameOver),
        move |c, strings, theme| {
            c.spawn((GameOverTitle, label(strings.get(title), headline, theme)));
            c.spawn(label(reason, 18.0, theme));
            if online && offered_to_me {
                c.spawn(label(strings.get("offer.rematch.title"), 18.0, theme));
                c.spawn(label(strings.get("offer.rematch.body"), 16.0, theme));
            }
        },
        move |footer, strings, theme| {
            if online && offered_to_me {
                footer.spawn(row()).with_children(|r| {
                    let decline = strings.get("offer.decline");
                    let declined = Some("notice.rematch_declined.you");
                    say_button(
                        r,
                        "over.decline_rematch",
                        decline,
                        theme,
                        DeclineRematch,
                        declined,
                    );
                    // The server makes the new game; both phones go to it.
                    let accept = strings.get("offer.accept");
                    say_button(r, "over.accept_rematch", accept, theme, AcceptRematch, None);
                });
            } else if online && offered {
                footer.spawn(row()).with_children(|r| {
                    let mut button = r.spawn(button(
                        "over.rematch",
                        strings.get("over.rematch_offered"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        false,
                    ));
                    // Faded, and a screen reader says it is unavailable.
                    button.entry::<BackgroundColor>().and_modify(|mut bg| {
                        bg.0 = bg.0.with_alpha(0.5);
                    });
                    let mut spoken = accesskit::Node::new(accesskit::Role::Button);
                    spoken.set_label(strings.get("over.rematch_offered"));
                    spoken.set_disabled();
                    button.insert(bevy::a11y::AccessibilityNode::from(spoken));
                });
            } else if online {
                // Another game with the friend, colours swapped: they are asked.
                footer.spawn(row()).with_children(|r| {
                    let offered = Some("notice.rematch_offered");
                    let words = strings.get("over.rematch");
                    say_button(r, "over.rematch", words, theme, Rematch, offered);
                });
            }
            footer.spawn(row()).with_children(|r| {
                // Quieter than Analyse and New game: three alike had named no main choice.
                r.spawn(crate::ui::widgets::styled_button(
                    "over.close",
                    strings.get("button.close"),
                    theme.bar,
                    theme.bar_text,
                    crate::ui::widgets::BUTTON_FONT,
                    true,
                ))
                .observe(close_panel);
                // A game without a move (aborted before the first) has nothing to analyse.
                if !moved {
                    return spawn_new_game(r, strings, theme, true);
                }
                r.spawn(crate::ui::widgets::choice(
                    "over.analyse",
                    strings.get("over.analyse"),
                    lost,
                    theme,
                ))
                .observe(
                    |_: On<Press>,
                     session: Res<Session>,
                     mut reviews: MessageWriter<OpenReview>,
                     mut analyse: MessageWriter<Analyse>| {
                        // The game on the review's board first; then the move list shows
                        // the analysis as it runs.
                        reviews.write(OpenReview(
                            session.game.clone(),
                            ClosesTo::Game,
                            session.player_side(),
                            session.own_side(),
                        ));
                        analyse.write(Analyse(session.game.clone()));
                    },
                );
                spawn_new_game(r, strings, theme, !lost);
            });
        },
    );
}

/// A button that says `say` to the server about the rematch, leaves the notice `said` (a
/// key) if any, and closes the card.
fn say_button(
    r: &mut ChildSpawnerCommands,
    id: &'static str,
    words: String,
    theme: &crate::ui::theme::Theme,
    say: Outgoing,
    said: Option<&'static str>,
) {
    r.spawn(button(
        id,
        words,
        theme,
        crate::ui::widgets::BUTTON_FONT,
        true,
    ))
    .observe(
        move |_: On<Press>,
              mut ask: MessageWriter<crate::online::ask::Ask>,
              mut notice: ResMut<crate::ui::notice::Notice>,
              strings: Res<Strings>,
              mut panel: ResMut<NextState<Panel>>| {
            ask.write(crate::online::ask::Ask::Say(say));
            if let Some(key) = said {
                notice.0 = Some(strings.get(key));
            }
            (*panel).set_if_neq(Panel::None);
        },
    );
}

/// New game: the card's last button, its main one (`main`) or not.
fn spawn_new_game(
    r: &mut ChildSpawnerCommands,
    strings: &crate::ui::i18n::Strings,
    theme: &crate::ui::theme::Theme,
    main: bool,
) {
    r.spawn(crate::ui::widgets::choice(
        "over.new_game",
        strings.get("button.new_game"),
        main,
        theme,
    ))
    .observe(
        |_: On<Press>, session: Res<Session>, mut new_game: OpenNewGame| {
            // After an online game, another online game (the card remembers the kind of
            // the last game started, which may not be the one joined by a link).
            if session.is_online() {
                new_game.open_online();
            } else {
                new_game.open(None, Start::Fresh);
            }
        },
    );
}
