#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the calling thread has used so far.
///
/// A thread of a concurrent case takes longer, in wall time, than the work it does whenever it waits for a core; its
/// CPU time counts only the time it ran. Comparing the two tells a call that got slower (shared cache lines) from a
/// thread that got less of the machine (a registrar taking its share of the cores).
enum ThreadCPUClock {
    /// The calling thread's CPU time so far, or `nil` where the system does not keep it.
    static func now() -> Duration? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }

    /// The CPU time the calling thread used between `start` (a value of ``now()`` on the same thread) and now; `nil`
    /// when either is unknown.
    static func since(_ start: Duration?) -> Duration? {
        guard let start, let end = now() else { return nil }
        return end - start
    }
}
