package org.surakarta.robolectric;

import static org.robolectric.util.reflector.Reflector.reflector;

import android.app.Activity;
import android.app.NativeActivity;
import android.os.Bundle;
import android.os.Process;
import android.view.SurfaceHolder;

import java.util.ArrayList;
import java.util.List;

import org.robolectric.annotation.Implementation;
import org.robolectric.annotation.Implements;
import org.robolectric.shadows.ShadowActivity;
import org.robolectric.shadows.ShadowProcess;
import org.robolectric.util.reflector.ForType;

/**
 * NativeActivity with the native library kept out: what MainActivity hands to its super
 * class (the native side: android-activity's glue, then the game) is recorded here instead.
 *
 * AOSP's NativeActivity.onCreate finds the library through the app's dex class loader and
 * loads it (loadNativeCode), which cannot happen on the JVM; this shadow runs only
 * Activity.onCreate. The surface callbacks are the ones MainActivity calls through super:
 * each is recorded as "the native side was told". When the game is told its surface is gone
 * (android-activity's TermWindow) it suspends, saves and calls MainActivity.saved() from its
 * own thread: {@link #gameSavesAfter} makes that happen here, after a delay.
 *
 * (MainActivity's static System.loadLibrary is a no-op under Robolectric's own interceptor,
 * since the tests instrument org.surakarta.game.)
 */
@Implements(NativeActivity.class)
public class NativeSide extends ShadowActivity {
    /** What the native side was told, in order. */
    private static final List<String> told = new ArrayList<>();

    /** Milliseconds after TermWindow at which the game calls saved(); negative: never. */
    private static long savesAfterMs = -1;

    /** The game's thread, while it is saving. */
    private static Thread game;

    /** Forgets what was told (each test begins with this). */
    public static synchronized void clear() {
        told.clear();
        savesAfterMs = -1;
        game = null;
    }

    /** The game will call saved() this long after its surface is taken away. */
    public static synchronized void gameSavesAfter(long ms) {
        savesAfterMs = ms;
    }

    /** The game never answers (a stuck game thread, or one already gone). */
    public static synchronized void gameNeverSaves() {
        savesAfterMs = -1;
    }

    public static synchronized List<String> told() {
        return new ArrayList<>(told);
    }

    /** Waits for the game's thread, if one is saving. */
    public static void joinGame() throws InterruptedException {
        Thread thread;
        synchronized (NativeSide.class) {
            thread = game;
        }
        if (thread != null) {
            thread.join();
        }
    }

    private static synchronized void tell(String what) {
        told.add(what);
    }

    @Implementation
    protected void onCreate(Bundle savedInstanceState) {
        reflector(DirectActivity.class, realActivity).onCreate(savedInstanceState);
    }

    /**
     * On a phone this is never reached: MainActivity ends the process first. Here the
     * process lives on, so the activity is taken down as Activity does it (AOSP's own would
     * unload the native code).
     */
    @Implementation
    @Override
    protected void onDestroy() {
        super.onDestroy();
    }

    @Implementation
    public void surfaceCreated(SurfaceHolder holder) {
        tell("surfaceCreated");
    }

    @Implementation
    public void surfaceDestroyed(SurfaceHolder holder) {
        tell("surfaceDestroyed" + (ShadowProcess.wasKilled(Process.myPid()) ? " after the process was killed" : ""));
        final long after;
        synchronized (NativeSide.class) {
            after = savesAfterMs;
        }
        if (after < 0) {
            return;
        }
        final Object activity = realActivity;
        Thread thread = new Thread(new Runnable() {
            @Override
            public void run() {
                try {
                    Thread.sleep(after);
                } catch (InterruptedException e) {
                    return;
                }
                tell("saved" + (ShadowProcess.wasKilled(Process.myPid()) ? " after the process was killed" : ""));
                ((org.surakarta.game.MainActivity) activity).saved();
            }
        }, "game");
        synchronized (NativeSide.class) {
            game = thread;
        }
        thread.start();
    }

    /** Activity's own methods, past NativeActivity's. */
    @ForType(value = Activity.class, direct = true)
    public interface DirectActivity {
        void onCreate(Bundle savedInstanceState);
    }
}
