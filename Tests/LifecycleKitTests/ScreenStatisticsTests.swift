import Foundation
import LifecycleKit
import Synchronization
import Testing

/// Per-screen statistics: views, resumes and stay time, on a virtual clock.
@Suite("Screen statistics")
struct ScreenStatisticsTests {
    @Test("push and pop: a view runs from viewDidAppear to viewWillDisappear; the container is not counted")
    func pushAndPop() throws {
        let host = try StatisticsHost(driver: .manual)
        host.time.advance(by: 30)
        try host.navigation.push(ProductDetail(title: "Shoes"), animated: true)  // Home ends: willDisappear
        host.time.advance(by: 1)
        host.window.transitionDriver.completeAll()  // ProductDetail starts: didAppear at 31
        host.time.advance(by: 75)
        try host.navigation.pop(animated: true)  // ProductDetail ends at 106
        host.time.advance(by: 1)
        host.window.transitionDriver.completeAll()  // Home starts again at 107
        host.time.advance(by: 15)
        #expect(host.line("Home") == "[Home: stayed 0.750 (mins), viewed 2, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 1.250 (mins), viewed 1, resumed 0]")
        #expect(host.statistics.records.map(\.name) == ["Home", "ProductDetail"])
        #expect(host.events.take() == [])
    }

    @Test("two canonically equivalent statistic names count under one record")
    func canonicallyEquivalentNames() throws {
        let host = try StatisticsHost(driver: .immediate)
        let (precomposed, combining) = (ProductDetail(title: "1"), ProductDetail(title: "2"))
        precomposed.statisticName = "Caf\u{E9}"
        combining.statisticName = "Cafe\u{301}"
        for screen in [precomposed, combining] {
            try host.navigation.push(screen, animated: false)
            host.time.advance(by: 30)
            try host.navigation.pop(animated: false)
        }
        let records = host.statistics.records.filter { $0.name.hasPrefix("Caf") }
        #expect(records.count == 1 && records.first?.viewCount == 2 && records.first?.stayTime == 60)
    }

    @Test(
        "a presentation that leaves its presenter on screen pauses the presenter's view, and its dismissal resumes it",
        arguments: [ModalPresentationStyle.pageSheet, .formSheet, .automatic, .overFullScreen])
    func sheet(style: ModalPresentationStyle) throws {
        let host = try StatisticsHost(driver: .manual)
        host.time.advance(by: 10)
        try host.home.present(Cart(), style: style, animated: true)
        host.time.advance(by: 2)
        host.window.transitionDriver.completeAll()  // Cart.viewDidAppear at 12: Home pauses
        host.time.advance(by: 30)
        #expect(host.line("Home") == "[Home: stayed 0.200 (mins), viewed 1, resumed 0]")
        #expect(host.line("Cart") == "[Cart: stayed 0.500 (mins), viewed 1, resumed 0]")
        host.navigation.dismiss(animated: true)  // Cart.viewWillDisappear at 42: Cart ends, Home resumes
        host.time.advance(by: 2)
        host.window.transitionDriver.completeAll()
        host.time.advance(by: 4)
        #expect(host.line("Home") == "[Home: stayed 0.300 (mins), viewed 1, resumed 1]")
        #expect(host.line("Cart") == "[Cart: stayed 0.500 (mins), viewed 1, resumed 0]")
    }

    @Test("a push inside a sheet-presented navigation controller neither resumes nor recounts the presenter")
    func pushInsideSheet() throws {
        let host = try StatisticsHost()
        host.time.advance(by: 6)
        let sheet = try NavigationController(rootScreen: ProductList())
        try host.home.present(sheet, style: .pageSheet, animated: false)
        host.time.advance(by: 6)
        try sheet.push(ProductDetail(), animated: false)
        host.time.advance(by: 12)
        #expect(host.line("Home") == "[Home: stayed 0.100 (mins), viewed 1, resumed 0]")
        sheet.dismiss(animated: false)
        host.time.advance(by: 6)
        #expect(host.line("Home") == "[Home: stayed 0.200 (mins), viewed 1, resumed 1]")
        #expect(host.line("ProductList") == "[ProductList: stayed 0.100 (mins), viewed 1, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.200 (mins), viewed 1, resumed 0]")
        #expect(host.line("NavigationController") == "none")
    }

