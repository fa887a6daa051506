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
                        "B.viewDidAppear", "nav.willShow(B)", "nav.didShow(B)",
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

    @Test("a child added during its container's animated appearance: once, before the child's viewDidAppear")
    func childAddedDuringAnimatedAppearance() throws {
        let host = try Host()
        let container = AppearingScreen("K", host.log)
        try host.navigation.push(container, animated: true)
        #expect(host.takeAppearance().suffix(1) == ["K.viewIsAppearing"])
        try container.addChild(AppearingScreen("X", host.log))
        // The container's layout pass has run: the child's comes with the next appearance call, its viewDidAppear.
        #expect(host.takeAppearance() == ["X.viewWillAppear"])
        host.window.transitionDriver.completeAll()
        #expect(
            host.takeAppearance() == [
                "A.viewDidDisappear", "K.viewDidAppear", "X.viewIsAppearing", "X.viewDidAppear", "nav.didShow(K)",
            ])
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

    @Test("a pop ended from a before hook of the revealed screen's viewIsAppearing ends once its method returned")
    func popEndedFromViewIsAppearingHook() throws {
        // Found by review (helper-120): sent outside the pop's will-calls, viewIsAppearing let the pop end at once,
        // and the screen's own viewIsAppearing ran after its viewDidAppear (finish) or its viewDidDisappear (cancel).
        for finishing in [true, false] {
            let host = try Host()
            try host.navigation.push(AppearingScreen("B", host.log), animated: false)
            let log = host.log
            let token = try Screen.viewIsAppearing.before(.instance(host.a), once: true) { screen, _ in
                log.add("A.viewIsAppearing before hook")
                if finishing {
                    screen.navigationController?.interactivePop?.finish()
                } else {
                    screen.navigationController?.interactivePop?.cancel()
                }
            }
            defer { token.cancel() }
            _ = host.log.take()
            let pop = try host.navigation.beginInteractivePop(translation: 10)
            let begun = [
                "B.viewWillDisappear", "A.viewWillAppear", "nav.willShow(A)", "A.viewIsAppearing before hook",
                "A.viewIsAppearing",
            ]
            #expect(
                host.takeAppearance()
                    == begun
                    + (finishing
                        ? ["B.viewDidDisappear", "A.viewDidAppear", "nav.didShow(A)"]
                        : [
                            "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewIsAppearing",
                            "B.viewDidAppear", "nav.willShow(B)", "nav.didShow(B)",
                        ]))
            #expect(pop.state == (finishing ? .finished : .cancelled))
        }
    }

    @Test("a screen that moves to an appearing sibling from its viewIsAppearing owes one again for its new appearance")
    func movedFromViewIsAppearing() throws {
        // Found by review (helper-120): the call that sent viewIsAppearing went on to end the screen's new appearance,
        // whose viewDidAppear then came without a viewIsAppearing, before its new parent's.
        let host = try Host()
        let (box, x, m) = (
            TestScreen("Q", host.log), AppearingScriptedScreen("X", host.log), AppearingScreen("M", host.log)
        )
        try box.addChild(x)
        try box.addChild(m)
        x.actions["viewIsAppearing"] = { [unowned x, unowned m] in
            x.removeFromParent()
            try? m.addChild(x)
        }
        try host.navigation.push(box, animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("X.") || $0.hasPrefix("M.") }.filter { !$0.contains("oad") }
                == [
                    "X.willMove(Q)", "X.didMove(Q)", "M.willMove(Q)", "M.didMove(Q)", "X.viewWillAppear",
                    "M.viewWillAppear", "X.viewIsAppearing", "X.willMove(nil)", "X.viewDidAppear",
                    "X.viewWillDisappear", "X.viewDidDisappear", "X.didMove(nil)", "X.willMove(M)", "X.viewWillAppear",
                    "X.didMove(M)", "M.viewIsAppearing", "M.viewDidAppear", "X.viewIsAppearing", "X.viewDidAppear",
                ])
        #expect(x.parent === m && x.visibleState == [.loaded, .didAppear])
    }

    @Test("a child that leaves from its viewIsAppearing and is pushed with animation appears when the push completes")
    func pushedFromViewIsAppearing() throws {
        // Found by review (helper-139): the call that sent viewIsAppearing went on to end the push's appearance, whose
        // viewDidAppear then came while the push still animated.
        let host = try Host()
        let x = AppearingScriptedScreen("X", host.log)
        x.actions["viewIsAppearing"] = { [unowned x, navigation = host.navigation] in
            x.removeFromParent()
            try? navigation.push(x, animated: true)
        }
        try host.a.addChild(x)
        host.log.add("-- animating")
        #expect(host.window.transitionDriver.isAnimating && x.visibleState == [.loaded, .willAppear])
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { !$0.contains("oad") }
                == [
                    "X.willMove(A)", "X.viewWillAppear", "X.viewIsAppearing", "X.willMove(nil)", "X.viewDidAppear",
                    "X.viewWillDisappear", "X.viewDidDisappear", "X.didMove(nil)", "X.willMove(nav)",
                    "A.viewWillDisappear", "X.viewWillAppear", "nav.willShow(X)", "X.viewIsAppearing", "-- animating",
                    "A.viewDidDisappear", "X.viewDidAppear", "X.didMove(nav)", "nav.didShow(X)",
                ])
        #expect(x.visibleState == [.loaded, .didAppear] && host.navigation.topViewController === x)
    }

    @Test("a child added to a screen on screen: right before its viewDidAppear")
    func childAddedOnScreen() throws {
        let host = try Host()
        try host.a.addChild(AppearingScreen("C", host.log))
        #expect(host.takeAppearance() == ["C.viewWillAppear", "C.viewIsAppearing", "C.viewDidAppear"])
    }
}
