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
        Event::Pause {
            from: 1_796_000_000_000,
            to: 1_796_000_020_000,
        },
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
        "pause 20 5",
        "pause 5 5",
        "pause 5",
        "pause 5 20 x",
        "pause -5 20",
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
    let t = Table::replay("g".into(), "standard", &good, clock::FIRST_MOVE_MS).unwrap();
    assert_eq!(t.state().plies, 1);
    let bad = vec!["move b2-b4".to_owned()];
    assert!(Table::replay("g".into(), "standard", &bad, clock::FIRST_MOVE_MS).is_none());
    assert!(Table::replay("g".into(), "no-such-rules", &[], clock::FIRST_MOVE_MS).is_none());
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

/// A live game (`initial` s + `increment` s) with both seats taken at `at`.
fn timed(initial: u64, increment: u64, at: u64) -> Table {
    let mut t = Table::new("abc".into(), "standard").unwrap();
    let control = TimeControl::Live { initial, increment };
    t.apply_at(&Event::Clock(control), Some(0)).unwrap();
    t.apply_at(&Event::Seat(Side::Red, token_hash("r")), Some(0))
        .unwrap();
    t.apply_at(&Event::Seat(Side::Black, token_hash("b")), Some(at))
        .unwrap();
    t
}

fn play(t: &mut Table, m: &str, at: u64) -> Result<(), Refused> {
    t.apply_at(&Event::Move(m.parse().unwrap()), Some(at))
}

#[test]
fn clocks_run_for_the_side_to_move_once_each_side_has_moved() {
    let mut t = timed(60, 2, 1_000);
    // Before the first moves: no clock runs, the first move has 30 s.
    let s = t.state_at(11_000);
    let clock = s.clock.unwrap();
    assert_eq!(
        (clock.red, clock.black, clock.running),
        (60_000, 60_000, None)
    );
    assert_eq!(s.first_move, Some(20_000));
    play(&mut t, "b2-b3", 5_000).unwrap();
    play(&mut t, "e5-e4", 9_000).unwrap();
    // Red to move since 9 s: 4 s later Red's clock shows 56 s, Black's is untouched.
    let s = t.state_at(13_000);
    let clock = s.clock.unwrap();
    assert_eq!(
        (clock.red, clock.black, clock.running.as_deref()),
        (56_000, 60_000, Some("red"))
    );
    assert_eq!(s.first_move, None);
    // Red moves after 10 s and gains the 2 s increment.
    play(&mut t, "b3-b4", 19_000).unwrap();
    let clock = t.state_at(19_000).clock.unwrap();
    assert_eq!((clock.red, clock.black), (52_000, 60_000));
    // Black's 60 s run out at 79 s: a move then is refused, the loss on time is due.
    assert_eq!(t.lapsed(78_999), None);
    assert_eq!(t.lapsed(79_000), Some(Event::Flag(Side::Black)));
    assert!(play(&mut t, "e4-e3", 79_000).is_err());
    assert!(t.apply_at(&Event::Flag(Side::Black), Some(78_000)).is_err());
    t.apply_at(&Event::Flag(Side::Black), Some(79_000)).unwrap();
    let s = t.state_at(90_000);
    assert_eq!(s.result.as_deref(), Some("1-0"));
    assert_eq!(s.termination.as_deref(), Some("time-forfeit"));
    let clock = s.clock.unwrap();
    assert_eq!((clock.red, clock.black, clock.running), (52_000, 0, None));
    assert!(
        s.record.contains("[Termination \"time-forfeit\"]"),
        "{}",
        s.record
    );
}

#[test]
fn a_first_move_that_does_not_come_aborts_the_game_without_a_result() {
    let mut t = timed(180, 0, 1_000);
    assert_eq!(t.lapsed(30_999), None);
    assert_eq!(t.lapsed(31_000), Some(Event::Abort(Side::Red)));
    t.apply_at(&Event::Abort(Side::Red), Some(31_000)).unwrap();
    let s = t.state_at(40_000);
    assert_eq!(
        (s.result, s.termination.as_deref()),
        (None, Some("aborted"))
    );
    assert!(t.over());
    assert!(play(&mut t, "b2-b3", 40_000).is_err());
    // Black's first move has its own 30 s from Red's.
    let mut t = timed(180, 0, 1_000);
    play(&mut t, "b2-b3", 2_000).unwrap();
    assert_eq!(t.lapsed(32_000), Some(Event::Abort(Side::Black)));
}

