import HookKit

/// `before-after`: one before hook and one after hook, both registered for every receiver.
final class BeforeAfterCase: BenchmarkCase {
    /// The case's name.
    static let name = "before-after"
    /// What one operation is.
    static let summary = "one before and one after hook"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point.
        static let point = HookPoint<Target, Int, Int>("BeforeAfterCase.Target.work")

        /// What the method body and the hooks add to.
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
    /// The registered hooks.
    private let tokens: [HookToken]

    /// Registers the before hook and the after hook.
    init() throws {
        tokens = [
            try Target.point.before { this, argument in this.tally &+= argument },
            try Target.point.after { this, argument, _ in this.tally &+= argument },
        ]
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }

    /// Cancels the hooks.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
