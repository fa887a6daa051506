import HookKit
import LifecycleKit
import Testing

/// Global lifecycle hooks (`Lifecycle.hook`), and the Screen hook points they are built on.
///
/// The hook points are process-wide and tests run in parallel, so each test hooks a screen type
/// of its own, or one instance, or filters on its own event log.
@Suite("Global lifecycle hooks")
struct GlobalHookTests {
    final class HookedScreen: TestScreen {}
    final class PhaseScreen: TestScreen {}
    final class OrderScreen: TestScreen {}
    class MovingScreen: TestScreen {}
    final class MovingSubscreen: MovingScreen {}
    final class SiblingScreen: TestScreen {}

    @Test("before and after hooks on every method, filtered by type, around the screen's own method")
    func everyMethod() throws {
        let host = try NavigationHost(driver: .immediate)
        var tokens: [HookToken] = []
        for method in LifecycleMethod.allCases {
            for timing in HookTiming.allCases {
                tokens.append(
                    try Lifecycle.hook(method, timing, scope: .type(HookedScreen.self)) { screen, animated in
                        (screen as? TestScreen)?.log.add("\(timing) \(method)(\(animated))")
                    })
            }
        }
        defer { tokens.forEach { $0.cancel() } }
        try host.navigation.push(HookedScreen("B", host.log), animated: true)
        try host.navigation.pop(animated: true)
        #expect(
            host.log.take().filter { !$0.contains("Move") && !$0.contains("Pop") && !$0.contains("Show") } == [
                "before loadView(false)", "B.loadView", "after loadView(false)",
                "before viewDidLoad(false)", "B.viewDidLoad", "after viewDidLoad(false)",
                "A.viewWillDisappear",
                "before viewWillAppear(true)", "B.viewWillAppear", "after viewWillAppear(true)",
                "A.viewDidDisappear",
                "before viewDidAppear(true)", "B.viewDidAppear", "after viewDidAppear(true)",
                "before viewWillDisappear(true)", "B.viewWillDisappear", "after viewWillDisappear(true)",
                "A.viewWillAppear",
                "before viewDidDisappear(true)", "B.viewDidDisappear", "after viewDidDisappear(true)",
                "A.viewDidAppear",
            ])
    }

    /// helper-138: the did-call that balances a will-call early got `animated: false`, where UIKit's
    /// `endAppearanceTransition()` reuses the flag of `beginAppearanceTransition(_:animated:)`.
    @Test("a did-call that comes early to balance an animated will-call says animated too, as the will-call did")
    func earlyDidCallKeepsTheWillCallsFlag() throws {
        let host = try NavigationHost(driver: .manual)
        let (container, child) = (TestScreen("C", host.log), HookedScreen("K", host.log))
        try container.addChild(child)
        try host.navigation.push(container, animated: false)
        var tokens: [HookToken] = []
        let log = host.log
        for method in [LifecycleMethod.viewWillDisappear, .viewDidDisappear, .viewWillAppear, .viewDidAppear] {
            tokens.append(
                try Lifecycle.hook(method, .before, scope: .instance(child)) { _, animated in
                    log.add("\(method)(\(animated))")
                })
        }
        defer { tokens.forEach { $0.cancel() } }
        _ = host.log.take()
        // K's viewWillDisappear(true) runs as the push begins; removing K ends its disappearance at once.
        try host.navigation.push(TestScreen("D", host.log), animated: true)
        child.removeFromParent()
        host.window.transitionDriver.completeAll()
        #expect(
            host.log.take().filter { $0.hasPrefix("view") } == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        // A child added to a screen on screen appears at once, unanimated: both calls say so.
        try host.navigation.pop(animated: false)
        try container.addChild(child)
        #expect(host.log.take().filter { $0.hasPrefix("view") } == ["viewWillAppear(false)", "viewDidAppear(false)"])
    }

    @Test("containment methods are hook points too, and a type scope covers the type's subclasses only")
    func containmentHooksAndSubclasses() throws {
        let host = try NavigationHost(driver: .immediate)
        let scope = HookScope<Screen>.type(MovingScreen.self)
        let tokens = [
            try Screen.willMove.before(scope) { screen, parent in
                (screen as? TestScreen)?.log.add("before willMove(\(parent?.title ?? "nil"))")
            },
            try Screen.didMove.after(scope) { screen, parent, _ in
                (screen as? TestScreen)?.log.add("after didMove(\(parent?.title ?? "nil"))")
            },
            try Lifecycle.hook(.viewDidAppear, .after, scope: scope) { screen, _ in
                (screen as? TestScreen)?.log.add("after viewDidAppear")
            },
        ]
        defer { tokens.forEach { $0.cancel() } }
        let child = MovingSubscreen("child", host.log)
        try host.root.addChild(child)
        child.removeFromParent()
        #expect(
            host.log.take() == [
                "before willMove(A)", "child.willMove(A)", "child.loadView", "child.viewDidLoad",
                "child.viewWillAppear", "child.viewDidAppear", "after viewDidAppear", "child.didMove(A)",
                "after didMove(A)", "before willMove(nil)", "child.willMove(nil)", "child.viewWillDisappear",
                "child.viewDidDisappear", "child.didMove(nil)", "after didMove(nil)",
            ])
        // A sibling type, and the superclass of the scope type, are not hooked.
        let sibling = SiblingScreen("sibling", host.log)
        try host.root.addChild(sibling)
        sibling.removeFromParent()
        let plain = TestScreen("plain", host.log)
        try host.root.addChild(plain)
        plain.removeFromParent()
        #expect(host.log.take().allSatisfy { !$0.hasPrefix("before") && !$0.hasPrefix("after") })
    }

    @Test("each method belongs to the phase whose first or last method it is")
    func methodsAndPhases() {
        #expect(
            LifecycleMethod.allCases.map { "\($0) \($0.phase)" } == [
                "loadView load", "viewDidLoad load", "viewWillAppear appear", "viewDidAppear appear",
                "viewWillDisappear disappear", "viewDidDisappear disappear",
            ])
        for phase in LifecyclePhase.allCases {
            #expect(phase.methods.first.phase == phase && phase.methods.last.phase == phase)
        }
    }

    @Test("phase hooks run before a phase's first method and after its last")
    func phases() throws {
        let host = try NavigationHost(driver: .immediate)
        var tokens: [HookToken] = []
        for phase in LifecyclePhase.allCases {
            for timing in HookTiming.allCases {
                tokens.append(
                    try Lifecycle.hook(phase, timing, scope: .type(PhaseScreen.self)) { screen, _ in
                        (screen as? TestScreen)?.log.add("\(timing) \(phase)")
                    })
            }
        }
        defer { tokens.forEach { $0.cancel() } }
        try host.navigation.push(PhaseScreen("B", host.log), animated: false)
        try host.navigation.pop(animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear",
                "B.viewDidAppear", "B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear",
            ])
        try host.navigation.push(PhaseScreen("C", host.log), animated: false)
        try host.navigation.pop(animated: false)
        #expect(
            host.log.take().filter { $0.hasPrefix("before") || $0.hasPrefix("after") } == [
                "before load", "after load", "before appear", "after appear", "before disappear", "after disappear",
            ])
    }

    @Test("any number of hooks per method and timing, in priority then registration order, each cancellable")
    func severalHooksPerMethod() throws {
        let host = try NavigationHost(driver: .immediate)
        let screen = OrderScreen("B", host.log)
        func hook(_ name: String, priority: Int = 0, once: Bool = false) throws -> HookToken {
            try Lifecycle.hook(.viewWillAppear, .before, scope: .instance(screen), priority: priority, once: once) {
                screen, _ in (screen as? TestScreen)?.log.add(name)
            }
        }
        let first = try hook("first")
        let second = try hook("second")
        let urgent = try hook("urgent", priority: 10)
        let single = try hook("once", once: true)
        try host.navigation.push(screen, animated: false)
        #expect(host.log.take().filter { !$0.contains(".") } == ["urgent", "first", "second", "once"])
        #expect(second.cancel())
        try host.navigation.pop(animated: false)
        try host.navigation.push(screen, animated: false)
        #expect(host.log.take().filter { !$0.contains(".") } == ["urgent", "first"])
        #expect(!single.isActive)
        for token in [first, urgent] { token.cancel() }
        try host.navigation.pop(animated: false)
        try host.navigation.push(screen, animated: false)
        #expect(host.log.take().filter { !$0.contains(".") } == [])
    }

    @Test("an every-screen hook sees every screen; an instance override replaces one screen's method")
    func everyScreenAndInstanceOverride() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let all = try Lifecycle.hook(.viewDidAppear, .after) { screen, _ in
            if let screen = screen as? TestScreen, screen.log === log { log.add("enter \(screen.name)") }
        }
        defer { all.cancel() }
        let b = host.screen("B")
        let replaced = try Screen.viewWillAppear.override(.instance(b)) { original in
            { screen, animated in
                log.add("instead of B.viewWillAppear")
            }
        }
        defer { replaced.cancel() }
        try host.navigation.push(b, animated: false)
        #expect(
            host.log.take().filter { !$0.contains("Move") && !$0.contains("Show") } == [
                "B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "instead of B.viewWillAppear",
                "A.viewDidDisappear", "B.viewDidAppear", "enter B",
            ])
        try host.navigation.pop(animated: false)
        #expect(host.log.take().contains("enter A"))
        // The replaced method still updated the visible state (host bookkeeping is not the method's).
        #expect(b.visibleState == [.loaded, .didDisappear])
    }

    @Test("an override that skips a method hides the new state from the point's after hooks, not from Lifecycle's")
    func afterHooksBehindASkippingOverride() throws {
        let host = try NavigationHost(driver: .immediate)
        let log = host.log
        let b = host.screen("B")
        let tokens = [
            try Screen.viewDidAppear.override(.instance(b)) { _ in { _, _ in log.add("instead of B.viewDidAppear") } },
            try Screen.viewDidLoad.override(.instance(b)) { _ in { _, _ in log.add("instead of B.viewDidLoad") } },
            try Lifecycle.hook(.viewDidAppear, .after, scope: .instance(b)) { screen, _ in
                log.add("method hook sees \(screen.visibleState)")
            },
            try Lifecycle.hook(.appear, .after, scope: .instance(b)) { screen, _ in
                log.add("phase hook sees \(screen.visibleState)")
            },
            try Lifecycle.hook(.viewDidLoad, .after, scope: .instance(b)) { screen, _ in
                log.add("load hook sees \(screen.visibleState)")
            },
            try Screen.viewDidAppear.after(.instance(b), priority: -1) { screen, _, _ in
                log.add("point hook sees \(screen.visibleState)")
            },
        ]
        defer { tokens.forEach { $0.cancel() } }
        try host.navigation.push(b, animated: false)
        // After hooks run newest first; the point's own hook, at a lower priority, runs before Lifecycle's.
        #expect(
            log.take().filter { $0.contains("sees") || $0.hasPrefix("instead") } == [
                "instead of B.viewDidLoad", "load hook sees [loaded]",
                "instead of B.viewDidAppear", "point hook sees [loaded, willAppear]",
                "phase hook sees [loaded, didAppear]", "method hook sees [loaded, didAppear]",
            ])
        #expect(b.visibleState == [.loaded, .didAppear])

        let c = host.screen("C")
        let hookOnC = try Screen.viewDidAppear.after(.instance(c)) { screen, _, _ in
            log.add("point hook on C sees \(screen.visibleState)")
        }
        defer { hookOnC.cancel() }
        try host.navigation.push(c, animated: false)
        #expect(log.take().filter { $0.contains("sees") } == ["point hook on C sees [loaded, didAppear]"])
    }

    @Test("a scope type that is not a Screen is refused")
    func badScope() {
        #expect(throws: HookError.self) {
            try Lifecycle.hook(.viewDidLoad, .after, scope: .type(String.self)) { _, _ in }
        }
    }
}
