import HookKit
import LifecycleKit

/// `lifecycle-push-pop-cancelled-observer`: `lifecycle-push-pop` after a global lifecycle observer was registered and
/// cancelled.
///
/// Until the first global registration, lifecycle events skip the observer registry altogether (what
/// `lifecycle-push-pop` measures); once there was one, every event asks the registry's hook point, which has no hooks
/// left here. The difference with `lifecycle-push-pop` is that constant.
final class LifecyclePushPopCancelledObserverCase: BenchmarkCase {
    /// The case's name.
    static let name = "lifecycle-push-pop-cancelled-observer"
    /// What one operation is.
    static let summary = "lifecycle-push-pop after a global observer was registered and cancelled"
    /// A HookKit case, through LifecycleKit.
    static let category = BenchmarkCategory.hookKit
    /// As `lifecycle-push-pop`.
    static let measureIterations = LifecyclePushPopCase.measureIterations

    /// The push and pop, with their hooks.
    private let pushPop: LifecyclePushPopCase

    /// Sets up `lifecycle-push-pop`, then registers an observer for every screen and cancels it.
    init() throws {
        pushPop = try LifecyclePushPopCase()
        try Lifecycle.addObserver(LifecyclePushPopObserverCase.PhaseCounter()).cancel()
    }

    /// Pushes and pops the screen `iterations` times.
    func run(iterations: Int) {
        pushPop.run(iterations: iterations)
    }

    /// Removes the hooks.
    func tearDown() {
        pushPop.tearDown()
    }
}
