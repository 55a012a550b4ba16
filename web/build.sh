#!/usr/bin/env bash
# Builds the web version into a folder ready to serve (default: web/dist).
#
#   web/build.sh [OUT_DIR]
#
# The build a player gets, which the browser test plays too (.ci/web): its report of what is
# on screen is made only when the page asks for it (docs/web.md).
# SURAKARTA_WEB_FEATURES=dev adds the dev feature (its check tools; the page still logs
# errors only: `log` and `tracing` are compiled so for wasm32).
#
# Needs the wasm32-unknown-unknown target, the wasm-bindgen CLI of the same version as the
# wasm-bindgen in Cargo.lock (see docs/web.md), and binaryen's wasm-opt of web/package.json
# (`(cd web && npm ci)`); .ci/run and .ci/web install them.
set -euo pipefail
cd "$(dirname "$0")/.."
# binaryen 132 from npm: Debian's 108 breaks wasm-bindgen's table of JavaScript references
# ("WebAssembly.Table.set(): Argument 1 is invalid for table"), and the game never starts.
wasm_opt=web/node_modules/.bin/wasm-opt
if [ "$("$wasm_opt" --version 2>/dev/null)" != "wasm-opt version 132 (version_132)" ]; then
    echo "web/build.sh: needs binaryen 132's wasm-opt from npm: (cd web && npm ci)" >&2
    exit 1
fi
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

# The build machine's folders (the crate registry, this checkout) become fixed names in
# panic messages and wherever else a path is compiled in: a player's console shows no
# build paths, and two machines build the same bytes.
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
here=$(pwd)
remap="--remap-path-prefix=$registry=/cargo --remap-path-prefix=$here=/surakarta"
# The standard library rebuilt with the wasm (`rustup component add rust-src`), so that a
# panic aborts at once, without the code that formats and reports it, and without the
# file/line strings of every possible panic: 3.46 -> 3.27 MB of brotli (docs/web.md).
# These are unstable compiler switches; RUSTC_BOOTSTRAP=1 lets this stable toolchain take
# them, for this build only. SURAKARTA_WEB_STABLE=1 builds without them (2.81 MB, same game).
small=()
smallflags=""
if [ "${SURAKARTA_WEB_STABLE:-}" != 1 ]; then
    sysroot=$(rustc --print sysroot)
    if [ ! -d "$sysroot/lib/rustlib/src/rust/library" ]; then
        echo "web/build.sh: needs the standard library's source: rustup component add rust-src" >&2
        echo "  (or SURAKARTA_WEB_STABLE=1 web/build.sh for a larger build without it)" >&2
        exit 1
    fi
    export RUSTC_BOOTSTRAP=1
    small=(-Zbuild-std=std,panic_abort)
    # -Zfmt-debug=shallow: a derived `{:?}` prints the type's or variant's name only (the
    # console's error lines are shorter; no player-facing text is a derived Debug), 38 KB
    # less brotli (docs/web.md).
    smallflags="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=shallow"
fi
RUSTFLAGS="${RUSTFLAGS:-} $remap $smallflags" \
cargo build --profile "$profile" --target wasm32-unknown-unknown --bin surakarta \
    "${small[@]}" --no-default-features ${features:+--features "$features"}
# The computer player's own small wasm, for the Web Worker (crates/worker, web/worker.js).
RUSTFLAGS="${RUSTFLAGS:-} $remap $smallflags" \
cargo build --profile "$profile" --target wasm32-unknown-unknown -p surakarta-worker --lib \
    "${small[@]}"
mkdir -p "$out"
# An earlier build's files under their hashed names go (the service worker lists what is
# there).
rm -f "$out"/surakarta*.js "$out"/surakarta*.wasm "$out"/surakarta*.gz "$out"/surakarta*.br \
    "$out"/NotoSansSC-Surakarta*
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name surakarta \
    "target/wasm32-unknown-unknown/$profile/surakarta.wasm"
wasm-bindgen --target no-modules --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name surakarta_worker \
    "target/wasm32-unknown-unknown/$profile/surakarta_worker.wasm"
# Identical functions made one (Rust's generics leave many copies with the same code, and
# the wasm linker does not fold them): 20 KB less brotli in about a minute (2,581,282 ->
# 2,561,112 bytes, measured 2026-12-04; binaryen's other size passes, -Os and
# --merge-similar-functions, pack worse under brotli, docs/web.md). The features are the
# ones rustc's wasm32 target turns on.
for wasm in "$out/surakarta_bg.wasm" "$out/surakarta_worker_bg.wasm"; do
    "$wasm_opt" --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-multivalue --enable-reference-types \
        --duplicate-function-elimination "$wasm" -o "$wasm"
