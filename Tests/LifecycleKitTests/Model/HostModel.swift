@testable import LifecycleKit

/// A fresh host (a window on a manual driver, with statistics attached) and a pool of screens, driven by
/// ``ModelStep`` values, with the host's invariants checked after every step.
///
/// The invariants come from the issue, not from the host's code: every will-call is followed by its did-call
/// (``ModelTracker``); once settled, exactly the screens of the window's visible hierarchy (computed here from
/// the public hierarchy, by UIKit's rules) are in `didAppear`; every completion fires exactly once (never for a
/// refused request); the transition queue drains; the hierarchy's links agree; the statistics count the views
/// the screens' own calls started.
final class HostModel {
    static let navigationCount = 3
    static let screenCount = 9

    let tracker = ModelTracker()
    let time = VirtualTime()
    let window: Window
    let statistics: ScreenStatistics
    /// The screens, navigation controllers first; steps name them by index.
    private(set) var pool: [Screen]
    let names: [String]
    /// The interactive pop in progress, if any.
    private(set) var pop: InteractivePop?
    /// How many times each request's completion fired.
    private var fired: [Int] = []
    /// Whether each request was accepted (and so must complete once).
    private var accepted: [Bool] = []
    /// The first invariant that failed.
    private(set) var failure: String?

    init(seed: UInt64) {
        window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        statistics = ScreenStatistics(time: time, handler: { _ in })
        statistics.attach(to: window)
        var navigations: [Screen] = []
        for index in 0..<Self.navigationCount {
            navigations.append(ModelNavigation("n\(index)", tracker: tracker))
        }
        var screens: [Screen] = []
        for index in 0..<Self.screenCount {
            screens.append(ModelScreen("s\(index)", tracker: tracker))
        }
        pool = navigations + screens
        names = pool.map { $0.title ?? "?" }
        var random = SeededGenerator(state: seed ^ 0xC0FF_EE00)
        for screen in pool where Int.random(in: 0..<3, using: &random) == 0 {
            screen.definesPresentationContext = true
        }
        // n0 = [s0] is the root of the visible window.
        try! (pool[0] as! NavigationController).setViewControllers([pool[Self.navigationCount]])
        try! window.setRootScreen(pool[0])
        window.makeKeyAndVisible()
        checkAlways()
    }

    // MARK: - Running steps

    /// Runs `step`, then checks the invariants that hold at every moment (and, for `settle`, the settled ones).
    func run(_ step: ModelStep) {
        switch step {
        case .push(let nav, let screen, let animated):
            request { completion in
                try navigation(nav).push(pool[screen], animated: animated, completion: completion)
            }
        case .pop(let nav, let animated):
            request { completion in _ = try navigation(nav).pop(animated: animated, completion: completion) }
        case .popTo(let nav, let screen, let animated):
            request { completion in
                _ = try navigation(nav).popTo(pool[screen], animated: animated, completion: completion)
            }
        case .popToRoot(let nav, let animated):
            request { completion in _ = try navigation(nav).popToRoot(animated: animated, completion: completion) }
        case .setStack(let nav, let screens, let animated):
            request { completion in
                try navigation(nav).setViewControllers(
                    screens.map { pool[$0] }, animated: animated, completion: completion)
            }
        case .present(let from, let screen, let style, let animated):
            request { completion in
                try pool[from].present(pool[screen], style: style, animated: animated, completion: completion)
            }
        case .dismiss(let through, let animated):
            request { completion in _ = pool[through].dismiss(animated: animated, completion: completion) }
        case .addChild(let parent, let child):
            attempt { try pool[parent].addChild(pool[child]) }
        case .removeFromParent(let screen):
            pool[screen].removeFromParent()
        case .showOnly(let container, let child):
            guard let container = pool[container] as? ModelScreen else { break }
            container.shownChild = child.map { pool[$0] }
            container.showsOneChild = child != nil
            container.updateShownChildren()
        case .beginPop(let nav, let translation):
            tracker.isBeginningInteractivePop = true
            request { completion in
                let begun = try navigation(nav).beginInteractivePop(translation: translation, completion: completion)
                pop = begun
            }
            tracker.isBeginningInteractivePop = false
        case .updatePop(let progress):
            pop?.update(progress: progress)
        case .finishPop:
            pop?.finish()
            pop = nil
        case .cancelPop:
            tracker.isReversing = true
            pop?.cancel()
            tracker.isReversing = false
            pop = nil
        case .setRoot(let screen, let animated):
            request { completion in
                try window.setRootScreen(screen.map { pool[$0] }, animated: animated, completion: completion)
            }
        case .enterBackground:
            window.enterBackground()
        case .enterForeground:
            window.enterForeground()
        case .hide:
            window.hide()
        case .show:
            window.makeKeyAndVisible()
        case .complete:
            window.transitionDriver.completeCurrentTransition()
        case .settle:
            settle()
        }
        checkAlways()
        if step == .settle {
            checkSettled()
        }
    }

    /// Ends the interactive pop in progress (it finishes) and completes every transition.
    func settle() {
        pop?.finish()
        pop = nil
        window.transitionDriver.completeAll()
    }

    /// Drops the model's references to its screens (the window keeps its own).
    func releasePool() {
        pool = []
        pop = nil
    }

    private func navigation(_ index: Int) -> NavigationController {
        pool[index] as! NavigationController
    }

    /// Runs a request with a counted completion; a refused request must never complete.
    private func request(_ body: (@escaping (TransitionOutcome) -> Void) throws -> Void) {
        let id = fired.count
        fired.append(0)
        accepted.append(true)
        do {
            try body { [weak self] _ in self?.fired[id] += 1 }
        } catch is LifecycleError {
            accepted[id] = false
        } catch {
            fail("unexpected error \(error)")
        }
    }

