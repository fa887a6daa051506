import LifecycleKit
import Testing

/// UIKit's `isMovingToParent`, `isMovingFromParent`, `isBeingPresented` and `isBeingDismissed`: each true only
/// during the appearance transition it explains, from the will-call to the did-call.
@Suite("Appearance causes")
struct AppearanceCauseTests {
    /// A screen that logs, in each appearance call, the causes that are true then (`-` for none).
    static func causeScreen(_ name: String, _ log: EventLog) -> ProbingScreen {
        ProbingScreen(name, log) { ProbingScreen.causes(of: $0) }
    }

    /// A visible window on a manual driver whose root is the navigation controller `nav` = [A].
    struct Host {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let navigation: NavigationController
        let a: ProbingScreen

        init() throws {
            a = AppearanceCauseTests.causeScreen("A", log)
            navigation = try NavigationController(rootScreen: a, title: "nav")
            try window.setRootScreen(navigation)
            window.makeKeyAndVisible()
        }

        func screen(_ name: String) -> ProbingScreen {
            AppearanceCauseTests.causeScreen(name, log)
        }

        /// The appearance calls logged since the last call (not the loading ones).
        func calls() -> [String] {
            log.take().filter { $0.contains("ppear ") }
        }

        /// Whether no screen reports a cause now.
        func noCauses(_ screens: Screen...) -> Bool {
            screens.allSatisfy { screen in
                !screen.isMovingToParent && !screen.isMovingFromParent && !screen.isBeingPresented
                    && !screen.isBeingDismissed
            }
        }
    }

