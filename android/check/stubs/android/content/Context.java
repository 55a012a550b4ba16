package android.content; public abstract class Context {
  public static final String VIBRATOR_SERVICE = "vibrator";
  public abstract Object getSystemService(String name);
  public abstract ContentResolver getContentResolver();
  public abstract void startActivity(Intent intent); }
