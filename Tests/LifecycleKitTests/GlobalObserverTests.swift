import Dispatch
import HookKit
import LifecycleKit
import Synchronization
import Testing

/// The global observer registry (`Lifecycle.addObserver`): scopes, priorities, the order contract, tokens, holding.
///
/// Serialized: its registrations are process-wide. The screens here are of types no other test uses, and each
/// observer records only them (and its own window's application events), so the suites that run in parallel with it
/// cannot disturb it.
@Suite("Global lifecycle observers", .serialized)
struct GlobalObserverTests {
    class ObservedBase: TestScreen {}
    final class ObservedSub: ObservedBase {}

    static let isObserved: @Sendable (Screen) -> Bool = { $0 is ObservedBase }

    @Test("will callbacks run from the most general registration to the most specific, did callbacks mirrored")
    func orderAcrossScopes() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let pushed = ObservedSub("B", log)
        func observer(_ name: String) -> RecordingObserver {
            RecordingObserver(name, log, kinds: [.begin, .end], accepts: { $0.title == "B" && $0 is ObservedSub })
        }
        // Registered most specific first, so that the order below is the contract's, not the registration order's.
        let tokens = [
            try Lifecycle.addObserver(observer("instance"), scope: .instance(pushed), label: "instance"),
            try Lifecycle.addObserver(observer("exact"), scope: .exactType(ObservedSub.self), label: "exact"),
            try Lifecycle.addObserver(observer("sub"), scope: .type(ObservedSub.self), label: "sub"),
            try Lifecycle.addObserver(observer("sub, newer"), scope: .type(ObservedSub.self), label: "sub, newer"),
            try Lifecycle.addObserver(
                observer("sub, priority 3"), scope: .type(ObservedSub.self), priority: 3, label: "sub, priority 3"),
            try Lifecycle.addObserver(observer("base"), scope: .type(ObservedBase.self), label: "base"),
            try Lifecycle.addObserver(observer("all"), label: "all"),
            try Lifecycle.addObserver(observer("all, priority 5"), priority: 5, label: "all, priority 5"),
        ]
        defer { tokens.forEach { $0.cancel() } }
        host.window.addObserver(observer("window"))
        try host.navigation.push(pushed, animated: false)
        #expect(
            log.take().filter { $0.contains(" B.appear") } == [
                "all, priority 5 begin B.appear", "all begin B.appear", "base begin B.appear",
                "sub, priority 3 begin B.appear", "sub begin B.appear", "sub, newer begin B.appear",
                "exact begin B.appear", "instance begin B.appear", "window begin B.appear",
                "window end B.appear", "instance end B.appear", "exact end B.appear", "sub, newer end B.appear",
                "sub end B.appear", "sub, priority 3 end B.appear", "base end B.appear", "all end B.appear",
                "all, priority 5 end B.appear",
            ])
        // Introspection lists the registrations that apply to B in the order of did callbacks.
        let names: Set<String?> = [
            "instance", "exact", "sub", "sub, newer", "sub, priority 3", "base", "all", "all, priority 5",
        ]
        #expect(
            Lifecycle.observers(for: pushed).map(\.label).filter { names.contains($0) } == [
                "instance", "exact", "sub, newer", "sub", "sub, priority 3", "base", "all", "all, priority 5",
            ])
    }

    @Test("global observers are outside every hook: will callbacks before the before hooks, did after the after hooks")
    func aroundHooks() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let pushed = ObservedSub("B", log)
        let global = RecordingObserver(
            "G", log, kinds: [.will, .did], accepts: { $0.title == "B" && $0 is ObservedSub })
        let tokens = [
            try Lifecycle.addObserver(global, scope: .instance(pushed)),
            try Lifecycle.hook(.viewDidAppear, .before, scope: .instance(pushed)) { _, _ in log.add("before hook") },
            try Lifecycle.hook(.viewDidAppear, .after, scope: .instance(pushed)) { _, _ in log.add("after hook") },
        ]
        defer { tokens.forEach { $0.cancel() } }
        let window = RecordingObserver("W", log, kinds: [.will, .did], accepts: { $0.title == "B" })
        host.window.addObserver(window)
        try host.navigation.push(pushed, animated: false)
        #expect(
            log.take().filter { $0.contains("viewDidAppear") || $0.contains("hook") } == [
                "G will B.viewDidAppear(animated: false)", "W will B.viewDidAppear(animated: false)",
                "before hook", "B.viewDidAppear", "after hook",
                "W did B.viewDidAppear(animated: false)", "G did B.viewDidAppear(animated: false)",
            ])
    }

    @Test("the process's first global registration, made from a window's did-callback, hears the global one after it")
    func firstRegistrationFromAWindowDidCallback() async {
        // In a child process: this one has had global registrations since its first suite, and the case needs none.
        await #expect(processExitsWith: .success) {
            let host = try NavigationHost(driver: .immediate)
            let late = RecordingObserver("late", host.log, kinds: [.end], accepts: Self.isObserved)
            let window = RecordingObserver("W", host.log, kinds: [.end], accepts: Self.isObserved)
            let token = Mutex<HookToken?>(nil)
            window.react { line in
                guard line == "W end B.load" else { return }
                token.withLock { $0 = try? Lifecycle.addObserver(late, scope: .all) }
            }
            host.window.addObserver(window)
            try host.navigation.push(ObservedSub("B", host.log), animated: false)
            let lines = host.log.take().filter { $0.hasPrefix("W ") || $0.hasPrefix("late ") }
            precondition(
                lines == ["W end B.load", "late end B.load", "W end B.appear", "late end B.appear"], "\(lines)")
            token.withLock { _ = $0?.cancel() }
        }
    }

    @Test("the same observer registered twice is called twice; each token removes its own, once")
    func registeredTwice() throws {
        let host = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("twice", host.log, kinds: [.end], accepts: Self.isObserved)
        let first = try Lifecycle.addObserver(observer, scope: .type(ObservedSub.self))
        let second = try Lifecycle.addObserver(observer, scope: .type(ObservedSub.self))
        #expect(first != second)
        #expect(Lifecycle.observers.filter { $0.label == "RecordingObserver" }.count == 2)
        try host.navigation.push(ObservedSub("B", host.log), animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("twice") } == [
                "twice end B.load", "twice end B.load", "twice end B.appear", "twice end B.appear",
            ])
        #expect(first.cancel())
        #expect(!first.cancel())
        #expect(!first.isActive && second.isActive)
        try host.navigation.push(ObservedSub("C", host.log), animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("twice") } == [
                "twice end C.load", "twice end B.disappear", "twice end C.appear",
            ])
        #expect(second.cancel())
        #expect(!second.cancel())
        try host.navigation.push(ObservedSub("D", host.log), animated: false)
        #expect(host.log.take().filter { $0.hasPrefix("twice") } == [])
        #expect(Lifecycle.observers.filter { $0.label == "RecordingObserver" }.isEmpty)
    }

    @Test("a token cancelled from inside a callback applies from the next callback, during will and did callbacks")
    func cancelFromCallbacks() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let kinds: Set<RecordingObserver.Kind> = [.begin, .end]
        // During a will callback: `canceller` runs first (priority 1) and cancels itself and `victim`.
        let canceller = RecordingObserver("canceller", log, kinds: kinds, accepts: Self.isObserved)
        let victim = RecordingObserver("victim", log, kinds: kinds, accepts: Self.isObserved)
        let cancellerToken = TokenBox()
        let victimToken = TokenBox()
        cancellerToken.set(try Lifecycle.addObserver(canceller, scope: .type(ObservedSub.self), priority: 1))
        victimToken.set(try Lifecycle.addObserver(victim, scope: .type(ObservedSub.self)))
        canceller.react { line in
            guard line == "canceller begin B.appear" else { return }
            log.add("cancelled: \(cancellerToken.cancel()) \(victimToken.cancel()) \(cancellerToken.cancel())")
        }
        try host.navigation.push(ObservedSub("B", log), animated: false)
        #expect(
            log.take().filter { $0.contains("B.") && !$0.hasPrefix("B.") || $0.hasPrefix("cancelled") } == [
                "canceller begin B.load", "victim begin B.load", "victim end B.load", "canceller end B.load",
                "canceller begin B.appear", "cancelled: true true false", "victim begin B.appear",
            ])
        // During a did callback: the newer registration runs first, and cancels the older one.
        let older = RecordingObserver("older", log, kinds: kinds, accepts: Self.isObserved)
        let newer = RecordingObserver("newer", log, kinds: kinds, accepts: Self.isObserved)
        let olderToken = TokenBox()
        olderToken.set(try Lifecycle.addObserver(older, scope: .type(ObservedSub.self)))
        let newerToken = try Lifecycle.addObserver(newer, scope: .type(ObservedSub.self))
        defer { newerToken.cancel() }
        newer.react { line in
            guard line == "newer end C.load" else { return }
            log.add("cancelled older: \(olderToken.cancel())")
        }
        try host.navigation.push(ObservedSub("C", log), animated: false)
        #expect(
            log.take().filter { $0.contains("C.") && !$0.hasPrefix("C.") || $0.hasPrefix("cancelled") } == [
                "older begin C.load", "newer begin C.load", "newer end C.load", "cancelled older: true",
                "older end C.load", "newer begin C.appear", "newer end C.appear",
            ])
    }

    @Test("the registry holds an observer strongly until its token is cancelled, then lets it go")
    func holding() throws {
        let host = try NavigationHost(driver: .immediate)
        weak var weakObserver: CountingObserver?
        let token: HookToken
        do {
            let observer = CountingObserver()
            weakObserver = observer
            token = try Lifecycle.addObserver(observer, scope: .type(ObservedSub.self))
        }
        #expect(weakObserver != nil)
        try host.navigation.push(ObservedSub("B", host.log), animated: false)
        #expect(weakObserver?.callbacks == 2)  // B loaded, B appeared
        #expect(token.cancel())
        // Cancelled outside any call: HookKit frees the registration's closure, and with it the observer.
        #expect(weakObserver == nil)
    }

    @Test("application events reach the global registrations for every screen, and no others")
    func applicationEvents() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        func observer(_ name: String) -> RecordingObserver {
            RecordingObserver(name, log, kinds: [.application], window: host.window)
        }
        let tokens = [
            try Lifecycle.addObserver(observer("all")),
            try Lifecycle.addObserver(observer("screens"), scope: .type(Screen.self)),
            try Lifecycle.addObserver(observer("exact"), scope: .exactType(Screen.self)),
            try Lifecycle.addObserver(observer("typed"), scope: .type(ObservedSub.self)),
        ]
        defer { tokens.forEach { $0.cancel() } }
        host.window.addObserver(observer("window"))
        host.window.enterBackground()
        host.window.enterForeground()
        #expect(
            log.take() == [
                "window background", "screens background", "all background",
                "window foreground active", "screens foreground active", "all foreground active",
            ])
    }

    @Test("a screen outside every window: global observers follow it, window observers do not")
    func outsideWindows() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let global = RecordingObserver("G", log, kinds: [.will, .did, .join, .end], accepts: Self.isObserved)
        let token = try Lifecycle.addObserver(global, scope: .type(ObservedBase.self))
        defer { token.cancel() }
        host.window.addObserver(RecordingObserver("W", log, accepts: Self.isObserved))
        let root = ObservedSub("R", log)
        let navigation = try TestNavigation("offscreen", root: root, log)
        root.loadViewIfNeeded()
        #expect(
            log.take().filter { $0.hasPrefix("G ") || $0.hasPrefix("W ") } == [
                // Its didMove(toParent:) waits for its first appearance, as in UIKit.
                "G will R.willMove(toParent: offscreen)", "G did R.willMove(toParent: offscreen)", "G join R",
                "G will R.loadView", "G did R.loadView", "G will R.viewDidLoad", "G did R.viewDidLoad", "G end R.load",
            ])
        _ = navigation
    }

    @Test("a scope type that is not a screen is refused")
    func refusedScope() throws {
        let observer = CountingObserver()
        #expect(throws: HookError.self) {
            try Lifecycle.addObserver(observer, scope: .type(Window.self))
        }
        do {
            try Lifecycle.addObserver(observer, scope: .type(Window.self))
        } catch {
            #expect(error.code == .incompatibleScopeType)
        }
    }

    final class ThreadScreen: Screen {}

    @Test("one global observer, called from two threads that drive hosts of their own")
    func twoThreads() throws {
        let observer = CountingObserver()
        let token = try Lifecycle.addObserver(observer, scope: .type(ThreadScreen.self))
        defer { token.cancel() }
        let failures = EventLog()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            do {
                let window = Window(time: VirtualTime())
                let navigation = try NavigationController(rootScreen: Screen(title: "root \(thread)"))
                try window.setRootScreen(navigation)
                window.makeKeyAndVisible()
                for _ in 0..<500 {
                    try navigation.push(ThreadScreen(), animated: false)
                    try navigation.pop(animated: false)
                }
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.take() == [])
        // Each pushed screen loads, appears and disappears: three phases end.
        #expect(observer.callbacks == 2 * 500 * 3)
    }
}
