/// A handle on an action scheduled with ``HostTime/schedule(after:_:)``.
public final class ScheduledAction {
    private var cancelled = false
    private let onCancel: () -> Void

    /// Creates a handle; `onCancel` runs the first time ``cancel()`` is called.
    public init(onCancel: @escaping () -> Void = {}) {
        self.onCancel = onCancel
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled }

    /// Prevents the action from running, if it has not run yet.
    public func cancel() {
        guard !cancelled else { return }
        cancelled = true
        onCancel()
    }
}
