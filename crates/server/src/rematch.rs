//! A rematch: when one player accepts the other's offer after a game, the new game is
//! made (colours swapped, the same rule set and clock) and the old one says where it is.
//!
//! Each player's seat in the new game opens with the token of their seat in the old one:
//! the server keeps only tokens' digests, so it cannot send new tokens to a player who is
//! not connected, and a token that never travels again cannot leak on the way. A client
//! that sees `rematch` in the old game's state opens the new game with the token it has.

use crate::hub::{ActError, Cell, Hub};
use crate::table::clock::now_ms;
use crate::table::{Event, Refused, Table, new_game_id};
use std::sync::Arc;
use surakarta_engine::Side;

/// The player on `side` accepts the other's rematch offer: the old game's event that
/// says where the new one is.
pub(crate) async fn accept(hub: &Hub, cell: &Arc<Cell>, side: Side) -> Result<Event, ActError> {
    let old = cell.snapshot().await;
    let refused = |why: &str| Err(ActError::Refused(Refused(why.into())));
    if old.rematched().is_some() {
        return refused("the rematch has begun already");
    }
    if old.rematch_offer() != Some(side.other()) {
        return refused("there is no rematch offer from your opponent");
    }
    let (Some(red), Some(black)) = (old.seat_hash(Side::Red), old.seat_hash(Side::Black)) else {
        return refused("there is nobody to play a rematch with");
    };
    let events: Vec<Event> = old
        .time_control()
        .map(Event::Clock)
        .into_iter()
        .chain([Event::Seat(Side::Red, black), Event::Seat(Side::Black, red)])
        .collect();
    let first_move = u64::try_from(hub.timing().first_move.as_millis()).unwrap_or(u64::MAX);
    for _ in 0..8 {
        let now = now_ms();
        let mut table = Table::new(new_game_id(), &old.ruleset)?;
        table.first_move_ms(first_move);
        for event in &events {
            table.apply_at(event, Some(now))?;
        }
        if !hub.create(&table, &events, now).await? {
            continue; // the id was taken: draw another
        }
        let id = table.id;
        tracing::info!(game = %old.id, rematch = %id, "rematch");
        // If the offer went meanwhile (another instance took an accept first), the new
        // game is never handed out and expires.
        return hub
            .act(cell, move |t| {
                if t.rematch_offer() == Some(side.other()) && t.rematched().is_none() {
                    Ok(Event::Rematched(id.clone()))
                } else {
                    Err(Refused("the rematch offer is no longer there".into()))
                }
            })
            .await;
    }
    refused("could not make the rematch's game")
}
