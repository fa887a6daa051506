import HookKit
import LifecycleKit
import Testing

/// An interactive transition ended from inside one of the will-calls it sends waits for that will-call to return, so
/// that the screen's hooks and method all see the will-call before any did-call.
@Suite("Interactive transitions ended from inside a will-call")
struct EndedInsideAWillCallTests {
    @Test("a swipe finished from a before hook ends after the method and the after hooks; its state says so then")
    func swipeFinishedFromBeforeHook() throws {
        let host = try SheetHost()
        let log = host.log
        let before = try Lifecycle.hook(.viewWillDisappear, .before, scope: .instance(host.sheet), once: true) {
            screen, _ in
            let swipe = screen.interactiveDismissal
            swipe?.finish()
            log.add("before hook: finish() asked, \(swipe?.state.rawValue ?? "none")")
        }
        let after = try Lifecycle.hook(.viewWillDisappear, .after, scope: .instance(host.sheet), once: true) {
            screen, _ in log.add("after hook: \(screen.interactiveDismissal?.state.rawValue ?? "none")")
        }
        defer {
            before.cancel()
            after.cancel()
        }
        let swipe = try host.sheet.beginInteractiveDismissal()
        #expect(
            log.take() == [
                "S.shouldDismiss", "S.willDismiss", "before hook: finish() asked, active", "S.viewWillDisappear",
                "after hook: active", "S.viewDidDisappear", "S.didDismiss",
            ])
        #expect(swipe.state == .finished)
        #expect(host.presenter.presentedScreen == nil)
        #expect(host.sheet.interactiveDismissal == nil)
    }

    @Test("a pop cancelled from the revealed screen's viewWillAppear before hook: its method first, then the cancel")
    func popCancelledFromRevealedBeforeHook() throws {
        let host = try NavigationHost()
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        let log = host.log
        let token = try Lifecycle.hook(.viewWillAppear, .before, scope: .instance(host.root), once: true) {
            screen, _ in
            log.add("before hook")
            screen.navigationController?.interactivePop?.cancel()
        }
        defer { token.cancel() }
        _ = log.take()
        let completions = Completions()
        let pop = try host.navigation.beginInteractivePop(translation: 10, completion: completions.callback("pop"))
        #expect(
            log.takeLifecycle() == [
                "B.viewWillDisappear", "A.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear",
                "B.viewWillAppear", "B.viewDidAppear",
            ])
        #expect(pop.state == .cancelled)
        #expect(completions["pop"] == [.cancelled])
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B"])
        #expect(b.visibleState == [.loaded, .didAppear])
        #expect(host.root.visibleState == [.loaded, .didDisappear])
    }

    @Test("ended twice inside one will-call (finish, then cancel): the first request wins, the second is ignored")
    func firstRequestWins() throws {
        let host = try SheetHost()
        host.sheet.actions["viewWillDisappear"] = { [sheet = host.sheet] in
            sheet.interactiveDismissal?.finish()
            sheet.interactiveDismissal?.cancel()
        }
        let completions = Completions()
        let swipe = try host.sheet.beginInteractiveDismissal(completion: completions.callback("swipe"))
        #expect(
            host.log.take() == [
                "S.shouldDismiss", "S.willDismiss", "S.viewWillDisappear", "S.viewDidDisappear", "S.didDismiss",
            ])
        #expect(swipe.state == .finished)
        #expect(completions["swipe"] == [.completed])
    }
}
