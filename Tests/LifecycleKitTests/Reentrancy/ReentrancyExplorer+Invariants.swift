@testable import LifecycleKit

/// The checks of the host's state between steps; the callbacks check their own order as they come.
extension ReentrancyExplorer {
    /// The invariants that hold after every step, transitions waiting or not.
    func checkAtEveryStep() {
        for (id, count) in fired.enumerated() where count > (accepted[id] ? 1 : 0) {
            return fail(.completionOnce, "request #\(id) completed \(count) times (accepted: \(accepted[id]))")
        }
        checkLinks()
    }

    /// The invariants that hold once every transition ran and every pop ended.
    ///
    /// Documented: a screen that joined a stack off screen owes its didMove(toParent:) until it first appears, so
    /// its willMove(toParent:) may stay pending while it is the stack's owed screen and not on screen.
    func checkSettled() {
        let driver = window.transitionDriver
        if driver.isTransitioning || driver.queuedCount > 0 {
            return fail(.queueDrains, "\(driver.queuedCount) queued, transitioning \(driver.isTransitioning)")
        }
        for (id, count) in fired.enumerated() where count != (accepted[id] ? 1 : 0) {
            return fail(
                .completionOnce, "request #\(id) completed \(count) times once settled (accepted: \(accepted[id]))")
        }
        let expected = Set(window.expectedOnScreen.map(name))
        for screen in pool {
            let name = name(screen)
            let phase = phases[name] ?? .off
            if phase == .willAppear || phase == .willDisappear {
                return fail(.settledAppearance, "\(name) still waits for its did-call (\(phase))")
            }
            let isOn = phase == .on
            if isOn != expected.contains(name) {
                return fail(.settledAppearance, "\(name) is \(isOn ? "" : "not ")on screen; expected the opposite")
            }
            if screen.visibleState.contains(.didAppear) != isOn {
                return fail(.settledAppearance, "\(name).visibleState \(screen.visibleState) disagrees with its calls")
            }
            if let departing = screen._departingParent {
                // Unlinked when its pop's transition started, it departs when that transition ends.
                return fail(.links, "\(name) is still unlinked from \(self.name(departing)) once settled")
            }
            if let pending = pendingPops[name], pending != 0 {
                return fail(.popBalance, "\(name) has \(pending) willPop without didPop once settled")
            }
            let moves = pendingMoves[name] ?? []
            if !moves.isEmpty {
                // Owed until its first appearance: one on screen has had it.
                let isOwed =
                    moves.count == 1 && moves[0] == self.name(screen.parent) && !isOn
                    && (screen.parent as? NavigationController)?._screenOwedDidMove === screen
                if !isOwed {
                    return fail(.moveBalance, "\(name) has willMove without didMove once settled: pending \(moves)")
                }
            }
        }
    }

    /// Parents and children, stacks, presenters and windows agree, with no containment cycle; a screen on screen by
    /// its calls is in the window while nothing is under way; a screen waiting for its did-call is not on screen
    /// through one that has disappeared.
    func checkLinks() {
        let inWindow = Set(window.screensInHierarchy.map(ObjectIdentifier.init))
        let driver = window.transitionDriver
        let isIdle =
            !driver.isTransitioning && driver.queuedCount == 0 && pops.allSatisfy { $0.state != .active }
            && swipes.allSatisfy { $0.state != .active }
        var stackOwners: [ObjectIdentifier: String] = [:]
        for screen in pool {
            let name = name(screen)
            for child in screen.children where child.parent !== screen {
                return fail(.links, "\(name) has child \(self.name(child)) whose parent is not \(name)")
            }
            if let departing = screen._departingParent,
                screen.parent != nil || departing.children.contains(where: { $0 === screen })
            {
                return fail(.links, "\(name) is unlinked from \(self.name(departing)) but still linked to a parent")
            }
            if let parent = screen.parent {
                let count = parent.children.filter { $0 === screen }.count
                if count != 1 {
                    return fail(.links, "\(name)'s parent \(self.name(parent)) holds it \(count) times")
                }
                if screen._presenter != nil {
                    return fail(.links, "\(name) has both a parent and a presenter")
                }
            }
            if screen.parent != nil && window.rootScreen === screen {
                return fail(.links, "\(name) is the window's root and has a parent")
            }
            if let navigation = screen as? NavigationController {
                checkStack(of: navigation, owners: &stackOwners)
            }
            if screen.parent == nil, let presenter = screen.presentingScreen, presenter.presentedScreen !== screen {
                return fail(.links, "\(name) is presented by \(self.name(presenter)), which presents something else")
            }
            if let presented = screen.presentedScreen {
                var ancestor: Screen? = screen
                while let current = ancestor, current !== presented.presentingScreen {
                    ancestor = current.parent
                }
                if ancestor == nil {
                    return fail(.links, "\(name) sees \(self.name(presented)) as presented, not by it or an ancestor")
                }
            }
            var ancestors: Set<ObjectIdentifier> = [ObjectIdentifier(screen)]
            var ancestor = screen.parent
            while let current = ancestor {
                if !ancestors.insert(ObjectIdentifier(current)).inserted {
                    return fail(.links, "containment cycle through \(name)")
                }
                ancestor = current.parent
            }
            let isInWindow = inWindow.contains(ObjectIdentifier(screen))
            if isInWindow != (screen.window === window) {
                return fail(
                    .links, "\(name) is \(isInWindow ? "" : "not ")in the window's hierarchy; its window disagrees")
            }
            if let phase = phases[name], phase == .willAppear || phase == .willDisappear,
                let parent = screen._onScreenParent, (phases[self.name(parent)] ?? .off) == .off,
                !screen._isLeavingInteractively
            {
                return fail(
                    .inTransitionUnderScreensOnScreen,
                    "\(name) is \(phase) under \(self.name(parent)), which has disappeared by its calls")
            }
            if phases[name] == .on && !isInWindow && isIdle {
                return fail(.onScreenInWindow, "\(name) is on screen by its calls but not in the window")
            }
        }
    }

    /// The stack of `navigation` has no screen twice nor one of another stack (`owners` holds the stacks seen so
    /// far), each of its screens has it as parent, and it lists them in the order of its children.
    private func checkStack(of navigation: NavigationController, owners: inout [ObjectIdentifier: String]) {
        let name = name(navigation)
        let stack = navigation.viewControllers
        let ids = stack.map(ObjectIdentifier.init)
        if Set(ids).count != ids.count {
            return fail(.links, "\(name)'s stack has duplicates: \(stack.map(self.name))")
        }
        for screen in stack {
            if let other = owners[ObjectIdentifier(screen)] {
                return fail(.links, "\(self.name(screen)) is in the stacks of \(other) and \(name)")
            }
            owners[ObjectIdentifier(screen)] = name
            if screen.parent !== navigation {
                return fail(
                    .links, "\(self.name(screen)) is in \(name)'s stack but its parent is \(self.name(screen.parent))")
            }
        }
        let inStack = Set(ids)
        let stackChildren = navigation.children.filter { inStack.contains(ObjectIdentifier($0)) }
        if !(stackChildren.count == stack.count && zip(stackChildren, stack).allSatisfy { $0 === $1 }) {
            return fail(
                .links,
                "\(name)'s stack \(stack.map(self.name)) and children \(navigation.children.map(self.name)) disagree")
        }
    }
}
