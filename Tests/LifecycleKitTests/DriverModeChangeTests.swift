import Testing

@testable import LifecycleKit

/// A driver whose mode changes while a transition animates, and what the driver says about itself from inside a
/// transition's completion.
@Suite("Driver mode changes")
struct DriverModeChangeTests {
    /// The did-calls and the completion of pushing B over A.
    static let pushEnd = [
        "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)", "nav.didShow(B)", "push completed",
    ]

    /// A host in `mode` that began an animated push of B, its will-calls taken from the log.
    func pushing(in mode: TransitionDriver.Mode) throws -> NavigationHost {
        let host = try NavigationHost(driver: mode)
        let log = host.log
        try host.navigation.push(host.screen("B"), animated: true) { log.add("push \($0)") }
        _ = log.take()
        return host
    }

    @Test("switched from timed to manual, the transition in progress waits for completeCurrentTransition()")
    func timedToManual() throws {
        let host = try pushing(in: .timed(seconds: 0.3))
        let driver = host.window.transitionDriver
        driver.mode = .manual
        host.time.advance(by: 1)
        #expect(host.log.take().isEmpty)
        #expect(driver.isAnimating)
        #expect(driver.completeCurrentTransition())
        #expect(host.log.take() == Self.pushEnd)
    }

    @Test("switched from manual to timed, the transition in progress completes that long after the change")
    func manualToTimed() throws {
        let host = try pushing(in: .manual)
        host.time.advance(by: 5)
        host.window.transitionDriver.mode = .timed(seconds: 0.3)
        host.time.advance(by: 0.2)
        #expect(host.log.take().isEmpty)
        host.time.advance(by: 0.1)
        #expect(host.log.take() == Self.pushEnd)
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("a new duration replaces the old timer: it counts from the change, and the old one completes nothing")
    func timedToAnotherDuration() throws {
        let host = try pushing(in: .timed(seconds: 1))
        let driver = host.window.transitionDriver
        host.time.advance(by: 0.5)
        driver.mode = .timed(seconds: 2)
        host.time.advance(by: 1)  // 1.5: the old timer's time
        #expect(host.log.take().isEmpty)
        host.time.advance(by: 1)  // 2.5: 2 s after the change
        #expect(host.log.take() == Self.pushEnd)
    }

    @Test("setting the mode the driver has keeps the timer it had")
    func sameModeAgain() throws {
        let host = try pushing(in: .timed(seconds: 1))
        host.time.advance(by: 0.5)
        host.window.transitionDriver.mode = .timed(seconds: 1)
        host.time.advance(by: 0.5)
        #expect(host.log.take() == Self.pushEnd)
    }

    @Test("switched to immediate, the transition in progress and the queued ones complete in the setter")
    func manualToImmediate() throws {
        let host = try pushing(in: .manual)
        let log = host.log
        try host.navigation.push(host.screen("C"), animated: true) { log.add("push C \($0)") }
        #expect(log.take() == ["C.willMove(nav)"])
        host.window.transitionDriver.mode = .immediate
        #expect(
            log.take()
                == Self.pushEnd + [
                    "C.loadView", "C.viewDidLoad", "B.viewWillDisappear", "C.viewWillAppear", "nav.willShow(C)",
                    "B.viewDidDisappear", "C.viewDidAppear", "C.didMove(nav)", "nav.didShow(C)", "push C completed",
                ])
        #expect(!host.window.transitionDriver.isTransitioning)
    }

    @Test("switched to immediate, the queue stops completing at once when a completion sets another mode")
    func completionSetsAnotherModeDuringImmediateSwitch() throws {
        let host = try NavigationHost(driver: .manual)
        let log = host.log
        let driver = host.window.transitionDriver
        try host.navigation.push(host.screen("B"), animated: true) { _ in
            driver.mode = .manual
            log.add("push B completed")
        }
        try host.navigation.push(host.screen("C"), animated: true) { _ in log.add("push C completed") }
        _ = log.take()
        driver.mode = .immediate
        let events = log.take()
        #expect(events.contains("push B completed") && events.contains("C.viewWillAppear"))
        #expect(!events.contains("C.viewDidAppear") && !events.contains("push C completed"))
        #expect(driver.isAnimating)
        #expect(driver.completeCurrentTransition())
        #expect(log.take().last == "push C completed")
    }

