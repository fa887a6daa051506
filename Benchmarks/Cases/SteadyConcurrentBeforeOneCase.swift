import HookKit

/// `concurrent-before-1-steady`: `before-1` called on two threads while the hooks do not change.
///
/// The callers of `concurrent-before-1` without the registrar, on a point of their own: it shows what the call path
/// alone does across cores. The report divides `before-1`'s time per call by this case's (2.0× when the two threads
/// do not slow each other down).
final class SteadyConcurrentBeforeOneCase: ConcurrentBenchmarkCase {
    /// The case's name.
    static let name = "concurrent-before-1-steady"
    /// What one operation is.
    static let summary = "before-1 on two threads, hooks unchanged (per call, both threads)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call on each caller thread.
    static let operationsPerIteration = callerThreads
    /// Scaling is reported against one thread calling the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { BeforeOneCase.self }
    /// Long enough that the threads' start-up and hand-offs, which vary from run to run under valgrind, do not show.
    static let measureIterations = 200_000
    /// The threads that call the hooked method.
    static let callerThreads = 2

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("SteadyConcurrentBeforeOneCase.Target.work")

        /// What the method body and the hook add to.
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

    /// The registered hook.
    private let token: HookToken

    /// Registers the before hook.
    init() throws {
        token = try Target.point.before { this, argument in this.tally &+= argument }
    }

    /// Starts the two callers, lets each make `iterations` calls, waits for both, and returns their time and CPU
    /// time.
    func concurrentRun(iterations: Int) -> ConcurrentRun {
        ConcurrentCallers.time(threads: Self.callerThreads, iterations: iterations, change: nil) { iterations, _ in
            let target = Target()
            var sum = 0
            for iteration in 0..<iterations {
                sum &+= target.work(iteration)
            }
            blackHole(sum)
        }
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
