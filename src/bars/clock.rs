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

/// The largest unit a correspondence game's times are written in. Chosen once for all the
/// times shown together (both clocks, or the first move's time beside the other clock), so
/// that two clocks side by side are written the same way: "1 d 0 h" beside "23 h", never
/// beside "23 h 59 min".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Days and hours.
    Days,
    /// Hours and minutes.
    Hours,
    /// As a clock shows it: `2:05`, `1:02:05`.
    Clock,
}

const HOUR: u64 = 3600;
const DAY: u64 = 24 * HOUR;

impl Scale {
    /// The scale for times of which `longest` is the longest.
    pub fn of(longest: Duration, control: Option<TimeControl>) -> Scale {
        let correspondence = matches!(control, Some(TimeControl::Correspondence { .. }));
        // Minutes rounded up, as the hours-and-minutes face would show them.
        let minutes = longest.as_millis().div_ceil(60_000);
        if !correspondence || longest <= Duration::from_secs(HOUR) {
            Scale::Clock
        } else if minutes < u128::from(DAY / 60) {
            Scale::Hours
        } else {
            Scale::Days
        }
    }
}

/// A time left in the player's words: a live clock as a clock shows it (`2:05`,
/// `1:02:05`), a correspondence move's days and hours (hours and minutes in its last day,
/// the clock's face in its last hour). Rounded up, as a clock's face is: a three-day move
/// just begun reads "3 d 0 h", not "2 d 23 h".
pub fn face(left: Duration, control: Option<TimeControl>, strings: &Strings) -> String {
    face_in(left, Scale::of(left, control), strings)
}

/// [`face`] in a scale chosen for several times shown together ([`Scale::of`] the longest).
pub fn face_in(left: Duration, scale: Scale, strings: &Strings) -> String {
    let up = |unit: u64| left.as_millis().div_ceil(u128::from(unit) * 1000) as u64;
    // The last hour counts by the second whatever the scale: it is when time runs short.
    if left <= Duration::from_secs(HOUR) {
        return clock_face(left);
    }
    match scale {
        Scale::Days => {
            let hours = up(HOUR);
            if hours >= 24 {
                strings.fill(
                    "clock.left_days",
                    &[
                        ("d", (hours / 24).to_string()),
                        ("h", (hours % 24).to_string()),
                    ],
                )
            } else {
                strings.fill("clock.left_whole_hours", &[("h", hours.to_string())])
            }
        }
        Scale::Hours => {
            let minutes = up(60);
            strings.fill(
                "clock.left_hours",
                &[
                    ("h", (minutes / 60).to_string()),
                    ("m", (minutes % 60).to_string()),
                ],
            )
        }
        Scale::Clock => clock_face(left),
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
    // A watcher stepped back: the turn above is the board's, the clocks the live game's;
    // neither drawn as the running one (a tester read "Red to move" over Black's bright
    // clock).
    let behind = clocks.board.practising()
        && clocks.watch.behind(
            clocks.board.session().game.history().len(),
            clocks.review.total(),
        );
    // Both clocks in one scale: that of the longest time shown.
    let longest = [Side::Red, Side::Black]
        .into_iter()
        .filter_map(|side| match first_move {
            Some(left) if side == to_move => Some(left),
            _ => timing.left(side),
        })
        .max()
        .unwrap_or_default();
    let scale = Scale::of(longest, timing.control);
    for (ClockText(side), mut text, mut colour) in &mut texts {
        let side = *side;
        let (line, bright, low) = match first_move {
            // Before the clocks start: the first move's time, in the place of the clock of
            // the side to move.
            Some(left) if side == to_move => (
                strings.fill(
                    "clock.first_move",
                    &[("time", face_in(left, scale, &strings))],
                ),
                true,
                left < Duration::from_secs(10),
            ),
            _ => (
                timing.left(side).map_or_else(String::new, |l| {
                    format!("{} {}", strings.side(side), face_in(l, scale, &strings))
                }),
                !over && !behind && timing.running() == Some(side),
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

#[cfg(test)]
mod tests {
    use super::*;

    const THREE_DAYS: Option<TimeControl> = Some(TimeControl::Correspondence { days: 3 });

    /// As read: the faces hold their parts together with no-break spaces.
    fn plain(face: String) -> String {
        face.replace('\u{a0}', " ")
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn a_move_just_begun_reads_its_whole_time() {
        let strings = Strings::english();
        // A second after a three-day move began: rounded up, as a clock's face is.
        assert_eq!(
            plain(face(secs(3 * DAY - 1), THREE_DAYS, &strings)),
            "3 d 0 h"
        );
        assert_eq!(plain(face(secs(3 * DAY), THREE_DAYS, &strings)), "3 d 0 h");
        assert_eq!(
            plain(face(secs(2 * DAY + 1), THREE_DAYS, &strings)),
            "2 d 1 h"
        );
        // The last day in hours and minutes, the last hour by the second.
        assert_eq!(plain(face(secs(DAY - 30), THREE_DAYS, &strings)), "1 d 0 h");
        assert_eq!(
            plain(face(secs(DAY - 90), THREE_DAYS, &strings)),
            "23 h 59 min"
        );
        assert_eq!(
            plain(face(secs(5 * HOUR + 61), THREE_DAYS, &strings)),
            "5 h 2 min"
        );
        assert_eq!(plain(face(secs(HOUR), THREE_DAYS, &strings)), "1:00:00");
        assert_eq!(
            plain(face(secs(59 * 60 + 5), THREE_DAYS, &strings)),
            "59:05"
        );
        // A live clock is always a clock's face.
        let live = Some(TimeControl::Live {
            initial: 2 * 3600,
            increment: 0,
        });
        assert_eq!(plain(face(secs(DAY + 5), live, &strings)), "24:00:05");
    }

    #[test]
    fn two_clocks_side_by_side_are_written_the_same_way() {
        let strings = Strings::english();
        // One side's move just began (a day), the other's clock has run a minute.
        let one_day = Some(TimeControl::Correspondence { days: 1 });
        let scale = Scale::of(secs(DAY), one_day);
        assert_eq!(plain(face_in(secs(DAY), scale, &strings)), "1 d 0 h");
        assert_eq!(plain(face_in(secs(DAY - 60), scale, &strings)), "1 d 0 h");
        assert_eq!(plain(face_in(secs(20 * HOUR + 1), scale, &strings)), "21 h");
        // Both under a day: hours and minutes for both.
        let scale = Scale::of(secs(20 * HOUR), one_day);
        assert_eq!(
            plain(face_in(secs(20 * HOUR), scale, &strings)),
            "20 h 0 min"
        );
        assert_eq!(
            plain(face_in(secs(3 * HOUR + 1), scale, &strings)),
            "3 h 1 min"
        );
        // The running clock's last hour by the second, whatever the other shows.
        assert_eq!(plain(face_in(secs(125), scale, &strings)), "2:05");
    }
}
