import LifecycleKit

/// A window observer that reports every screen joining the window's hierarchy to the explorer, which may then make a
/// random request from inside the callback, as an app's observer may.
final class ReentrantJoinObserver: ScreenLifecycleObserver {
    /// The explorer that records the joins (weak: the explorer owns the window, which holds its observers).
    weak var explorer: ReentrancyExplorer?

    /// An observer reporting to `explorer`.
    init(explorer: ReentrancyExplorer) {
        self.explorer = explorer
    }

    func screenDidJoinHierarchy(_ screen: Screen) {
        explorer?.recordCall(screen, "join")
    }
}
