use super::*;

const SECOND: Duration = Duration::from_secs(1);
const DAY: Duration = Duration::from_secs(24 * 3600);

#[tokio::test]
async fn appends_only_at_the_next_index_and_reads_back_after_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite");
    {
        let store = SqliteStore::open(&path, DAY).unwrap();
        assert!(store.create("g1", "standard", "seat red x").await.unwrap());
        assert!(!store.create("g1", "standard", "seat red y").await.unwrap());
        assert_eq!(
            store.append("g1", 1, "move b2-b3").await.unwrap(),
            Appended::Done
        );
        assert_eq!(
            store.append("g1", 1, "move c2-c3").await.unwrap(),
            Appended::Conflict
        );
        assert_eq!(
            store.append("g1", 5, "move c2-c3").await.unwrap(),
            Appended::Conflict
        );
        assert_eq!(
            store.append("nope", 0, "move c2-c3").await.unwrap(),
            Appended::Gone
        );
    }
    let store = SqliteStore::open(&path, DAY).unwrap();
    let game = store.load("g1").await.unwrap().unwrap();
    assert_eq!(game.events, ["seat red x", "move b2-b3"]);
    let tail = store.events_from("g1", 1).await.unwrap().unwrap();
    assert_eq!(
        (tail.total, tail.events),
        (2, vec!["move b2-b3".to_owned()])
    );
    assert_eq!(store.events_from("nope", 0).await.unwrap(), None);
    assert_eq!(store.load("nope").await.unwrap(), None);
}

#[tokio::test]
async fn idle_games_expire_with_their_events() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("g.sqlite"), DAY).unwrap();
    store.create("old", "standard", "seat red x").await.unwrap();
    assert_eq!(
        store.expire_step(Duration::from_secs(3600)).await.unwrap(),
        0
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(store.expire_step(Duration::ZERO).await.unwrap(), 1);
    assert_eq!(store.load("old").await.unwrap(), None);
    // Its events went with it: the id can be used afresh.
    assert!(
        store
            .create("old", "standard", "seat black y")
            .await
            .unwrap()
    );
    assert_eq!(
        store.load("old").await.unwrap().unwrap().events,
        ["seat black y"]
    );
}

#[tokio::test]
async fn a_move_refreshes_the_expiry_clock_at_most_every_hundredth_of_it() {
    assert_eq!(refresh_every(Duration::from_secs(3)), 1);
    assert_eq!(refresh_every(Duration::from_secs(300)), 3);
    assert_eq!(refresh_every(Duration::from_secs(30 * 24 * 3600)), 60);
    let dir = tempfile::tempdir().unwrap();
    let updated = |store: SqliteStore| async move {
        let games = store.idle(i64::MIN, i64::MAX, None, 10).await.unwrap();
        games.first().map(|(at, _)| *at).unwrap()
    };
    // A game created in a store expiring after `expire_after`, and a move played in it a
    // second later: the store, and the game's time before and after the move.
    let move_a_second_later = |name: &'static str, expire_after: Duration| {
        let path = dir.path().join(name);
        async move {
            let store = SqliteStore::open(&path, expire_after).unwrap();
            store.create("g", "standard", "seat red x").await.unwrap();
            let created = updated(store.clone()).await;
            tokio::time::sleep(Duration::from_millis(1100)).await;
            let moved = store.append("g", 1, "move b2-b3").await.unwrap();
            assert_eq!(moved, Appended::Done);
            let after = updated(store.clone()).await;
            (store, created, after)
        }
    };
    // Expiring after 30 days: the move leaves the time as it was (it is rewritten once it
    // is a minute old) ...
    let (month, created, after) = move_a_second_later("month.sqlite", 30 * DAY).await;
    assert_eq!(after, created, "a move rewrote it");
    // ... and a touch (at each sweep, of a game someone is connected to) always writes it.
    assert_eq!(month.touch(vec!["g".to_owned()]).await.unwrap(), 1);
    assert!(updated(month).await > created, "a touch left it");
    // Expiring after 100 s: the move writes it.
    let (_, created, after) = move_a_second_later("short.sqlite", 100 * SECOND).await;
    assert!(after > created, "a move left it");
}
