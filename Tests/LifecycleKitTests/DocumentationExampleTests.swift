import Foundation
import HookKit
import LifecycleKit
import Synchronization
import Testing

// The code of the LifecycleKit articles (Sources/LifecycleKit/LifecycleKit.docc), verbatim, so that it keeps compiling
// and doing what the articles say. Each article's types live in a namespace of their own, and the tests run the code
// with `#expect` checks in between. Screen hook points are process-wide and other suites run in parallel, so the
// examples that run hook only their own screen types or instances; the examples that hook every screen or change
// process-wide appearance are compiled, not run.

/// What the examples print, captured by this file's `print`.
private let printed = EventLog()

/// Shadows `Swift.print` in this file, so that the lines the examples print can be checked.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.add(items.map { "\($0)" }.joined(separator: separator))
}

/// The types of the landing page.
enum LandingPageExample {
    final class ProductScreen: Screen {
        override func viewWillAppear(_ animated: Bool) {
            print("refresh", title ?? "")
        }
    }
}

/// The types of "Screens and the lifecycle".
enum ScreensExample {
    final class ProductScreen: Screen {
        private(set) var refreshCount = 0

        override func viewDidLoad() {
            navigationItem.rightItems = [BarButtonItem(title: "Share")]
        }

        override func viewWillAppear(_ animated: Bool) {
            refreshCount += 1
        }
    }
}

/// The types of "The navigation host".
enum NavigationHostExample {
    class LoggingScreen: Screen {
        func log(_ method: String) {
            print("\(title ?? "untitled").\(method)")
        }

        override func loadView() {
            log("loadView")
            super.loadView()
        }

        override func viewDidLoad() { log("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log("viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log("viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { log("viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log("viewDidDisappear") }
    }

    final class EditorScreen: LoggingScreen {
        var hasUnsavedChanges = true

        override func shouldPop(trigger: PopTrigger) -> Bool {
            !hasUnsavedChanges
        }
    }
}

/// The types of "Appearance".
enum AppearanceExample {
    final class ProfileScreen: Screen {
        var headerIsVisible = true {
            didSet { updateNavigationAppearance(animated: true) }
        }

        override var prefersNavigationBarTransparent: Bool? { headerIsVisible }
        override var preferredNavigationItemColor: RGBAColor? { headerIsVisible ? .white : nil }
    }

    final class FeedScreen: Screen, NavigationBarRestoreDelegate {
        var headerIsCollapsed = false

        func willRestore(_ appearance: inout NavigationBarAppearance, for screen: Screen) {
            appearance.isTransparent = !headerIsCollapsed  // the scroll position may have changed meanwhile
        }

        func didRestore(_ appearance: NavigationBarAppearance, for screen: Screen) {}
    }

    final class PlayerScreen: Screen {
        var controlsVisible = true {
            didSet { setNeedsStatusBarAppearanceUpdate() }
        }

        override var prefersStatusBarHidden: Bool { !controlsVisible }
        override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
    }

    final class OverlayScreen: Screen {
        override func viewWillAppear(_ animated: Bool) {
            _ = try? overrideParentStatusBarHidden(true)
        }
    }

    final class StyledNavigationController: NavigationController {
        override var childForStatusBarStyle: Screen? { topViewController }
    }
}

/// The types of "Statistics and leak detection".
enum StatisticsExample {
    final class HomeScreen: Screen {}
    final class ProductScreen: Screen {}
    final class CartScreen: Screen {}
}

/// The types of "Writing a lifecycle observer".
enum ObserverExample {
    final class PageViewLogger: ScreenLifecycleObserver {
        private struct OpenView {
            let name: String
            var start: Double
        }

        private let time: any HostTime
        private var openViews: [ObjectIdentifier: OpenView] = [:]

        init(time: any HostTime) {
            self.time = time
        }

        // A page view starts once a screen without children is on screen…
        func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
            guard phase == .appear, screen.children.isEmpty else { return }
            openViews[ObjectIdentifier(screen)] = OpenView(name: screen.title ?? "untitled", start: time.now)
        }

        // …and ends when it begins to disappear.
        func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
            guard phase == .disappear, let view = openViews.removeValue(forKey: ObjectIdentifier(screen)) else {
                return
            }
            log(view)
        }

        // The background ends the views in progress; the foreground starts them again.
        func windowDidEnterBackground(_ window: Window) {
            openViews.values.sorted { $0.name < $1.name }.forEach(log)
        }

