//! The desktop entry point: everything else is in the library, which the phones share.

fn main() -> std::process::ExitCode {
    surakarta::run()
}
