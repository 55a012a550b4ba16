#!/usr/bin/env bash
# The first launch on a phone, as the hosted workflow (.github/workflows/android.yml) makes
# it on an emulator: install the debug APK that `./gradlew assembleDebug` made, launch it,
# take a screenshot, press Back, launch it again, take another, and fail if the app crashed
# (a Java exception, a native signal, a tombstone), stopped answering (an ANR), or is not
# running at the end. The screenshots and the whole logcat go to OUT_DIR.
#
#   android/check/emulator.sh OUT_DIR      (adb must see one emulator or phone)
#
# SURAKARTA_LAUNCH_WAIT: seconds the first frame may take (default 45: an x86_64 emulator
# runs the arm64 library through ARM translation, and draws with SwiftShader).
set -euo pipefail
out=$(realpath -m "${1:?usage: android/check/emulator.sh OUT_DIR}")
mkdir -p "$out"
cd "$(dirname "$0")/.."
package=org.surakarta.game
wait_s=${SURAKARTA_LAUNCH_WAIT:-45}

running() { adb shell pidof "$package" | tr -d '\r' || true; }
shot() { adb exec-out screencap -p >"$out/$1.png"; echo "screenshot: $out/$1.png"; }

adb wait-for-device
adb shell getprop ro.product.cpu.abilist
adb logcat -G 16M || true
adb logcat -c

# The command docs/mobile.md gives (from android/).
adb install app/build/outputs/apk/debug/app-debug.apk
adb shell am start -W -n "$package/.MainActivity"
sleep "$wait_s"
first=$(running)
shot launch

adb shell input keyevent KEYCODE_BACK
sleep 5
after_back=$(running)
shot after-back

adb shell am start -W -n "$package/.MainActivity"
sleep 15
again=$(running)
shot relaunch

adb logcat -d -v threadtime >"$out/logcat.txt"
adb shell dumpsys activity activities >"$out/activities.txt" || true
echo "the app's process: after launch ${first:-none}, after Back ${after_back:-none}, after the second launch ${again:-none}"

failed=0
# A Java crash: AndroidRuntime's "FATAL EXCEPTION" names the process on the next line.
if grep -n -A1 'FATAL EXCEPTION' "$out/logcat.txt" | grep -q "Process: $package"; then
  echo "the app crashed (FATAL EXCEPTION):" >&2
  grep -n -A20 'FATAL EXCEPTION' "$out/logcat.txt" >&2
  failed=1
fi
# A native crash: libc's "Fatal signal" line names the pid; debuggerd's tombstone the package.
for pid in $first $after_back $again; do
  if grep -E "Fatal signal .*pid $pid " "$out/logcat.txt" >&2; then
    failed=1
  fi
done
if grep -E "Fatal signal .*(surakarta|karta\.game)|>>> $package <<<" "$out/logcat.txt" >&2; then
  echo "the app died of a signal (Fatal signal, tombstone above)" >&2
  failed=1
fi
if grep -E "ANR in $package" "$out/logcat.txt" >&2; then
  echo "the app stopped answering (ANR)" >&2
  failed=1
fi
if [ -z "$first" ]; then
  echo "the app was not running ${wait_s} s after its launch" >&2
  failed=1
fi
if [ -z "$again" ]; then
  echo "the app was not running after its second launch" >&2
  failed=1
fi
if [ "$failed" = 0 ]; then
  echo "launched, Back, launched again: no crash, no ANR, running"
fi
exit "$failed"
