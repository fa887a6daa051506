import Dispatch
import Foundation

/// Holds a call inside a hook until the test lets it go: the hook calls ``hold()``; the test waits with
/// ``awaitHeldCall()`` until a call is held, then ``release()``s it.
final class CallGate: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    /// Blocks the calling hook until ``release()``; first tells ``awaitHeldCall()`` that a call is held.
    func hold() {
        arrived.signal()
        released.wait()
    }

    /// Returns once a call is in ``hold()``.
    func awaitHeldCall() {
        arrived.wait()
    }

    /// Runs `call` on a new thread, and returns once the call is held in ``hold()``.
    ///
    /// - Returns: A semaphore signalled when `call` returns.
    func startHeldCall(_ call: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            call()
            finished.signal()
        }
        .start()
        awaitHeldCall()
        return finished
    }

    /// Lets one held call go on.
    func release() {
        released.signal()
    }
}
