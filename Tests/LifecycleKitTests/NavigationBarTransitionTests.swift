import HookKit
import LifecycleKit
import Testing

/// The bar across transitions: apply at viewWillAppear, stash when a screen is covered, restore when it
/// comes back (with willRestore/didRestore), visibility changes as part of the transition.
@Suite("Navigation bar across transitions")
struct NavigationBarTransitionTests {
    @Test("push, pop and popToRoot: each screen's look is stashed and restored; willRestore changes what is restored")
    func pushPopPopToRoot() throws {
        let host = try BarHost(
            driver: .manual, root: NavigationBarAttributes(barColor: color("#FF0000")),
            defaults: NavigationBarAttributes(barColor: .white))
        let bar = host.navigation.navigationBar
        #expect(host.events.take() == ["appear(A): [] -> [bar: #FF0000]"])
        #expect(bar.owner === host.root && host.root.stashedNavigationBarAppearance == nil)

        let b = host.screen("B", NavigationBarAttributes(isHidden: true))
        try host.navigation.push(b, animated: true)
        #expect(host.bar == "[hidden, bar: #FFFFFF]" && host.visibility == "hide" && bar.owner === b)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #FF0000]")
        host.completeAll()
        #expect(host.visibility == "none")

        let c = host.screen("C", NavigationBarAttributes(isTransparent: true, itemColor: color("#00FF00")))
        try host.navigation.push(c, animated: true)
        #expect(host.bar == "[transparent, bar: #FFFFFF, item: #00FF00]" && host.visibility == "show")
        #expect(b.stashedNavigationBarAppearance?.description == "[hidden, bar: #FFFFFF]")
        host.completeAll()
        #expect(
            host.events.take() == [
                "appear(B) animated: [bar: #FF0000] -> [hidden, bar: #FFFFFF]",
                "appear(C) animated: [hidden, bar: #FFFFFF] -> [transparent, bar: #FFFFFF, item: #00FF00]",
            ])

