//! The player's record against the computer: wins, draws and losses at each level,
//! counted once per finished game (saved with the settings, `persist/`).

use crate::game::session::{Mode, Session};
use crate::shell::navigation::GameSet;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Stats>()
        .add_systems(Update, count_result.in_set(GameSet::Present));
}

/// Results against the computer, by level name.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats(pub BTreeMap<String, Tally>);

/// Wins, draws and losses against one level.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the player won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the computer won.
    pub losses: u32,
}

/// A finished game against the computer counts once in the statistics.
pub(crate) fn count_result(mut session: ResMut<Session>, mut stats: ResMut<Stats>) {
    if session.counted {
        return;
    }
    let (Some(outcome), Mode::VsComputer { human, level }) = (session.game.outcome(), session.mode)
    else {
        return;
    };
    let tally = stats.0.entry(level.name().to_owned()).or_default();
    match outcome.winner {
        Some(w) if w == human => tally.wins += 1,
        Some(_) => tally.losses += 1,
        None => tally.draws += 1,
    }
    session.counted = true;
}
