import LifecycleKit
import Testing

/// Who decides the bar: the screens of the stack, not their children, also while a push animates or a full-screen
/// presentation covers the navigation controller.
@Suite("Navigation bar ownership")
struct NavigationBarOwnershipTests {
    @Test("during an animated push, the appearing screen's update applies at once; the covered screen's waits")
    func updatesDuringAnimatedPush() throws {
        let host = try BarHost(driver: .manual)
        _ = host.events.take()
        let b = host.screen("B")
        try host.navigation.push(b, animated: true)
        b.bar.isHidden = true
        b.updateNavigationAppearance(animated: true)
        #expect(host.bar == "[hidden]" && host.navigation.navigationBar.owner === b)
        // A, covered while the push still animates, does not take the bar; its outdated stash goes.
        host.root.bar.barColor = color("#00FF00")
        host.root.updateNavigationAppearance(animated: true)
        #expect(host.bar == "[hidden]" && host.root.stashedNavigationBarAppearance == nil)
        host.completeAll()
        try host.navigation.pop(animated: true)
        #expect(host.bar == "[bar: #00FF00]" && host.navigation.navigationBar.owner === host.root)
        host.completeAll()
        // Not restored from a stash: A's look is resolved afresh when it comes back.
        #expect(
            host.events.take() == [
                "update(B) animated: [] -> [hidden]", "appear(A) animated: [hidden] -> [bar: #00FF00]",
            ])
    }

    @Test("a push while a full-screen presentation covers the controller shows the new top's look on dismissal")
    func pushWhileCovered() throws {
        let host = try BarHost(driver: .immediate, root: NavigationBarAttributes(barColor: color("#0000FF")))
        _ = host.events.take()
        let modal = host.screen("M")
        try host.navigation.present(modal, style: .fullScreen, animated: true)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #0000FF]")
        let b = host.screen("B", NavigationBarAttributes(isHidden: true))
        try host.navigation.push(b, animated: true)
        // Off screen, the controller applies nothing: B's look waits for B's viewWillAppear.
        #expect(host.bar == "[bar: #0000FF]")
        modal.dismiss(animated: true)
        #expect(host.bar == "[hidden]" && host.navigation.navigationBar.owner === b)
        try host.navigation.pop(animated: true)
        #expect(host.bar == "[bar: #0000FF]" && host.navigation.navigationBar.owner === host.root)
        #expect(
            host.events.take() == [
                "appear(B) animated: [bar: #0000FF] -> [hidden]", "A.willRestore([bar: #0000FF])",
                "restore(A) animated: [hidden] -> [bar: #0000FF]", "A.didRestore([bar: #0000FF])",
            ])
    }

    @Test("a pop back to a screen that a current-context presentation stands in for restores that screen's bar")
    func popBackToAStandIn() throws {
        let host = try BarHost(driver: .immediate, root: NavigationBarAttributes(barColor: color("#FF0000")))
        host.root.definesPresentationContext = true
        let standIn = host.screen("E")
        try host.root.present(standIn, style: .currentContext, animated: false)
        // The presentation covers A's place, not the bar: the bar keeps A's look, and nothing is restored.
        #expect(host.bar == "[bar: #FF0000]")
        _ = host.events.take()
        let b = host.screen("B", NavigationBarAttributes(barColor: color("#00FF00")))
        try host.navigation.push(b, animated: true)
        try host.navigation.pop(animated: true)
        #expect(host.bar == "[bar: #FF0000]" && host.navigation.navigationBar.owner === host.root)
        standIn.dismiss(animated: true)  // A comes back in its own place, under the bar it already shows
        #expect(host.bar == "[bar: #FF0000]" && host.navigation.navigationBar.owner === host.root)
        #expect(
            host.events.take() == [
                "appear(B) animated: [bar: #FF0000] -> [bar: #00FF00]", "A.willRestore([bar: #FF0000])",
                "restore(A) animated: [bar: #00FF00] -> [bar: #FF0000]", "A.didRestore([bar: #FF0000])",
            ])
    }

    @Test("an interactive pop back to a stand-in restores the revealed screen's bar; a cancel gives it back")
    func interactivePopBackToAStandIn() throws {
        let host = try BarHost(driver: .immediate, root: NavigationBarAttributes(barColor: color("#FF0000")))
        host.root.definesPresentationContext = true
        try host.root.present(host.screen("E"), style: .currentContext, animated: false)
        let b = host.screen("B", NavigationBarAttributes(barColor: color("#00FF00")))
        try host.navigation.push(b, animated: false)
        _ = host.events.take()
        var pop = try host.navigation.beginInteractivePop(translation: 10)
        #expect(host.bar == "[bar: #FF0000]" && host.navigation.navigationBar.owner === host.root)
        pop.cancel()
        #expect(host.bar == "[bar: #00FF00]" && host.navigation.navigationBar.owner === b)
        pop = try host.navigation.beginInteractivePop(translation: 10)
        pop.finish()
        #expect(host.bar == "[bar: #FF0000]" && host.navigation.navigationBar.owner === host.root)
        #expect(
            host.events.take() == [
                "A.willRestore([bar: #FF0000])", "restore(A) animated interactive: [bar: #00FF00] -> [bar: #FF0000]",
                "A.didRestore([bar: #FF0000])", "B.willRestore([bar: #00FF00])",
                "restore(B) animated: [bar: #FF0000] -> [bar: #00FF00]", "B.didRestore([bar: #00FF00])",
                "A.willRestore([bar: #FF0000])", "restore(A) animated interactive: [bar: #00FF00] -> [bar: #FF0000]",
                "A.didRestore([bar: #FF0000])",
            ])
    }

    @Test("a child inside a container in the stack does not take over the bar")
    func childDoesNotOwnTheBar() throws {
        let host = try BarHost(driver: .immediate)
        let container = host.screen("K")
        try container.addChild(host.screen("X", NavigationBarAttributes(isHidden: true)))
        try host.navigation.push(container, animated: true)
        #expect(host.navigation.navigationBar.owner === container)
        #expect(host.bar == "[]" && !host.navigation.navigationBar.isHidden)
    }
}
