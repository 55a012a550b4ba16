//! The game being played, apart from how it is drawn: the player's game and the one on
//! the board (`session`) and the turn flow that plays every move (`play`), the computer
//! player (`computer`), the analysis of a finished game (`analysis`), the tutorial's
//! lessons (`tutorial`), the puzzles and the player's puzzle rating (`puzzles`), game records in and out of the app and the shelf of finished
//! games (`records`), and what went wrong with a record, in the player's words (`errors`).

pub mod analysis;
pub mod computer;
pub mod ending_words;
pub mod errors;
pub mod hint;
mod play;
pub mod record_words;
pub mod records;
pub mod search;
pub mod session;
pub mod statistics;
pub mod tables;
pub mod tutorial;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<tutorial::Tutorial>();
    app.add_plugins((
        play::plugin,
        computer::plugin,
        hint::plugin,
        analysis::plugin,
        records::plugin,
        statistics::plugin,
        tables::plugin,
    ));
}
