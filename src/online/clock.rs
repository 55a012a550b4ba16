//! The online game's clocks and who is away, as the server last told them: the server
//! keeps the time (docs/online.md); the app counts down from what it was told, from the
//! moment it was told, so a clock shown never runs ahead of the server's by more than the
//! message's way.

use super::wire::{Away, Clock, GameState, TimeControl};
use bevy::platform::time::Instant;
use std::time::Duration;
use surakarta_engine::Side;

/// The time part of the server's last word.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    /// The game's time limit.
    pub control: Option<TimeControl>,
    clock: Option<Clock>,
    first_move: Option<u64>,
    away: Away,
    claim_after: u64,
    /// How long before it was heard the last move was played (`None`: no move, or not
    /// known).
    last_move_ago: Option<u64>,
    /// When it was heard.
    heard: Option<Instant>,
    /// When the presence part was heard.
    away_heard: Option<Instant>,
}

fn side_of(word: Option<&str>) -> Option<Side> {
    match word {
        Some("red") => Some(Side::Red),
        Some("black") => Some(Side::Black),
        _ => None,
    }
}

impl Timing {
    /// What a state says.
    pub fn of(state: &GameState) -> Timing {
        let now = Instant::now();
        Timing {
            control: state.time_control,
            clock: state.clock.clone(),
            first_move: state.first_move,
            away: state.away.clone(),
            claim_after: state.claim_after,
            last_move_ago: state.last_move_ago,
            heard: Some(now),
            away_heard: Some(now),
        }
    }

    /// A presence message: who is away now.
    pub fn presence(&mut self, away: Away, claim_after: u64) {
        self.away = away;
        self.claim_after = claim_after;
        self.away_heard = Some(Instant::now());
    }

    fn since(heard: Option<Instant>) -> u64 {
        heard.map_or(0, |h| {
            h.elapsed().as_millis().min(u128::from(u64::MAX)) as u64
        })
    }

    /// How long ago the last move was played (`None`: no move yet, or a server that does
    /// not say).
    pub fn since_last_move(&self) -> Option<Duration> {
        let told = self.last_move_ago?;
        Some(Duration::from_millis(
            told.saturating_add(Self::since(self.heard)),
        ))
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        side_of(self.clock.as_ref()?.running.as_deref())
    }

    /// The time `side` has left now (`None`: no clock).
    pub fn left(&self, side: Side) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        let told = match side {
            Side::Red => clock.red,
            Side::Black => clock.black,
        };
        let used = if self.running() == Some(side) {
            Self::since(self.heard)
        } else {
            0
        };
        Some(Duration::from_millis(told.saturating_sub(used)))
    }

    /// The time left for the first move of the side to move, before the game is aborted.
    pub fn first_move_left(&self) -> Option<Duration> {
        let told = self.first_move?;
        Some(Duration::from_millis(
            told.saturating_sub(Self::since(self.heard)),
        ))
    }

    /// True while something shown counts down by the second: a live game's running clock
    /// or first move's time, a correspondence move's last hour (before it the bar shows
    /// days and hours, which a frame now and then keeps true: no frames a second for days).
    pub fn ticking(&self) -> bool {
        match self.control {
            Some(TimeControl::Live { .. }) => self.running().is_some() || self.first_move.is_some(),
            Some(TimeControl::Correspondence { .. }) => {
                let last_hour = |left: Duration| left < Duration::from_secs(3600);
                self.running()
                    .and_then(|side| self.left(side))
                    .or_else(|| self.first_move_left())
                    .is_some_and(last_hour)
            }
            None => false,
        }
    }

    /// How long the player of `side` has been away (`None`: connected, or not known).
    pub fn away(&self, side: Side) -> Option<Duration> {
        let told = match side {
            Side::Red => self.away.red,
            Side::Black => self.away.black,
        }?;
        Some(Duration::from_millis(
            told.saturating_add(Self::since(self.away_heard)),
        ))
    }

    /// How long a player must be away before the other may claim.
    pub fn claim_after(&self) -> Duration {
        Duration::from_millis(self.claim_after)
    }

    /// When the player of `me` may claim the game (the opponent has been away long
    /// enough): now or later; `None` while the opponent is connected.
    pub fn claim_in(&self, me: Side) -> Option<Duration> {
        let away = self.away(me.other())?;
        Some(self.claim_after().saturating_sub(away))
    }

    /// True when `low`: a running live clock under a fifth of its start or 20 seconds,
    /// whichever is less (a correspondence move's last hour).
    pub fn low(&self, side: Side) -> bool {
        let Some(left) = self.left(side) else {
            return false;
        };
        match self.control {
            Some(TimeControl::Live { initial, .. }) => {
                left < Duration::from_secs((initial / 5).clamp(1, 20))
            }
            Some(TimeControl::Correspondence { .. }) => left < Duration::from_secs(3600),
            None => false,
        }
    }
}

