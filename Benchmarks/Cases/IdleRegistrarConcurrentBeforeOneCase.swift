import HookKit

/// `concurrent-before-1-idle-registrar`: `concurrent-before-1` with a registrar that is woken as often, but changes
/// nothing.
///
/// The same receivers, hook, callers, signals and registrar thread as `concurrent-before-1` (the runner sets up one
/// case at a time, so the two never share the point's hooks); only the change is empty, so no hook is registered or
/// cancelled while the callers run. It shows what the harness alone costs on the machine: a third thread that two
/// callers wake up on a two-core machine preempts one of them every time, and the wake-ups and the callers' uneven
/// shares of the cores that follow cost calls per second whatever the registrar does. The difference between this
/// case's scaling and `concurrent-before-1`'s is what HookKit's writers (register, cancel, reclamation) cost the
/// callers.
final class IdleRegistrarConcurrentBeforeOneCase: ConcurrentBenchmarkCase {
    /// The case's name.
    static let name = "concurrent-before-1-idle-registrar"
    /// What one operation is.
    static let summary =
        "concurrent-before-1 with a registrar woken as often that changes nothing (per call, both threads)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call on each caller thread.
    static let operationsPerIteration = ConcurrentBeforeOneCase.callerThreads
    /// As `concurrent-before-1`.
    static let measureIterations = ConcurrentBeforeOneCase.measureIterations
    /// Scaling is reported against one thread calling the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { BeforeOneCase.self }

    /// The before hook every call runs, on `concurrent-before-1`'s point.
    private let token: HookToken

    /// Registers the before hook.
    init() throws {
        token = try ConcurrentBeforeOneCase.Target.point.before { this, argument in this.tally &+= argument }
    }

    /// Runs `concurrent-before-1`'s callers and a registrar whose change does nothing; returns the callers' time and
    /// the threads' CPU time.
    func concurrentRun(iterations: Int) -> ConcurrentRun {
        ConcurrentCallers.time(
            threads: ConcurrentBeforeOneCase.callerThreads, iterations: iterations, change: {},
            call: ConcurrentBeforeOneCase.call)
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
