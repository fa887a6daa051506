import HookKit

/// `override-5`: five chained overrides, registered for every receiver, each calling its original.
final class OverrideFiveCase: BenchmarkCase {
    /// The case's name.
    static let name = "override-5"
    /// What one operation is.
    static let summary = "five chained overrides, each calling the original"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("OverrideFiveCase.Target.work")

        /// What the method body and the overrides add to.
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
    /// The registered overrides.
    private var tokens: [HookToken] = []

    /// Registers the five overrides.
    init() throws {
        for _ in 0..<5 {
            tokens.append(
                try Target.point.override { original in
                    { this, argument in
                        this.tally &+= argument
                        return original(this, argument)
                    }
                })
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

    /// Cancels the overrides.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
