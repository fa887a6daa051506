import LifecycleKit
import Testing

/// UIKit's best-known presentation rule: a screen whose view is not in the window yet cannot present ("Attempt to
/// present … whose view is not in the window hierarchy"), so a presentation from `viewDidLoad` or `viewWillAppear`
/// of a screen coming on screen is refused, and one from `viewDidAppear` works.
@Suite("Presenting before the view is in the window")
struct PresentingTooEarlyTests {
    /// A screen that presents a sheet named `sheet` from one of its lifecycle methods (itself, or through the screen
    /// `through` picks), and logs the outcome.
    final class EagerPresenter: TestScreen {
        var method: String
        let sheet: TestScreen
        let through: @Sendable (Screen) -> Screen?

        init(
            _ name: String, presentingFrom method: String, _ log: EventLog,
            through: @escaping @Sendable (Screen) -> Screen? = { $0 }
        ) {
            self.method = method
            self.through = through
            sheet = TestScreen("sheet", log)
            super.init(name, log)
        }

        private func presentIfDue(_ current: String) {
            guard current == method else { return }
            do {
                try through(self)?.present(sheet, style: .fullScreen, animated: false)
                log.add("\(name).\(current): presented")
            } catch {
                log.add("\(name).\(current): \(error.code)")
            }
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            presentIfDue("viewDidLoad")
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            presentIfDue("viewWillAppear")
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            presentIfDue("viewDidAppear")
        }
    }

