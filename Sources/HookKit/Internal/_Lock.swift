#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX mutex in a box: the one lock HookKit uses, for writers only.
///
/// HookKit's call path never takes it. Registration, cancellation and the global switches take
/// it for a few instructions and never call user code while holding it.
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer on Linux reports false
/// races on a contended `Mutex` (its slow path lives in an uninstrumented library), and the
/// stress tests must run clean under `--sanitize=thread`.
final class _Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held.
    ///
    /// `body` must not call user code.
    func withLock<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` with the mutex held if no other thread holds it; returns `nil` without waiting otherwise.
    ///
    /// `body` must not call user code.
    func withLockIfAvailable<Value>(_ body: () -> Value) -> Value? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
