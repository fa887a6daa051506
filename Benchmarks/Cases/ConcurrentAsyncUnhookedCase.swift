/// `concurrent-async-unhooked`: `async-unhooked` awaited in two tasks at once.
///
/// The reference for `concurrent-async-before-1`: the same two tasks on a point with nothing registered, so that
/// what the async calls themselves share across cores (the task allocator, the executors) is measured apart from what
/// the hooked path adds. The report divides `async-unhooked`'s time per call by this case's.
final class ConcurrentAsyncUnhookedCase: BenchmarkCase {
    /// The case's name.
    static let name = "concurrent-async-unhooked"
    /// What one operation is.
    static let summary = "async-unhooked in two tasks at once (per call, both tasks)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call in each task.
    static let operationsPerIteration = ConcurrentAsyncBeforeOneCase.callerTasks
    /// Compared with an async method awaited directly, as the other async cases are.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }
    /// Scaling is reported against one task awaiting the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { AsyncUnhookedCase.self }
    /// Long enough that starting the tasks, which varies from run to run, does not show.
    static let measureIterations = ConcurrentAsyncBeforeOneCase.measureIterations

    /// Nothing to set up.
    init() {}

    /// Starts the two tasks, lets each make `iterations` calls, and waits for both.
    func run(iterations: Int) {
        ConcurrentAsyncTarget.callConcurrently(
            tasks: Self.operationsPerIteration, iterations: iterations, hooked: false)
    }
}
