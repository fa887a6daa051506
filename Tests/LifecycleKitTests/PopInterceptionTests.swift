import HookKit
import LifecycleKit
import Testing

/// Which pops ask the top screen's `shouldPop(trigger:)`, and when: the back button and the gesture, never code.
@Suite("Pop interception")
struct PopInterceptionTests {
    /// Makes `screen` answer `allow` to every pop question, and records each question in `asked`.
    func gate(_ screen: Screen, _ asked: EventLog, allow: Bool) throws -> HookToken {
        try Screen.shouldPop.override(.instance(screen)) { _ in
            { screen, trigger in
                asked.add("\(screen.title ?? "").shouldPop(\(trigger))")
                return allow
            }
        }
    }

    @Test("popTo, popToRoot, setViewControllers and dismissScreen never ask the screens they pop")
    func programmaticPopsAreNeverAsked() throws {
        let host = try NavigationHost(driver: .immediate)
        let asked = EventLog()
        let (b, c, d) = (host.screen("B"), host.screen("C"), host.screen("D"))
        let gates = try [b, c, d].map { try gate($0, asked, allow: false) }
        defer { gates.forEach { $0.cancel() } }
        for screen in [b, c, d] { try host.navigation.push(screen, animated: false) }
        _ = try host.navigation.popTo(b, animated: true)
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        try host.navigation.push(c, animated: false)
        #expect(c.dismissScreen(animated: true) == .popped)
        try host.navigation.push(c, animated: false)
        try host.navigation.setViewControllers([host.root, b], animated: true)
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        _ = try host.navigation.popToRoot(animated: true)
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
        #expect(asked.take() == [])
    }

    @Test("the back button, as the gesture, ends the move a screen pushed off screen still owes before asking it")
    func backButtonEndsTheOwedMoveFirst() throws {
        // Found by review (helper-244): the back button asked B before its push's didMove(toParent:) came.
        let log = EventLog()
        let navigation = try TestNavigation("nav", root: TestScreen("A", log), log)  // in no window
        let b = TestScreen("B", log)
        try navigation.push(b, animated: false)
        let asking = try gate(b, log, allow: true)  // the questions go into the same log
        defer { asking.cancel() }
        _ = log.take()
        #expect(navigation.handleBackButton(animated: false) == .popped)
        #expect(
            log.take().filter { $0.hasPrefix("B.") } == [
                "B.didMove(nav)", "B.shouldPop(backButton)", "B.willPop(false)", "B.willMove(nil)", "B.didPop(false)",
                "B.didMove(nil)",
            ])
    }

    @Test("the back button tapped inside a change of the stack does nothing and asks no one")
    func backButtonInsideAChange() throws {
        // Found by review (helper-245): it asked the screen a pop was taking away, from its willPop.
        let host = try NavigationHost(driver: .immediate)
        let b = ScriptedScreen("B", host.log)
        try host.navigation.push(b, animated: false)
        let asked = EventLog()
        let allowing = try gate(b, asked, allow: true)
        defer { allowing.cancel() }
        var action: DismissAction?
        b.actions["willPop(false)"] = { action = host.navigation.handleBackButton(animated: false) }
        try host.navigation.pop(animated: false)
        #expect(action == .nothing && asked.take() == [])
        #expect(host.navigation.viewControllers.map(\.title) == ["A"])
    }

    @Test("the gesture asks the top screen last: a refusal for any other reason never reaches it")
    func gestureAsksTheScreenLast() throws {
        let host = try NavigationHost(driver: .manual)
        let asked = EventLog()
        #expect(host.navigation.interactivePopRefusal(translation: 5) == .singleScreen)
        let b = host.screen("B")
        let allowing = try gate(b, asked, allow: true)
        defer { allowing.cancel() }
        try host.navigation.push(b, animated: true)
        #expect(host.navigation.interactivePopRefusal(translation: 5) == .transitionRunning)
        host.window.transitionDriver.completeAll()
        #expect(host.navigation.interactivePopRefusal(translation: -5) == .wrongDirection)
        #expect(host.navigation.interactivePopRefusal(translation: 0) == .wrongDirection)
        host.window.layoutDirection = .rightToLeft
        #expect(host.navigation.interactivePopRefusal(translation: 5) == .wrongDirection)
        #expect(asked.take() == [])
        #expect(host.navigation.interactivePopRefusal(translation: -5) == nil)
        #expect(asked.take() == ["B.shouldPop(gesture)"])
        host.window.layoutDirection = .leftToRight
        try host.navigation.present(host.screen("S"), style: .pageSheet, animated: true)
        #expect(host.navigation.interactivePopRefusal(translation: 5) == .coveredByPresentation)
        #expect(host.navigation.handleBackButton() == .nothing)
        #expect(asked.take() == [])
    }

    @Test("the back button of a presented stack's root asks it, then dismisses the stack")
    func presentedRootBackButton() throws {
        let host = try NavigationHost(driver: .immediate)
        let asked = EventLog()
        let completions = Completions()
        let root = host.screen("P")
        let presented = try NavigationController(rootScreen: root)
        try host.navigation.present(presented, style: .fullScreen, animated: false)
        let refusing = try gate(root, asked, allow: false)
        #expect(presented.handleBackButton(completion: completions.callback("refused")) == .nothing)
        #expect(host.navigation.presentedScreen === presented)
        refusing.cancel()
        let allowing = try gate(root, asked, allow: true)
        defer { allowing.cancel() }
        #expect(presented.handleBackButton(completion: completions.callback("allowed")) == .dismissed)
        #expect(host.navigation.presentedScreen == nil && presented.presentingScreen == nil)
        #expect(asked.take() == ["P.shouldPop(backButton)", "P.shouldPop(backButton)"])
        #expect(completions["refused"] == [.completed] && completions["allowed"] == [.completed])
    }
}
