/// Switches that apply to every hook point in the process.
///
/// ```swift
/// Hooks.isEnabled = false   // every hooked method now runs its plain body
/// Hooks.isEnabled = true    // and every registered hook is back
/// ```
public enum Hooks {
    /// Whether registered hooks run.
    ///
    /// `true` by default.
    ///
    /// Turning it off keeps every registration (tokens stay active, introspection still lists
    /// them) but publishes an empty chain on every point, so calls take the unhooked path; turning
    /// it on publishes the chains again. A call already in progress finishes with the chain it
    /// started with. Setting the value it has changes nothing. Safe to set from any thread.
    ///
    /// While it is off, a hook cancelled meanwhile is released when ``HookToken/cancel()`` returns, as when hooks
    /// run (with the same exceptions, see ``HookToken/cancel()``), and turning it on builds the overrides again (it
    /// calls their providers once more).
    public static var isEnabled: Bool {
        get { _GlobalRegistry.shared.configuration.isEnabled }
        set {
            _GlobalRegistry.shared.update { configuration in
                guard configuration.isEnabled != newValue else { return false }
                configuration.isEnabled = newValue
                return true
            }
        }
    }

    /// The tracer that observes every hooked call, or `nil` (the default) for none.
    ///
    /// Setting it recompiles every point's chains with recording wrappers; clearing it restores
    /// the untraced chains, so tracing costs nothing while it is off. Clearing it when no tracer is set changes
    /// nothing. Do not set it from an override's provider: the recompilation calls the provider again, without end.
    ///
    /// Each call is traced by the chains it started with: a call already in progress (or suspended)
    /// when a tracer is set is not reported, and one in progress when it is cleared or replaced is
    /// reported to the tracer it started with when it ends, possibly after the assignment returned.
    /// Keep what a tracer records into alive until such calls have returned.
    public static var tracer: HookTracer? {
        get { _GlobalRegistry.shared.configuration.tracer }
        set {
            _GlobalRegistry.shared.update { configuration in
                guard configuration.tracer != nil || newValue != nil else { return false }
                configuration.tracer = newValue
                return true
            }
        }
    }

    /// Forgets, on every hook point, the instance hooks whose objects have died, and returns their storage.
    ///
    /// A point does this by itself at its next successful registration or cancellation, or introspection
    /// (``ThrowingHookPoint/hooks``); until then a dead object's hooks keep their closures and the
    /// object's memory block (its `deinit` has run; the block is what guarantees that no other
    /// object gets its address while a hook names it). Call this in a long-running process that
    /// creates many short-lived hooked objects on points that otherwise rarely change, for
    /// example on a timer or after closing a screen. Safe from any thread; cheap when nothing died.
    ///
    /// ```swift
    /// Hooks.removeExpiredInstanceHooks()
    /// ```
    public static func removeExpiredInstanceHooks() {
        for storage in _GlobalRegistry.shared.liveStorages {
            storage.removeExpiredInstanceHooks()
        }
    }
}