        func windowDidEnterForeground(_ window: Window) {
            for key in openViews.keys {
                openViews[key]?.start = time.now
            }
        }

        private func log(_ view: OpenView) {
            print("page view: \(view.name), \(time.now - view.start) s")
        }
    }

    final class DisplayTimer: ScreenLifecycleObserver, Sendable {
        private let starts = Mutex<[ObjectIdentifier: ContinuousClock.Instant]>([:])

        func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
            guard phase == .load else { return }
            starts.withLock { $0[ObjectIdentifier(screen)] = .now }
        }

        func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
            guard phase == .appear, let start = starts.withLock({ $0.removeValue(forKey: ObjectIdentifier(screen)) })
            else { return }
            print("\(screen.title ?? "untitled") on screen after \(ContinuousClock.now - start)")
        }
    }

    final class ProductScreen: Screen {}

    final class AppearLogger: ScreenLifecycleObserver, Sendable {
        func screen(_ screen: Screen, didRun call: LifecycleCall) {
            if case .viewDidAppear(let animated) = call {
                print("appeared:", screen.title ?? "untitled", animated ? "(animated)" : "")
            }
        }
    }
}

@Suite("Documentation examples: LifecycleKit articles", .serialized)
struct LifecycleKitDocumentationExampleTests {
    @Test("the landing page: a type-scoped hook around a pushed screen")
    func landingPage() throws {
        typealias ProductScreen = LandingPageExample.ProductScreen

        let pageViews = try Lifecycle.hook(.viewDidAppear, .after, scope: .type(ProductScreen.self)) { screen, _ in
            print("viewed", screen.title ?? "")
        }

        let window = Window()
        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        try navigation.push(ProductScreen(title: "Shoes"), animated: true)
        // refresh Shoes
        // viewed Shoes
        pageViews.cancel()

        #expect(printed.take() == ["refresh Shoes", "viewed Shoes"])
    }

    @Test("Screens and the lifecycle: visible state, scoped hooks, an instance override, debug strings")
    func screensAndTheLifecycle() throws {
        typealias ProductScreen = ScreensExample.ProductScreen

        let window = Window()
        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()

        let shoes = ProductScreen(title: "Shoes")
        try navigation.push(shoes, animated: true)
        print(shoes.refreshCount, shoes.visibleState)  // 1 [loaded, didAppear]
        #expect(printed.take() == ["1 [loaded, didAppear]"])
        #expect(shoes.navigationItem.rightItems.map(\.title) == ["Share"])

        if shoes.visibleState.contains(.didAppear) {
            print("on screen")
        }
        print(shoes.isAppearing)  // true after viewWillAppear and after viewDidAppear
        #expect(printed.take() == ["on screen", "true"])

        let observation = shoes.observeVisibleState { change in
            print(change)  // [loaded, didAppear] -> [loaded, willDisappear], …
        }
        #expect(observation.isActive)

        observation.cancel()

        let productViews = try Lifecycle.hook(.appear, .after, scope: .type(ProductScreen.self)) { screen, _ in
            print("product page", screen.title ?? "")
        }
        let socks = ProductScreen(title: "Socks")
        let firstLoad = try Lifecycle.hook(.viewDidLoad, .after, scope: .instance(socks), once: true) { screen, _ in
            print("first load of", screen.title ?? "")
        }

        try navigation.push(socks, animated: true)
        // first load of Socks
        // product page Socks
        #expect(printed.take() == ["first load of Socks", "product page Socks"])
        #expect(!firstLoad.isActive)

        let silent = try Screen.viewWillAppear.override(.instance(shoes)) { original in
            { screen, animated in
                // Skip the screen's own viewWillAppear; the host still updates its visible state.
            }
        }

        try navigation.pop(animated: true)  // back to Shoes: "product page Shoes"
        print(shoes.refreshCount)  // 1: this time its viewWillAppear did not run
        #expect(printed.take() == ["product page Shoes", "1"])
        #expect(shoes.visibleState == [.loaded, .didAppear])

        print(Screen.stackDescription(navigation.viewControllers))
        let stack = try #require(printed.take().first)
        #expect(
            stack.hasPrefix("[\nScreen.Home<0x") && stack.contains(">\nProductScreen.Shoes<0x")
                && stack.hasSuffix(">\n]"))

