#!/usr/bin/env bash
# Builds the game's Rust library for Android phones (64-bit ARM) into
# android/app/src/main/jniLibs/arm64-v8a/libsurakarta_mobile.so, where Gradle packs it.
# Gradle runs this before every build (app/build.gradle, task buildRust); docs/mobile.md
# shows the same command for a build by hand.
#
# The API level it links for is the app's minSdk and the NDK is the app's ndkVersion, both
# read from app/build.gradle, so the library never needs a system library the phone lacks
# (cargo ndk's own default, API 21, has no AAudio: "unable to find library -laaudio").
# tests/phone_projects.rs checks this file, Gradle and the docs against each other.
#
# Needs: rustup target add aarch64-linux-android; cargo install cargo-ndk (4.0 or later);
# the NDK of app/build.gradle (found through ANDROID_NDK_HOME, or ANDROID_HOME/ndk/VERSION).
# Run by Gradle (Android Studio too), it gets ANDROID_NDK_HOME from the Android Gradle
# plugin and ~/.cargo/bin first on PATH from the buildRust task; run by hand, from the shell.
set -euo pipefail
cd "$(dirname "$0")"

gradle=app/build.gradle
min_sdk=$(sed -n 's/^ *minSdk \([0-9][0-9]*\)$/\1/p' "$gradle")
ndk_version=$(sed -n "s/^ *ndkVersion '\([0-9.]*\)'$/\1/p" "$gradle")
if [ -z "$min_sdk" ] || [ -z "$ndk_version" ]; then
  echo "build-rust.sh: no minSdk or ndkVersion line in $gradle" >&2
  exit 2
fi
if [ -z "${ANDROID_NDK_HOME:-}" ] && [ -n "${ANDROID_HOME:-}" ] && [ -d "$ANDROID_HOME/ndk/$ndk_version" ]; then
  export ANDROID_NDK_HOME="$ANDROID_HOME/ndk/$ndk_version"
fi
if [ -z "${ANDROID_NDK_HOME:-}" ]; then
  echo "build-rust.sh: set ANDROID_NDK_HOME, or ANDROID_HOME with the NDK $ndk_version installed" >&2
  exit 2
fi

# 16 KB pages (Android 15+): NDK r28 links so by default; said again for older NDKs.
export CARGO_TARGET_AARCH64_LINUX_ANDROID_RUSTFLAGS="-C link-arg=-Wl,-z,max-page-size=16384"

cd ..
cargo ndk --target arm64-v8a --platform "$min_sdk" --output-dir android/app/src/main/jniLibs build -p surakarta-mobile --release
