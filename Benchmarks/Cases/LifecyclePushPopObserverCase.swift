import HookKit
import LifecycleKit

/// `lifecycle-push-pop-observer`: `lifecycle-push-pop` with one global lifecycle observer that implements one
/// callback.
///
/// The observer is registered for every screen (`Lifecycle.addObserver`), so every lifecycle event of the push and
/// the pop runs its one hook, and all but the `didEnd` events reach the protocol's empty defaults. The difference
/// with `lifecycle-push-pop` is what such an observer costs.
final class LifecyclePushPopObserverCase: BenchmarkCase {
    /// The case's name.
    static let name = "lifecycle-push-pop-observer"
    /// What one operation is.
    static let summary = "lifecycle-push-pop plus one global observer implementing one callback"
    /// A HookKit case, through LifecycleKit.
    static let category = BenchmarkCategory.hookKit
    /// As `lifecycle-push-pop`.
    static let measureIterations = LifecyclePushPopCase.measureIterations

    /// An observer that counts the phases that end, and implements nothing else.
    final class PhaseCounter: ScreenLifecycleObserver, Sendable {
        /// What the callback adds to.
        let tally = HookTally()

        /// Counts a phase that ended.
        func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
            tally.add()
        }
    }

    /// The push and pop, with their hooks.
    private let pushPop: LifecyclePushPopCase
    /// The observer.
    private let observer = PhaseCounter()
    /// The observer's registration.
    private let token: HookToken

    /// Sets up `lifecycle-push-pop` and registers the observer for every screen.
    init() throws {
        pushPop = try LifecyclePushPopCase()
        token = try Lifecycle.addObserver(observer)
    }

    /// Pushes and pops the screen `iterations` times.
    func run(iterations: Int) {
        pushPop.run(iterations: iterations)
        blackHole(observer.tally.value)
    }

    /// Removes the observer and the hooks.
    func tearDown() {
        token.cancel()
        pushPop.tearDown()
    }
}
