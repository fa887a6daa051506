import HookKit
import LifecycleKit
import Testing

/// Visible state, lazy loading, and debug strings.
@Suite("Screen state")
struct ScreenStateTests {
    @Test("loading is lazy and happens once: on first appearance or first access to the view")
    func lazyLoading() throws {
        let log = EventLog()
        let screen = TestScreen("S", log)
        #expect(!screen.isViewLoaded && screen.visibleState == [])
        _ = screen.view
        _ = screen.view
        screen.loadViewIfNeeded()
        #expect(log.take() == ["S.loadView", "S.viewDidLoad"])
        #expect(screen.isViewLoaded && screen.visibleState == [.loaded])
        let window = Window(time: VirtualTime())
        try window.setRootScreen(screen)
        window.makeKeyAndVisible()
        #expect(log.take() == ["S.viewWillAppear", "S.viewDidAppear"])
        #expect(screen.view.window === window)
    }

    @Test("isViewLoaded is false in loadView and already true in viewDidLoad, as in UIKit")
    func isViewLoadedDuringLoading() {
        final class Loading: TestScreen {
            override func loadView() {
                log.add("loadView isViewLoaded=\(isViewLoaded)")
                super.loadView()
            }

            override func viewDidLoad() { log.add("viewDidLoad isViewLoaded=\(isViewLoaded)") }
        }
        let log = EventLog()
        Loading("S", log).loadViewIfNeeded()
        #expect(log.take() == ["loadView isViewLoaded=false", "S.loadView", "viewDidLoad isViewLoaded=true"])
    }

