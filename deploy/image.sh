#!/usr/bin/env bash
# Builds the server's container image (deploy/Containerfile) from what this repository
# compiles, with no base image to pull: the server as one static binary (musl), the web
# build, a passwd line for its user.
#
#   deploy/image.sh [--web DIR] [--tag NAME] [--engine podman|docker]
#
# --web   the web build to put in the image (default web/dist, made by web/build.sh; the
#         folder must hold an index.html)
# --tag   the image's name (default surakarta-server:latest)
# --engine the container engine (default podman if installed, else docker)
#
# Needs the musl target (`rustup target add x86_64-unknown-linux-musl`) and musl-gcc for
# SQLite's bundled C (`apt-get install musl-tools`). The compiler runs under `nice`: the
# image is rarely what a machine should hurry for.
set -euo pipefail
cd "$(dirname "$0")/.."
web=web/dist
tag=surakarta-server:latest
engine=
while [ $# -gt 0 ]; do
  case "$1" in
    --web) web=$2; shift 2 ;;
    --tag) tag=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    *) echo "usage: deploy/image.sh [--web DIR] [--tag NAME] [--engine podman|docker]" >&2; exit 2 ;;
  esac
done
if [ ! -f "$web/index.html" ]; then
  echo "$web/index.html: no web build there (web/build.sh makes web/dist; or give --web DIR)" >&2
  exit 2
fi
if [ -z "$engine" ]; then
  if command -v podman >/dev/null; then engine=podman; else engine=docker; fi
fi

target=x86_64-unknown-linux-musl
nice -n 19 cargo build --release -p surakarta-server --target "$target"
binary=${CARGO_TARGET_DIR:-target}/$target/release/surakarta-server
# Static, or the empty base could not run it.
if command -v file >/dev/null && file "$binary" | grep -q "dynamically linked"; then
  echo "$binary is dynamically linked: the image has no libraries" >&2
  exit 1
fi

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
mkdir -p "$context/rootfs/etc" "$context/rootfs/tmp" "$context/data"
chmod 0755 "$context/rootfs" "$context/rootfs/etc" "$context/data"
chmod 1777 "$context/rootfs/tmp"
cat >"$context/rootfs/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/sbin/nologin
surakarta:x:10001:10001:Surakarta server:/data:/sbin/nologin
PASSWD
cat >"$context/rootfs/etc/group" <<'GROUP'
root:x:0:
surakarta:x:10001:
GROUP
cp "$binary" "$context/surakarta-server"
strip "$context/surakarta-server" 2>/dev/null || true
# The page's files, links resolved (a build context must not point outside itself).
cp -rL "$web" "$context/web"
cp deploy/Containerfile "$context/Containerfile"

case "$engine" in
  # Podman writes OCI images by default, which have no HEALTHCHECK.
  podman) nice -n 19 podman build --format docker --tag "$tag" "$context" ;;
  *) nice -n 19 "$engine" build --tag "$tag" "$context" ;;
esac
echo "built $tag: $("$engine" image inspect --format '{{.Size}}' "$tag") bytes"