    @Test(
        "a covering presentation ends the presenter's view; it starts a new one when it comes back",
        arguments: [ModalPresentationStyle.fullScreen, .currentContext])
    func fullScreen(style: ModalPresentationStyle) throws {
        let host = try StatisticsHost()
        host.time.advance(by: 12)
        try host.home.present(Checkout(), style: style, animated: false)
        host.time.advance(by: 30)
        host.navigation.dismiss(animated: false)
        host.time.advance(by: 6)
        #expect(host.line("Home") == "[Home: stayed 0.300 (mins), viewed 2, resumed 0]")
        #expect(host.line("Checkout") == "[Checkout: stayed 0.500 (mins), viewed 1, resumed 0]")
    }

    @Test("a view belongs to the window its screen appeared in, even once another window took the screen on screen")
    func rootMovedToAnotherWindow() throws {
        let time = VirtualTime()
        let statistics = ScreenStatistics(time: time, handler: { _ in })
        let first = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let second = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        statistics.attach(to: first)
        statistics.attach(to: second)
        let home = Home(title: "Home")
        try first.setRootScreen(home)
        first.makeKeyAndVisible()
        second.makeKeyAndVisible()
        time.advance(by: 10)
        // The sheet's animation holds the first window's queue, so that its root's removal waits: the second window
        // takes the root while it is still on screen, and it stays on screen.
        try home.present(Screen(title: "sheet"), style: .overFullScreen, animated: true)
        try first.setRootScreen(nil, animated: true)
        try second.setRootScreen(home)
        first.transitionDriver.completeAll()
        second.transitionDriver.completeAll()
        #expect(home.visibleState == [.loaded, .didAppear])
        time.advance(by: 10)
        first.enterBackground()  // the view's window: it pauses
        time.advance(by: 10)
        first.enterForeground()
        time.advance(by: 10)
        #expect(statistics.record(named: "Home")?.description == "[Home: stayed 0.500 (mins), viewed 1, resumed 1]")
        // The second window's background does not pause it (helper-201 expected it to; documented).
        second.enterBackground()
        time.advance(by: 10)
        second.enterForeground()
        #expect(statistics.record(named: "Home")?.description == "[Home: stayed 0.667 (mins), viewed 1, resumed 1]")
        // Detaching the first window ends the view, and its disappearance would be reported there too.
        statistics.detach(from: first)
        time.advance(by: 10)
        try second.setRootScreen(nil)
        second.transitionDriver.completeAll()
        #expect(statistics.record(named: "Home")?.description == "[Home: stayed 0.667 (mins), viewed 1, resumed 1]")
    }

    @Test("the background pauses the views on screen and the foreground resumes them")
    func backgroundAndForeground() throws {
        let host = try StatisticsHost()
        host.time.advance(by: 30)
        host.window.enterBackground()
        host.time.advance(by: 3600)
        host.window.enterForeground()
        host.time.advance(by: 15)
        #expect(host.line("Home") == "[Home: stayed 0.750 (mins), viewed 1, resumed 1]")
    }

    @Test("the background is a window's: the views of another window keep counting, as a UIKit scene's own")
    func backgroundPerWindow() throws {
        let host = try StatisticsHost()
        let second = Window(time: host.time)
        host.statistics.attach(to: second)
        try second.setRootScreen(ProductDetail())
        second.makeKeyAndVisible()
        host.time.advance(by: 30)
        host.window.enterBackground()
        host.time.advance(by: 60)
        #expect(host.line("Home") == "[Home: stayed 0.500 (mins), viewed 1, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 1.500 (mins), viewed 1, resumed 0]")
        second.enterBackground()
        host.time.advance(by: 60)
        host.window.enterForeground()
        second.enterForeground()
        #expect(host.line("Home") == "[Home: stayed 0.500 (mins), viewed 1, resumed 1]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 1.500 (mins), viewed 1, resumed 1]")
    }

    @Test("background while a sheet is up: the foreground resumes the sheet, not the presenter it covers")
    func backgroundUnderSheet() throws {
        let host = try StatisticsHost()
        let cart = try host.presentCartSheet(after: 6)
        host.time.advance(by: 6)
        host.window.enterBackground()
        host.time.advance(by: 100)
        host.window.enterForeground()
        host.time.advance(by: 6)
        #expect(host.line("Home") == "[Home: stayed 0.100 (mins), viewed 1, resumed 0]")
        cart.dismiss(animated: false)
        host.time.advance(by: 6)
        #expect(host.line("Home") == "[Home: stayed 0.200 (mins), viewed 1, resumed 1]")
        #expect(host.line("Cart") == "[Cart: stayed 0.200 (mins), viewed 1, resumed 1]")
    }

