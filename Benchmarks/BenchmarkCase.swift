/// One benchmark case: a named loop, set up once by `init`, that runs any number of iterations.
///
/// Setup (registering hooks, adding observers, creating receivers) happens in `init`, never in
/// ``run(iterations:)``, so two runs that differ only in their iteration count differ only by
/// the loop: `measure.sh` relies on it to count instructions and allocations per call.
///
/// Adding a case is one small file in `Cases/` and one line in ``BenchmarkSuite/cases``:
///
/// ```swift
/// final class ExampleCase: BenchmarkCase {
///     static let name = "example"
///     static let summary = "what one operation is"
///     static let category = BenchmarkCategory.hookKit
///
///     private let target = Target()
///
///     init() throws { try Target.point.before { this, argument in this.tally &+= argument } }
///
///     func run(iterations: Int) {
///         var sum = 0
///         for iteration in 0..<iterations { sum &+= target.work(iteration) }
///         blackHole(sum)
///     }
/// }
/// ```
protocol BenchmarkCase: AnyObject {
    /// The name used by `--filter`, `--case` and every report, such as `before-1`.
    static var name: String { get }
    /// One line that says what one operation is.
    static var summary: String { get }
    /// The group the case belongs to.
    static var category: BenchmarkCategory { get }
    /// How many operations one iteration of the loop performs; ns/op divides by it.
    static var operationsPerIteration: Int { get }
    /// The smaller of the two iteration counts `measure.sh` runs under valgrind (it also runs twice as many).
    static var measureIterations: Int { get }
    /// The case this one is compared with besides `direct-call`: `direct-call` itself, or `async-direct` for a case
    /// that awaits an async method.
    static var baseline: any BenchmarkCase.Type { get }
    /// For a case that calls on several threads: the one-thread case its scaling is reported against.
    static var scalingBaseline: (any BenchmarkCase.Type)? { get }

    /// Sets the case up: registers hooks, adds observers, creates receivers.
    init() throws

    /// Runs the case's loop `iterations` times.
    func run(iterations: Int)

    /// Runs the case's loop `iterations` times and returns how long the loop took.
    func timedRun(iterations: Int) -> Duration

    /// Undoes the setup: cancels hooks, removes observers.
    func tearDown()
}

extension BenchmarkCase {
    /// One operation per iteration.
    static var operationsPerIteration: Int { 1 }

    /// 20,000, then 40,000 iterations under valgrind.
    static var measureIterations: Int { 20_000 }

    /// `direct-call`.
    static var baseline: any BenchmarkCase.Type { DirectCallCase.self }
    /// No scaling report.
    static var scalingBaseline: (any BenchmarkCase.Type)? { nil }

    /// Times ``run(iterations:)`` with `ContinuousClock`.
    func timedRun(iterations: Int) -> Duration {
        ContinuousClock().measure { run(iterations: iterations) }
    }

    /// Nothing to undo.
    func tearDown() {}
}
