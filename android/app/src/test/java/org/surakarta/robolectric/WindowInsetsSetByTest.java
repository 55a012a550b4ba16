package org.surakarta.robolectric;

import static org.robolectric.util.reflector.Reflector.reflector;

import android.view.ViewRootImpl;
import android.view.WindowInsets;

import org.robolectric.annotation.Implementation;
import org.robolectric.annotation.Implements;
import org.robolectric.shadows.ShadowViewRootImpl;
import org.robolectric.util.reflector.ForType;

/**
 * The window's insets as a test sets them: View.getRootWindowInsets() is the view root's
 * getWindowInsets(false), which on a phone the window manager fills in (the bars, the
 * display cutout). Robolectric's own view root is kept for everything else.
 */
@Implements(ViewRootImpl.class)
public class WindowInsetsSetByTest extends ShadowViewRootImpl {
    private static WindowInsets insets;

    /** The insets every window reports from now on; null: the framework's own. */
    public static synchronized void set(WindowInsets value) {
        insets = value;
    }

    private static synchronized WindowInsets get() {
        return insets;
    }

    @Implementation
    protected WindowInsets getWindowInsets(boolean forceConstruct) {
        WindowInsets set = get();
        return set != null ? set : reflector(Direct.class, realObject).getWindowInsets(forceConstruct);
    }

    @ForType(value = ViewRootImpl.class, direct = true)
    public interface Direct {
        WindowInsets getWindowInsets(boolean forceConstruct);
    }
}