    @Test("a view that starts in the background starts paused: the foreground starts its time, without a resume")
    func viewStartedInBackground() throws {
        let host = try StatisticsHost()
        host.time.advance(by: 6)
        host.window.enterBackground()
        host.time.advance(by: 4)
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 10)
        host.window.enterForeground()
        host.time.advance(by: 6)
        #expect(host.line("Home") == "[Home: stayed 0.100 (mins), viewed 1, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.100 (mins), viewed 1, resumed 0]")
    }

    @Test(
        "a view that has not been active yet is paused by a sheet from its viewDidAppear, not while it animates in",
        arguments: [false, true])
    func notYetActiveViewUnderAComingSheet(attachesWhileTheSheetComes: Bool) throws {
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let statistics = ScreenStatistics(time: time)
        let home = Home(title: "Home")
        try window.setRootScreen(home)
        if !attachesWhileTheSheetComes {
            statistics.attach(to: window)
            window.enterBackground()
        }
        window.makeKeyAndVisible()  // in the background, Home's view starts paused
        let cart = Cart()
        try home.present(cart, style: .pageSheet, animated: true)  // Cart.wA: it comes until the driver completes it
        if attachesWhileTheSheetComes {
            statistics.attach(to: window)  // Home's view starts, with the sheet still coming
        } else {
            window.enterForeground()  // Home's time starts at 0
        }
        time.advance(by: 2)
        window.transitionDriver.completeAll()  // Cart.dA at 2: Home paused
        time.advance(by: 3)
        #expect(cart.dismiss(animated: false))  // Home resumes at 5
        time.advance(by: 1)
        #expect(statistics.record(named: "Home") == .init(name: "Home", stayTime: 3, viewCount: 1, resumeCount: 1))
    }

    @Test("a child that appears under a sheet still animating in counts until the sheet's viewDidAppear")
    func childAppearingUnderAComingSheet() throws {
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let statistics = ScreenStatistics(time: time)
        let dashboard = Dashboard(title: "Dashboard")
        try window.setRootScreen(dashboard)
        statistics.attach(to: window)
        window.makeKeyAndVisible()
        window.transitionDriver.completeAll()
        let cart = Cart()
        try dashboard.present(cart, style: .pageSheet, animated: true)  // Cart.wA at 0
        try dashboard.addChild(ProductList())  // appears at once, under the sheet that is still coming
        time.advance(by: 2)
        window.transitionDriver.completeAll()  // Cart.dA at 2: the list pauses
        time.advance(by: 3)
        #expect(cart.dismiss(animated: false))  // it resumes at 5
        time.advance(by: 1)
        #expect(
            statistics.record(named: "ProductList")
                == .init(name: "ProductList", stayTime: 3, viewCount: 1, resumeCount: 1))
    }

    @Test("a view that started under a sheet in the background is not held paused by a later sheet still coming in")
    func startedPausedThenASheetComes() throws {
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let statistics = ScreenStatistics(time: time)
        statistics.attach(to: window)
        let navigation = try NavigationController(rootScreen: Home(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        try navigation.present(Cart(), style: .pageSheet, animated: false)
        window.enterBackground()
        try navigation.push(ProductDetail(), animated: false)  // its view starts paused: under the sheet, background
        #expect(navigation.dismiss(animated: false))  // the sheet goes: only the background pauses it
        try navigation.present(Checkout(), style: .pageSheet, animated: true)  // Checkout.wA, no viewDidAppear yet
        window.enterForeground()  // active: no sheet has appeared above it
        time.advance(by: 5)
        #expect(statistics.record(named: "ProductDetail") == .init(name: "ProductDetail", stayTime: 5, viewCount: 1))
    }

    @Test("a view that starts under a sheet starts paused: the sheet's dismissal starts its time, without a resume")
    func viewStartedUnderSheet() throws {
        let host = try StatisticsHost()
        let cart = try host.presentCartSheet(after: 10)
        host.time.advance(by: 5)
        try host.navigation.push(ProductDetail(), animated: false)  // on screen under the sheet: paused from its start
        host.time.advance(by: 20)
        #expect(cart.dismiss(animated: false))
        host.time.advance(by: 4)
        #expect(host.line("Home") == "[Home: stayed 0.167 (mins), viewed 1, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.067 (mins), viewed 1, resumed 0]")
    }

    @Test(
        "a view paused by a sheet and by the background at once resumes once, when the last of them ends",
        arguments: [false, true])
    func sheetAndBackgroundTogether(dismissedInBackground: Bool) throws {
        let host = try StatisticsHost()
        let cart = try host.presentCartSheet(after: 10)  // Home pauses at 10
        host.time.advance(by: 20)
        host.window.enterBackground()  // Cart pauses at 30
        host.time.advance(by: 50)
        if dismissedInBackground {
            #expect(cart.dismiss(animated: false))  // Cart ends, paused, at 80
            host.time.advance(by: 50)
            host.window.enterForeground()  // Home resumes at 130
        } else {
            host.window.enterForeground()  // Cart resumes at 80
            host.time.advance(by: 50)
            #expect(cart.dismiss(animated: false))  // Cart ends, Home resumes at 130
        }
        host.time.advance(by: 7)
        #expect(host.line("Home") == "[Home: stayed 0.283 (mins), viewed 1, resumed 1]")
        #expect(
            host.line("Cart")
                == (dismissedInBackground
                    ? "[Cart: stayed 0.333 (mins), viewed 1, resumed 0]"
                    : "[Cart: stayed 1.167 (mins), viewed 1, resumed 1]"))
    }

    @Test("a sheet pauses the screens deep in the containers below it, not those inside the sheet's own containers")
    func sheetOverNestedContainers() throws {
        let time = VirtualTime()
        let window = Window(time: time)
        let statistics = ScreenStatistics(time: time)
        statistics.attach(to: window)
        let screens = ["outer", "middle", "inner", "sheet", "sheetMiddle", "sheetInner"].map { name in
            let screen = Screen(title: name)
            screen.statisticName = name
            return screen
        }
        let (outer, middle, inner, sheet, sheetMiddle, sheetInner) = (
            screens[0], screens[1], screens[2], screens[3], screens[4], screens[5]
        )
        try middle.addChild(inner)
        try outer.addChild(middle)
        try sheetMiddle.addChild(sheetInner)
        try sheet.addChild(sheetMiddle)
        try window.setRootScreen(outer)
        window.makeKeyAndVisible()
        time.advance(by: 10)
        try inner.present(sheet, style: .pageSheet, animated: false)  // inner pauses at 10
        time.advance(by: 20)
        #expect(sheet.dismiss(animated: false))  // inner resumes at 30
        time.advance(by: 5)
        #expect(
            statistics.records.map(\.description) == [
                "[inner: stayed 0.250 (mins), viewed 1, resumed 1]",
                "[sheetInner: stayed 0.333 (mins), viewed 1, resumed 0]",
            ])
    }

    @Test("a cancelled interactive pop pauses and resumes the top screen; a finished one ends it")
    func interactivePop() throws {
        let host = try StatisticsHost()
        host.time.advance(by: 10)
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 20)
        let cancelled = try host.navigation.beginInteractivePop(translation: 8)  // ProductDetail pauses at 30
        host.time.advance(by: 3)
        cancelled.update(progress: 0.4)
        cancelled.cancel()  // ProductDetail resumes at 33; Home never reached viewDidAppear
        host.time.advance(by: 7)
        #expect(host.line("Home") == "[Home: stayed 0.167 (mins), viewed 1, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.450 (mins), viewed 1, resumed 1]")
        let finished = try host.navigation.beginInteractivePop(translation: 8)  // pauses at 40
        host.time.advance(by: 2)
        finished.finish()  // ProductDetail ends with 27 s; Home starts a view at 42
        host.time.advance(by: 8)
        #expect(host.line("Home") == "[Home: stayed 0.300 (mins), viewed 2, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.450 (mins), viewed 1, resumed 1]")
    }

    @Test("a screen that leaves before its appearance completed counts no view for the viewDidAppear that balances it")
    func appearanceEndedOnlyToLeave() throws {
        let host = try StatisticsHost(driver: .manual)
        let revealed = ProductList(title: "X")
        let inner = try NavigationController(rootScreen: revealed)
        let box = Dashboard()
        try box.addChild(inner)
        try host.navigation.push(box, animated: false)  // X: view 1
        try inner.push(ProductDetail(title: "Y"), animated: false)
        host.time.advance(by: 5)
        // The gesture reveals X (its viewWillAppear), then the stack leaves its container: X gets viewDidAppear only
        // to balance that call, then disappears at once.
        let pop = try inner.beginInteractivePop(translation: 10)
        inner.removeFromParent()
        pop.cancel()
        host.window.transitionDriver.completeAll()
        #expect(host.line("ProductList") == "[ProductList: stayed 0.000 (mins), viewed 1, resumed 0]")
        // A screen that appears for real counts as before.
        try host.navigation.pop(animated: false)
        #expect(host.line("Home") == "[Home: stayed 0.000 (mins), viewed 2, resumed 0]")
    }

    /// A screen whose didPop or didMove(toParent: nil) shows another tab of the tabs it is in.
    final class TabSwitchingScreen: Screen {
        weak var tabs: TabsScreen?
        let switchesInDidPop: Bool

        init(switchesInDidPop: Bool) {
            self.switchesInDidPop = switchesInDidPop
            super.init(title: "B")
        }

        override func didPop(animated: Bool) {
            if switchesInDidPop { tabs?.selectedIndex = 1 }
        }

        override func didMove(toParent parent: Screen?) {
            if parent == nil && !switchesInDidPop { tabs?.selectedIndex = 1 }
        }
    }

    @Test(
        "a new top whose tab a popped screen's didPop or didMove switches away counts no view for its balancing call",
        arguments: [true, false], [true, false])
    func appearanceEndedOnlyToLeaveByATabSwitch(switchesInDidPop: Bool, animated: Bool) throws {
        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let statistics = ScreenStatistics(time: time)
        statistics.attach(to: window)
        let log = EventLog()
        let tabs = TabsScreen("Tabs", log)
        let navigation = try NavigationController(rootScreen: Home(title: "Home"))
        try tabs.addChild(navigation)
        try tabs.addChild(Cart(title: "Cart"))
        try window.setRootScreen(tabs)
        window.makeKeyAndVisible()
        let popped = TabSwitchingScreen(switchesInDidPop: switchesInDidPop)
        popped.tabs = tabs
        try navigation.push(popped, animated: false)
        time.advance(by: 5)
        try navigation.pop(animated: animated)
        window.transitionDriver.completeAll()
        time.advance(by: 2)
        #expect(tabs.selectedIndex == 1)
        let lines = statistics.records.map(\.description)
        #expect(lines.contains("[Home: stayed 0.000 (mins), viewed 1, resumed 0]"))
        #expect(lines.contains("[Cart: stayed 0.033 (mins), viewed 1, resumed 0]"))
    }

    /// The statistic names counted in a window whose root is a dashboard holding a product list and a cart,
    /// or a `ShopNavigation` holding a product list.
    private func countedNames(
        navigation: Bool = false, _ configure: (inout ScreenStatistics.Configuration) -> Void = { _ in },
        cartEnabled: Bool? = nil
    ) throws -> [String] {
        final class ShopNavigation: NavigationController {}
        let time = VirtualTime()
        let window = Window(time: time)
        let cart = Cart()
        cart.isStatisticsEnabled = cartEnabled
        let root: Screen
        if navigation {
            root = try ShopNavigation(rootScreen: ProductList())
        } else {
            root = Dashboard()
            try root.addChild(ProductList())
            try root.addChild(cart)
        }
        var configuration = ScreenStatistics.Configuration()
        configure(&configuration)
        let statistics = ScreenStatistics(time: time, configuration: configuration)
        statistics.attach(to: window)
        try window.setRootScreen(root)
        window.makeKeyAndVisible()
        time.advance(by: 30)
        return statistics.records.map { "\($0.name) \(Int($0.stayTime))" }
    }

    @Test("containers and excluded types are not counted; per-type and per-screen switches override")
    func whichScreensCount() throws {
        // Leaves on screen together are counted together; their container is not.
        #expect(try countedNames() == ["Cart 30", "ProductList 30"])
        #expect(
            try countedNames { $0.setEnabled(true, for: Dashboard.self) } == [
                "Cart 30", "Dashboard 30", "ProductList 30",
            ])
        #expect(try countedNames { $0.excludedTypes.insert(Cart.self) } == ["ProductList 30"])
        // A screen's own switch wins over its type's, which wins over the excluded types.
        #expect(
            try countedNames({ $0.excludedTypes.insert(Cart.self) }, cartEnabled: true) == [
                "Cart 30", "ProductList 30",
            ])
        #expect(try countedNames(cartEnabled: false) == ["ProductList 30"])
        #expect(try countedNames({ $0.setEnabled(false, for: Screen.self) }, cartEnabled: true) == ["Cart 30"])
        // Excluded types match subclasses: a NavigationController subclass is not counted.
        #expect(try countedNames(navigation: true) == ["ProductList 30"])
        // Not excluded, it is still a container; switched on, it counts.
        #expect(try countedNames(navigation: true) { $0.excludedTypes = [] } == ["ProductList 30"])
        #expect(
            try countedNames(navigation: true) { $0.setEnabled(true, for: NavigationController.self) }
                == ["ProductList 30", "ShopNavigation 30"])
    }

    @Test("a leaf that gains a child on screen pauses while it has children, and goes on without a resume")
    func leafThatGainsChildren() throws {
        let host = try StatisticsHost()
        let dashboard = Dashboard()
        try host.navigation.push(dashboard, animated: false)  // Home ends at 0, Dashboard's view starts
        host.time.advance(by: 10)
        let banner = ProductDetail()
        try dashboard.addChild(banner)  // Dashboard pauses at 10, ProductDetail's view starts
        host.time.advance(by: 50)
        banner.removeFromParent()  // ProductDetail ends at 60, Dashboard goes on
        host.time.advance(by: 20)
        try host.navigation.pop(animated: false)  // Dashboard ends at 80
        #expect(host.line("Dashboard") == "[Dashboard: stayed 0.500 (mins), viewed 1, resumed 0]")
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.833 (mins), viewed 1, resumed 0]")
        #expect(host.events.take() == [])
    }

    @Test("a container that gains a child under a sheet counts one resume; one switched on keeps counting")
    func containerChildrenAndSwitches() throws {
        // Under a sheet and with a child, the view resumes once both have ended: one resume, for the sheet.
        let host = try StatisticsHost()
        let dashboard = Dashboard()
        try host.navigation.push(dashboard, animated: false)
        host.time.advance(by: 10)
        let sheet = Cart()
        sheet.modalPresentationStyle = .pageSheet
        try dashboard.present(sheet, animated: false)  // Dashboard pauses at 10
        let banner = ProductDetail()
        try dashboard.addChild(banner)
        host.time.advance(by: 5)
        sheet.dismiss(animated: false)  // at 15: Cart ends; Dashboard stays paused for its child
        host.time.advance(by: 5)
        banner.removeFromParent()  // at 20: Dashboard resumes
        host.time.advance(by: 10)
        #expect(host.line("Dashboard") == "[Dashboard: stayed 0.333 (mins), viewed 1, resumed 1]")
        #expect(host.line("Cart") == "[Cart: stayed 0.083 (mins), viewed 1, resumed 0]")

        // A container switched on for statistics counts with its children, as documented.
        let switched = try StatisticsHost()
        let counted = Dashboard()
        counted.isStatisticsEnabled = true
        try switched.navigation.push(counted, animated: false)
        try counted.addChild(ProductDetail())
        switched.time.advance(by: 30)
        #expect(switched.line("Dashboard") == "[Dashboard: stayed 0.500 (mins), viewed 1, resumed 0]")
        #expect(switched.line("ProductDetail") == "[ProductDetail: stayed 0.500 (mins), viewed 1, resumed 0]")
    }

    @Test("an interruption while a leaf shows a child is the child's to resume from, not the leaf's")
    func interruptionWhileShowingAChild() throws {
        let host = try StatisticsHost()
        let dashboard = Dashboard()
        try host.navigation.push(dashboard, animated: false)
        host.time.advance(by: 10)
        let banner = ProductDetail()
        try dashboard.addChild(banner)  // at 10: Dashboard pauses
        host.time.advance(by: 10)
        host.window.enterBackground()  // at 20
        host.time.advance(by: 100)
        host.window.enterForeground()  // at 120: the banner resumes
        host.time.advance(by: 10)
        banner.removeFromParent()  // at 130: Dashboard goes on
        host.time.advance(by: 10)
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 0.333 (mins), viewed 1, resumed 1]")
        #expect(host.line("Dashboard") == "[Dashboard: stayed 0.333 (mins), viewed 1, resumed 0]")
    }

    @Test("a leaf that gains a child it does not show keeps counting")
    func childThatIsNotShown() throws {
        final class Tabs: Screen {
            override var childrenForAppearanceForwarding: [Screen] { [] }
        }
        let host = try StatisticsHost()
        let tabs = Tabs()
        try host.navigation.push(tabs, animated: false)
        host.time.advance(by: 10)
        try tabs.addChild(ProductDetail())
        host.time.advance(by: 10)
        #expect(host.line("ProductDetail") == "none")
        #expect(host.statistics.record(named: "Tabs")?.stayTime == 20)
    }

    @Test("a screen type set matches its members and their subtypes; contains only its members")
    func screenTypeSet() {
        final class ShopNavigation: NavigationController {}
        #expect(ScreenTypeSet().isEmpty && ScreenTypeSet().count == 0)
        var set: ScreenTypeSet = [NavigationController.self]
        #expect(!set.isEmpty)
        #expect(set.matches(ShopNavigation.self) && !set.contains(ShopNavigation.self))
        #expect(!set.matches(Screen.self) && !set.matches(Home.self))
        #expect(set.insert(Home.self) && !set.insert(Home.self))
        #expect(set.description == "[Home, NavigationController]" && set.count == 2)
        #expect(set.remove(NavigationController.self) && !set.remove(NavigationController.self))
        #expect(!set.matches(ShopNavigation.self) && set == [Home.self])
        set.insert(Screen.self)
        #expect(set.matches(ShopNavigation.self) && set.matches(Cart.self))
    }

    @Test("statistic names: the type name, a per-type name inherited by subtypes, a per-screen name")
    func names() throws {
        class Promo: Screen {}
        final class SeasonalPromo: Promo {}
        #expect(Promo.defaultStatisticName == "Promo" && Promo().statisticName == "Promo")
        Promo.setDefaultStatisticName("Promotion")
        defer { Promo.setDefaultStatisticName(nil) }
        #expect(SeasonalPromo.defaultStatisticName == "Promotion")
        #expect(SeasonalPromo().statisticName == "Promotion")
        SeasonalPromo.setDefaultStatisticName("Seasonal")
        #expect(SeasonalPromo.defaultStatisticName == "Seasonal" && Promo.defaultStatisticName == "Promotion")
        SeasonalPromo.setDefaultStatisticName(nil)

        let host = try StatisticsHost()
        let summer = SeasonalPromo()
        summer.statisticName = "Summer"
        try host.navigation.push(Promo(), animated: false)
        host.time.advance(by: 6)
        try host.navigation.push(summer, animated: false)
        host.time.advance(by: 6)
        // A rename takes effect from the next view: this one keeps counting as Summer.
        summer.statisticName = "Winter"
        host.time.advance(by: 6)
        try host.navigation.pop(animated: false)
        summer.resetStatisticName()
        #expect(summer.statisticName == "Promotion")
        #expect(
            host.statistics.records.map(\.description) == [
                "[Home: stayed 0.000 (mins), viewed 1, resumed 0]",
                "[Promotion: stayed 0.100 (mins), viewed 2, resumed 0]",
                "[Summer: stayed 0.200 (mins), viewed 1, resumed 0]",
            ])
    }

    @Test("a view longer than the limit is discarded (no view, resumes or time) and reported; pauses do not count")
    func longViews() throws {
        #expect(ScreenStatistics.Configuration().maximumViewDuration == 86_400)  // 24 hours by default
        var configuration = ScreenStatistics.Configuration()
        configuration.maximumViewDuration = 60
        let host = try StatisticsHost(configuration: configuration)
        host.time.advance(by: 10)
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 61)
        // A view in progress that is already too long is left out of reports altogether.
        #expect(host.line("ProductDetail") == "none")
        try host.navigation.pop(animated: false)
        #expect(host.events.take() == ["discarded a view of ProductDetail lasting 61.000 s (limit 60.000 s)"])
        #expect(host.line("ProductDetail") == "none")
        #expect(host.line("Home") == "[Home: stayed 0.167 (mins), viewed 2, resumed 0]")

        // Time spent in the background does not count towards the limit.
        try host.navigation.push(Cart(), animated: false)
        host.time.advance(by: 30)
        host.window.enterBackground()
        host.time.advance(by: 1000)
        host.window.enterForeground()
        host.time.advance(by: 30)
        try host.navigation.pop(animated: false)
        #expect(host.events.take() == [])
        #expect(host.line("Cart") == "[Cart: stayed 1.000 (mins), viewed 1, resumed 1]")

        // A discarded view takes its resumes with it; the earlier views of the same name stay.
        try host.navigation.push(Cart(), animated: false)
        host.time.advance(by: 20)
        host.window.enterBackground()
        host.window.enterForeground()
        host.time.advance(by: 50)
        try host.navigation.pop(animated: false)
        #expect(host.events.take() == ["discarded a view of Cart lasting 70.000 s (limit 60.000 s)"])
        #expect(host.line("Cart") == "[Cart: stayed 1.000 (mins), viewed 1, resumed 1]")

        // After a reset during a view, discarding that view takes nothing away from the new counts.
        try host.navigation.push(Cart(), animated: false)
        host.time.advance(by: 10)
        host.statistics.reset()
        host.time.advance(by: 61)
        try host.navigation.pop(animated: false)
        #expect(host.events.take() == ["discarded a view of Cart lasting 61.000 s (limit 60.000 s)"])
        #expect(host.line("Cart") == "none")
        #expect(host.line("Home") == "[Home: stayed 0.000 (mins), viewed 1, resumed 0]")
    }

    @Test("a view exactly as long as the limit is not longer than it: it counts, in progress and once it ended")
    func viewAsLongAsTheLimit() throws {
        var configuration = ScreenStatistics.Configuration()
        configuration.maximumViewDuration = 60
        let host = try StatisticsHost(configuration: configuration)
        try host.navigation.push(Cart(), animated: false)
        host.time.advance(by: 60)
        #expect(host.line("Cart") == "[Cart: stayed 1.000 (mins), viewed 1, resumed 0]")
        try host.navigation.pop(animated: false)
        #expect(host.events.take() == [])
        #expect(host.line("Cart") == "[Cart: stayed 1.000 (mins), viewed 1, resumed 0]")
    }

    @Test(
        "an infinite or NaN limit discards nothing, a view in progress included (in records, reports and the export)",
        arguments: [Double.infinity, Double.nan])
    func limitsThatDiscardNothing(limit: Double) throws {
        var configuration = ScreenStatistics.Configuration()
        configuration.maximumViewDuration = limit
        let host = try StatisticsHost(configuration: configuration)
        host.time.advance(by: 10)
        // Home's view is in progress: it counts, with its active time so far.
        #expect(host.line("Home") == "[Home: stayed 0.167 (mins), viewed 1, resumed 0]")
        #expect(host.statistics.exportJSON().contains("\"Home\""))
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 200_000)
        try host.navigation.pop(animated: false)
        #expect(host.events.take() == [])
        #expect(host.line("ProductDetail") == "[ProductDetail: stayed 3333.333 (mins), viewed 1, resumed 0]")
        #expect(host.line("Home") == "[Home: stayed 0.167 (mins), viewed 2, resumed 0]")
    }

    @Test("the report lists the top records by stay time, ties by name; the JSON export holds every record")
    func reportAndExport() throws {
        let host = try StatisticsHost()
        host.time.advance(by: 45)
        try host.navigation.push(Cart(), animated: false)
        host.time.advance(by: 75)
        try host.navigation.push(ProductDetail(), animated: false)
        host.time.advance(by: 75)
        try host.navigation.push(Checkout(), animated: false)
        host.time.advance(by: 30)
        #expect(
            host.statistics.report(top: 3) == """
                [Cart: stayed 1.250 (mins), viewed 1, resumed 0]
                [ProductDetail: stayed 1.250 (mins), viewed 1, resumed 0]
                [Home: stayed 0.750 (mins), viewed 1, resumed 0]
                """)
        #expect(host.statistics.report(top: 0) == "")
        #expect(host.statistics.report(top: 10).split(separator: "\n").count == 4)
        #expect(host.statistics.topRecords(1).map(\.name) == ["Cart"])
        #expect(
            host.statistics.exportJSON() == """
                {
                  "formatVersion" : 1,
                  "screens" : [
                    {
                      "name" : "Cart",
                      "resumeCount" : 0,
                      "stayTime" : 75,
                      "viewCount" : 1
                    },
                    {
                      "name" : "Checkout",
                      "resumeCount" : 0,
                      "stayTime" : 30,
                      "viewCount" : 1
                    },
                    {
                      "name" : "Home",
                      "resumeCount" : 0,
                      "stayTime" : 45,
                      "viewCount" : 1
                    },
                    {
                      "name" : "ProductDetail",
                      "resumeCount" : 0,
                      "stayTime" : 75,
                      "viewCount" : 1
                    }
                  ]
                }
                """)
        // The export reads back as records.
        struct File: Decodable {
            var formatVersion: Int
            var screens: [ScreenStatistics.Record]
        }
        let file = try JSONDecoder().decode(File.self, from: Data(host.statistics.exportJSON().utf8))
        #expect(file.screens == host.statistics.records)
        // Reset forgets everything; the view in progress goes on from now.
        host.statistics.reset()
        host.time.advance(by: 6)
        #expect(host.statistics.report(top: 10) == "[Checkout: stayed 0.100 (mins), viewed 0, resumed 0]")
    }

    @Test("attaching to a window on screen starts views for what is shown; detaching ends them")
    func attachAndDetach() throws {
        let time = VirtualTime()
        let window = Window(time: time)
        let navigation = try NavigationController(rootScreen: Home())
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        try navigation.push(ProductDetail(), animated: false)
        time.advance(by: 10)
        let statistics = ScreenStatistics(time: time)
        statistics.attach(to: window)
        statistics.attach(to: window)
        time.advance(by: 12)
        statistics.detach(from: window)
        time.advance(by: 10)
        try navigation.pop(animated: false)
        time.advance(by: 10)
        #expect(statistics.records.map(\.description) == ["[ProductDetail: stayed 0.200 (mins), viewed 1, resumed 0]"])
    }
}
