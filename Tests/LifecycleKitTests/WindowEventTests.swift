import HookKit
import LifecycleKit
import Testing

/// Application events and interactive-pop events.
@Suite("Window and gesture events")
struct WindowEventTests {
    @Test("background and foreground are events hooks observe; screens get no lifecycle calls")
    func backgroundForeground() throws {
        let host = try NavigationHost(driver: .immediate)
        let events = EventLog()
        let window = host.window
        let background = try Window.didEnterBackground.after(.instance(window)) { window, _, _ in
            events.add("background(\(window.applicationState))")
        }
        let foreground = try Window.willEnterForeground.before(.instance(window)) { window, _ in
            events.add("foreground(\(window.applicationState))")
        }
        host.window.enterBackground()
        host.window.enterBackground()
        #expect(host.window.applicationState == .background)
        host.window.enterForeground()
        host.window.enterForeground()
        #expect(host.window.applicationState == .active)
        #expect(events.take() == ["background(background)", "foreground(background)"])
        #expect(host.log.take() == [])
        background.cancel()
        foreground.cancel()
    }

    @Test("the interactive-pop hook learns each phase, the screens, the progress and isCancelled")
    func interactivePopEvents() throws {
        let host = try NavigationHost(driver: .immediate)
        let events = EventLog()
        let token = try NavigationController.interactivePopDidChange.after(.instance(host.navigation)) {
            _, event, _ in
            events.add(
                "\(event.phase) \(event.poppingScreen.title ?? "") over \(event.revealedScreen.title ?? "") "
                    + "\(event.progress) cancelled=\(event.isCancelled)")
        }
        defer { token.cancel() }
        try host.navigation.push(host.screen("B"), animated: false)
        let cancelled = try host.navigation.beginInteractivePop(translation: 4)
        cancelled.update(progress: 0.25)
        cancelled.cancel()
        let finished = try host.navigation.beginInteractivePop(translation: 4)
        finished.update(progress: 2)
        finished.finish()
        #expect(
            events.take() == [
                "began B over A 0.0 cancelled=false", "changed B over A 0.25 cancelled=false",
                "cancelled B over A 0.25 cancelled=true", "began B over A 0.0 cancelled=false",
                "changed B over A 1.0 cancelled=false", "finished B over A 1.0 cancelled=false",
            ])
        #expect(cancelled.state == .cancelled && finished.state == .finished)
    }
}
