//! Tools for checks. With the `dev` feature (tests, CI, `cargo run`; not the phones' and
//! the web's player builds): setting up a screen from the command line, screenshots and the
//! frame-time bench. Also in the web build a player gets: the report of what is on screen,
//! made only when the page asks for it before the app starts, as the browser test does
//! (`report.rs`).

#[cfg(feature = "dev")]
pub mod command_line;
#[cfg(feature = "dev")]
pub mod frame_bench;
#[cfg(feature = "dev")]
pub mod layout_check;
#[cfg(feature = "dev")]
mod layout_lines;
#[cfg(feature = "dev")]
pub mod memory_bench;
pub mod report;
#[cfg(feature = "dev")]
pub mod scenes;
#[cfg(feature = "dev")]
pub mod screenshot;

#[cfg(feature = "dev")]
pub use command_line::plugin;
