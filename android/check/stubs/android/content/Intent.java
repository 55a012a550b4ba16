package android.content; public class Intent implements android.os.Parcelable {
  public static final String ACTION_SEND = "android.intent.action.SEND";
  public static final String ACTION_VIEW = "android.intent.action.VIEW";
  public static final String EXTRA_TEXT = "android.intent.extra.TEXT";
  public static final String EXTRA_SUBJECT = "android.intent.extra.SUBJECT";
  public static final String EXTRA_TITLE = "android.intent.extra.TITLE";
  public static final String EXTRA_STREAM = "android.intent.extra.STREAM";
  public Intent(String action) {}
  public Intent setType(String type) { return this; }
  public Intent putExtra(String name, String value) { return this; }
  public Intent putExtra(String name, CharSequence value) { return this; }
  public String getAction() { return null; }
  public android.net.Uri getData() { return null; }
  public CharSequence getCharSequenceExtra(String name) { return null; }
  @Deprecated public <T extends android.os.Parcelable> T getParcelableExtra(String name) { return null; }
  public static Intent createChooser(Intent target, CharSequence title) { return null; } }
