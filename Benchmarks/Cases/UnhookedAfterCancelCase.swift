import HookKit

/// `unhooked-after-cancel`: a hook point that had a hook, since cancelled: it must cost what `unhooked` costs.
final class UnhookedAfterCancelCase: BenchmarkCase {
    /// The case's name.
    static let name = "unhooked-after-cancel"
    /// What one operation is.
    static let summary = "a hook point whose only hook was cancelled"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point; hooked once, then unhooked.
        static let point = HookPoint<Target, Int, Int>("UnhookedAfterCancelCase.Target.work")

        /// What the method body adds to.
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

    /// Registers a before hook and cancels it.
    init() throws {
        try Target.point.before { this, argument in this.tally &+= argument }.cancel()
    }

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }
}
