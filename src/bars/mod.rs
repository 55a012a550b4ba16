//! The bars around the board: `frame.rs` builds them and their buttons (what each does:
//! `actions.rs`), `fade.rs` shows
//! which buttons can act, `status.rs` says what they show, `clock.rs` an online game's
//! clocks.

mod actions;
pub mod claim;
pub mod clock;
pub mod fade;
pub mod frame;
pub mod status;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<claim::Claim>();
    app.add_plugins((
        frame::plugin,
        fade::plugin,
        status::plugin,
        clock::plugin,
        claim::plugin,
    ));
    // The texts go into the bars once they are built.
    app.configure_sets(Update, (frame::BarSystems, status::StatusSystems).chain());
}
