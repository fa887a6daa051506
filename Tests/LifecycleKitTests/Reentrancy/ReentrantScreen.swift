import LifecycleKit

/// A plain screen whose lifecycle methods, like an app's, report to the explorer and may make requests of their own.
///
/// Each override records its call with the ``ReentrancyExplorer`` (which checks it against the calls before it),
/// which may then make a random request from inside the call, as an app's code may.
final class ReentrantScreen: Screen {
    /// The explorer that records the calls (weak: the explorer owns the screen).
    weak var explorer: ReentrancyExplorer?

    /// The one child this screen shows, as a tab container shows its selected tab, when ``showsOneChild`` is set;
    /// none if it is not a child (weak: the pool's screens must not keep each other alive).
    weak var shownChild: Screen?
    /// Whether this screen shows only ``shownChild``; otherwise it shows every child, as a plain container does.
    var showsOneChild = false

    /// The children this screen shows: every child, or only ``shownChild``.
    override var childrenForAppearanceForwarding: [Screen] {
        guard showsOneChild else { return children }
        return shownChild.map { [$0] } ?? []
    }

    /// A screen titled `name`, reporting to `explorer`.
    init(_ name: String, explorer: ReentrancyExplorer) {
        self.explorer = explorer
        super.init(title: name)
    }

    override func loadView() {
        super.loadView()
        explorer?.recordCall(self, "loadView")
    }

    override func viewDidLoad() { explorer?.recordCall(self, "viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { explorer?.recordAppearance(self, .viewWillAppear) }
    override func viewIsAppearing(_ animated: Bool) { explorer?.recordViewIsAppearing(self) }
    override func viewDidAppear(_ animated: Bool) { explorer?.recordAppearance(self, .viewDidAppear) }
    override func viewWillDisappear(_ animated: Bool) { explorer?.recordAppearance(self, .viewWillDisappear) }
    override func viewDidDisappear(_ animated: Bool) { explorer?.recordAppearance(self, .viewDidDisappear) }
    override func willMove(toParent parent: Screen?) { explorer?.recordWillMove(self, toParent: parent) }
    override func didMove(toParent parent: Screen?) { explorer?.recordDidMove(self, toParent: parent) }
    override func willPop(animated: Bool) { explorer?.recordWillPop(self) }
    override func didPop(animated: Bool) { explorer?.recordDidPop(self) }
    override func didStayOnTop(animated: Bool) { explorer?.recordCall(self, "didStayOnTop") }
    override func shouldPop(trigger: PopTrigger) -> Bool { explorer?.answerShouldPop(self) ?? true }
    override func presentationShouldDismiss() -> Bool { explorer?.answerShouldDismiss(self) ?? true }
    override func presentationWillDismiss() { explorer?.recordWillDismiss(self) }
    override func presentationDidDismiss() { explorer?.recordDidDismiss(self) }
    override func presentationDidAttemptToDismiss() { explorer?.recordDidAttemptToDismiss(self) }
}
