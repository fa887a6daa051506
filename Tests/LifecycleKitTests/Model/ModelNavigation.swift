import LifecycleKit

/// A navigation controller of the host model: it reports its appearance calls to the tracker.
final class ModelNavigation: NavigationController {
    let name: String
    let tracker: ModelTracker

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
