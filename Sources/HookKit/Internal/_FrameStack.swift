#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-thread stack of ``_InvocationFrame``s, kept in POSIX thread-specific data.
///
/// An override is built once, from its provider, with a fixed `original`. The innermost
/// `original` must still call the body of the call in progress, which differs from call to
/// call (it may capture). The call publishes its body in a frame on its own thread before it
/// enters the override chain; the innermost `original` finds it there. Each thread owns one
/// small heap slot holding its top frame, created on first use and freed when the thread exits.
///
/// Only calls that run overrides (or a tracer) touch it: before and after hooks do not.
@usableFromInline
enum _FrameStack {
    /// The thread-specific-data key, created once per process.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { slot in
            slot?.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// The key as a plain integer, so that inlinable code can carry it without naming a C type.
    @usableFromInline static var keyValue: UInt { UInt(key) }

    /// The current thread's slot that holds its top frame.
    @usableFromInline
    static func slot(_ key: UInt) -> UnsafeMutablePointer<UnsafeMutablePointer<_InvocationFrame>?> {
        let key = pthread_key_t(truncatingIfNeeded: key)
        if let raw = pthread_getspecific(key) {
            return raw.assumingMemoryBound(to: UnsafeMutablePointer<_InvocationFrame>?.self)
        }
        let slot = UnsafeMutablePointer<UnsafeMutablePointer<_InvocationFrame>?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        pthread_setspecific(key, slot)
        return slot
    }

    /// The top frame of the current thread, if any.
    @usableFromInline
    static func top(_ key: UInt) -> UnsafeMutablePointer<_InvocationFrame>? {
        guard let raw = pthread_getspecific(pthread_key_t(truncatingIfNeeded: key)) else { return nil }
        return raw.assumingMemoryBound(to: UnsafeMutablePointer<_InvocationFrame>?.self).pointee
    }

    /// The nearest frame on the current thread pushed by `owner`, or `nil` if that point has no
    /// call in progress on this thread.
    @inlinable
    static func frame(of owner: ObjectIdentifier, key: UInt) -> UnsafeMutablePointer<_InvocationFrame>? {
        var frame = top(key)
        while let current = frame {
            if current.pointee.owner == owner { return current }
            frame = current.pointee.previous
        }
        return nil
    }
}
