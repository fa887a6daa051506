import LifecycleKit

/// A screen of the host model: it reports its appearance calls to the tracker, and can be a plain container.
final class ModelScreen: Screen {
    let name: String
    let tracker: ModelTracker

    /// The one child this screen shows when ``showsOneChild`` is set; none if it is not a child (weak: the pool's
    /// screens must not keep each other alive).
    weak var shownChild: Screen?
    /// Whether this screen shows only ``shownChild``, as a tab container; otherwise every child.
    var showsOneChild = false

    /// Every child, or only ``shownChild``.
    override var childrenForAppearanceForwarding: [Screen] {
        guard showsOneChild else { return children }
        return shownChild.map { [$0] } ?? []
    }

    init(_ name: String, tracker: ModelTracker) {
        self.name = name
        self.tracker = tracker
        super.init(title: name)
        statisticName = name
    }

    override func viewWillAppear(_ animated: Bool) { tracker.willAppear(self, name) }
    override func viewDidAppear(_ animated: Bool) { tracker.didAppear(self, name) }
    override func viewWillDisappear(_ animated: Bool) { tracker.willDisappear(self, name) }
    override func viewDidDisappear(_ animated: Bool) { tracker.didDisappear(self, name) }
}
