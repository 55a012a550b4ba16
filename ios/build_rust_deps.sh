#!/usr/bin/env bash
# Xcode's "Build Rust library" phase: builds crates/mobile as a static library for the
# device or the simulator and puts it where the target's LIBRARY_SEARCH_PATHS looks.
set -euo pipefail

PATH="$HOME/.cargo/bin:$PATH"
# Xcode puts its own toolchain first, which breaks linking Rust build scripts
# (rust-lang/rust#80817); use the system's cc for them.
export PATH="/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:$PATH"

case "${PLATFORM_NAME:-iphoneos}" in
  iphoneos) TARGET=aarch64-apple-ios ;;
  iphonesimulator) TARGET=aarch64-apple-ios-sim ;;
  *) echo "unsupported platform ${PLATFORM_NAME:-}" >&2; exit 2 ;;
esac

PROFILE=release
FLAG=--release
if [ "${CONFIGURATION:-Release}" = "Debug" ]; then
  PROFILE=debug
  FLAG=
fi

cd "$SRCROOT/.."
export CARGO_TARGET_DIR="${DERIVED_FILE_DIR:-$PWD/target}/cargo"
cargo build $FLAG -p surakarta-mobile --target "$TARGET"

mkdir -p "$DERIVED_FILE_DIR/rust"
cp "$CARGO_TARGET_DIR/$TARGET/$PROFILE/libsurakarta_mobile.a" "$DERIVED_FILE_DIR/rust/"