done
# Content-hashed names for the large files: a name never changes its content, so browsers
# and caches may keep them for good (the server says so: docs/web.md, "Serving it"), and a
# new build is new names. The page and the worker's script, always asked for again, name them.
hashed() {
    local file=$1 base hash
    base=$(basename "$file")
    hash=$(sha256sum "$file" | cut -c1-16)
    mv "$file" "$out/${base%.*}.$hash.${base##*.}"
    echo "${base%.*}.$hash.${base##*.}"
}
app_wasm=$(hashed "$out/surakarta_bg.wasm")
app_js=$(hashed "$out/surakarta.js")
worker_wasm=$(hashed "$out/surakarta_worker_bg.wasm")
worker_js=$(hashed "$out/surakarta_worker.js")
# The full font, for Chinese: the wasm has the western cut (src/ui/i18n.rs) and the page
# fetches this one only for a player who reads Chinese.
cp assets/fonts/NotoSansSC-Surakarta.otf "$out/"
full_font=$(hashed "$out/NotoSansSC-Surakarta.otf")
sed -e "s/__WORKER_JS__/$worker_js/g" -e "s/__WORKER_WASM__/$worker_wasm/g" web/worker.js > "$out/worker.js"
for wasm in "$out/$app_wasm" "$out/$worker_wasm"; do
    for path in "$registry" "$here"; do
        if LC_ALL=C grep -q -F "$path" "$wasm"; then
            echo "web/build.sh: $wasm still names $path" >&2
            exit 1
        fi
    done
done
# The page, told how large the wasm is unpacked (its loading bar counts towards it).
raw=$(stat -c %s "$out/$app_wasm")
sed -e "s/__WASM_BYTES__/$raw/g" -e "s/__APP_JS__/$app_js/g" -e "s/__APP_WASM__/$app_wasm/g" \
    -e "s/__FULL_FONT__/$full_font/g" web/index.html > "$out/index.html"
cp web/manifest.webmanifest "$out/manifest.webmanifest"
rm -rf "$out/icons"
cp -r web/icons "$out/icons"
cp ios/src/Assets.xcassets/AppIcon.appiconset/icon-1024.png "$out/icon.png"
# What the page loads at run time: the sounds (the font's western cut and the texts are in
# the wasm; the font's licence goes along with it).
rm -rf "$out/assets"
mkdir -p "$out/assets/sounds" "$out/assets/fonts"
cp assets/sounds/*.wav "$out/assets/sounds/"
cp assets/fonts/OFL.txt "$out/assets/fonts/"
# The service worker, with this build's files and a version that changes with any of them;
# the full font is kept only once a player has fetched it.
files=$(cd "$out" && find . -type f ! -name sw.js ! -name '*.gz' ! -name '*.br' | LC_ALL=C sort)
version=$(cd "$out" && echo "$files" | xargs sha256sum | sha256sum | cut -c1-16)
list=$(echo "./"; echo "$files" | grep -v -F "$full_font")
json=$(printf '%s\n' $list | python3 -c 'import json,sys; print(json.dumps([l.strip() for l in sys.stdin if l.strip()]))')
python3 - "$out/sw.js" "$version" "$json" "./$full_font" <<'PY'
import json, sys
out, version, files, later = sys.argv[1:]
text = open("web/sw.js").read().replace("__BUILD__", version).replace("__FILES__", files)
text = text.replace("__LATER__", json.dumps([later]))
open(out, "w").write(text)
PY
# Precompressed copies beside the large files, for a server to send as they are
# (Content-Encoding br or gzip; docs/web.md). brotli is Debian's package; without it, gzip only.
# A 4 MiB window (-w 22) packs the app's wasm 8.8 KB smaller than brotli's default 16 MiB
# (2,748,679 against 2,757,460 bytes, measured 2026-12-04) and the others the same; every
# browser reads windows up to 16 MiB.
for f in "$out/$app_wasm" "$out/$app_js" "$out/$worker_wasm" "$out/$worker_js" "$out/$full_font"; do
    gzip -9 -k -f "$f"
    if command -v brotli >/dev/null; then
        brotli -q 11 -w 22 -k -f "$f"
    fi
done
raw=$(stat -c %s "$out/$app_wasm")
gz=$(stat -c %s "$out/$app_wasm.gz")
br=$(stat -c %s "$out/$app_wasm.br" 2>/dev/null || echo "no brotli:")
echo "web/build.sh: $out ready; $app_wasm $raw bytes, $gz gzipped, $br with brotli"
echo "web/build.sh: the worker's $worker_wasm $(stat -c %s "$out/$worker_wasm") bytes, $(stat -c %s "$out/$worker_wasm.br" 2>/dev/null || echo '?') with brotli"
