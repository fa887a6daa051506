import HookKit

/// The top of a screen hierarchy: holds the root screen, shows it, and runs its transitions.
///
/// ```swift
/// let time = VirtualTime()
/// let window = Window(time: time)
/// try window.setRootScreen(NavigationController(rootScreen: home))
/// window.makeKeyAndVisible()   // home: loadView, viewDidLoad, viewWillAppear, viewDidAppear
/// ```
///
/// A window is also where the application's foreground and background events arrive
/// (``enterBackground()``, ``enterForeground()``), observable through ``Window/didEnterBackground``
/// and ``Window/willEnterForeground``.
///
/// Keep a reference to a window while it is visible, as a scene delegate keeps its `window`: the screens refer to their
/// window weakly. A window released while visible sends its screens no call: they keep their visible state in no
/// window (``Screen/window`` is `nil`, presenting from them throws
/// ``LifecycleError/Code-swift.struct/presenterNotInWindow``, and a child added to one of them still appears with it).
/// Call ``hide()`` before releasing it to take them off screen. Transitions it queued in a ``TransitionDriver`` that
/// the app keeps still complete there (their did-calls run), without the window's observers, which
/// went away with it.
public final class Window {
    /// The screen at the root of the hierarchy.
    public private(set) var rootScreen: Screen?

    /// Whether ``makeKeyAndVisible()`` was called (and ``hide()`` was not called since).
    public private(set) var isVisible = false

    /// Whether the application is in the foreground or the background.
    public internal(set) var applicationState: ApplicationState = .active

    /// The layout direction, which decides the back direction of the pop gesture.
    public var layoutDirection: LayoutDirection = .leftToRight

    /// The clock and scheduler of this host.
    public let time: any HostTime

    /// Completes animated transitions and queues the ones requested meanwhile.
    public let transitionDriver: TransitionDriver

    // The window's own state is `@exclusivity(unchecked)`, as ``Screen``'s is (see there).

    /// The effective status bar, as computed last.
    @exclusivity(unchecked) var _statusBar = StatusBarAppearance()

    /// The screens on screen in this window on their own (the roots of the on-screen tree), in the order they
    /// appeared.
    @exclusivity(unchecked) var _onScreenUnits: [Screen] = []

    /// The application states asked while the window delivers a change of it to hooks and observers, in the order
    /// asked; `nil` when it delivers none.
    @exclusivity(unchecked) var _applicationStatesAskedDuringDelivery: [ApplicationState]?

