package org.surakarta.game;

import android.app.NativeActivity;
import android.view.View;

/**
 * The whole game runs in Rust (libsurakarta_mobile.so); this activity only loads it and
 * keeps the system bars out of the way while playing. The back button reaches the game,
 * which closes a panel or asks before leaving a game in progress.
 */
public class MainActivity extends NativeActivity {
    static {
        System.loadLibrary("surakarta_mobile");
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
}
