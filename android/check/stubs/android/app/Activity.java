package android.app; public class Activity extends android.content.Context {
  protected void onCreate(android.os.Bundle savedInstanceState) {}
  protected void onNewIntent(android.content.Intent intent) {}
  protected void onResume() {}
  protected void onDestroy() {}
  public boolean moveTaskToBack(boolean nonRoot) { return false; }
  public void onWindowFocusChanged(boolean hasFocus) {}
  public Object getSystemService(String name) { return null; }
  public android.content.ContentResolver getContentResolver() { return null; }
  public void startActivity(android.content.Intent intent) {}
  public android.content.Intent getIntent() { return null; }
  public void setIntent(android.content.Intent newIntent) {}
  public android.view.Window getWindow() { return null; }
  public final void runOnUiThread(Runnable action) {} }
