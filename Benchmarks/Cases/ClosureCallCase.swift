/// `closure-call`: a call through a stored closure, the floor of any dispatch that stores code.
final class ClosureCallCase: BenchmarkCase {
    /// The case's name.
    static let name = "closure-call"
    /// What one operation is.
    static let summary = "a call through a stored closure"
    /// A baseline.
    static let category = BenchmarkCategory.baseline

    /// The receiver the closure works on.
    final class Target {
        /// What the closure adds to.
        var tally = 0
    }

    /// The object the closure receives.
    private let target = Target()
    /// The stored closure: the same body as every hooked method.
    private let operation: (Target, Int) -> Int

    /// Stores the closure.
    init() {
        operation = { this, argument in
            this.tally &+= argument
            return this.tally
        }
    }

    /// Calls the stored closure `iterations` times.
    func run(iterations: Int) {
        var sum = 0
        for iteration in 0..<iterations {
            sum &+= operation(target, iteration)
        }
        blackHole(sum)
    }
}
