import HookKit
import LifecycleKit
import Testing

/// viewIsAppearing: once per appearance, between viewWillAppear and viewDidAppear, where UIKit's iOS 26 code calls it
/// (its layout pass for an animated transition, else right before the next appearance call).
@Suite("viewIsAppearing")
struct ViewIsAppearingTests {
    /// A visible window (manual driver) whose root is a navigation controller holding `A`.
    struct Host {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let a: AppearingScreen
        let navigation: TestNavigation

        init() throws {
            a = AppearingScreen("A", log)
            navigation = try TestNavigation("nav", root: a, log)
            try window.setRootScreen(navigation)
            window.makeKeyAndVisible()
            window.transitionDriver.completeAll()
            _ = log.take()
        }

        /// The appearance calls of the log, with willShow and didShow.
        func takeAppearance() -> [String] {
            log.take().filter { ($0.contains(".view") && !$0.contains("Load")) || $0.contains("Show(") }
        }
    }

    @Test("an animated push: after the will-calls and willShow, before the old top's viewDidDisappear")
    func animatedPush() throws {
        let host = try Host()
        try host.navigation.push(AppearingScreen("B", host.log), animated: true)
        #expect(
            host.takeAppearance() == [
                "A.viewWillDisappear", "B.viewWillAppear", "nav.willShow(B)", "B.viewIsAppearing",
            ])
        host.window.transitionDriver.completeAll()
        #expect(host.takeAppearance() == ["A.viewDidDisappear", "B.viewDidAppear", "nav.didShow(B)"])
    }

    @Test("a push without animation: right before the new top's viewDidAppear")
    func pushWithoutAnimation() throws {
        let host = try Host()
        try host.navigation.push(AppearingScreen("B", host.log), animated: false)
        #expect(
            host.takeAppearance() == [
                "A.viewWillDisappear", "B.viewWillAppear", "nav.willShow(B)", "A.viewDidDisappear",
                "B.viewIsAppearing", "B.viewDidAppear", "nav.didShow(B)",
            ])
    }

    @Test("an interactive pop: the revealed screen once when it begins; a cancel brings the popping screen's back")
    func interactivePop() throws {
        for finishing in [false, true] {
            let host = try Host()
            try host.navigation.push(AppearingScreen("B", host.log), animated: false)
            _ = host.log.take()
            let pop = try host.navigation.beginInteractivePop(translation: 10)
            #expect(
                host.takeAppearance() == [
                    "B.viewWillDisappear", "A.viewWillAppear", "nav.willShow(A)", "A.viewIsAppearing",
                ])
            if finishing {
                pop.finish()
                #expect(host.takeAppearance() == ["B.viewDidDisappear", "A.viewDidAppear", "nav.didShow(A)"])
            } else {
                pop.cancel()
                #expect(
                    host.takeAppearance() == [
                        "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewIsAppearing",
                        "B.viewDidAppear",
                    ])
            }
        }
    }

    @Test("a container presented with animation: parent first, before any viewDidAppear; its hook point runs it")
    func presentedContainer() throws {
        let host = try Host()
        let container = AppearingScreen("P", host.log)
        try container.addChild(AppearingScreen("C", host.log))
        let counted = EventLog()
        let token = try Screen.viewIsAppearing.after(.instance(container)) { _, animated, _ in
            counted.add(animated ? "animated" : "not animated")
        }
        defer { token.cancel() }
        try host.a.present(container, style: .fullScreen, animated: true)
        #expect(
            host.takeAppearance() == [
                "nav.viewWillDisappear", "A.viewWillDisappear", "P.viewWillAppear", "C.viewWillAppear",
                "P.viewIsAppearing", "C.viewIsAppearing",
            ])
        host.window.transitionDriver.completeAll()
        #expect(
            host.takeAppearance() == [
                "P.viewDidAppear", "C.viewDidAppear", "nav.viewDidDisappear", "A.viewDidDisappear",
            ])
        #expect(counted.take() == ["animated"])
    }

    @Test("a sheet: once when it is presented, once more when a swipe down is cancelled, none when it finishes")
    func sheetSwipe() throws {
        let host = try Host()
        let sheet = AppearingScreen("S", host.log)
        try host.a.present(sheet, style: .pageSheet, animated: true)
        host.window.transitionDriver.completeAll()
        #expect(host.takeAppearance() == ["S.viewWillAppear", "S.viewIsAppearing", "S.viewDidAppear"])
        try sheet.beginInteractiveDismissal().cancel()
        #expect(
            host.takeAppearance() == [
                "S.viewWillDisappear", "S.viewWillAppear", "S.viewIsAppearing", "S.viewDidAppear",
            ])
        try sheet.beginInteractiveDismissal().finish()
        #expect(host.takeAppearance() == ["S.viewWillDisappear", "S.viewDidDisappear"])
    }

    @Test("a screen that leaves from its own viewWillAppear still gets viewIsAppearing before its viewDidAppear")
    func leavingFromViewWillAppear() throws {
        // Found by the re-entrancy explorer: the viewDidAppear that balances the will-call, sent from inside it, came
        // without viewIsAppearing.
        let host = try Host()
        let child = AppearingScriptedScreen("C", host.log)
        child.actions["viewWillAppear"] = { [unowned child] in child.removeFromParent() }
        try host.a.addChild(child)
        #expect(
            host.takeAppearance() == [
                "C.viewWillAppear", "C.viewIsAppearing", "C.viewDidAppear", "C.viewWillDisappear", "C.viewDidDisappear",
            ])
        #expect(child.parent == nil)
    }

    @Test("a child added to a screen on screen: right before its viewDidAppear")
    func childAddedOnScreen() throws {
        let host = try Host()
        try host.a.addChild(AppearingScreen("C", host.log))
        #expect(host.takeAppearance() == ["C.viewWillAppear", "C.viewIsAppearing", "C.viewDidAppear"])
    }
}
