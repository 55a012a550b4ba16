//! An online game's clocks in the status bar: both sides' time, Red's on the left, the
//! running one bright and the other dimmed, a low one in the theme's red. Before each
//! side has moved once, the side to move's first move has a time of its own, and the
//! game is aborted when it runs out: that is shown in its place. The clocks count down
//! from what the server last said, in tenths under ten seconds; the app draws a frame only
//! when the running clock's face changes (a second's turn, a tenth's under ten seconds),
//! while one runs by the second (a live clock, a correspondence move's last hour).

use crate::game::session::{OnBoard, Session};
use crate::online::clock::clock_face;
use crate::online::wire::TimeControl;
use crate::online::{Link, Watch};
use crate::screens::review::Review;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::GameSet;
use crate::ui::i18n::Strings;
use crate::ui::theme::Theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;
use surakarta_engine::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_clocks
            .in_set(super::status::StatusSystems)
            .in_set(GameSet::Present),
    )
    // A frame when a clock's face changes, and only then: a second's (a tenth's under ten
    // seconds) turn of the running clock or the first move's time.
    .wake_after(next_change);
}

/// When the face of a counting clock (the player's game's or a watched one's) changes next.
fn next_change(session: Res<Session>, link: Res<Link>, watch: Res<Watch>) -> Option<Duration> {
    let own = session.is_online() && session.game.outcome().is_none() && link.timing.ticking();
    let timing = if own {
        &link.timing
    } else if watch.live_clock() {
        &watch.timing
    } else {
        return None;
    };
    let left = timing
        .running()
        .and_then(|side| timing.left(side))
        .or_else(|| timing.first_move_left())?;
    Some(crate::online::clock::next_face_change(left))
}

/// The row of the two clocks.
#[derive(Component)]
pub struct ClockRow;

/// One side's clock.
#[derive(Component)]
pub struct ClockText(pub Side);

/// A time left in the player's words: a live clock as a clock shows it (`2:05`,
/// `1:02:05`), a correspondence move's days and hours (minutes in its last day, the clock's
/// face in its last hour), so that one game's times never mix two ways of writing.
pub fn face(left: Duration, control: Option<TimeControl>, strings: &Strings) -> String {
    let secs = left.as_secs();
    let correspondence = matches!(control, Some(TimeControl::Correspondence { .. }));
    if correspondence && secs >= 86_400 {
        strings.fill(
            "clock.left_days",
            &[
                ("d", (secs / 86_400).to_string()),
                ("h", (secs / 3600 % 24).to_string()),
            ],
        )
    } else if correspondence && secs >= 3600 {
        strings.fill(
            "clock.left_hours",
            &[
                ("h", (secs / 3600).to_string()),
                ("m", (secs / 60 % 60).to_string()),
            ],
        )
    } else {
        clock_face(left)
    }
}

/// Where the clocks come from: the player's online game, or a game watched live.
#[derive(SystemParam)]
struct Clocks<'w> {
    board: OnBoard<'w>,
    link: Res<'w, Link>,
    watch: Res<'w, Watch>,
    review: Res<'w, Review>,
}

fn show_clocks(
    clocks: Clocks,
    strings: Res<Strings>,
    theme: Res<Theme>,
    mut rows: Query<&mut Node, With<ClockRow>>,
    mut texts: Query<(&ClockText, &mut Text, &mut TextColor)>,
) {
    // A watched game's clocks are those of its latest move, whichever the board shows.
    let (timing, game) = if clocks.board.practising() {
        let watched = clocks.review.game.as_ref();
        (
            &clocks.watch.timing,
            watched.filter(|_| clocks.watch.watching()),
        )
    } else {
        let own = clocks.board.session();
        (
            &clocks.link.timing,
            Some(&own.game).filter(|_| own.is_online()),
        )
    };
    let shown = game.is_some() && timing.control.is_some();
    let display = if shown { Display::Flex } else { Display::None };
    for mut node in &mut rows {
        if node.display != display {
            node.display = display;
        }
    }
    let Some(game) = game.filter(|_| shown) else {
        return;
    };
    let over = game.outcome().is_some();
    let to_move = game.side_to_move();
    let first_move = timing.first_move_left().filter(|_| !over);
    for (ClockText(side), mut text, mut colour) in &mut texts {
        let side = *side;
        let (line, bright, low) = match first_move {
            // Before the clocks start: the first move's time, in the place of the clock of
            // the side to move.
            Some(left) if side == to_move => (
                strings.fill(
                    "clock.first_move",
                    &[("time", face(left, timing.control, &strings))],
                ),
                true,
                left < Duration::from_secs(10),
            ),
            _ => (
                timing.left(side).map_or_else(String::new, |l| {
                    format!(
                        "{} {}",
                        strings.side(side),
                        face(l, timing.control, &strings)
                    )
                }),
                !over && timing.running() == Some(side),
                !over && timing.low(side),
            ),
        };
        if text.0 != line {
            text.0 = line;
        }
        let want = if low {
            theme.red
        } else if bright {
            theme.bar_text
        } else {
            theme.bar_text.with_alpha(0.5)
        };
        if colour.0 != want {
            colour.0 = want;
        }
    }
}
