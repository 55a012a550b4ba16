#!/usr/bin/env bash
# Compiles the app's Java (MainActivity) against stand-ins for the Android classes it uses
# (android/check/stubs: the real signatures of API 28-34, bodies empty), with the Java
# version the Gradle build uses. No SDK here, so this is what can be checked of the Java:
# it compiles, every call names a method that exists with those types, checked exceptions
# are handled. (What the Rust side calls through JNI is checked by tests/phone_projects.rs.)
set -euo pipefail
cd "$(dirname "$0")"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -Xlint:all -Xlint:-options -Xlint:-deprecation -Werror --release 8 -d "$out" \
  $(find stubs -name '*.java') ../app/src/main/java/org/surakarta/game/MainActivity.java
echo "MainActivity.java compiles against the Android stand-ins"
