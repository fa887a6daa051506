import HookKit
import LifecycleKit
import Testing

/// Lifecycle observers attached to a window: what they see, in which order, and who holds them.
///
/// A window's observers only see that window, so these tests run in parallel with everything else.
@Suite("Window lifecycle observers")
struct WindowObserverTests {
    final class Hooked: TestScreen {}

    @Test("a push: every callback, around the screens' own methods and their hooks")
    func push() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("W", host.log)
        #expect(host.window.addObserver(observer))
        let pushed = Hooked("B", host.log)
        let log = host.log
        let hooks = [
            try Screen.viewWillAppear.before(.instance(pushed)) { _, _ in log.add("hook before B.viewWillAppear") },
            try Screen.viewWillAppear.after(.instance(pushed)) { _, _, _ in log.add("hook after B.viewWillAppear") },
        ]
        defer { hooks.forEach { $0.cancel() } }
        try host.navigation.push(pushed, animated: false)
        #expect(
            host.log.take() == [
                "W will B.willMove(toParent: nav)", "B.willMove(nav)", "W did B.willMove(toParent: nav)",
                "W join B",
                "W begin B.load",
                "W will B.loadView", "B.loadView", "W did B.loadView",
                "W will B.viewDidLoad", "B.viewDidLoad", "W state B [] -> [loaded]", "W did B.viewDidLoad",
                "W end B.load",
                "W begin A.disappear",
                "W will A.viewWillDisappear(animated: false)", "A.viewWillDisappear",
                "W state A [loaded, didAppear] -> [loaded, willDisappear]",
                "W did A.viewWillDisappear(animated: false)",
                "W begin B.appear",
                "W will B.viewWillAppear(animated: false)", "hook before B.viewWillAppear", "B.viewWillAppear",
                "W state B [loaded] -> [loaded, willAppear]", "hook after B.viewWillAppear",
                "W did B.viewWillAppear(animated: false)",
                "nav.willShow(B)",
                "W will A.viewDidDisappear(animated: false)", "A.viewDidDisappear",
                "W state A [loaded, willDisappear] -> [loaded, didDisappear]",
                "W did A.viewDidDisappear(animated: false)",
                "W end A.disappear",
                "W will B.viewDidAppear(animated: false)", "B.viewDidAppear",
                "W state B [loaded, willAppear] -> [loaded, didAppear]",
                "W did B.viewDidAppear(animated: false)",
                "W end B.appear",
                "W will B.didMove(toParent: nav)", "B.didMove(nav)", "W did B.didMove(toParent: nav)",
                "nav.didShow(B)",
            ])
    }

    @Test("a pop: the popped screen disappears, leaves its container and the hierarchy, all reported to the window")
    func pop() throws {
        let host = try NavigationHost(driver: .immediate)
        try host.navigation.push(host.screen("B"), animated: false)
        let observer = RecordingObserver("W", host.log, kinds: [.will, .did, .begin, .end, .leave])
        host.window.addObserver(observer)
        _ = host.log.take()
        try host.navigation.pop(animated: false)
        #expect(
            host.log.take() == [
                "B.willPop(false)",
                "W will B.willMove(toParent: nil)", "B.willMove(nil)", "W did B.willMove(toParent: nil)",
                "W begin B.disappear",
                "W will B.viewWillDisappear(animated: false)", "B.viewWillDisappear",
                "W did B.viewWillDisappear(animated: false)",
                "W begin A.appear",
                "W will A.viewWillAppear(animated: false)", "A.viewWillAppear",
                "W did A.viewWillAppear(animated: false)",
                "nav.willShow(A)",
                "W will B.viewDidDisappear(animated: false)", "B.viewDidDisappear",
                "W did B.viewDidDisappear(animated: false)",
                "W end B.disappear",
                // Once B disappeared, before A's viewDidAppear: didPop while B still has its navigation controller;
                // then B is out of it, and so of the window, but the window still hears of it.
                "B.didPop(false)", "W will B.didMove(toParent: nil)", "B.didMove(nil)",
                "W did B.didMove(toParent: nil)",
                "W leave B (pop)",
                "W will A.viewDidAppear(animated: false)", "A.viewDidAppear", "W did A.viewDidAppear(animated: false)",
                "W end A.appear",
                "nav.didShow(A)",
            ])
    }

    @Test("a replaced root disappears after it left the window: its observers see it disappear and leave")
    func rootReplaced() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("W", host.log, kinds: [.begin, .end, .join, .leave])
        host.window.addObserver(observer)
        try host.window.setRootScreen(host.screen("C"))
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W join C",
                "W begin C.load", "W end C.load",
                "W begin nav.disappear", "W begin A.disappear",
                "W begin C.appear",
                "W end nav.disappear", "W end A.disappear",
                "W end C.appear",
                "W leave nav (windowRootReplaced)",
            ])
    }

    @Test("present and dismiss: the presented screen joins and leaves, the covered presenter disappears and comes back")
    func presentAndDismiss() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("W", host.log, kinds: [.begin, .end, .join, .leave])
        host.window.addObserver(observer)
        let cover = host.screen("C")
        try host.root.present(cover, style: .fullScreen, animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W join C",
                "W begin C.load", "W end C.load",
                "W begin nav.disappear", "W begin A.disappear",
                "W begin C.appear",
                "W end C.appear",
                "W end nav.disappear", "W end A.disappear",
            ])
        cover.dismiss(animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W begin C.disappear",
                "W begin nav.appear", "W begin A.appear",
                "W end nav.appear", "W end A.appear",
                "W end C.disappear",
                "W leave C (dismiss)",
            ])
    }

    @Test("a child added and removed: it joins, appears, disappears, leaves its container and the hierarchy")
    func containment() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("W", host.log, kinds: [.will, .did, .begin, .end, .join, .leave])
        host.window.addObserver(observer)
        let child = host.screen("c")
        try host.root.addChild(child)
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") && !$0.contains(".view") && !$0.contains(".loadView") } == [
                "W will c.willMove(toParent: A)", "W did c.willMove(toParent: A)",
                "W join c",
                "W begin c.load", "W end c.load",
                "W begin c.appear", "W end c.appear",
                "W will c.didMove(toParent: A)", "W did c.didMove(toParent: A)",
            ])
        child.removeFromParent()
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") && !$0.contains(".view") } == [
                "W will c.willMove(toParent: nil)", "W did c.willMove(toParent: nil)",
                "W begin c.disappear", "W end c.disappear",
                "W will c.didMove(toParent: nil)", "W did c.didMove(toParent: nil)",
                "W leave c (removeFromParent)",
            ])
    }

    @Test("a container filled off screen joins the window alone, and it and its child appear without a load phase")
    func containerFilledOffScreen() throws {
        // Its child joined it off screen, before the window could hear of it (the observer article said the child
        // joins with it, until helper-156's audit).
        let host = try NavigationHost(driver: .immediate)
        host.window.addObserver(RecordingObserver("W", host.log, kinds: [.begin, .end, .join]))
        let (container, child) = (host.screen("K"), host.screen("C"))
        try container.addChild(child)
        #expect(container.isViewLoaded && child.isViewLoaded)
        _ = host.log.take()
        try host.navigation.push(container, animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W join K", "W begin A.disappear", "W begin K.appear", "W begin C.appear", "W end A.disappear",
                "W end K.appear", "W end C.appear",
            ])
    }

    @Test("interactive pops: began, then cancelled or finished, after the screens' appearance calls")
    func interactivePops() throws {
        let host = try NavigationHost(driver: .immediate)
        try host.navigation.push(host.screen("B"), animated: false)
        let observer = RecordingObserver("W", host.log, kinds: [.begin, .end, .leave, .pop])
        host.window.addObserver(observer)
        _ = host.log.take()
        let cancelled = try host.navigation.beginInteractivePop(translation: 10)
        cancelled.update(progress: 0.3)
        cancelled.cancel()
        let finished = try host.navigation.beginInteractivePop(translation: 10)
        finished.finish()
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W begin B.disappear", "W begin A.appear", "W pop began B in nav",
                // Cancelled: A appeared halfway, and goes; B comes back.
                "W begin A.disappear", "W end A.disappear", "W begin B.appear", "W end B.appear",
                "W pop cancelled B",
                "W begin B.disappear", "W begin A.appear", "W pop began B in nav",
                // Finished: B leaves once it disappeared, before A's appearance ends.
                "W end B.disappear", "W leave B (interactivePop)", "W end A.appear",
                "W pop finished B",
            ])
    }

    @Test("background and foreground reach the window's observers once each")
    func applicationEvents() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("W", host.log)
        host.window.addObserver(observer)
        host.window.enterBackground()
        host.window.enterBackground()
        host.window.enterForeground()
        host.window.enterForeground()
        #expect(host.log.take() == ["W background", "W foreground active"])
    }

    @Test("foreground asked while the background is delivered comes after it, to hooks and observers alike")
    func foregroundAskedDuringTheBackground() throws {
        let host = try NavigationHost(driver: .immediate)
        let window = host.window
        let log = host.log
        host.window.addObserver(RecordingObserver("first", host.log))
        let returning = try Window.didEnterBackground.after(.instance(window)) { window, _, _ in
            log.add("hook background(\(window.applicationState))")
            window.enterForeground()
            log.add("hook returns(\(window.applicationState))")
        }
        let foreground = try Window.willEnterForeground.before(.instance(window)) { window, _ in
            log.add("hook foreground(\(window.applicationState))")
        }
        host.window.addObserver(RecordingObserver("second", host.log))
        host.window.enterBackground()
        #expect(host.window.applicationState == .active)
        #expect(
            host.log.take() == [
                "hook background(background)", "hook returns(background)", "second background", "first background",
                "hook foreground(background)", "second foreground active", "first foreground active",
            ])
        returning.cancel()
        foreground.cancel()
    }

    @Test("an observer that asks for the foreground from the background: every observer hears the background first")
    func foregroundAskedByAnObserver() throws {
        let host = try NavigationHost(driver: .immediate)
        // Did-callbacks run in reverse attachment order: `returning` hears of the background first.
        host.window.addObserver(RecordingObserver("after", host.log))
        host.window.addObserver(Returning(host.log))
        host.window.enterBackground()
        #expect(host.window.applicationState == .active)
        #expect(
            host.log.take() == [
                "returning background(background)", "after background", "returning foreground(active)",
                "after foreground active",
            ])
    }

    /// A window observer that asks its window for the foreground as soon as it hears of the background.
    final class Returning: ScreenLifecycleObserver {
        let log: EventLog

        init(_ log: EventLog) {
            self.log = log
        }

        func windowDidEnterBackground(_ window: Window) {
            log.add("returning background(\(window.applicationState))")
            window.enterForeground()
        }

        func windowDidEnterForeground(_ window: Window) {
            log.add("returning foreground(\(window.applicationState))")
        }
    }

    @Test("an observer attached to one window sees that window's screens and application events only")
    func windowIsolation() throws {
        let first = try NavigationHost(driver: .immediate)
        let second = try NavigationHost(driver: .immediate)
        let log = EventLog()
        first.window.addObserver(RecordingObserver("1", log, kinds: [.end, .join, .application]))
        second.window.addObserver(RecordingObserver("2", log, kinds: [.end, .join, .application]))
        try first.navigation.push(first.screen("B"), animated: false)
        try second.navigation.push(second.screen("X"), animated: false)
        second.window.enterBackground()
        #expect(
            log.take() == [
                "1 join B", "1 end B.load", "1 end A.disappear", "1 end B.appear",
                "2 join X", "2 end X.load", "2 end A.disappear", "2 end X.appear",
                "2 background",
            ])
    }

    @Test("will callbacks: higher priority first, then attachment order; did callbacks exactly reversed")
    func order() throws {
        let host = try NavigationHost(driver: .immediate)
        let isB: @Sendable (Screen) -> Bool = { $0.title == "B" }
        let kinds: Set<RecordingObserver.Kind> = [.begin, .end]
        host.window.addObserver(RecordingObserver("first", host.log, kinds: kinds, accepts: isB))
        host.window.addObserver(RecordingObserver("urgent", host.log, kinds: kinds, accepts: isB), priority: 10)
        host.window.addObserver(RecordingObserver("second", host.log, kinds: kinds, accepts: isB))
        host.window.addObserver(RecordingObserver("late", host.log, kinds: kinds, accepts: isB), priority: -1)
        #expect(
            host.window.observers.map { ($0 as? RecordingObserver)?.name } == ["urgent", "first", "second", "late"])
        try host.navigation.push(host.screen("B"), animated: false)
        #expect(
            host.log.take().filter { $0.contains(" B.appear") } == [
                "urgent begin B.appear", "first begin B.appear", "second begin B.appear", "late begin B.appear",
                "late end B.appear", "second end B.appear", "first end B.appear", "urgent end B.appear",
            ])
    }

    /// A window observer that runs a closure in `screen(_:willBegin:animated:)`: window observers need not be
    /// `Sendable`, so it may capture the window.
    final class Reacting: ScreenLifecycleObserver {
        let name: String
        let log: EventLog
        var onBegin: (() -> Void)?

        init(_ name: String, _ log: EventLog) {
            self.name = name
            self.log = log
        }

        func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
            log.add("\(name) begin \(screen.label).\(phase)")
            onBegin?()
        }

        func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
            log.add("\(name) end \(screen.label).\(phase)")
        }
    }

    @Test("attaching twice does nothing; removing twice reports it; a removal from a callback applies from the next")
    func attachAndRemove() throws {
        let host = try NavigationHost(driver: .immediate)
        let remover = Reacting("remover", host.log)
        let removed = Reacting("removed", host.log)
        #expect(host.window.addObserver(remover))
        #expect(!host.window.addObserver(remover, priority: 100))
        #expect(host.window.addObserver(removed))
        #expect(host.window.observers.count == 2)
        let window = host.window
        remover.onBegin = {
            // Both leave while the first event is delivered: `removed` still receives it, neither gets the next.
            #expect(window.removeObserver(remover))
            #expect(window.removeObserver(removed))
            #expect(!window.removeObserver(removed))
        }
        try host.navigation.push(host.screen("B"), animated: false)
        #expect(
            host.log.take().filter { !$0.hasPrefix("A.") && !$0.hasPrefix("B.") && !$0.hasPrefix("nav.") } == [
                "remover begin B.load", "removed begin B.load",
            ])
        #expect(host.window.observers.isEmpty)
        #expect(!host.window.removeObserver(remover))
        remover.onBegin = nil  // it captures `remover`
    }

    @Test("the window keeps its observers alive while they are attached, and releases them with itself")
    func holding() throws {
        weak var weakObserver: CountingObserver?
        weak var weakWindow: Window?
        let removedObserver = CountingObserver()
        do {
            let host = try NavigationHost(driver: .immediate)
            weakWindow = host.window
            do {
                let observer = CountingObserver()
                weakObserver = observer
                host.window.addObserver(observer)
                host.window.addObserver(removedObserver)
            }
            try host.navigation.push(host.screen("B"), animated: false)
            #expect(weakObserver?.callbacks == 3)  // B loaded, A disappeared, B appeared
            #expect(host.window.removeObserver(removedObserver))
        }
        #expect(weakWindow == nil)
        #expect(weakObserver == nil)
        #expect(removedObserver.callbacks == 3)
    }

    @Test("statistics recorders and leak detectors are ordinary observers of the windows they attach to")
    func diagnosticsAreObservers() throws {
        let host = try NavigationHost(driver: .immediate)
        let statistics = ScreenStatistics(time: host.time)
        let detector = LeakDetector(time: host.time, isEnabled: true) { _ in }
        statistics.attach(to: host.window)
        statistics.attach(to: host.window)
        detector.attach(to: host.window)
        #expect(host.window.observers.map { $0 === statistics || $0 === detector } == [true, true])
        #expect(host.window.observers.first === statistics)
        statistics.detach(from: host.window)
        detector.detach(from: host.window)
        #expect(host.window.observers.isEmpty)
    }

    @Test("a container moved to another window: each window hears of what happened in it")
    func movedBetweenWindows() throws {
        let first = try NavigationHost(driver: .immediate)
        let second = Window(time: first.time)
        second.makeKeyAndVisible()
        let kinds: Set<RecordingObserver.Kind> = [.begin, .end, .join, .leave]
        first.window.addObserver(RecordingObserver("1", first.log, kinds: kinds))
        second.addObserver(RecordingObserver("2", first.log, kinds: kinds))
        try first.window.setRootScreen(nil)
        try second.setRootScreen(first.navigation)
        try first.navigation.push(first.screen("B"), animated: false)
        #expect(
            first.log.take().filter { $0.hasPrefix("1 ") || $0.hasPrefix("2 ") } == [
                "1 begin nav.disappear", "1 begin A.disappear", "1 end nav.disappear", "1 end A.disappear",
                "1 leave nav (windowRootReplaced)",
                "2 join nav", "2 begin nav.appear", "2 begin A.appear", "2 end nav.appear", "2 end A.appear",
                "2 join B", "2 begin B.load", "2 end B.load", "2 begin A.disappear", "2 begin B.appear",
                "2 end A.disappear", "2 end B.appear",
            ])
    }

    @Test("a screen another window took on screen disappears to the observers of the window it appeared in")
    func observedInTheWindowItAppearedIn() throws {
        let log = EventLog()
        let first = Window(transitionDriver: TransitionDriver(mode: .manual))
        let second = Window()
        let kinds: Set<RecordingObserver.Kind> = [.begin, .end]
        first.addObserver(RecordingObserver("1", log, kinds: kinds, accepts: { $0.label == "S" }))
        let screen = TestScreen("S", log)
        try first.setRootScreen(screen)
        first.makeKeyAndVisible()
        second.makeKeyAndVisible()
        // A sheet's animation holds the first window's queue: its new root waits, and the second window takes S
        // while S is still on screen, then gets an observer of its own.
        try screen.present(TestScreen("sheet", log), animated: true)
        try first.setRootScreen(TestScreen("X", log), animated: true)
        try second.setRootScreen(screen)
        second.addObserver(RecordingObserver("2", log, kinds: kinds, accepts: { $0.label == "S" }))
        first.transitionDriver.completeAll()
        _ = log.take()
        try second.setRootScreen(nil)
        let heard = log.take().filter { $0.hasPrefix("1 ") || $0.hasPrefix("2 ") }
        #expect(heard == ["1 begin S.disappear", "1 end S.disappear"])
    }

    @Test("an observer attached while a replaced root waits to disappear still hears it end its calls and disappear")
    func attachedWhileReplacedRootWaits() throws {
        let host = try NavigationHost()
        try host.navigation.push(host.screen("B"), animated: true)
        // The push is in flight; the replacement waits behind it, and the navigation controller already left the
        // window.
        try host.window.setRootScreen(host.screen("C"), animated: false)
        #expect(host.navigation.window == nil)
        host.window.addObserver(RecordingObserver("W", host.log, kinds: [.begin, .end, .leave]))
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W end A.disappear", "W end B.appear",
                "W begin C.load", "W end C.load",
                "W begin nav.disappear", "W begin B.disappear",
                "W begin C.appear",
                "W end nav.disappear", "W end B.disappear",
                "W end C.appear",
                "W leave nav (windowRootReplaced)",
            ])
    }

    @Test("an observer attached while a pop animates hears the popped screen leave its container and the hierarchy")
    func attachedWhilePopAnimates() throws {
        let host = try NavigationHost()
        try host.navigation.push(host.screen("B"), animated: false)
        host.window.transitionDriver.completeAll()
        try host.navigation.pop(animated: true)
        host.window.addObserver(
            RecordingObserver("W", host.log, kinds: [.did, .leave], accepts: { $0.title == "B" }))
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") } == [
                "W did B.viewDidDisappear(animated: true)", "W did B.didMove(toParent: nil)", "W leave B (pop)",
            ])
    }

    @Test("a screen pushed on a navigation controller that left its window meanwhile appears in that window")
    func appearsAfterContainerLeftWindow() throws {
        let host = try NavigationHost()
        let statistics = ScreenStatistics(time: host.time)
        statistics.attach(to: host.window)
        host.window.addObserver(RecordingObserver("W", host.log, kinds: [.begin, .end]))
        let sheet = host.screen("S")
        try host.root.present(sheet, style: .pageSheet, animated: true)
        // Both wait behind the presentation: the push, then the removal of the navigation controller.
        try host.navigation.push(host.screen("B"), animated: false)
        try host.window.setRootScreen(nil, animated: false)
        host.window.transitionDriver.completeAll()
        // B appeared in the navigation controller while it was still on screen, after it left the window (B loaded
        // in no window: loading reaches the window the screen is in).
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") && $0.contains("B.") } == [
                "W begin B.appear", "W end B.appear", "W begin B.disappear", "W end B.disappear",
            ])
        #expect(statistics.record(named: "TestScreen")?.viewCount == 3)
    }

    @Test("a screen pushed while its navigation controller leaves the window ends its join in the window it began in")
    func joinEndsInTheWindowItBeganIn() throws {
        let host = try NavigationHost()
        host.window.addObserver(RecordingObserver("W", host.log, kinds: [.will, .did]))
        try host.navigation.push(host.screen("B"), animated: true)  // in progress
        try host.navigation.push(host.screen("C"), animated: false)  // queued
        try host.window.setRootScreen(host.screen("R"), animated: true)  // queued: the controller leaves the window
        #expect(host.navigation.window == nil)
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.hasPrefix("W ") && $0.contains("Move") } == [
                "W will B.willMove(toParent: nav)", "W did B.willMove(toParent: nav)",
                "W will C.willMove(toParent: nav)", "W did C.willMove(toParent: nav)",
                "W will B.didMove(toParent: nav)", "W did B.didMove(toParent: nav)",
                "W will C.didMove(toParent: nav)", "W did C.didMove(toParent: nav)",
            ])
    }

    @Test(
        "a navigation controller another window takes while a push waits: the window that heard the join begin ends it",
        arguments: [false, true])
    func joinEndsInTheFirstWindowWhenAnotherTakesTheController(firstObserverFromTheWillMove: Bool) throws {
        // With `firstObserverFromTheWillMove`, the first window's observer is the first window observer at all,
        // attached from B's willMove (helper-225: that window heard the willMove's did-callback and no didMove, which
        // the second window heard alone).
        let log = EventLog()
        let first = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let second = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        let kinds: Set<RecordingObserver.Kind> = [.will, .did]
        let observe = { (window: Window, name: String) in
            window.addObserver(RecordingObserver(name, log, kinds: kinds, accepts: { $0.label == "B" }))
        }
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        try first.setRootScreen(navigation)
        first.makeKeyAndVisible()
        second.makeKeyAndVisible()
        first.transitionDriver.completeAll()
        let b = ScriptedScreen("B", log)
        if firstObserverFromTheWillMove {
            b.actions["willMove(nav)"] = { _ = observe(first, "1") }
        } else {
            _ = observe(first, "1")
        }
        try navigation.push(b, animated: true)
        _ = observe(second, "2")
        try first.setRootScreen(TestScreen("S", log), animated: true)
        try second.setRootScreen(navigation)
        first.transitionDriver.completeAll()
        second.transitionDriver.completeAll()
        let willMoveBegins = firstObserverFromTheWillMove ? [] : ["1 will B.willMove(toParent: nav)"]
        #expect(
            log.take().filter { ($0.hasPrefix("1 ") || $0.hasPrefix("2 ")) && $0.contains("Move") }
                == willMoveBegins + [
                    "1 did B.willMove(toParent: nav)", "1 will B.didMove(toParent: nav)",
                    "1 did B.didMove(toParent: nav)",
                ])
        withExtendedLifetime((first, second)) {}
    }

    @Test("a join whose willMove puts its container in a window ends in that window")
    func joinWhoseWillMovePutsTheContainerInAWindow() throws {
        // helper-223: the window that heard the willMove's did-callback missed the didMove.
        let log = EventLog()
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        window.addObserver(RecordingObserver("W", log, kinds: [.will, .did], accepts: { $0.label == "B" }))
        try window.setRootScreen(TestScreen("R", log))
        window.makeKeyAndVisible()
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        let b = ScriptedScreen("B", log)
        b.actions["willMove(nav)"] = { try? window.setRootScreen(navigation, animated: false) }
        try navigation.push(b, animated: true)
        window.transitionDriver.completeAll()
        #expect(
            log.take().filter { $0.hasPrefix("W ") && $0.contains("Move") } == [
                "W did B.willMove(toParent: nav)", "W will B.didMove(toParent: nav)", "W did B.didMove(toParent: nav)",
            ])
        withExtendedLifetime(window) {}
    }

    @Test("an observer attached from a callback hears from the next callback on")
    func attachFromCallback() throws {
        let host = try NavigationHost(driver: .immediate)
        let attacher = Reacting("attacher", host.log)
        let late = RecordingObserver("late", host.log, kinds: [.did, .end], accepts: { $0.title == "B" })
        let window = host.window
        attacher.onBegin = {
            window.addObserver(late)
        }
        window.addObserver(attacher)
        try host.navigation.push(host.screen("B"), animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("late") }.prefix(3) == [
                "late did B.loadView", "late did B.viewDidLoad", "late end B.load",
            ])
        attacher.onBegin = nil  // it captures the window
    }
}
