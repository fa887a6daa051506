import Foundation

/// A value behind a lock, for the little shared state LifecycleKit keeps (per-type statistic names, the global
/// navigation-bar appearance).
///
/// `NSLock` rather than `Synchronization.Mutex`: ThreadSanitizer on Linux reports false races on a
/// contended `Mutex`, not on `NSLock`.
final class _Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