#[test]
fn a_timed_game_counts_nothing_before_both_players_are_in_and_replays_to_the_same_clocks() {
    let mut t = Table::new("abc".into(), "standard").unwrap();
    let control = TimeControl::Correspondence { days: 3 };
    t.apply_at(&Event::Clock(control), Some(0)).unwrap();
    t.apply_at(&Event::Seat(Side::Red, token_hash("r")), Some(0))
        .unwrap();
    // Red moves while waiting for the friend: nothing counts yet.
    play(&mut t, "b2-b3", 10).unwrap();
    assert_eq!(t.deadline(), None);
    assert_eq!(t.state_at(5_000).first_move, None);
    // Black's first move has its time from when Black joins.
    t.apply_at(&Event::Seat(Side::Black, token_hash("b")), Some(100))
        .unwrap();
    assert_eq!(t.deadline().map(|d| d.0), Some(100 + 3 * clock::DAY_MS));
    play(&mut t, "e5-e4", 300).unwrap();
    // A correspondence move has its days, every move afresh.
    assert_eq!(t.deadline().map(|d| d.0), Some(300 + 3 * clock::DAY_MS));
    let lines: Vec<String> = [
        Event::Clock(control).encode_at(0),
        Event::Seat(Side::Red, token_hash("r")).encode_at(0),
        Event::Move("b2-b3".parse().unwrap()).encode_at(10),
        Event::Seat(Side::Black, token_hash("b")).encode_at(100),
        Event::Move("e5-e4".parse().unwrap()).encode_at(300),
    ]
    .into();
    let replayed = Table::replay("abc".into(), "standard", &lines, clock::FIRST_MOVE_MS).unwrap();
    assert_eq!(replayed.deadline(), t.deadline());
    assert_eq!(replayed.state_at(5_000), t.state_at(5_000));
    // The clock is set once, first.
    assert!(t.apply_at(&Event::Clock(control), Some(400)).is_err());
}

#[test]
fn timed_events_and_claims_read_back_as_written() {
    for e in [
        Event::Clock(TimeControl::Live {
            initial: 180,
            increment: 2,
        }),
        Event::Clock(TimeControl::Correspondence { days: 7 }),
        Event::Flag(Side::Red),
        Event::Abort(Side::Black),
        Event::Claim(Side::Red, ClaimResult::Win),
        Event::Claim(Side::Black, ClaimResult::Draw),
        Event::Unfinished,
    ] {
        assert_eq!(Event::decode(&e.encode()), Some(e.clone()));
        assert_eq!(Event::decode_at(&e.encode_at(17)), Some((e, Some(17))));
    }
    assert_eq!(
        Event::decode_at("move b2-c3"),
        Some((Event::Move("b2-c3".parse().unwrap()), None))
    );
    for bad in [
        "clock live 0 2",
        "clock days 99",
        "clock live 60",
        "claim red all",
        "unfinished red",
        "move b2-c3 @x",
    ] {
        assert_eq!(Event::decode_at(bad), None, "{bad:?}");
    }
}

#[test]
fn a_claim_ends_the_game_as_claimed() {
    let (mut t, _, _) = seated();
    t.apply(&Event::Claim(Side::Black, ClaimResult::Win))
        .unwrap();
    let s = t.state();
    assert_eq!(
        (s.result.as_deref(), s.termination.as_deref()),
        (Some("0-1"), Some("abandoned"))
    );
    let (mut t, _, _) = seated();
    t.apply(&Event::Claim(Side::Red, ClaimResult::Draw))
        .unwrap();
    let s = t.state();
    assert_eq!(
        (s.result.as_deref(), s.termination.as_deref()),
        (Some("1/2-1/2"), Some("abandoned-draw"))
    );
}

