//! A record's headers in the player's words (the players, the date, the result), and the
//! date and time a record is written with.

use crate::ui::i18n::Strings;
use surakarta_engine::ai::Level;

/// A player's name as the app writes it in records (`Player`, `Computer (Hard)`, `Red`,
/// `Black`), in the player's language; any other name as it is written.
pub fn player_name(name: &str, strings: &Strings) -> String {
    let level = name
        .strip_prefix("Computer (")
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(Level::from_name);
    match (name, level) {
        (_, Some(level)) => strings.fill(
            "records.computer",
            &[("level", strings.get(crate::ui::i18n::level_key(level)))],
        ),
        ("Player", _) => strings.get("records.player"),
        ("Friend (online)", _) => strings.get("records.friend"),
        ("Red", _) => strings.side(surakarta_engine::Side::Red),
        ("Black", _) => strings.side(surakarta_engine::Side::Black),
        _ => name.to_owned(),
    }
}

/// A record's `Date` header (`YYYY.MM.DD`) as the player's language writes dates; any
/// other text as it is written.
pub fn date_words(date: &str, strings: &Strings) -> String {
    let parts: Vec<&str> = date.split('.').collect();
    match parts[..] {
        [y, m, d]
            if [y, m, d]
                .iter()
                .all(|p| p.bytes().all(|b| b.is_ascii_digit())) =>
        {
            strings.fill(
                "records.date",
                &[
                    ("y", y.to_owned()),
                    ("m", m.to_owned()),
                    ("d", d.to_owned()),
                ],
            )
        }
        _ => date.to_owned(),
    }
}

/// A record's result in words: who won, a draw, or a game going on.
pub fn result_words(result: &str, termination: Option<&str>, strings: &Strings) -> String {
    strings.get(match (result, termination) {
        ("1-0", _) => "records.red_won",
        ("0-1", _) => "records.black_won",
        ("1/2-1/2", _) => "records.drawn",
        // Ended without a result (no first move came): not a game still to be finished.
        (_, Some("aborted")) => "records.aborted",
        _ => "records.going_on",
    })
}

/// `("YYYY.MM.DD", "HH:MM:SS")` for seconds since 1970 (UTC), as game records write them.
pub fn date_time(secs: u64) -> (String, String) {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        format!("{year:04}.{month:02}.{day:02}"),
        format!("{:02}:{:02}:{:02}", rest / 3600, rest / 60 % 60, rest % 60),
    )
}
