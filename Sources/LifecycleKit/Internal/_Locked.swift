import Foundation

/// A value behind a lock, for the little shared state LifecycleKit keeps (per-type statistic names, the global
/// navigation-bar appearance).
///
/// `NSLock` rather than `Synchronization.Mutex`: ThreadSanitizer on Linux reports false races on a
/// contended `Mutex`, not on `NSLock`.
final class _Locked<Value: Sendable>: @unchecked Sendable {
    private let lock: any NSLocking
    private var value: Value

    /// Guards `value`; with `reentrant`, the thread that holds the lock may take it again (see ``update(_:)``).
    init(_ value: Value, reentrant: Bool = false) {
        self.value = value
        self.lock = reentrant ? NSRecursiveLock() : NSLock()
    }

    /// Runs `body` on a copy of the value under the lock, then stores the copy.
    ///
    /// With a reentrant lock, `body` may read and set this value on its own thread without deadlock or
    /// overlapping access: it reads the value from before the update, and what it sets is replaced by the copy.
    func update(_ body: (inout Value) throws -> Void) rethrows {
        lock.lock()
        defer { lock.unlock() }
        var copy = value
        try body(&copy)
        value = copy
    }

    /// Runs `body` with the value, under the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
