import HookKit

/// Global lifecycle hooks: RR's `hookLifecycle:onTiming:withBlock:`, done right.
///
/// Any number of hooks per method and timing, each with its own token, ordered by the HookKit
/// order contract (by scope level, then a higher priority further out; at equal priority, before
/// hooks oldest first and after hooks newest first), filtered by screen type or instance,
/// optionally `once`.
///
/// ```swift
/// let enter = try Lifecycle.hook(.viewDidAppear, .after) { screen, animated in
///     print("enter", screen.debugLabel)
/// }
/// let leave = try Lifecycle.hook(.disappear, .before, scope: .type(ProductScreen.self)) { screen, _ in
///     print("leave", screen.debugLabel)
/// }
/// enter.cancel()
/// ```
///
/// Hooks receive the screen and the `animated` flag (`false` for `loadView` and `viewDidLoad`).
/// They are HookKit hooks on the ``Screen`` hook points, so everything HookKit offers (overrides,
/// introspection, tracing) applies to the same points.
public enum Lifecycle {
    /// Hooks one lifecycle method.
    ///
    /// - Parameters:
    ///   - method: The method to hook.
    ///   - timing: Before or after it.
    ///   - scope: Every screen (default), a screen type and its subtypes, an exact type, or one screen.
    ///   - priority: Higher sits further out (an earlier before hook, a later after hook).
    ///   - label: A name for introspection and traces.
    ///   - once: Remove the hook after its first run.
    ///   - hook: Receives the screen and the `animated` flag.
    /// - Returns: A token that removes the hook.
    /// - Throws: `HookError` for a scope type that is not a ``Screen``.
    ///
    /// An after hook sees the screen's ``Screen/visibleState`` after the method, even when an override skipped the
    /// method: the first such hook then makes the change, and ``Screen/visibleStateDidChange`` reports it, before
    /// the hook runs.
    @discardableResult
    public static func hook(
        _ method: LifecycleMethod, _ timing: HookTiming, scope: HookScope<Screen> = .all, priority: Int = 0,
        label: String? = nil, once: Bool = false, _ hook: @escaping @Sendable (Screen, Bool) -> Void
    ) throws(HookError) -> HookToken {
        let label = label ?? "Lifecycle.\(timing) \(method)"
        switch method {
        case .loadView:
            return try hookWithoutArguments(Screen.loadView, method, timing, scope, priority, label, once, hook)
        case .viewDidLoad:
            return try hookWithoutArguments(Screen.viewDidLoad, method, timing, scope, priority, label, once, hook)
        case .viewWillAppear:
            return try hookAnimated(Screen.viewWillAppear, method, timing, scope, priority, label, once, hook)
        case .viewDidAppear:
            return try hookAnimated(Screen.viewDidAppear, method, timing, scope, priority, label, once, hook)
        case .viewWillDisappear:
            return try hookAnimated(Screen.viewWillDisappear, method, timing, scope, priority, label, once, hook)
        case .viewDidDisappear:
            return try hookAnimated(Screen.viewDidDisappear, method, timing, scope, priority, label, once, hook)
        }
    }

    /// Hooks a lifecycle phase: `before` runs before its first method, `after` after its last
    /// (so `.appear, .after` runs after `viewDidAppear`, when the screen is on screen, unless the app's code in that
    /// `viewDidAppear` took it off screen again: then after its disappearance, see <doc:ScreensAndTheLifecycle>).
    ///
    /// - Parameters: See ``hook(_:_:scope:priority:label:once:_:)-(LifecycleMethod,_,_,_,_,_,_)``.
    /// - Returns: A token that removes the hook.
    /// - Throws: `HookError` for a scope type that is not a ``Screen``.
    @discardableResult
    public static func hook(
        _ phase: LifecyclePhase, _ timing: HookTiming, scope: HookScope<Screen> = .all, priority: Int = 0,
        label: String? = nil, once: Bool = false, _ hook: @escaping @Sendable (Screen, Bool) -> Void
    ) throws(HookError) -> HookToken {
        let method = timing == .before ? phase.methods.first : phase.methods.last
        return try Self.hook(
            method, timing, scope: scope, priority: priority, label: label ?? "Lifecycle.\(timing) \(phase)",
            once: once, hook)
    }

    /// An after hook first settles the screen's visible state (see ``Screen/_settleVisibleState(after:)``).
    private static func hookWithoutArguments(
        _ point: borrowing HookPoint<Screen, Void, Void>, _ method: LifecycleMethod, _ timing: HookTiming,
        _ scope: HookScope<Screen>, _ priority: Int, _ label: String, _ once: Bool,
        _ hook: @escaping @Sendable (Screen, Bool) -> Void
    ) throws(HookError) -> HookToken {
        switch timing {
        case .before:
            return try point.before(scope, priority: priority, label: label, once: once) { screen, _ in
                hook(screen, false)
            }
        case .after:
            return try point.after(scope, priority: priority, label: label, once: once) { screen, _, _ in
                screen._settleVisibleState(after: method)
                hook(screen, false)
            }
        }
    }

    /// An after hook first settles the screen's visible state (see ``Screen/_settleVisibleState(after:)``).
    private static func hookAnimated(
        _ point: borrowing HookPoint<Screen, Bool, Void>, _ method: LifecycleMethod, _ timing: HookTiming,
        _ scope: HookScope<Screen>, _ priority: Int, _ label: String, _ once: Bool,
        _ hook: @escaping @Sendable (Screen, Bool) -> Void
    ) throws(HookError) -> HookToken {
        switch timing {
        case .before:
            return try point.before(scope, priority: priority, label: label, once: once) { screen, animated in
                hook(screen, animated)
            }
        case .after:
            return try point.after(scope, priority: priority, label: label, once: once) { screen, animated, _ in
                screen._settleVisibleState(after: method)
                hook(screen, animated)
            }
        }
    }
}
