/// Telling the observers of a screen's window about its appearance.
///
/// A screen reports its disappearance to the window it appeared in, which it remembers weakly: when
/// a window's root is replaced, the old root has already left the window when it disappears. A
/// screen that appeared in a window without observers costs one weak load when it disappears.
extension Screen {
    /// Reports `viewDidAppear` to the observers of the screen's window, and remembers the window.
    ///
    /// A screen that left its window while it was appearing (dismissed before its presentation completed) still
    /// appeared in the window it is on screen in.
    func _notifyObserversDidAppear() {
        guard let window = window ?? _onScreenWindow, !window._observers.isEmpty else { return }
        _diagnostics.observedWindow = window
        window._notifyObservers { $0.screenDidAppear(self) }
    }

    /// Reports `viewWillDisappear` to the observers of the window the screen appeared in.
    func _notifyObserversWillDisappear() {
        guard let window = _diagnostics.observedWindow else { return }
        window._notifyObservers { $0.screenWillDisappear(self) }
    }

    /// Reports `viewDidDisappear` to the observers of the window the screen appeared in, and forgets the window.
    func _notifyObserversDidDisappear() {
        guard let window = _diagnostics.observedWindow else { return }
        _diagnostics.observedWindow = nil
        window._notifyObservers { $0.screenDidDisappear(self) }
    }
}
