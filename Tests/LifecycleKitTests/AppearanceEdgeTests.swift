import LifecycleKit
import Testing

/// Documented edges of bar and status-bar appearance that the other appearance suites leave out: global changes and
/// the stash, an unmanaged bar, direct style changes, status-bar decisions that do not move, the back item during
/// transitions, the bar's owner off screen, and a change's description.
@Suite("Appearance edges")
struct AppearanceEdgeTests {
    @Test("a global change reaches screens that appear after it; a restored screen keeps its look until a refresh")
    func globalChange() throws {
        let host = try BarHost(driver: .immediate)
        let b = host.screen("B")
        try host.navigation.push(b, animated: false)
        host.proxy.update { $0.titleTextAttributes = TitleTextAttributes(fontName: "Avenir-Heavy", fontSize: 17) }
        #expect(host.bar == "[]")
        let c = host.screen("C")
        try host.navigation.push(c, animated: false)
        #expect(host.bar == "[title: {font: Avenir-Heavy, size: 17.0}]")
        try host.navigation.pop(animated: false)
        #expect(host.bar == "[]")  // B restores what it showed when it left
        host.navigation.refreshNavigationBarAppearance()
        #expect(host.bar == "[title: {font: Avenir-Heavy, size: 17.0}]")
        try host.navigation.pop(animated: false)
        // The refresh dropped A's saved look too: A resolves afresh.
        #expect(host.bar == "[title: {font: Avenir-Heavy, size: 17.0}]")
    }

    @Test("a bar the controller does not manage records no visibility transition and saves no look")
    func unmanagedRecordsNone() throws {
        let host = try BarHost(driver: .manual)
        host.navigation.managesNavigationBarAppearance = false
        let b = BarTogglingScreen("B", host.log, host.events)
        try host.navigation.push(b, animated: true)
        #expect(host.bar == "[hidden]")
        #expect(host.visibility == "none")
        host.completeAll()
        // Covered by the next push, it saves no look either.
        try host.navigation.push(host.screen("C"), animated: false)
        #expect(b.stashedNavigationBarAppearance == nil)
    }

    @Test("a screen that came back while the bar was not managed comes back as it left once it is managed again")
    func managementTurnedOffAndOn() throws {
        let host = try BarHost(driver: .immediate, root: NavigationBarAttributes(barColor: color("#AA0000")))
        try host.navigation.push(host.screen("B"), animated: false)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #AA0000]")
        host.navigation.managesNavigationBarAppearance = false
        try host.navigation.pop(animated: false)
        // Back on the bar, unmanaged: the stash from before is out of date.
        #expect(host.root.stashedNavigationBarAppearance == nil && host.navigation.navigationBar.owner === host.root)
        var appearance = host.navigation.navigationBar.appearance
        appearance.barColor = color("#00FF00")
        host.navigation.navigationBar.setAppearance(appearance)
        host.navigation.managesNavigationBarAppearance = true
        try host.navigation.push(host.screen("C"), animated: false)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #00FF00]")
        try host.navigation.pop(animated: false)
        #expect(host.bar == "[bar: #00FF00]")
    }

    @Test("a screen an interactive pop reveals while the bar is not managed keeps its stash when the pop is cancelled")
    func unmanagedDuringACancelledPop() throws {
        let host = try BarHost(driver: .immediate, root: NavigationBarAttributes(barColor: color("#AA0000")))
        var appearance = host.navigation.navigationBar.appearance
        appearance.itemColor = color("#123456")
        host.navigation.navigationBar.setAppearance(appearance)
        try host.navigation.push(host.screen("B", NavigationBarAttributes(barColor: color("#0000BB"))), animated: false)
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #AA0000, item: #123456]")
        host.navigation.managesNavigationBarAppearance = false
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        pop.cancel()
        // A never came back: its stash stands.
        #expect(host.root.stashedNavigationBarAppearance?.description == "[bar: #AA0000, item: #123456]")
        host.navigation.managesNavigationBarAppearance = true
        try host.navigation.pop(animated: false)
        #expect(host.bar == "[bar: #AA0000, item: #123456]")
    }

    @Test("management turned on while a screen appears: the screen owns the bar and leaves with what it shows")
    func managementTurnedOnDuringATransition() throws {
        let host = try BarHost(driver: .manual, root: NavigationBarAttributes(barColor: color("#AA0000")))
        let b = host.screen("B", NavigationBarAttributes(barColor: color("#0000BB")))
        host.navigation.managesNavigationBarAppearance = false
        try host.navigation.push(b, animated: true)
        host.navigation.managesNavigationBarAppearance = true
        host.completeAll()
        #expect(host.navigation.navigationBar.owner === b)
        host.navigation.refreshNavigationBarAppearance()
        #expect(host.bar == "[bar: #0000BB]")

        // Back to A, unmanaged, with a look the app sets: A's stash from before is out of date once A appeared.
        host.navigation.managesNavigationBarAppearance = false
        var appearance = host.navigation.navigationBar.appearance
        appearance.barColor = color("#00FFFF")
        host.navigation.navigationBar.setAppearance(appearance)
        try host.navigation.pop(animated: true)
        host.navigation.managesNavigationBarAppearance = true
        host.completeAll()
        try host.navigation.push(host.screen("C"), animated: false)
        try host.navigation.pop(animated: false)
        host.completeAll()
        #expect(host.bar == "[bar: #00FFFF]")
    }

