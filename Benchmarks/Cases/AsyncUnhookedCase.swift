import HookKit

/// `async-unhooked`: an async method routed through an async hook point on which nothing was ever registered.
final class AsyncUnhookedCase: BenchmarkCase {
    /// The case's name.
    static let name = "async-unhooked"
    /// What one operation is.
    static let summary = "an async hook point with nothing registered"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// Compared with the async floor.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point; never registered on.
        static let point = AsyncHookPoint<Target, Int, Int>("AsyncUnhookedCase.Target.work")

        /// What the method body adds to.
        var tally = 0

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
