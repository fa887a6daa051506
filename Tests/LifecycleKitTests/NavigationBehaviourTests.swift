import HookKit
import LifecycleKit
import Testing

/// Queued transitions, refused requests, pop gating and interception, and completions.
@Suite("Navigation behaviour")
struct NavigationBehaviourTests {
    @Test("requests made while a transition runs are queued; each completion fires once, in order")
    func queuedTransitions() throws {
        let host = try NavigationHost(driver: .manual)
        let (b, c) = (host.screen("B"), host.screen("C"))
        let completions = Completions()
        let order = EventLog()
        try host.navigation.push(b, animated: true) { _ in order.add("push B") }
        try host.navigation.push(c, animated: true) { _ in order.add("push C") }
        try host.navigation.pop(animated: true, completion: completions.callback("pop"))
        // The stack changed at once; the appearance calls wait for their turn.
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        #expect(host.window.transitionDriver.queuedCount == 2)
        #expect(host.log.takeLifecycle() == ["B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear"])
        // Each queued transition shows the stack as it is when it starts: C left the stack before its push
        // ran, so it never appears (it is not even loaded), and the pop has nothing left to show.
        host.window.transitionDriver.completeCurrentTransition()
        #expect(host.log.takeLifecycle() == ["A.viewDidDisappear", "B.viewDidAppear"])
        #expect(!c.isViewLoaded)
        #expect(order.take() == ["push B", "push C"])
        #expect(completions["pop"] == [.completed])
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("a push from inside a lifecycle method runs after the current transition")
    func pushFromLifecycleMethod() throws {
        final class Redirect: TestScreen {
            var next: Screen?
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                if let next {
                    self.next = nil
                    try? navigationController?.push(next, animated: true)
                }
            }
        }
        let host = try NavigationHost(driver: .immediate)
        let redirect = Redirect("R", host.log)
        redirect.next = host.screen("B")
        try host.navigation.push(redirect, animated: true)
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "R", "B"])
        #expect(
            host.log.takeLifecycle() == [
                "R.loadView", "R.viewDidLoad", "A.viewWillDisappear", "R.viewWillAppear", "A.viewDidDisappear",
                "R.viewDidAppear", "B.loadView", "B.viewDidLoad", "R.viewWillDisappear", "B.viewWillAppear",
                "R.viewDidDisappear", "B.viewDidAppear",
            ])
    }

    @Test("visibleViewController is what the navigation controller presents, else the top screen")
    func visibleViewController() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        #expect(host.navigation.visibleViewController === b)
        // The top screen's presentation is made by the navigation controller, as in UIKit.
        let sheet = host.screen("S")
        try b.present(sheet, style: .pageSheet, animated: false)
        #expect(b.presentedScreen === sheet && host.navigation.visibleViewController === sheet)
        _ = b.dismiss(animated: false)
        #expect(host.navigation.visibleViewController === b)
        let cover = host.screen("C")
        try host.navigation.present(cover, style: .fullScreen, animated: false)
        #expect(host.navigation.visibleViewController === cover)
        _ = host.navigation.dismiss(animated: false)
        // Over the top screen's own context, the presented screen stands in for the top screen.
        b.definesPresentationContext = true
        let context = host.screen("K")
        try b.present(context, style: .currentContext, animated: false)
        #expect(host.navigation.presentedScreen == nil && host.navigation.visibleViewController === context)
    }

    @Test("refused requests throw typed errors and change nothing")
    func refusedRequests() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        expectError(.alreadyInStack) { try host.navigation.push(b) }
        expectError(.invalidContainment) { try host.navigation.push(host.navigation) }
        expectError(.notInStack) { _ = try host.navigation.popTo(host.screen("stranger")) }
        expectError(.invalidStack) { try host.navigation.setViewControllers([]) }
        expectError(.invalidStack) { try host.navigation.setViewControllers([b, b]) }
        let other = try NavigationController(rootScreen: host.screen("Z"))
        let otherRoot = try #require(other.topViewController)
        expectError(.alreadyAttached) { try host.navigation.push(otherRoot) }
        let pop = try host.navigation.beginInteractivePop(translation: 5)
        expectError(.interactivePopInProgress) { _ = try host.navigation.pop() }
        expectError(.interactivePopInProgress) { try host.navigation.push(host.screen("C")) }
        expectError(.interactivePopInProgress) { _ = try host.navigation.popToRoot() }
        expectError(.interactivePopInProgress) { _ = try host.navigation.popTo(host.root) }
        expectError(.interactivePopInProgress) { try host.navigation.setViewControllers([host.root]) }
        pop.cancel()
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        // A navigation controller is never in a stack, as UIKit refuses to push one: present it instead.
        let inner = try NavigationController(rootScreen: host.screen("X"), title: "inner")
        _ = host.log.take()
        expectError(.invalidContainment) { try host.navigation.push(inner, animated: false) }
        expectError(.invalidContainment) { try host.navigation.setViewControllers([host.root, inner]) }
        expectError(.invalidContainment) { _ = try NavigationController(rootScreen: NavigationController()) }
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        #expect(inner.parent == nil && host.log.take().isEmpty)
        // Popping the root alone is a no-op that still completes.
        let completions = Completions()
        try host.navigation.popToRoot(animated: false)
        #expect(try host.navigation.pop(completion: completions.callback("noop")) == nil)
        #expect(completions["noop"] == [.completed])
    }

    @Test("the pop gesture's gating rules", arguments: [false, true])
    func popGestureGating(rightToLeft: Bool) throws {
        let host = try NavigationHost(driver: .manual)
        host.window.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
        let back: Double = rightToLeft ? -20 : 20
        #expect(host.navigation.interactivePopRefusal(translation: back) == .singleScreen)
        let b = host.screen("B")
        try host.navigation.push(b, animated: true)
        #expect(host.navigation.interactivePopRefusal(translation: back) == .transitionRunning)
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.interactivePopRefusal(translation: -back) == .wrongDirection)
        #expect(host.navigation.interactivePopRefusal(translation: 0) == .wrongDirection)
        let refusal = try Screen.shouldPop.override(.instance(b)) { _ in { _, trigger in trigger != .gesture } }
        #expect(host.navigation.interactivePopRefusal(translation: back) == .refusedByScreen)
        expectError(.popGestureRefused) { _ = try host.navigation.beginInteractivePop(translation: back) }
        refusal.cancel()
        #expect(host.navigation.interactivePopRefusal(translation: back) == nil)
        let pop = try host.navigation.beginInteractivePop(translation: back)
        #expect(host.navigation.interactivePopRefusal(translation: back) == .transitionRunning)
        pop.finish()
        #expect(host.navigation.viewControllers.count == 1)
    }

    @Test("in no window, a change's completion runs once its calls ended: the gesture and the button act as after it")
    func completionOfAChangeInNoWindow() throws {
        let navigation = try NavigationController(rootScreen: Screen(title: "A"))
        var refusal: PopGestureRefusal?
        var action: DismissAction?
        try navigation.push(Screen(title: "B"), animated: true) { _ in
            refusal = navigation.interactivePopRefusal(translation: 10)
            action = navigation.handleBackButton(animated: false)
        }
        #expect(refusal == .notOnScreen)
        #expect(action == .popped)
        #expect(navigation.viewControllers.map(\.title) == ["A"])
    }

    @Test("a pop gesture may begin once the push's animation ended: from its completion, not from its will-calls")
    func popGestureAfterPushCompletes() throws {
        let host = try NavigationHost(driver: .manual)
        let b = WillAppearActing("B", host.log)
        var refusalInWillAppear: PopGestureRefusal?
        b.onViewWillAppear = { refusalInWillAppear = host.navigation.interactivePopRefusal(translation: 24) }
        var refusalInCompletion: PopGestureRefusal? = .singleScreen
        var pop: InteractivePop?
        try host.navigation.push(b, animated: true) { _ in
            refusalInCompletion = host.navigation.interactivePopRefusal(translation: 24)
            pop = try? host.navigation.beginInteractivePop(translation: 24)
        }
        host.window.transitionDriver.completeAll()
        #expect(refusalInWillAppear == .transitionRunning)
        #expect(refusalInCompletion == nil)
        #expect(pop?.state == .active)
        #expect(
            host.log.take() == [
                "B.willMove(nav)", "B.loadView", "B.viewDidLoad", "A.viewWillDisappear",
                "B.viewWillAppear", "nav.willShow(B)", "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)",
                "nav.didShow(B)",
                "B.willPop(true)", "B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "nav.willShow(A)",
            ])
        pop?.finish()
        #expect(
            host.log.take() == [
                "B.viewDidDisappear", "B.didPop(true)", "B.didMove(nil)", "A.viewDidAppear", "nav.didShow(A)",
            ])
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
    }

    @Test("the pop gesture waits for a change that a controller in no window runs at once, until its calls end")
    func popGestureWaitsForChangeRunAtOnce() throws {
        let host = try NavigationHost(driver: .immediate)
        let container = host.screen("K")
        try host.navigation.push(container, animated: false)
        let inner = try TestNavigation("inner", root: host.screen("X"), host.log)
        let below = ActingScreen("B", host.log)
        let top = ActingScreen("T", host.log)
        // B's didMove puts the controller on screen, which shows B, the top of the stack built so far (T joins after
        // B's didMove, as in UIKit); T's transition then shows T before T's own didMove has come.
        below.onDidMove = { parent in if parent === inner { try? container.addChild(inner) } }
        var refusal: PopGestureRefusal?
        top.onViewDidAppear = { refusal = inner.interactivePopRefusal(translation: 24) }
        _ = host.log.take()
        try inner.setViewControllers([below, top], animated: true)
        #expect(refusal == .transitionRunning)
        #expect(inner.interactivePopRefusal(translation: 24) == nil)
        #expect(
            host.log.take() == [
                // B, below the new top, joins with the request; X, the old top, leaves with the transition.
                "X.didMove(inner)", "X.willPop(true)", "X.willMove(nil)", "B.willMove(inner)", "B.didMove(inner)",
                "inner.loadView", "inner.viewDidLoad", "inner.viewWillAppear", "B.loadView", "B.viewDidLoad",
                "B.viewWillAppear", "inner.willShow(B)", "inner.viewDidAppear", "B.viewDidAppear", "inner.didShow(B)",
                "T.willMove(inner)", "T.loadView", "T.viewDidLoad", "B.viewWillDisappear", "T.viewWillAppear",
                "inner.willShow(T)", "B.viewDidDisappear", "X.didPop(true)", "X.didMove(nil)", "T.viewDidAppear",
                "T.didMove(inner)", "inner.didShow(T)",
            ])
    }

    @Test("the pop gesture waits for the end of a push that finishes in the driver of a window the controller left")
    func popGestureWaitsForPushEndingInWindowLeft() throws {
        let (log, time) = (EventLog(), VirtualTime())
        let first = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        try first.setRootScreen(navigation)
        first.makeKeyAndVisible()
        try navigation.push(TestScreen("B", log), animated: false)
        let x = ActingScreen("X", log)
        var refusal: PopGestureRefusal?
        x.onDidMove = { parent in
            if parent === navigation { refusal = navigation.interactivePopRefusal(translation: 24) }
        }
        try navigation.push(x, animated: true)
        try first.setRootScreen(nil)
        let second = Window(time: time, transitionDriver: TransitionDriver(mode: .immediate))
        try second.setRootScreen(navigation)
        second.makeKeyAndVisible()
        _ = log.take()
        first.transitionDriver.completeAll()
        // Found by review: the push's end ran in the first window's driver, which the gesture's check did not look
        // at once the push no longer counted as waiting; the gesture popped X before the push's didShow(X).
        #expect(refusal == .transitionRunning)
        #expect(log.take().suffix(2) == ["X.didMove(nav)", "nav.didShow(X)"])
        #expect(navigation.interactivePopRefusal(translation: 24) == nil)
    }

    @Test("the pop gesture and the back button wait while the observers hear a push's or a new stack's top join")
    func popRefusedWhileTheNewTopJoins() throws {
        // Found by the re-entrancy explorer (helper-219, harsh seed 20284): a gesture begun from the join of the screen
        // a push adds, before the push queued its transition, popped a screen that had never been on screen.
        final class JoinObserver: ScreenLifecycleObserver {
            var onJoin: ((Screen) -> Void)?
            func screenDidJoinHierarchy(_ screen: Screen) { onJoin?(screen) }
        }
        let host = try NavigationHost(driver: .immediate)
        try host.navigation.push(host.screen("B"), animated: false)
        let observer = JoinObserver()
        host.window.addObserver(observer)
        var seen: [String] = []
        observer.onJoin = { screen in
            let refusal = host.navigation.interactivePopRefusal(translation: 24).map { "\($0)" } ?? "none"
            let action = host.navigation.handleBackButton(animated: false)
            seen.append("\(screen.label): gesture \(refusal), back button \(action)")
        }
        try host.navigation.push(host.screen("C"), animated: true)
        try host.navigation.setViewControllers([host.root, host.screen("D")], animated: true)
        // A push from a join joins its own new top first; the outer join still counts as its push's transition.
        let e = host.screen("E")
        observer.onJoin = { screen in
            if screen === e { try? host.navigation.push(host.screen("F"), animated: false) }
            let refusal = host.navigation.interactivePopRefusal(translation: 24).map { "\($0)" } ?? "none"
            seen.append("\(screen.label): gesture \(refusal)")
        }
        try host.navigation.push(e, animated: true)
        #expect(
            seen == [
                "C: gesture transitionRunning, back button nothing",
                "D: gesture transitionRunning, back button nothing",
                "F: gesture transitionRunning", "E: gesture transitionRunning",
            ])
        #expect(host.navigation.viewControllers.map(\.label) == ["A", "D", "E", "F"])
        #expect(host.navigation.interactivePopRefusal(translation: 24) == nil)
        withExtendedLifetime(observer) {}
    }

    /// A navigation controller (A, B) whose push of X animates in a window with a manual driver, Y's push waiting
    /// behind it, moved to a second window, the log then emptied; the first window then goes, and its driver completes
    /// X's push (`inXsCompletion` runs in X's completion) and Y's as it goes.
    static func pushesCompletedByADriverGoingAway(
        _ log: EventLog, second mode: TransitionDriver.Mode, inXsCompletion: @escaping (TestNavigation) -> Void
    ) throws -> (navigation: TestNavigation, second: Window) {
        let time = VirtualTime()
        var first: Window? = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        try first?.setRootScreen(navigation)
        first?.makeKeyAndVisible()
        try navigation.push(TestScreen("B", log), animated: false)
        try navigation.push(TestScreen("X", log), animated: true) { _ in inXsCompletion(navigation) }
        try navigation.push(TestScreen("Y", log), animated: true)
        try first?.setRootScreen(nil)
        let second = Window(time: time, transitionDriver: TransitionDriver(mode: mode))
        try second.setRootScreen(navigation)
        second.makeKeyAndVisible()
        _ = log.take()
        first = nil
        return (navigation, second)
    }

    @Test("the pop gesture waits for the pushes that a driver going away completes as it goes")
    func popGestureWaitsForPushesOfDriverGoingAway() throws {
        var refusal: PopGestureRefusal?
        let (navigation, second) = try Self.pushesCompletedByADriverGoingAway(EventLog(), second: .immediate) {
            refusal = $0.interactivePopRefusal(translation: 24)
        }
        // Found by review: inside X's completion, Y's push, still waiting in the driver going away, did not count;
        // the gesture popped Y before its push ran.
        #expect(refusal == .transitionRunning)
        #expect(navigation.viewControllers.map(\.title) == ["A", "B", "X", "Y"])
        #expect(navigation.window === second && navigation.interactivePopRefusal(translation: 24) == nil)
    }

    @Test("the back button waits for the pushes that a driver going away completes as it goes")
    func backButtonWaitsForPushesOfDriverGoingAway() throws {
        var action: DismissAction?
        let (navigation, second) = try Self.pushesCompletedByADriverGoingAway(EventLog(), second: .immediate) {
            action = $0.handleBackButton(animated: false)
        }
        // Inside X's completion, Y's push still waits in the driver going away: a tap there popped Y in the new
        // window's driver before Y's push had run.
        #expect(action == .nothing)
        #expect(navigation.viewControllers.map(\.title) == ["A", "B", "X", "Y"])
        #expect(navigation.window === second && navigation.handleBackButton(animated: false) == .popped)
        #expect(navigation.viewControllers.map(\.title) == ["A", "B", "X"])
    }

    @Test("a push requested while a driver going away completes the pushes it held counts as the controller's own")
    func pushFromACompletionOfADriverGoingAwayCounts() throws {
        let log = EventLog()
        // X's completion pushes Z in the second window.
        let (navigation, second) = try Self.pushesCompletedByADriverGoingAway(log, second: .manual) {
            try? $0.push(TestScreen("Z", log), animated: true)
        }
        second.transitionDriver.completeAll()
        try navigation.push(TestScreen("W", log), animated: true) { _ in log.add("W.completion") }
        try second.setRootScreen(nil)
        let third = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        try third.setRootScreen(navigation)
        third.makeKeyAndVisible()
        _ = log.take()
        // W's push still waits in the second window's driver. Z's push, requested while Y's waited in a driver going
        // away, wiped the count of the controller's waiting transitions, and Y's end then took W's out of it: the tap
        // popped W in the third window's driver before W's push ended.
        #expect(navigation.handleBackButton(animated: false) == .nothing)
        #expect(log.take() == [])
        second.transitionDriver.completeAll()
        #expect(
            log.take() == ["Z.viewDidDisappear", "W.viewDidAppear", "W.didMove(nav)", "nav.didShow(W)", "W.completion"])
        #expect(navigation.handleBackButton(animated: false) == .popped)
        #expect(navigation.viewControllers.map(\.title) == ["A", "B", "X", "Y", "Z"])
    }

    @Test("the pop gesture waits for a child added to the top screen to end its appearance, which runs at once")
    func popGestureWaitsForChildAppearingAtOnce() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        let c = WillAppearActing("C", host.log)
        var refusal: PopGestureRefusal?
        c.onViewWillAppear = { refusal = host.navigation.interactivePopRefusal(translation: 24) }
        _ = host.log.take()
        try b.addChild(c)
        // Found by review: the gesture began between C's viewWillAppear and its viewDidAppear, and C's disappearance
        // came before its appearance had ended.
        #expect(refusal == .transitionRunning)
        #expect(
            host.log.take() == [
                "C.willMove(B)", "C.loadView", "C.viewDidLoad", "C.viewWillAppear", "C.viewDidAppear", "C.didMove(B)",
            ])
        #expect(host.navigation.interactivePopRefusal(translation: 24) == nil)
    }

    @Test(
        "a presented screen takes the touches: no pop gesture and no back button under it, whatever its style",
        arguments: [ModalPresentationStyle.pageSheet, .formSheet, .overFullScreen, .fullScreen])
    func noPopUnderAPresentation(style: ModalPresentationStyle) throws {
        let host = try NavigationHost(driver: .manual)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        let sheet = host.screen("S")
        // While it comes on screen, the presentation already covers the window.
        try host.navigation.present(sheet, style: style, animated: true)
        let completions = Completions()
        #expect(host.navigation.handleBackButton(completion: completions.callback("during")) == .nothing)
        host.window.transitionDriver.completeAll()
        // A sheet leaves the controller on screen, under it; a full-screen presentation takes it off screen.
        let refusal: PopGestureRefusal = style == .fullScreen ? .notOnScreen : .coveredByPresentation
        #expect(host.navigation.interactivePopRefusal(translation: 24) == refusal)
        expectError(.popGestureRefused) { _ = try host.navigation.beginInteractivePop(translation: 24) }
        _ = host.log.take()
        #expect(host.navigation.handleBackButton(completion: completions.callback("covered")) == .nothing)
        #expect(completions["during"] == [.completed] && completions["covered"] == [.completed])
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"] && host.log.take().isEmpty)
        // While it goes away, the window's transition takes the touches; once it is gone, both work again.
        #expect(sheet.dismiss(animated: true))
        #expect(host.navigation.handleBackButton(completion: completions.callback("leaving")) == .nothing)
        // (The controller a full-screen presentation covered is still coming back on screen.)
        #expect(
            host.navigation.interactivePopRefusal(translation: 24)
                == (style == .fullScreen ? .notOnScreen : .transitionRunning))
        #expect(completions["leaving"] == [.completed])
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.interactivePopRefusal(translation: 24) == nil)
        #expect(host.navigation.handleBackButton(animated: false) == .popped)
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
    }

    @Test("a presentation from a screen in the stack covers its navigation controller too")
    func noPopUnderAPresentationFromTheTopScreen() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        try b.present(host.screen("S"), style: .pageSheet, animated: false)
        #expect(host.navigation.interactivePopRefusal(translation: 24) == .coveredByPresentation)
        #expect(host.navigation.handleBackButton() == .nothing)
        // A presented navigation controller, on top of the presentations, pops as usual.
        let presented = try NavigationController(rootScreen: host.screen("P1"))
        #expect(b.dismiss(animated: false))
        try host.navigation.present(presented, style: .pageSheet, animated: false)
        try presented.push(host.screen("P2"), animated: false)
        #expect(presented.interactivePopRefusal(translation: 24) == nil)
        #expect(presented.handleBackButton(animated: false) == .popped)
        #expect(host.navigation.interactivePopRefusal(translation: 24) == .coveredByPresentation)
    }

    @Test("a current-context presentation that stands in for a navigation controller covers its back button")
    func noBackButtonUnderACurrentContextPresentation() throws {
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let container = TestScreen("C", log)
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        navigation.definesPresentationContext = true
        try container.addChild(navigation)
        try window.setRootScreen(container)
        window.makeKeyAndVisible()
        let b = TestScreen("B", log)
        try navigation.push(b, animated: false)
        // Presented over the navigation controller's context, inside the container: the bar is under it.
        let covering = TestScreen("X", log)
        try b.present(covering, style: .currentContext, animated: false)
        #expect(navigation.handleBackButton(animated: false) == .nothing)
        #expect(navigation.interactivePopRefusal(translation: 24) == .notOnScreen)
        #expect(navigation.viewControllers.count == 2)
        // A navigation controller inside that presentation is not covered by it.
        #expect(covering.dismiss(animated: false))
        let inner = try TestNavigation("inner", root: TestScreen("I1", log), log)
        try b.present(inner, style: .currentContext, animated: false)
        try inner.push(TestScreen("I2", log), animated: false)
        #expect(inner.interactivePopRefusal(translation: 24) == nil)
        #expect(inner.handleBackButton(animated: false) == .popped)
    }

    /// A screen that records what asked whether it may be popped, and answers `allow`.
    final class Editor: TestScreen {
        var allow = false
        var asked: [PopTrigger] = []
        override func shouldPop(trigger: PopTrigger) -> Bool {
            asked.append(trigger)
            return allow
        }
    }

    @Test("pop interception: the back button and the gesture ask the top screen, programmatic pops do not")
    func popInterception() throws {
        let host = try NavigationHost(driver: .immediate)
        let editor = Editor("E", host.log)
        try host.navigation.push(editor, animated: false)
        #expect(host.navigation.handleBackButton() == .nothing)
        #expect(host.navigation.interactivePopRefusal(translation: 30) == .refusedByScreen)
        #expect(editor.asked == [.backButton, .gesture])
        #expect(host.navigation.viewControllers.count == 2)
        // A programmatic pop is not asked.
        try host.navigation.pop(animated: false)
        #expect(editor.asked == [.backButton, .gesture])
        try host.navigation.push(editor, animated: false)
        editor.allow = true
        let completions = Completions()
        #expect(host.navigation.handleBackButton(completion: completions.callback("back")) == .popped)
        #expect(completions["back"] == [.completed])
        #expect(host.navigation.viewControllers.count == 1)
    }

    /// Found by review (helper-181): the root alone was asked, for a pop that could not happen (an app's "discard your
    /// changes?" question for a button that is not there).
    @Test("the back button of a stack with its root alone asks no one, unless a presentation holds the stack")
    func backButtonOfARootAlone() throws {
        let host = try NavigationHost(driver: .immediate)
        let root = Editor("R", host.log)
        root.allow = true
        let navigation = try NavigationController(rootScreen: root)
        let completions = Completions()
        #expect(host.navigation.handleBackButton(completion: completions.callback("window's root")) == .nothing)
        #expect(navigation.handleBackButton(completion: completions.callback("alone")) == .nothing)
        #expect(root.asked == [])
        #expect(completions["window's root"] == [.completed] && completions["alone"] == [.completed])
        // Presented, the root's back button dismisses the stack, once its root allows.
        try host.root.present(navigation, animated: false)
        #expect(navigation.handleBackButton(animated: false) == .dismissed)
        #expect(root.asked == [.backButton] && host.root.presentedScreen == nil)
    }

    @Test("dismissScreen pops, dismisses, or does nothing, and always completes once")
    func dismissScreen() throws {
        let host = try NavigationHost(driver: .immediate)
        let completions = Completions()
        // A child inside a container in the stack pops back to the screen below the container.
        let container = host.screen("container")
        let inner = host.screen("inner")
        try container.addChild(inner)
        try host.navigation.push(container, animated: false)
        try host.navigation.push(host.screen("above"), animated: false)
        #expect(inner.dismissScreen(animated: false, completion: completions.callback("pop")) == .popped)
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
        // The root of a presented stack dismisses.
        let sheetRoot = host.screen("sheetRoot")
        let sheet = try NavigationController(rootScreen: sheetRoot)
        try host.root.present(sheet, animated: false)
        #expect(sheetRoot.dismissScreen(animated: false, completion: completions.callback("dismiss")) == .dismissed)
        #expect(host.root.presentedScreen == nil)
        // The root of the window's stack: nothing to do.
        #expect(host.root.dismissScreen(completion: completions.callback("nothing")) == .nothing)
        #expect(completions["pop"] == [.completed])
        #expect(completions["dismiss"] == [.completed])
        #expect(completions["nothing"] == [.completed])
    }

    @Test("setting a window's current root again changes nothing and completes at once, even with transitions queued")
    func currentRootSetAgain() throws {
        let host = try NavigationHost(driver: .manual)
        let completions = Completions()
        try host.navigation.push(host.screen("B"), animated: true, completion: completions.callback("push"))
        _ = host.log.take()
        try host.window.setRootScreen(host.navigation, animated: true, completion: completions.callback("root"))
        #expect(completions["root"] == [.completed])
        #expect(completions["push"] == [])
        #expect(host.log.take() == [])
        #expect(host.window.rootScreen === host.navigation)
        host.window.transitionDriver.completeAll()
        #expect(completions["push"] == [.completed])
        #expect(completions["root"] == [.completed])
    }

    @Test("completions fire exactly once in every path")
    func completionsExactlyOnce() throws {
        let host = try NavigationHost(driver: .manual)
        let completions = Completions()
        try host.navigation.push(host.screen("B"), animated: false, completion: completions.callback("unanimated"))
        try host.navigation.push(host.screen("C"), animated: true, completion: completions.callback("animated"))
        #expect(completions["animated"] == [])
        host.window.transitionDriver.completeAll()
        let pop = try host.navigation.beginInteractivePop(translation: 1, completion: completions.callback("cancelled"))
        pop.cancel()
        pop.cancel()
        pop.finish()
        let offScreen = try NavigationController(rootScreen: host.screen("X"))
        try offScreen.push(host.screen("Y"), animated: true, completion: completions.callback("offScreen"))
        let time = VirtualTime()
        let timedWindow = Window(time: time, transitionDriver: TransitionDriver(mode: .timed(seconds: 0.35)))
        let timed = try NavigationController(rootScreen: host.screen("T"))
        try timedWindow.setRootScreen(timed)
        timedWindow.makeKeyAndVisible()
        try timed.push(host.screen("U"), animated: true, completion: completions.callback("timed"))
        #expect(completions["timed"] == [])
        time.advance(by: 0.3)
        #expect(completions["timed"] == [])
        time.advance(by: 0.1)
        for name in ["unanimated", "animated", "offScreen", "timed"] {
            #expect(completions[name] == [.completed], "\(name)")
        }
        #expect(completions["cancelled"] == [.cancelled])
    }

    @Test("an interactive pop holds the queue until it ends, even when its controller leaves the window")
    func interactivePopAfterTheControllerLeft() throws {
        // The window's root is replaced while the pop is in progress: the replacement waits for the pop.
        let host = try NavigationHost(driver: .manual)
        try host.navigation.push(host.screen("B"), animated: false)
        let completions = Completions()
        let pop = try host.navigation.beginInteractivePop(translation: 5, completion: completions.callback("pop"))
        let newRoot = host.screen("N")
        try host.window.setRootScreen(newRoot, completion: completions.callback("root"))
        #expect(host.window.transitionDriver.queuedCount == 1)
        _ = host.log.take()
        pop.cancel()
        #expect(completions["pop"] == [.cancelled])
        #expect(completions["root"] == [.completed])
        #expect(newRoot.visibleState.contains(.didAppear))
        #expect(!host.window.transitionDriver.isTransitioning)

        // The controller is removed from its container while the pop is in progress.
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let container = host.screen("container")
        try window.setRootScreen(container)
        window.makeKeyAndVisible()
        let navigation = try TestNavigation("inner", root: host.screen("X"), host.log)
        try container.addChild(navigation)
        try navigation.push(host.screen("Y"), animated: false)
        let innerPop = try navigation.beginInteractivePop(translation: 5, completion: completions.callback("inner"))
        navigation.removeFromParent()
        innerPop.finish()
        #expect(completions["inner"] == [.completed])
        try container.present(
            host.screen("sheet"), style: .pageSheet, animated: true, completion: completions.callback("sheet"))
        window.transitionDriver.completeAll()
        #expect(completions["sheet"] == [.completed])
        #expect(!window.transitionDriver.isTransitioning)
    }

    @Test("an interactive pop whose controller goes away ends as cancelled then, and lets the queue go on")
    func interactivePopWithoutItsController() throws {
        let host = try NavigationHost(driver: .manual)
        let completions = Completions()
        let reports = EventLog()
        host.window.addObserver(RecordingObserver("O", reports, kinds: [.pop]))
        weak var released: NavigationController?
        let pop: InteractivePop
        do {
            let navigation = try TestNavigation("inner", root: host.screen("X"), host.log)
            released = navigation
            try host.root.addChild(navigation)
            try navigation.push(host.screen("Y"), animated: false)
            pop = try navigation.beginInteractivePop(translation: 5, completion: completions.callback("pop"))
            navigation.removeFromParent()
        }
        #expect(released == nil)
        // Nothing could end it later: it ended as the controller went (it used to hold the queue until the app's
        // gesture code, which may never come, ended it).
        #expect(pop.state == .cancelled && completions["pop"] == [.cancelled])
        // Only the completion hears that end: the observers' callbacks take the controller, which is gone.
        #expect(reports.take() == ["O pop began Y in inner"])
        #expect(!host.window.transitionDriver.isTransitioning)
        try host.navigation.push(host.screen("B"), animated: true, completion: completions.callback("push"))
        #expect(host.window.transitionDriver.isAnimating && host.window.transitionDriver.queuedCount == 0)
        pop.finish()  // ignored: it ended
        #expect(pop.state == .cancelled && completions["pop"] == [.cancelled])
        host.window.transitionDriver.completeAll()
        #expect(completions["push"] == [.completed])
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("a controller whose transition waits behind another controller's pop, in a window gone, gets its back button")
    func transitionBehindAPopOfAControllerGone() throws {
        let log = EventLog()
        let first = try TestNavigation("first", root: TestScreen("A", log), log)
        try first.push(TestScreen("B", log), animated: false)
        var outcomes: [TransitionOutcome] = []
        do {
            let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
            let container = TestScreen("K", log)
            let second = try TestNavigation("second", root: TestScreen("X", log), log)
            try second.push(TestScreen("Y", log), animated: false)
            try container.addChild(first)
            try container.addChild(second)
            try window.setRootScreen(container)
            window.makeKeyAndVisible()
            _ = try second.beginInteractivePop(translation: 10)
            try first.push(TestScreen("C", log), animated: true) { outcomes.append($0) }
            second.removeFromParent()
            first.removeFromParent()
        }
        // The window's driver went away behind the pop; the pop's controller went too, without ending it. Found by
        // review: the push waited for good, and with it the first controller's back button and gesture.
        #expect(outcomes == [.completed])
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        try window.setRootScreen(first)
        window.makeKeyAndVisible()
        #expect(first.interactivePopRefusal(translation: 10) == nil)
        #expect(first.handleBackButton(animated: false) == .popped)
        #expect(first.viewControllers.map(\.title) == ["A", "B"])
    }

    @Test("the back button does nothing from the will-calls of a transition, such as a dismissal revealing its screen")
    func backButtonDuringAWillCall() throws {
        let host = try NavigationHost(driver: .manual)
        let b = WillAppearActing("B", host.log)
        try host.navigation.push(b, animated: false)
        try host.navigation.present(host.screen("P"), style: .fullScreen, animated: false)
        var action: DismissAction?
        b.onViewWillAppear = { action = host.navigation.handleBackButton(animated: true) }
        host.navigation.presentedScreen?.dismiss(animated: true)
        // Found by review: the tap popped B between its viewWillAppear and its viewDidAppear (the driver had not
        // recorded the dismissal as animating yet while its will-calls ran).
        #expect(action == .nothing)
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"] && b.visibleState == [.loaded, .didAppear])
    }

    @Test("the host keeps no screen alive after it leaves")
    func noRetention() throws {
        let host = try NavigationHost(driver: .manual)
        weak var pushed: Screen?
        weak var presented: Screen?
        weak var child: Screen?
        weak var oldRoot: Screen?
        do {
            let b = host.screen("B")
            pushed = b
            try host.navigation.push(b, animated: true) { _ in }
            host.window.transitionDriver.completeAll()
            try host.navigation.pop(animated: true)
            host.window.transitionDriver.completeAll()
            let sheet = host.screen("sheet")
            presented = sheet
            try host.navigation.present(sheet, animated: true)
            host.window.transitionDriver.completeAll()
            sheet.dismiss(animated: true)
            host.window.transitionDriver.completeAll()
            let c = host.screen("child")
            child = c
            try host.root.addChild(c)
            c.removeFromParent()
            let b2 = host.screen("B2")
            try host.navigation.push(b2, animated: false)
            let pop = try host.navigation.beginInteractivePop(translation: 3)
            pop.finish()
            let old = try NavigationController(rootScreen: host.screen("R"))
            oldRoot = old
            try host.window.setRootScreen(old)
            try host.window.setRootScreen(host.screen("new root"))
        }
        #expect(pushed == nil)
        #expect(presented == nil)
        #expect(child == nil)
        #expect(oldRoot == nil)
    }

    @Test("a covering presentation refuses the gesture as covered while it waits, as not on screen once it runs")
    func coveringPresentationRefusals() throws {
        let queued = try NavigationHost(driver: .manual)
        try queued.navigation.push(queued.screen("B"), animated: false)
        try queued.navigation.push(queued.screen("C"), animated: true)  // runs
        try queued.navigation.present(queued.screen("F"), style: .fullScreen, animated: true)  // waits
        #expect(queued.navigation.interactivePopRefusal(translation: 24) == .coveredByPresentation)
        queued.window.transitionDriver.completeAll()

        let running = try NavigationHost(driver: .manual)
        try running.navigation.push(running.screen("B"), animated: false)
        try running.navigation.present(running.screen("F"), style: .fullScreen, animated: true)  // runs
        #expect(running.navigation.interactivePopRefusal(translation: 24) == .notOnScreen)
        running.window.transitionDriver.completeAll()
        #expect(running.navigation.interactivePopRefusal(translation: 24) == .notOnScreen)
    }

    @Test("leading items of the top screen's own, or a hidden back item, leave the pop gesture on")
    func gestureWithLeadingItems() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        b.navigationItem.leftItems = [BarButtonItem(title: "Close")]
        b.showNavigationBackItem(false)
        #expect(host.navigation.interactivePopRefusal(translation: 24) == nil)
    }

    @Test("the pop gesture is refused as not on screen in a hidden window, and outside any window")
    func gestureNotOnScreen() throws {
        let host = try NavigationHost(driver: .immediate)
        try host.navigation.push(host.screen("B"), animated: false)
        host.window.hide()
        #expect(host.navigation.interactivePopRefusal(translation: 24) == .notOnScreen)
        let loose = try NavigationController(rootScreen: host.screen("X"))
        try loose.push(host.screen("Y"), animated: false)
        #expect(loose.interactivePopRefusal(translation: 24) == .notOnScreen)
        expectError(.popGestureRefused) { _ = try loose.beginInteractivePop(translation: 24) }
    }

    @Test("a presentation from the navigation controller itself during the pop gesture waits for the gesture's end")
    func presentFromTheControllerDuringTheGesture() throws {
        let host = try NavigationHost(driver: .manual)
        try host.navigation.push(host.screen("B"), animated: false)
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        _ = host.log.take()
        let p = host.screen("P")
        try host.navigation.present(p, style: .pageSheet, animated: false)
        #expect(host.log.take() == [])
        #expect(p.presentingScreen === host.navigation && host.window.transitionDriver.queuedCount == 1)
        pop.finish()
        #expect(
            host.log.take() == [
                "B.viewDidDisappear", "B.didPop(true)", "B.didMove(nil)", "A.viewDidAppear", "nav.didShow(A)",
                "P.loadView", "P.viewDidLoad", "P.viewWillAppear", "P.viewDidAppear",
            ])
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("pop and popToRoot of a single-screen stack return nothing and complete when their turn comes")
    func singleScreenPops() throws {
        let host = try NavigationHost(driver: .manual)
        try host.navigation.present(host.screen("S"), style: .pageSheet, animated: true)  // runs
        let completions = Completions()
        #expect(try host.navigation.pop(completion: completions.callback("pop")) == nil)
        #expect(try host.navigation.popToRoot(completion: completions.callback("popToRoot")).isEmpty)
        #expect(completions["pop"] == [] && completions["popToRoot"] == [])
        host.window.transitionDriver.completeAll()
        #expect(completions["pop"] == [.completed] && completions["popToRoot"] == [.completed])
        // Nothing running: at once.
        #expect(try host.navigation.popToRoot(completion: completions.callback("idle")).isEmpty)
        #expect(completions["idle"] == [.completed])
        #expect(host.log.take() == ["S.loadView", "S.viewDidLoad", "S.viewWillAppear", "S.viewDidAppear"])
    }

    @Test("a screen that has a presenter or a window is refused with alreadyAttached, in a stack and as presented")
    func alreadyAttachedScreens() throws {
        let host = try NavigationHost(driver: .immediate)
        let sheet = host.screen("S")
        try host.navigation.present(sheet, style: .pageSheet, animated: false)
        let otherWindow = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        let otherRoot = host.screen("W")
        try otherWindow.setRootScreen(otherRoot)
        _ = host.log.take()
        expectError(.alreadyAttached) { try host.navigation.push(sheet, animated: false) }
        expectError(.alreadyAttached) { try host.navigation.push(otherRoot, animated: false) }
        expectError(.alreadyAttached) { try host.navigation.setViewControllers([host.root, otherRoot]) }
        expectError(.alreadyAttached) { try sheet.present(otherRoot, animated: false) }
        #expect(host.navigation.viewControllers.map(\.title) == ["A"] && sheet.presentedScreen == nil)
        #expect(otherWindow.rootScreen === otherRoot && host.log.take() == [])
    }

    @Test("a popped screen loses its parent when its pop's transition starts, and joins nothing until it completed")
    func poppedScreenKeepsItsParent() throws {
        let host = try NavigationHost(driver: .manual)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        try host.navigation.pop(animated: true)
        #expect(b.parent == nil && host.navigation.children.map(\.title) == ["A"])
        expectError(.alreadyAttached) { try host.navigation.push(b, animated: false) }
        expectError(.alreadyAttached) { try host.root.present(b, animated: false) }
        host.window.transitionDriver.completeAll()
        #expect(b.parent == nil)
        try host.navigation.push(b, animated: false)
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
    }

    @Test("the back button does nothing during an interactive pop, and completes at once")
    func backButtonDuringTheGesture() throws {
        let host = try NavigationHost(driver: .immediate)
        try host.navigation.push(host.screen("B"), animated: false)
        try host.navigation.push(host.screen("C"), animated: false)
        let pop = try host.navigation.beginInteractivePop(translation: 5)
        _ = host.log.take()
        let completions = Completions()
        #expect(host.navigation.handleBackButton(completion: completions.callback("back")) == .nothing)
        #expect(completions["back"] == [.completed] && host.log.take() == [])
        pop.cancel()
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B", "C"])
    }

    @Test("an interactive pop's progress is clamped at 0, and updates once it ended are ignored")
    func interactivePopProgress() throws {
        let host = try NavigationHost(driver: .immediate)
        try host.navigation.push(host.screen("B"), animated: false)
        let pop = try host.navigation.beginInteractivePop(translation: 5)
        pop.update(progress: -3)
        #expect(pop.progress == 0)
        pop.update(progress: 0.4)
        pop.cancel()
        pop.update(progress: 0.9)
        #expect(pop.progress == 0.4)
    }

    @Test("completeCurrentTransition says whether there was a transition to complete")
    func completeCurrentTransitionWhenIdle() throws {
        let host = try NavigationHost(driver: .manual)
        #expect(!host.window.transitionDriver.completeCurrentTransition())
        try host.navigation.push(host.screen("B"), animated: true)
        #expect(host.window.transitionDriver.completeCurrentTransition())
        #expect(!host.window.transitionDriver.completeCurrentTransition())
    }

    @Test("an unanimated push completes at once under a timed driver")
    func unanimatedPushUnderATimedDriver() throws {
        let host = try NavigationHost(driver: .timed(seconds: 1))
        let completions = Completions()
        try host.navigation.push(host.screen("B"), animated: false, completion: completions.callback("push"))
        #expect(completions["push"] == [.completed])
        #expect(
            host.log.take() == [
                "B.willMove(nav)", "B.loadView", "B.viewDidLoad", "A.viewWillDisappear",
                "B.viewWillAppear", "nav.willShow(B)", "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)",
                "nav.didShow(B)",
            ])
    }
}
