import HookKit

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
    static let operationsPerIteration = callerTasks
    /// Compared with an async method awaited directly, as the other async cases are.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }
    /// Scaling is reported against one task awaiting the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { AsyncUnhookedCase.self }
    /// Long enough that starting the tasks, which varies from run to run, does not show.
    static let measureIterations = 200_000
    /// The tasks that await the method.
    static let callerTasks = 2

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point, which never has hooks.
        static let point = AsyncHookPoint<Target, Int, Int>("ConcurrentAsyncUnhookedCase.Target.work")

        /// What the method body adds to.
        var tally = 0
        /// Keeps each task's receiver off the other's cache lines.
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        func work(_ argument: Int) async -> Int {
            await Self.point.invoke(self, argument) { this, argument in
                this.tally &+= argument
                return this.tally
            }
        }
    }

    /// Nothing to set up.
    init() {}

    /// Starts the two tasks, lets each make `iterations` calls, and waits for both.
    func run(iterations: Int) {
        AsyncLoop.runConcurrently(tasks: Self.callerTasks) { _ in
            let target = Target()
            var sum = 0
            for iteration in 0..<iterations {
                sum &+= await target.work(iteration)
            }
            return sum
        }
    }
}
