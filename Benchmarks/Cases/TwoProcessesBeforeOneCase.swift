/// `two-processes-before-1`: `before-1` run in two processes at once, started together: how far the machine itself
/// scales, the reference for the concurrent cases.
///
/// Two processes share no memory, so nothing HookKit does can slow one down because of the other: their calls per
/// second together, relative to one thread's, is what a second core gives this machine at the moment (on a shared
/// virtual machine, often less than 2.0×, and it varies). `concurrent-before-1-steady` runs the same calls on two
/// threads of one process: when it scales as far as this case in the same run, the engine's call path loses nothing
/// to the other thread.
///
/// Its calls run in child processes, so `measure.sh` does not count it (its measure iterations are 0).
final class TwoProcessesBeforeOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "two-processes-before-1"
    /// What one operation is.
    static let summary = "before-1 in two processes at once: the machine's own scaling (per call, both processes)"
    /// A reference for the machine, like direct-call.
    static let category = BenchmarkCategory.baseline
    /// One call in each process.
    static let operationsPerIteration = processes
    /// Not measured by `measure.sh`: the calls run in other processes.
    static let measureIterations = 0
    /// Scaling is reported against one thread calling the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { BeforeOneCase.self }
    /// The processes that run the loop.
    static let processes = 2

    /// Nothing to set up: each child process sets `before-1` up.
    init() {}

    /// Runs `before-1`'s loop `iterations` times in each of the two processes.
    func run(iterations: Int) {
        _ = timedRun(iterations: iterations)
    }

    /// Runs the two processes; returns the time from the first one's start to the last one's end.
    func timedRun(iterations: Int) -> Duration {
        do {
            return try InStepProcesses.time(
                caseName: BeforeOneCase.name, iterations: iterations, processes: Self.processes)
        } catch {
            fatalError("hook-benchmarks: \(Self.name): \(error)")
        }
    }

    /// Nothing to tear down.
    func tearDown() {}
}
