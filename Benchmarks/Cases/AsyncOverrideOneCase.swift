import HookKit

/// `async-override-1`: one async override, registered for every receiver, that awaits the original.
final class AsyncOverrideOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "async-override-1"
    /// What one operation is.
    static let summary = "one override of an async method that awaits the original"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// Compared with the async floor.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = AsyncHookPoint<Target, Int, Int>("AsyncOverrideOneCase.Target.work")

        /// What the method body and the override add to.
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

    /// The registered override.
    private let token: HookToken

    /// Registers the override.
    init() throws {
        token = try Target.point.override { original in
            { this, argument in
                this.tally &+= argument
                return await original(this, argument)
            }
        }
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

    /// Cancels the override.
    func tearDown() {
        token.cancel()
    }
}