#[test]
fn an_unfinished_game_is_lost_by_the_side_to_move_once_both_have_moved() {
    // Seated, no move yet: no result.
    let (mut t, _, _) = seated();
    t.apply(&Event::Unfinished).unwrap();
    let s = t.state();
    assert_eq!(
        (s.result.as_deref(), s.termination.as_deref()),
        (None, Some("aborted"))
    );
    // Each side has moved, Red to move: Black wins; and an ended game ends no more.
    let (mut t, _, _) = seated();
    for mv in ["b2-b3", "e5-e4"] {
        t.apply(&Event::Move(mv.parse().unwrap())).unwrap();
    }
    t.apply(&Event::Unfinished).unwrap();
    let s = t.state();
    assert_eq!(
        (s.result.as_deref(), s.termination.as_deref()),
        (Some("0-1"), Some("abandoned"))
    );
    assert!(t.apply(&Event::Unfinished).is_err());
}

#[test]
fn a_move_taken_back_leaves_the_table_exactly_as_it_was() {
    let mut t = timed(300, 2, 1_000);
    play(&mut t, "b2-b3", 2_000).unwrap();
    play(&mut t, "e5-e4", 3_000).unwrap();
    // Black offers a draw; Red's move would answer it and run Red's clock.
    t.apply_at(&Event::Offer(Side::Black), Some(3_500)).unwrap();
    let before = serde_json::to_string(&t.state_at(9_000)).unwrap();
    let events = t.events();
    let played = t.play_at("b3-b4".parse().unwrap(), Some(8_000)).unwrap();
    assert_ne!(serde_json::to_string(&t.state_at(9_000)).unwrap(), before);
    t.take_back(played);
    assert_eq!(serde_json::to_string(&t.state_at(9_000)).unwrap(), before);
    assert_eq!(t.events(), events);
    // The same move can be played again, and a refused one is not taken back twice.
    assert!(t.play_at("b3-b5".parse().unwrap(), Some(8_000)).is_err());
    assert_eq!(serde_json::to_string(&t.state_at(9_000)).unwrap(), before);
    play(&mut t, "b3-b4", 8_000).unwrap();
    assert_eq!(t.events(), events + 1);
}

/// A live game of `initial` seconds with both seats taken at 0 and the first moves made
/// at 1 s and 2 s: Red's clock runs from 2 s.
fn running(initial: u64) -> Table {
    let mut t = Table::new("p".into(), "standard").unwrap();
    let control = TimeControl::Live {
        initial,
        increment: 0,
    };
    t.apply_at(&Event::Clock(control), Some(0)).unwrap();
    t.apply_at(&Event::Seat(Side::Red, token_hash("r")), Some(0))
        .unwrap();
    t.apply_at(&Event::Seat(Side::Black, token_hash("b")), Some(0))
        .unwrap();
    t.apply_at(&Event::Move("b2-b3".parse().unwrap()), Some(1_000))
        .unwrap();
    t.apply_at(&Event::Move("e5-e4".parse().unwrap()), Some(2_000))
        .unwrap();
    t
}

#[test]
fn an_outage_is_given_back_to_the_running_clock_once() {
    let mut t = running(10);
    // Down from 5 s to 20 s; an earlier outage, before Red's turn, is nothing to it.
    let outages = [(500, 900), (5_000, 20_000)];
    let pause = t.pause_due(&outages).expect("Red's clock ran through it");
    assert_eq!(
        pause,
        Event::Pause {
            from: 5_000,
            to: 20_000
        }
    );
    // Without it, Red lost on time at 12 s.
    assert_eq!(t.lapsed(20_000), Some(Event::Flag(Side::Red)));
    t.apply_line(&pause.encode_at(20_000)).unwrap();
    assert_eq!(t.lapsed(20_000), None);
    // 3 s used before the outage, 1 s after it.
    assert_eq!(t.state_at(21_000).clock.unwrap().red, 6_000);
    assert_eq!(t.deadline(), Some((27_000, Event::Flag(Side::Red))));
    // Never twice.
    assert_eq!(t.pause_due(&outages), None);
    assert!(t.apply_at(&pause, Some(21_000)).is_err());
    // A later outage is given back as well.
    let later = [(5_000, 20_000), (22_000, 25_000)];
    let second = t.pause_due(&later).unwrap();
    t.apply_at(&second, Some(25_000)).unwrap();
    assert_eq!(t.deadline(), Some((30_000, Event::Flag(Side::Red))));
    // Replayed from its lines, the game has the same clocks.
    let lines = [
        "clock live 10 0 @0".to_owned(),
        Event::Seat(Side::Red, token_hash("r")).encode_at(0),
        Event::Seat(Side::Black, token_hash("b")).encode_at(0),
        "move b2-b3 @1000".to_owned(),
        "move e5-e4 @2000".to_owned(),
        "pause 5000 20000 @20000".to_owned(),
        "pause 22000 25000 @25000".to_owned(),
    ];
    let replayed = Table::replay("p".into(), "standard", &lines, clock::FIRST_MOVE_MS).unwrap();
    assert_eq!(replayed.deadline(), t.deadline());
    assert_eq!(replayed.state_at(26_000).clock, t.state_at(26_000).clock);
}

