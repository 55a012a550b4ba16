package android.view; public final class DisplayCutout {
  public int getSafeInsetTop() { return 0; } public int getSafeInsetBottom() { return 0; }
  public int getSafeInsetLeft() { return 0; } public int getSafeInsetRight() { return 0; } }
