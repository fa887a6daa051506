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

    @Test("a child inside a container in the stack does not take over the bar")
    func childDoesNotOwnTheBar() throws {
        let host = try BarHost(driver: .immediate)
        let container = host.screen("K")
        try container.addChild(host.screen("X", NavigationBarAttributes(isHidden: true)))
        try host.navigation.push(container, animated: true)
        #expect(host.navigation.navigationBar.owner === container)
        #expect(host.bar == "[]" && !host.navigation.navigationBar.isHidden)
    }

    // MARK: - Current-context presentations and the covered screen's bar

    @Test("a pop back to a screen that a current-context presentation stands in for restores that screen's bar")
    func popBackToAStandIn() throws {
        let (host, standIn) = try BarHost.withStandIn(driver: .immediate)
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
        let (host, _) = try BarHost.withStandIn(driver: .immediate)
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

    @Test("dismissing a stand-in that a pop brought back leaves the bar as the screen left it")
    func dismissAfterPopBackKeepsTheBar() throws {
        let (host, standIn) = try BarHost.withStandIn(driver: .immediate)
        try host.navigation.push(host.screen("B", NavigationBarAttributes(isHidden: true)), animated: true)
        try host.navigation.pop(animated: true)
        host.setItemColorDirectly("#00FF00")  // a direct change while the bar shows A's look
        _ = host.events.take()
        standIn.dismiss(animated: true)
        // Without the push and pop, the same dismissal restores A's stash (the direct change included). UIKit's bar is
        // not touched by the dismissal of a current-context presentation; Appearance.md: a screen "comes back
        // exactly as it left, including changes made to the bar directly".
        #expect(host.bar == "[bar: #FF0000, item: #00FF00]")
        #expect(host.events.take() == [])
    }

    @Test("a current-context presentation over a stand-in neither restores nor resolves the stack screen's bar")
    func nestedStandInLeavesTheBarAlone() throws {
        let host = try BarHost.withRootDefiningContext(driver: .immediate)
        let e1 = host.screen("E1")
        e1.definesPresentationContext = true
        try host.root.present(e1, style: .currentContext, animated: false)
        _ = host.events.take()
        let e2 = host.screen("E2")
        // E2 takes E1's place: nothing was popped back, and the bar keeps A's look with no restore.
        try e1.present(e2, style: .currentContext, animated: true)
        #expect(host.events.take() == [])
        e2.dismiss(animated: true)
        // Once the bar shows A through a pop back, a direct change survives E2's presentation and its dismissal.
        try host.navigation.push(host.screen("B", NavigationBarAttributes(isHidden: true)), animated: true)
        try host.navigation.pop(animated: true)
        host.setItemColorDirectly("#00FF00")
        _ = host.events.take()
        try e1.present(e2, style: .currentContext, animated: true)
        e2.dismiss(animated: true)
        #expect(host.bar == "[bar: #FF0000, item: #00FF00]")
        #expect(host.events.take() == [])
    }

    @Test("the covered screen's bar follows its updates the same way however its stand-in came on screen")
    func coveredScreenUpdatesTheBarEitherWay() throws {
        // Presented directly: A disappeared from the bar (owner nil), so its update only drops its stash.
        let (presented, _) = try BarHost.withStandIn(driver: .immediate)
        // Brought back by a pop: the bar has A as its owner, and the update applies at once.
        let (popped, _) = try BarHost.withStandIn(driver: .immediate)
        try popped.navigation.push(popped.screen("B"), animated: false)
        try popped.navigation.pop(animated: false)
        // The same screen on screen, the same bar: Appearance.md, "covers that screen's place, not the bar".
        #expect(popped.navigation.navigationBar.owner === popped.root)
        #expect(presented.navigation.navigationBar.owner === presented.root)
        for host in [presented, popped] {
            host.root.bar.barColor = color("#0000FF")
            host.root.updateNavigationAppearance(animated: false)
        }
        #expect(presented.bar == popped.bar)
    }

    @Test("a pop back to a stand-in whose dismissal waits ends the bar's visibility change at its viewDidAppear")
    func queuedDismissalOfAStandInEndsTheVisibilityTransition() throws {
        let (host, standIn) = try BarHost.withStandIn(driver: .manual)
        try host.navigation.push(host.screen("B", NavigationBarAttributes(isHidden: true)), animated: true)
        host.completeAll()
        let events = host.events
        let bar = host.navigation.navigationBar
        try host.navigation.pop(animated: true) { _ in
            events.add("pop done, visibility: \(bar.visibilityTransition.map { "\($0)" } ?? "none")")
        }
        #expect(host.visibility == "show")
        standIn.dismiss(animated: true)  // queued behind the pop
        _ = host.events.take()
        host.completeAll()
        // NavigationBar.visibilityTransition: "cleared when that screen's viewDidAppear runs" (E's, in A's place).
        #expect(host.events.take() == ["pop done, visibility: none"])
    }

    // MARK: - Current-context presentations and queued transitions

    @Test("a stand-in dismissed during an interactive pop back to it still stashes the screen's bar on a cancel")
    func cancelledPopBackToAStandInDismissedMeanwhile() throws {
        let (host, standIn) = try BarHost.withStandIn(driver: .manual)
        try host.navigation.push(host.screen("B", NavigationBarAttributes(isHidden: true)), animated: true)
        host.completeAll()
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        host.setItemColorDirectly("#00FF00")  // a direct change while the bar shows A's look
        standIn.dismiss(animated: true)  // unlinked at once, its transition queued behind the pop
        _ = host.events.take()
        pop.cancel()
        // E disappears in A's place (its `appearingInPlaceOf` is still A): the bar stashes A's look, as it does when
        // the dismissal is not requested, and as a cancel does for any revealed screen.
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #FF0000, item: #00FF00]")
        host.completeAll()
        #expect(try host.popBackToTheRoot(showing: "[bar: #FF0000, item: #00FF00]"))
        #expect(
            host.events.take() == [
                "B.willRestore([hidden])", "restore(B) animated: [bar: #FF0000, item: #00FF00] -> [hidden]",
                "B.didRestore([hidden])",
            ] + BarHost.rootRestoredFromHiddenBar)
    }

    @Test("a push that runs before a queued current-context presentation stashes the covered screen's bar")
    func pushBeforeAQueuedStandInStashes() throws {
        let host = try BarHost.withRootDefiningContext(driver: .manual)
        try host.navigation.present(host.screen("S"), style: .pageSheet, animated: true)  // runs; the rest waits
        host.setItemColorDirectly("#00FF00")
        try host.navigation.push(host.screen("B", NavigationBarAttributes(isHidden: true)), animated: true)
        try host.root.present(host.screen("E"), style: .currentContext, animated: true)
        _ = host.events.take()
        host.completeAll()
        // A left the bar for B before E came in its place: what the bar showed is stashed, as without E.
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #FF0000, item: #00FF00]")
        #expect(try host.popBackToTheRoot(showing: "[bar: #FF0000, item: #00FF00]"))
        #expect(
            host.events.take()
                == ["appear(B) animated: [bar: #FF0000, item: #00FF00] -> [hidden]"] + BarHost.rootRestoredFromHiddenBar
        )
    }

    @Test("a window hidden before a queued current-context presentation leaves the bar without an owner")
    func hiddenBeforeAQueuedStandInHasNoOwner() throws {
        let host = try BarHost.withRootDefiningContext(driver: .manual)
        try host.navigation.present(host.screen("S"), style: .pageSheet, animated: true)  // runs; the rest waits
        host.window.hide()
        try host.root.present(host.screen("E"), style: .currentContext, animated: true)
        host.completeAll()
        // NavigationBar.owner: "nil while none is on screen"; A's look is stashed as it left.
        #expect(host.navigation.navigationBar.owner == nil)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #FF0000]")
        host.setItemColorDirectly("#00FF00")  // a direct change while nothing is on screen
        _ = host.events.take()
        host.window.makeKeyAndVisible()
        host.completeAll()
        // E comes on screen in A's place: the bar restores A's stash, as it does without E.
        #expect(host.bar == "[bar: #FF0000]" && host.navigation.navigationBar.owner === host.root)
        #expect(
            host.events.take() == [
                "A.willRestore([bar: #FF0000])", "restore(A): [bar: #FF0000, item: #00FF00] -> [bar: #FF0000]",
                "A.didRestore([bar: #FF0000])",
            ])
    }
}
