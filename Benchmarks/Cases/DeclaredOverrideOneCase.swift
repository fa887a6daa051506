import HookKit

/// `override-1-declared`: `override-1` on a point that declares its body (`HookPoint(_:body:)`), so that the
/// override chain ends in the body itself.
final class DeclaredOverrideOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "override-1-declared"
    /// What one operation is.
    static let summary = "override-1 on a point that declares its body"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("DeclaredOverrideOneCase.Target.work") { this, argument in
            this.tally &+= argument
            return this.tally
        }

        /// What the method body and the override add to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        func work(_ argument: Int) -> Int {
            Self.point.invoke(self, argument)
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