    @Test("changing the bar's style directly recomputes the status bar")
    func directStyleChange() throws {
        let host = try BarHost(driver: .immediate)
        _ = host.events.take()
        var appearance = host.navigation.navigationBar.appearance
        appearance.barStyle = .black
        host.navigation.navigationBar.setAppearance(appearance)
        #expect(host.window.statusBar.style == .lightContent)
        #expect(
            host.events.take() == ["direct: [] -> [style: black]", "status: visible default -> visible lightContent"])
    }

    @Test("overrideParentStatusBarHidden from a navigation controller's top screen changes nothing")
    func overrideIgnoredWhenDelegated() throws {
        let host = try BarHost(driver: .immediate)
        _ = host.events.take()
        try host.root.overrideParentStatusBarHidden(true)
        #expect(host.window.screenForStatusBarHidden === host.root)
        #expect(!host.window.statusBar.isHidden)
        host.root.revertParentStatusBarHidden()
    }

    @Test("cancelling an override's token does not recompute the status bar until it is asked to")
    func tokenCancelDoesNotRecompute() throws {
        let events = EventLog()
        let parent = StyledScreen("P", EventLog(), events)
        let window = try StatusBarTests.window(root: parent, events: events)
        let child = StyledScreen("C", EventLog(), events)
        try parent.addChild(child)
        let token = try child.overrideParentStatusBarHidden(true)
        #expect(window.statusBar.isHidden)
        token.cancel()
        #expect(window.statusBar.isHidden)
        window.setNeedsStatusBarAppearanceUpdate()
        #expect(!window.statusBar.isHidden)
    }

    @Test("an over-full-screen presentation decides the status bar only once it captures its appearance")
    func overFullScreenCaptures() throws {
        let host = try BarHost(driver: .immediate)
        let over = host.screen("over")
        over.hidesStatusBar = true
        try host.navigation.present(over, style: .overFullScreen, animated: false)
        #expect(!host.window.statusBar.isHidden && host.window.screenForStatusBarHidden === host.root)
        over.modalPresentationCapturesStatusBarAppearance = true
        over.setNeedsStatusBarAppearanceUpdate()
        #expect(host.window.statusBar.isHidden && host.window.screenForStatusBarHidden === over)
    }

    @Test("updateNavigationAppearance from a child updates its container; outside a stack it does nothing")
    func updateFromChild() throws {
        let host = try BarHost(driver: .immediate)
        let container = host.screen("K")
        let child = host.screen("X")
        try container.addChild(child)
        try host.navigation.push(container, animated: false)
        _ = host.events.take()
        container.bar.isHidden = true
        child.updateNavigationAppearance()
        #expect(host.bar == "[hidden]")
        #expect(host.events.take() == ["update(K): [] -> [hidden]"])
        Screen(title: "lone").updateNavigationAppearance()
        #expect(host.events.take() == [])
    }

    @Test("activating the back item during a transition or an interactive pop does nothing and completes at once")
    func backItemDuringTransition() throws {
        let host = try BarHost(driver: .manual)
        let b = host.screen("B")
        try host.navigation.push(b, animated: true)
        let completions = Completions()
        #expect(b.activateNavigationBackItem(completion: completions.callback("t")) == .nothing)
        #expect(completions["t"] == [.completed])
        host.completeAll()
        let c = host.screen("C")
        try host.navigation.push(c, animated: false)
        let pop = try host.navigation.beginInteractivePop(translation: 10)
        // C left the stack when the pop began; B is the top.
        #expect(b.activateNavigationBackItem(completion: completions.callback("p")) == .nothing)
        #expect(completions["p"] == [.completed])
        pop.cancel()
        #expect(host.navigation.viewControllers.map(\.title) == ["A", "B", "C"])
    }

    @Test("the bar has no owner while its controller is covered, and its top screen owns it again after")
    func ownerNilOffScreen() throws {
        let host = try BarHost(driver: .immediate)
        try host.navigation.present(host.screen("M"), style: .fullScreen, animated: false)
        #expect(host.navigation.navigationBar.owner == nil)
        host.navigation.dismiss(animated: false)
        #expect(host.navigation.navigationBar.owner === host.root)
    }

    @Test("a bar change describes its reason, screen, animation, interaction and attributes")
    func changeDescription() {
        let change = NavigationBarChange(
            reason: .appear, screen: Screen(), old: .builtIn, new: NavigationBarAppearance(isHidden: true),
            animated: true, isInteractive: true)
        #expect(change.description == "appear(nil) animated interactive: [] -> [hidden]")
        #expect(change.changedAttributes == [.hidden] && change.changesVisibility)
    }

    @Test("a NaN title font size counts as none: the attributes equal themselves and re-applying them changes nothing")
    func nanFontSize() throws {
        var attributes = TitleTextAttributes(fontSize: .nan)
        #expect(attributes.fontSize == nil && attributes == attributes)
        attributes.fontSize = .nan
        #expect(attributes.fontSize == nil)
        // So does any size no font can have (found by review, helper-233: they were kept as given).
        for size: Double in [0, -3, .infinity, -.infinity, -.leastNonzeroMagnitude] {
            #expect(TitleTextAttributes(fontSize: size).fontSize == nil)
            attributes.fontSize = size
            #expect(attributes.fontSize == nil && attributes.description == "{}")
        }
        attributes.fontSize = .leastNonzeroMagnitude
        #expect(attributes.fontSize == .leastNonzeroMagnitude)
        let host = try NavigationHost(driver: .immediate)
        let bar = host.navigation.navigationBar
        let changes = EventLog()
        let token = try NavigationBar.didChange.after(.instance(bar)) { _, change, _ in
            changes.add("\(change.changedAttributes)")
        }
        defer { token.cancel() }
        var appearance = bar.appearance
        appearance.titleTextAttributes = TitleTextAttributes(fontName: "Menlo", fontSize: .nan)
        bar.setAppearance(appearance)
        #expect(changes.take().count == 1)
        bar.setAppearance(bar.appearance)
        #expect(changes.take() == [])
    }
}
