import HookKit

/// `before-1`: one before hook registered for every receiver.
final class BeforeOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "before-1"
    /// What one operation is.
    static let summary = "one before hook, every-receiver scope"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("BeforeOneCase.Target.work")

        /// What the method body and the hook add to.
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
    /// The registered hook.
    private let token: HookToken

    /// Registers the before hook.
    init() throws {
        token = try Target.point.before { this, argument in this.tally &+= argument }
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
