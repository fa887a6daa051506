import HookKit

/// `override-5-declared`: `override-5` on a point that declares its body (`HookPoint(_:body:)`), so that the
/// override chain ends in the body itself.
final class DeclaredOverrideFiveCase: BenchmarkCase {
    /// The case's name.
    static let name = "override-5-declared"
    /// What one operation is.
    static let summary = "override-5 on a point that declares its body"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("DeclaredOverrideFiveCase.Target.work") { this, argument in
            this.tally &+= argument
            return this.tally
        }

        /// What the method body and the overrides add to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally, through the hook point.
        @inline(never)
        func work(_ argument: Int) -> Int {
            Self.point.invoke(self, argument)
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
