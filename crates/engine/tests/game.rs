//! How games are played, taken back and ended under each rule set.

use surakarta_engine::{
    EndReason, Game, Move, NoMoves, Outcome, PlayError, Position, Record, Ruleset, Side,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn game(fen: &str, rules: &str) -> Game {
    Game::from_position(fen.parse().unwrap(), rules.parse().unwrap())
}

#[test]
fn capturing_the_last_stone_wins() {
    let mut g = game("6/6/6/6/b4r/6 r 0 0", "standard");
    assert_eq!(g.outcome(), None);
    g.try_play(mv("f2xa2")).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Side::Red),
            reason: EndReason::AllCaptured
        })
    );
    assert!(g.moves().is_empty());
    assert!(matches!(
        g.try_play(mv("a2-a3")),
        Err(PlayError::GameOver(_))
    ));
}

#[test]
fn a_side_without_moves_loses_or_draws_by_rule_set() {
    // Black's lone corner stone is walled in by red stones that cannot capture it.
    let fen = "br4/rr4/6/6/6/6 b 0 0";
    let p: Position = fen.parse().unwrap();
    assert!(p.moves().is_empty());
    let draw = game(fen, "standard").outcome().unwrap();
    assert_eq!((draw.winner, draw.reason), (None, EndReason::NoMoves));
    let loss = game(fen, "fifty-move").outcome().unwrap();
    assert_eq!(
        (loss.winner, loss.reason),
        (Some(Side::Red), EndReason::NoMoves)
    );
    assert_eq!(
        Ruleset::from_id("move-cap").unwrap().no_moves,
        NoMoves::Loses
    );
}

#[test]
fn no_capture_limit_draws_after_that_many_quiet_plies() {
    let mut g = game("b5/6/6/6/6/5r r 38 38", "forty-move");
    g.try_play(mv("f1-e1")).unwrap();
    assert_eq!(g.outcome(), None);
    g.try_play(mv("a6-b6")).unwrap();
    assert_eq!(
        g.outcome().map(|o| (o.winner, o.reason)),
        Some((None, EndReason::NoCaptureLimit))
    );
}

#[test]
fn ply_limit_draws_but_a_last_capture_on_that_ply_still_wins() {
    let quiet = {
        let mut g = game("6/6/6/6/b4r/6 r 0 159", "move-cap");
        g.try_play(mv("f2-f3")).unwrap();
        g.outcome().unwrap()
    };
    assert_eq!((quiet.winner, quiet.reason), (None, EndReason::PlyLimit));
    let mut g = game("6/6/6/6/b4r/6 r 0 159", "move-cap");
    g.try_play(mv("f2xa2")).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(Side::Red));
}

#[test]
fn third_repetition_draws_in_standard_only() {
    let shuffle = ["f1-e1", "a6-b6", "e1-f1", "b6-a6"];
    let mut g = game("b5/6/6/6/6/5r r 0 0", "standard");
    for m in shuffle.iter().chain(shuffle.iter()) {
        assert_eq!(g.outcome(), None, "before {m}");
        g.try_play(mv(m)).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Repetition));

    let mut g = game("b5/6/6/6/6/5r r 0 0", "fifty-move");
    for m in shuffle.iter().chain(shuffle.iter()) {
        g.try_play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn illegal_moves_change_nothing() {
    let mut g = Game::default();
    let before = g.clone();
    for m in ["a1-a2", "b2-b4", "b2xb5", "a5-a4", "c3-c4"] {
        assert!(
            matches!(g.try_play(mv(m)), Err(PlayError::Illegal(_))),
            "{m}"
        );
    }
    assert_eq!(g, before);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = Game::default();
    g.try_play(mv("b2-b3")).unwrap();
    g.try_play(mv("e5-e4")).unwrap();
    let after_two = *g.position();
    assert_eq!(g.undo(), Some(mv("e5-e4")));
    assert_eq!(g.undo(), Some(mv("b2-b3")));
    assert_eq!(g.undo(), None);
    assert_eq!(*g.position(), Position::start(Side::Red));
    assert_eq!(g.redo(), Some(mv("b2-b3")));
    assert_eq!(g.redo(), Some(mv("e5-e4")));
    assert_eq!(*g.position(), after_two);
    g.undo();
    g.try_play(mv("e5-d4")).unwrap();
    assert!(!g.can_redo(), "a new move clears the redo list");
}

#[test]
fn resignation_and_agreements_end_the_game_and_can_be_taken_back() {
    let mut g = Game::default();
    g.try_play(mv("b2-b3")).unwrap();
    g.resign(Side::Black);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Side::Red),
            reason: EndReason::Resignation
        })
    );
    assert_eq!(g.undo(), None, "undo takes back the resignation first");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.history().len(), 1);
    g.agree_draw();
    assert_eq!(g.outcome().map(|o| o.winner), Some(None));
    g.undo();

    let mut g = game("bb4/6/6/6/6/rrr3 r 0 10", "standard");
    g.agree_stop();
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Side::Red),
            reason: EndReason::AgreedStop
        })
    );
    let mut g = game("bb4/6/6/6/6/rr4 r 0 10", "standard");
    g.agree_stop();
    assert_eq!(g.outcome().unwrap().winner, None);
}

