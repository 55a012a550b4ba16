# Sourced by the CI steps that are too slow to run on every landing and run only when what
# they check changed: the engine's fuzzing (.ci/fuzz), the phones' type checks (.ci/phones)
# and the web build played in Chromium (.ci/web). Each keeps, in the repository, the stamp
# of the inputs it last passed on; CI runs the step again when the stamp differs.
#
# A stamp is the git object of each input path at HEAD (a tree for a folder, a blob for a
# file: it changes with any committed change under it), the compiler's version, and the
# hashes of the calling script and this file. Uncommitted changes under an input path
# always count as changed.

# stamp PATH...: the stamp of these inputs, one line each.
stamp() {
  local path
  for path in "$@"; do
    echo "$path $(git rev-parse "HEAD:$path")"
  done
  rustc -V
  sha256sum "$0" .ci/stamp.sh | cut -d' ' -f1
}

# unchanged KEPT PATH...: true when nothing under PATH differs from HEAD and the stamp kept
# in the file KEPT is the stamp of PATH now.
unchanged() {
  local kept=$1
  shift
  git diff --quiet HEAD -- "$@" && [ "$(stamp "$@")" = "$(cat "$kept" 2>/dev/null)" ]
}

# keep KEPT PATH...: records the stamp after a pass (commit the file). Refuses when an
# input has uncommitted changes: the stamp would name what was not checked.
keep() {
  local kept=$1
  shift
  if ! git diff --quiet HEAD -- "$@"; then
    echo "uncommitted changes under $*: commit them, then run this again, so the stamp names them" >&2
    return 1
  fi
  stamp "$@" >"$kept"
  echo "kept the stamp in $kept (commit it)"
}
