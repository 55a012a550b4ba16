//! Online, when the friend has gone away: a button at the foot of the top bar, never a card
//! over the board (the position stays in view, and a tap meant for a stone never lands on
//! an answer). While the friend has been away for less than the claim wait it counts down,
//! faded ("Friend away: claim victory in 12 s", as lichess does); then it opens the
//! end-game card with the claim on it. A correspondence game shows it only once the claim
//! can be made. It is there only on the game screen with no card open, in a game going
//! on whose two seats are taken.

use super::frame::BarSystems;
use crate::game::session::Session;
use crate::online::Link;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use crate::ui::i18n::Strings;
use crate::ui::press::Press;
use crate::ui::theme::Theme;
use crate::ui::widgets::button;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    // The countdown's seconds: a frame a second while it shows.
    app.wake_paced(1, |claim: Query<&Node, With<ClaimButton>>| {
        claim.iter().any(|n| n.display != Display::None)
    });
    app.add_systems(
        Update,
        show_claim
            .after(super::frame::build_bars)
            .in_set(BarSystems)
            .in_set(GameSet::Present),
    );
}

/// The claim button in the top bar.
#[derive(Component)]
pub struct ClaimButton;

/// The claim button, hidden until the friend goes away (spawned with the bars).
pub fn claim_button(strings: &Strings, theme: &Theme) -> impl Bundle {
    (
        ClaimButton,
        button(
            "bar.claim",
            strings.get("end.claim_now"),
            theme,
            15.0,
            false,
        ),
    )
}

/// Opens the end-game card with the claim, once the wait is over.
pub fn press_claim(_: On<Press>, claim: Res<Claim>, mut nav: Navigator) {
    if *claim == Claim::Now {
        nav.open(Panel::EndGame);
    }
}

/// What the claim button shows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Claim {
    /// Nothing: the friend is here, the game is over, or another screen or a card is up.
    #[default]
    None,
    /// The friend is away: the claim is possible in this many seconds.
    In(u64),
    /// The claim is possible now.
    Now,
}

impl Claim {
    /// The claim for the player of the game on the board.
    pub fn of(session: &Session, link: &Link) -> Claim {
        let crate::game::session::Mode::Online { me } = session.mode else {
            return Claim::None;
        };
        if session.game.outcome().is_some() || link.waiting_for_friend() {
            return Claim::None;
        }
        // In a correspondence game a friend away is the rule, not news: nothing counts the
        // day down (a tester read "Claim victory in 1 d 0 h" as their friend having left),
        // and the claim is offered once it can be made.
        let correspondence = matches!(
            link.timing.control,
            Some(crate::online::wire::TimeControl::Correspondence { .. })
        );
        match link.timing.claim_in(me) {
            None => Claim::None,
            Some(wait) if wait.is_zero() => Claim::Now,
            Some(_) if correspondence => Claim::None,
            Some(wait) => Claim::In(wait.saturating_add(Duration::from_millis(999)).as_secs()),
        }
    }
}

/// The claim button's words, and how strongly it is drawn (faded while it counts down).
fn claim_words(
    claim: Claim,
    control: Option<crate::online::wire::TimeControl>,
    strings: &Strings,
) -> (String, f32) {
    match claim {
        // Seconds for a live game's short wait; a correspondence game's day as its clock
        // writes it ("Claim victory in 23 h 59 min", not "in 86398 s").
        Claim::In(n) if n < 60 => (strings.fill("end.claim_in", &[("n", n.to_string())]), 0.5),
        Claim::In(n) => {
            let time = super::clock::face(Duration::from_secs(n), control, strings);
            (strings.fill("end.claim_in_time", &[("time", time)]), 0.5)
        }
        _ => (strings.get("end.claim_now"), 1.0),
    }
}

#[allow(
    clippy::too_many_arguments,
    reason = "the button's words, place and fade follow the game, the link, the screen and the card"
)]
fn show_claim(
    session: Res<Session>,
    link: Res<Link>,
    (screen, panel): (Res<State<Screen>>, Res<State<Panel>>),
    (strings, theme): (Res<Strings>, Res<Theme>),
    mut claim: ResMut<Claim>,
    mut buttons: Query<(&mut Node, &mut BackgroundColor, &Children), With<ClaimButton>>,
    mut texts: Query<(&mut Text, &mut TextColor)>,
) {
    let shown = if *screen.get() == Screen::Game && *panel.get() == Panel::None {
        Claim::of(&session, &link)
    } else {
        Claim::None
    };
    claim.set_if_neq(shown);
    for (mut node, mut background, children) in &mut buttons {
        let display = if shown == Claim::None {
            Display::None
        } else {
            Display::Flex
        };
        if node.display != display {
            node.display = display;
        }
        let (words, alpha) = claim_words(shown, link.timing.control, &strings);
        let colour = theme.button.with_alpha(alpha);
        if background.0 != colour {
            background.0 = colour;
        }
        for child in children.iter() {
            if let Ok((mut text, mut ink)) = texts.get_mut(child) {
                if text.0 != words {
                    text.0.clone_from(&words);
                }
                let fg = theme.button_text.with_alpha(alpha.max(0.6));
                if ink.0 != fg {
                    ink.0 = fg;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::wire::{Away, GameState, Seats, TimeControl};
    use surakarta_engine::Side;

    /// The friend (Black) away for `away_ms` of a game with `control`, Red's app.
    fn claim(control: TimeControl, away_ms: u64, claim_after: u64) -> Claim {
        let state = GameState {
            time_control: Some(control),
            away: Away {
                red: None,
                black: Some(away_ms),
            },
            claim_after,
            ..GameState::default()
        };
        let mut link = Link::default();
        link.seats = Seats {
            red: true,
            black: true,
        };
        link.timing = crate::online::clock::Timing::of(&state);
        let session = Session {
            mode: crate::game::session::Mode::Online { me: Side::Red },
            ..Session::default()
        };
        Claim::of(&session, &link)
    }

    /// A live game counts the wait down; a correspondence game, where a friend away is the
    /// rule, says nothing until the claim can be made.
    #[test]
    fn a_correspondence_game_counts_no_day_down_before_a_claim() {
        let live = TimeControl::Live {
            initial: 180,
            increment: 2,
        };
        assert_eq!(claim(live, 10_000, 30_000), Claim::In(20));
        assert_eq!(claim(live, 31_000, 30_000), Claim::Now);
        let day = TimeControl::Correspondence { days: 1 };
        assert_eq!(claim(day, 10_000, 86_400_000), Claim::None);
        assert_eq!(claim(day, 86_401_000, 86_400_000), Claim::Now);
    }

    /// A correspondence game's wait is written as its clock is, a live game's in seconds
    /// (a tester read "Claim victory in 86398 s").
    #[test]
    fn the_wait_before_a_claim_is_written_as_a_clock_is() {
        let strings = Strings::english();
        let words = |n, control| {
            claim_words(Claim::In(n), control, &strings)
                .0
                .replace('\u{a0}', " ")
        };
        let live = Some(TimeControl::Live {
            initial: 180,
            increment: 2,
        });
        assert_eq!(words(29, live), "Friend away: claim victory in 29 s");
        assert_eq!(words(90, live), "Friend away: claim victory in 1:30");
        let day = Some(TimeControl::Correspondence { days: 1 });
        assert_eq!(words(86_398, day), "Friend away: claim victory in 1 d 0 h");
        assert_eq!(
            words(86_398 - 3_600, day),
            "Friend away: claim victory in 23 h 0 min"
        );
        assert_eq!(claim_words(Claim::Now, day, &strings).1, 1.0);
    }
}
