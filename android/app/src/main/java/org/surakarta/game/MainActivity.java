package org.surakarta.game;

import android.app.NativeActivity;
import android.content.Context;
import android.content.Intent;
import android.net.Uri;
import android.os.Build;
import android.os.Bundle;
import android.os.Process;
import android.os.SystemClock;
import android.os.VibrationEffect;
import android.os.Vibrator;
import android.view.DisplayCutout;
import android.view.SurfaceHolder;
import android.view.View;
import android.view.WindowInsets;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The whole game runs in Rust (libsurakarta_mobile.so); this activity loads it, keeps the
 * system bars out of the way while playing, and does for the game what only Java can:
 * vibrate, share a record, tell the insets the system keeps, and hand over a record shared
 * to the app. The Rust side (src/platform/android.rs) calls the public methods below
 * through JNI; each returns at once and never throws.
 *
 * The back button reaches the game, which closes a panel or asks before leaving a game in
 * progress; with nothing to close it calls {@link #toBack}.
 *
 * The activity is never finished while the game runs, and never outlives it: winit makes
 * one event loop per process, so a second activity in the same process could not start
 * the game, and android-activity's onDestroy waits for the game's loop to return, which it
 * never does. So Back sends the task to the back (as Android 12+ does for launcher
 * activities), and onDestroy ends the process once the game has saved.
 */
public class MainActivity extends NativeActivity {
    static {
        System.loadLibrary("surakarta_mobile");
    }

    /** The longest text taken from another app: far more than any game's record. */
    private static final int MAX_OPENED = 1 << 20;

    /** A record shared to the app and not yet taken by the game. */
    private String opened;

    /** How long onDestroy waits for the game to save: well inside Android's limits. */
    private static final long SAVE_WAIT_MS = 2000;

    /** The game is suspended and has saved everything (see {@link #saved}). */
    private boolean savedWhileSuspended;

    /**
     * The surface the native side draws on, while it has one: set by surfaceCreated,
     * cleared by surfaceDestroyed (UI thread only). onDestroy destroys it first.
     */
    private SurfaceHolder liveSurface;

    /** onDestroy has begun: the native side hears of no surface from here on. */
    private boolean destroying;

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        // A relaunch after the system stopped the app keeps its intent: open it only once.
        if (savedInstanceState == null) {
            keepOpened(getIntent());
        }
    }

    /** The app was already running (singleTask) when a record was shared to it. */
    @Override
    protected void onNewIntent(Intent intent) {
        super.onNewIntent(intent);
        setIntent(intent);
        keepOpened(intent);
    }

    @Override
    protected void onResume() {
        super.onResume();
        synchronized (this) {
            savedWhileSuspended = false;
        }
    }

    /**
     * The activity goes away while the process lives: a configuration change the manifest
     * does not take, "Don't keep activities", the system reclaiming memory. NativeActivity's
     * onDestroy would block this thread until the game's loop returns, which it never does
     * (an ANR), and a new activity in this process could not start the game again. So:
     * take the surface away first, which suspends the game, wait until the game says its
     * saves are on disk, then end the process. The next launch starts fresh and loads the
     * save.
     *
     * What this relies on, as android-activity 0.6's native-activity backend expects
     * NativeActivity to behave (AOSP frameworks/base core/java/android/app/NativeActivity.java):
     * NativeActivity takes the window's surface (getWindow().takeSurface(this) in onCreate)
     * and is the SurfaceHolder.Callback2, so the surface callbacks below are the ones the
     * window calls. Its own onDestroy would, before unloadNativeCode, tell the native side a
     * live surface is gone (onSurfaceDestroyedNative, then mCurSurfaceHolder = null), but
     * this onDestroy never reaches it (the process ends first), so it does that itself: the
     * super surfaceDestroyed makes the same native call while mDestroyed is still false,
     * reaching android-activity's on_native_window_destroyed (glue.rs), whose set_window(None)
     * sends TermWindow and blocks this thread until the game's thread has handled it
     * (winit's Suspended; Bevy then runs one last update as WillSuspend/Suspended, in which
     * the game saves and calls saved()). The wait is made without this object's lock held:
     * saved() takes it from the game's thread.
     */
    @Override
    protected void onDestroy() {
        destroying = true;
        SurfaceHolder surface = liveSurface;
        liveSurface = null;
        if (surface != null) {
            super.surfaceDestroyed(surface);
        }
        synchronized (this) {
            long end = SystemClock.uptimeMillis() + SAVE_WAIT_MS;
            long left;
            while (!savedWhileSuspended && (left = end - SystemClock.uptimeMillis()) > 0) {
                try {
                    wait(left);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }
        Process.killProcess(Process.myPid());
        super.onDestroy();
    }

    /** The window made the surface: the native side is told (super), and it is kept. */
    @Override
    public void surfaceCreated(SurfaceHolder holder) {
        super.surfaceCreated(holder);
        if (!destroying) {
            liveSurface = holder;
        }
    }

    /**
     * The window takes the surface away: the native side is told (super) unless onDestroy
     * already did (the window may still report it after onDestroy, before the process ends).
     */
    @Override
    public void surfaceDestroyed(SurfaceHolder holder) {
        if (destroying) {
            return;
        }
        liveSurface = null;
        super.surfaceDestroyed(holder);
    }

    /** Called by the game once it is suspended and every save is on disk. */
    public synchronized void saved() {
        savedWhileSuspended = true;
        notifyAll();
    }

    /** Back with nothing left to close: leave the game as the launcher would, keeping it. */
    public void toBack() {
        runOnUiThread(new Runnable() {
            @Override
            public void run() {
                moveTaskToBack(true);
            }
        });
    }

    @Override
    public void onWindowFocusChanged(boolean hasFocus) {
        super.onWindowFocusChanged(hasFocus);
        if (hasFocus) {
            getWindow().getDecorView().setSystemUiVisibility(
                    View.SYSTEM_UI_FLAG_IMMERSIVE_STICKY
                            | View.SYSTEM_UI_FLAG_LAYOUT_STABLE
                            | View.SYSTEM_UI_FLAG_LAYOUT_HIDE_NAVIGATION
                            | View.SYSTEM_UI_FLAG_LAYOUT_FULLSCREEN
                            | View.SYSTEM_UI_FLAG_HIDE_NAVIGATION
                            | View.SYSTEM_UI_FLAG_FULLSCREEN);
        }
    }

    /** The phone has a vibration motor. */
    public boolean canVibrate() {
        Vibrator vibrator = (Vibrator) getSystemService(Context.VIBRATOR_SERVICE);
        return vibrator != null && vibrator.hasVibrator();
    }

    /**
     * 0: a step landed (a tick), 1: a capture (a heavy click), 2: the game is over, 3: a tap
     * the board cannot play (a double click, "no").
     */
    public void haptic(int kind) {
        try {
            Vibrator vibrator = (Vibrator) getSystemService(Context.VIBRATOR_SERVICE);
            if (vibrator == null || !vibrator.hasVibrator()) {
                return;
            }
            VibrationEffect effect;
            if (kind == 2) {
                effect = VibrationEffect.createWaveform(
                        new long[] {0, 40, 70, 40, 70, 90},
                        new int[] {0, 180, 0, 180, 0, 255},
                        -1);
            } else if (kind == 3) {
                effect = Build.VERSION.SDK_INT >= 29
                        ? VibrationEffect.createPredefined(VibrationEffect.EFFECT_DOUBLE_CLICK)
                        : VibrationEffect.createWaveform(new long[] {0, 15, 50, 15}, -1);
            } else if (Build.VERSION.SDK_INT >= 29) {
                effect = VibrationEffect.createPredefined(
                        kind == 1 ? VibrationEffect.EFFECT_HEAVY_CLICK : VibrationEffect.EFFECT_TICK);
            } else {
                effect = VibrationEffect.createOneShot(kind == 1 ? 35 : 12, kind == 1 ? 255 : 90);
            }
            vibrator.vibrate(effect);
        } catch (RuntimeException e) {
            // No vibration is better than a stopped game.
        }
    }

    /** Offers a record to the system's share sheet. */
    public void share(final String title, final String text) {
        runOnUiThread(new Runnable() {
            @Override
            public void run() {
                try {
                    Intent send = new Intent(Intent.ACTION_SEND);
                    send.setType("text/plain");
                    send.putExtra(Intent.EXTRA_SUBJECT, title);
                    send.putExtra(Intent.EXTRA_TITLE, title);
                    send.putExtra(Intent.EXTRA_TEXT, text);
                    startActivity(Intent.createChooser(send, title));
                } catch (RuntimeException e) {
                    // No app to share with: nothing happens, the game goes on.
                }
            }
        });
    }

    /**
     * The insets the system keeps now, in pixels: top, bottom, left, right. In immersive
     * mode the bars come and go over the game, so only what they leave (the display
     * cutout's safe insets) and bars shown for good count.
     */
    public int[] safeInsets() {
        int[] out = new int[4];
        try {
            WindowInsets insets = getWindow().getDecorView().getRootWindowInsets();
            if (insets == null) {
                return out;
            }
            out[0] = insets.getSystemWindowInsetTop();
            out[1] = insets.getSystemWindowInsetBottom();
            out[2] = insets.getSystemWindowInsetLeft();
            out[3] = insets.getSystemWindowInsetRight();
            DisplayCutout cutout = insets.getDisplayCutout();
            if (cutout != null) {
                out[0] = Math.max(out[0], cutout.getSafeInsetTop());
                out[1] = Math.max(out[1], cutout.getSafeInsetBottom());
                out[2] = Math.max(out[2], cutout.getSafeInsetLeft());
                out[3] = Math.max(out[3], cutout.getSafeInsetRight());
            }
        } catch (RuntimeException e) {
            // The window is going away: no insets.
        }
        return out;
    }

    /** The record shared to the app since the last call, or null. */
    public synchronized String takeOpened() {
        String text = opened;
        opened = null;
        return text;
    }

    private synchronized void keepOpened(Intent intent) {
        String text = readOpened(intent);
        if (text != null) {
            opened = text;
        }
    }

    /** Shared text (ACTION_SEND), an invite link or a file opened with the app (ACTION_VIEW), ACTION_SEND's stream. */
    private String readOpened(Intent intent) {
        if (intent == null || intent.getAction() == null) {
            return null;
        }
        try {
            if (Intent.ACTION_SEND.equals(intent.getAction())) {
                CharSequence text = intent.getCharSequenceExtra(Intent.EXTRA_TEXT);
                if (text != null) {
                    return text.length() <= MAX_OPENED ? text.toString() : null;
                }
                Uri stream = intent.getParcelableExtra(Intent.EXTRA_STREAM);
                return stream == null ? null : read(stream);
            }
            if (Intent.ACTION_VIEW.equals(intent.getAction()) && intent.getData() != null) {
                Uri data = intent.getData();
                // An invite link (https://HOST/?join=ID): the link itself is what the game
                // reads; a file is read for its text.
                String scheme = data.getScheme();
                if ("https".equals(scheme) || "http".equals(scheme)) {
                    String link = data.toString();
                    return link.length() <= MAX_OPENED ? link : null;
                }
                return read(data);
            }
        } catch (RuntimeException e) {
            // Not something the game can open.
        }
        return null;
    }

    private String read(Uri uri) {
        try (InputStream in = getContentResolver().openInputStream(uri)) {
            if (in == null) {
                return null;
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) > 0) {
                bytes.write(buffer, 0, n);
                if (bytes.size() > MAX_OPENED) {
                    return null;
                }
            }
            return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            return null;
        }
    }
}
