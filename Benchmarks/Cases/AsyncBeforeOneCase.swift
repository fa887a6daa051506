import HookKit

/// `async-before-1`: one synchronous before hook, registered for every receiver, on an async method.
final class AsyncBeforeOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "async-before-1"
    /// What one operation is.
    static let summary = "one before hook on an async method, every-receiver scope"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// Compared with the async floor.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = AsyncHookPoint<Target, Int, Int>("AsyncBeforeOneCase.Target.work")

        /// What the method body and the hook add to.
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

    /// The registered hook.
    private let token: HookToken

    /// Registers the hook.
    init() throws {
        token = try Target.point.before { this, argument in this.tally &+= argument }
    }

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

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
