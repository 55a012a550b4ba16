use super::*;

fn seated() -> (Table, String, String) {
    let mut t = Table::new("abc".into(), "standard").unwrap();
    let (red, black) = (new_token(), new_token());
    t.apply(&Event::Seat(Side::Red, token_hash(&red))).unwrap();
    t.apply(&Event::Seat(Side::Black, token_hash(&black)))
        .unwrap();
    (t, red, black)
}

#[test]
fn events_read_back_as_written() {
    let events = [
        Event::Seat(Side::Black, token_hash("x")),
        Event::Move("b2-c3".parse().unwrap()),
        Event::Move("b3xe5".parse().unwrap()),
        Event::Offer(Side::Red),
        Event::Decline(Side::Black),
        Event::Accept(Side::Red),
        Event::Resign(Side::Black),
    ];
    for e in events {
        assert_eq!(Event::decode(&e.encode()), Some(e));
    }
    for bad in [
        "",
        "move",
        "move b2-c3 x",
        "seat red 00",
        "offer blue",
        "dance red",
    ] {
        assert_eq!(Event::decode(bad), None, "{bad:?}");
    }
}

#[test]
fn tokens_open_only_their_own_seat() {
    let (t, red, black) = seated();
    assert_eq!(t.seat_of(&red), Some(Side::Red));
    assert_eq!(t.seat_of(&black), Some(Side::Black));
    assert_eq!(t.seat_of("nonsense"), None);
    assert_eq!(t.seat_of(""), None);
    assert_eq!(t.free_seat(), None);
}

#[test]
fn an_empty_seat_is_not_opened_by_anything() {
    let mut t = Table::new("abc".into(), "standard").unwrap();
    t.apply(&Event::Seat(Side::Red, token_hash("r"))).unwrap();
    assert_eq!(t.seat_of(""), None);
    assert_eq!(t.free_seat(), Some(Side::Black));
}

#[test]
fn refused_events_change_nothing() {
    let (mut t, _, _) = seated();
    let before = t.state().record;
    assert!(t.apply(&Event::Move("b2-b4".parse().unwrap())).is_err());
    assert!(t.apply(&Event::Move("e5-e4".parse().unwrap())).is_err());
    assert!(t.apply(&Event::Accept(Side::Black)).is_err());
    assert!(t.apply(&Event::Seat(Side::Red, token_hash("z"))).is_err());
    assert_eq!(t.state().record, before);
    assert_eq!(t.events(), 2);
}

#[test]
fn a_draw_offer_stands_until_answered_by_the_other_side() {
    let (mut t, _, _) = seated();
    t.apply(&Event::Offer(Side::Red)).unwrap();
    assert!(t.apply(&Event::Offer(Side::Red)).is_err());
    assert!(t.apply(&Event::Accept(Side::Red)).is_err(), "not one's own");
    t.apply(&Event::Move("b2-b3".parse().unwrap())).unwrap();
    assert_eq!(
        t.state().draw_offer.as_deref(),
        Some("red"),
        "the offerer moving keeps it"
    );
    t.apply(&Event::Move("b5-b4".parse().unwrap())).unwrap();
    assert_eq!(
        t.state().draw_offer,
        None,
        "the other side moving declines it"
    );
    t.apply(&Event::Offer(Side::Red)).unwrap();
    t.apply(&Event::Accept(Side::Black)).unwrap();
    let s = t.state();
    assert_eq!(
        (s.result.as_deref(), s.termination.as_deref()),
        (Some("1/2-1/2"), Some("agreed-draw"))
    );
    assert!(t.apply(&Event::Move("c2-c3".parse().unwrap())).is_err());
}

#[test]
fn a_side_offers_a_draw_at_most_once_between_its_moves() {
    let (mut t, _, _) = seated();
    t.apply(&Event::Offer(Side::Red)).unwrap();
    t.apply(&Event::Decline(Side::Black)).unwrap();
    assert!(t.apply(&Event::Offer(Side::Red)).is_err(), "again at once");
    t.apply(&Event::Move("b2-b3".parse().unwrap())).unwrap();
    t.apply(&Event::Offer(Side::Black)).unwrap();
    t.apply(&Event::Decline(Side::Red)).unwrap();
    t.apply(&Event::Offer(Side::Red)).unwrap();
}

#[test]
fn resigning_ends_the_game_for_the_other_side() {
    let (mut t, _, _) = seated();
    t.apply(&Event::Resign(Side::Red)).unwrap();
    let s = t.state();
    assert_eq!(
        (s.result.as_deref(), s.termination.as_deref()),
        (Some("0-1"), Some("resignation"))
    );
    assert!(s.record.contains("[Result \"0-1\"]"));
    assert!(t.apply(&Event::Resign(Side::Black)).is_err());
}

#[test]
fn replay_refuses_what_the_engine_refuses() {
    let good = vec![
        Event::Seat(Side::Red, token_hash("r")).encode(),
        "move b2-b3".to_owned(),
    ];
    let t = Table::replay("g".into(), "standard", &good).unwrap();
    assert_eq!(t.state().plies, 1);
    let bad = vec!["move b2-b4".to_owned()];
    assert!(Table::replay("g".into(), "standard", &bad).is_none());
    assert!(Table::replay("g".into(), "no-such-rules", &[]).is_none());
}

#[test]
fn ids_are_plausible_and_others_are_not() {
    for _ in 0..100 {
        assert!(plausible_id(&new_game_id()));
    }
    for bad in ["", "../etc", "a b", &"x".repeat(33), "ü"] {
        assert!(!plausible_id(bad), "{bad:?}");
    }
}
