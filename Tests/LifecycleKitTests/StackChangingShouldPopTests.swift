import LifecycleKit
import Testing

/// A top screen whose `shouldPop(trigger:)` changes the stack before it answers: the gesture is refused as the stack
/// then stands, the back button does nothing, and neither pops a screen that was not asked (a review found
/// `beginInteractivePop` indexing a stack that the answer had shortened, and the back button popping a screen pushed
/// by the answer).
@Suite("A shouldPop that changes the stack")
struct StackChangingShouldPopTests {
    /// What `shouldPop` does to its navigation controller before it allows the pop.
    enum Change {
        case popWithoutAnimation, popToRootWithoutAnimation, popAnimated, pushWithoutAnimation, presentFullScreen
    }

    /// A screen that makes `change` when it is asked, and allows the pop.
    final class ChangingScreen: TestScreen {
        let change: Change
        let pushed: TestScreen

        init(_ name: String, _ log: EventLog, change: Change) {
            self.change = change
            pushed = TestScreen("D", log)
            super.init(name, log)
        }

        override func shouldPop(trigger: PopTrigger) -> Bool {
            log.add("\(name).shouldPop(\(trigger))")
            guard let navigation = navigationController else { return true }
            switch change {
            case .popWithoutAnimation: _ = try? navigation.pop(animated: false)
            case .popToRootWithoutAnimation: _ = try? navigation.popToRoot(animated: false)
            case .popAnimated: _ = try? navigation.pop(animated: true)
            case .pushWithoutAnimation: try? navigation.push(pushed, animated: false)
            case .presentFullScreen: try? present(TestScreen("S", log), style: .fullScreen, animated: false)
            }
            return true
        }
    }

    /// A host whose stack is A, B, then a ``ChangingScreen`` C that makes `change` when it is asked; the log is empty.
    func hostWithChangingTop(_ change: Change) throws -> NavigationHost {
        let host = try NavigationHost(driver: .manual)
        try host.navigation.push(host.screen("B"), animated: false)
        try host.navigation.push(ChangingScreen("C", host.log, change: change), animated: false)
        _ = host.log.take()
        return host
    }

    @Test(
        "the gesture is refused after the answer changed the stack, and the stack is what the answer made",
        arguments: [
            (Change.popWithoutAnimation, PopGestureRefusal.transitionRunning, ["A", "B"]),
            (.popToRootWithoutAnimation, .singleScreen, ["A"]),
            (.popAnimated, .transitionRunning, ["A", "B"]),
            (.pushWithoutAnimation, .transitionRunning, ["A", "B", "C", "D"]),
            (.presentFullScreen, .notOnScreen, ["A", "B", "C"]),
        ])
    func refusedAfterTheChange(change: Change, refusal: PopGestureRefusal, stack: [String]) throws {
        let host = try hostWithChangingTop(change)
        #expect(host.navigation.interactivePopRefusal(translation: 24) == refusal)
        #expect(host.navigation.viewControllers.map(\.title) == stack)
        #expect(host.log.take().first == "C.shouldPop(gesture)")
    }

    @Test(
        "the back button does nothing after an answer that changed the top screen, started a transition or presented",
        arguments: [
            (Change.popWithoutAnimation, ["A", "B"]),
            (.popToRootWithoutAnimation, ["A"]),
            (.popAnimated, ["A", "B"]),
            (.pushWithoutAnimation, ["A", "B", "C", "D"]),
            (.presentFullScreen, ["A", "B", "C"]),
        ])
    func backButtonAfterTheChange(change: Change, stack: [String]) throws {
        let host = try hostWithChangingTop(change)
        let completions = Completions()
        #expect(host.navigation.handleBackButton(completion: completions.callback("back")) == .nothing)
        #expect(completions["back"] == [.completed])
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.viewControllers.map(\.title) == stack)
        // Only the answer's own animated pop pops with animation: the button popped nothing.
        let animatedPops = host.log.take().filter { $0.hasSuffix("willPop(true)") }
        #expect(animatedPops == (change == .popAnimated ? ["C.willPop(true)"] : []))
    }

    @Test("beginInteractivePop throws popGestureRefused and starts no pop; the screens asked are not popped")
    func beginIsRefused() throws {
        let host = try NavigationHost(driver: .manual)
        let b = host.screen("B")
        let c = ChangingScreen("C", host.log, change: .popToRootWithoutAnimation)
        try host.navigation.push(b, animated: false)
        try host.navigation.push(c, animated: false)
        expectError(.popGestureRefused) { _ = try host.navigation.beginInteractivePop(translation: 24) }
        #expect(host.navigation.interactivePop == nil)
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
        #expect(c.parent == nil && b.parent == nil)
        #expect(host.window.transitionDriver.isTransitioning == false)
    }

    @Test("a shouldPop that changes the stack below the top two screens still lets the gesture pop the top")
    func changeBelowTheTopTwo() throws {
        final class Replacing: TestScreen {
            let replacement: TestScreen
            init(_ name: String, _ log: EventLog, replacement: TestScreen) {
                self.replacement = replacement
                super.init(name, log)
            }
            override func shouldPop(trigger: PopTrigger) -> Bool {
                guard let navigation = navigationController else { return true }
                var stack = navigation.viewControllers
                stack[0] = replacement
                try? navigation.setViewControllers(stack, animated: false)
                return true
            }
        }
        let host = try NavigationHost(driver: .manual)
        let b = host.screen("B")
        let c = Replacing("C", host.log, replacement: host.screen("R"))
        try host.navigation.push(b, animated: false)
        try host.navigation.push(c, animated: false)
        #expect(host.navigation.interactivePopRefusal(translation: 24) == nil)
        let pop = try host.navigation.beginInteractivePop(translation: 24)
        #expect(pop.poppingScreen === c && pop.revealedScreen === b)
        pop.finish()
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.viewControllers.map(\.title) == ["R", "B"])
    }
}
