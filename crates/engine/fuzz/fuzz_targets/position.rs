//! Any text as a position string: read or refused, never a panic; what is read writes
//! back as itself, and every move it lists plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use surakarta_engine::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = text.parse::<Position>() else {
        return;
    };
    let again: Position = pos
        .to_string()
        .parse()
        .expect("a written position reads back");
    assert_eq!(again, pos);
    for diagonal in [true, false] {
        for &m in pos.moves_with(diagonal).iter() {
            let mut next = pos;
            next.try_play(m, diagonal).expect("a listed move is legal");
            let _ = pos.routes(m);
        }
    }
});
