//! How a game ended, in the player's words: the headline ("You win", "Your friend wins")
//! and the reason, saying who where it matters (who resigned, whose time ran out, who
//! left). The game-over card, the bars of a watched game and the notice of an online game
//! that ended off the board all say it so.

use crate::game::session::{Mode, Session};
use crate::ui::i18n::Strings;
use surakarta_engine::{EndReason, Outcome, Side};

/// The headline's translation key for the player's game, if it has ended.
pub fn title_key(session: &Session) -> Option<&'static str> {
    let outcome = session.game.outcome()?;
    Some(match (outcome.winner, session.mode) {
        (None, _) if outcome.reason == EndReason::Aborted => "over.aborted",
        (None, _) => "over.draw",
        (Some(w), Mode::VsComputer { human, .. } | Mode::Online { me: human }) if w == human => {
            "over.you_win"
        }
        (Some(_), Mode::VsComputer { .. }) => "over.you_lose",
        (Some(_), Mode::Online { .. }) => "over.friend_wins",
        (Some(Side::Red), Mode::TwoPlayers) => "over.red_wins",
        (Some(Side::Black), Mode::TwoPlayers) => "over.black_wins",
    })
}

/// Why the game ended, saying who where it matters: who resigned, who had more stones
/// when the players stopped.
pub fn reason_line(session: &Session, outcome: Outcome, strings: &Strings) -> String {
    let loser = outcome.winner.map(Side::other);
    match (outcome.reason, loser, session.mode) {
        (EndReason::Resignation, Some(loser), Mode::TwoPlayers) => {
            strings.fill("reason.resigned", &[("side", strings.side(loser))])
        }
        (EndReason::Resignation, Some(loser), Mode::VsComputer { human: me, .. })
        | (EndReason::Resignation, Some(loser), Mode::Online { me }) => {
            strings.get(if loser == me {
                "reason.you_resigned"
            } else if session.is_online() {
                "reason.friend_resigned"
            } else {
                "reason.computer_resigned"
            })
        }
        // Whose time ran out, who left: the player's words where it was them or the friend.
        (EndReason::TimeForfeit, Some(loser), Mode::Online { me }) => strings.get(if loser == me {
            "reason.time_you"
        } else {
            "reason.time_friend"
        }),
        (EndReason::TimeForfeit, Some(loser), _) => {
            strings.fill("reason.time_side", &[("side", strings.side(loser))])
        }
        (EndReason::Abandoned, Some(loser), Mode::Online { me }) => strings.get(if loser == me {
            "reason.abandoned_you"
        } else {
            "reason.abandoned_friend"
        }),
        // Aborted: whose first move did not come (the side to move when it ended).
        (EndReason::Aborted, _, Mode::Online { me }) => {
            strings.get(if session.game.side_to_move() == me {
                "reason.aborted_you"
            } else {
                "reason.aborted_friend"
            })
        }
        (EndReason::AgreedStop, _, _) => match outcome.winner {
            Some(more) => strings.fill("reason.stop_more", &[("side", strings.side(more))]),
            None => strings.get("reason.stop_equal"),
        },
        (reason, _, _) => strings.get(&format!("reason.{}", reason.id())),
    }
}

/// How a game between two others ended, as the game-over card of a two-player game says
/// it: "Red wins · Black resigned" (a game watched live).
pub fn ending_line(outcome: Outcome, strings: &Strings) -> String {
    let title = match outcome.winner {
        Some(Side::Red) => "over.red_wins",
        Some(Side::Black) => "over.black_wins",
        None if outcome.reason == EndReason::Aborted => "over.aborted",
        None => "over.draw",
    };
    let seen = Session {
        mode: Mode::TwoPlayers,
        ..Session::default()
    };
    // A line may end with "·", never begin with it (a no-break space before it).
    format!(
        "{}\u{a0}· {}",
        strings.get(title),
        reason_line(&seen, outcome, strings)
    )
}
