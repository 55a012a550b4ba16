package android.os; public abstract class VibrationEffect implements Parcelable {
  public static final int EFFECT_DOUBLE_CLICK = 1; public static final int EFFECT_TICK = 2; public static final int EFFECT_HEAVY_CLICK = 5;
  public static VibrationEffect createOneShot(long milliseconds, int amplitude) { return null; }
  public static VibrationEffect createWaveform(long[] timings, int repeat) { return null; }
  public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat) { return null; }
  public static VibrationEffect createPredefined(int effectId) { return null; } }
