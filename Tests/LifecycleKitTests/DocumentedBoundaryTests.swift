import LifecycleKit
import Testing

/// Where the documented rules draw their lines: refused requests and completions, the bounds of a sheet's pause in
/// the statistics, and when a leak report says a screen was removed.
@Suite("Documented boundaries")
struct DocumentedBoundaryTests {
    @Test("a refused request throws, changes nothing and never runs its completion")
    func refusedRequestsRunNoCompletion() throws {
        let host = try NavigationHost(driver: .immediate)
        let completions = Completions()
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        expectError(.alreadyInStack) {
            try host.navigation.push(b, animated: true, completion: completions.callback("push again"))
        }
        let other = try NavigationController(rootScreen: Screen(title: "Other"))
        expectError(.alreadyAttached) { try other.push(b, animated: true, completion: completions.callback("push")) }
        expectError(.alreadyAttached) {
            try other.setViewControllers([b], animated: true, completion: completions.callback("set"))
        }
        expectError(.notInStack) {
            _ = try host.navigation.popTo(
                Screen(title: "Nowhere"), animated: true, completion: completions.callback("to"))
        }
        expectError(.invalidStack) {
            try host.navigation.setViewControllers([], animated: true, completion: completions.callback("empty"))
        }
        try host.navigation.present(Screen(title: "Sheet"), style: .pageSheet, animated: false)
        expectError(.alreadyPresenting) {
            try b.present(
                Screen(title: "Second"), style: .pageSheet, animated: true, completion: completions.callback("p"))
        }
        for name in ["push again", "push", "set", "to", "empty", "p"] {
            #expect(completions[name].isEmpty, "\(name)")
        }
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        #expect(other.viewControllers.map(\.title) == ["Other"])
    }

    @Test("a sheet pauses the screen under it from the sheet's viewDidAppear to its viewWillDisappear")
    func sheetPauseBounds() throws {
        let host = try StatisticsHost(driver: .manual)
        host.time.advance(by: 10)
        let sheet = Screen(title: "Sheet")
        sheet.statisticName = "Sheet"
        try host.navigation.present(sheet, style: .pageSheet, animated: true)
        host.time.advance(by: 1)  // the sheet animates in: Home still counts
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 5)  // the sheet is on screen: Home is paused
        _ = sheet.dismiss(animated: true)
        host.time.advance(by: 1)  // the sheet animates out: its view has ended, Home counts again
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 4)
        let record = try #require(host.statistics.record(named: "Home"))
        #expect(record.stayTime == 16)
        #expect(record.resumeCount == 1)
        #expect(host.statistics.record(named: "Sheet")?.stayTime == 5)
    }

    @Test(
        "a timed driver completes after no time for a zero, negative or NaN duration, never for an infinite one",
        arguments: [0, -1, Double.nan, .infinity])
    func timedDurationBoundaries(seconds: Double) throws {
        let host = try NavigationHost(driver: .timed(seconds: seconds))
        let driver = host.window.transitionDriver
        try host.navigation.push(host.screen("B"), animated: true)
        #expect(driver.isAnimating)  // not in the call that started it
        host.time.advance(by: 0)
        if seconds.isInfinite {
            host.time.advance(by: .greatestFiniteMagnitude)
            #expect(driver.isAnimating)
            #expect(driver.completeCurrentTransition())
        }
        #expect(!driver.isAnimating)
        #expect(host.log.take().suffix(2) == ["B.didMove(nav)", "nav.didShow(B)"])
    }

    @Test("a leak report's removedAt is when the removing transition completed, not when it was requested")
    func leakRemovalTime() throws {
        let host = try NavigationHost(driver: .timed(seconds: 0.5))
        var reports: [LeakReport] = []
        let detector = LeakDetector(time: host.time, isEnabled: true) { reports.append($0) }
        detector.attach(to: host.window)
        let b = host.screen("B")
        host.time.advance(by: 10)
        try host.navigation.push(b, animated: true)
        host.time.advance(by: 5)
        _ = try host.navigation.pop(animated: true)  // requested at 15 s, completed at 15.5 s
        host.time.advance(by: 0.5 + 1.5)
        #expect(reports.map(\.kind) == [.suspected])
        #expect(reports.map(\.removedAt) == [15.5])
        #expect(reports.map(\.reportedAt) == [17])
        withExtendedLifetime(b) {}
    }

    @Test("didLeaveHierarchy runs once the transition that removed the screen completed, not when it was requested")
    func leaveTime() throws {
        let host = try NavigationHost(driver: .manual)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        let left = EventLog()
        let token = try Screen.didLeaveHierarchy.after(.instance(b)) { _, reason, _ in left.add("\(reason)") }
        defer { token.cancel() }
        try host.navigation.pop(animated: true)
        #expect(left.take() == [])
        host.window.transitionDriver.completeAll()
        #expect(left.take() == ["pop"])
    }
}
