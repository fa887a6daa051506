import HookKit

/// `concurrent-async-before-1`: `async-before-1` awaited in two tasks at once while the hooks do not change.
///
/// What the async call path does across cores, as `concurrent-before-1-steady` shows it for synchronous calls. An async
/// call cannot keep its thread's hazard slot across a suspension, so it holds the snapshot with a count in the stripe
/// of the thread it runs on (one per thread, on cache lines of their own): the report divides `async-before-1`'s time
/// per call by this case's (2.0× when the two tasks do not slow each other down), to be read against
/// `concurrent-async-unhooked`, what the same two tasks make on a point without hooks.
final class ConcurrentAsyncBeforeOneCase: BenchmarkCase {
    /// The case's name.
    static let name = "concurrent-async-before-1"
    /// What one operation is.
    static let summary = "async-before-1 in two tasks at once, hooks unchanged (per call, both tasks)"
    /// A HookKit case.
    static let category = BenchmarkCategory.hookKit
    /// One call in each task.
    static let operationsPerIteration = callerTasks
    /// Compared with an async method awaited directly, as the other async cases are.
    static var baseline: any BenchmarkCase.Type { AsyncDirectCase.self }
    /// Scaling is reported against one task awaiting the same method.
    static var scalingBaseline: (any BenchmarkCase.Type)? { AsyncBeforeOneCase.self }
    /// Long enough that starting the tasks, which varies from run to run, does not show.
    static let measureIterations = 200_000
    /// The tasks that await the hooked method.
    static let callerTasks = 2

    /// The registered hook.
    private let token: HookToken

    /// Registers the before hook.
    init() throws {
        token = try ConcurrentAsyncTarget.hookedPoint.before { this, argument in this.tally &+= argument }
    }

    /// Starts the two tasks, lets each make `iterations` calls, and waits for both.
    func run(iterations: Int) {
        ConcurrentAsyncTarget.callConcurrently(tasks: Self.callerTasks, iterations: iterations, hooked: true)
    }

    /// Cancels the hook.
    func tearDown() {
        token.cancel()
    }
}
