package android.app; public class NativeActivity extends Activity
    implements android.view.SurfaceHolder.Callback2 {
  public void surfaceCreated(android.view.SurfaceHolder holder) {}
  public void surfaceChanged(android.view.SurfaceHolder holder, int format, int width, int height) {}
  public void surfaceRedrawNeeded(android.view.SurfaceHolder holder) {}
  public void surfaceDestroyed(android.view.SurfaceHolder holder) {} }
