import HookKit

/// `concurrent-before-1`: `before-1` called on two threads while a third thread registers and
/// cancels hooks on the same point.
///
/// An iteration is one call on each of the two caller threads, so ns/op is the wall time from
/// the first caller's start to the last caller's end divided by the calls of both threads.
/// Each caller lets the registrar make one change (register one more before hook, then cancel
/// it) per ``ConcurrentCallers/callsPerChange`` of its calls (woken once per
/// ``ConcurrentCallers/changesPerWake`` changes), so the amount of
/// work is fixed by the iteration count: under `--case NAME --iterations N` each caller makes N
/// calls and the registrar makes `2 × (N / callsPerChange)` changes. Instructions and allocations
/// per call from `measure.sh` are those of all three threads divided by the calls of both callers
/// (2 N): they include the registrar's share, one register-and-cancel per `callsPerChange` calls.
///
/// The report divides `before-1`'s time per call by this case's: the calls per second two threads
/// make together, relative to one thread (2.0× when they do not slow each other down). On a
/// two-core machine the registrar shares the cores with the callers, so its work counts too.
final class ConcurrentBeforeOneCase: ConcurrentBenchmarkCase {
    /// The case's name.
    static let name = "concurrent-before-1"
    /// What one operation is.
    static let summary = "before-1 on two threads while a third registers and cancels hooks (per call, all threads)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call on each caller thread.
    static let operationsPerIteration = callerThreads
    /// A multiple of the change period and of the registrar's burst, so the registrar's share is exact under
    /// valgrind, and long enough that the threads' start-up and hand-offs, which vary from run to run, do not show.
    static let measureIterations = 48 * ConcurrentCallers.callsPerChange
    /// Scaling is reported against one thread calling the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { BeforeOneCase.self }
    /// The threads that call the hooked method.
    static let callerThreads = 2

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("ConcurrentBeforeOneCase.Target.work")

        /// What the method body and the hooks add to.
        var tally = 0
        /// Keeps each caller's receiver off the other's cache lines, so that the case measures HookKit, not two
        /// threads writing one line.
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )

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

    /// Starts the three threads, lets each caller make `iterations` calls, waits for all three, and returns the
    /// callers' time with the threads' CPU time.
    func concurrentRun(iterations: Int) -> ConcurrentRun {
        ConcurrentCallers.time(
            threads: Self.callerThreads, iterations: iterations, change: Self.change, call: Self.call)
    }

    /// The registrar's change: register one more before hook, then cancel it.
    @Sendable
    static func change() {
        do {
            try Target.point.before { this, argument in this.tally &+= argument }.cancel()
        } catch {
            preconditionFailure("an every-receiver hook cannot be refused: \(error)")
        }
    }

    /// A caller thread's loop: `iterations` calls on its own receiver, signalling the registrar after
    /// every ``ConcurrentCallers/callsPerChange`` calls.
    @Sendable
    static func call(iterations: Int, signal: @Sendable () -> Void) {
        let target = Target()
        var sum = 0
        var done = 0
        while done < iterations {
            let block = min(ConcurrentCallers.callsPerChange, iterations - done)
            for iteration in done..<(done + block) {
                sum &+= target.work(iteration)
            }
            done += block
            if block == ConcurrentCallers.callsPerChange {
                signal()
            }
        }
        blackHole(sum)
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
