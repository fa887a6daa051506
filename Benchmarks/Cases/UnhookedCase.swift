import HookKit

/// `unhooked`: a method routed through a hook point on which nothing was ever registered.
final class UnhookedCase: BenchmarkCase {
    /// The case's name.
    static let name = "unhooked"
    /// What one operation is.
    static let summary = "a hook point with nothing registered"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit

    /// The receiver, declaring its hook point the way users do.
    final class Target {
        /// The method's hook point; never registered on.
        static let point = HookPoint<Target, Int, Int>("UnhookedCase.Target.work")

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

    /// Nothing to set up.
    init() {}

    /// Calls the method `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= target.work(iteration)
        }
        blackHole(sum)
    }
}
