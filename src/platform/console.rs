//! The web page's log: errors only, to the browser's console (`console.error`).
//!
//! Natively Bevy's log plugin prints the log. The web build leaves that plugin out
//! (`Cargo.toml`: Bevy's `bevy_log` feature is not on for `wasm32`), with its filters,
//! its span registry and its bridge from the `log` crate, and logs through this instead:
//! a page shows a player nothing of its log, and `log` and `tracing` are compiled for
//! `wasm32` with nothing below errors in them (docs/web.md), so an error line is all
//! there is to write. What wgpu says through `log` and what Bevy and the app say through
//! `tracing` come out the same way: `target: message field=value`.

use std::fmt::{self, Write as _};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// The page's logger, for both `log` and `tracing`.
struct Console;

static CONSOLE: Console = Console;

/// Makes the console the log's one destination. A second call changes nothing.
pub fn install() {
    // Either fails only when something is installed already, which is then kept.
    let _ = log::set_logger(&CONSOLE);
    log::set_max_level(log::LevelFilter::Error);
    let _ = tracing::subscriber::set_global_default(Console);
}

/// Where a line goes: the browser's console (in the unit tests below, a list they read).
fn write(line: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::error_1(&line.into());
    #[cfg(all(test, not(target_arch = "wasm32")))]
    tests::WRITTEN.with(|written| written.borrow_mut().push(line.to_owned()));
}

impl log::Log for Console {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() == log::Level::Error
    }

    fn log(&self, record: &log::Record) {
        if log::Log::enabled(self, record.metadata()) {
            write(&format!("{}: {}", record.target(), record.args()));
        }
    }

    fn flush(&self) {}
}

/// An event's fields as one line: the message first, then `name=value` for the others.
#[derive(Default)]
struct Line {
    message: String,
    fields: String,
}

impl Visit for Line {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            let _ = write!(self.fields, " {}={value}", field.name());
        }
    }
}

impl Subscriber for Console {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        *metadata.level() == tracing::Level::ERROR
    }

    fn event(&self, event: &Event<'_>) {
        let mut line = Line::default();
        event.record(&mut line);
        write(&format!(
            "{}: {}{}",
            event.metadata().target(),
            line.message,
            line.fields
        ));
    }

    // Spans carry nothing a page's error line needs: they all share one id and are
    // otherwise not kept.
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    thread_local! {
        pub(super) static WRITTEN: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    fn written() -> Vec<String> {
        WRITTEN.with(|written| written.take())
    }

    #[test]
    fn an_error_is_one_console_line_and_a_warning_is_none() {
        tracing::subscriber::with_default(Console, || {
            tracing::warn!("the saves were still being written");
            tracing::error!(shader = "board.wgsl", "could not compile: {}", "line 3");
        });
        assert_eq!(
            written(),
            ["surakarta::platform::console::tests: could not compile: line 3 shader=board.wgsl"]
        );
    }

    #[test]
    fn an_error_through_log_is_a_console_line_too() {
        let record = log::Record::builder()
            .level(log::Level::Error)
            .target("wgpu_core::device")
            .args(format_args!("the device is lost"))
            .build();
        log::Log::log(&Console, &record);
        let warning = log::Record::builder()
            .level(log::Level::Warn)
            .target("wgpu_core::device")
            .args(format_args!("slow"))
            .build();
        log::Log::log(&Console, &warning);
        assert_eq!(written(), ["wgpu_core::device: the device is lost"]);
    }
}
