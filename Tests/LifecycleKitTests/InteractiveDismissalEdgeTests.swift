import HookKit
import LifecycleKit
import Testing

/// The swipe-down dismissal ended or disturbed from inside its own calls, and the state it leaves: re-entrant
/// requests, windows and presenters that go away, diagnostics, and what the docs promise.
@Suite("Interactive dismissal: requests from its calls and edge cases")
struct InteractiveDismissalEdgeTests {
    /// A visible window whose root `P` presents, as a form sheet, the navigation controller `nav` (R, then E on top).
    struct NavigationSheetHost {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter: SheetProbe
        let navigation: TestNavigation
        let root: SheetProbe
        let top: SheetProbe

        init() throws {
            presenter = SheetProbe("P", log)
            root = SheetProbe("R", log)
            top = SheetProbe("E", log)
            navigation = try TestNavigation("nav", root: root, log)
            try navigation.push(top, animated: false)
            try window.setRootScreen(presenter)
            window.makeKeyAndVisible()
            try presenter.present(navigation, style: .formSheet, animated: false)
            window.transitionDriver.completeAll()
            _ = log.take()
        }
    }

    // MARK: - Defects

    @Test(
        "finished from presentationWillDismiss, the dismissed sheet still gets viewWillDisappear/viewDidDisappear"
    )
    func finishFromWillDismiss() throws {
        let host = try SheetHost()
        let completions = Completions()
        let sheet = host.sheet
        sheet.actions["willDismiss"] = { sheet.interactiveDismissal?.finish() }
        let swipe = try sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        #expect(swipe.state == .finished && completions["swipe"] == [.completed])
        #expect(host.presenter.presentedScreen == nil && sheet.presentingScreen == nil)
        // Expected, as a pop finished from willPop (its _settleChildrenOnScreen): the sheet goes off screen, in order.
        #expect(
            host.log.take() == [
                "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "S.viewDidDisappear", "S.didDismiss",
            ])
        #expect(sheet.visibleState == [.loaded, .didDisappear])
        // A later, unrelated transition must not send the detached sheet its calls then.
        try host.presenter.present(SheetProbe("T", host.log), style: .pageSheet, animated: false)
        #expect(host.log.take() == ["T.loadView", "T.viewDidLoad", "T.viewWillAppear", "T.viewDidAppear"])
    }

    @Test("dismissScreen() during the swipe does nothing and says so (.nothing), as dismiss() returns false")
    func dismissScreenDuringSwipe() throws {
        let host = try SheetHost()
        let swipe = try host.sheet.beginInteractiveDismissal()
        _ = host.log.take()
        let completions = Completions()
        let action = host.sheet.dismissScreen(animated: true, completion: completions.callback("close"))
        #expect(completions["close"] == [.completed])
        #expect(action == .nothing)  // nothing was dismissed: the swipe decides
        #expect(host.presenter.presentedScreen === host.sheet)
        swipe.cancel()
        #expect(host.log.take() == ["S.viewWillAppear", "S.viewDidAppear"])
    }

    @Test("dismissScreen() on the root of a presented navigation controller during the swipe returns .nothing")
    func dismissScreenFromNavigationRootDuringSwipe() throws {
        let host = try NavigationSheetHost()
        try host.navigation.pop(animated: false)
        _ = host.log.take()
        let swipe = try host.navigation.beginInteractiveDismissal()
        #expect(host.root.dismissScreen(animated: false) == .nothing)
        swipe.finish()
        #expect(
            host.log.take() == [
                "nav.viewWillDisappear", "R.viewWillDisappear", "nav.viewDidDisappear", "R.viewDidDisappear",
            ])
    }

    @Test("a cancelled swipe pauses the sheet's statistics view and resumes it, as a cancelled pop does")
    func statisticsOfACancelledSwipe() throws {
        let host = try StatisticsHost(driver: .manual)
        let cart = Cart()
        host.time.advance(by: 1)
        try host.home.present(cart, style: .pageSheet, animated: false)  // Home paused at 1
        host.time.advance(by: 2)
        let swipe = try cart.beginInteractiveDismissal()  // at 3
        host.time.advance(by: 4)
        swipe.cancel()  // at 7
        host.time.advance(by: 8)  // 15
        cart.dismiss(animated: false)
        host.time.advance(by: 16)  // 31
        // Not a new view: the swipe paused Cart's view, the cancel resumed it.
        #expect(host.line("Cart") == "[Cart: stayed 0.167 (mins), viewed 1, resumed 1]")  // 2 + 8 s, the swipe paused
        // Home stayed under the sheet throughout the swipe: it resumes once, at the dismissal.
        #expect(host.line("Home") == "[Home: stayed 0.283 (mins), viewed 1, resumed 1]")  // 1 + 16 s
    }

    @Test(
        "a presenter released mid-swipe cancels it: the sheet's did-call and the completion then, the sheet freed",
        arguments: [false, true])
    func presenterReleasedMidSwipe(appKeepsTheSwipe: Bool) throws {
        let log = EventLog()
        let completions = Completions()
        weak var weakSheet: Screen?
        weak var weakSwipe: InteractiveDismissal?
        var kept: InteractiveDismissal?
        do {
            let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
            let presenter = SheetProbe("P", log)
            try window.setRootScreen(presenter)
            window.makeKeyAndVisible()
            let sheet = SheetProbe("S", log)
            weakSheet = sheet
            try presenter.present(sheet, animated: false)
            let swipe = try sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
            weakSwipe = swipe
            if appKeepsTheSwipe { kept = swipe }
            _ = log.take()
        }
        // The presenter's deinit cancelled the swipe (as a navigation controller's cancels its pop): the sheet's
        // viewDidDisappear and the completion came at the release; no didDismiss. The sheet and its dismissal no
        // longer hold each other, and a finish from the app is ignored.
        #expect(log.take() == ["S.viewDidDisappear"])
        #expect(completions["swipe"] == [.cancelled])
        kept?.finish()
        #expect(log.take().isEmpty && completions["swipe"] == [.cancelled])
        kept = nil
        #expect(weakSheet == nil && weakSwipe == nil)
    }

    @Test("the same with an interactive pop: the navigation controller's deinit cancels it")
    func releasedMidPop() throws {
        let log = EventLog()
        let completions = Completions()
        weak var weakNavigation: NavigationController?
        do {
            let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
            let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
            weakNavigation = navigation
            try window.setRootScreen(navigation)
            window.makeKeyAndVisible()
            try navigation.push(TestScreen("B", log), animated: false)
            _ = try navigation.beginInteractivePop(translation: 10, completion: completions.callback("pop"))
        }
        #expect(weakNavigation == nil)
        #expect(completions["pop"] == [.cancelled])
    }

    // MARK: - Re-entrancy that held

    @Test("cancelled from the sheet's own viewWillDisappear")
    func cancelFromSheetWillDisappear() throws {
        let host = try SheetHost()
        let sheet = host.sheet
        let completions = Completions()
        sheet.actions["viewWillDisappear"] = { sheet.interactiveDismissal?.cancel() }
        let swipe = try sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        #expect(
            host.log.take() == [
                "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "S.viewWillAppear", "S.viewDidAppear",
            ])
        #expect(swipe.state == .cancelled && completions["swipe"] == [.cancelled])
        #expect(sheet.visibleState == [.loaded, .didAppear] && !sheet.isBeingDismissed)
        #expect(!host.window.transitionDriver.isTransitioning && sheet.interactiveDismissalRefusal() == nil)
    }

    @Test("finished from the sheet's own viewWillDisappear")
    func finishFromSheetWillDisappear() throws {
        let host = try SheetHost()
        let sheet = host.sheet
        sheet.actions["viewWillDisappear"] = { sheet.interactiveDismissal?.finish() }
        _ = try sheet.beginInteractiveDismissal()
        #expect(
            host.log.take() == [
                "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "S.viewDidDisappear", "S.didDismiss",
            ])
        #expect(sheet.visibleState == [.loaded, .didDisappear] && host.presenter.presentedScreen == nil)
    }

    @Test("ended from a child's viewWillDisappear (one or two children)", arguments: [true, false])
    func endedFromChildWillDisappear(finish: Bool) throws {
        let host = try SheetHost(children: ["C1", "C2"])
        let sheet = host.sheet
        host.child(0).actions["viewWillDisappear"] = {
            if finish { sheet.interactiveDismissal?.finish() } else { sheet.interactiveDismissal?.cancel() }
        }
        _ = try sheet.beginInteractiveDismissal()
        if finish {
            #expect(
                host.log.take() == [
                    "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "C1.viewWillDisappear",
                    "C2.viewWillDisappear", "S.viewDidDisappear", "C1.viewDidDisappear", "C2.viewDidDisappear",
                    "S.didDismiss",
                ])
        } else {
            #expect(
                host.log.take() == [
                    "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "C1.viewWillDisappear",
                    "S.viewWillAppear", "C1.viewWillAppear", "S.viewDidAppear", "C1.viewDidAppear",
                ])
            #expect(host.child(1).visibleState == [.loaded, .didAppear])
        }
    }

    @Test("cancelled from an instance-scoped global after hook on viewWillDisappear")
    func cancelFromGlobalHook() throws {
        let host = try SheetHost()
        let token = try Lifecycle.hook(.viewWillDisappear, .after, scope: .instance(host.sheet), once: true) {
            screen, _ in screen.interactiveDismissal?.cancel()
        }
        defer { token.cancel() }
        _ = try host.sheet.beginInteractiveDismissal()
        #expect(
            host.log.take() == [
                "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "S.viewWillAppear", "S.viewDidAppear",
            ])
        #expect(host.sheet.visibleState == [.loaded, .didAppear])
    }

    @Test("finished from a global before hook on viewWillDisappear (and the same for a pop)")
    func finishFromGlobalBeforeHook() throws {
        let host = try SheetHost()
        let token = try Lifecycle.hook(.viewWillDisappear, .before, scope: .instance(host.sheet), once: true) {
            screen, _ in screen.interactiveDismissal?.finish()
        }
        defer { token.cancel() }
        _ = try host.sheet.beginInteractiveDismissal()
        let swipeTrace = host.log.take()

        let nav = try NavigationHost()
        let b = nav.screen("B")
        try nav.navigation.push(b, animated: false)
        let popToken = try Lifecycle.hook(.viewWillDisappear, .before, scope: .instance(b), once: true) { screen, _ in
            screen.navigationController?.interactivePop?.finish()
        }
        defer { popToken.cancel() }
        _ = nav.log.take()
        _ = try nav.navigation.beginInteractivePop(translation: 10)
        let popTrace = nav.log.take().filter { $0.hasPrefix("B.view") }
        // Each ends once the will-call returned: the screen's own method (which the hook point runs after its before
        // hooks) sees viewWillDisappear before viewDidDisappear.
        #expect(
            swipeTrace == [
                "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "S.viewDidDisappear", "S.didDismiss",
            ])
        #expect(popTrace == ["B.viewWillDisappear", "B.viewDidDisappear"])
    }

    @Test(
        "a presented navigation controller, ended from its top screen's viewWillDisappear",
        arguments: [true, false])
    func navigationSheetEndedFromTop(finish: Bool) throws {
        let host = try NavigationSheetHost()
        let navigation = host.navigation
        host.top.actions["viewWillDisappear"] = {
            if finish { navigation.interactiveDismissal?.finish() } else { navigation.interactiveDismissal?.cancel() }
        }
        _ = try host.top.beginInteractiveDismissal()
        if finish {
            #expect(
                host.log.take() == [
                    "nav.viewWillDisappear", "E.viewWillDisappear", "nav.viewDidDisappear", "E.viewDidDisappear",
                ])
            #expect(navigation.navigationBar.owner == nil)
        } else {
            #expect(
                host.log.take() == [
                    "nav.viewWillDisappear", "E.viewWillDisappear", "nav.viewWillAppear", "E.viewWillAppear",
                    "nav.willShow(E)", "nav.viewDidAppear", "E.viewDidAppear", "nav.didShow(E)",
                ])
            #expect(navigation.navigationBar.owner === host.top)
        }
    }

    @Test(
        "the pop gesture inside the sheet: refused during the swipe; begun from shouldDismiss, it refuses the swipe"
    )
    func popGestureAndSwipe() throws {
        let host = try NavigationSheetHost()
        let navigation = host.navigation
        let swipe = try navigation.beginInteractiveDismissal()
        #expect(navigation.interactivePopRefusal(translation: 10) == .notOnScreen)
        expectError(.popGestureRefused) { _ = try navigation.beginInteractivePop(translation: 10) }
        swipe.cancel()
        _ = host.log.take()

        // A pop in progress refuses the swipe.
        let pop = try navigation.beginInteractivePop(translation: 10)
        #expect(navigation.interactiveDismissalRefusal() == .transitionRunning)
        expectError(.dismissGestureRefused) { _ = try navigation.beginInteractiveDismissal() }
        pop.cancel()
        _ = host.log.take()
        #expect(navigation.interactiveDismissalRefusal() == nil)
    }

    @Test("a pop begun in presentationShouldDismiss makes the swipe refuse, without didAttemptToDismiss")
    func popBegunInShouldDismiss() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = SheetProbe("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        final class ProbeNavigation: NavigationController {
            var onShould: (() -> Void)?
            override func presentationShouldDismiss() -> Bool {
                onShould?()
                onShould = nil
                return true
            }
        }
        let navigation = try ProbeNavigation(rootScreen: SheetProbe("R", log))
        try navigation.push(SheetProbe("E", log), animated: false)
        try presenter.present(navigation, animated: false)
        var pop: InteractivePop?
        navigation.onShould = { pop = try? navigation.beginInteractivePop(translation: 10) }
        _ = log.take()
        expectError(.dismissGestureRefused) { _ = try navigation.beginInteractiveDismissal() }
        #expect(pop != nil)
        #expect(
            log.take() == [
                "E.willPop(true)", "E.willMove(nil)", "R.loadView", "R.viewDidLoad", "E.viewWillDisappear",
                "R.viewWillAppear",
            ])
        pop?.finish()
        #expect(
            log.take() == [
                "E.viewDidDisappear", "E.didPop(true)", "E.didMove(nil)", "R.viewDidAppear",
            ])
        #expect(!window.transitionDriver.isTransitioning)
    }

    @Test("begun in presentationWillDismiss, a pop of a navigation controller in the sheet is refused")
    func popBegunInWillDismiss() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = SheetProbe("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        final class ProbeNavigation: NavigationController {
            var refusal: PopGestureRefusal??
            override func presentationWillDismiss() { refusal = interactivePopRefusal(translation: 10) }
        }
        let navigation = try ProbeNavigation(rootScreen: SheetProbe("R", log))
        try navigation.push(SheetProbe("E", log), animated: false)
        try presenter.present(navigation, animated: false)
        let swipe = try navigation.beginInteractiveDismissal()
        #expect(navigation.refusal == .some(.transitionRunning))
        swipe.finish()
    }

    @Test("the window hidden from the sheet's viewWillDisappear, then the swipe cancelled, then shown")
    func windowHiddenDuringSwipeThenCancelled() throws {
        let host = try SheetHost()
        let window = host.window
        host.sheet.actions["viewWillDisappear"] = { window.hide() }
        let swipe = try host.sheet.beginInteractiveDismissal()
        _ = host.log.take()
        swipe.cancel()
        #expect(host.log.take() == ["S.viewDidDisappear", "P.viewWillDisappear", "P.viewDidDisappear"])
        window.makeKeyAndVisible()
        #expect(
            host.log.take() == ["P.viewWillAppear", "S.viewWillAppear", "P.viewDidAppear", "S.viewDidAppear"])
        #expect(host.presenter.presentedScreen === host.sheet && host.sheet.interactiveDismissalRefusal() == nil)
    }

    @Test("the window hidden during the swipe, then the swipe finished or cancelled", arguments: [true, false])
    func windowHiddenDuringSwipe(finished: Bool) throws {
        let host = try SheetHost()
        let swipe = try host.sheet.beginInteractiveDismissal()
        host.window.hide()
        _ = host.log.take()
        if finished {
            swipe.finish()
            #expect(
                host.log.take() == ["S.viewDidDisappear", "S.didDismiss", "P.viewWillDisappear", "P.viewDidDisappear"])
        } else {
            // A cancelled swipe gets only the viewDidDisappear the sheet waits for, as InteractiveDismissal.cancel()
            // and Window.hide() say (the latter said the sheet came back first, until helper-162's audit).
            swipe.cancel()
            #expect(host.log.take() == ["S.viewDidDisappear", "P.viewWillDisappear", "P.viewDidDisappear"])
            #expect(host.presenter.presentedScreen === host.sheet && !host.sheet.visibleState.contains(.didAppear))
        }
    }

    @Test("the window hidden and shown again during the swipe, then cancelled")
    func windowHiddenAndShownDuringSwipe() throws {
        let host = try SheetHost()
        let swipe = try host.sheet.beginInteractiveDismissal()
        host.window.hide()
        host.window.makeKeyAndVisible()
        _ = host.log.take()
        swipe.cancel()
        let trace = host.log.take()
        #expect(trace.first == "S.viewWillAppear")
        #expect(
            host.sheet.visibleState == [.loaded, .didAppear] && host.presenter.visibleState == [.loaded, .didAppear])
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("the root replaced from presentationWillDismiss, then the swipe finished")
    func rootReplacedInWillDismiss() throws {
        let host = try SheetHost()
        let window = host.window
        let completions = Completions()
        let replacement = SheetProbe("X", host.log)
        host.sheet.actions["willDismiss"] = { try? window.setRootScreen(replacement) }
        let swipe = try host.sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        #expect(host.log.take() == ["S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear"])
        swipe.finish()
        #expect(completions["swipe"] == [.completed])
        #expect(
            host.log.take() == [
                "S.viewDidDisappear", "X.loadView", "X.viewDidLoad", "P.viewWillDisappear", "X.viewWillAppear",
                "P.viewDidDisappear", "X.viewDidAppear",
            ])
    }

    @Test("re-presented from its own viewDidDisappear while the swipe finishes")
    func representedFromDidDisappear() throws {
        let host = try SheetHost()
        let (presenter, sheet) = (host.presenter, host.sheet)
        let swipe = try sheet.beginInteractiveDismissal()
        sheet.actions["viewDidDisappear"] = { try? presenter.present(sheet, style: .pageSheet, animated: true) }
        _ = host.log.take()
        swipe.finish()
        #expect(host.log.take() == ["S.viewDidDisappear", "S.didDismiss", "S.viewWillAppear"])
        host.window.transitionDriver.completeAll()
        #expect(host.log.take() == ["S.viewDidAppear"])
        #expect(presenter.presentedScreen === sheet && sheet.interactiveDismissalRefusal() == nil)
    }

    @Test("a second swipe begun from the completion of a cancelled one")
    func secondSwipeFromCompletion() throws {
        let host = try SheetHost()
        let sheet = host.sheet
        var second: InteractiveDismissal?
        let swipe = try sheet.beginInteractiveDismissal { _ in second = try? sheet.beginInteractiveDismissal() }
        _ = host.log.take()
        swipe.cancel()
        #expect(
            host.log.take() == [
                "S.viewWillAppear", "S.viewDidAppear", "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear",
            ])
        #expect(second != nil && host.window.transitionDriver.isTransitioning)
        second?.finish()
        #expect(host.log.take() == ["S.viewDidDisappear", "S.didDismiss"])
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("begun from the completion of the sheet's presentation")
    func begunFromPresentationCompletion() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = SheetProbe("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        let sheet = SheetProbe("S", log)
        var swipe: InteractiveDismissal?
        _ = log.take()
        try presenter.present(sheet, animated: true) { _ in swipe = try? sheet.beginInteractiveDismissal() }
        window.transitionDriver.completeAll()
        #expect(
            log.take() == [
                "S.loadView", "S.viewDidLoad", "S.viewWillAppear", "S.viewDidAppear", "S.shouldDismiss",
                "S.willDismiss", "S.viewWillDisappear",
            ])
        #expect(swipe != nil && window.transitionDriver.isTransitioning)
        swipe?.cancel()
        #expect(log.take() == ["S.viewWillAppear", "S.viewDidAppear"])
        #expect(!window.transitionDriver.isTransitioning)
    }

    @Test("a dismissal requested in the cancel's viewDidAppear, or in its completion, dismisses the sheet after it")
    func dismissInCancelDidAppear() throws {
        // It was ignored, as a pop requested there was refused; both are accepted now (helper-190).
        let host = try SheetHost()
        let sheet = host.sheet
        var result: Bool?
        let swipe = try sheet.beginInteractiveDismissal()
        sheet.actions["viewDidAppear"] = { result = sheet.dismiss(animated: false) }
        _ = host.log.take()
        swipe.cancel()
        #expect(result == true)
        #expect(
            host.log.take() == ["S.viewWillAppear", "S.viewDidAppear", "S.viewWillDisappear", "S.viewDidDisappear"])
        #expect(host.presenter.presentedScreen == nil)
        // From the completion too.
        try host.presenter.present(sheet, style: .pageSheet, animated: false)
        let again = try sheet.beginInteractiveDismissal { _ in _ = sheet.dismiss(animated: false) }
        _ = host.log.take()
        again.cancel()
        #expect(
            host.log.take() == ["S.viewWillAppear", "S.viewDidAppear", "S.viewWillDisappear", "S.viewDidDisappear"])
        #expect(host.presenter.presentedScreen == nil)
    }

    /// Observed: cancelled, the controller shows its new top at once and the old top's viewDidDisappear comes last (a
    /// programmatic push ends the disappearing screen first); finished, F's didMove waits for its first appearance.
    @Test(
        "a push in a presented navigation controller during the swipe, then finished or cancelled",
        arguments: [true, false])
    func pushInSheetDuringSwipe(finish: Bool) throws {
        let host = try NavigationSheetHost()
        let swipe = try host.navigation.beginInteractiveDismissal()
        let completions = Completions()
        try host.navigation.push(SheetProbe("F", host.log), animated: true, completion: completions.callback("push"))
        _ = host.log.take()
        if finish { swipe.finish() } else { swipe.cancel() }
        host.window.transitionDriver.completeAll()
        let trace = host.log.take()
        if finish {
            #expect(
                trace == ["nav.viewDidDisappear", "E.viewDidDisappear"])
        } else {
            #expect(
                trace == [
                    // The old top, which the sheet no longer shows, ends before the screens that come back (as in
                    // a push: the disappearing screen first); helper-116 saw it after didShow.
                    "nav.viewWillAppear", "F.loadView", "F.viewDidLoad", "F.viewWillAppear", "nav.willShow(F)",
                    "E.viewDidDisappear", "nav.viewDidAppear", "F.viewDidAppear", "nav.didShow(F)", "F.didMove(nav)",
                ])
        }
        #expect(completions["push"] == [.completed])
    }

    @Test("a current-context presentation from inside the sheet during the swipe is not refused")
    func currentContextFromInsideSheet() throws {
        let host = try NavigationSheetHost()
        host.top.definesPresentationContext = true
        let swipe = try host.navigation.beginInteractiveDismissal()
        _ = host.log.take()
        var thrown: LifecycleError.Code?
        do {
            try host.top.present(SheetProbe("X", host.log), style: .currentContext, animated: false)
        } catch {
            thrown = error.code
        }
        // The docs: "presenting from the sheet throws interactiveDismissalInProgress".
        #expect(thrown == .interactiveDismissalInProgress)
        swipe.cancel()
        host.window.transitionDriver.completeAll()
        // Refused: the cancel brings the sheet back as it was.
        #expect(
            host.log.take() == [
                "nav.viewWillAppear", "E.viewWillAppear", "nav.willShow(E)", "nav.viewDidAppear", "E.viewDidAppear",
                "nav.didShow(E)",
            ])
    }

    @Test("isBeingDismissed of a presented navigation controller's top screen: swipe vs programmatic")
    func causesInsideNavigationSheet() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = SheetProbe("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        let top = ProbingScreen("E", log) {
            ProbingScreen.causes(of: $0) + " nav:" + ProbingScreen.causes(of: $0.parent)
        }
        let navigation = try TestNavigation("nav", root: top, log)
        try presenter.present(navigation, animated: false)
        _ = log.take()
        try navigation.beginInteractiveDismissal().finish()
        let swipe = log.take()
        try presenter.present(navigation, animated: false)
        _ = log.take()
        navigation.dismiss(animated: false)
        let programmatic = log.take()
        #expect(swipe == programmatic)
    }

    @Test("the status bar no longer follows the sheet in its viewDidDisappear, swiped or dismissed by the app")
    func statusBarDuringFinish() throws {
        let host = try SheetHost()
        let (sheet, window) = (host.sheet, host.window)
        sheet.hidesStatusBar = true
        sheet.modalPresentationCapturesStatusBarAppearance = true
        window.setNeedsStatusBarAppearanceUpdate()
        #expect(window.statusBar.isHidden)
        var seen: [String] = []
        sheet.actions["viewDidDisappear"] = { seen.append("dD hidden:\(window.statusBar.isHidden)") }
        sheet.actions["didDismiss"] = { seen.append("didDismiss hidden:\(window.statusBar.isHidden)") }
        try sheet.beginInteractiveDismissal().finish()
        #expect(!window.statusBar.isHidden)
        let swipe = seen
        seen = []
        try host.presenter.present(sheet, animated: false)
        #expect(window.statusBar.isHidden)
        sheet.actions["viewDidDisappear"] = { seen.append("dD hidden:\(window.statusBar.isHidden)") }
        host.presenter.dismiss(animated: true)
        host.window.transitionDriver.completeAll()
        // The status bar follows the presenter once the sheet is unlinked, before its did-call, either way.
        #expect(swipe == ["dD hidden:false", "didDismiss hidden:false"])
        #expect(seen == ["dD hidden:false"])
    }

    @Test("leak detection of a finished swipe's sheet, kept alive; none for a cancelled one")
    func leakDetection() throws {
        let host = try SheetHost()
        let reports = EventLog()
        let detector = LeakDetector(time: host.time, isEnabled: true) { reports.add("\($0)") }
        detector.attach(to: host.window)
        host.time.advance(by: 10)
        let cancelled = try host.sheet.beginInteractiveDismissal()
        host.time.advance(by: 1)
        cancelled.cancel()
        host.time.advance(by: 5)
        #expect(reports.take() == [])
        let finished = try host.sheet.beginInteractiveDismissal()
        host.time.advance(by: 1)
        finished.finish()  // at 17
        host.time.advance(by: 1.5)
        #expect(
            reports.take() == [
                #"suspected leak: SheetProbe "S" [SheetProbe] removed by dismiss at 17.000 s, still alive at 18.500 s"#
            ])
        withExtendedLifetime(detector) {}
    }

    @Test("the sheet dismissed and re-presented by the app during the swipe, then the swipe finished")
    func representedDuringSwipe() throws {
        let log = EventLog()
        let (window, root, presenter, sheet) = try SheetHost.sheetOverAFullScreenPresentation(log)
        let leaves = EventLog()
        let token = try Screen.didLeaveHierarchy.after(.instance(sheet)) { _, reason, _ in leaves.add("\(reason)") }
        defer { token.cancel() }
        let swipe = try sheet.beginInteractiveDismissal()
        // The app closes and reopens the flow meanwhile.
        #expect(root.dismiss(animated: false))
        try root.present(presenter, style: .fullScreen, animated: false)
        try presenter.present(sheet, animated: false)
        _ = log.take()
        swipe.finish()
        window.transitionDriver.completeAll()
        let trace = log.take()
        // The finish leaves the app's new presentation alone (its completion ran): the sheet only gets the did-call
        // the swipe owed it, then appears again in that presentation.
        #expect(trace == ["S.viewDidDisappear", "S.viewWillAppear", "S.viewDidAppear"])
        // The app's presentation of it stands (its completion ran), and it left once at most.
        #expect(presenter.presentedScreen === sheet)
        #expect(leaves.take().count <= 1)
    }

    @Test("the window released from the sheet's viewDidDisappear while a push waits behind the swipe")
    func windowReleasedInDidDisappear() throws {
        let log = EventLog()
        let completions = Completions()
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        var window: Window? = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        try window?.setRootScreen(navigation)
        window?.makeKeyAndVisible()
        let sheet = SheetProbe("S", log)
        try navigation.present(sheet, animated: false)
        let swipe = try sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        try navigation.push(TestScreen("B", log), animated: true, completion: completions.callback("push"))
        sheet.actions["viewDidDisappear"] = { window = nil }
        _ = log.take()
        swipe.finish()
        #expect(completions["swipe"] == [.completed] && completions["push"] == [.completed])
        // The stand-in driver runs the push at once when the swipe ends.
        #expect(
            log.take() == [
                "S.viewDidDisappear", "S.didDismiss", "B.loadView", "B.viewDidLoad", "A.viewWillDisappear",
                "B.viewWillAppear", "nav.willShow(B)", "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)",
                "nav.didShow(B)",
            ])
        #expect(sheet.interactiveDismissal == nil && navigation.viewControllers.count == 2)
    }

    @Test("finished from presentationWillDismiss of a presented navigation controller")
    func finishFromWillDismissNavigation() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let presenter = SheetProbe("P", log)
        try window.setRootScreen(presenter)
        window.makeKeyAndVisible()
        final class ProbeNavigation: NavigationController {
            override func presentationWillDismiss() { interactiveDismissal?.finish() }
        }
        let navigation = try ProbeNavigation(rootScreen: SheetProbe("R", log))
        try presenter.present(navigation, animated: false)
        _ = log.take()
        _ = try navigation.beginInteractiveDismissal()
        #expect(log.take() == ["R.viewWillDisappear", "R.viewDidDisappear"])
        #expect(navigation.navigationBar.owner == nil && !navigation.isAppearing)
    }

    /// How the code of a sheet's presentationWillDismiss() ends its presentation and puts it in a container on screen.
    enum Adoption: String, CaseIterable, Sendable {
        /// The window's root `P`, which presents the sheet, is replaced, then presented again over the new root, and
        /// takes the sheet as a child.
        case rootReplaced
        /// `R` dismisses `P`, which presents the sheet, and takes the sheet as a child.
        case dismissedFromBelow
    }

    @Test(
        "a sheet that presentationWillDismiss() puts in a container on screen stays on screen",
        arguments: Adoption.allCases)
    func adoptedFromPresentationWillDismiss(_ adoption: Adoption) throws {
        // Found by the re-entrancy explorer (harsh seed 18329): the swipe went on to send the sheet viewWillDisappear,
        // and its end viewDidDisappear, leaving it off screen in a container on screen.
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let bottom = SheetProbe("R", log)
        let presenter = SheetProbe("P", log)
        let sheet = SheetProbe("S", log)
        let newRoot = SheetProbe("N", log)
        try window.setRootScreen(adoption == .rootReplaced ? presenter : bottom)
        window.makeKeyAndVisible()
        if adoption == .dismissedFromBelow {
            try bottom.present(presenter, style: .pageSheet, animated: false)
        }
        try presenter.present(sheet, style: .formSheet, animated: false)
        window.transitionDriver.completeAll()
        _ = log.take()
        sheet.actions["willDismiss"] = { [unowned presenter, unowned sheet, unowned newRoot, unowned bottom] in
            switch adoption {
            case .rootReplaced:
                try? window.setRootScreen(newRoot, animated: true)
                try? newRoot.present(presenter, style: .fullScreen, animated: false)
                try? presenter.addChild(sheet)
            case .dismissedFromBelow:
                bottom.dismiss(animated: true)
                try? bottom.addChild(sheet)
            }
        }
        var outcomes: [TransitionOutcome] = []
        let swipe = try sheet.beginInteractiveDismissal { outcomes.append($0) }
        let container = adoption == .rootReplaced ? presenter : bottom
        #expect(sheet.parent === container)
        #expect(!log.take().contains("S.viewWillDisappear"))
        swipe.finish()
        window.transitionDriver.completeAll()
        #expect(!log.take().contains { $0.hasPrefix("S.") })
        #expect(outcomes == [.completed])
        #expect(container.visibleState == [.loaded, .didAppear] && sheet.visibleState == [.loaded, .didAppear])
        #expect(!sheet.isBeingDismissed)
        withExtendedLifetime(window) {}
    }
}
