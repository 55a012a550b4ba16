package android.view; public final class WindowInsets {
  @Deprecated public int getSystemWindowInsetTop() { return 0; } @Deprecated public int getSystemWindowInsetBottom() { return 0; }
  @Deprecated public int getSystemWindowInsetLeft() { return 0; } @Deprecated public int getSystemWindowInsetRight() { return 0; }
  public DisplayCutout getDisplayCutout() { return null; } }
