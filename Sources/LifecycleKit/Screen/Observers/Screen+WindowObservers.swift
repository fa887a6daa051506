/// Telling lifecycle observers about a screen: the global registrations, and the observers of the screen's window.
///
/// Which window hears of a screen's event:
/// - loading, joining: the window the screen is in;
/// - `willMove(toParent:)` to a container and the `didMove(toParent:)` that ends the join: the container's window at
///   the first (the screen is linked in already; ``Screen/_joinWindow``), or the one that heard its did-callback when
///   none heard it begin, also when the container left it meanwhile (a push that waited while its navigation
///   controller was taken out of its window);
/// - an appearance, from `viewWillAppear` to the end of the matching `viewDidDisappear`, and its visible-state
///   changes: the window the screen was in when it began to appear, else the one it was on screen in then (a
///   screen can begin to appear in a container that already left its window, while the transition that takes the
///   container off screen waits its turn) (``Screen/_observedWindow``); also once the host took it out (a
///   replaced root disappears after it left its window, a presentation dismissed while it appears gets its
///   `viewDidAppear` after it left);
/// - `willMove(toParent: nil)` and the `didMove(toParent: nil)` that follows once the screen is out: the window it
///   was in at the first (``Screen/_departureWindow``, always remembered: the report that the screen left its
///   hierarchy names that window too).
///
/// The other windows are looked up only while some window has observers.
extension Screen {
    /// Tells the observers about `event`; `window` is asked only while some window has observers.
    @inline(__always)
    func _notifyObservers(_ event: _ObserverEvent, in window: @autoclosure () -> Window?) {
        _LifecycleObservers.notify(event, about: self, in: _LifecycleObservers.observedWindow(window))
    }

    /// Runs a lifecycle method between the observers' *will* and *did* callbacks; `window` is asked only while some
    /// window has observers, once (again for the *did* callback if it gave none: an observer may have been attached
    /// meanwhile).
    @inline(__always)
    func _runObserved(_ call: LifecycleCall, in window: @autoclosure () -> Window?, _ method: () -> Void) {
        var observedWindow = _LifecycleObservers.observedWindow(window)
        _LifecycleObservers.notify(.willRun(call), about: self, in: observedWindow)
        method()
        if observedWindow == nil {
            observedWindow = _LifecycleObservers.observedWindow(window)
        }
        _LifecycleObservers.notify(.didRun(call), about: self, in: observedWindow)
    }

    /// The window the screen began to appear in, while some window has observers.
    @inline(__always)
    var _observedWindowIfAny: Window? {
        _LifecycleObservers.hasObservedWindows ? _observedWindow : nil
    }

    /// Remembers the window the screen appears in (the one it is in, else the one it is on screen in), for the
    /// events of this appearance and of the disappearance that ends it, and returns it.
    @inline(__always)
    func _beginObservedAppearance() -> Window? {
        guard _LifecycleObservers.hasObservedWindows else { return nil }
        let window = self.window ?? _onScreenWindow
        _rememberObservedWindow(window)
        return window
    }

    /// Remembers `window` as the one the screen appears in.
    func _rememberObservedWindow(_ window: Window?) {
        _observedWindow = window
        _remembersObservedWindow = window != nil
    }

    /// Forgets the window the screen appeared in, now that it disappeared, and returns it while some window has
    /// observers.
    ///
    /// Call it whether or not a window has observers now: a window remembered while one had would otherwise hear of
    /// the screen's next appearance, wherever it happens.
    @inline(__always)
    func _endObservedAppearance() -> Window? {
        guard _remembersObservedWindow else { return nil }
        _remembersObservedWindow = false
        let window = _observedWindow
        _observedWindow = nil
        return _LifecycleObservers.hasObservedWindows ? window : nil
    }

    /// Remembers the window the screen leaves its container in, for `didMove(toParent: nil)` and for the report of
    /// its departure, and returns it while some window has observers.
    ///
    /// Remembered whether or not a window has observers now: the departure is reported to the window the screen
    /// left (to global observers and the leak detector) whatever other windows do, and an observer attached before
    /// the screen is out hears its `didMove(toParent: nil)`.
    @inline(__always)
    func _beginObservedDeparture() -> Window? {
        let window = self.window
        _departureWindow = window
        return _LifecycleObservers.hasObservedWindows ? window : nil
    }

    /// Remembers the window the screen joins `parent` in (the container's), for `willMove(toParent:)` and the
    /// `didMove(toParent:)` that ends the join, and returns it, while some window has observers.
    @inline(__always)
    func _beginObservedJoin(of parent: Screen) -> Window? {
        guard _LifecycleObservers.hasObservedWindows else {
            _remembersJoinWindow = false
            return nil
        }
        let window = parent.window ?? self.window
        _joinWindow = window
        _remembersJoinWindow = true
        return window
    }

    /// Forgets the window the screen joined its container in, and returns it while some window has observers.
    @inline(__always)
    func _endObservedJoin() -> Window? {
        _remembersJoinWindow = false
        let window = _joinWindow
        _joinWindow = nil
        return _LifecycleObservers.hasObservedWindows ? window : nil
    }

    /// Forgets the window the screen left its container in, and returns it while some window has observers.
    @inline(__always)
    func _endObservedDeparture() -> Window? {
        guard let window = _departureWindow else { return nil }
        _departureWindow = nil
        return _LifecycleObservers.hasObservedWindows ? window : nil
    }

    /// Reports that the screen joined a hierarchy, which ends leak detectors' tracking of it; call it once the screen
    /// is linked in.
    func _didJoinHierarchy() {
        if !_diagnostics.leakEntries.isEmpty { _endLeakTracking() }
        _notifyObservers(.didJoinHierarchy, in: window)
    }
}
