import HookKit
import LifecycleKit

/// `lifecycle-push-pop`: a push and a pop of a screen on a visible navigation controller, with one
/// global before hook on every lifecycle method.
///
/// One operation is a push and a pop (unanimated): the pushed screen's viewWillAppear and
/// viewDidAppear, then its viewWillDisappear and viewDidDisappear, the root's four calls, the
/// containment and pop callbacks, and the completions; eight lifecycle calls go through hooks.
final class LifecyclePushPopCase: BenchmarkCase {
    /// The case's name.
    static let name = "lifecycle-push-pop"
    /// What one operation is.
    static let summary = "push + pop of a screen, one global before hook on every lifecycle method"
    /// A HookKit case, through LifecycleKit.
    static let category = BenchmarkCategory.hookKit
    /// A push and a pop are much more than one call: fewer iterations under valgrind.
    static let measureIterations = 2_000

    /// The screen pushed and popped; its methods do the same tiny work as the other cases' bodies.
    final class Detail: Screen {
        /// What the lifecycle methods add to.
        var tally = 0

        override func viewWillAppear(_ animated: Bool) { tally &+= 1 }
        override func viewDidAppear(_ animated: Bool) { tally &+= 1 }
        override func viewWillDisappear(_ animated: Bool) { tally &+= 1 }
        override func viewDidDisappear(_ animated: Bool) { tally &+= 1 }
    }

    /// The window that shows the navigation controller.
    let window: Window
    /// The navigation controller.
    private let navigation: NavigationController
    /// The screen pushed and popped.
    private let detail = Detail(title: "Detail")
    /// The global hooks.
    private var tokens: [HookToken] = []
    /// What the hooks add to.
    private let hookTally = HookTally()

    /// Shows a window with a navigation controller and registers one before hook per lifecycle method.
    init() throws {
        window = Window(time: VirtualTime())
        navigation = try NavigationController(rootScreen: Screen(title: "Root"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        let tally = hookTally
        for method in LifecycleMethod.allCases {
            tokens.append(try Lifecycle.hook(method, .before) { _, _ in tally.add() })
        }
        // Load the detail screen once, so that every iteration measures the same work.
        detail.loadViewIfNeeded()
    }

    /// Pushes and pops the screen `iterations` times.
    func run(iterations: Int) {
        for _ in 0..<iterations {
            do {
                try navigation.push(detail, animated: false)
                try navigation.pop(animated: false)
            } catch {
                preconditionFailure("push and pop cannot be refused here: \(error)")
            }
        }
        blackHole(detail.tally &+ hookTally.value)
    }

    /// Cancels the hooks.
    func tearDown() {
        for token in tokens { token.cancel() }
    }
}
