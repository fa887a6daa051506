import LifecycleKit
import Testing

/// A container forwards its appearance calls to its children in the order of ``Screen/childrenForAppearanceForwarding``
/// (its children, by default), as UIKit's view controller forwards them to its `childViewControllers`, whichever
/// order they last came on screen in.
@Suite("A container's forwarding order")
struct ContainerForwardingOrderTests {
    /// A window rooted at a container R with the children X and Y, on screen, the log emptied (the caller keeps the
    /// window: a window no one holds goes away).
    static func containerOnScreen(
        _ log: EventLog, driver: TransitionDriver.Mode = .immediate
    ) throws -> (window: Window, root: TestScreen, x: TestScreen) {
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: driver))
        let (root, x, y) = (TestScreen("R", log), TestScreen("X", log), TestScreen("Y", log))
        try window.setRootScreen(root)
        try root.addChild(x)
        try root.addChild(y)
        window.makeKeyAndVisible()
        _ = log.take()
        return (window, root, x)
    }

    @Test("a child that came back from under a current-context presentation disappears in its place among the others")
    func childBackFromUnderAPresentation() throws {
        // Found by review (helper-213): X came back on screen after Y, and the container's disappearance reached Y
        // first, in the order the two came on screen.
        let log = EventLog()
        let (window, root, x) = try Self.containerOnScreen(log)
        x.definesPresentationContext = true
        let sheet = TestScreen("S", log)
        try x.present(sheet, style: .currentContext, animated: false)
        #expect(sheet.dismiss(animated: false))
        _ = log.take()
        let cover = TestScreen("D", log)
        try root.present(cover, style: .fullScreen, animated: false)
        #expect(
            log.take().filter { !$0.contains("oad") } == [
                "R.viewWillDisappear", "X.viewWillDisappear", "Y.viewWillDisappear", "D.viewWillAppear",
                "D.viewDidAppear", "R.viewDidDisappear", "X.viewDidDisappear", "Y.viewDidDisappear",
            ])
        #expect(cover.dismiss(animated: false))
        #expect(
            log.take() == [
                "D.viewWillDisappear", "R.viewWillAppear", "X.viewWillAppear", "Y.viewWillAppear", "R.viewDidAppear",
                "X.viewDidAppear", "Y.viewDidAppear", "D.viewDidDisappear",
            ])
        withExtendedLifetime(window) {}
    }

    @Test("a current-context presentation in its child's place disappears where that child would")
    func presentationInItsChildsPlace() throws {
        let log = EventLog()
        let (window, root, x) = try Self.containerOnScreen(log)
        x.definesPresentationContext = true
        let cover = TestScreen("D", log)
        try root.present(cover, style: .fullScreen, animated: false)
        #expect(cover.dismiss(animated: false))
        // X's presentation comes on screen after Y, which came back with the container.
        let sheet = TestScreen("S", log)
        try x.present(sheet, style: .currentContext, animated: false)
        _ = log.take()
        let second = TestScreen("E", log)
        try root.present(second, style: .fullScreen, animated: false)
        #expect(
            log.take().filter { !$0.contains("oad") } == [
                "R.viewWillDisappear", "S.viewWillDisappear", "Y.viewWillDisappear", "E.viewWillAppear",
                "E.viewDidAppear", "R.viewDidDisappear", "S.viewDidDisappear", "Y.viewDidDisappear",
            ])
        withExtendedLifetime(window) {}
    }

    @Test("a child whose current-context presentation waits in the queue keeps its place", arguments: [false, true])
    func childWhosePresentationWaits(uncovering: Bool) throws {
        // Found by review (helper-215): the child was looked up by its presentation, not on screen yet, and came last.
        let log = EventLog()
        let (window, root, x) = try Self.containerOnScreen(log, driver: .manual)
        x.definesPresentationContext = true
        let cover = TestScreen("D", log)
        if uncovering {
            try root.present(cover, style: .fullScreen, animated: false)
            window.transitionDriver.completeAll()
            _ = log.take()
            #expect(cover.dismiss(animated: true))
        } else {
            try root.present(cover, style: .fullScreen, animated: true)
        }
        try x.present(TestScreen("S", log), style: .currentContext, animated: false)  // waits for the transition
        window.transitionDriver.completeAll()
        let calls = log.takeLifecycle().filter { $0.hasPrefix("R.") || $0.hasPrefix("X.") || $0.hasPrefix("Y.") }
        let phase = uncovering ? "Appear" : "Disappear"
        let expected = [
            "R.viewWill\(phase)", "X.viewWill\(phase)", "Y.viewWill\(phase)", "R.viewDid\(phase)", "X.viewDid\(phase)",
            "Y.viewDid\(phase)",
        ]
        #expect(Array(calls.prefix(6)) == expected)
    }

    @Test("in a chain of current-context presentations, the last one on screen takes the child's place")
    func chainWhoseLastPresentationWaits() throws {
        // Found by review (helper-217): with the second presentation waiting, the child was looked up in its own place,
        // where the first presentation stood in for it, and the first came last in the did-calls.
        let log = EventLog()
        let (window, root, x) = try Self.containerOnScreen(log, driver: .manual)
        x.definesPresentationContext = true
        let first = TestScreen("S1", log)
        first.definesPresentationContext = true
        try x.present(first, style: .currentContext, animated: false)
        window.transitionDriver.completeAll()
        _ = log.take()
        try root.present(TestScreen("D", log), style: .fullScreen, animated: true)
        try first.present(TestScreen("S2", log), style: .currentContext, animated: false)  // waits
        window.transitionDriver.completeAll()
        let calls = log.takeLifecycle().filter { ["R.", "S1.", "Y."].contains(where: $0.hasPrefix) }
        #expect(
            Array(calls.prefix(6)) == [
                "R.viewWillDisappear", "S1.viewWillDisappear", "Y.viewWillDisappear", "R.viewDidDisappear",
                "S1.viewDidDisappear", "Y.viewDidDisappear",
            ])
        withExtendedLifetime(window) {}
    }
}
