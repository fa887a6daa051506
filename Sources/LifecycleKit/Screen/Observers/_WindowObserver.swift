/// An observer attached to a window (``Window/addObserver(_:priority:)``), with where it stands among the window's
/// observers.
struct _WindowObserver {
    /// The observer, held strongly while it is attached.
    let observer: any ScreenLifecycleObserver
    /// Higher runs earlier for *will* callbacks and later for *did* callbacks.
    let priority: Int
    /// The order of attachment among the window's observers.
    let sequence: Int
}
