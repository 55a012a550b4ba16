package android.os; public class Process {
  public static final int myPid() { return 0; }
  public static final void killProcess(int pid) {} }
