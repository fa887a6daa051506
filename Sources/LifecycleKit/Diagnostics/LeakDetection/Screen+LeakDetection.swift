/// Whether leak detectors check a screen, and what they look at.
extension Screen {
    /// Whether ``LeakDetector`` checks this screen when it leaves the hierarchy; `nil` (the default) defers to
    /// the detector's rules.
    ///
    /// Set it to `false` on a screen you keep on purpose after removing it (a cache, a screen held for
    /// re-presentation); it also silences a check already scheduled. The screens it holds are not reported while it
    /// holds them; once it is released, those that outlive it are checked (see ``LeakDetector``).
    ///
    /// ```swift
    /// reusableDetail.isLeakDetectionEnabled = false
    /// ```
    public var isLeakDetectionEnabled: Bool? {
        get { _diagnostics.isLeakDetectionEnabled }
        set { _diagnostics.isLeakDetectionEnabled = newValue }
    }

    /// Whether the screen is out of every hierarchy: no parent, no presenter, not the root of a window.
    var _isDetached: Bool {
        // The departing link is loaded, not its flag: a controller released while the screen departed clears the link
        // without a word to the flag.
        parent == nil && _presenter == nil && _window == nil && _departingParent == nil
    }

    /// Ends every leak detector's tracking of this screen, which joined a hierarchy again: attached, it is no leak,
    /// and a later release or departure (with its container or its window) must not be reported under the removal
    /// before.
    func _endLeakTracking() {
        let entries = _diagnostics.leakEntries
        _diagnostics.leakEntries = []
        for case let entry? in entries.map(\.object) where entry.isTracked {
            entry.detector?._forget(entry)
        }
    }

    /// The screens this screen holds: its children and what they present, recursively, and what it still presents
    /// itself (a dismissal, or a replacement of the window's root, unlinks the presentations, which then leave the
    /// hierarchy on their own; a pop or a removal leaves them presented by the screen, as UIKit does).
    var _heldScreens: [Screen] {
        var result: [Screen] = []
        func visit(_ screen: Screen) {
            result.append(screen)
            for child in screen._heldChildren {
                visit(child)
            }
            if let presented = screen._presented {
                visit(presented)
            }
        }
        for child in _heldChildren {
            visit(child)
        }
        if let presented = _presented {
            visit(presented)
        }
        return result
    }

    /// Its children, and, for a navigation controller in an interactive pop, the screen the gesture took out of them
    /// until it ends: a cancel brings it back.
    private var _heldChildren: [Screen] {
        guard let navigation = self as? NavigationController, navigation._isInInteractivePop,
            let popping = navigation.interactivePop?.poppingScreen, !children.contains(where: { $0 === popping })
        else { return children }
        return children + [popping]
    }
}
