package org.surakarta.robolectric;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.content.Context;
import android.content.Intent;
import android.graphics.Insets;
import android.net.Uri;
import android.os.Bundle;
import android.os.Looper;
import android.os.Process;
import android.os.VibrationEffect;
import android.os.Vibrator;
import android.view.DisplayCutout;
import android.view.SurfaceHolder;
import android.view.View;
import android.view.WindowInsets;

import java.io.ByteArrayInputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.robolectric.shadows.ShadowProcess;
import org.robolectric.shadows.ShadowSystemClock;
import org.robolectric.shadows.ShadowVibrator;
import org.robolectric.util.ReflectionHelpers;
import org.surakarta.game.MainActivity;

/**
 * MainActivity's own behaviour on the JVM, under Robolectric with Android 16's framework
 * (API 36, the app's targetSdk; android-all-instrumented 16-robolectric-13921718) and, where
 * the activity does something else on older phones, Android 9's (API 28, minSdk). The game
 * (the native library) is kept out: NativeSide records what the activity hands to
 * NativeActivity, and plays the game's part (saved() from its own thread).
 *
 * org.surakarta.game is instrumented so that MainActivity's static System.loadLibrary is
 * Robolectric's no-op. The tests live in another package, so they are not instrumented.
 */
@RunWith(RobolectricTestRunner.class)
@Config(
        sdk = 36,
        instrumentedPackages = {"org.surakarta.game"},
        shadows = {NativeSide.class, WindowInsetsSetByTest.class})
public class MainActivityTest {
    /** What onDestroy may wait for the game's save: MainActivity.SAVE_WAIT_MS. */
    private static final long SAVE_WAIT_MS = 2000;

    /** The most a shared text or file may hold: MainActivity.MAX_OPENED. */
    private static final int MAX_OPENED = 1 << 20;

    private RealTimeClock clock;

    @Before
    public void setUp() {
        NativeSide.clear();
        WindowInsetsSetByTest.set(null);
    }

    @After
    public void tearDown() throws InterruptedException {
        if (clock != null) {
            clock.close();
        }
        NativeSide.joinGame();
    }

    private static ActivityController<MainActivity> launched(Intent intent) {
        return Robolectric.buildActivity(MainActivity.class, intent).setup();
    }

    private static ActivityController<MainActivity> launched() {
        return launched(new Intent(Intent.ACTION_MAIN).addCategory(Intent.CATEGORY_LAUNCHER));
    }

