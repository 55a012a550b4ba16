package android.net; public abstract class Uri implements android.os.Parcelable {}