#[test]
fn an_outage_after_the_time_ran_out_or_before_the_turn_gives_nothing_back() {
    let t = running(10);
    // Red's 10 s ran out at 12 s, before the server stopped at 15 s: lost on time.
    assert_eq!(t.pause_due(&[(15_000, 30_000)]), None);
    assert!(
        t.clone()
            .apply_at(
                &Event::Pause {
                    from: 15_000,
                    to: 30_000
                },
                Some(30_000)
            )
            .is_err()
    );
    assert_eq!(t.lapsed(30_000), Some(Event::Flag(Side::Red)));
    // An outage that ended before the turn began is not this turn's.
    assert_eq!(t.pause_due(&[(1_200, 1_800)]), None);
    // A game without a clock has nothing to give back.
    let (untimed, ..) = seated();
    assert_eq!(untimed.pause_due(&[(0, 1_000_000)]), None);
}

#[test]
fn an_outage_gives_a_first_move_its_time_back() {
    let mut t = Table::new("f".into(), "standard").unwrap();
    let control = TimeControl::Live {
        initial: 60,
        increment: 0,
    };
    t.apply_at(&Event::Clock(control), Some(0)).unwrap();
    t.apply_at(&Event::Seat(Side::Red, token_hash("r")), Some(0))
        .unwrap();
    t.apply_at(&Event::Seat(Side::Black, token_hash("b")), Some(1_000))
        .unwrap();
    // Red's 30 s for the first move run from 1 s; the server is down from 10 s to 50 s.
    assert_eq!(t.lapsed(50_000), Some(Event::Abort(Side::Red)));
    let pause = t.pause_due(&[(10_000, 50_000)]).unwrap();
    t.apply_at(&pause, Some(50_000)).unwrap();
    assert_eq!(t.lapsed(50_000), None);
    assert_eq!(t.state_at(50_000).first_move, Some(21_000));
}

#[test]
fn the_state_says_how_long_ago_the_last_move_was_played_and_a_replay_agrees() {
    let mut t = timed(300, 2, 1_000);
    assert_eq!(t.state_at(5_000).last_move_ago, None, "no move yet");
    play(&mut t, "b2-b3", 2_000).unwrap();
    play(&mut t, "e5-e4", 3_000).unwrap();
    assert_eq!(t.state_at(63_000).last_move_ago, Some(60_000));
    // An offer is not a move.
    t.apply_at(&Event::Offer(Side::Red), Some(4_000)).unwrap();
    assert_eq!(t.state_at(63_000).last_move_ago, Some(60_000));
    let control = TimeControl::Live {
        initial: 300,
        increment: 2,
    };
    let lines: Vec<String> = [
        Event::Clock(control).encode_at(0),
        Event::Seat(Side::Red, token_hash("r")).encode_at(0),
        Event::Seat(Side::Black, token_hash("b")).encode_at(1_000),
        Event::Move("b2-b3".parse().unwrap()).encode_at(2_000),
        Event::Move("e5-e4".parse().unwrap()).encode_at(3_000),
        Event::Offer(Side::Red).encode_at(4_000),
    ]
    .into();
    let replayed = Table::replay("abc".into(), "standard", &lines, clock::FIRST_MOVE_MS).unwrap();
    assert_eq!(replayed.state_at(63_000).last_move_ago, Some(60_000));
}