/// A time left as a clock shows it: `2:05` (`1:02:05` past an hour); a correspondence
/// clock's days and hours are the caller's words.
pub fn clock_face(left: Duration) -> String {
    let millis = left.as_millis();
    if millis < TENTHS_BELOW {
        // Under ten seconds, tenths (as lichess shows them), rounded up as the seconds are.
        let tenths = millis.div_ceil(100);
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let secs = left.as_secs() + u64::from(left.subsec_millis() > 0);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Below this many milliseconds a clock shows tenths of a second.
const TENTHS_BELOW: u128 = 10_000;

/// How long until [`clock_face`] of a clock counting down from `left` shows other words:
/// the next whole second (tenth, under ten seconds) it crosses, and a little more, so that
/// the frame drawn then already shows the new time. A clock drawn only at these moments
/// costs a frame a second (ten under ten seconds) and looks the same as one drawn always.
pub fn next_face_change(left: Duration) -> Duration {
    let millis = left.as_millis();
    if millis == 0 {
        return Duration::from_secs(1);
    }
    // A face rounds up: it holds from just above one multiple of its step down to the
    // multiple below, and changes as the time passes it; at ten seconds to tenths.
    let step = if millis <= TENTHS_BELOW { 100 } else { 1000 };
    let mut wait = match millis % step {
        0 => step,
        rest => rest,
    };
    if millis >= TENTHS_BELOW {
        wait = wait.min(millis - TENTHS_BELOW + 1);
    }
    Duration::from_millis(wait as u64 + 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_face_changes_when_it_is_said_to() {
        for ms in [125_000u64, 124_100, 10_050, 10_000, 9_999, 9_901, 450, 1] {
            let left = Duration::from_millis(ms);
            let wait = next_face_change(left);
            let before = clock_face(left);
            // Just before the wait the face is still the same; at the wait it has changed.
            let almost = left.saturating_sub(wait.saturating_sub(Duration::from_millis(5)));
            assert_eq!(clock_face(almost), before, "{ms} ms, wait {wait:?}");
            let after = left.saturating_sub(wait);
            assert_ne!(clock_face(after), before, "{ms} ms, wait {wait:?}");
        }
    }

    #[test]
    fn tenths_under_ten_seconds() {
        assert_eq!(clock_face(Duration::from_millis(9_999)), "0:10.0");
        assert_eq!(clock_face(Duration::from_millis(9_900)), "0:09.9");
        assert_eq!(clock_face(Duration::from_millis(9_801)), "0:09.9");
        assert_eq!(clock_face(Duration::from_millis(450)), "0:00.5");
        assert_eq!(clock_face(Duration::from_millis(10_001)), "0:11");
    }

    #[test]
    fn clock_faces_round_up_to_the_second() {
        assert_eq!(clock_face(Duration::from_millis(125_000)), "2:05");
        assert_eq!(clock_face(Duration::from_millis(124_100)), "2:05");
        assert_eq!(clock_face(Duration::from_millis(10_400)), "0:11");
        assert_eq!(clock_face(Duration::ZERO), "0:00.0");
        assert_eq!(clock_face(Duration::from_secs(3725)), "1:02:05");
    }

    #[test]
    fn the_running_clock_counts_down_from_what_was_told() {
        let state = GameState {
            time_control: Some(TimeControl::Live {
                initial: 60,
                increment: 0,
            }),
            clock: Some(Clock {
                red: 30_000,
                black: 5_000,
                running: Some("black".into()),
            }),
            away: Away {
                red: Some(1_000),
                black: None,
            },
            claim_after: 30_000,
            ..GameState::default()
        };
        let timing = Timing::of(&state);
        assert_eq!(timing.running(), Some(Side::Black));
        assert_eq!(timing.left(Side::Red), Some(Duration::from_secs(30)));
        assert!(timing.left(Side::Black).unwrap() <= Duration::from_secs(5));
        assert!(timing.low(Side::Black), "5 s of a minute is low");
        assert!(timing.ticking(), "a live clock runs by the second");
        // Three days a move: no frames a second until the move's last hour.
        let days = GameState {
            time_control: Some(TimeControl::Correspondence { days: 3 }),
            clock: Some(Clock {
                red: 200_000_000,
                black: 259_200_000,
                running: Some("red".into()),
            }),
            ..GameState::default()
        };
        assert!(!Timing::of(&days).ticking());
        let last_hour = GameState {
            clock: Some(Clock {
                red: 3_000_000,
                ..days.clock.clone().unwrap()
            }),
            ..days
        };
        assert!(Timing::of(&last_hour).ticking());
        assert!(!timing.low(Side::Red));
        // Red is away: Black may claim in about 29 s; Red may not claim at all.
        let wait = timing.claim_in(Side::Black).unwrap();
        assert!(wait <= Duration::from_secs(29) && wait > Duration::from_secs(28));
        assert_eq!(timing.claim_in(Side::Red), None);
        assert!(Timing::default().left(Side::Red).is_none());
    }
}
