#!/usr/bin/env bash
# Compiles the app's Java (MainActivity) with the Java version the Gradle build uses, every
# lint warning an error: it compiles, every call names a method that exists with those
# types, checked exceptions are handled.
#
# Against what: the real framework where there is one, the SDK's android.jar of compileSdk
# ($ANDROID_HOME/platforms/android-N/android.jar: the hosted workflow, a developer's machine;
# Gradle compiles against the same jar); else, where no Android SDK can be had (this
# project's build machine reaches no Maven or Google repository), stand-ins for the classes
# it uses (android/check/stubs: the real signatures of API 28-36, bodies empty). The
# workflow (.github/workflows/android.yml) runs this with the SDK, so a stand-in that
# drifted from the real API shows there. (What the Rust side calls through JNI is checked
# by tests/phone_projects.rs; what the activity does, by its Robolectric tests,
# android/check/robolectric.sh.)
set -euo pipefail
cd "$(dirname "$0")"
compile_sdk=$(sed -n 's/^ *compileSdk \([0-9][0-9]*\)$/\1/p' ../app/build.gradle)
if [ -z "$compile_sdk" ]; then
  echo "javac.sh: no compileSdk line in app/build.gradle" >&2
  exit 2
fi
framework=${ANDROID_HOME:+$ANDROID_HOME/platforms/android-$compile_sdk/android.jar}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ -n "$framework" ] && [ -f "$framework" ]; then
  javac -Xlint:all -Xlint:-options -Xlint:-deprecation -Werror --release 8 -d "$out" \
    -cp "$framework" ../app/src/main/java/org/surakarta/game/MainActivity.java
  echo "MainActivity.java compiles against the Android framework of API $compile_sdk ($framework)"
else
  # shellcheck disable=SC2046 # one argument per stand-in file (none has a space)
  javac -Xlint:all -Xlint:-options -Xlint:-deprecation -Werror --release 8 -d "$out" \
    $(find stubs -name '*.java') ../app/src/main/java/org/surakarta/game/MainActivity.java
  echo "MainActivity.java compiles against the Android stand-ins (no android.jar of API $compile_sdk here: ANDROID_HOME is ${ANDROID_HOME:-unset})"
fi