    /** A surface as the window hands it over (nothing is drawn on it here). */
    private static SurfaceHolder surface() {
        return (SurfaceHolder) Proxy.newProxyInstance(
                SurfaceHolder.class.getClassLoader(),
                new Class<?>[] {SurfaceHolder.class},
                new InvocationHandler() {
                    @Override
                    public Object invoke(Object proxy, Method method, Object[] args) {
                        if (method.getName().equals("equals")) {
                            return proxy == args[0];
                        }
                        if (method.getName().equals("hashCode")) {
                            return System.identityHashCode(proxy);
                        }
                        Class<?> type = method.getReturnType();
                        if (type == boolean.class) {
                            return false;
                        }
                        if (type == int.class) {
                            return 0;
                        }
                        return null;
                    }
                });
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    // Back

    @Test
    public void back_with_nothing_to_close_moves_the_task_back_and_keeps_the_activity() throws Exception {
        final MainActivity activity = launched().get();
        // The game calls toBack from its own thread; the activity acts on its UI thread.
        Thread game = new Thread(new Runnable() {
            @Override
            public void run() {
                activity.toBack();
            }
        });
        game.start();
        game.join();
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue("Back moves the task to the back", shadowOf(activity).isTaskMovedToBack());
        assertFalse("Back never finishes the activity", activity.isFinishing());
        assertFalse(ShadowProcess.wasKilled(Process.myPid()));
    }

    // onDestroy: the surface first, then at most SAVE_WAIT_MS for saved(), then the process ends

    @Test
    public void destroyed_with_its_surface_alive_it_takes_the_surface_first_and_ends_once_the_game_saved()
            throws Exception {
        ActivityController<MainActivity> controller = launched();
        MainActivity activity = controller.get();
        SurfaceHolder holder = surface();
        activity.surfaceCreated(holder);
        NativeSide.gameSavesAfter(100);
        clock = new RealTimeClock();

        long start = System.nanoTime();
        controller.pause().stop().destroy();
        long took = millisSince(start);

        assertEquals(Arrays.asList("surfaceCreated", "surfaceDestroyed", "saved"), NativeSide.told());
        assertTrue("onDestroy waited for the game's save (" + took + " ms)", took >= 90);
        assertTrue("onDestroy ended as soon as the game saved, not at the deadline (" + took + " ms)",
                took < SAVE_WAIT_MS / 2);
        assertTrue("the process ends", ShadowProcess.wasKilled(Process.myPid()));

        // The window may still report the surface after onDestroy: the native side, told
        // already, does not hear of it twice.
        activity.surfaceDestroyed(holder);
        assertEquals(Arrays.asList("surfaceCreated", "surfaceDestroyed", "saved"), NativeSide.told());
    }

    @Test
    public void destroyed_while_the_game_never_says_saved_it_waits_two_seconds_and_no_more() throws Exception {
        ActivityController<MainActivity> controller = launched();
        MainActivity activity = controller.get();
        activity.surfaceCreated(surface());
        NativeSide.gameNeverSaves();
        clock = new RealTimeClock();

        long start = System.nanoTime();
        controller.pause().stop().destroy();
        long took = millisSince(start);

        assertEquals(Arrays.asList("surfaceCreated", "surfaceDestroyed"), NativeSide.told());
        assertTrue("onDestroy gave the game " + SAVE_WAIT_MS + " ms (" + took + " ms)",
                took >= SAVE_WAIT_MS - 100);
        assertTrue("onDestroy waited at most " + SAVE_WAIT_MS + " ms (" + took + " ms)",
                took < SAVE_WAIT_MS + 1000);
        assertTrue("the process ends anyway", ShadowProcess.wasKilled(Process.myPid()));
    }

    @Test
    public void destroyed_after_the_surface_went_and_the_game_saved_it_ends_at_once() throws Exception {
        ActivityController<MainActivity> controller = launched();
        MainActivity activity = controller.get();
        SurfaceHolder holder = surface();
        activity.surfaceCreated(holder);
        NativeSide.gameSavesAfter(10);
        // The usual order: the window takes the surface as the activity stops.
        controller.pause();
        activity.surfaceDestroyed(holder);
        controller.stop();
        NativeSide.joinGame();
        clock = new RealTimeClock();

        long start = System.nanoTime();
        controller.destroy();
        long took = millisSince(start);

        assertEquals("the native side hears of the surface going once",
                Arrays.asList("surfaceCreated", "surfaceDestroyed", "saved"), NativeSide.told());
        assertTrue("nothing left to wait for (" + took + " ms)", took < 500);
        assertTrue(ShadowProcess.wasKilled(Process.myPid()));
    }

    @Test
    public void a_save_from_before_the_last_resume_does_not_count() throws Exception {
        ActivityController<MainActivity> controller = launched();
        MainActivity activity = controller.get();
        activity.saved();
        controller.pause().stop().restart().resume();
        activity.surfaceCreated(surface());
        NativeSide.gameNeverSaves();
        clock = new RealTimeClock();

        long start = System.nanoTime();
        controller.pause().stop().destroy();
        long took = millisSince(start);

        assertTrue("the old save was forgotten on resume (" + took + " ms)", took >= SAVE_WAIT_MS - 100);
    }

    // Records shared to the app and links opened with it

    @Test
    public void shared_text_is_kept_for_the_game_once() {
        String record = "[Surakarta]\n1. a1-b2 f6-e5\n";
        MainActivity activity = launched(new Intent(Intent.ACTION_SEND)
                .setType("text/plain")
                .putExtra(Intent.EXTRA_TEXT, record)).get();
        assertEquals(record, activity.takeOpened());
        assertNull("taken once", activity.takeOpened());
    }

    @Test
    public void shared_text_over_a_megabyte_is_refused() {
        char[] big = new char[MAX_OPENED + 1];
        Arrays.fill(big, 'a');
        MainActivity activity = launched(new Intent(Intent.ACTION_SEND)
                .setType("text/plain")
                .putExtra(Intent.EXTRA_TEXT, new String(big))).get();
        assertNull(activity.takeOpened());

        String largest = new String(big, 0, MAX_OPENED);
        activity = launched(new Intent(Intent.ACTION_SEND)
                .setType("text/plain")
                .putExtra(Intent.EXTRA_TEXT, largest)).get();
        assertEquals(largest, activity.takeOpened());
    }

    @Test
    public void a_shared_file_is_read_as_utf8() {
        Uri stream = Uri.parse("content://org.example.files/game-7.txt");
        String record = "Partie ½ — f6-e5\n";
        shadowOf(RuntimeEnvironment.getApplication().getContentResolver())
                .registerInputStream(stream, new ByteArrayInputStream(record.getBytes(StandardCharsets.UTF_8)));
        MainActivity activity = launched(new Intent(Intent.ACTION_SEND)
                .setType("text/plain")
                .putExtra(Intent.EXTRA_STREAM, stream)).get();
        assertEquals(record, activity.takeOpened());
    }

    @Test
    public void a_file_opened_with_the_app_is_read_unless_it_is_over_a_megabyte() {
        Uri small = Uri.parse("content://org.example.files/game.txt");
        Uri big = Uri.parse("content://org.example.files/big.txt");
        byte[] bigBytes = new byte[MAX_OPENED + 1];
        Arrays.fill(bigBytes, (byte) 'a');
        shadowOf(RuntimeEnvironment.getApplication().getContentResolver())
                .registerInputStream(small, new ByteArrayInputStream("1. a1-b2".getBytes(StandardCharsets.UTF_8)));
        shadowOf(RuntimeEnvironment.getApplication().getContentResolver())
                .registerInputStream(big, new ByteArrayInputStream(bigBytes));

        MainActivity activity = launched(new Intent(Intent.ACTION_VIEW, small)).get();
        assertEquals("1. a1-b2", activity.takeOpened());
        activity = launched(new Intent(Intent.ACTION_VIEW, big)).get();
        assertNull(activity.takeOpened());
    }

    @Test
    public void an_invite_link_is_handed_over_as_it_is() {
        String link = "https://play.example.org/?join=K7QX2M";
        MainActivity activity = launched(new Intent(Intent.ACTION_VIEW, Uri.parse(link))).get();
        assertEquals(link, activity.takeOpened());
    }

    @Test
    public void a_launch_from_the_launcher_opens_nothing() {
        assertNull(launched().get().takeOpened());
    }

    @Test
    public void a_relaunch_after_the_system_stopped_the_app_does_not_open_its_intent_again() {
        MainActivity activity = Robolectric.buildActivity(MainActivity.class, new Intent(Intent.ACTION_SEND)
                        .setType("text/plain")
                        .putExtra(Intent.EXTRA_TEXT, "1. a1-b2"))
                .setup(new Bundle())
                .get();
        assertNull(activity.takeOpened());
    }

    @Test
    public void a_record_shared_while_the_app_runs_arrives_through_on_new_intent() {
        ActivityController<MainActivity> controller = launched();
        Intent shared = new Intent(Intent.ACTION_SEND)
                .setType("text/plain")
                .putExtra(Intent.EXTRA_TEXT, "1. c3-d4");
        controller.newIntent(shared);
        assertEquals("1. c3-d4", controller.get().takeOpened());
        assertEquals(shared, controller.get().getIntent());
    }

    // Share

    @Test
    public void share_offers_the_record_as_plain_text_in_the_system_chooser() throws Exception {
        final MainActivity activity = launched().get();
        Thread game = new Thread(new Runnable() {
            @Override
            public void run() {
                activity.share("Surakarta, 6 December", "1. a1-b2 f6-e5");
            }
        });
        game.start();
        game.join();
        shadowOf(Looper.getMainLooper()).idle();

        Intent chooser = shadowOf(activity).getNextStartedActivity();
        assertNotNull("the chooser was started", chooser);
        assertEquals(Intent.ACTION_CHOOSER, chooser.getAction());
        assertEquals("Surakarta, 6 December", String.valueOf(chooser.getCharSequenceExtra(Intent.EXTRA_TITLE)));
        Intent send = chooser.getParcelableExtra(Intent.EXTRA_INTENT);
        assertNotNull(send);
        assertEquals(Intent.ACTION_SEND, send.getAction());
        assertEquals("text/plain", send.getType());
        assertEquals("1. a1-b2 f6-e5", send.getStringExtra(Intent.EXTRA_TEXT));
        assertEquals("Surakarta, 6 December", send.getStringExtra(Intent.EXTRA_SUBJECT));
        assertEquals("Surakarta, 6 December", send.getStringExtra(Intent.EXTRA_TITLE));
    }

    @Test
    public void share_with_no_app_to_take_it_leaves_the_game_running() {
        MainActivity activity = launched().get();
        shadowOf(RuntimeEnvironment.getApplication()).checkActivities(true);
        activity.share("Surakarta", "1. a1-b2");
        shadowOf(Looper.getMainLooper()).idle();
        assertFalse(activity.isFinishing());
    }

    // Vibration

    private static Vibrator vibrator() {
        return (Vibrator) RuntimeEnvironment.getApplication().getSystemService(Context.VIBRATOR_SERVICE);
    }

    /** What the last vibration was made of (Robolectric keeps the effect's segments). */
    private static List<Object> lastVibration() {
        List<Object> segments = ReflectionHelpers.getStaticField(ShadowVibrator.class, "vibrationEffectSegments");
        return new ArrayList<>(segments);
    }

    private static List<Object> segmentsOf(VibrationEffect effect) {
        List<Object> segments = ReflectionHelpers.callInstanceMethod(effect, "getSegments");
        return new ArrayList<>(segments);
    }

    @Test
    public void each_haptic_plays_its_own_effect() {
        MainActivity activity = launched().get();
        assertTrue(activity.canVibrate());

        activity.haptic(0);
        assertEquals("a step: a tick",
                segmentsOf(VibrationEffect.createPredefined(VibrationEffect.EFFECT_TICK)), lastVibration());
        activity.haptic(1);
        assertEquals("a capture: a heavy click",
                segmentsOf(VibrationEffect.createPredefined(VibrationEffect.EFFECT_HEAVY_CLICK)), lastVibration());
        activity.haptic(3);
        assertEquals("a tap the board cannot play: a double click",
                segmentsOf(VibrationEffect.createPredefined(VibrationEffect.EFFECT_DOUBLE_CLICK)), lastVibration());
        activity.haptic(2);
        assertEquals("the end of the game: the waveform",
                segmentsOf(VibrationEffect.createWaveform(
                        new long[] {0, 40, 70, 40, 70, 90}, new int[] {0, 180, 0, 180, 0, 255}, -1)),
                lastVibration());
        assertEquals("played once, not repeated", -1, shadowOf(vibrator()).getRepeat());
    }

    @Test
    @Config(sdk = 28)
    public void android_9_has_no_predefined_effects_so_the_haptics_are_one_shots_and_waveforms() {
        MainActivity activity = launched().get();
        activity.haptic(0);
        assertEquals("a step: 12 ms", 12, shadowOf(vibrator()).getMilliseconds());
        activity.haptic(1);
        assertEquals("a capture: 35 ms", 35, shadowOf(vibrator()).getMilliseconds());
        activity.haptic(3);
        assertArrayEquals("a tap the board cannot play: two short pulses",
                new long[] {0, 15, 50, 15}, shadowOf(vibrator()).getPattern());
        activity.haptic(2);
        assertArrayEquals("the end of the game", new long[] {0, 40, 70, 40, 70, 90}, shadowOf(vibrator()).getPattern());
        assertEquals(-1, shadowOf(vibrator()).getRepeat());
    }

    @Test
    public void a_phone_without_a_motor_says_so_and_is_never_asked_to_vibrate() {
        MainActivity activity = launched().get();
        shadowOf(vibrator()).setHasVibrator(false);
        assertFalse(activity.canVibrate());
        activity.haptic(1);
        assertTrue("nothing played", lastVibration().isEmpty());
        assertFalse(shadowOf(vibrator()).isVibrating());
    }

    // Insets and the system bars

    @Test
    public void safe_insets_are_the_bars_shown_for_good_or_the_cutout_whichever_is_larger() {
        ActivityController<MainActivity> controller = launched();
        WindowInsetsSetByTest.set(new WindowInsets.Builder()
                .setSystemWindowInsets(Insets.of(0, 63, 0, 126))
                .setDisplayCutout(new DisplayCutout(Insets.of(0, 110, 40, 0), null, null, null, null))
                .build());
        // top, bottom, left, right
        assertArrayEquals(new int[] {110, 126, 40, 0}, controller.get().safeInsets());
    }

    @Test
    public void safe_insets_are_zero_before_the_window_is_shown() {
        MainActivity activity = Robolectric.buildActivity(MainActivity.class).create().get();
        assertArrayEquals(new int[] {0, 0, 0, 0}, activity.safeInsets());
    }

    @Test
    @SuppressWarnings("deprecation")
    public void with_focus_the_game_plays_full_screen_with_the_bars_hidden_until_swiped() {
        ActivityController<MainActivity> controller = launched();
        controller.windowFocusChanged(true);
        int flags = controller.get().getWindow().getDecorView().getSystemUiVisibility();
        int wanted = View.SYSTEM_UI_FLAG_IMMERSIVE_STICKY
                | View.SYSTEM_UI_FLAG_LAYOUT_STABLE
                | View.SYSTEM_UI_FLAG_LAYOUT_HIDE_NAVIGATION
                | View.SYSTEM_UI_FLAG_LAYOUT_FULLSCREEN
                | View.SYSTEM_UI_FLAG_HIDE_NAVIGATION
                | View.SYSTEM_UI_FLAG_FULLSCREEN;
        assertEquals(Integer.toHexString(wanted), Integer.toHexString(flags & wanted));
    }

    /**
     * Robolectric's clock stands still unless a test moves it, and MainActivity's wait is
     * measured on SystemClock.uptimeMillis: this moves that clock with real time, so the
     * wait lasts what it would on a phone. After 8 s it stops and interrupts the test's
     * thread, so a wait that never ends fails the test instead of hanging it.
     */
    private static final class RealTimeClock {
        private final Thread thread;
        private volatile boolean closed;

        RealTimeClock() {
            final Thread test = Thread.currentThread();
            thread = new Thread(new Runnable() {
                @Override
                public void run() {
                    long start = System.nanoTime();
                    long moved = 0;
                    while (!closed) {
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException e) {
                            return;
                        }
                        long now = millisSince(start);
                        if (now > 8000) {
                            test.interrupt();
                            return;
                        }
                        ShadowSystemClock.advanceBy(Duration.ofMillis(now - moved));
                        moved = now;
                    }
                }
            }, "real-time clock");
            thread.setDaemon(true);
            thread.start();
        }

        void close() throws InterruptedException {
            closed = true;
            thread.join();
            Thread.interrupted();
        }
    }
}
