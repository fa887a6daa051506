/// The clock and the scheduler of a host: where LifecycleKit reads the time (stay times) and
/// schedules delayed work (leak checks, timed transitions).
///
/// Inject ``VirtualTime`` in tests and demos, so that time only moves when you say so and
/// every run is identical; ``SystemTime`` uses the real clock and the main dispatch queue.
public protocol HostTime: AnyObject {
    /// The current time, in seconds since an arbitrary, fixed origin.
    var now: Double { get }

    /// Runs `action` once, `delay` seconds from now, on the host's thread (the one thread that drives the host: the
    /// main thread for ``SystemTime``).
    ///
    /// - Returns: A handle that can cancel the action before it runs.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping () -> Void) -> ScheduledAction
}
