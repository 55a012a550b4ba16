//! Any text as a game record: read and replayed, or refused with a reason, never a
//! panic; a record that replays writes back as one that replays to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surakarta_engine::Record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let Ok(game) = record.to_game() else {
        return;
    };
    let written = Record::from_game(&game, "Red", "Black").to_string();
    let again = written
        .parse::<Record>()
        .and_then(|r| r.to_game())
        .expect("a written record replays");
    assert_eq!(again.position(), game.position());
    assert_eq!(again.history(), game.history());
    assert_eq!(again.outcome(), game.outcome());
});
