import LifecycleKit

/// `lifecycle-push-pop-window-observer`: `lifecycle-push-pop` with one lifecycle observer attached to the window,
/// implementing one callback.
///
/// The window calls its observers itself; every lifecycle event of the push and the pop looks for the screen's window
/// and calls the observer, which reaches the protocol's empty defaults for all but the `didEnd` events.
final class LifecyclePushPopWindowObserverCase: BenchmarkCase {
    /// The case's name.
    static let name = "lifecycle-push-pop-window-observer"
    /// What one operation is.
    static let summary = "lifecycle-push-pop plus one window observer implementing one callback"
    /// A HookKit case, through LifecycleKit.
    static let category = BenchmarkCategory.hookKit
    /// As `lifecycle-push-pop`.
    static let measureIterations = LifecyclePushPopCase.measureIterations

    /// The push and pop, with their hooks.
    private let pushPop: LifecyclePushPopCase
    /// The observer.
    private let observer = LifecyclePushPopObserverCase.PhaseCounter()

    /// Sets up `lifecycle-push-pop` and attaches the observer to its window.
    init() throws {
        pushPop = try LifecyclePushPopCase()
        pushPop.window.addObserver(observer)
    }

    /// Pushes and pops the screen `iterations` times.
    func run(iterations: Int) {
        pushPop.run(iterations: iterations)
        blackHole(observer.tally.value)
    }

    /// Detaches the observer and removes the hooks.
    func tearDown() {
        pushPop.window.removeObserver(observer)
        pushPop.tearDown()
    }
}
