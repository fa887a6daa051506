/// The lifecycle observers attached to a window.
extension Window {
    /// Attaches `observer` to this window: it follows this window's screens and application events, and only them.
    ///
    /// ```swift
    /// let pageLog = PageLog()
    /// window.addObserver(pageLog)
    /// // …
    /// window.removeObserver(pageLog)
    /// ```
    ///
    /// The window calls its observers itself, on its thread (so they need not be `Sendable`), as part of its host
    /// work: `Hooks.isEnabled = false` does not stop them, and hook introspection does not list them.
    /// ``ScreenStatistics`` and ``LeakDetector`` attach this way.
    ///
    /// - **Order.** The window's observers run after the global registrations
    ///   (``Lifecycle/addObserver(_:scope:priority:label:)``) for *will* callbacks and before them for *did*
    ///   callbacks, and outside every hook on the method. Among themselves, *will* callbacks run higher priority
    ///   first, then in attachment order; *did* callbacks in exactly the reverse order.
    /// - **Holding.** The window keeps the observer alive while it is attached; an observer released with its window
    ///   is detached with it.
    /// - **Once.** Attaching an observer that is attached already does nothing (its priority stays) and returns
    ///   `false`. An observer attached or removed from inside a callback takes effect from the next callback; but
    ///   attached from a global observer's callback while no window in the process had observers, it starts with the
    ///   next event (windows are looked up only while some window has observers, and this event's was not).
    ///
    /// A screen's events reach the window it is in. While a screen disappears and when it leaves its container, they
    /// reach the window it was in, also when the host has already taken it out (a replaced root disappears after
    /// it left its window).
    ///
    /// - Parameters:
    ///   - observer: The observer.
    ///   - priority: Higher runs earlier for *will* callbacks and later for *did* callbacks.
    /// - Returns: Whether the observer was attached now (`false`: it was attached already).
    @discardableResult
    public func addObserver(_ observer: any ScreenLifecycleObserver, priority: Int = 0) -> Bool {
        guard _observers.add(observer, priority: priority) else { return false }
        // The screens on screen here may disappear after the host took them out: remember where they appeared, unless
        // they appeared in another window that still exists (which took them on screen meanwhile): their
        // disappearance belongs to it.
        for screen in _onScreenTree where screen._appearance != .disappeared && screen._observedWindow == nil {
            screen._rememberObservedWindow(self)
        }
        return true
    }

    /// Detaches `observer` from this window.
    ///
    /// - Returns: Whether it was attached (`false`: removing it again, or an observer never attached, does nothing).
    @discardableResult
    public func removeObserver(_ observer: any ScreenLifecycleObserver) -> Bool {
        _observers.remove(observer)
    }

    /// The observers attached to this window, in the order of *will* callbacks.
    public var observers: [any ScreenLifecycleObserver] {
        _observers.entries.map(\.observer)
    }

    /// Every screen on screen in this window, whatever the hierarchy says now (a replaced root still waiting to
    /// disappear is here): the units and the screens on screen through them, recursively.
    var _onScreenTree: [Screen] {
        var result: [Screen] = []
        func visit(_ screen: Screen) {
            result.append(screen)
            for child in screen._onScreenChildren {
                visit(child)
            }
        }
        for unit in _onScreenUnits {
            visit(unit)
        }
        return result
    }

    /// The screens on screen now (appeared, not appearing or disappearing), parents before their children, from
    /// the root up through what it presents.
    var _appearedScreens: [Screen] {
        var result: [Screen] = []
        func visit(_ screen: Screen) {
            guard screen._appearance == .appeared else { return }
            result.append(screen)
            for child in screen.children {
                visit(child._forwardingTarget)
            }
        }
        for unit in rootScreen?._presentationChain ?? [] {
            visit(unit)
        }
        return result
    }
}
