#!/usr/bin/env bash
# Builds the web version into a folder ready to serve (default: web/dist).
#
#   web/build.sh [OUT_DIR]
#
# The build a player gets has no check tools; the browser test needs the report of what
# is on screen, so .ci/run builds with SURAKARTA_WEB_FEATURES=dev.
#
# Needs the wasm32-unknown-unknown target and the wasm-bindgen CLI of the same version as
# the wasm-bindgen in Cargo.lock (see docs/web.md); .ci/run installs both.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-web/dist}"
profile="${SURAKARTA_WEB_PROFILE:-web}"
features="${SURAKARTA_WEB_FEATURES:-}"

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    echo "web/build.sh: needs wasm-bindgen $want (found: ${have:-none})." >&2
    echo "  cargo install wasm-bindgen-cli --version $want" >&2
    exit 1
fi

cargo build --profile "$profile" --target wasm32-unknown-unknown --bin surakarta \
    --no-default-features ${features:+--features "$features"}
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name surakarta \
    "target/wasm32-unknown-unknown/$profile/surakarta.wasm"
cp web/index.html "$out/index.html"
cp ios/src/Assets.xcassets/AppIcon.appiconset/icon-1024.png "$out/icon.png"
if [ -d assets ] && [ -n "$(ls -A assets)" ]; then
    rm -rf "$out/assets"
    cp -r assets "$out/assets"
fi
raw=$(stat -c %s "$out/surakarta_bg.wasm")
gz=$(gzip -9 -c "$out/surakarta_bg.wasm" | wc -c)
echo "web/build.sh: $out ready; surakarta_bg.wasm $raw bytes, $gz gzipped"