    @Test("the visible state follows each method, and observers see each change")
    func visibleState() throws {
        let host = try NavigationHost(driver: .manual)
        let b = host.screen("B")
        let changes = EventLog()
        let token = b.observeVisibleState { change in changes.add("\(change)") }
        try host.navigation.push(b, animated: true)
        #expect(b.visibleState == [.loaded, .willAppear] && b.isAppearing)
        host.window.transitionDriver.completeAll()
        #expect(b.visibleState == [.loaded, .didAppear] && b.isAppearing)
        try host.navigation.pop(animated: true)
        #expect(b.visibleState == [.loaded, .willDisappear] && !b.isAppearing)
        host.window.transitionDriver.completeAll()
        #expect(b.visibleState == [.loaded, .didDisappear])
        #expect(
            changes.take() == [
                "[] -> [loaded]", "[loaded] -> [loaded, willAppear]", "[loaded, willAppear] -> [loaded, didAppear]",
                "[loaded, didAppear] -> [loaded, willDisappear]", "[loaded, willDisappear] -> [loaded, didDisappear]",
            ])
        #expect(token.cancel())
    }

    @Test("before hooks see the previous state, after hooks the new one")
    func stateAroundHooks() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        let seen = EventLog()
        let before = try Screen.viewDidAppear.before(.instance(b)) { screen, _ in
            seen.add("before \(screen.visibleState)")
        }
        let after = try Screen.viewDidAppear.after(.instance(b)) { screen, _, _ in
            seen.add("after \(screen.visibleState)")
        }
        try host.navigation.push(b, animated: true)
        #expect(seen.take() == ["before [loaded, willAppear]", "after [loaded, didAppear]"])
        before.cancel()
        after.cancel()
    }

    @Test("debug strings name the type, the title and the address")
    func debugStrings() throws {
        let log = EventLog()
        let screen = TestScreen("Shoes", log)
        let address = String(UInt(bitPattern: ObjectIdentifier(screen)), radix: 16)
        #expect(screen.debugLabel == "TestScreen.Shoes<0x\(address)>")
        let untitled = Screen()
        #expect(untitled.debugLabel.hasPrefix("Screen.nil<0x"))
        #expect(Screen.stackDescription([screen, untitled]) == "[\n\(screen.debugLabel)\n\(untitled.debugLabel)\n]")
        // One line per screen, whatever the title holds.
        let odd = Screen(title: "A\nB\u{1B}")
        #expect(odd.debugLabel.hasPrefix(#"Screen.A\nB\u{1B}<0x"#))
        // A title's own backslash is doubled, so that it reads apart from an escaped line break.
        #expect(Screen(title: #"A\nB"#).debugLabel.hasPrefix(#"Screen.A\\nB<0x"#))
        #expect(Screen.stackDescription([odd, screen]).split(separator: "\n").count == 4)
        #expect(Screen.stackDescription([]) == "[\n\n]")
    }

    @Test("view.window is set from the end of viewWillAppear to viewDidDisappear, and nil while another screen covers")
    func viewWindowFollowsTheViewHierarchy() throws {
        let log = EventLog()
        let inWindow = { (screen: Screen) in "inWindow=\(screen.view.window != nil)" }
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let a = ProbingScreen("A", log, probesLoad: true, probe: inWindow)
        let navigation = try NavigationController(rootScreen: a, title: "nav")
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        #expect(a.view.window === window)
        let b = ProbingScreen("B", log, probesLoad: true, probe: inWindow)
        try navigation.push(b, animated: true)
        window.transitionDriver.completeAll()
        #expect(a.view.window == nil)  // covered by the push: UIKit's navigation controller removed A's view
        _ = try navigation.pop(animated: true)
        window.transitionDriver.completeAll()
        let p = ProbingScreen("P", log, probesLoad: true, probe: inWindow)
        try navigation.present(p, style: .fullScreen, animated: true)
        window.transitionDriver.completeAll()
        #expect(a.view.window == nil && navigation.view.window == nil)  // full screen removes the presenter's views
        #expect(p.dismiss(animated: true))
        window.transitionDriver.completeAll()
        let sheet = ProbingScreen("S", log, probesLoad: true, probe: inWindow)
        try navigation.present(sheet, style: .pageSheet, animated: true)
        window.transitionDriver.completeAll()
        #expect(a.view.window === window && sheet.view.window === window)  // a sheet leaves them in the window
        let trace = log.take().filter { ($0.hasPrefix("B.") || $0.hasPrefix("P.")) && $0.contains("inWindow") }
        #expect(
            trace == [
                "B.viewDidLoad inWindow=false", "B.viewWillAppear inWindow=false", "B.viewDidAppear inWindow=true",
                "B.viewWillDisappear inWindow=true", "B.viewDidDisappear inWindow=false",
                "P.viewDidLoad inWindow=false", "P.viewWillAppear inWindow=false", "P.viewDidAppear inWindow=true",
                "P.viewWillDisappear inWindow=true", "P.viewDidDisappear inWindow=false",
            ])
        // A child that its container does not show has its view outside the window.
        let container = SelectingContainer("T", log)
        let (shown, hidden) = (TestScreen("F", log), TestScreen("H", log))
        container.shown = shown
        try container.addChild(shown)
        try container.addChild(hidden)
        try navigation.setViewControllers([a, container], animated: false)
        #expect(sheet.dismiss(animated: false))
        window.transitionDriver.completeAll()
        #expect(shown.view.window === window && hidden.view.window == nil)
    }

    /// Logs, in each appearance call, whether its view and its parent's are in a window (`1`, `0`, or `-` without a
    /// parent).
    static func windowProbe(_ name: String, _ log: EventLog) -> ProbingScreen {
        ProbingScreen(name, log) { screen in
            "self=\(ProbingScreen.viewInWindow(screen)) parent=\(ProbingScreen.viewInWindow(screen.parent))"
        }
    }

    @Test("a container's view joins the window with its children's, after their viewWillAppear")
    func containerViewJoinsWithItsChildren() throws {
        let host = try NavigationHost(driver: .manual)
        let container = host.screen("K")
        try container.addChild(Self.windowProbe("C", host.log))
        try container.addChild(Self.windowProbe("D", host.log))
        try host.navigation.push(container, animated: true)
        #expect(
            host.log.take().filter { $0.contains("self=") } == [
                "C.viewWillAppear self=0 parent=0", "D.viewWillAppear self=0 parent=0",
            ])
        #expect(container.view.window === host.window)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.contains("self=") } == [
                "C.viewDidAppear self=1 parent=1", "D.viewDidAppear self=1 parent=1",
            ])
    }

    @Test("the view of a screen whose interactive pop is cancelled stays in the window throughout")
    func cancelledPopKeepsTheViewInTheWindow() throws {
        let host = try NavigationHost(driver: .manual)
        try host.navigation.push(Self.windowProbe("B", host.log), animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        pop.cancel()
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.contains("self=") } == [
                "B.viewWillDisappear self=1 parent=1", "B.viewWillAppear self=1 parent=1",
                "B.viewDidAppear self=1 parent=1",
            ])
    }

    @Test("a child that a container's cancelled interactive pop shows for the first time joins the window as usual")
    func childFirstShownByCancelledPop() throws {
        let host = try NavigationHost(driver: .manual)
        let container = SelectingContainer("B", host.log)
        let (first, second) = (Self.windowProbe("F", host.log), Self.windowProbe("G", host.log))
        container.shown = first
        try container.addChild(first)
        try container.addChild(second)
        try host.navigation.push(container, animated: false)
        host.window.transitionDriver.completeAll()
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        let added = Self.windowProbe("C", host.log)
        try container.addChild(added)
        container.shown = second
        #expect(added.view.window == nil)
        _ = host.log.take()
        pop.cancel()
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.contains("viewWillAppear self=") } == [
                "G.viewWillAppear self=0 parent=1"
            ])
    }
}
