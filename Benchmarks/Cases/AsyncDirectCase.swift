/// `async-direct`: an `@inline(never)` async method awaited from a task, the floor every async case is compared with.
final class AsyncDirectCase: BenchmarkCase {
    /// The case's name.
    static let name = "async-direct"
    /// What one operation is.
    static let summary = "an @inline(never) async method call: the async floor"
    /// A baseline.
    static let category = BenchmarkCategory.baseline
    /// Compared with the async floor.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }

    /// The receiver: the same body as every hooked async method, without a hook point.
    final class Target {
        /// What the method body adds to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally.
        @inline(never)
        func work(_ argument: Int) async -> Int {
            tally &+= argument
            return tally
        }
    }

    /// Nothing to set up.
    init() {}

    /// Awaits the method `iterations` times, in one task.
    func run(iterations: Int) {
        AsyncLoop.run {
            let target = Target()
            var sum = 0
            for iteration in 0..<iterations {
                sum &+= await target.work(iteration)
            }
            return sum
        }
    }
}
