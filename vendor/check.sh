#!/usr/bin/env bash
# Each folder under vendor/ is a crate published on crates.io with exactly the change its
# NAME.patch holds, and nothing else (vendor/README.md says what each change is and why).
#
#   vendor/check.sh                     check every vendored crate: unpack the published
#                                       version, apply NAME.patch, compare with vendor/NAME
#                                       byte for byte; fail on any other difference
#   vendor/check.sh --update [NAME...]  after a deliberate change to vendor/NAME: write
#                                       NAME.patch anew as the diff from the published crate
#   vendor/check.sh --upgrade VERSION [NAME...]
#                                       a new version (a Bevy upgrade): unpack VERSION of each
#                                       crate into vendor/NAME and apply the old patch to it;
#                                       hunks that no longer apply are left as NAME/**/*.rej
#
# The published .crate files are kept under target/vendor-check/ (checked against the
# registry index's checksum once), so a second run fetches nothing. Needs bash, curl, tar,
# sha256sum, diff and git; no Rust build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=$root/target/vendor-check
index=https://index.crates.io

die() {
  echo "vendor/check.sh: $*" >&2
  exit 1
}

# The vendored crates: every folder under vendor/ with a Cargo.toml.
crates() {
  local dir
  for dir in vendor/*/; do
    [ -f "$dir/Cargo.toml" ] && basename "$dir"
  done
}

# The version in vendor/NAME/Cargo.toml's [package] section.
version_of() {
  sed -n '/^\[package\]/,/^\[/s/^version = "\(.*\)"$/\1/p' "vendor/$1/Cargo.toml" | head -n 1
}

# The sparse index's path for a crate name (crates.io's layout).
index_path() {
  local n=${1,,}
  case ${#n} in
    1) echo "1/$n" ;;
    2) echo "2/$n" ;;
    3) echo "3/${n:0:1}/$n" ;;
    *) echo "${n:0:2}/${n:2:2}/$n" ;;
  esac
}

# Prints the path of NAME-VERSION.crate, fetching it once into the cache: from cargo's own
# download cache if it has it, else from the registry's download address (as cargo reads
# it from the index's config.json). Either way its SHA-256 must be the index's.
crate_file() {
  local name=$1 version=$2 file=$cache/$1-$2.crate
  if [ -s "$file" ]; then
    echo "$file"
    return
  fi
  mkdir -p "$cache"
  local entry sum dl url found=""
  entry=$(curl -sSfL "$index/$(index_path "$name")") || die "cannot read $name from the crates.io index"
  # One JSON object a line; the version's dots stand for themselves.
  sum=$(grep -E "\"vers\": *\"${version//./\\.}\"" <<<"$entry" |
    grep -oE '"cksum": *"[0-9a-f]{64}"' | grep -oE '[0-9a-f]{64}')
  [ -n "$sum" ] || die "$name $version is not in the crates.io index"
  for found in "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"$name-$version.crate"; do
    [ -f "$found" ] && break
    found=""
  done
  if [ -n "$found" ]; then
    cp "$found" "$file.part"
  else
    dl=$(curl -sSfL "$index/config.json" | grep -o '"dl": *"[^"]*"' | sed 's/^"dl": *"\(.*\)"$/\1/')
    [ -n "$dl" ] || die "the crates.io index gives no download address"
    if [[ $dl == *"{crate}"* || $dl == *"{version}"* ]]; then
      url=${dl//\{crate\}/$name}
      url=${url//\{version\}/$version}
    else
      url=$dl/$name/$version/download
    fi
    curl -sSfL -o "$file.part" "$url" || die "cannot download $name $version"
  fi
  [ "$(sha256sum "$file.part" | cut -d' ' -f1)" = "$sum" ] ||
    die "$name-$version.crate does not have the index's checksum $sum"
  mv "$file.part" "$file"
  echo "$file"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Unpacks the published NAME VERSION into DIR as cargo does, without its Cargo.lock (a
# path dependency's lock file is never read).
unpack() {
  local name=$1 version=$2 dir=$3 file
  file=$(crate_file "$name" "$version")
  rm -rf "$dir" "$work/unpack"
  mkdir -p "$work/unpack"
  tar -xzf "$file" -C "$work/unpack"
  mv "$work/unpack/$name-$version" "$dir"
  rm -f "$dir/Cargo.lock"
}

# Applies PATCH inside DIR (git apply outside any repository: GIT_CEILING_DIRECTORIES keeps
# it from finding one above). Extra arguments go to git apply.
apply() {
  local dir=$1 patch=$2
  shift 2
  (cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") git apply -p1 --whitespace=nowarn "$@" "$patch")
}

# Writes the diff from the published crate (a/) to vendor/NAME (b/) to vendor/NAME.patch.
write_patch() {
  local name=$1 version=$2 status=0
  unpack "$name" "$version" "$work/a"
  rm -rf "$work/b"
  cp -a "vendor/$name" "$work/b"
  (cd "$work" && git -c core.quotePath=false diff --no-index --no-color --no-ext-diff \
    --no-renames --binary --no-prefix a b) >"vendor/$name.patch" || status=$?
  [ "$status" -le 1 ] || die "git diff failed for $name"
  [ -s "vendor/$name.patch" ] || echo "vendor/check.sh: vendor/$name is the published crate unchanged: no patch needed" >&2
  echo "wrote vendor/$name.patch ($(grep -c '^diff --git' "vendor/$name.patch") files changed)"
}

check() {
  local name=$1 version=$2 failed=0
  [ -f "vendor/$name.patch" ] || die "vendor/$name has no vendor/$name.patch (vendor/check.sh --update $name writes it)"
  grep -q "^$name = { path = \"vendor/$name\" }" Cargo.toml ||
    die "the root Cargo.toml's [patch.crates-io] does not use vendor/$name"
  grep -A1 -x "name = \"$name\"" Cargo.lock | grep -q -x "version = \"$version\"" ||
    die "Cargo.lock has no $name $version: the patch is not in use (is Bevy at another version?)"
  unpack "$name" "$version" "$work/expected"
  apply "$work/expected" "$root/vendor/$name.patch" ||
    die "vendor/$name.patch does not apply to the published $name $version"
  if ! diff -r "$work/expected" "vendor/$name" >"$work/differences" 2>&1; then
    failed=1
  fi
  if [ "$failed" = 1 ]; then
    echo "vendor/$name differs from the published $name $version with vendor/$name.patch applied:" >&2
    sed -e "s|$work/expected|published+patch|g" "$work/differences" >&2
    echo "A change to vendor/$name is made deliberately: describe it in vendor/README.md, then" >&2
    echo "run vendor/check.sh --update $name to record it in vendor/$name.patch." >&2
    return 1
  fi
  echo "vendor/$name: the published $name $version plus vendor/$name.patch ($(grep -c '^diff --git' "vendor/$name.patch") files), nothing else"
}

upgrade() {
  local name=$1 version=$2 old rejects
  old=$(version_of "$name")
  [ -f "vendor/$name.patch" ] || die "vendor/$name has no patch to carry over"
  unpack "$name" "$version" "$work/new"
  apply "$work/new" "$root/vendor/$name.patch" --reject || true
  rm -rf "vendor/$name"
  cp -a "$work/new" "vendor/$name"
  rejects=$(cd "vendor/$name" && find . -name '*.rej' | sed 's|^\./||')
  if [ -n "$rejects" ]; then
    echo "vendor/$name: $old -> $version; these hunks of vendor/$name.patch no longer apply:" >&2
    sed 's/^/  /' <<<"$rejects" >&2
    echo "Make those changes by hand (the .rej files show them), delete the .rej files, then run vendor/check.sh --update $name." >&2
    return 1
  fi
  write_patch "$name" "$version"
  echo "vendor/$name: $old -> $version, the patch applied as it was"
}

case "${1:-}" in
  --update)
    shift
    names=("$@")
    [ ${#names[@]} -gt 0 ] || mapfile -t names < <(crates)
    for name in "${names[@]}"; do
      [ -f "vendor/$name/Cargo.toml" ] || die "no vendor/$name"
      write_patch "$name" "$(version_of "$name")"
    done
    ;;
  --upgrade)
    [ $# -ge 2 ] || die "usage: vendor/check.sh --upgrade VERSION [NAME...]"
    version=$2
    shift 2
    names=("$@")
    [ ${#names[@]} -gt 0 ] || mapfile -t names < <(crates)
    status=0
    for name in "${names[@]}"; do
      upgrade "$name" "$version" || status=1
    done
    [ "$status" = 0 ] || exit 1
    echo "Next: the root Cargo.toml's Bevy version, cargo update, vendor/README.md's versions, vendor/check.sh, the web build (web/build.sh)."
    ;;
  "")
    status=0
    for name in $(crates); do
      check "$name" "$(version_of "$name")" || status=1
    done
    for patch in vendor/*.patch; do
      [ -e "$patch" ] || continue
      name=$(basename "$patch" .patch)
      [ -f "vendor/$name/Cargo.toml" ] || {
        echo "$patch has no vendor/$name" >&2
        status=1
      }
    done
    exit "$status"
    ;;
  *)
    sed -n '2,16s/^# \{0,1\}//p' "$0"
    exit 2
    ;;
esac
