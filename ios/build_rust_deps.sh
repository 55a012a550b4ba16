#!/usr/bin/env bash
# Builds the game's Rust library for iOS as a static library and puts it where the Xcode
# target links it ($DERIVED_FILE_DIR/rust/libsurakarta_mobile.a, LIBRARY_SEARCH_PATHS).
# Xcode's first build phase ("Build Rust library") runs this; docs/mobile.md shows the same
# command for a build by hand. tests/phone_projects.rs checks this file, the Xcode project
# and the docs against each other.
#
# `cargo rustc --crate-type staticlib`: crates/mobile's manifest names only the cdylib
# Android loads, so neither phone builds a library it does not use.
#
# Needs: rustup target add aarch64-apple-ios aarch64-apple-ios-sim.
set -euo pipefail

# Xcode puts its own toolchain first, which breaks linking Rust build scripts
# (rust-lang/rust#80817); use the system's cc for them. rustup's cargo ($CARGO_HOME/bin,
# ~/.cargo/bin) goes before everything: a Homebrew cargo in /usr/local/bin or
# /opt/homebrew/bin has no iOS targets and would shadow it.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:$PATH"

case "${PLATFORM_NAME:-iphoneos}" in
  iphoneos) TARGET=aarch64-apple-ios ;;
  iphonesimulator) TARGET=aarch64-apple-ios-sim ;;
  *) echo "build_rust_deps.sh: unsupported platform ${PLATFORM_NAME:-}" >&2; exit 2 ;;
esac

# Cargo's release profile for every Xcode configuration, Debug (Xcode's Run) included: the
# dev profile builds every dependency at opt-level 0 (Cargo.toml), and a Bevy app built so
# is too slow to play. SURAKARTA_RUST_PROFILE=dev (a build setting of that name, or the
# environment xcodebuild runs in) asks for an unoptimised build on purpose.
PROFILE=${SURAKARTA_RUST_PROFILE:-release}
DIR=$PROFILE
[ "$PROFILE" = dev ] && DIR=debug

SRCROOT=${SRCROOT:-$(cd "$(dirname "$0")" && pwd)}
DERIVED_FILE_DIR=${DERIVED_FILE_DIR:-$SRCROOT/../target/xcode}
cd "$SRCROOT/.."
export CARGO_TARGET_DIR="$DERIVED_FILE_DIR/cargo"
cargo rustc -p surakarta-mobile --profile "$PROFILE" --target "$TARGET" --crate-type staticlib

mkdir -p "$DERIVED_FILE_DIR/rust"
cp "$CARGO_TARGET_DIR/$TARGET/$DIR/libsurakarta_mobile.a" "$DERIVED_FILE_DIR/rust/"