    @Test("in a completion the transition has ended: isTransitioning is false, animated or not, in every mode")
    func notTransitioningInACompletion() throws {
        for mode in [TransitionDriver.Mode.immediate, .manual, .timed(seconds: 0.3)] {
            for animated in [true, false] {
                let host = try NavigationHost(driver: mode)
                let driver = host.window.transitionDriver
                var seen: [Bool] = []
                try host.navigation.push(host.screen("B"), animated: animated) { _ in
                    seen.append(driver.isTransitioning)
                    seen.append(host.navigation.interactivePopRefusal(translation: 5) == nil)
                }
                driver.completeAll()
                host.time.advance(by: 1)
                #expect(seen == [false, true], "\(mode), animated: \(animated)")
            }
        }
    }

    @Test("in a starting transition's will-calls, it is not in progress yet: nothing to complete, isAnimating false")
    func notAnimatingInTheWillCalls() throws {
        let host = try NavigationHost(driver: .manual)
        let driver = host.window.transitionDriver
        let b = ScriptedScreen("B", host.log)
        var seen: [Bool] = []
        b.actions["viewWillAppear"] = {
            seen = [driver.completeCurrentTransition(), driver.isAnimating, driver.isTransitioning]
        }
        try host.navigation.push(b, animated: true)
        #expect(seen == [false, false, true])
        #expect(driver.isAnimating && b.visibleState.contains(.willAppear))
        #expect(driver.completeCurrentTransition() && b.visibleState.contains(.didAppear))
    }

    @Test("a child's will-call that is no transition's does not hold back the transition in progress")
    func completedFromAChildsWillCall() throws {
        let host = try pushing(in: .manual)
        let b = try #require(host.navigation.topViewController)
        let c = ScriptedScreen("C", host.log)
        c.actions["viewWillAppear"] = {
            host.log.add("completed: \(host.window.transitionDriver.completeCurrentTransition())")
        }
        try b.addChild(c)
        host.log.add("addChild returned")
        #expect(
            host.log.take() == [
                "C.willMove(B)", "C.loadView", "C.viewDidLoad", "C.viewWillAppear", "A.viewDidDisappear",
                "B.viewDidAppear", "C.viewDidAppear", "B.didMove(nav)", "nav.didShow(B)", "push completed",
                "completed: true", "C.didMove(B)", "addChild returned",
            ])
    }

    @Test("switched to immediate from a starting transition's will-calls, it completes once they return")
    func immediateFromTheWillCalls() throws {
        let host = try NavigationHost(driver: .manual)
        let b = ScriptedScreen("B", host.log)
        b.actions["viewWillAppear"] = {
            host.window.transitionDriver.mode = .immediate
            host.log.add("mode set")
        }
        try host.navigation.push(b, animated: true) { host.log.add("push \($0)") }
        #expect(
            host.log.take() == [
                "B.willMove(nav)", "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear",
                "mode set", "nav.willShow(B)",
            ] + Self.pushEnd)
        #expect(!host.window.transitionDriver.isAnimating)
    }

    @Test("a push asked from a completion starts once the completion returns")
    func pushFromACompletion() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let driver = host.window.transitionDriver
        try host.navigation.push(host.screen("B"), animated: true) { _ in
            try? host.navigation.push(host.screen("C"), animated: true) { _ in log.add("push C completed") }
            log.add("push B completed, transitioning: \(driver.isTransitioning), queued: \(driver.queuedCount)")
        }
        let events = log.take()
        let end = try #require(events.firstIndex(of: "push B completed, transitioning: true, queued: 1"))
        #expect(events[end...].dropFirst().first == "C.loadView")
        #expect(events.last == "push C completed")
    }
}
