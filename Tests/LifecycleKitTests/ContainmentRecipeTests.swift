import Testing

@testable import LifecycleKit

/// A container that adds its children as its view loads: from its own viewDidLoad, as UIKit containers usually do, or
/// from its loadView once its view exists (`view = …` in UIKit).
final class SelfFillingContainer: TestScreen {
    /// The children it adds when its view loads.
    var childrenToAdd: [Screen] = []
    /// Whether it adds them from loadView rather than from viewDidLoad.
    var addsFromLoadView = false

    override func loadView() {
        super.loadView()
        if addsFromLoadView { addChildren() }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if !addsFromLoadView { addChildren() }
    }

    private func addChildren() {
        for child in childrenToAdd {
            try? addChild(child)
        }
    }
}

/// A container that shows one of its children at a time (as a tab container does): only that one appears with it.
class SelectingContainer: TestScreen {
    /// The child that appears with the container, if any.
    var shown: Screen?

    override var childrenForAppearanceForwarding: [Screen] { shown.map { [$0] } ?? [] }
}

/// A tab container that restores the tab shown last time when its view loads.
final class RestoringContainer: SelectingContainer {
    /// The child to show once the view has loaded.
    var restored: Screen?

    override func viewDidLoad() {
        super.viewDidLoad()
        if let restored { shown = restored }
    }
}

/// A container that adds a child from its own viewWillAppear.
final class AppearingFiller: TestScreen {
    /// The child it adds the next time it is about to appear.
    var childToAdd: Screen?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let child = childToAdd {
            childToAdd = nil
            try? addChild(child)
        }
        log.add("\(name).viewWillAppear returns")
    }
}

/// A screen that runs an action once, from its next viewWillAppear.
final class WillAppearActing: TestScreen {
    /// The action, dropped once it has run.
    var onViewWillAppear: (() -> Void)?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let action = onViewWillAppear
        onViewWillAppear = nil
        action?()
    }
}

