use super::*;
use crate::store::sqlite::SqliteStore;
use surakarta_engine::Side;

/// A game stored with its creator seated, as `POST /api/games` stores it.
async fn created(hub: &Hub, id: &str) -> Arc<cell::Cell> {
    let table = Table::new(id.into(), "standard").unwrap();
    let seat = Event::Seat(Side::Red, [7; 32]);
    let mut seated = table.clone();
    seated.apply_at(&seat, Some(now_ms())).unwrap();
    assert!(hub.create(&seated, &[seat], now_ms()).await.unwrap());
    hub.get(id).await.unwrap().unwrap()
}

#[tokio::test]
async fn a_game_someone_is_connected_to_is_never_ended_as_unfinished() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("g.sqlite"), Duration::from_secs(60));
    let hub = Hub::new(Store::Sqlite(store.unwrap()), Timing::default());
    let cell = created(&hub, "watched").await;
    let connection = cell.changes.subscribe();
    // However the sweep's seconds fall, the game someone watches goes on.
    assert!(!hub.conclude("watched").await.unwrap());
    assert!(!cell.snapshot().await.over());
    // Once they have gone, the sweep may end it.
    drop(connection);
    assert!(hub.conclude("watched").await.unwrap());
    let stored = hub.get("watched").await.unwrap().unwrap();
    assert!(stored.snapshot().await.over());
}
