import LifecycleKit
import Testing

/// UIKit refuses a presentation whose presenting screen's view is not in the window hierarchy.
///
/// iOS 26.1's `_presentViewController:withAnimationController:completion:` logs "whose view is not in the window
/// hierarchy" and presents nothing. A screen that defines the presentation context presents a current-context
/// presentation itself, so one that the hierarchy keeps off screen (under a push, under a full-screen presentation,
/// in a tab that is not selected) is refused with `presenterNotInWindow`, and accepted again once it is back on
/// screen.
@Suite("Presenting from a screen that is off screen")
struct PresentingFromOffScreenTests {
    /// Presents `cover` over `context`'s current context and expects the refusal, with nothing linked.
    static func expectRefused(
        _ context: Screen, _ cover: Screen, _ log: EventLog, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try context.present(cover, style: .currentContext, animated: false)
            Issue.record("the presentation was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == .presenterNotInWindow, sourceLocation: sourceLocation)
            #expect(error.message.contains("off screen"), "\(error.message)", sourceLocation: sourceLocation)
        }
        #expect(context.presentedScreen !== cover && cover.presentingScreen == nil, sourceLocation: sourceLocation)
        #expect(log.take().isEmpty, sourceLocation: sourceLocation)
    }

    /// Presents `cover` over `context`'s current context and expects it to cover the context, as on screen.
    static func expectCovers(
        _ context: TestScreen, _ cover: TestScreen, _ log: EventLog, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try context.present(cover, style: .currentContext, animated: false)
        let (name, covering) = (context.name, cover.name)
        #expect(
            log.takeLifecycle() == [
                "\(covering).loadView", "\(covering).viewDidLoad", "\(name).viewWillDisappear",
                "\(covering).viewWillAppear", "\(covering).viewDidAppear", "\(name).viewDidDisappear",
            ], sourceLocation: sourceLocation)
        #expect(context.presentedScreen === cover && cover.presentingScreen === context, sourceLocation: sourceLocation)
    }

    @Test("a context under a push refuses a current-context presentation; once popped back to, it presents")
    func contextUnderAPush() throws {
        let host = try NavigationHost()
        let (x, y, cover) = (host.screen("X"), host.screen("Y"), host.screen("C"))
        x.definesPresentationContext = true
        try host.navigation.push(x, animated: false)
        try host.navigation.push(y, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        Self.expectRefused(x, cover, host.log)
        try host.navigation.pop(animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        try Self.expectCovers(x, cover, host.log)
    }

    @Test("a context inside a screen covered by a full-screen presentation refuses; after the dismissal, it presents")
    func contextUnderAFullScreenPresentation() throws {
        let host = try NavigationHost()
        let (x, full, cover) = (host.screen("X"), host.screen("F"), host.screen("C"))
        x.definesPresentationContext = true
        try host.root.addChild(x)
        try host.navigation.present(full, style: .fullScreen, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        Self.expectRefused(x, cover, host.log)
        // A sheet leaves what it covers on screen: presenting from below it stays allowed (its view is in the window).
        #expect(full.dismiss(animated: false))
        try host.navigation.present(host.screen("S"), style: .pageSheet, animated: false)
        host.window.transitionDriver.completeAll()
        _ = host.log.take()
        try Self.expectCovers(x, cover, host.log)
    }

    @Test("a tab that is not selected refuses a current-context presentation over itself; once selected, it presents")
    func contextInATabNotSelected() throws {
        let host = try NavigationHost()
        let (tabs, _, y) = try ShownChildrenTests.tabsOnScreen(host)
        let cover = host.screen("C")
        y.definesPresentationContext = true
        Self.expectRefused(y, cover, host.log)
        tabs.selectedIndex = 1
        _ = host.log.take()
        try Self.expectCovers(y, cover, host.log)
    }

    @Test("a context that a waiting transition brings on screen presents, also under a sheet, which covers nothing")
    func contextComingOnScreenUnderASheet() throws {
        for underASheet in [false, true] {
            let host = try NavigationHost()
            if underASheet {
                try host.navigation.present(host.screen("S"), style: .pageSheet, animated: false)
            }
            try host.navigation.push(host.screen("Z"), animated: true)  // animates until the driver completes it
            let (x, cover) = (host.screen("X"), host.screen("C"))
            x.definesPresentationContext = true
            try host.navigation.push(x, animated: false)  // waits: X's view is not in the window yet
            #expect(x.view.window == nil)
            try x.present(cover, style: .currentContext, animated: false)
            host.window.transitionDriver.completeAll()
            #expect(x.presentedScreen === cover && cover.presentingScreen === x, "under a sheet: \(underASheet)")
            #expect(cover.visibleState == [.loaded, .didAppear], "under a sheet: \(underASheet)")
        }
    }

    @Test("a context that is leaving its container refuses: popped while the pop animates or waits")
    func contextLeavingItsContainer() throws {
        for popWaits in [false, true] {
            let host = try NavigationHost()
            let (b, cover) = (host.screen("B"), host.screen("C"))
            b.definesPresentationContext = true
            try host.navigation.push(b, animated: false)
            host.window.transitionDriver.completeAll()
            if popWaits {
                try host.navigation.present(host.screen("S"), style: .pageSheet, animated: true)  // runs meanwhile
            }
            _ = try host.navigation.pop(animated: true)
            #expect(b.view.window === host.window)  // still on screen, on its way out
            _ = host.log.take()
            do {
                try b.present(cover, style: .currentContext, animated: false)
                Issue.record("the presentation was accepted (pop waits: \(popWaits))")
            } catch {
                #expect(error.code == .presenterNotInWindow)
                #expect(error.message.contains("leaving its container"), "\(error.message)")
            }
            #expect(b.presentedScreen !== cover && cover.presentingScreen == nil)
            host.window.transitionDriver.completeAll()
            #expect(host.navigation.viewControllers.count == 1 && host.navigation.topViewController === host.root)
        }
    }

    @Test("a finished interactive pop's screen refuses from its viewDidDisappear; one inside a popped container too")
    func contextLeavingAfterAnInteractivePopOrInsideAContainer() throws {
        let host = try NavigationHost()
        let popped = ScriptedScreen("B", host.log)
        popped.definesPresentationContext = true
        try host.navigation.push(popped, animated: false)
        host.window.transitionDriver.completeAll()
        var refusal: LifecycleError?
        popped.actions["viewDidDisappear"] = {
            do throws(LifecycleError) {
                try popped.present(host.screen("C"), style: .currentContext, animated: false)
            } catch {
                refusal = error
            }
        }
        try host.navigation.beginInteractivePop(translation: 24).finish()
        host.window.transitionDriver.completeAll()
        #expect(refusal?.code == .presenterNotInWindow)
        #expect(refusal?.message.contains("B<") == true && popped.presentedScreen == nil)
        // Inside a container that is popped, the message names the container, which is what leaves.
        let (container, inner) = (TestScreen("K", host.log), TestScreen("X", host.log))
        inner.definesPresentationContext = true
        try container.addChild(inner)
        try host.navigation.push(container, animated: false)
        host.window.transitionDriver.completeAll()
        _ = try host.navigation.pop(animated: true)
        do {
            try inner.present(host.screen("D"), style: .currentContext, animated: false)
            Issue.record("the presentation was accepted")
        } catch {
            #expect(error.code == .presenterNotInWindow)
            #expect(error.message.contains("K<") && error.message.contains("where TestScreen.X<"), "\(error.message)")
        }
        host.window.transitionDriver.completeAll()
    }

    @Test("the old top while a push animates presents: the presentation stands in for it until a pop brings it back")
    func contextAboutToBeCovered() throws {
        let host = try NavigationHost()
        let (x, cover) = (host.screen("X"), host.screen("C"))
        x.definesPresentationContext = true
        try host.navigation.push(x, animated: false)
        host.window.transitionDriver.completeAll()
        try host.navigation.push(host.screen("Y"), animated: true)  // animates until the driver completes it
        #expect(x.view.window === host.window)
        try x.present(cover, style: .currentContext, animated: false)
        host.window.transitionDriver.completeAll()
        #expect(x.presentedScreen === cover && !cover.isViewLoaded)  // it waits unseen, as X does
        _ = try host.navigation.pop(animated: false)
        host.window.transitionDriver.completeAll()
        #expect(cover.view.window === host.window && cover.visibleState.contains(.didAppear))
        #expect(x.visibleState.contains(.didDisappear))
    }
}
