import HookKit

/// Global lifecycle observers: the registry of ``ScreenLifecycleObserver``s for every window.
extension Lifecycle {
    /// Registers `observer` for the screens of every window: all of them, a screen type and its subtypes, an exact
    /// type, or one screen.
    ///
    /// ```swift
    /// let analytics = PageViews()   // a Sendable ScreenLifecycleObserver
    /// let token = try Lifecycle.addObserver(analytics, scope: .type(ProductScreen.self), priority: 10)
    /// // …
    /// token.cancel()
    /// ```
    ///
    /// The registration is one HookKit hook, so it follows HookKit's rules:
    /// - **Order.** Observers of one event run in HookKit's order contract: *will* callbacks from the most general
    ///   scope to the most specific (every screen, then types from ``Screen`` down to the most derived, then exact
    ///   types, then one screen), higher priority first, then oldest first; *did* callbacks in exactly the reverse
    ///   order. Global observers run before a window's observers for *will* callbacks, after them for *did*
    ///   callbacks, and both before (*will*) or after (*did*) every hook on the method.
    /// - **Holding.** The registry holds `observer` strongly until the token is cancelled: an observer created just
    ///   to be registered (`try Lifecycle.addObserver(PageViews())`) keeps working, and an observer cannot die while
    ///   it is registered. Dropping the token does not unregister it. A registration scoped to one screen
    ///   (`.instance(screen)`) ends when that screen dies, as HookKit's instance hooks do: once HookKit reclaims it
    ///   (see `Hooks.removeExpiredInstanceHooks()`) the observer is released, the token is inactive and
    ///   `cancel()` returns `false`.
    /// - **Tokens.** Registering the same observer twice makes two registrations: it is called twice per event, and
    ///   each token removes its own. `HookToken.cancel()` returns `false` the second time. Cancelling from inside
    ///   a callback (the observer's own token or another's) takes effect from the next callback: an observer already
    ///   chosen for the event in progress still receives it.
    /// - **Threads.** The observer is called on whichever thread drives a host, so it must be `Sendable`.
    /// - **Switch.** `Hooks.isEnabled = false` switches global observers off with every other hook; observers
    ///   attached to windows (``Window/addObserver(_:priority:)``) keep running.
    /// - **Application events.** ``ScreenLifecycleObserver/windowDidEnterBackground(_:)`` and
    ///   ``ScreenLifecycleObserver/windowDidEnterForeground(_:)`` are not about a screen: they reach the
    ///   registrations for every screen (`.all`, `.type(Screen.self)`) only.
    ///
    /// A registration whose observer implements one callback costs every lifecycle event of the screens in its scope
    /// one hook call and a dispatch to the observer's empty defaults; see <doc:WritingALifecycleObserver> for the
    /// measured cost.
    ///
    /// - Parameters:
    ///   - observer: The observer.
    ///   - scope: Every screen (default), a screen type and its subtypes, an exact type, or one screen (held weakly).
    ///   - priority: Higher runs earlier for *will* callbacks and later for *did* callbacks, within a scope level.
    ///   - label: A name for introspection and traces; the observer's type name by default.
    /// - Returns: The token that removes the registration.
    /// - Throws: `HookError` for a scope type that is not a ``Screen``.
    @discardableResult
    public static func addObserver(
        _ observer: some ScreenLifecycleObserver & Sendable, scope: HookScope<Screen> = .all, priority: Int = 0,
        label: String? = nil
    ) throws(HookError) -> HookToken {
        // Set before the registration is published: a call that still reads `false` is one that began before it.
        _LifecycleObservers.hasRegistrations.store(true, ordering: .releasing)
        return try _LifecycleObservers.point.after(
            scope, priority: priority, label: label ?? String(describing: type(of: observer))
        ) { screen, call, _ in
            if let collector = call.collector {
                collector.pointee.append(observer)
            } else {
                call.event.deliver(to: observer, screen: screen)
            }
        }
    }

    /// The global observer registrations, in registration order.
    ///
    /// ```swift
    /// for registration in Lifecycle.observers {
    ///     print(registration)   // "after type(Shop.ProductScreen) priority 10 'PageViews'"
    /// }
    /// ```
    ///
    /// Each registration is listed as the after hook it is, with the registration's scope, priority and label.
    public static var observers: [HookDescription] {
        _LifecycleObservers.point.hooks
    }

    /// The global observer registrations that apply to `screen`, in the order of *did* callbacks (*will* callbacks
    /// run in the reverse order).
    public static func observers(for screen: Screen) -> [HookDescription] {
        _LifecycleObservers.point.hooks(for: screen)
    }
}