    /// Runs a request without a completion; the host may refuse it with a typed error.
    private func attempt(_ body: () throws -> Void) {
        do {
            try body()
        } catch is LifecycleError {
        } catch {
            fail("unexpected error \(error)")
        }
    }

    private func fail(_ message: String) {
        if failure == nil {
            failure = message
        }
    }

    // MARK: - The hierarchy, read through the public API

    /// The index of `screen` in the pool.
    func index(of screen: Screen) -> Int? {
        pool.firstIndex { $0 === screen }
    }

    /// Whether `screen` has no parent, no presenter and is not the window's root.
    func isFree(_ screen: Screen) -> Bool {
        screen.parent == nil && screen.presentingScreen == nil && window.rootScreen !== screen
    }

    /// The screens of the window's hierarchy as of the last check (the generator reads it between steps).
    private(set) var checkedHierarchy: Set<ObjectIdentifier> = []

    /// The screens of the window's hierarchy: from the root through children and presentations.
    var hierarchy: [Screen] {
        window.screensInHierarchy
    }

    /// The screens that should be on screen once every transition ran, by UIKit's rules.
    var expectedOnScreen: [Screen] {
        window.expectedOnScreen
    }

    // MARK: - Invariants

    /// The invariants that hold after every step, transitions waiting or not.
    func checkAlways() {
        if let violation = tracker.violations.first {
            return fail("unbalanced: \(violation)")
        }
        for (id, count) in fired.enumerated() where count > (accepted[id] ? 1 : 0) {
            return fail("request #\(id) completed \(count) times (accepted: \(accepted[id]))")
        }
        if let name = tracker.appearedOnlyToLeave.first {
            return fail("\(name)'s viewDidAppear only balanced a viewWillAppear, yet it stayed on screen")
        }
        checkLinks(settled: false)
        var views: [String: Int] = [:]
        for record in statistics.records {
            views[record.name] = record.viewCount
        }
        for screen in pool where screen is ModelScreen {
            let name = screen.title ?? "?"
            let counted = views[name] ?? 0
            let expected = tracker.expectedViews[name] ?? 0
            if counted != expected {
                return fail("statistics count \(counted) views of \(name), its calls started \(expected)")
            }
        }
    }

    /// The invariants that hold once every transition ran.
    func checkSettled() {
        let driver = window.transitionDriver
        if driver.isTransitioning || driver.queuedCount > 0 {
            return fail("the queue did not drain: \(driver.queuedCount) queued")
        }
        for (id, count) in fired.enumerated() where count != (accepted[id] ? 1 : 0) {
            return fail("request #\(id) completed \(count) times once settled (accepted: \(accepted[id]))")
        }
        checkLinks(settled: true)
        let expected = Set(expectedOnScreen.map { $0.title ?? "?" })
        for screen in pool {
            let name = screen.title ?? "?"
            let phase = tracker.phase(of: name)
            if phase == .willAppear || phase == .willDisappear {
                return fail("\(name) still waits for its did-call (\(phase)) once settled")
            }
            let isOn = phase == .on
            if isOn != expected.contains(name) {
                return fail("\(name) is \(isOn ? "" : "not ")on screen once settled; expected the opposite")
            }
            if screen.visibleState.contains(.didAppear) != isOn {
                return fail("\(name).visibleState \(screen.visibleState) disagrees with its calls")
            }
        }
    }

    /// Parents and children, stacks, presenters and windows agree.
    private func checkLinks(settled: Bool) {
        let inWindow = Set(hierarchy.map(ObjectIdentifier.init))
        checkedHierarchy = inWindow
        for screen in pool {
            let name = screen.title ?? "?"
            for child in screen.children where child.parent !== screen {
                return fail("\(name) has child \(child.title ?? "?") whose parent is not \(name)")
            }
            if settled, let departing = screen._departingParent {
                // Unlinked when its pop's transition started, it departs when that transition ends.
                return fail("\(name) is still unlinked from \(departing.title ?? "?") once settled")
            }
            if let parent = screen.parent {
                var count = 0
                for child in parent.children where child === screen {
                    count += 1
                }
                if count != 1 {
                    return fail("\(name)'s parent \(parent.title ?? "?") does not hold it once among its children")
                }
            }
            if let navigation = screen as? NavigationController {
                let stack = navigation.viewControllers
                let inStack = Set(stack.map(ObjectIdentifier.init))
                var stackChildren: [Screen] = []
                for child in navigation.children where inStack.contains(ObjectIdentifier(child)) {
                    stackChildren.append(child)
                }
                let agree =
                    stackChildren.count == stack.count && zip(stackChildren, stack).allSatisfy { $0 === $1 }
                    && (!settled || navigation.children.count == stack.count)
                if !agree {
                    return fail(
                        "\(name)'s stack \(stack.map { $0.title ?? "?" }) and children "
                            + "\(navigation.children.map { $0.title ?? "?" }) disagree")
                }
            }
            if screen.parent == nil, let presenter = screen.presentingScreen, presenter.presentedScreen !== screen {
                return fail("\(name) is presented by \(presenter.title ?? "?"), which presents something else")
            }
            if let presented = screen.presentedScreen {
                var ancestor: Screen? = screen
                while let current = ancestor, current !== presented.presentingScreen {
                    ancestor = current.parent
                }
                if ancestor == nil {
                    return fail("\(name) sees \(presented.title ?? "?") as presented, not by it or an ancestor")
                }
            }
            let isInWindow = inWindow.contains(ObjectIdentifier(screen))
            if isInWindow != (screen.window === window) {
                return fail("\(name) is \(isInWindow ? "" : "not ")in the window's hierarchy; its window disagrees")
            }
        }
    }
}
