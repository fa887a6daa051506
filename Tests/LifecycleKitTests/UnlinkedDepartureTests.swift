import LifecycleKit
import Testing

/// Popped screens that their navigation controller unlinked when the transition started.
///
/// Without a parent and out of the children, such a screen is still in its window until its
/// `didMove(toParent: nil)`: its window's observers and the leak detector see it and its children as attached. Found
/// by review (helper-152) in the change that unlinks it.
@Suite("Popped screens unlinked while they depart")
struct UnlinkedDepartureTests {
    @Test("a child removed from a popped container while it departs still reaches the window and the leak detector")
    func childOfADepartingContainerLeavesThroughTheWindow() throws {
        let host = try NavigationHost(driver: .manual)
        let detector = LeakDetector(time: host.time, isEnabled: true) { _ in }
        detector.attach(to: host.window)
        let observer = RecordingObserver("W", host.log, kinds: [.leave])
        #expect(host.window.addObserver(observer))
        let box = ActingScreen("B", host.log)
        let child = host.screen("C")
        try box.addChild(child)
        try host.navigation.push(box, animated: false)
        host.window.transitionDriver.completeAll()
        box.onViewDidDisappear = { child.removeFromParent() }
        _ = host.log.take()
        try host.navigation.pop(animated: true)
        #expect(box.parent == nil && child.window === host.window)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == ["W leave C (removeFromParent)", "W leave B (pop)"])
        #expect(detector.isTracking(child) && detector.isTracking(box))
    }

    @Test("a screen pushed again and popped is not reported as a leak while its pop's transition runs")
    func noLeakReportWhileDeparting() throws {
        let host = try NavigationHost(driver: .manual)
        var reports: [String] = []
        let detector = LeakDetector(time: host.time, isEnabled: true) { reports.append("\($0)") }
        detector.attach(to: host.window)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        try host.navigation.pop(animated: false)
        host.window.transitionDriver.completeAll()
        #expect(detector.isTracking(b))
        try host.navigation.push(b, animated: false)  // attached again within its grace period
        host.window.transitionDriver.completeAll()
        try host.navigation.pop(animated: true)  // unlinked, its transition waits
        #expect(b.parent == nil)
        host.time.advance(by: 1.5)
        #expect(reports.isEmpty)
        host.window.transitionDriver.completeAll()
        #expect(reports.isEmpty && detector.isTracking(b))
    }

    @Test("a popped screen's resolved bar appearance still takes its navigation controller's defaults")
    func resolvedBarAppearanceWhileDeparting() throws {
        // Found by review (helper-153): the look resolved without the controller's defaults once it unlinked the
        // screen, unlike the one its bar updates apply meanwhile.
        let host = try BarHost(
            driver: .manual, root: NavigationBarAttributes(barColor: color("#FF0000")),
            defaults: NavigationBarAttributes(barColor: color("#FFFFFF"), itemColor: color("#010203")))
        let f = host.screen("F", NavigationBarAttributes(isTransparent: true))
        try host.navigation.push(f, animated: false)
        let resolved = f.resolvedNavigationBarAppearance
        #expect(resolved.description == "[transparent, bar: #FFFFFF, item: #010203]")
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        #expect(f.parent == nil && f.resolvedNavigationBarAppearance == resolved)
        pop.cancel()
        try host.navigation.pop(animated: true)
        #expect(f.parent == nil && f.resolvedNavigationBarAppearance == resolved)
        host.window.transitionDriver.completeAll()
    }

    @Test("a dismissal that ends while the screen departs a stack in another window sends no leave event")
    func dismissalEndingWhileDepartingElsewhere() throws {
        let log = EventLog()
        let time = VirtualTime()
        let first = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let presenter = TestScreen("R", log)
        try first.setRootScreen(presenter)
        first.makeKeyAndVisible()
        let s = TestScreen("S", log)
        try presenter.present(s, animated: false)
        first.transitionDriver.completeAll()
        let second = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        try second.setRootScreen(navigation)
        second.makeKeyAndVisible()
        second.transitionDriver.completeAll()
        #expect(first.addObserver(RecordingObserver("W1", log, kinds: [.leave])))
        #expect(second.addObserver(RecordingObserver("W2", log, kinds: [.leave])))
        _ = log.take()
        presenter.dismiss(animated: true)  // waits in the first window
        try navigation.push(s, animated: true)
        try navigation.pop(animated: true)
        second.transitionDriver.completeCurrentTransition()  // the push ends, the pop starts: S is unlinked
        #expect(s.parent == nil)
        first.transitionDriver.completeAll()  // the dismissal ends: S is attached elsewhere
        second.transitionDriver.completeAll()
        #expect(log.take().filter { $0.hasPrefix("W") } == ["W2 leave S (pop)"])
    }
}
