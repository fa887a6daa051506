import HookKit

/// `override-1`: one override, registered for every receiver, that calls the original.
final class OverrideOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "override-1"
    /// What one operation is.
    static let summary = "one override that calls the original"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("OverrideOneCase.Target.work")

        /// What the method body and the override add to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        func work(_ argument: Int) -> Int {
            Self.point.invoke(self, argument) { this, argument in
                this.tally &+= argument
                return this.tally
            }
        }
    }

    /// The object the loop calls.
    private let target = Target()
    /// The registered override.
    private let token: HookToken

    /// Registers the override.
    init() throws {
        token = try Target.point.override { original in
            { this, argument in
                this.tally &+= argument
                return original(this, argument)
            }
        }
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }

    /// Cancels the override.
    func tearDown() {
        token.cancel()
    }
}
