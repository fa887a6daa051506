/// `direct-call`: an `@inline(never)` method call, the floor every ratio is taken against.
final class DirectCallCase: BenchmarkCase {
    /// The case's name.
    static let name = "direct-call"
    /// What one operation is.
    static let summary = "an @inline(never) method call: the floor"
    /// A baseline.
    static let category = BenchmarkCategory.baseline

    /// The receiver: the same body as every hooked method, without a hook point.
    final class Target {
        /// What the method body adds to.
        var tally = 0

        /// Adds `argument` to the tally and returns the tally.
        @inline(never)
        func work(_ argument: Int) -> Int {
            tally &+= argument
            return tally
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