        try host.navigation.pop(animated: true)
        #expect(host.bar == "[hidden, bar: #FFFFFF]" && host.visibility == "hide" && bar.owner === b)
        host.completeAll()
        #expect(
            host.events.take() == [
                "B.willRestore([hidden, bar: #FFFFFF])",
                "restore(B) animated: [transparent, bar: #FFFFFF, item: #00FF00] -> [hidden, bar: #FFFFFF]",
                "B.didRestore([hidden, bar: #FFFFFF])",
            ])
        #expect(b.stashedNavigationBarAppearance == nil && c.stashedNavigationBarAppearance == nil)

        // The root's willRestore adds an item color to what is restored.
        host.root.onWillRestore = { $0.itemColor = color("#123456") }
        try host.navigation.push(host.screen("D"), animated: false)
        #expect(host.bar == "[bar: #FFFFFF]" && host.visibility == "none")
        try host.navigation.popToRoot(animated: true)
        #expect(host.bar == "[bar: #FF0000, item: #123456]")
        host.completeAll()
        #expect(
            host.events.take() == [
                "appear(D): [hidden, bar: #FFFFFF] -> [bar: #FFFFFF]", "A.willRestore([bar: #FF0000])",
                "restore(A) animated: [bar: #FFFFFF] -> [bar: #FF0000, item: #123456]",
                "A.didRestore([bar: #FF0000, item: #123456])",
            ])
        // Screens that left the stack keep no stash; what A shows now is what it stashes next.
        #expect(b.stashedNavigationBarAppearance == nil)
        try host.navigation.push(host.screen("E"), animated: false)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #FF0000, item: #123456]")
        try host.navigation.popTo(host.root, animated: false)
        #expect(host.bar == "[bar: #FF0000, item: #123456]")
    }

    @Test("an interactive pop applies the revealed screen's look when it begins, and restores the top's on cancel")
    func interactivePops() throws {
        let host = try BarHost(driver: .manual, root: NavigationBarAttributes(barColor: color("#FF0000")))
        let bar = host.navigation.navigationBar
        let b = host.screen("B", NavigationBarAttributes(isHidden: true, barStyle: .black))
        try host.navigation.push(b, animated: false)
        _ = host.events.take()

        let cancelled = try host.navigation.beginInteractivePop(translation: 10)
        #expect(host.bar == "[bar: #FF0000]" && host.visibility == "show interactive" && bar.owner === host.root)
        #expect(b.stashedNavigationBarAppearance?.description == "[hidden, style: black]")
        cancelled.update(progress: 0.4)
        cancelled.cancel()
        #expect(host.bar == "[hidden, style: black]" && host.visibility == "none" && bar.owner === b)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #FF0000]")
        #expect(
            host.events.take() == [
                "A.willRestore([bar: #FF0000])",
                "restore(A) animated interactive: [hidden, style: black] -> [bar: #FF0000]",
                "A.didRestore([bar: #FF0000])", "B.willRestore([hidden, style: black])",
                "restore(B) animated: [bar: #FF0000] -> [hidden, style: black]", "B.didRestore([hidden, style: black])",
            ])

        // willRestore keeps the bar visible when B comes back this time.
        b.onWillRestore = { $0.isHidden = false }
        let cancelledAgain = try host.navigation.beginInteractivePop(translation: 10)
        cancelledAgain.cancel()
        #expect(host.bar == "[style: black]")
        // B's bar is visible and black this time: the navigation controller picks light status-bar content.
        #expect(
            host.events.take() == [
                "A.willRestore([bar: #FF0000])",
                "restore(A) animated interactive: [hidden, style: black] -> [bar: #FF0000]",
                "A.didRestore([bar: #FF0000])", "B.willRestore([hidden, style: black])",
                "restore(B) animated: [bar: #FF0000] -> [style: black]",
                "status: visible default -> visible lightContent", "B.didRestore([style: black])",
            ])

        let finished = try host.navigation.beginInteractivePop(translation: 10)
        #expect(host.visibility == "none")
        finished.update(progress: 0.9)
        finished.finish()
        #expect(host.bar == "[bar: #FF0000]" && bar.owner === host.root)
        #expect(b.stashedNavigationBarAppearance == nil && host.root.stashedNavigationBarAppearance == nil)
        #expect(
            host.events.take() == [
                "A.willRestore([bar: #FF0000])", "restore(A) animated interactive: [style: black] -> [bar: #FF0000]",
                "status: visible lightContent -> visible default", "A.didRestore([bar: #FF0000])",
            ])

        // The finished pop dropped B's stash: pushed again, B gets its resolved look (hidden), not the one it left
        // with (shown by its willRestore), and nothing is restored.
        try host.navigation.push(b, animated: false)
        #expect(host.bar == "[hidden, style: black]" && bar.owner === b)
        #expect(host.events.take() == ["appear(B): [bar: #FF0000] -> [hidden, style: black]"])
    }

    @Test("during an interactive pop, updating or refreshing the popping screen's look drops its stash for a cancel")
    func interactivePopStashIsDroppedByUpdates() throws {
        let host = try BarHost(driver: .manual, root: NavigationBarAttributes(barColor: color("#FF0000")))
        let b = host.screen("B", NavigationBarAttributes(isHidden: true, barStyle: .black))
        try host.navigation.push(b, animated: false)
        _ = host.events.take()

        // B, out of the stack while the pop runs, is still the navigation controller's screen: its update drops
        // the stash, so that a cancel resolves its look afresh instead of restoring an outdated one.
        let updated = try host.navigation.beginInteractivePop(translation: 10)
        #expect(b.stashedNavigationBarAppearance != nil)
        b.updateNavigationAppearance()
        #expect(b.stashedNavigationBarAppearance == nil)
        updated.cancel()
        #expect(host.bar == "[hidden, style: black]")
        #expect(
            host.events.take().filter { $0.contains("(B)") } == [
                "appear(B) animated: [bar: #FF0000] -> [hidden, style: black]"
            ])

        let refreshed = try host.navigation.beginInteractivePop(translation: 10)
        #expect(b.stashedNavigationBarAppearance != nil)
        host.navigation.refreshNavigationBarAppearance()
        #expect(b.stashedNavigationBarAppearance == nil)
        refreshed.cancel()
        #expect(
            host.events.take().filter { $0.contains("(B)") } == [
                "appear(B) animated: [bar: #FF0000] -> [hidden, style: black]"
            ])
    }

    /// Found by review (helper-193): the update dropped no stash (the screen's was taken before willRestore) and found
    /// no screen on the bar, so the outdated stash was restored and nothing corrected it later.
    @Test(
        "an update or a refresh asked from willRestore resolves the screen's look afresh instead of the stash",
        arguments: [false, true])
    func updateFromWillRestore(refreshes: Bool) throws {
        let host = try BarHost(driver: .immediate, root: NavigationBarAttributes(barColor: color("#FF0000")))
        try host.navigation.push(host.screen("B"), animated: false)
        host.root.bar = NavigationBarAttributes(barColor: color("#888888"))  // changed while covered
        host.root.onWillRestore = { _ in
            if refreshes {
                host.navigation.refreshNavigationBarAppearance()
            } else {
                host.root.updateNavigationAppearance(animated: false)
            }
        }
        _ = host.events.take()
        try host.navigation.pop(animated: true)
        #expect(
            host.events.take() == [
                "A.willRestore([bar: #FF0000])", "appear(A) animated: [] -> [bar: #888888]",
                "A.didRestore([bar: #888888])",
            ])
        #expect(host.bar == "[bar: #888888]")
    }

    @Test("adjacent screens that differ in bar visibility hide or show the bar as part of the transition")
    func visibilityTransitions() throws {
        let host = try BarHost(driver: .manual)
        let bar = host.navigation.navigationBar
        _ = host.events.take()
        let hidden = NavigationBarAttributes(isHidden: true)
        let (b, c) = (host.screen("B", hidden), host.screen("C", hidden))

        try host.navigation.push(b, animated: true)
        #expect(host.navigation.isNavigationBarHidden && host.visibility == "hide")
        // The visibility change lasts as long as the transition.
        #expect(b.visibleState == [.loaded, .willAppear])
        host.completeAll()
        #expect(host.visibility == "none" && b.visibleState == [.loaded, .didAppear])

        // Two hidden screens in a row: nothing changes, nothing is reported.
        try host.navigation.push(c, animated: true)
        #expect(host.visibility == "none" && bar.isHidden)
        host.completeAll()

        // Unanimated: the bar changes at once, with no transition to record.
        try host.navigation.push(host.screen("D"), animated: false)
        #expect(!bar.isHidden && host.visibility == "none")

        try host.navigation.pop(animated: true)
        #expect(bar.isHidden && host.visibility == "hide")
        host.completeAll()
        #expect(
            host.events.take() == [
                "appear(B) animated: [] -> [hidden]", "appear(D): [hidden] -> []", "C.willRestore([hidden])",
                "restore(C) animated: [] -> [hidden]", "C.didRestore([hidden])",
            ])

        // A direct change is no transition; it is part of what C stashes when covered.
        host.navigation.setNavigationBarHidden(false, animated: true)
        #expect(!bar.isHidden && host.visibility == "none")
        try host.navigation.push(host.screen("E", hidden), animated: false)
        #expect(c.stashedNavigationBarAppearance?.description == "[]")
        #expect(host.events.take() == ["direct animated: [hidden] -> []", "appear(E): [] -> [hidden]"])

        // A controller that does not manage its bar leaves it alone.
        host.navigation.managesNavigationBarAppearance = false
        try host.navigation.push(host.screen("F", NavigationBarAttributes(isTransparent: true)), animated: true)
        host.completeAll()
        #expect(host.bar == "[hidden]" && host.events.take() == [])
    }

    @Test("a separate delegate object, held weakly, is told instead of the screen and may change what is restored")
    func separateRestoreDelegate() throws {
        final class Restorer: NavigationBarRestoreDelegate {
            let events: EventLog
            init(_ events: EventLog) { self.events = events }
            func willRestore(_ appearance: inout NavigationBarAppearance, for screen: Screen) {
                events.add("restorer.willRestore(\(screen.title ?? ""), \(appearance))")
                appearance.barStyle = .black
            }
        }
        let host = try BarHost(driver: .immediate)
        let plain = Screen(title: "plain")
        var restorer: Restorer? = Restorer(host.events)
        plain.navigationBarRestoreDelegate = restorer
        try host.navigation.push(plain, animated: false)
        try host.navigation.push(host.screen("C", NavigationBarAttributes(isHidden: true)), animated: false)
        _ = host.events.take()
        try host.navigation.pop(animated: false)
        #expect(host.bar == "[style: black]")
        // The black bar shows again: the navigation controller picks light status-bar content, as UIKit's does.
        #expect(
            host.events.take() == [
                "restorer.willRestore(plain, [])", "restore(plain): [hidden] -> [style: black]",
                "status: visible default -> visible lightContent",
            ])
        weak let released = restorer
        restorer = nil
        #expect(released == nil && plain.navigationBarRestoreDelegate == nil)
    }

    @Test("a delegate that implements only didRestore gets the stash restored unchanged")
    func didRestoreOnlyDelegate() throws {
        final class Watcher: NavigationBarRestoreDelegate {
            let events: EventLog
            init(_ events: EventLog) { self.events = events }
            func didRestore(_ appearance: NavigationBarAppearance, for screen: Screen) {
                events.add("watcher.didRestore(\(screen.title ?? ""), \(appearance))")
            }
        }
        let host = try BarHost(driver: .immediate)
        let plain = Screen(title: "plain")
        let watcher = Watcher(host.events)
        plain.navigationBarRestoreDelegate = watcher
        try host.navigation.push(plain, animated: false)
        try host.navigation.push(host.screen("C", NavigationBarAttributes(isHidden: true)), animated: false)
        _ = host.events.take()
        try host.navigation.pop(animated: false)
        #expect(host.bar == "[]")
        #expect(host.events.take() == ["restore(plain): [hidden] -> []", "watcher.didRestore(plain, [])"])
        withExtendedLifetime(watcher) {}
    }

    @Test(
        "the look is applied before the screen's own viewWillAppear, which may adjust it; adjustments survive a cover")
    func screenAdjustsInViewWillAppear() throws {
        final class Tinted: StyledScreen {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                let bar = navigationController!.navigationBar
                events.add("\(name).viewWillAppear sees \(bar.appearance)")
                var appearance = bar.appearance
                appearance.itemColor = .white
                bar.setAppearance(appearance)
            }
        }
        let host = try BarHost(driver: .immediate)
        _ = host.events.take()
        let t = Tinted("T", host.log, host.events, bar: NavigationBarAttributes(barColor: color("#FF0000")))
        try host.navigation.push(t, animated: true)
        try host.navigation.push(host.screen("U"), animated: true)
        #expect(t.stashedNavigationBarAppearance?.description == "[bar: #FF0000, item: #FFFFFF]")
        try host.navigation.pop(animated: true)
        // Covered by a full-screen presentation, then back: restored as it was.
        try host.navigation.present(host.screen("X"), style: .fullScreen, animated: false)
        #expect(t.stashedNavigationBarAppearance?.description == "[bar: #FF0000, item: #FFFFFF]")
        host.navigation.dismiss(animated: false)
        #expect(host.bar == "[bar: #FF0000, item: #FFFFFF]")
        #expect(
            host.events.take() == [
                "appear(T) animated: [] -> [bar: #FF0000]", "T.viewWillAppear sees [bar: #FF0000]",
                "direct: [bar: #FF0000] -> [bar: #FF0000, item: #FFFFFF]",
                "appear(U) animated: [bar: #FF0000, item: #FFFFFF] -> []",
                "T.willRestore([bar: #FF0000, item: #FFFFFF])",
                "restore(T) animated: [] -> [bar: #FF0000, item: #FFFFFF]",
                "T.didRestore([bar: #FF0000, item: #FFFFFF])", "T.viewWillAppear sees [bar: #FF0000, item: #FFFFFF]",
                "T.willRestore([bar: #FF0000, item: #FFFFFF])", "T.didRestore([bar: #FF0000, item: #FFFFFF])",
                "T.viewWillAppear sees [bar: #FF0000, item: #FFFFFF]",
            ])
    }

    @Test(
        "RR's scroll-driven example: updateNavigationAppearance follows the preference; a covered screen re-resolves"
    )
    func scrollDrivenUpdates() throws {
        final class Feed: StyledScreen {
            var offset = 0.0 {
                didSet { updateNavigationAppearance(animated: true) }
            }
            override var prefersNavigationBarTransparent: Bool? { offset < 100 }
        }
        let host = try BarHost(driver: .immediate, defaults: NavigationBarAttributes(barColor: .white))
        let feed = Feed("Feed", host.log, host.events)
        try host.navigation.push(feed, animated: false)
        _ = host.events.take()
        feed.offset = 150
        feed.offset = 20
        feed.offset = 30
        #expect(
            host.events.take() == [
                "update(Feed) animated: [transparent, bar: #FFFFFF] -> [bar: #FFFFFF]",
                "update(Feed) animated: [bar: #FFFFFF] -> [transparent, bar: #FFFFFF]",
            ])
        // Scrolled while covered: the outdated stash is dropped, and Feed resolves again when it comes back.
        try host.navigation.push(host.screen("Detail", NavigationBarAttributes(barColor: .black)), animated: true)
        #expect(feed.stashedNavigationBarAppearance?.description == "[transparent, bar: #FFFFFF]")
        feed.offset = 500
        #expect(feed.stashedNavigationBarAppearance == nil)
        try host.navigation.pop(animated: true)
        #expect(host.bar == "[bar: #FFFFFF]")
        // New defaults reach the screen on the bar at once, and the covered ones when they come back.
        try host.navigation.push(host.screen("Detail 2"), animated: false)
        host.navigation.defaultNavigationBarColor = color("#333333")
        host.navigation.refreshNavigationBarAppearance()
        #expect(feed.stashedNavigationBarAppearance == nil)
        try host.navigation.pop(animated: false)
        #expect(host.bar == "[bar: #333333]")
        #expect(
            host.events.take() == [
                "appear(Detail) animated: [transparent, bar: #FFFFFF] -> [bar: #000000]",
                "appear(Feed) animated: [bar: #000000] -> [bar: #FFFFFF]",
                "update(Detail 2): [bar: #FFFFFF] -> [bar: #333333]",
            ])
    }

    @Test(
        "a screen that hides or shows the bar in viewWillAppear, as UIKit code does, animates it with the transition"
    )
    func visibilityChangedFromViewWillAppear() throws {
        let host = try BarHost(driver: .manual)
        let b = BarTogglingScreen("B", host.log, host.events)
        try host.navigation.push(b, animated: true)
        #expect(host.bar == "[hidden]" && host.visibility == "hide")
        host.completeAll()
        #expect(host.visibility == "none")

        // Unanimated, the change is made at once and records none, even when the screen asks for an animation.
        let c = BarTogglingScreen("C", host.log, host.events)
        c.animatesAlways = true
        let seen = EventLog()
        let watch = try NavigationBar.didChange.after(.instance(host.navigation.navigationBar)) { bar, _, _ in
            seen.add(bar.visibilityTransition.map { "\($0)" } ?? "none")
        }
        try host.navigation.push(c, animated: false)
        watch.cancel()
        #expect(host.bar == "[hidden]" && host.visibility == "none" && seen.take() == ["none", "none"])
        host.navigation.setNavigationBarHidden(false)  // C appeared: a direct change records none
        c.hides = false

        // Revealed by an interactive pop, B comes back as it left (its stash): hidden with the finger. A cancel gives
        // the bar back to C.
        let popToB = try host.navigation.beginInteractivePop(translation: 10)
        #expect(host.bar == "[hidden]" && host.visibility == "hide interactive")
        popToB.cancel()
        host.completeAll()
        #expect(host.bar == "[]" && host.visibility == "none")

        // A direct change at another time records none, even animated.
        host.navigation.setNavigationBarHidden(true, animated: true)
        #expect(host.visibility == "none")
        #expect(
            host.events.take() == [
                "direct animated: [] -> [hidden]", "appear(C): [hidden] -> []", "direct animated: [] -> [hidden]",
                "direct: [hidden] -> []", "B.willRestore([hidden])",
                "restore(B) animated interactive: [] -> [hidden]", "B.didRestore([hidden])", "C.willRestore([])",
                "restore(C) animated: [hidden] -> []", "C.didRestore([])", "direct animated: [] -> [hidden]",
            ])
    }

    /// A callback that runs as an interactive pop begins, before the will-call it comes with: the popping screen's
    /// viewWillDisappear for the first, the revealed screen's viewWillAppear for the others.
    enum RevealingCallback: String, CaseIterable, CustomStringConvertible {
        case observerWillBeginDisappearing, willRestore, didRestore, barDidChange, statusBarDidChange
        case observerWillBeginAppearing
        var description: String { rawValue }
    }

    /// Ends the interactive pop of the navigation controller it is given, from whichever callback it stands for.
    final class PopEnder: NavigationBarRestoreDelegate, ScreenLifecycleObserver {
        let navigation: NavigationController
        let finishes: Bool

        init(_ navigation: NavigationController, finishes: Bool) {
            self.navigation = navigation
            self.finishes = finishes
        }

        func end() {
            if finishes { navigation.interactivePop?.finish() } else { navigation.interactivePop?.cancel() }
        }

        func didRestore(_ appearance: NavigationBarAppearance, for screen: Screen) {
            end()
        }

        /// Ends the pop as A begins to appear, or as B begins to disappear when `disappearing`.
        var disappearing = false

        func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
            if disappearing ? phase == .disappear && screen.title == "B" : phase == .appear && screen.title == "A" {
                end()
            }
        }
    }

    @Test(
        "an interactive pop ended from the callbacks that restore the revealed look ends once viewWillAppear returned",
        arguments: RevealingCallback.allCases, [true, false])
    func popEndedWhileTheRevealedLookIsRestored(callback: RevealingCallback, finishes: Bool) throws {
        let host = try BarHost(driver: .manual, root: NavigationBarAttributes(barColor: color("#FF0000")))
        let b = host.screen("B", NavigationBarAttributes(barStyle: .black))
        try host.navigation.push(b, animated: false)
        let ender = PopEnder(host.navigation, finishes: finishes)
        var tokens: [HookToken] = []
        switch callback {
        case .willRestore:
            host.root.onWillRestore = { _ in ender.end() }
        case .didRestore:
            host.root.navigationBarRestoreDelegate = ender
        case .barDidChange:
            tokens.append(
                try NavigationBar.didChange.after(.instance(host.navigation.navigationBar)) { bar, change, _ in
                    if change.isInteractive { bar.navigationController?.interactivePop?.finishOrCancel(finishes) }
                })
        case .statusBarDidChange:
            tokens.append(
                try Window.statusBarDidChange.after(.instance(host.window)) { window, _, _ in
                    (window.rootScreen as? NavigationController)?.interactivePop?.finishOrCancel(finishes)
                })
        case .observerWillBeginDisappearing:
            ender.disappearing = true
            host.window.addObserver(ender)
        case .observerWillBeginAppearing:
            host.window.addObserver(ender)
        }
        defer {
            tokens.forEach { $0.cancel() }
            host.root.onWillRestore = nil  // it holds the ender, which holds the navigation controller
        }
        _ = host.log.take()

        let pop = try host.navigation.beginInteractivePop(translation: 10)

        // As when ended from the will-call the callback comes with: the end waits until that returned (a finish sends
        // the will-calls the beginning did not reach; a cancel from B's leaves A alone).
        let began = ["B.willPop(true)", "B.willMove(nil)", "B.viewWillDisappear"]
        let expected =
            finishes
            ? began + [
                "A.viewWillAppear", "nav.willShow(A)", "B.viewDidDisappear", "B.didPop(true)", "B.didMove(nil)",
                "A.viewDidAppear", "nav.didShow(A)",
            ]
            : callback == .observerWillBeginDisappearing
                ? began + ["B.viewWillAppear", "B.viewDidAppear"]
                : began + [
                    "A.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear",
                    "B.viewDidAppear",
                ]
        #expect(host.log.take() == expected)
        #expect(pop.state == (finishes ? .finished : .cancelled))
        let onTop: StyledScreen = finishes ? host.root : b
        #expect(host.navigation.topViewController === onTop && host.navigation.navigationBar.owner === onTop)
        #expect(host.bar == (finishes ? "[bar: #FF0000]" : "[style: black]"))
        #expect(host.window.statusBar.style == (finishes ? .default : .lightContent))
        withExtendedLifetime(ender) {}
    }

    /// Found by review (helper-181): the bar's record said "hide interactive" while the change it reported said it did
    /// not follow the finger.
    @Test("a change that the screen an interactive pop reveals makes from its viewWillAppear follows the finger")
    func changeFromTheRevealedScreenFollowsTheFinger() throws {
        let host = try BarHost(driver: .manual)
        let b = BarTogglingScreen("B", host.log, host.events, hidden: false)
        try host.navigation.push(b, animated: false)
        try host.navigation.push(host.screen("C"), animated: false)
        b.hides = true
        _ = host.events.take()
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        #expect(host.bar == "[hidden]" && host.visibility == "hide interactive")
        pop.cancel()
        host.completeAll()
        #expect(
            host.events.take() == [
                "B.willRestore([])", "B.didRestore([])", "direct animated interactive: [] -> [hidden]",
                "C.willRestore([])", "restore(C) animated: [hidden] -> []", "C.didRestore([])",
            ])
    }

    /// Found by review (helper-191, in UIKit's code): the popping screen's change was reported as not following the
    /// finger, where UIKit's controller animates every animated bar change with the gesture once its transition began.
    @Test("an animated bar change made while an interactive pop runs follows the finger, until the pop ends")
    func changeWhileThePopRunsFollowsTheFinger() throws {
        let host = try BarHost(driver: .manual)
        let popping = ScriptedScreen("B", host.log)
        popping.actions["viewWillDisappear"] = { host.navigation.setNavigationBarHidden(true, animated: true) }
        try host.navigation.push(popping, animated: false)
        _ = host.events.take()
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        host.navigation.setNavigationBarHidden(true, animated: false)  // not animated: nothing follows the finger
        host.navigation.setNavigationBarHidden(false, animated: true)  // while the finger moves
        pop.cancel()
        host.navigation.setNavigationBarHidden(true, animated: true)  // the pop has ended
        host.completeAll()
        #expect(
            host.events.take() == [
                "direct animated interactive: [] -> [hidden]", "A.willRestore([])",
                "restore(A) animated interactive: [hidden] -> []", "A.didRestore([])", "direct: [] -> [hidden]",
                "direct animated interactive: [hidden] -> []", "direct animated: [] -> [hidden]",
            ])
    }

    /// helper-133: the record said "show" while the bar stayed visible through the whole transition.
    @Test("a bar hidden by the preferences and shown again by viewWillAppear records no visibility change")
    func visibilityUndoneInViewWillAppear() throws {
        let host = try BarHost(driver: .manual)
        let b = BarTogglingScreen("B", host.log, host.events, hidden: false)
        b.bar.isHidden = true
        try host.navigation.push(b, animated: true)
        #expect(host.bar == "[]" && host.visibility == "none")
        host.completeAll()
        // The other way round: the bar hidden before, preferred visible, hidden again from viewWillAppear.
        let c = BarTogglingScreen("C", host.log, host.events, hidden: true)
        try host.navigation.push(host.screen("H", NavigationBarAttributes(isHidden: true)), animated: false)
        try host.navigation.push(c, animated: true)
        #expect(host.bar == "[hidden]" && host.visibility == "none")
        host.completeAll()
        // A real change still records: B's look restored by a pop hides nothing, D's preference shows the bar.
        try host.navigation.push(host.screen("D"), animated: true)
        #expect(host.bar == "[]" && host.visibility == "show")
        #expect(
            host.events.take() == [
                "appear(B) animated: [] -> [hidden]", "direct animated: [hidden] -> []",
                "appear(H): [] -> [hidden]", "appear(C) animated: [hidden] -> []", "direct animated: [] -> [hidden]",
                "appear(D) animated: [hidden] -> []",
            ])
    }

    /// helper-133: a navigation controller presented with a root that hides the bar recorded an animated "hide" of a
    /// bar that had never been on screen.
    @Test("a navigation controller that comes on screen animated brings its bar as its screen wants it, recording none")
    func controllerComingOnScreenRecordsNoVisibilityChange() throws {
        let host = try BarHost(driver: .manual)
        let root = host.screen("P", NavigationBarAttributes(isHidden: true))
        let presented = try NavigationController(rootScreen: root)
        try host.navigation.present(presented, style: .fullScreen, animated: true)
        #expect(presented.navigationBar.isHidden && presented.navigationBar.visibilityTransition == nil)
        host.completeAll()
        // Once on screen, a push that shows the bar records it.
        try presented.push(host.screen("Q"), animated: true)
        #expect(!presented.navigationBar.isHidden && presented.navigationBar.visibilityTransition?.isHiding == false)
        // As a window's new root, too.
        let other = try NavigationController(rootScreen: host.screen("R", NavigationBarAttributes(isHidden: true)))
        let window = Window(time: VirtualTime(), transitionDriver: TransitionDriver(mode: .manual))
        try window.setRootScreen(try NavigationController(rootScreen: host.screen("S")))
        window.makeKeyAndVisible()
        try window.setRootScreen(other, animated: true)
        #expect(other.navigationBar.isHidden && other.navigationBar.visibilityTransition == nil)
    }
}

/// A screen that hides (or shows) the bar itself from `viewWillAppear`, without a preference.
final class BarTogglingScreen: StyledScreen {
    var hides: Bool
    /// Asks for an animated change even in an unanimated transition.
    var animatesAlways = false

    init(_ name: String, _ log: EventLog, _ events: EventLog, hidden: Bool = true) {
        hides = hidden
        super.init(name, log, events)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(hides, animated: animated || animatesAlways)
    }
}

extension InteractivePop {
    /// Finishes the pop, or cancels it.
    fileprivate func finishOrCancel(_ finishes: Bool) {
        if finishes { finish() } else { cancel() }
    }
}
