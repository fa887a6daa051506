import Dispatch
import Foundation
import Synchronization

/// Runs a hooked method on caller threads that start together, optionally while a registrar thread changes the
/// point's hooks, and times the callers: the engine of the `concurrent-*` cases.
enum ConcurrentCallers {
    /// How many calls a caller makes per change the registrar is allowed to make.
    static let callsPerChange = 4_096
    /// How many changes the registrar makes per wake-up.
    ///
    /// Waking a sleeping thread costs several microseconds on these machines (a futex wake and, on a busy two-core
    /// machine, preempting a caller), which is the harness's cost, not HookKit's: woken once per change, a registrar
    /// whose change does nothing already holds two callers to about 1.6× one. Woken once per eight changes, it makes
    /// the same changes at the same average rate.
    static let changesPerWake = 8

    /// Starts `threads` callers (and the registrar when `change` is given), releases them together once all are
    /// ready, and returns the time from the first caller's start to the last caller's end (thread start-up is not
    /// timed), with the CPU time each kind of thread used.
    ///
    /// Each caller runs `call(iterations)`, which must call `signal` after every ``callsPerChange`` calls; the
    /// registrar runs `change` once per signal, in bursts of ``changesPerWake``, so the amount of work is fixed by
    /// the iteration count.
    static func time(
        threads: Int, iterations: Int, change: (@Sendable () -> Void)?,
        call: @escaping @Sendable (_ iterations: Int, _ signal: @Sendable () -> Void) -> Void
    ) -> ConcurrentRun {
        let participants = threads + (change == nil ? 0 : 1)
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let wake = DispatchSemaphore(value: 0)
        let requested = Atomic<Int>(0)
        let finished = DispatchGroup()
        let spans = Mutex<[Range<ContinuousClock.Instant>]>([])
        let callerCPU = Mutex<[Duration?]>([])
        let registrarCPU = Mutex<Duration?>(nil)
        let changeCount = threads * (iterations / callsPerChange)
        let signalsChanges = change != nil
        let signal: @Sendable () -> Void = {
            guard signalsChanges else { return }
            if requested.add(1, ordering: .releasing).newValue % changesPerWake == 0 {
                wake.signal()
            }
        }

        for _ in 0..<threads {
            finished.enter()
            Thread {
                ready.signal()
                go.wait()
                let clock = ContinuousClock()
                let startCPU = ThreadCPUClock.now()
                let start = clock.now
                call(iterations, signal)
                let end = clock.now
                let usedCPU = ThreadCPUClock.since(startCPU)
                if signalsChanges { wake.signal() }  // the changes requested since the last wake-up
                spans.withLock { $0.append(start..<end) }
                callerCPU.withLock { $0.append(usedCPU) }
                finished.leave()
            }
            .start()
        }
        if let change {
            finished.enter()
            Thread {
                ready.signal()
                go.wait()
                let startCPU = ThreadCPUClock.now()
                var made = 0
                while made < changeCount {
                    wake.wait()
                    let due = min(requested.load(ordering: .acquiring), changeCount)
                    while made < due {
                        change()
                        made += 1
                    }
                }
                let usedCPU = ThreadCPUClock.since(startCPU)
                registrarCPU.withLock { $0 = usedCPU }
                finished.leave()
            }
            .start()
        }
        for _ in 0..<participants { ready.wait() }
        for _ in 0..<participants { go.signal() }
        finished.wait()

        let elapsed = spans.withLock { spans in
            guard let start = spans.map(\.lowerBound).min(), let end = spans.map(\.upperBound).max() else {
                return Duration.zero
            }
            return start.duration(to: end)
        }
        let callersCPU = callerCPU.withLock { times -> Duration? in
            let known = times.compactMap { $0 }
            return known.count == threads ? known.reduce(.zero, +) : nil
        }
        return ConcurrentRun(
            elapsed: elapsed, callerCPU: callersCPU, calls: threads * iterations,
            registrarCPU: registrarCPU.withLock { $0 }, changes: change == nil ? 0 : changeCount)
    }
}