#[test]
fn forty_move_preset_starts_with_black() {
    let g = Game::new(Ruleset::from_id("forty-move").unwrap());
    assert_eq!(g.side_to_move(), Side::Black);
    assert!(
        g.moves()
            .iter()
            .all(|m| g.position().at(m.from) == Some(Side::Black))
    );
}

#[test]
fn records_round_trip_with_headers_numbers_and_results() {
    let mut g = Game::default();
    for m in ["b2-b3", "e5-e4", "b3-c4"] {
        g.try_play(mv(m)).unwrap();
    }
    let text = Record::from_game(&g, "You", "Computer \"Hard\"").to_string();
    assert!(text.contains("[Ruleset \"standard\"]"));
    assert!(text.contains("[Black \"Computer \\\"Hard\\\"\"]"));
    assert!(text.contains("1. b2-b3 e5-e4 2. b3-c4 *"));
    let r: Record = text.parse().unwrap();
    assert_eq!(r.header("Black"), Some("Computer \"Hard\""));
    assert_eq!(r.to_game().unwrap(), g);

    g.resign(Side::Red);
    let text = Record::from_game(&g, "A", "B").to_string();
    assert!(text.trim_end().ends_with("0-1"));
    let back = text.parse::<Record>().unwrap().to_game().unwrap();
    assert_eq!(back.outcome(), g.outcome());
}

#[test]
fn records_from_a_set_up_position_with_black_to_move() {
    let start: Position = "b5/6/6/6/6/5r b 3 7".parse().unwrap();
    let mut g = Game::from_position(start, Ruleset::default());
    g.try_play(mv("a6-b6")).unwrap();
    g.try_play(mv("f1-e1")).unwrap();
    let text = Record::from_game(&g, "A", "B").to_string();
    assert!(text.contains("[Start \"b5/6/6/6/6/5r b 3 7\"]"));
    assert!(text.contains("4... a6-b6 5. f1-e1 *"), "{text}");
    assert_eq!(text.parse::<Record>().unwrap().to_game().unwrap(), g);
}

#[test]
fn bad_records_say_what_and_where() {
    use surakarta_engine::ParseRecordError as E;
    let err = |s: &str| s.parse::<Record>().and_then(|r| r.to_game()).unwrap_err();
    assert_eq!(
        err("[Ruleset standard]\n\n1. b2-b3"),
        E::BadHeader { line: 1 }
    );
    assert!(matches!(err("1. b2-b3 e5e4"), E::BadMove { token: 3, .. }));
    assert!(matches!(
        err("2. b2-b3"),
        E::BadMoveNumber { expected: 1, .. }
    ));
    assert!(matches!(err("1. b2-b4"), E::IllegalMove { ply: 1, .. }));
    assert!(matches!(err("1. b2-b3 * e5-e4"), E::TextAfterResult(_)));
    assert!(matches!(
        err("[Result \"1-0\"]\n\n1. b2-b3 0-1"),
        E::ResultMismatch
    ));
    assert!(matches!(err("[Ruleset \"blitz\"]\n\n*"), E::BadRuleset(_)));
    assert!(matches!(err("[Start \"6/6 r 0 0\"]\n\n*"), E::BadStart(_)));
    assert!(matches!(err("[Result \"2-0\"]\n\n"), E::BadResult(_)));
    // Every error reads as a sentence for the player.
    assert!(err("1. b2-b4").to_string().contains("ply 1"));
}

#[test]
fn records_number_moves_in_pairs_and_a_lone_second_move_with_dots() {
    assert_eq!(Record::move_number(0), "1.");
    assert_eq!(Record::move_number(1), "1...");
    assert_eq!(Record::move_number(32), "17.");
    // A record starting after an odd number of plies opens with the dotted number.
    let mut g = game("6/6/6/1r2b1/6/6 b 0 31", "standard");
    g.try_play(mv("e3-e4")).unwrap();
    g.try_play(mv("b3-b4")).unwrap();
    let text = Record::from_game(&g, "A", "B").to_string();
    assert!(text.contains("16... e3-e4 17. b3-b4 *"), "{text}");
}

#[test]
fn counters_stop_at_the_largest_count_instead_of_overflowing() {
    use surakarta_engine::Position;
    let max = Position::MAX_COUNTER;
    let text = format!("6/6/6/6/b4r/6 r {max} {max}");
    let mut pos: Position = text.parse().unwrap();
    for m in ["f2-f3", "a2-a3", "f3-f2"] {
        pos = pos.after(mv(m));
    }
    assert_eq!((pos.since_capture(), pos.plies()), (max, max));
    // What play reaches, the parser reads back.
    assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
}