    @Test("a navigation controller's root appearing with its window for the first time is moving to its parent")
    func rootAppearance() throws {
        let host = try Host()
        // UIKit ends the root's move (didMove(toParent:)) after its first appearance; later ones have no cause.
        #expect(host.calls() == ["A.viewWillAppear movingTo", "A.viewDidAppear movingTo"])
        host.window.hide()
        host.window.makeKeyAndVisible()
        #expect(
            host.calls() == [
                "A.viewWillDisappear -", "A.viewDidDisappear -", "A.viewWillAppear -", "A.viewDidAppear -",
            ])
    }

    @Test("push and pop: the pushed screen moves to its parent, the popped one from it; the one below has no cause")
    func pushAndPop() throws {
        let host = try Host()
        _ = host.calls()
        let b = host.screen("B")
        try host.navigation.push(b, animated: true)
        #expect(b.isMovingToParent && host.calls() == ["A.viewWillDisappear -", "B.viewWillAppear movingTo"])
        host.window.transitionDriver.completeAll()
        #expect(host.calls() == ["A.viewDidDisappear -", "B.viewDidAppear movingTo"])
        #expect(host.noCauses(host.a, b))
        try host.navigation.pop(animated: true)
        #expect(b.isMovingFromParent && host.calls() == ["B.viewWillDisappear movingFrom", "A.viewWillAppear -"])
        host.window.transitionDriver.completeAll()
        #expect(host.calls() == ["B.viewDidDisappear movingFrom", "A.viewDidAppear -"])
        #expect(host.noCauses(host.a, b))
    }

    @Test("a screen that appears again after a pop back to it has no cause")
    func laterAppearances() throws {
        let host = try Host()
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        try host.navigation.push(host.screen("C"), animated: false)
        _ = host.calls()
        try host.navigation.pop(animated: false)
        #expect(
            host.calls() == [
                "C.viewWillDisappear movingFrom", "B.viewWillAppear -", "C.viewDidDisappear movingFrom",
                "B.viewDidAppear -",
            ])
    }

    @Test("addChild and removeFromParent: the child moves to its parent and from it")
    func containment() throws {
        let host = try Host()
        let box = host.screen("K")
        try host.navigation.push(box, animated: false)
        _ = host.calls()
        let child = host.screen("C")
        try box.addChild(child)
        child.removeFromParent()
        #expect(
            host.calls() == [
                "C.viewWillAppear movingTo", "C.viewDidAppear movingTo", "C.viewWillDisappear movingFrom",
                "C.viewDidDisappear movingFrom",
            ])
        #expect(host.noCauses(box, child))
    }

    @Test("present and dismiss: the presented screen is being presented, then dismissed; the presenter has no cause")
    func presentation() throws {
        let host = try Host()
        _ = host.calls()
        let p = host.screen("P")
        // Each step starts an animated transition, during which `p` has its cause, then completes it.
        let steps: [(start: () throws -> Void, hasCause: () -> Bool, calls: [String])] = [
            (
                { try host.navigation.present(p, style: .fullScreen, animated: true) }, { p.isBeingPresented },
                [
                    "A.viewWillDisappear -", "P.viewWillAppear presented", "P.viewDidAppear presented",
                    "A.viewDidDisappear -",
                ]
            ),
            (
                { #expect(p.dismiss(animated: true)) }, { p.isBeingDismissed },
                [
                    "P.viewWillDisappear dismissed", "A.viewWillAppear -", "A.viewDidAppear -",
                    "P.viewDidDisappear dismissed",
                ]
            ),
        ]
        for step in steps {
            try step.start()
            #expect(step.hasCause())
            host.window.transitionDriver.completeAll()
            #expect(host.calls() == step.calls)
            #expect(host.noCauses(host.a, p))
        }
    }

    @Test("a presented container is being presented; its root is moving to it, as on its first appearance")
    func presentedContainer() throws {
        let host = try Host()
        _ = host.calls()
        let x = host.screen("X")
        let sheet = try NavigationController(rootScreen: x)
        try host.a.present(sheet, style: .pageSheet, animated: true)
        #expect(sheet.isBeingPresented && !x.isBeingPresented)
        host.window.transitionDriver.completeAll()
        #expect(host.calls() == ["X.viewWillAppear movingTo", "X.viewDidAppear movingTo"])
        #expect(!sheet.isBeingPresented && !sheet.isBeingDismissed)
        #expect(sheet.dismiss(animated: true))
        #expect(sheet.isBeingDismissed && !x.isBeingDismissed)
        host.window.transitionDriver.completeAll()
        #expect(host.calls() == ["X.viewWillDisappear -", "X.viewDidDisappear -"])
    }

    @Test("a screen pushed under a full-screen presentation is moving to its parent when the dismissal reveals it")
    func pushedWhileCovered() throws {
        let host = try Host()
        let cover = host.screen("M")
        try host.navigation.present(cover, style: .fullScreen, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.calls()
        let b = host.screen("B")
        try host.navigation.push(b, animated: true)
        host.window.transitionDriver.completeAll()
        // Off screen: its move waits for its first appearance, as UIKit's deferred transition does.
        #expect(host.log.take() == ["B.willMove(nav)"])
        #expect(cover.dismiss(animated: false))
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take() == [
                "M.viewWillDisappear dismissed", "B.loadView", "B.viewDidLoad", "B.viewWillAppear movingTo",
                "B.viewDidAppear movingTo", "B.didMove(nav)", "M.viewDidDisappear dismissed",
            ])
        // Its move ended with that appearance: a later one has no cause.
        host.window.hide()
        host.window.makeKeyAndVisible()
        #expect(host.calls().filter { $0.hasPrefix("B.viewWillAppear") } == ["B.viewWillAppear -"])
    }

    @Test("the root of a navigation controller released before it appeared is not moving to a parent when presented")
    func rootOfAReleasedController() throws {
        let host = try Host()
        _ = host.calls()
        let root = host.screen("R")
        do {
            _ = try NavigationController(rootScreen: root, title: "gone")
        }
        #expect(root.parent == nil)
        try host.navigation.present(root, style: .fullScreen, animated: false)
        host.window.transitionDriver.completeAll()
        #expect(
            host.calls() == [
                "A.viewWillDisappear -", "R.viewWillAppear presented", "R.viewDidAppear presented",
                "A.viewDidDisappear -",
            ])
    }

    @Test("an interactive pop: the popping screen moves from its parent from the beginning until it ends")
    func interactivePop() throws {
        let host = try Host()
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        _ = host.calls()
        let cancelled = try host.navigation.beginInteractivePop(translation: 10)
        #expect(b.isMovingFromParent)
        cancelled.cancel()
        #expect(
            host.calls() == [
                "B.viewWillDisappear movingFrom", "A.viewWillAppear -", "A.viewWillDisappear -", "A.viewDidDisappear -",
                "B.viewWillAppear -", "B.viewDidAppear -",
            ])
        #expect(host.noCauses(host.a, b))
        let finished = try host.navigation.beginInteractivePop(translation: 10)
        finished.finish()
        #expect(
            host.calls() == [
                "B.viewWillDisappear movingFrom", "A.viewWillAppear -", "B.viewDidDisappear movingFrom",
                "A.viewDidAppear -",
            ])
        #expect(host.noCauses(host.a, b))
    }

    @Test("a container's cause is still true in the did-calls it forwards to its children, as UIKit's")
    func parentCauseInChildrensDidCalls() throws {
        let host = try Host()
        let container = host.screen("K")
        let parentCauses = { (screen: Screen) in "parent:" + ProbingScreen.causes(of: screen.parent) }
        try container.addChild(ProbingScreen("C", host.log, probe: parentCauses))
        try host.navigation.push(container, animated: true)
        host.window.transitionDriver.completeAll()
        _ = try host.navigation.pop(animated: true)
        host.window.transitionDriver.completeAll()
        let x = ProbingScreen("X", host.log, probe: parentCauses)
        let sheet = try NavigationController(rootScreen: x, title: "sheet")
        try host.a.present(sheet, style: .pageSheet, animated: true)
        host.window.transitionDriver.completeAll()
        #expect(sheet.dismiss(animated: true))
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.contains("parent:") } == [
                "C.viewWillAppear parent:movingTo", "C.viewDidAppear parent:movingTo",
                "C.viewWillDisappear parent:movingFrom", "C.viewDidDisappear parent:movingFrom",
                "X.viewWillAppear parent:presented", "X.viewDidAppear parent:presented",
                "X.viewWillDisappear parent:dismissed", "X.viewDidDisappear parent:dismissed",
            ])
        #expect(!container.isMovingFromParent && !sheet.isBeingDismissed)
    }
}
