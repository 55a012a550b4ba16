package android.view; public interface SurfaceHolder {
  interface Callback {
    void surfaceCreated(SurfaceHolder holder);
    void surfaceChanged(SurfaceHolder holder, int format, int width, int height);
    void surfaceDestroyed(SurfaceHolder holder); }
  interface Callback2 extends Callback {
    void surfaceRedrawNeeded(SurfaceHolder holder); } }
