import Dispatch
import Foundation
import HookKit
import Synchronization

/// `concurrent-before-1`: `before-1` called on two threads while a third thread registers and
/// cancels hooks on the same point.
///
/// An iteration is one call on each of the two caller threads, so ns/op is the wall time from
/// the first caller's start to the last caller's end divided by the calls of both threads.
/// Each caller lets the registrar make one change (register one more before hook, then cancel
/// it) per ``callsPerChange`` of its calls, through a semaphore, so the amount of work is fixed
/// by the iteration count: under `--case NAME --iterations N` each caller makes N calls and the
/// registrar makes `2 × (N / callsPerChange)` changes. Instructions and allocations per call from
/// `measure.sh` are those of all three threads divided by the calls of both callers (2 N): they
/// include the registrar's share, one register-and-cancel per ``callsPerChange`` calls.
final class ConcurrentBeforeOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "concurrent-before-1"
    /// What one operation is.
    static let summary = "before-1 on two threads while a third registers and cancels hooks (per call, all threads)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call on each caller thread.
    static let operationsPerIteration = callerThreads
    /// A multiple of ``callsPerChange``, so the registrar's share is exact under valgrind.
    static let measureIterations = 5 * callsPerChange
    /// The threads that call the hooked method.
    static let callerThreads = 2
    /// How many calls a caller makes per change the registrar is allowed to make.
    static let callsPerChange = 4_096

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("ConcurrentBeforeOneCase.Target.work")

        /// What the method body and the hooks add to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        func work(_ argument: Int) -> Int {
            Self.point.invoke(self, argument) { this, argument in
                this.tally &+= argument
                return this.tally
            }
        }
    }

    /// The before hook every call runs.
    private let token: HookToken

    /// Registers the before hook.
    init() throws {
        token = try Target.point.before { this, argument in this.tally &+= argument }
    }

    /// Starts the three threads, lets each caller make `iterations` calls, and waits for all three.
    func run(iterations: Int) {
        _ = timedRun(iterations: iterations)
    }

    /// Starts the three threads, releases them together once all three are ready, and returns the
    /// time from the first caller's start to the last caller's end (thread start-up is not timed).
    func timedRun(iterations: Int) -> Duration {
        let threads = Self.callerThreads + 1
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let changes = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let spans = Mutex<[Range<ContinuousClock.Instant>]>([])
        let changeCount = Self.callerThreads * (iterations / Self.callsPerChange)

        for _ in 0..<Self.callerThreads {
            finished.enter()
            Thread {
                ready.signal()
                go.wait()
                let span = Self.call(iterations: iterations, signalling: changes)
                spans.withLock { $0.append(span) }
                finished.leave()
            }
            .start()
        }
        finished.enter()
        Thread {
            ready.signal()
            go.wait()
            Self.change(count: changeCount, waitingOn: changes)
            finished.leave()
        }
        .start()
        for _ in 0..<threads { ready.wait() }
        for _ in 0..<threads { go.signal() }
        finished.wait()

        return spans.withLock { spans in
            guard let start = spans.map(\.lowerBound).min(), let end = spans.map(\.upperBound).max() else {
                return .zero
            }
            return start.duration(to: end)
        }
    }

    /// A caller thread's loop: `iterations` calls on its own receiver, with a signal to the
    /// registrar after every ``callsPerChange`` calls; returns when the loop started and ended.
    private static func call(iterations: Int, signalling changes: DispatchSemaphore) -> Range<ContinuousClock.Instant> {
        let target = Target()
        let clock = ContinuousClock()
        let start = clock.now
        var sum = 0
        var done = 0
        while done < iterations {
            let block = min(callsPerChange, iterations - done)
            for iteration in done..<(done + block) {
                sum &+= target.work(iteration)
            }
            done += block
            if block == callsPerChange {
                changes.signal()
            }
        }
        let end = clock.now
        blackHole(sum)
        return start..<end
    }

    /// The registrar thread's loop: `count` times, waits for a caller's signal, then registers one
    /// more before hook and cancels it.
    private static func change(count: Int, waitingOn changes: DispatchSemaphore) {
        for _ in 0..<count {
            changes.wait()
            do {
                try Target.point.before { this, argument in this.tally &+= argument }.cancel()
            } catch {
                preconditionFailure("an every-receiver hook cannot be refused: \(error)")
            }
        }
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
