import Dispatch

/// The real clock (monotonic) and the main dispatch queue: for hosts driven by a real run loop.
///
/// Scheduled actions (timed transitions, leak checks) run on the main queue, so a host that uses this clock must be
/// driven from the main thread: its thread is the main thread. A host driven from another thread (a test on Swift
/// Testing's pool, say) needs a clock that runs actions there, such as ``VirtualTime``.
public final class SystemTime: HostTime {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates a clock whose origin is now.
    public init() {
        origin = clock.now
    }

    /// Seconds since this clock was created.
    public var now: Double {
        let elapsed = origin.duration(to: clock.now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Runs `action` once, `delay` seconds from now (see ``HostTime/schedule(after:_:)``).
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> ScheduledAction {
        let handle = ScheduledAction()
        let task = _MainQueueTask(action: action, handle: handle)
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) {
            MainActor.assumeIsolated { task.run() }
        }
        return handle
    }
}