/// `addChild` does what UIKit's three-step recipe does (`addChild`, `view.addSubview(child.view)`, `didMove`), so the
/// container's view and then the child's load at once, on screen or off, as reading `view` loads it in UIKit, and the
/// child appears when UIKit's would.
@Suite("Containment calls what UIKit's recipe calls")
struct ContainmentRecipeTests {
    @Test("a child added from its container's loadView loads there, before the container's viewDidLoad")
    func childAddedInLoadView() throws {
        let host = try NavigationHost(driver: .immediate)
        let container = SelfFillingContainer("K", host.log)
        container.addsFromLoadView = true
        let child = host.screen("C")
        container.childrenToAdd = [child]
        try host.navigation.push(container, animated: false)
        #expect(
            host.log.take() == [
                "K.willMove(nav)", "K.loadView", "C.willMove(K)", "C.loadView", "C.viewDidLoad", "C.didMove(K)",
                "K.viewDidLoad", "A.viewWillDisappear", "K.viewWillAppear", "C.viewWillAppear", "nav.willShow(K)",
                "A.viewDidDisappear", "K.viewDidAppear", "C.viewDidAppear", "K.didMove(nav)", "nav.didShow(K)",
            ])
        #expect(container.children.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
    }

    @Test("a child added from its container's viewDidLoad loads there, before the container appears")
    func childAddedInViewDidLoad() throws {
        let host = try NavigationHost(driver: .immediate)
        let container = SelfFillingContainer("K", host.log)
        container.childrenToAdd = [host.screen("C")]
        try host.navigation.push(container, animated: false)
        #expect(
            host.log.take() == [
                "K.willMove(nav)", "K.loadView", "K.viewDidLoad", "C.willMove(K)", "C.loadView", "C.viewDidLoad",
                "C.didMove(K)", "A.viewWillDisappear", "K.viewWillAppear", "C.viewWillAppear", "nav.willShow(K)",
                "A.viewDidDisappear", "K.viewDidAppear", "C.viewDidAppear", "K.didMove(nav)", "nav.didShow(K)",
            ])
    }

    @Test("a child added to a container off screen loads the container's view, then its own; both appear later")
    func childAddedOffScreen() throws {
        let host = try NavigationHost(driver: .immediate)
        let container = host.screen("K")
        let child = host.screen("C")
        try container.addChild(child)
        #expect(
            host.log.take() == [
                "C.willMove(K)", "K.loadView", "K.viewDidLoad", "C.loadView", "C.viewDidLoad", "C.didMove(K)",
            ])
        #expect(container.visibleState == .loaded && child.visibleState == .loaded)

        // A second child of the loaded container loads only its own view.
        try container.addChild(host.screen("D"))
        #expect(host.log.take() == ["D.willMove(K)", "D.loadView", "D.viewDidLoad", "D.didMove(K)"])

        try host.navigation.push(container, animated: false)
        #expect(
            host.log.take() == [
                "K.willMove(nav)", "A.viewWillDisappear", "K.viewWillAppear", "C.viewWillAppear",
                "D.viewWillAppear", "nav.willShow(K)", "A.viewDidDisappear", "K.viewDidAppear", "C.viewDidAppear",
                "D.viewDidAppear",
                "K.didMove(nav)", "nav.didShow(K)",
            ])
    }

    @Test(
        "a child added from a viewDidAppear gets its own after the children still waiting for theirs",
        arguments: [false, true])
    func childAddedFromAViewDidAppear(fromAChild: Bool) throws {
        // Found by review (helper-191): the new child appeared completely before the children that the container's
        // appearance had not reached yet. UIKit sends it viewWillAppear as its view joins the window and
        // viewDidAppear at the next screen update, after the did-calls on their way.
        let host = try NavigationHost(driver: .immediate)
        let container = ScriptedScreen("K", host.log)
        let (first, second) = (ScriptedScreen("O", host.log), host.screen("P"))
        try container.addChild(first)
        try container.addChild(second)
        let added = host.screen("C")
        (fromAChild ? first : container).actions["viewDidAppear"] = { try? container.addChild(added) }
        _ = host.log.take()
        try host.navigation.push(container, animated: true)
        let expected =
            fromAChild
            ? [
                "K.viewDidAppear", "O.viewDidAppear", "C.willMove(K)", "C.loadView", "C.viewDidLoad",
                "C.viewWillAppear", "P.viewDidAppear", "C.viewDidAppear", "C.didMove(K)",
            ]
            : [
                "K.viewDidAppear", "C.willMove(K)", "C.loadView", "C.viewDidLoad", "C.viewWillAppear",
                "O.viewDidAppear", "P.viewDidAppear", "C.viewDidAppear", "C.didMove(K)",
            ]
        #expect(host.log.take().drop { $0 != "K.viewDidAppear" }.prefix { $0 != "K.didMove(nav)" } == expected)
        #expect([container, first, second, added].allSatisfy { $0.visibleState == [.loaded, .didAppear] })
    }

    @Test("a child added from a viewDidAppear gets its own after the screens the same appearance still owes theirs")
    func childAddedFromAViewDidAppearInsideAnAppearingContainer() throws {
        // Found by review (helper-192): only the container's own children came first; a sibling of the container in
        // the same appearance got its viewDidAppear after the new child's.
        let host = try NavigationHost(driver: .immediate)
        let (outer, container) = (host.screen("R"), ScriptedScreen("K", host.log))
        try container.addChild(host.screen("O"))
        try outer.addChild(container)
        try outer.addChild(host.screen("L"))
        let added = host.screen("C")
        container.actions["viewDidAppear"] = { try? container.addChild(added) }
        let flags = EventLog()
        let tokens = [
            try Screen.viewWillAppear.before(.instance(added)) { _, animated in flags.add("will(\(animated))") },
            try Screen.viewDidAppear.before(.instance(added)) { _, animated in flags.add("did(\(animated))") },
        ]
        defer { tokens.forEach { $0.cancel() } }
        _ = host.log.take()
        try host.navigation.push(outer, animated: true)
        #expect(
            host.log.take().drop { $0 != "R.viewDidAppear" }.prefix { $0 != "R.didMove(nav)" } == [
                "R.viewDidAppear", "K.viewDidAppear", "C.willMove(K)", "C.loadView", "C.viewDidLoad",
                "C.viewWillAppear", "O.viewDidAppear", "L.viewDidAppear", "C.viewDidAppear", "C.didMove(K)",
            ])
        // Found by review (helper-240): its viewDidAppear comes with the appearance, with K's flag, not its own.
        #expect(flags.take() == ["will(false)", "did(true)"])
    }

    @Test("a child its container does not show loads nothing until the container shows it")
    func childNotShownStaysUnloaded() throws {
        let host = try NavigationHost(driver: .immediate)
        let container = SelectingContainer("T", host.log)
        let (first, second) = (host.screen("F"), host.screen("S"))
        container.shown = first
        try container.addChild(first)
        try container.addChild(second)
        #expect(
            host.log.take() == [
                "F.willMove(T)", "T.loadView", "T.viewDidLoad", "F.loadView", "F.viewDidLoad", "F.didMove(T)",
                "S.willMove(T)", "S.didMove(T)",
            ])
        #expect(!second.isViewLoaded)

        container.shown = second
        try host.navigation.push(container, animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "A.viewWillDisappear", "T.viewWillAppear", "S.loadView", "S.viewDidLoad", "S.viewWillAppear",
                "A.viewDidDisappear", "T.viewDidAppear", "S.viewDidAppear",
            ])
    }

    @Test("a child that the container's viewDidLoad stops showing does not load")
    func childHiddenByContainerViewDidLoad() throws {
        let log = EventLog()
        let container = RestoringContainer("T", log)
        let (first, second) = (TestScreen("F", log), TestScreen("S", log))
        container.shown = first
        container.restored = second
        try container.addChild(first)
        #expect(log.take() == ["F.willMove(T)", "T.loadView", "T.viewDidLoad", "F.didMove(T)"])
        #expect(!first.isViewLoaded && first.parent === container)
        try container.addChild(second)
        #expect(log.take() == ["S.willMove(T)", "S.loadView", "S.viewDidLoad", "S.didMove(T)"])
    }

    @Test("a child that its container's viewDidLoad takes out again does not load, and gets no didMove for it")
    func childRemovedByContainerViewDidLoad() throws {
        let log = EventLog()
        let container = ActingScreen("K", log)
        let child = TestScreen("C", log)
        container.onViewDidLoad = { child.removeFromParent() }
        try container.addChild(child)
        #expect(
            log.take() == ["C.willMove(K)", "K.loadView", "K.viewDidLoad", "C.willMove(nil)", "C.didMove(nil)"])
        #expect(child.parent == nil && container.children.isEmpty && !child.isViewLoaded)
    }

    @Test("a screen the container lists without holding it as a child neither loads nor appears with it")
    func listedStrangerIgnored() throws {
        let host = try NavigationHost(driver: .immediate)
        let container = SelectingContainer("T", host.log)
        let (child, stranger) = (host.screen("C"), host.screen("X"))
        try container.addChild(child)
        container.shown = stranger
        try host.navigation.push(container, animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "T.loadView", "T.viewDidLoad", "A.viewWillDisappear", "T.viewWillAppear", "A.viewDidDisappear",
                "T.viewDidAppear",
            ])
        #expect(!stranger.isViewLoaded && stranger.visibleState.isEmpty && stranger.window == nil)

        // Removed, the child it still lists does not come back with it either.
        container.shown = child
        try host.navigation.push(host.screen("B"), animated: false)
        child.removeFromParent()
        _ = host.log.take()
        _ = try host.navigation.pop(animated: false)
        #expect(
            host.log.takeLifecycle() == [
                "B.viewWillDisappear", "T.viewWillAppear", "B.viewDidDisappear", "T.viewDidAppear",
            ])
        #expect(child.window == nil)
    }

    @Test("a child added from its container's viewWillAppear appears after it returns, after the older children")
    func childAddedInViewWillAppear() throws {
        for driver in [TransitionDriver.Mode.immediate, .manual] {
            let host = try NavigationHost(driver: driver)
            let container = AppearingFiller("K", host.log)
            try container.addChild(host.screen("E"))
            container.childToAdd = host.screen("C")
            _ = host.log.take()
            try host.navigation.push(container, animated: true)
            host.window.transitionDriver.completeAll()
            #expect(
                host.log.take() == [
                    "K.willMove(nav)", "A.viewWillDisappear", "K.viewWillAppear", "C.willMove(K)", "C.loadView",
                    "C.viewDidLoad", "C.didMove(K)", "K.viewWillAppear returns", "E.viewWillAppear", "C.viewWillAppear",
                    "nav.willShow(K)", "A.viewDidDisappear", "K.viewDidAppear", "E.viewDidAppear", "C.viewDidAppear",
                    "K.didMove(nav)", "nav.didShow(K)",
                ], "\(driver)")
        }
    }

    @Test("a child that outlives its container keeps no identity of it, which a new object at its address could take")
    func childOutlivingItsContainer() throws {
        let log = EventLog()
        let child = TestScreen("C", log)
        weak var released: Screen?
        do {
            let container = TestScreen("K", log)
            try container.addChild(child)
            #expect(child._parentIdentifier == ObjectIdentifier(container))
            released = container
        }
        #expect(released == nil)
        #expect(child.parent == nil && child._parentIdentifier == nil)
    }

    @Test("a screen moved from its viewWillAppear to a container appearing elsewhere: its new child appears with it")
    func childAddedAfterMovingFromViewWillAppear() throws {
        let host = try NavigationHost(driver: .manual)
        let second = Window(time: host.time, transitionDriver: TransitionDriver(mode: .manual))
        try second.setRootScreen(try TestNavigation("nav2", root: host.screen("A2"), host.log))
        second.makeKeyAndVisible()
        second.transitionDriver.completeAll()
        let q = host.screen("Q")
        try (second.rootScreen as? NavigationController)?.push(q, animated: true)  // Q appears in the second window
        let (p, k, c) = (host.screen("P"), WillAppearActing("K", host.log), host.screen("C"))
        try p.addChild(k)
        k.onViewWillAppear = {
            k.removeFromParent()
            try? q.addChild(k)  // K appears again, with Q
            try? k.addChild(c)
        }
        try host.navigation.push(p, animated: true)
        host.window.transitionDriver.completeAll()
        #expect(!host.log.take().contains("C.viewDidAppear"))
        second.transitionDriver.completeAll()
        let calls = host.log.takeLifecycle()
        #expect(calls.filter { $0.hasPrefix("K.") || $0.hasPrefix("C.") } == ["K.viewDidAppear", "C.viewDidAppear"])
        #expect(k.visibleState == [.loaded, .didAppear] && c.visibleState == [.loaded, .didAppear])
    }

    @Test("a container of 20,000 children, filled one by one off screen and on screen, goes on and off screen")
    func manyChildren() throws {
        let host = try NavigationHost(driver: .immediate)
        let (offScreen, onScreen) = (Screen(title: "off"), Screen(title: "on"))
        try host.navigation.push(onScreen, animated: false)
        for index in 0..<20_000 {
            try offScreen.addChild(Screen(title: "C\(index)"))
            try onScreen.addChild(Screen(title: "D\(index)"))
        }
        #expect(offScreen.children.count == 20_000 && offScreen.children.allSatisfy { $0.visibleState == .loaded })
        #expect(
            onScreen.children.count == 20_000
                && onScreen.children.allSatisfy { $0.visibleState == [.loaded, .didAppear] })

        // Each container then goes on and off screen with its children, in time proportional to them.
        _ = try host.navigation.pop(animated: true)
        #expect(onScreen.children.allSatisfy { $0.visibleState == [.loaded, .didDisappear] })
        try host.navigation.push(offScreen, animated: true)
        #expect(offScreen.children.allSatisfy { $0.visibleState == [.loaded, .didAppear] })
        try offScreen.present(Screen(title: "cover"), style: .fullScreen, animated: true)
        #expect(offScreen.children.allSatisfy { $0.visibleState == [.loaded, .didDisappear] })
        #expect(offScreen.dismiss(animated: true))
        #expect(offScreen.children.allSatisfy { $0.visibleState == [.loaded, .didAppear] })
    }
}