    @Test(
        "a window's first root presents from viewDidAppear, and is refused from viewDidLoad and viewWillAppear",
        arguments: ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
    func firstRoot(method: String) throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let root = EagerPresenter("R", presentingFrom: method, log)
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        if method == "viewDidAppear" {
            #expect(
                log.take() == [
                    "R.loadView", "R.viewDidLoad", "R.viewWillAppear", "R.viewDidAppear", "R.viewDidAppear: presented",
                    "sheet.loadView", "sheet.viewDidLoad", "R.viewWillDisappear", "sheet.viewWillAppear",
                    "sheet.viewDidAppear", "R.viewDidDisappear",
                ])
            #expect(root.presentedScreen === root.sheet)
        } else {
            let calls = log.take()
            #expect(calls.contains("R.\(method): presenterNotInWindow"))
            #expect(calls.filter { $0.hasPrefix("sheet.") }.isEmpty)
            #expect(root.presentedScreen == nil && root.sheet.presentingScreen == nil)
            #expect(root.visibleState == [.loaded, .didAppear])
            // Nothing is left half-attached: the sheet can be presented once the root is in the window.
            try root.present(root.sheet, animated: false)
            #expect(root.presentedScreen === root.sheet)
        }
    }

    @Test(
        "the top of a window's first navigation controller is refused in viewDidLoad and viewWillAppear, itself or not",
        arguments: ["viewDidLoad", "viewWillAppear"], [false, true])
    func topOfFirstNavigationController(method: String, throughNavigation: Bool) throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let top = EagerPresenter("A", presentingFrom: method, log) { screen in
            throughNavigation ? screen.navigationController : screen
        }
        try window.setRootScreen(try NavigationController(rootScreen: top))
        window.makeKeyAndVisible()
        #expect(log.take().contains("A.\(method): presenterNotInWindow"))
        #expect(top.navigationController?.presentedScreen == nil)
    }

    @Test("a child is refused while the container that presents for it loads: the container's view is not in a window")
    func childOfLoadingRoot() throws {
        final class Dashboard: TestScreen {
            let child: EagerPresenter

            init(_ log: EventLog) {
                child = EagerPresenter("X", presentingFrom: "none", log)
                super.init("K", log)
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                try? addChild(child)
                do {
                    try child.present(child.sheet, animated: false)
                    log.add("K.viewDidLoad: X presented")
                } catch {
                    log.add("K.viewDidLoad: X \(error.code)")
                }
            }
        }
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let root = Dashboard(log)
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        #expect(log.take().contains("K.viewDidLoad: X presenterNotInWindow"))
        #expect(root.presentedScreen == nil)
    }

    @Test("a presented screen is refused from its own viewDidLoad and viewWillAppear, as it comes on screen")
    func presentedScreen() throws {
        for method in ["viewDidLoad", "viewWillAppear"] {
            let host = try NavigationHost(driver: .immediate)
            let presented = EagerPresenter("P", presentingFrom: method, host.log)
            try host.navigation.present(presented, style: .fullScreen, animated: true)
            #expect(host.log.take().contains("P.\(method): presenterNotInWindow"), "\(method)")
            #expect(presented.presentedScreen == nil && presented.visibleState == [.loaded, .didAppear])
        }
    }

    @Test("a screen whose presentation waits in the queue is refused: it has not loaded, let alone joined the window")
    func queuedPresentedScreen() throws {
        let host = try NavigationHost()
        try host.navigation.push(host.screen("P"), animated: true)  // runs until the driver completes it
        let queued = host.screen("B")
        try host.navigation.present(queued, style: .fullScreen, animated: true)
        let cover = host.screen("C")
        let refusal = #expect(throws: LifecycleError.self) {
            try queued.present(cover, style: .fullScreen, animated: true)
        }
        #expect(refusal?.code == .presenterNotInWindow)
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.presentedScreen === queued && queued.presentedScreen == nil)
        #expect(queued.visibleState == [.loaded, .didAppear] && cover.visibleState == [])
        // Once it appeared, it presents.
        try queued.present(cover, style: .fullScreen, animated: false)
        #expect(cover.visibleState == [.loaded, .didAppear])
    }

    @Test("a pushed screen presents from its viewDidLoad: its navigation controller, the presenter, is in the window")
    func pushedScreen() throws {
        let host = try NavigationHost(driver: .immediate)
        let pushed = EagerPresenter("B", presentingFrom: "viewDidLoad", host.log)
        try host.navigation.push(pushed, animated: true)
        let calls = host.log.take()
        #expect(calls.contains("B.viewDidLoad: presented"))
        // The presentation waits for the push.
        let pushEnds = try #require(calls.firstIndex(of: "B.viewDidAppear"))
        #expect(calls.firstIndex(of: "sheet.viewWillAppear").map { $0 > pushEnds } == true)
        #expect(host.navigation.presentedScreen === pushed.sheet)
    }

    @Test("a window that is not visible yet accepts a presentation from its root's viewDidLoad, as documented")
    func invisibleWindowAccepts() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let root = EagerPresenter("R", presentingFrom: "viewDidLoad", log)
        try window.setRootScreen(root)
        root.loadViewIfNeeded()
        #expect(log.take() == ["R.loadView", "R.viewDidLoad", "R.viewDidLoad: presented"])
        window.makeKeyAndVisible()
        #expect(root.presentedScreen === root.sheet && root.sheet.visibleState == [.loaded, .didAppear])
    }

    @Test("in a hidden window a presentation completes at once, off screen; the screen appears when the window shows")
    func presentationInAHiddenWindow() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let root = TestScreen("R", log)
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        window.hide()
        _ = log.take()
        let presented = ProbingPresentedScreen("B", log)
        try root.present(presented, style: .fullScreen, animated: true) { log.add("completion \($0)") }
        #expect(log.take() == ["completion completed"])
        #expect(root.presentedScreen === presented && !window.transitionDriver.isAnimating)
        window.makeKeyAndVisible()
        // As the rest of the window: the presentation was over before.
        #expect(
            log.take() == [
                "B.loadView", "B.viewDidLoad", "B.viewWillAppear(beingPresented: false)",
                "B.viewDidAppear(beingPresented: false)",
            ])
    }

    @Test(
        "a presenter that a dismissal uncovers is refused from its viewWillAppear, and presents from viewDidAppear",
        arguments: ["viewWillAppear", "viewDidAppear"])
    func presenterUncoveredByDismissal(method: String) throws {
        let host = try NavigationHost(driver: .immediate)
        let presenter = EagerPresenter("P", presentingFrom: "none", host.log)
        try host.navigation.present(presenter, style: .fullScreen, animated: false)
        let cover = TestScreen("C", host.log)
        try presenter.present(cover, style: .fullScreen, animated: false)
        presenter.method = method  // armed only now: P comes back on screen when C goes
        _ = host.log.take()
        #expect(cover.dismiss(animated: true))
        let outcome = method == "viewWillAppear" ? "presenterNotInWindow" : "presented"
        #expect(host.log.take().contains("P.\(method): \(outcome)"))
        #expect((presenter.presentedScreen === presenter.sheet) == (method == "viewDidAppear"))
    }
}

/// A screen that logs, in its appearance calls, whether it is being presented.
private final class ProbingPresentedScreen: TestScreen {
    override func viewWillAppear(_ animated: Bool) {
        log.add("\(name).viewWillAppear(beingPresented: \(isBeingPresented))")
    }

    override func viewDidAppear(_ animated: Bool) {
        log.add("\(name).viewDidAppear(beingPresented: \(isBeingPresented))")
    }
}