        for token in [productViews, firstLoad, silent] {
            token.cancel()
        }
    }

    /// The every-screen hooks of "Screens and the lifecycle": compiled, never run, because they would see the screens
    /// of the tests running in parallel.
    static func everyScreenHookExamples() throws {
        let pageEnter = try Lifecycle.hook(.viewDidAppear, .after) { screen, animated in
            print("enter", screen.debugLabel)
        }
        let pageLeave = try Lifecycle.hook(.viewWillDisappear, .before) { screen, animated in
            print("leave", screen.debugLabel)
        }
        pageEnter.cancel()
        pageLeave.cancel()
    }

    @Test("The navigation host: push, interactive pop, gating, queued transitions, refused requests")
    func navigationHost() throws {
        typealias LoggingScreen = NavigationHostExample.LoggingScreen
        typealias EditorScreen = NavigationHostExample.EditorScreen

        let time = VirtualTime()
        let window = Window(time: time, transitionDriver: TransitionDriver(mode: .manual))
        let navigation = try NavigationController(rootScreen: LoggingScreen(title: "A"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        // A.loadView, A.viewDidLoad, A.viewWillAppear, A.viewDidAppear
        #expect(printed.take() == ["A.loadView", "A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])

        let b = LoggingScreen(title: "B")
        try navigation.push(b, animated: true) { outcome in
            print("push", outcome)
        }
        // B.loadView, B.viewDidLoad, A.viewWillDisappear, B.viewWillAppear
        #expect(printed.take() == ["B.loadView", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear"])
        window.transitionDriver.completeCurrentTransition()
        // A.viewDidDisappear, B.viewDidAppear, push completed
        #expect(printed.take() == ["A.viewDidDisappear", "B.viewDidAppear", "push completed"])

        let pop = try navigation.beginInteractivePop(translation: 24) { outcome in
            print("pop", outcome)
        }
        // B.viewWillDisappear, A.viewWillAppear
        print(navigation.viewControllers.map { $0.title ?? "" })  // ["A"]: the gesture popped B when it began
        #expect(printed.take() == ["B.viewWillDisappear", "A.viewWillAppear", "[\"A\"]"])
        pop.update(progress: 0.3)
        pop.cancel()
        // A.viewWillDisappear, A.viewDidDisappear, B.viewWillAppear, B.viewDidAppear, pop cancelled
        print(navigation.viewControllers.map { $0.title ?? "" })  // ["A", "B"]: B is back
        #expect(
            printed.take() == [
                "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear", "pop cancelled",
                "[\"A\", \"B\"]",
            ])

        let editor = EditorScreen(title: "Editor")
        try navigation.push(editor, animated: false)
        #expect(
            printed.take() == [
                "Editor.loadView", "Editor.viewDidLoad", "B.viewWillDisappear", "Editor.viewWillAppear",
                "B.viewDidDisappear", "Editor.viewDidAppear",
            ])
        if let refusal = navigation.interactivePopRefusal(translation: 24) {
            print("no pop:", refusal)  // no pop: refusedByScreen
        }
        print(navigation.handleBackButton())  // nothing: the editor refused
        #expect(printed.take() == ["no pop: refusedByScreen", "nothing"])

        try navigation.push(LoggingScreen(title: "C"), animated: true) { _ in
            print("C is on top")
        }
        try navigation.pop(animated: true) { _ in
            print("back to the editor")
        }
        print(navigation.viewControllers.map { $0.title ?? "" })  // ["A", "B", "Editor"]: the stack changed at once
        print(window.transitionDriver.queuedCount)  // 1: the pop waits for the push
        #expect(
            printed.take() == [
                "C.loadView", "C.viewDidLoad", "Editor.viewWillDisappear", "C.viewWillAppear",
                "[\"A\", \"B\", \"Editor\"]", "1",
            ])
        window.transitionDriver.completeAll()
        #expect(
            printed.take() == [
                "Editor.viewDidDisappear", "C.viewDidAppear", "C is on top", "C.viewWillDisappear",
                "Editor.viewWillAppear", "C.viewDidDisappear", "Editor.viewDidAppear", "back to the editor",
            ])

        let player = LoggingScreen(title: "Player")
        player.modalPresentationStyle = .fullScreen
        try navigation.present(player, animated: false)
        // Player.loadView, Player.viewDidLoad, Editor.viewWillDisappear, Player.viewWillAppear, Player.viewDidAppear,
        // Editor.viewDidDisappear
        #expect(
            printed.take() == [
                "Player.loadView", "Player.viewDidLoad", "Editor.viewWillDisappear", "Player.viewWillAppear",
                "Player.viewDidAppear", "Editor.viewDidDisappear",
            ])

        do {
            try navigation.push(editor)
        } catch {
            print(error.code == .alreadyInStack)  // true
        }
        #expect(printed.take() == ["true"])
        #expect(time.now == 0 && !window.transitionDriver.isTransitioning)
    }

    @Test("Appearance: resolution, updates, restore, status bar, navigation items")
    func appearance() throws {
        typealias ProfileScreen = AppearanceExample.ProfileScreen
        typealias FeedScreen = AppearanceExample.FeedScreen
        typealias PlayerScreen = AppearanceExample.PlayerScreen
        typealias OverlayScreen = AppearanceExample.OverlayScreen

        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        navigation.defaultNavigationBarColor = try RGBAColor(hex: "#F7F7F7")
        navigation.defaultNavigationItemColor = try RGBAColor(hex: "#007AFF")
        let window = Window()
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        print(navigation.navigationBar.appearance)  // [bar: #F7F7F7, item: #007AFF]

        let profile = ProfileScreen(title: "Profile")
        try navigation.push(profile, animated: true)
        print(navigation.navigationBar.appearance)  // [transparent, bar: #F7F7F7, item: #FFFFFF]
        profile.headerIsVisible = false
        print(navigation.navigationBar.appearance)  // [bar: #F7F7F7, item: #007AFF]
        #expect(
            printed.take() == [
                "[bar: #F7F7F7, item: #007AFF]", "[transparent, bar: #F7F7F7, item: #FFFFFF]",
                "[bar: #F7F7F7, item: #007AFF]",
            ])

        let transparent = try Screen.prefersNavigationBarTransparent.override(.instance(profile)) { _ in
            { _, _ in true }
        }
        #expect(profile.resolvedNavigationBarAppearance.isTransparent)
        transparent.cancel()

        let barChanges = try NavigationBar.didChange.after(.instance(navigation.navigationBar)) { _, change, _ in
            print(change)  // update(Profile) animated: [transparent, bar: #F7F7F7, item: #FFFFFF] -> …
        }
        profile.headerIsVisible = true
        profile.headerIsVisible = false
        #expect(
            printed.take() == [
                "update(Profile) animated: [bar: #F7F7F7, item: #007AFF] -> [transparent, bar: #F7F7F7, item: #FFFFFF]",
                "update(Profile) animated: [transparent, bar: #F7F7F7, item: #FFFFFF] -> [bar: #F7F7F7, item: #007AFF]",
            ])
        barChanges.cancel()

        // A FeedScreen's willRestore changes what comes back after a pop.
        let feed = FeedScreen(title: "Feed")
        try navigation.push(feed, animated: false)
        try navigation.push(Screen(title: "Post"), animated: false)
        try navigation.pop(animated: false)
        #expect(navigation.navigationBar.appearance.isTransparent)
        feed.headerIsCollapsed = true
        try navigation.push(Screen(title: "Post"), animated: false)
        try navigation.pop(animated: false)
        #expect(!navigation.navigationBar.appearance.isTransparent)
        try navigation.popTo(profile, animated: false)

        // The player decides the status bar when it covers the window; an overlay hides its parent's.
        let player = PlayerScreen(title: "Player")
        try navigation.present(player, style: .fullScreen, animated: false)
        #expect(window.screenForStatusBarHidden === player && "\(window.statusBar)" == "visible lightContent")
        player.controlsVisible = false
        #expect("\(window.statusBar)" == "hidden lightContent")
        player.dismiss(animated: false)
        #expect(!window.statusBar.isHidden)
        let stage = Screen(title: "Stage")
        let stageWindow = Window()
        try stageWindow.setRootScreen(stage)
        stageWindow.makeKeyAndVisible()
        let overlay = OverlayScreen()
        try stage.addChild(overlay)
        #expect(stageWindow.statusBar.isHidden)
        overlay.removeFromParent()
        #expect(!stageWindow.statusBar.isHidden)

        let share = BarButtonItem(title: "Share") { _ in print("share") }
        profile.navigationItem.rightItems = [share]
        print(profile.showsNavigationBackItem)  // true: Profile is above Home
        print(profile.activateNavigationBackItem())  // popped
        #expect(printed.take() == ["true", "popped"])
        #expect(navigation.viewControllers.map(\.title) == ["Home"])

        let item = profile.navigationItem
        item.pushStatus()
        item.title = "Select"
        item.rightItems = [BarButtonItem(title: "Done")]
        item.popStatus()  // title and items as they were
        #expect(item.title == nil && item.rightItems.map(\.title) == ["Share"] && item.statusStackDepth == 0)

        // The status bar's style in a stack: under a visible bar the navigation controller decides (UIKit's rule);
        // the two opt-ins let the top screen decide. Run on a window and controllers of their own.
        let styledWindow = Window()
        let styled = try AppearanceExample.StyledNavigationController(rootScreen: PlayerScreen(title: "Lit"))
        try styledWindow.setRootScreen(styled)
        styledWindow.makeKeyAndVisible()
        #expect("\(styledWindow.statusBar)" == "visible lightContent")
        try navigation.push(PlayerScreen(title: "Lit"), animated: false)
        #expect(window.screenForStatusBarStyle === navigation && "\(window.statusBar)" == "visible default")

        // Or one controller, without a subclass:
        try Screen.childForStatusBarStyle.override(.instance(navigation)) { _ in
            { screen, _ in (screen as? NavigationController)?.topViewController }
        }
        navigation.setNeedsStatusBarAppearanceUpdate()
        #expect("\(window.statusBar)" == "visible lightContent")
    }

    @Test("Statistics and leak detection: views, pauses, resumes, reports, persistence, leak reports")
    func statisticsAndLeakDetection() throws {
        typealias HomeScreen = StatisticsExample.HomeScreen
        typealias ProductScreen = StatisticsExample.ProductScreen
        typealias CartScreen = StatisticsExample.CartScreen

        ProductScreen.setDefaultStatisticName("ProductDetail")

        let time = VirtualTime()
        let window = Window(time: time)
        let statistics = ScreenStatistics(time: time)  // in memory; pass fileURL: to keep the numbers
        statistics.attach(to: window)

        let navigation = try NavigationController(rootScreen: HomeScreen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()  // a view of Home starts: the navigation controller is not counted
        time.advance(by: 30)

        let shoes = ProductScreen(title: "Shoes")
        try navigation.push(shoes, animated: false)  // Home's view ends after 30 s; a view of Shoes starts
        time.advance(by: 45)

        let cart = CartScreen(title: "Cart")
        try navigation.present(cart, style: .pageSheet, animated: false)  // Shoes is paused under the sheet
        time.advance(by: 20)
        cart.dismiss(animated: false)  // Shoes resumes
        time.advance(by: 30)

        window.enterBackground()  // Shoes is paused while the application is in the background
        time.advance(by: 600)
        window.enterForeground()  // and resumes
        time.advance(by: 15)

        try navigation.pop(animated: false)  // Shoes' view ends after 90 s of use; a second view of Home starts
        print(statistics.report(top: 3))
        // [ProductDetail: stayed 1.500 (mins), viewed 1, resumed 2]
        // [HomeScreen: stayed 0.500 (mins), viewed 2, resumed 0]
        // [CartScreen: stayed 0.333 (mins), viewed 1, resumed 0]
        #expect(
            printed.take() == [
                """
                [ProductDetail: stayed 1.500 (mins), viewed 1, resumed 2]
                [HomeScreen: stayed 0.500 (mins), viewed 2, resumed 0]
                [CartScreen: stayed 0.333 (mins), viewed 1, resumed 0]
                """
            ])

        if let product = statistics.record(named: "ProductDetail") {
            print(product.viewCount, product.resumeCount, product.stayTime)  // 1 2 90.0
        }
        print(statistics.exportJSON())  // the records as pretty-printed JSON, with the file's format version
        let json = printed.take()
        #expect(json.first == "1 2 90.0")
        #expect(json.last?.contains("\"formatVersion\"") == true && json.last?.contains("\"ProductDetail\"") == true)
        statistics.reset()  // forget every record; the views in progress go on, counting from now
        #expect(statistics.records.map(\.name) == ["HomeScreen"])

        let supportDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LifecycleKitDocumentationExample-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: supportDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: supportDirectory) }

        let statisticsFile = supportDirectory.appendingPathComponent("statistics.json")
        let persistent = ScreenStatistics(fileURL: statisticsFile, time: time)
        persistent.attach(to: window)
        // …
        try persistent.flush()  // write now, for example before the process exits
        #expect(FileManager.default.fileExists(atPath: statisticsFile.path))

        let reported = ScreenStatistics(fileURL: statisticsFile, time: time) { event in
            if case .storeFailed(let error) = event, let aside = error.movedAsideURL {
                print("statistics started fresh; the old file is at", aside.path)
            }
        }
        #expect(reported.record(named: "HomeScreen")?.viewCount == 1 && printed.take().isEmpty)
        persistent.detach(from: window)
        statistics.detach(from: window)

        let detector = LeakDetector(time: time, isEnabled: true) { report in
            print(report)
        }
        detector.attach(to: window)

        var keptByMistake: [Screen] = [ProductScreen(title: "Socks")]
        try navigation.push(keptByMistake[0], animated: false)
        try navigation.pop(animated: false)  // Socks left, but the array still holds it

        time.advance(by: 1.5)
        // suspected leak: ProductScreen "Socks" [ProductDetail] removed by pop at 740.000 s, still alive at 741.500 s
        time.advance(by: 9)
        // confirmed leak: ProductScreen "Socks" [ProductDetail] removed by pop at 740.000 s, still alive at 750.500 s
        keptByMistake.removeAll()  // the last reference goes
        time.advance(by: 30)
        // released late: ProductScreen "Socks" [ProductDetail] removed by pop at 740.000 s, released by 780.500 s
        #expect(
            printed.take() == [
                "suspected leak: ProductScreen \"Socks\" [ProductDetail] removed by pop at 740.000 s"
                    + ", still alive at 741.500 s",
                "confirmed leak: ProductScreen \"Socks\" [ProductDetail] removed by pop at 740.000 s"
                    + ", still alive at 750.500 s",
                "released late: ProductScreen \"Socks\" [ProductDetail] removed by pop at 740.000 s"
                    + ", released by 780.500 s",
            ])
        #expect(detector.trackedScreenCount == 0)

        var configuration = LeakDetector.Configuration()
        configuration.excludedTypes.insert(CartScreen.self)  // this type and its subtypes
        configuration.setEnabled(false, for: HomeScreen.self)  // a switch, which wins over the excluded types
        detector.configuration = configuration
        cart.isLeakDetectionEnabled = false  // one screen, which wins over everything
        #expect(detector.configuration.isEnabled(for: HomeScreen.self) == false)
    }

    /// The global appearance of "Appearance": compiled, never run, because it changes the appearance every navigation
    /// controller reads.
    static func globalAppearanceExample(navigation: NavigationController) {
        NavigationBarAppearanceProxy.shared.update { appearance in
            appearance.titleTextAttributes = TitleTextAttributes(fontName: "Avenir-Heavy", fontSize: 17)
        }
        navigation.refreshNavigationBarAppearance()  // or now, for this controller
    }

    @Test("Writing a lifecycle observer: a page-view logger on a window, a display timer for every window")
    func writingALifecycleObserver() throws {
        typealias PageViewLogger = ObserverExample.PageViewLogger
        typealias DisplayTimer = ObserverExample.DisplayTimer
        typealias ProductScreen = ObserverExample.ProductScreen
        typealias AppearLogger = ObserverExample.AppearLogger

        let time = VirtualTime()
        let window = Window(time: time)
        let pageViews = PageViewLogger(time: time)
        window.addObserver(pageViews)

        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        time.advance(by: 3)
        try navigation.push(Screen(title: "Shoes"), animated: false)  // page view: Home, 3.0 s
        time.advance(by: 45)
        window.enterBackground()  // page view: Shoes, 45.0 s
        time.advance(by: 600)
        window.enterForeground()
        time.advance(by: 5)
        try navigation.pop(animated: false)  // page view: Shoes, 5.0 s
        window.removeObserver(pageViews)
        #expect(printed.take() == ["page view: Home, 3.0 s", "page view: Shoes, 45.0 s", "page view: Shoes, 5.0 s"])

        let displayTiming = try Lifecycle.addObserver(DisplayTimer(), scope: .type(ProductScreen.self), priority: 10)
        try navigation.push(ProductScreen(title: "Socks"), animated: false)  // Socks on screen after … seconds
        displayTiming.cancel()
        let timing = printed.take()
        #expect(timing.count == 1 && timing.first?.hasPrefix("Socks on screen after ") == true)
        #expect(timing.first?.hasSuffix(" seconds") == true)

        // Compiled here; run on one screen only, as the tests share the process.
        let appearLogger = try Lifecycle.addObserver(AppearLogger(), scope: .type(ProductScreen.self))
        try navigation.push(ProductScreen(title: "Laces"), animated: true)
        appearLogger.cancel()
        #expect(printed.take() == ["appeared: Laces (animated)"])
    }
}