#[test]
fn records_whose_headers_contradict_the_game_are_refused() {
    use surakarta_engine::{EndReason, ParseRecordError, Record};
    let game_of = |text: &str| text.parse::<Record>().and_then(|r| r.to_game());
    // Red takes the last stone: Black cannot have won.
    let err = game_of("[Start \"6/6/6/6/b4r/6 r 0 0\"]\n[Result \"0-1\"]\n\n1. f2xa2 0-1\n");
    assert!(
        matches!(err, Err(ParseRecordError::ResultContradicts { .. })),
        "{err:?}"
    );
    // The same game written without a result, or with the right one, is read.
    for text in [
        "[Start \"6/6/6/6/b4r/6 r 0 0\"]\n\n1. f2xa2\n",
        "[Start \"6/6/6/6/b4r/6 r 0 0\"]\n[Result \"1-0\"]\n[Termination \"all-captured\"]\n\n1. f2xa2 1-0\n",
    ] {
        let game = game_of(text).unwrap();
        assert_eq!(game.outcome().unwrap().reason, EndReason::AllCaptured);
    }
    for (text, why) in [
        (
            "[Result \"1-0\"]\n[Termination \"agreed-draw\"]\n\n1. b2-c3\n",
            "no winner",
        ),
        (
            "[Result \"1/2-1/2\"]\n[Termination \"resignation\"]\n\n1. b2-c3\n",
            "winner",
        ),
        ("[Termination \"all-captured\"]\n\n1. b2-c3\n", "not ended"),
        (
            "[Result \"0-1\"]\n[Termination \"no-moves\"]\n\n1. b2-c3\n",
            "do not end",
        ),
        (
            "[Result \"1/2-1/2\"]\n[Termination \"time-forfeit\"]\n\n1. b2-c3\n",
            "time forfeit has a winner",
        ),
        (
            "[Result \"1-0\"]\n[Termination \"abandoned-draw\"]\n\n1. b2-c3\n",
            "no winner",
        ),
        (
            "[Result \"1/2-1/2\"]\n[Termination \"aborted\"]\n\n1. b2-c3\n",
            "no result",
        ),
        // Twelve stones each: an agreed stop is a draw, not a win.
        (
            "[Result \"1-0\"]\n[Termination \"agreed-stop\"]\n\n1. b2-c3\n",
            "more stones",
        ),
    ] {
        let err = game_of(text).unwrap_err();
        assert!(err.to_string().contains(why), "{text:?}: {err}");
    }
    // What players declare is kept.
    let game = game_of("[Result \"0-1\"]\n\n1. b2-c3\n").unwrap();
    assert_eq!(game.outcome().unwrap().reason, EndReason::Resignation);
    let game =
        game_of("[Result \"1/2-1/2\"]\n[Termination \"agreed-stop\"]\n\n1. b2-c3\n").unwrap();
    assert_eq!(game.outcome().unwrap().reason, EndReason::AgreedStop);
    // What an online server decides is kept too: a loss on time, a claim after a player left.
    for (text, winner, reason) in [
        (
            "[Result \"0-1\"]\n[Termination \"time-forfeit\"]\n\n1. b2-c3\n",
            Some(Side::Black),
            EndReason::TimeForfeit,
        ),
        (
            "[Result \"1-0\"]\n[Termination \"abandoned\"]\n\n1. b2-c3\n",
            Some(Side::Red),
            EndReason::Abandoned,
        ),
        (
            "[Result \"1/2-1/2\"]\n[Termination \"abandoned-draw\"]\n\n1. b2-c3\n",
            None,
            EndReason::AbandonedDraw,
        ),
        (
            "[Result \"*\"]\n[Termination \"aborted\"]\n\n1. b2-c3\n",
            None,
            EndReason::Aborted,
        ),
    ] {
        let game = game_of(text).unwrap();
        let outcome = game.outcome().unwrap();
        assert_eq!((outcome.winner, outcome.reason), (winner, reason), "{text}");
        // and written back the same.
        let written = Record::from_game(&game, "Red", "Black").to_string();
        assert!(
            written.contains(&format!("[Termination \"{}\"]", reason.id())),
            "{written}"
        );
    }
}

#[test]
fn records_from_other_editors_are_read() {
    use surakarta_engine::Record;
    let plain = "[Ruleset \"standard\"]\n\n1. b2-c3 e5-d4\n";
    let want: Record = plain.parse().unwrap();
    for text in [
        format!("\u{feff}{plain}"),
        plain.replace('\n', "\r\n"),
        plain.replace('\n', "\r"),
    ] {
        assert_eq!(text.parse::<Record>().unwrap(), want, "{text:?}");
    }
}
