import HookKit

/// `concurrent-before-1-idle-registrar`: `concurrent-before-1` with a registrar that is woken as often, but changes
/// nothing.
///
/// The same callers, signals and registrar thread as `concurrent-before-1`, on a point of their own; only the change
/// is empty, so no hook is registered or cancelled while the callers run. It shows what the harness alone costs on
/// the machine: a third thread that two callers wake up on a two-core machine preempts one of them every time, and
/// the wake-ups and the callers' uneven shares of the cores that follow cost calls per second whatever the registrar
/// does. The difference between this case's scaling and `concurrent-before-1`'s is what HookKit's writers (register,
/// cancel, reclamation) cost the callers.
final class IdleRegistrarConcurrentBeforeOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "concurrent-before-1-idle-registrar"
    /// What one operation is.
    static let summary =
        "concurrent-before-1 with a registrar woken as often that changes nothing (per call, both threads)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call on each caller thread.
    static let operationsPerIteration = callerThreads
    /// As `concurrent-before-1`: a multiple of the change period and of the registrar's burst.
    static let measureIterations = 48 * ConcurrentCallers.callsPerChange
    /// Scaling is reported against one thread calling the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { BeforeOneCase.self }
    /// The threads that call the hooked method.
    static let callerThreads = 2

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("IdleRegistrarConcurrentBeforeOneCase.Target.work")

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

    /// Starts the three threads, lets each caller make `iterations` calls, and waits for all three.
    func run(iterations: Int) {
        _ = timedRun(iterations: iterations)
    }

    /// Runs the callers and the idle registrar; returns the callers' time.
    func timedRun(iterations: Int) -> Duration {
        ConcurrentCallers.time(threads: Self.callerThreads, iterations: iterations, change: {}) { iterations, signal in
            let target = Target()
            var sum = 0
            ConcurrentCallers.inBlocks(of: iterations, signal: signal) { block in
                for iteration in block {
                    sum &+= target.work(iteration)
                }
            }
            blackHole(sum)
        }
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
