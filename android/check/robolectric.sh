#!/usr/bin/env bash
# Runs MainActivity's tests on the JVM under Robolectric (android/app/src/test/java/org/surakarta/
# robolectric, docs/mobile.md "The activity's own tests"): the activity inside the real Android
# framework of API 36 (and 28 where it acts otherwise there), the native library kept out.
# The hosted workflow (.github/workflows/android.yml) runs this on every push and times it.
#
# Gradle's unit tests of the app module, with the Rust library not built
# (-PsurakartaPrebuiltRust: the tests load no native code). Gradle fetches Robolectric and
# the android-all jars from Maven Central into its cache (app/build.gradle), and Robolectric
# runs offline on them.
#
# Needs: the Android SDK (ANDROID_HOME) with compileSdk's platform, Java 21 (Robolectric runs
# Android 16's framework only on 21 and later), Gradle 8.11.1 or later: ./gradlew (made once
# with `gradle wrapper` in android/) or `gradle` on PATH, and Maven Central and Google's
# Maven repository reachable.
set -euo pipefail
cd "$(dirname "$0")/.."

java_major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*$/\1/p')
if [ "${java_major:-0}" -lt 21 ]; then
  echo "robolectric.sh: Java 21 or later is needed (Robolectric 4.17 runs API 36 only there); this is Java ${java_major:-unknown}" >&2
  exit 2
fi
if [ -x ./gradlew ]; then
  gradle=./gradlew
else
  gradle=gradle
fi
started=$SECONDS
"$gradle" --console=plain :app:testDebugUnitTest -PsurakartaPrebuiltRust
echo "the activity's Robolectric tests passed in $((SECONDS - started)) s"
