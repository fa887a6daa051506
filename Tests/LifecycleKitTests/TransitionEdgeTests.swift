import HookKit
import Testing

@testable import LifecycleKit

/// Edges of the interactive pop, of the transition queue and of dismissals that the other suites leave open: what
/// runs when, and in which order.
@Suite("Transition edges")
struct TransitionEdgeTests {
    /// A screen that runs `onDidAppear` after logging its `viewDidAppear`.
    final class ReactingScreen: TestScreen {
        var onDidAppear: (() -> Void)?

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            onDidAppear?()
        }
    }

    /// A navigation controller "inner" (X, then `top` above it) inside a plain container "K", pushed on the host's
    /// navigation controller.
    func innerNavigation(
        on host: NavigationHost, top: Screen
    ) throws -> (navigation: TestNavigation, box: TestScreen) {
        let navigation = try TestNavigation("inner", root: host.screen("X"), host.log)
        let box = host.screen("K")
        try box.addChild(navigation)
        try host.navigation.push(box, animated: false)
        try navigation.push(top, animated: false)
        _ = host.log.take()
        return (navigation, box)
    }

    @Test("an interactive pop's completion runs before the presentation queued during the gesture starts")
    func presentationQueuedBehindAGesture() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        try host.navigation.push(host.screen("B"), animated: false)
        let pop = try host.navigation.beginInteractivePop(translation: 5) { log.add("pop \($0)") }
        try host.navigation.present(host.screen("S"), style: .pageSheet, animated: true) { log.add("present \($0)") }
        _ = log.take()
        pop.finish()
        #expect(
            log.take() == [
                "B.viewDidDisappear", "B.didPop(true)", "B.didMove(nil)", "A.viewDidAppear", "nav.didShow(A)",
                "pop completed", "S.loadView", "S.viewDidLoad", "S.viewWillAppear", "S.viewDidAppear",
                "present completed",
            ])
    }

    @Test("the pop gesture's willShow and didShow are animated, whether it finishes or is cancelled")
    func interactivePopShowsAnimated() throws {
        let host = try NavigationHost(driver: .immediate)
        let events = EventLog()
        let willShow = try NavigationController.willShow.after(.instance(host.navigation)) { _, shown, _ in
            events.add("willShow(\(shown.screen.title ?? "")) animated: \(shown.animated)")
        }
        let didShow = try NavigationController.didShow.after(.instance(host.navigation)) { _, shown, _ in
            events.add("didShow(\(shown.screen.title ?? "")) animated: \(shown.animated)")
        }
        defer {
            willShow.cancel()
            didShow.cancel()
        }
        try host.navigation.push(host.screen("B"), animated: false)
        _ = events.take()
        try host.navigation.beginInteractivePop(translation: 5).cancel()
        try host.navigation.beginInteractivePop(translation: 5).finish()
        #expect(
            events.take() == [
                "willShow(A) animated: true", "willShow(B) animated: true", "didShow(B) animated: true",
                "willShow(A) animated: true", "didShow(A) animated: true",
            ])
    }

    @Test("a cancelled pop drops the revealed screen's bar change even when the top's restore changes no visibility")
    func cancelledPopDropsTheVisibilityTransition() throws {
        let host = try BarHost(driver: .manual)
        let b = host.screen("B", NavigationBarAttributes(isHidden: true))
        b.onWillRestore = { $0.isHidden = false }
        try host.navigation.push(b, animated: false)
        let events = host.events
        let seen = try Screen.viewWillAppear.before(.instance(b)) { screen, _ in
            let transition = screen.navigationController?.navigationBar.visibilityTransition
            events.add("B.viewWillAppear sees \(transition.map { "\($0)" } ?? "none")")
        }
        defer { seen.cancel() }
        let pop = try host.navigation.beginInteractivePop(translation: 5)
        #expect(host.visibility == "show interactive")
        _ = host.events.take()
        pop.cancel()
        #expect(
            host.events.take() == [
                "B.willRestore([hidden])", "B.didRestore([])", "B.viewWillAppear sees none",
            ])
        #expect(host.bar == "[]" && host.visibility == "none")
    }

    @Test("a pop cancelled off screen ends the popping container, then the children on screen through it")
    func offScreenCancelEndsParentFirst() throws {
        let host = try NavigationHost(driver: .manual)
        let y = host.screen("Y")
        try y.addChild(host.screen("Z"))
        let (navigation, _) = try innerNavigation(on: host, top: y)
        let pop = try navigation.beginInteractivePop(translation: 5)
        navigation.removeFromParent()
        _ = host.log.take()
        pop.cancel()
        #expect(host.log.take() == ["Y.viewDidDisappear", "Z.viewDidDisappear"])
    }

    @Test("a pop cancelled off screen leaves the popping screen no longer moving from its parent")
    func offScreenCancelForgetsTheDeparture() throws {
        let host = try NavigationHost(driver: .immediate)
        let y = AppearanceCauseTests.causeScreen("Y", host.log)
        let (navigation, box) = try innerNavigation(on: host, top: y)
        let pop = try navigation.beginInteractivePop(translation: 5)
        navigation.removeFromParent()
        pop.cancel()
        try box.addChild(navigation)
        _ = host.log.take()
        try navigation.push(host.screen("W"), animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("Y.") } == ["Y.viewWillDisappear -", "Y.viewDidDisappear -"])
    }

    @Test("a cancelled pop gives the status bar back to the popping screen, with no change of the bar")
    func cancelledPopStatusBar() throws {
        let host = try BarHost(driver: .manual)
        let b = host.screen("B")
        b.hidesStatusBar = true
        try host.navigation.push(b, animated: false)
        #expect(host.window.statusBar.isHidden)
        _ = host.events.take()
        let pop = try host.navigation.beginInteractivePop(translation: 5)
        #expect(!host.window.statusBar.isHidden)
        pop.cancel()
        #expect(host.window.screenForStatusBarHidden === b && host.window.statusBar.isHidden)
        // The bar's look never changes (restores of identical stashes report no change): only the status bar moves.
        #expect(
            host.events.take() == [
                "A.willRestore([])", "A.didRestore([])", "status: hidden default -> visible default",
                "B.willRestore([])", "B.didRestore([])", "status: visible default -> hidden default",
            ])
    }

    @Test("a transition's completion sees the status bar recomputed once its did-calls ran")
    func completionSeesTheSettledStatusBar() throws {
        let host = try BarHost(driver: .manual)
        let b = host.screen("B")
        // B changes its preference in its viewDidAppear, without asking for an update: the completion recomputes it.
        let hides = try Screen.viewDidAppear.after(.instance(b)) { screen, _, _ in
            (screen as? StyledScreen)?.hidesStatusBar = true
        }
        defer { hides.cancel() }
        let events = host.events
        try host.navigation.push(b, animated: true) { events.add("push \($0)") }
        host.completeAll()
        #expect(
            events.take().filter { !$0.hasPrefix("appear") } == [
                "status: visible default -> hidden default", "push completed",
            ])
    }

    @Test("a timed driver's timer completes only the transition it was set for")
    func staleTimerCompletesNothing() throws {
        let host = try NavigationHost(driver: .timed(seconds: 1))
        try host.navigation.push(host.screen("B"), animated: true)
        #expect(host.window.transitionDriver.completeCurrentTransition())
        host.time.advance(by: 0.5)
        let c = host.screen("C")
        try host.navigation.push(c, animated: true)
        _ = host.log.take()
        // B's timer comes due now: C's push started half a second ago and has half a second to go.
        host.time.advance(by: 0.5)
        #expect(host.log.take() == [] && c.visibleState == [.loaded, .willAppear])
        host.time.advance(by: 0.5)
        #expect(host.log.take() == ["B.viewDidDisappear", "C.viewDidAppear", "C.didMove(nav)", "nav.didShow(C)"])
    }

    @Test("a push from viewDidAppear waits until the completed transition has run its completion")
    func pushFromDidAppearUnderAManualDriver() throws {
        let host = try NavigationHost(driver: .manual)
        let log = host.log
        let b = ReactingScreen("B", log)
        let c = host.screen("C")
        b.onDidAppear = { _ = try? host.navigation.push(c, animated: true) }
        try host.navigation.push(b, animated: true) { log.add("push B \($0)") }
        _ = log.take()
        host.window.transitionDriver.completeCurrentTransition()
        #expect(
            log.take() == [
                "A.viewDidDisappear", "B.viewDidAppear", "C.willMove(nav)", "B.didMove(nav)", "nav.didShow(B)",
                "push B completed", "C.loadView", "C.viewDidLoad", "B.viewWillDisappear",
                "C.viewWillAppear", "nav.willShow(C)",
            ])
        host.window.transitionDriver.completeAll()
        #expect(log.take() == ["B.viewDidDisappear", "C.viewDidAppear", "C.didMove(nav)", "nav.didShow(C)"])
    }

    @Test("dismissing a stack of presentations reports the top-most screen's departure first")
    func dismissedStackLeavesTopFirst() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("W", host.log, kinds: [.leave])
        host.window.addObserver(observer)
        defer { host.window.removeObserver(observer) }
        try host.navigation.present(host.screen("B"), style: .fullScreen, animated: false)
        try host.navigation.presentedScreen?.present(host.screen("C"), style: .pageSheet, animated: false)
        _ = host.log.take()
        host.navigation.dismiss(animated: false)
        #expect(host.log.take().filter { $0.hasPrefix("W ") } == ["W leave C (dismiss)", "W leave B (dismiss)"])
    }

    @Test("a dismissal whose presenter joined a container while it waited still takes its screens off the window")
    func dismissalAfterThePresenterMoved() throws {
        let host = try NavigationHost(driver: .manual)
        let log = host.log
        let k = host.screen("K")
        try host.navigation.push(k, animated: false)
        let p = host.screen("P")
        try host.navigation.present(p, style: .fullScreen, animated: false)
        let b = host.screen("B")
        try p.present(b, style: .fullScreen, animated: false)
        // C animates in: the requests below wait. P's dismissal of B (with C) comes first, then nav's of P, and
        // P joins K, which is in the stack under the presentations, before either runs.
        try b.present(host.screen("C"), style: .pageSheet, animated: true)
        p.dismiss(animated: true) { log.add("dismiss B \($0)") }
        host.navigation.dismiss(animated: false) { log.add("dismiss P \($0)") }
        try k.addChild(p)
        _ = log.take()
        host.window.transitionDriver.completeCurrentTransition()
        #expect(
            log.take() == [
                "C.viewDidAppear", "C.viewWillDisappear", "B.viewWillDisappear", "nav.viewWillAppear",
                "K.viewWillAppear", "P.viewWillAppear", "nav.willShow(K)",
            ])
        host.window.transitionDriver.completeAll()
        #expect(
            log.take() == [
                "nav.viewDidAppear", "K.viewDidAppear", "P.viewDidAppear", "nav.didShow(K)", "C.viewDidDisappear",
                "B.viewDidDisappear", "dismiss B completed", "dismiss P completed",
            ])
    }

    @Test("dismiss on a presented screen that presents one dismisses only that one, as UIKit does")
    func dismissFromAPresentingPresentedScreen() throws {
        let host = try NavigationHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.present(b, style: .fullScreen, animated: false)
        try b.present(host.screen("C"), style: .pageSheet, animated: false)
        _ = host.log.take()
        #expect(b.dismiss(animated: false))
        #expect(host.log.take() == ["C.viewWillDisappear", "C.viewDidDisappear"])
        #expect(b.presentingScreen === host.navigation && b.presentedScreen == nil)
    }

    @Test("the leak checks come due by due time, then in the order they were scheduled")
    func leakCheckOrder() {
        let entry = _LeakEntry(screen: Screen(title: "checked"), reason: .pop, removedAt: 0)
        var queue = _LeakCheckQueue()
        var sequence = 0
        var taken: [String] = []
        func insert(_ due: Double) {
            queue.insert(_LeakCheckQueue.Item(due: due, sequence: sequence, entry: entry))
            sequence += 1
        }
        func take(dueBy time: Double) {
            while let item = queue.removeFirst(dueBy: time) {
                taken.append("\(Int(item.due))#\(item.sequence)")
            }
        }
        for due in [1.0, 1, 1] {
            insert(due)
        }
        take(dueBy: 1)
        for due in [14.0, 15, 10, 3, 10] {
            insert(due)
        }
        take(dueBy: 9)
        for due in [10.0, 19, 16] {
            insert(due)
        }
        take(dueBy: 100)
        #expect(
            taken == [
                "1#0", "1#1", "1#2", "3#6", "10#5", "10#7", "10#8", "14#3", "15#4", "16#10", "19#9",
            ])
    }
}
