import HookKit
import LifecycleKit
import Testing

/// The window's effective status bar: delegation from the root down, presentations, recomputation on
/// transitions and on request, child removal, and a child's temporary override of its parent.
@Suite("Status bar")
struct StatusBarTests {
    /// A screen that prefers the status bar hidden.
    final class Hiding: TestScreen {
        override var prefersStatusBarHidden: Bool { true }
    }

    /// A container that delegates to children it keeps in strong properties, like the article's sample.
    final class Split: StyledScreen {
        var featured: Screen?
        var styleChild: Screen?
        override var childForStatusBarHidden: Screen? { featured }
        override var childForStatusBarStyle: Screen? { styleChild }
    }

    /// A child that hides its parent's status bar while it is on screen, the article's way.
    final class Overlay: StyledScreen {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            _ = try? overrideParentStatusBarHidden(true)
        }
    }

    /// A visible window on a virtual clock, rooted at `root`, whose status-bar changes are recorded.
    static func window(root: Screen, events: EventLog) throws -> Window {
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .immediate))
        try Window.statusBarDidChange.after(.instance(window)) { _, change, _ in events.add("status: \(change)") }
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        return window
    }

    @Test("a navigation controller defers the visibility to its top screen, the style only under a hidden bar")
    func navigationDelegation() throws {
        let host = try BarHost(driver: .manual)
        func statusEvents() -> [String] { host.events.take().filter { $0.hasPrefix("status") } }
        #expect(host.window.statusBar == StatusBarAppearance() && statusEvents() == [])
        // Under its visible bar, the navigation controller decides the style (UIKit's rule).
        #expect(
            host.window.screenForStatusBarHidden === host.root
                && host.window.screenForStatusBarStyle === host.navigation)
        host.root.statusBarStyle = .lightContent
        host.root.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.statusBar.style == .default && statusEvents() == [])
        // The navigation controller's own visibility preference does not count: it delegates.
        let ignored = try Screen.prefersStatusBarHidden.override(.instance(host.navigation)) { _ in { _, _ in true } }
        defer { ignored.cancel() }
        host.window.setNeedsStatusBarAppearanceUpdate()
        #expect(!host.window.statusBar.isHidden)

        // B hides the bar: it decides the style too while it is on top.
        let b = host.screen("B", NavigationBarAttributes(isHidden: true))
        b.hidesStatusBar = true
        b.statusBarStyle = .darkContent
        try host.navigation.push(b, animated: true)
        // Recomputed when the transition starts: the status bar animates along.
        #expect(host.window.statusBar.description == "hidden darkContent" && host.window.screenForStatusBarHidden === b)
        #expect(host.window.screenForStatusBarStyle === b)
        host.completeAll()
        try host.navigation.pop(animated: true)
        #expect(host.window.statusBar.description == "visible default")
        host.completeAll()
        #expect(
            statusEvents() == [
                "status: visible default -> hidden darkContent",
                "status: hidden darkContent -> visible default",
            ])

        // An interactive pop pops when it begins, as UIKit's does: the revealed screen decides from then on, and the
        // popped screen again after a cancel.
        try host.navigation.push(b, animated: false)
        let cancelled = try host.navigation.beginInteractivePop(translation: 5)
        #expect(host.window.screenForStatusBarHidden === host.root && !host.window.statusBar.isHidden)
        cancelled.cancel()
        #expect(host.window.screenForStatusBarHidden === b && host.window.statusBar.isHidden)
        let finished = try host.navigation.beginInteractivePop(translation: 5)
        #expect(host.window.screenForStatusBarHidden === host.root && !host.window.statusBar.isHidden)
        finished.finish()
        #expect(host.window.screenForStatusBarHidden === host.root && !host.window.statusBar.isHidden)
        #expect(
            statusEvents() == [
                "status: visible default -> hidden darkContent",
                "status: hidden darkContent -> visible default",
                "status: visible default -> hidden darkContent",
                "status: hidden darkContent -> visible default",
            ])
    }

    @Test("under a visible bar the bar's style decides the status bar's, as UIKit's navigation controller does")
    func navigationBarStyleDecides() throws {
        let host = try BarHost(driver: .immediate)
        host.root.statusBarStyle = .lightContent
        host.root.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.screenForStatusBarStyle === host.navigation && host.window.statusBar.style == .default)
        _ = host.events.take()

        // A screen with a black bar: light content, decided when its bar is applied, as the push begins.
        let dark = host.screen("dark", NavigationBarAttributes(barStyle: .black))
        dark.statusBarStyle = .darkContent
        try host.navigation.push(dark, animated: true)
        #expect(host.window.screenForStatusBarStyle === host.navigation)
        #expect(
            host.events.take() == [
                "appear(dark) animated: [] -> [style: black]", "status: visible default -> visible lightContent",
            ])
        // Hiding the bar directly hands the style to the top screen; showing it again takes it back.
        host.navigation.setNavigationBarHidden(true)
        #expect(host.window.screenForStatusBarStyle === dark)
        host.navigation.setNavigationBarHidden(false)
        #expect(
            host.events.take() == [
                "direct: [style: black] -> [hidden, style: black]",
                "status: visible lightContent -> visible darkContent",
                "direct: [hidden, style: black] -> [style: black]",
                "status: visible darkContent -> visible lightContent",
            ])
        try host.navigation.pop(animated: true)
        #expect(
            host.events.take() == [
                "A.willRestore([])", "restore(A) animated: [style: black] -> []",
                "status: visible lightContent -> visible default", "A.didRestore([])",
            ])
        // The visibility still follows the top screen under a visible bar.
        host.root.hidesStatusBar = true
        host.root.setNeedsStatusBarAppearanceUpdate()
        #expect(
            host.window.screenForStatusBarHidden === host.root && host.window.statusBar.description == "hidden default")

        // A controller whose default bar is black shows light content from the start.
        let events = EventLog()
        let black = try NavigationController(rootScreen: Screen(title: "plain"))
        black.defaultNavigationBarStyle = .black
        let window = try Self.window(root: black, events: events)
        #expect(window.screenForStatusBarStyle === black && window.statusBar.description == "visible lightContent")
        #expect(events.take() == ["status: visible default -> visible lightContent"])
    }

    @Test(
        "the per-screen style under a visible bar is an opt-in: a subclass, or an instance override of the hook point")
    func perScreenStyleOptIn() throws {
        /// A navigation controller whose top screen always decides the style (QMUI's behaviour).
        final class TopDecides: NavigationController {
            override var childForStatusBarStyle: Screen? { topViewController }
        }
        let events = EventLog()
        let log = EventLog()
        let lit = StyledScreen("lit", log, events)
        lit.statusBarStyle = .lightContent
        let subclassed = try TopDecides(rootScreen: lit)
        let window = try Self.window(root: subclassed, events: events)
        #expect(window.screenForStatusBarStyle === lit && window.statusBar.style == .lightContent)

        let dim = StyledScreen("dim", log, events)
        dim.statusBarStyle = .darkContent
        let navigation = try NavigationController(rootScreen: dim)
        try window.setRootScreen(navigation)
        #expect(window.screenForStatusBarStyle === navigation && window.statusBar.style == .default)
        let topDecides = try Screen.childForStatusBarStyle.override(.instance(navigation)) { _ in
            { screen, _ in (screen as? NavigationController)?.topViewController }
        }
        navigation.setNeedsStatusBarAppearanceUpdate()
        #expect(window.screenForStatusBarStyle === dim && window.statusBar.style == .darkContent)
        topDecides.cancel()
        navigation.setNeedsStatusBarAppearanceUpdate()
        #expect(window.screenForStatusBarStyle === navigation && window.statusBar.style == .default)
        #expect(
            events.take() == [
                "status: visible default -> visible lightContent", "status: visible lightContent -> visible default",
                "status: visible default -> visible darkContent", "status: visible darkContent -> visible default",
            ])
    }

    @Test(
        "an interactive pop ended from the status bar's change that ends its beginning reports only its end",
        arguments: [true, false])
    func popEndedFromTheLastStatusBarChange(finishes: Bool) throws {
        let host = try BarHost(driver: .manual)
        let b = host.screen("B")
        b.hidesStatusBar = true
        try host.navigation.push(b, animated: false)
        let phases = EventLog()
        let reporting = try NavigationController.interactivePopDidChange.after(.instance(host.navigation)) {
            _, event, _ in phases.add("\(event.phase)")
        }
        defer { reporting.cancel() }
        let ending = try Window.statusBarDidChange.after(.instance(host.window)) { window, _, _ in
            let pop = (window.rootScreen as? NavigationController)?.interactivePop
            if finishes { pop?.finish() } else { pop?.cancel() }
        }
        defer { ending.cancel() }

        let pop = try host.navigation.beginInteractivePop(translation: 10)
        #expect(pop.state == (finishes ? .finished : .cancelled))
        #expect(phases.take() == [finishes ? "finished" : "cancelled"])
        #expect(host.navigation.interactivePop == nil)
        #expect(host.window.statusBar.isHidden == !finishes)
    }

    @Test("a custom container chooses a child for each; removing the child gives the decision back to the parent")
    func customContainerAndChildRemoval() throws {
        let host = try BarHost(driver: .immediate)
        // The split hides the navigation bar, so that the navigation controller lets it decide the style too.
        let split = Split("split", host.log, host.events, bar: NavigationBarAttributes(isHidden: true))
        let primary = host.screen("primary")
        primary.statusBarStyle = .lightContent
        let secondary = host.screen("secondary")
        secondary.hidesStatusBar = true
        secondary.statusBarStyle = .darkContent
        try split.addChild(primary)
        try split.addChild(secondary)
        try host.navigation.push(split, animated: false)
        _ = host.events.take()
        #expect(host.window.statusBar.description == "visible default")
        split.featured = secondary
        split.styleChild = primary
        split.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.screenForStatusBarHidden === secondary && host.window.screenForStatusBarStyle === primary)
        #expect(host.window.statusBar.description == "hidden lightContent")
        // The article's bug: the container still holds `featured`, but it is no longer a child.
        secondary.removeFromParent()
        #expect(split.featured === secondary)
        #expect(
            host.window.screenForStatusBarHidden === split
                && host.window.statusBar.description == "visible lightContent")
        // Adding a child recomputes too.
        split.featured = host.screen("third")
        (split.featured as? StyledScreen)?.hidesStatusBar = true
        try split.addChild(split.featured!)
        #expect(host.window.statusBar.isHidden)
        #expect(
            host.events.take().filter { $0.hasPrefix("status") } == [
                "status: visible default -> hidden lightContent", "status: hidden lightContent -> visible lightContent",
                "status: visible lightContent -> hidden lightContent",
            ])
    }

    @Test("a container may name a screen inside a child (a tab's top screen) while it holds it, not a sheet")
    func descendantDecides() throws {
        // Found by review (helper-233): only a direct child counted, so that a tab container naming the top screen of
        // its tab's navigation controller, as UIKit apps do, decided itself instead.
        let events = EventLog()
        let tabs = Split("tabs", EventLog(), events)
        let top = StyledScreen("T", EventLog(), events)
        top.hidesStatusBar = true
        top.statusBarStyle = .lightContent
        let navigation = try NavigationController(rootScreen: top)
        try tabs.addChild(navigation)
        let window = try Self.window(root: tabs, events: events)
        tabs.featured = top
        tabs.styleChild = top
        window.setNeedsStatusBarAppearanceUpdate()
        #expect(window.screenForStatusBarHidden === top && window.screenForStatusBarStyle === top)
        #expect(window.statusBar.description == "hidden lightContent")
        // A screen inside a current-context presentation that stands in for a screen inside the container counts.
        let inside = StyledScreen("Q", EventLog(), events)
        inside.statusBarStyle = .darkContent
        let cover = Screen(title: "P")
        try cover.addChild(inside)
        top.definesPresentationContext = true
        try top.present(cover, style: .currentContext, animated: false)
        tabs.styleChild = inside
        window.setNeedsStatusBarAppearanceUpdate()
        // The presentation itself decides in T's place (see `currentContextStatusBar`): P shows the bar.
        #expect(window.screenForStatusBarStyle === inside && window.screenForStatusBarHidden === cover)
        #expect(window.statusBar.description == "visible darkContent")
        _ = cover.dismiss(animated: false)
        tabs.styleChild = top
        // Out of the container (its controller removed), it is ignored again.
        navigation.removeFromParent()
        #expect(window.screenForStatusBarHidden === tabs && window.statusBar.description == "visible default")
        // A screen the container presents is not inside it.
        let sheet = StyledScreen("S", EventLog(), events)
        sheet.hidesStatusBar = true
        try tabs.present(sheet, style: .pageSheet, animated: false)
        tabs.featured = sheet
        window.setNeedsStatusBarAppearanceUpdate()
        #expect(window.screenForStatusBarHidden === tabs)
    }

    @Test("a container's childForStatusBarStyle decides only while it names a current child, like the visibility")
    func styleChildRemoval() throws {
        let host = try BarHost(driver: .immediate)
        // The split hides the navigation bar, so that the navigation controller lets it decide the style.
        let split = Split("split", host.log, host.events, bar: NavigationBarAttributes(isHidden: true))
        split.statusBarStyle = .darkContent
        let primary = host.screen("primary")
        primary.statusBarStyle = .lightContent
        try split.addChild(primary)
        try host.navigation.push(split, animated: false)
        split.styleChild = primary
        split.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.screenForStatusBarStyle === primary && host.window.statusBar.style == .lightContent)
        // The container still names `primary`, which is no longer one of its children: the container decides.
        primary.removeFromParent()
        #expect(split.styleChild === primary)
        #expect(host.window.screenForStatusBarStyle === split && host.window.statusBar.style == .darkContent)
    }

    @Test("of two presentations that capture the status bar, the top-most decides")
    func topMostCapturingPresentationDecides() throws {
        let host = try BarHost(driver: .immediate)
        let lower = host.screen("lower")
        let upper = host.screen("upper")
        upper.hidesStatusBar = true
        try host.navigation.present(lower, style: .fullScreen, animated: false)
        try lower.present(upper, style: .fullScreen, animated: false)
        #expect(host.window.screenForStatusBarHidden === upper && host.window.statusBar.isHidden)
        upper.dismiss(animated: false)
        #expect(host.window.screenForStatusBarHidden === lower && !host.window.statusBar.isHidden)
        // A sheet that captures the status bar, over a full-screen presentation, decides too.
        let sheet = host.screen("sheet")
        sheet.hidesStatusBar = true
        sheet.modalPresentationCapturesStatusBarAppearance = true
        try lower.present(sheet, style: .pageSheet, animated: false)
        #expect(host.window.screenForStatusBarHidden === sheet && host.window.statusBar.isHidden)
    }

    @Test("a plain screen delegates to a child through an instance override of childForStatusBarHidden")
    func delegationWithoutSubclass() throws {
        let events = EventLog()
        let log = EventLog()
        let plain = Screen(title: "plain")
        let child = StyledScreen("child", log, events)
        child.hidesStatusBar = true
        let window = try Self.window(root: plain, events: events)
        try plain.addChild(child)
        #expect(!window.statusBar.isHidden)
        let delegation = try Screen.childForStatusBarHidden.override(.instance(plain)) { _ in
            { screen, _ in screen.children.first }
        }
        plain.setNeedsStatusBarAppearanceUpdate()
        #expect(window.statusBar.isHidden && window.screenForStatusBarHidden === child)
        delegation.cancel()
        window.setNeedsStatusBarAppearanceUpdate()
        #expect(!window.statusBar.isHidden)
        #expect(
            events.take() == ["status: visible default -> hidden default", "status: hidden default -> visible default"])
    }

    @Test("presented screens decide when they cover their presenter or capture the status bar")
    func presentations() throws {
        let host = try BarHost(driver: .immediate)
        let sheet = host.screen("sheet")
        sheet.hidesStatusBar = true
        try host.navigation.present(sheet, style: .pageSheet, animated: true)
        #expect(!host.window.statusBar.isHidden && host.window.screenForStatusBarHidden === host.root)
        sheet.modalPresentationCapturesStatusBarAppearance = true
        sheet.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.statusBar.isHidden && host.window.screenForStatusBarHidden === sheet)
        sheet.dismiss(animated: true)
        #expect(!host.window.statusBar.isHidden)

        // A full-screen navigation controller decides through its own top screen (which hides the bar, so that it
        // decides the style too); a sheet above it does not.
        let x = host.screen("X", NavigationBarAttributes(isHidden: true))
        x.statusBarStyle = .lightContent
        let modal = try NavigationController(rootScreen: x)
        try host.navigation.present(modal, style: .fullScreen, animated: true)
        #expect(host.window.screenForStatusBarStyle === x && host.window.statusBar.style == .lightContent)
        let over = host.screen("over")
        over.statusBarStyle = .darkContent
        try x.present(over, style: .overFullScreen, animated: false)
        #expect(host.window.statusBar.style == .lightContent)
        // Dismissing from the presenter takes the navigation controller and the screen above it away.
        host.navigation.dismiss(animated: true)
        #expect(host.window.statusBar.style == .default && host.window.screenForStatusBarStyle === host.navigation)
        #expect(
            host.events.take().filter { $0.hasPrefix("status") } == [
                "status: visible default -> hidden default", "status: hidden default -> visible default",
                "status: visible default -> visible lightContent", "status: visible lightContent -> visible default",
            ])
    }

    @Test("a driver given to two windows recomputes the status bar of each after the transitions it runs")
    func sharedDriver() throws {
        let log = EventLog()
        let driver = TransitionDriver(mode: .manual)
        let first = Window(time: VirtualTime(), transitionDriver: driver)
        let second = Window(time: VirtualTime(), transitionDriver: driver)
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        try first.setRootScreen(navigation)
        first.makeKeyAndVisible()
        try second.setRootScreen(TestScreen("other", log))
        second.makeKeyAndVisible()
        driver.completeAll()
        try navigation.push(Hiding("H", log), animated: true)
        driver.completeAll()
        #expect(first.statusBar.isHidden && !second.statusBar.isHidden)
        try navigation.pop(animated: true)
        driver.completeAll()
        #expect(!first.statusBar.isHidden)
    }

    @Test("a timed driver given to two windows completes on the clock of the first one that still exists")
    func sharedTimedDriver() throws {
        let log = EventLog()
        let driver = TransitionDriver(mode: .timed(seconds: 0.3))
        let time = VirtualTime()
        let first = Window(time: time, transitionDriver: driver)
        do {
            let second = Window(time: VirtualTime(), transitionDriver: driver)
            second.makeKeyAndVisible()
        }
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)
        try first.setRootScreen(navigation)
        first.makeKeyAndVisible()
        let b = TestScreen("B", log)
        try navigation.push(b, animated: true)
        #expect(driver.isAnimating)
        time.advance(by: 0.3)
        #expect(!driver.isAnimating && b.visibleState == [.loaded, .didAppear])
    }

    @Test("a current-context presentation decides the status bar when the presentation its context is in does")
    func currentContextStatusBar() throws {
        // Found by review (helper-240, helper-241): it decided only when it captured the status bar, where UIKit's
        // current-context presentation controller passes the bar on when the one its context is in does (the window's
        // root presentation, a full-screen presentation), so that in the window's root hierarchy it always decides.
        for definesContext in [false, true] {
            // The navigation controller is the context, or its top screen is.
            let host = try NavigationHost(driver: .immediate)
            host.root.definesPresentationContext = definesContext
            let presented = Hiding("P", host.log)
            try host.root.present(presented, style: .currentContext, animated: true)
            #expect(host.window.statusBar.isHidden && host.window.screenForStatusBarHidden === presented)
        }
        for style in [ModalPresentationStyle.fullScreen, .pageSheet, .overFullScreen] {
            // The context is a presented screen: a current-context presentation decides there as its context's would.
            let host = try NavigationHost(driver: .immediate)
            let context = TestScreen("C", host.log)
            try host.root.present(context, style: style, animated: false)
            let presented = Hiding("P", host.log)
            try context.present(presented, style: .currentContext, animated: false)
            let passes = style == .fullScreen
            #expect(host.window.screenForStatusBarHidden === (passes ? presented : host.root))
            #expect(host.window.statusBar.isHidden == passes)
            guard !passes else { continue }
            // In a presentation that does not pass the bar on, the context capturing it decides, then the presented
            // screen capturing it too.
            context.modalPresentationCapturesStatusBarAppearance = true
            host.window.setNeedsStatusBarAppearanceUpdate()
            #expect(host.window.screenForStatusBarHidden === context && !host.window.statusBar.isHidden)
            presented.modalPresentationCapturesStatusBarAppearance = true
            host.window.setNeedsStatusBarAppearanceUpdate()
            #expect(host.window.screenForStatusBarHidden === presented && host.window.statusBar.isHidden)
        }
    }

    @Test("a current-context presentation of a screen a pop is taking out of a sheet still does as that sheet's")
    func currentContextOfAScreenBeingPopped() throws {
        // Found by review (helper-242): the walk up from the context took the popped screen, unlinked from its
        // controller, for a screen of the window's root hierarchy, so that its presentation decided.
        let host = try NavigationHost(driver: .manual)
        let (context, presented) = (TestScreen("X", host.log), Hiding("P", host.log))
        context.definesPresentationContext = true
        let sheet = try TestNavigation("N", root: TestScreen("B", host.log), host.log)
        sheet.modalPresentationCapturesStatusBarAppearance = true
        try sheet.push(context, animated: false)
        try host.root.present(sheet, style: .pageSheet, animated: false)
        try context.present(presented, style: .currentContext, animated: false)
        host.window.transitionDriver.completeAll()
        nonisolated(unsafe) let named = context
        let naming = try Screen.childForStatusBarHidden.override(.instance(sheet)) { _ in { _, _ in named } }
        defer { naming.cancel() }
        host.window.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.screenForStatusBarHidden === context && !host.window.statusBar.isHidden)
        try sheet.pop(animated: true)
        #expect(host.window.transitionDriver.isAnimating)
        #expect(host.window.screenForStatusBarHidden === context && !host.window.statusBar.isHidden)
        presented.modalPresentationCapturesStatusBarAppearance = true
        host.window.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.screenForStatusBarHidden === presented && host.window.statusBar.isHidden)
        // Removed before its pop's transition ends, it leaves then, and the status bar is decided again at once (found
        // by review, helper-243: the bar stayed hidden until the transition ended).
        context.removeFromParent()
        #expect(host.window.screenForStatusBarHidden === sheet && !host.window.statusBar.isHidden)
    }

    @Test("a child overrides its parent's prefersStatusBarHidden for that instance only, until it disappears")
    func temporaryParentOverride() throws {
        let events = EventLog()
        let log = EventLog()
        let parent = StyledScreen("P", log, events)
        let sibling = StyledScreen("P2", log, events)
        let window = try Self.window(root: parent, events: events)
        let overlay = Overlay("O", log, events)
        try parent.addChild(overlay)
        #expect(window.statusBar.isHidden)
        #expect(Screen.prefersStatusBarHidden.hooks(for: parent).map(\.label) == ["overrideParentStatusBarHidden"])
        // The window reads the point; the parent's property keeps its own answer.
        #expect(Screen.prefersStatusBarHidden.invoke(parent) { $0.prefersStatusBarHidden })
        #expect(!parent.prefersStatusBarHidden)
        // Another instance of the parent's class is untouched.
        #expect(Screen.prefersStatusBarHidden.hooks(for: sibling).isEmpty)
        #expect(!Screen.prefersStatusBarHidden.invoke(sibling) { $0.prefersStatusBarHidden })

        // Covered by a full-screen presentation, the child disappears: the override goes.
        let cover = StyledScreen("cover", log, events)
        try parent.present(cover, style: .fullScreen, animated: true)
        #expect(Screen.prefersStatusBarHidden.hooks(for: parent).isEmpty)
        #expect(!Screen.prefersStatusBarHidden.invoke(parent) { $0.prefersStatusBarHidden })
        // Back on screen, the child installs it again in its viewWillAppear.
        cover.dismiss(animated: true)
        #expect(window.statusBar.isHidden && window.screenForStatusBarHidden === parent)

        overlay.removeFromParent()
        #expect(!window.statusBar.isHidden && Screen.prefersStatusBarHidden.hooks(for: parent).isEmpty)
        try parent.addChild(overlay)
        #expect(window.statusBar.isHidden)
        overlay.revertParentStatusBarHidden()
        #expect(!window.statusBar.isHidden && Screen.prefersStatusBarHidden.hooks(for: parent).isEmpty)
        // A second call replaces the first; only one override is installed.
        let first = try overlay.overrideParentStatusBarHidden(true)
        let second = try overlay.overrideParentStatusBarHidden(false)
        #expect(!first.isActive && second.isActive && !window.statusBar.isHidden)
        #expect(Screen.prefersStatusBarHidden.hooks(for: parent).count == 1)
        overlay.removeFromParent()
        #expect(!second.isActive)
        #expect(
            events.take().filter { $0.hasPrefix("status") } == [
                // Added, covered, back, removed, added, reverted, then replaced by `false`.
                "status: visible default -> hidden default", "status: hidden default -> visible default",
                "status: visible default -> hidden default", "status: hidden default -> visible default",
                "status: visible default -> hidden default", "status: hidden default -> visible default",
                "status: visible default -> hidden default", "status: hidden default -> visible default",
            ])
        // A screen without a parent has nothing to override.
        #expect(throws: LifecycleError.self) { try Screen().overrideParentStatusBarHidden(true) }
        do {
            try Screen(title: "orphan").overrideParentStatusBarHidden(true)
        } catch {
            #expect(error.code == .noParent)
        }
    }

    @Test("a window without a root has the default status bar")
    func noRoot() throws {
        let window = Window(time: VirtualTime())
        #expect(window.statusBar == StatusBarAppearance(isHidden: false, style: .default))
        #expect(window.screenForStatusBarHidden == nil && window.screenForStatusBarStyle == nil)
        let root = Screen()
        let hide = try Screen.prefersStatusBarHidden.override(.instance(root)) { _ in { _, _ in true } }
        defer { hide.cancel() }
        try window.setRootScreen(root)
        #expect(window.statusBar.isHidden)
        try window.setRootScreen(nil)
        #expect(!window.statusBar.isHidden)
    }
}
