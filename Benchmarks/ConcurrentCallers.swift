import Dispatch
import Foundation
import Synchronization

/// Runs a hooked method on caller threads that start together, optionally while a registrar thread changes the
/// point's hooks, and times the callers: the engine of the `concurrent-*` cases.
enum ConcurrentCallers {
    /// How many calls a caller makes per change the registrar is allowed to make.
    static let callsPerChange = 4_096

    /// Starts `threads` callers (and the registrar when `change` is given), releases them together once all are
    /// ready, and returns the time from the first caller's start to the last caller's end (thread start-up is not
    /// timed).
    ///
    /// Each caller runs `call(iterations)`, which must call `signal` after every ``callsPerChange`` calls; the
    /// registrar runs `change` once per signal, so the amount of work is fixed by the iteration count.
    static func time(
        threads: Int, iterations: Int, change: (@Sendable () -> Void)?,
        call: @escaping @Sendable (_ iterations: Int, _ signal: @Sendable () -> Void) -> Void
    ) -> Duration {
        let participants = threads + (change == nil ? 0 : 1)
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let changes = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let spans = Mutex<[Range<ContinuousClock.Instant>]>([])
        let changeCount = threads * (iterations / callsPerChange)
        let signalsChanges = change != nil
        let signal: @Sendable () -> Void = {
            if signalsChanges { changes.signal() }
        }

        for _ in 0..<threads {
            finished.enter()
            Thread {
                ready.signal()
                go.wait()
                let clock = ContinuousClock()
                let start = clock.now
                call(iterations, signal)
                let end = clock.now
                spans.withLock { $0.append(start..<end) }
                finished.leave()
            }
            .start()
        }
        if let change {
            finished.enter()
            Thread {
                ready.signal()
                go.wait()
                for _ in 0..<changeCount {
                    changes.wait()
                    change()
                }
                finished.leave()
            }
            .start()
        }
        for _ in 0..<participants { ready.wait() }
        for _ in 0..<participants { go.signal() }
        finished.wait()

        return spans.withLock { spans in
            guard let start = spans.map(\.lowerBound).min(), let end = spans.map(\.upperBound).max() else {
                return .zero
            }
            return start.duration(to: end)
        }
    }
}