    /// The lifecycle observers attached to the window (``addObserver(_:priority:)``).
    let _observers = _WindowObserverList()

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - time: The clock and scheduler; ``SystemTime`` by default (drive the window from the main thread then: it
    ///     runs scheduled work on the main queue), ``VirtualTime`` in tests.
    ///   - transitionDriver: When animated transitions complete; at once by default. Give each window its own: a
    ///     driver given to several windows queues their transitions together, in one order, recomputes each one's
    ///     status bar, and completes a timed transition on the clock of the first of them that still exists when the
    ///     transition starts (its timer stays on that clock).
    public init(time: any HostTime = SystemTime(), transitionDriver: TransitionDriver = TransitionDriver()) {
        self.time = time
        self.transitionDriver = transitionDriver
        transitionDriver._serve(self)
    }

    /// Shows the window: loads and appears the root screen (and what it presents).
    public func makeKeyAndVisible() {
        guard !isVisible else { return }
        isVisible = true
        _enqueueVisibilityChange()
    }

    /// Hides the window: the visible screens disappear.
    ///
    /// ``isVisible`` is `false` at once; the screens disappear in a transition queued behind those waiting, and behind
    /// an interactive pop or sheet swipe in progress: a pop cancelled meanwhile brings its screen back first, in the
    /// hidden window, and the screens then disappear; a sheet whose swipe is cancelled meanwhile gets only the
    /// viewDidDisappear it waits for (see ``InteractiveDismissal/cancel()``).
    public func hide() {
        guard isVisible else { return }
        isVisible = false
        _enqueueVisibilityChange()
    }

    /// Queues the unanimated transition that brings the screens on screen in line with ``isVisible``.
    private func _enqueueVisibilityChange() {
        transitionDriver.enqueue(
            _Transition(
                animated: false, didOrder: .disappearingFirst,
                plan: { [weak self] in self?._unitsPlan ?? _AppearancePlan() }, completion: nil))
    }

    /// Replaces the root screen.
    ///
    /// When the window is visible, the old root (and what it presents) disappears and the new root appears:
    /// new.loadView, new.viewDidLoad, old.viewWillDisappear, new.viewWillAppear, old.viewDidDisappear,
    /// new.viewDidAppear. The screens the old root presents are dismissed with it: they no longer have a
    /// presenter from the call on. (UIKit leaves them presented, and on screen over the new root, which is why
    /// UIKit code dismisses them before it replaces the root; that code works the same here.) The old root is free
    /// at once: it can join another hierarchy before the replacement's transition runs, and then stays on screen if
    /// that hierarchy shows it.
    ///
    /// Setting the current root again changes nothing, as in UIKit: `completion` runs at once, before the
    /// transitions still queued complete.
    ///
    /// - Parameters:
    ///   - screen: The new root, or `nil` for none. It must not have a parent, a presenter or a
    ///     window.
    ///   - animated: Whether the change animates.
    ///   - completion: Runs once the change completed.
    /// - Throws: ``LifecycleError/Code-swift.struct/alreadyAttached`` if `screen` is attached
    ///   elsewhere.
    public func setRootScreen(
        _ screen: Screen?, animated: Bool = false, completion: ((TransitionOutcome) -> Void)? = nil
    ) throws(LifecycleError) {
        if let screen {
            if screen === rootScreen {
                completion?(.completed)
                return
            }
            try screen._checkDetached(for: "become the root of a window")
        }
        let old = rootScreen
        // The old root leaves with whatever it presents.
        let leaving = (old.map { [$0] } ?? []) + (old?._unlinkPresentations() ?? [])
        old?._window = nil
        rootScreen = screen
        screen?._window = self
        screen?._isPresentedInASheetsPlace = false
        screen?._didJoinHierarchy()
        transitionDriver.enqueue(
            _Transition(
                animated: animated, didOrder: .disappearingFirst,
                plan: { [weak self] in self?._unitsPlan ?? _AppearancePlan() },
                onFinish: { [weak self] stage in
                    guard stage == .ended else { return }
                    // The top-most first (a screen that joined a hierarchy meanwhile has not left: no report).
                    for screen in leaving.reversed() {
                        screen._didLeaveHierarchy(.windowRootReplaced, from: self)
                    }
                },
                completion: completion))
    }

    /// The screens on screen on their own (not through a container), bottom up: the root and
    /// the screens presented above it, except those a covering presentation hides.
    var visibleUnits: [Screen] {
        guard isVisible, let root = rootScreen else { return [] }
        let chain = root._presentationChain
        return chain.indices.filter { index in
            !chain[(index + 1)...].enumerated().contains { offset, presented in
                presented._presentationStyle == .fullScreen
                    || (offset == 0 && presented._presentationStyle == .currentContext)
            }
        }.map { chain[$0] }
    }

    /// The changes that bring the units on screen in line with the hierarchy: the units on screen that are no
    /// longer visible disappear, top first (whether they are still linked or not); the visible units not on
    /// screen appear, bottom first.
    var _unitsPlan: _AppearancePlan {
        let visible = visibleUnits
        var plan = _AppearancePlan()
        plan.disappearing = _onScreenUnits.reversed().filter { unit in
            unit._appearance.isVisible && !visible.contains { $0 === unit }
        }
        plan.appearing = visible.filter { unit in !(unit._onScreenUnitWindow === self && unit._appearance.isVisible) }
            .map { ($0, .unit(self)) }
        return plan
    }
}
