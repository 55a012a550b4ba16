//! A rematch: when one player accepts the other's offer after a game, the new game is
//! made (colours swapped, the same rule set and clock) and the old one says where it is.
//!
//! Each player's seat in the new game opens with the token of their seat in the old one:
//! the server keeps only tokens' digests, so it cannot send new tokens to a player who is
//! not connected, and a token that never travels again cannot leak on the way. A client
//! that sees `rematch` in the old game's state opens the new game with the token it has.

use crate::hub::{ActError, Cell, Hub};
use crate::table::{Event, Refused, Table, new_game_id};
use std::sync::Arc;
use surakarta_engine::Side;

/// The player on `side` accepts the other's rematch offer: the old game's event that
/// says where the new one is. The new game and that event are stored in one step, under
/// the old game's lock and the store's check of its index: however many accepts come at
/// once, on however many instances, one game is made.
pub(crate) async fn accept(hub: &Hub, cell: &Arc<Cell>, side: Side) -> Result<Event, ActError> {
    let first_move = hub.timing().first_move_ms();
    hub.act_with_game(cell, |old, now| {
        if old.rematched().is_some() {
            return Err(Refused("the rematch has begun already".into()));
        }
        if old.rematch_offer() != Some(side.other()) {
            return Err(Refused(
                "there is no rematch offer from your opponent".into(),
            ));
        }
        let (Some(red), Some(black)) = (old.seat_hash(Side::Red), old.seat_hash(Side::Black))
        else {
            return Err(Refused("there is nobody to play a rematch with".into()));
        };
        let events: Vec<Event> = old
            .time_control()
            .map(Event::Clock)
            .into_iter()
            .chain([Event::Seat(Side::Red, black), Event::Seat(Side::Black, red)])
            .collect();
        let mut table = Table::new(new_game_id(), &old.ruleset)?;
        table.first_move_ms(first_move);
        for event in &events {
            table.apply_at(event, Some(now))?;
        }
        tracing::info!(game = %old.id, rematch = %table.id, "rematch");
        Ok((Event::Rematched(table.id.clone()), table, events))
    })
    .await
}
