import HookKit
import LifecycleKit
import Synchronization
import Testing

/// A thread-safe list of events, compared with literal expectations.
final class EventLog: Sendable {
    private let events = Mutex<[String]>([])

    func add(_ event: String) {
        events.withLock { $0.append(event) }
    }

    /// Returns the events recorded so far and starts over.
    func take() -> [String] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    /// Returns the lifecycle events (load and appearance calls only) and starts over.
    func takeLifecycle() -> [String] {
        let lifecycle = [
            "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        ]
        return take().filter { event in lifecycle.contains { event.hasSuffix("." + $0) } }
    }
}

/// A screen that records each lifecycle call it receives as `name.method`.
class TestScreen: Screen {
    let name: String
    let log: EventLog

    init(_ name: String, _ log: EventLog) {
        self.name = name
        self.log = log
        super.init(title: name)
    }

    override func loadView() {
        log.add("\(name).loadView")
        super.loadView()
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }

    override func willMove(toParent parent: Screen?) {
        log.add("\(name).willMove(\(parent?.title ?? "nil"))")
    }

    override func didMove(toParent parent: Screen?) {
        log.add("\(name).didMove(\(parent?.title ?? "nil"))")
    }

    override func willPop(animated: Bool) { log.add("\(name).willPop(\(animated))") }
    override func didPop(animated: Bool) { log.add("\(name).didPop(\(animated))") }
    override func didStayOnTop(animated: Bool) { log.add("\(name).didStayOnTop(\(animated))") }
}

/// A screen that logs, in each appearance call, what `probe` reports about it then, as `name.method report` (and in
/// viewDidLoad too when `probesLoad`, after the plain `name.viewDidLoad`).
final class ProbingScreen: TestScreen {
    let probe: (Screen) -> String
    let probesLoad: Bool

    init(_ name: String, _ log: EventLog, probesLoad: Bool = false, probe: @escaping (Screen) -> String) {
        self.probe = probe
        self.probesLoad = probesLoad
        super.init(name, log)
    }

    private func report(_ method: String) { log.add("\(name).\(method) \(probe(self))") }

    override func viewDidLoad() {
        super.viewDidLoad()
        if probesLoad { report("viewDidLoad") }
    }

    override func viewWillAppear(_ animated: Bool) { report("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { report("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { report("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { report("viewDidDisappear") }

    /// The appearance causes `screen` reports now (`-` for none): `movingTo`, `movingFrom`, `presented`, `dismissed`.
    static func causes(of screen: Screen?) -> String {
        var causes: [String] = []
        if screen?.isMovingToParent == true { causes.append("movingTo") }
        if screen?.isMovingFromParent == true { causes.append("movingFrom") }
        if screen?.isBeingPresented == true { causes.append("presented") }
        if screen?.isBeingDismissed == true { causes.append("dismissed") }
        return causes.isEmpty ? "-" : causes.joined(separator: ",")
    }

    /// `1` when `screen`'s view is in a window (UIKit's `view.window != nil`), `0` when not, `-` without a screen.
    static func viewInWindow(_ screen: Screen?) -> String {
        screen.map { $0.view.window != nil ? "1" : "0" } ?? "-"
    }
}

/// A navigation controller that records its own lifecycle calls and willShow/didShow.
final class TestNavigation: NavigationController {
    let name: String
    let log: EventLog

    init(_ name: String, root: Screen, _ log: EventLog) throws {
        self.name = name
        self.log = log
        try super.init(rootScreen: root, title: name)
    }

    override func loadView() {
        log.add("\(name).loadView")
        super.loadView()
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
    override func willShow(_ screen: Screen, animated: Bool) { log.add("\(name).willShow(\(screen.title ?? ""))") }
    override func didShow(_ screen: Screen, animated: Bool) { log.add("\(name).didShow(\(screen.title ?? ""))") }
}

/// Records each completion call, to check that completions fire exactly once.
final class Completions: Sendable {
    private let outcomes = Mutex<[String: [TransitionOutcome]]>([:])

    func callback(_ name: String) -> (TransitionOutcome) -> Void {
        { outcome in self.outcomes.withLock { $0[name, default: []].append(outcome) } }
    }

    subscript(name: String) -> [TransitionOutcome] {
        outcomes.withLock { $0[name] ?? [] }
    }
}

/// A visible window on a virtual clock, with a navigation controller rooted at screen `A`.
struct NavigationHost {
    let log = EventLog()
    let time = VirtualTime()
    let window: Window
    let navigation: TestNavigation
    let root: TestScreen

    init(driver: TransitionDriver.Mode = .manual) throws {
        window = Window(time: time, transitionDriver: TransitionDriver(mode: driver))
        root = TestScreen("A", log)
        navigation = try TestNavigation("nav", root: root, log)
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        _ = log.take()
    }

    func screen(_ name: String) -> TestScreen {
        TestScreen(name, log)
    }

    /// The parts of ``innerNavigationOnScreen(root:top:)``'s stack.
    typealias InnerNavigation = (navigation: TestNavigation, box: TestScreen, y: TestScreen)

    /// A navigation controller "inner" (X, then Y on top) inside a plain container "K", pushed on the host's
    /// navigation controller: a stack that can leave the screen and come back without its own controller changing.
    ///
    /// - Parameters:
    ///   - root: The screen at the root as X (a scripted one, say); a plain ``TestScreen`` by default.
    ///   - top: The screen to push as Y; a plain ``TestScreen`` by default.
    func innerNavigationOnScreen(root: TestScreen? = nil, top: TestScreen? = nil) throws -> InnerNavigation {
        let (navigation, box) = try innerNavigationPushed(root: root ?? screen("X"))
        let y = top ?? screen("Y")
        try navigation.push(y, animated: false)
        return (navigation, box, y)
    }

    /// A navigation controller "inner" with `root` alone in its stack, inside a plain container "K", pushed on the
    /// host's navigation controller; returns the inner controller and the container.
    @discardableResult
    func innerNavigationPushed(root: Screen) throws -> (navigation: TestNavigation, box: TestScreen) {
        let navigation = try TestNavigation("inner", root: root, log)
        let box = screen("K")
        try box.addChild(navigation)
        try self.navigation.push(box, animated: false)
        return (navigation, box)
    }
}

/// Expects `body` to throw a ``LifecycleError`` with `code`.
func expectError(
    _ code: LifecycleError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(code); nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as LifecycleError {
        #expect(error.code == code, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(code); \(error) was thrown", sourceLocation: sourceLocation)
    }
}

/// A visible window (manual driver) whose root is the tab container `T`, showing the navigation controller `nav`
/// (rooted at the given screen) as its first tab and `Z` as its second, its appearance completed.
struct TabbedNavigationHost {
    let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
    let navigation: TestNavigation
    let tabs: TabsScreen

    init(root: Screen, _ log: EventLog) throws {
        navigation = try TestNavigation("nav", root: root, log)
        tabs = TabsScreen("T", log)
        try tabs.addChild(navigation)
        try tabs.addChild(TestScreen("Z", log))
        try window.setRootScreen(tabs)
        window.makeKeyAndVisible()
        window.transitionDriver.completeAll()
    }
}
