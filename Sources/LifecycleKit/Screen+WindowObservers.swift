/// Telling lifecycle observers about a screen: the global registrations, and the observers of the screen's window.
///
/// A screen's events go to the window it is in; `willMove(toParent:)` to a container goes to the container's window.
/// While it disappears, and when it leaves its container, they go to the window it was seen in last
/// (``_ScreenDiagnostics/observedWindow``, remembered when it begins to appear and when it begins to leave its
/// container): the host may already have taken it out of the window (a replaced root disappears after it left).
/// While no window has observers, nothing looks for a window.
extension Screen {
    /// Tells the observers about `event`, routed to the window the screen is in.
    @inline(__always)
    func _notifyObservers(_ event: _ObserverEvent) {
        _LifecycleObservers.notify(event, about: self) { window }
    }

    /// Tells the observers about `event`, routed to the window the screen is in or, if it is in none any more, the
    /// window it was seen in last.
    @inline(__always)
    func _notifyObserversOfLeavingScreen(_ event: _ObserverEvent) {
        _LifecycleObservers.notify(event, about: self) { window ?? _diagnostics.observedWindow }
    }

    /// Remembers the window the screen is in now (or none) as the one its coming disappearance or departure reports
    /// to.
    @inline(__always)
    func _rememberObservedWindow() {
        guard _LifecycleObservers.hasObservedWindows else { return }
        _diagnostics.observedWindow = window
    }

    /// Runs a lifecycle method between the observers' *will* and *did* callbacks.
    ///
    /// `leaving` routes the callbacks as for a screen that leaves (see above).
    @inline(__always)
    func _runObserved(_ call: LifecycleCall, leaving: Bool = false, _ method: () -> Void) {
        if leaving {
            _runObserved(call, in: { window ?? _diagnostics.observedWindow }, method)
        } else {
            _runObserved(call, in: { window }, method)
        }
    }

    /// Runs a lifecycle method between the observers' *will* and *did* callbacks, routed to `window()`.
    @inline(__always)
    func _runObserved(_ call: LifecycleCall, in window: () -> Window?, _ method: () -> Void) {
        _LifecycleObservers.notify(.willRun(call), about: self, window: window)
        method()
        _LifecycleObservers.notify(.didRun(call), about: self, window: window)
    }

    /// Reports that the screen joined a hierarchy; call it once the screen is linked in.
    func _didJoinHierarchy() {
        _notifyObservers(.didJoinHierarchy)
    }
}
