import HookKit
import LifecycleKit
import XCTest

// The README's four LifecycleKit programs, verbatim (with checks of what they print between their lines), so that
// they keep compiling and doing what the README says. They hook every screen, so they are XCTest cases: `swift test`
// runs XCTest in a process of its own, serially, before the Swift Testing suites, so these hooks never see another
// test's screens.

/// What the README's examples print, captured by this file's `print`.
private let readmePrinted = EventLog()

/// Shadows `Swift.print` in this file, so that the lines the examples print can be checked.
private func print(_ items: Any..., separator: String = " ") {
    readmePrinted.add(items.map { "\($0)" }.joined(separator: separator))
}

/// Returns the lines printed so far and starts over.
private func takePrinted() -> [String] {
    readmePrinted.take()
}

/// The README's screens.
enum ReadmeScreens {
    final class ProductScreen: Screen {
        override func viewDidAppear(_ animated: Bool) {
            // No call to super needed: hooks run around this method whatever it does.
            print("showing", title ?? "")
        }
    }

    /// Logs how long each page stayed on screen.
    final class PageViews: ScreenLifecycleObserver {
        private let time: any HostTime
        private var shownSince: [ObjectIdentifier: Double] = [:]

        init(time: any HostTime) {
            self.time = time
        }

        func screen(_ screen: Screen, didEnd phase: LifecyclePhase, animated: Bool) {
            if phase == .appear, screen.children.isEmpty {
                shownSince[ObjectIdentifier(screen)] = time.now
            }
        }

        func screen(_ screen: Screen, willBegin phase: LifecyclePhase, animated: Bool) {
            guard phase == .disappear, let start = shownSince.removeValue(forKey: ObjectIdentifier(screen)) else {
                return
            }
            print("page view:", screen.title ?? "", time.now - start, "s")
        }
    }

    /// Notes the product screens that leave, and how.
    final class Breadcrumbs: ScreenLifecycleObserver, Sendable {
        func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {
            print("left:", screen.title ?? "", "by", reason)
        }
    }

    final class EditorScreen: Screen {
        var hasUnsavedChanges = true

        override func shouldPop(trigger: PopTrigger) -> Bool {
            !hasUnsavedChanges  // the back button and the swipe are refused while there are changes
        }
    }

    final class DraftScreen: Screen {
        var hasChanges = false { didSet { isModalInPresentation = hasChanges } }

        override func presentationDidAttemptToDismiss() {
            print("keep or discard the draft?")
        }
    }

    final class ProfileScreen: Screen {
        var headerIsVisible = true {
            didSet { updateNavigationAppearance(animated: true) }
        }

        override var prefersNavigationBarTransparent: Bool? { headerIsVisible }
        override var preferredNavigationItemColor: RGBAColor? { headerIsVisible ? .white : nil }
    }
}

final class ReadmeExampleTests: XCTestCase {
    typealias ProductScreen = ReadmeScreens.ProductScreen
    typealias EditorScreen = ReadmeScreens.EditorScreen
    typealias ProfileScreen = ReadmeScreens.ProfileScreen
    typealias DraftScreen = ReadmeScreens.DraftScreen
    typealias PageViews = ReadmeScreens.PageViews
    typealias Breadcrumbs = ReadmeScreens.Breadcrumbs

    override func setUp() {
        super.setUp()
        _ = takePrinted()
    }

    func testGlobalHooksAndTheNavigationHost() throws {
        // Every screen, after it appears: any number of hooks per method and timing, each removable.
        let pageEnter = try Lifecycle.hook(.appear, .after, label: "page enter") { screen, animated in
            print("enter", screen.title ?? "")
        }
        // Product screens (and their subclasses) only, before they disappear.
        let productLeave = try Lifecycle.hook(.viewWillDisappear, .before, scope: .type(ProductScreen.self)) {
            screen, _ in
            print("leave", screen.title ?? "")
        }
        defer {
            pageEnter.cancel()
            productLeave.cancel()
        }

        let window = Window()  // real time; transitions complete at once unless a driver says otherwise
        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()  // enter Home (and its navigation controller, which has no title)
        try navigation.push(ProductScreen(title: "Shoes"), animated: true) { outcome in
            print("push", outcome)  // after viewDidAppear: push completed
        }
        XCTAssertEqual(takePrinted(), ["enter ", "enter Home", "showing Shoes", "enter Shoes", "push completed"])

        let cart = Screen(title: "Cart")
        try navigation.present(cart, style: .pageSheet, animated: true)  // a sheet: Shoes gets no disappear
        cart.dismiss(animated: true)
        try navigation.pop(animated: true)  // leave Shoes, enter Home
        XCTAssertEqual(takePrinted(), ["enter Cart", "leave Shoes", "enter Home"])

        let editor = EditorScreen(title: "Editor")
        try navigation.push(editor, animated: false)
        print(navigation.handleBackButton())  // nothing: the editor refused to be popped
        XCTAssertEqual(takePrinted(), ["enter Editor", "nothing"])
        do {
            try navigation.push(editor)
        } catch {
            print(error.code)  // alreadyInStack: never twice in one stack (in another: alreadyAttached)
        }
        XCTAssertEqual(takePrinted(), ["alreadyInStack"])
        print(Screen.stackDescription(navigation.viewControllers))
        XCTAssertEqual(takePrinted().count, 1)

        let draft = DraftScreen(title: "Draft")
        try navigation.present(draft, style: .pageSheet, animated: false)
        draft.hasChanges = true
        print(draft.interactiveDismissalRefusal() as Any)  // Optional(modalInPresentation): the swipe is refused
        XCTAssertEqual(takePrinted(), ["enter Draft", "Optional(modalInPresentation)"])
        XCTAssertThrowsError(try draft.beginInteractiveDismissal())
        XCTAssertEqual(takePrinted(), ["keep or discard the draft?"])
    }

    func testLifecycleObservers() throws {
        let time = VirtualTime()
        let window = Window(time: time)
        window.addObserver(PageViews(time: time))  // this window's screens, called by the window itself
        // Every window, with HookKit's scopes and priorities; cancel the token to stop.
        let breadcrumbs = try Lifecycle.addObserver(Breadcrumbs(), scope: .type(ProductScreen.self), priority: 10)
        defer { breadcrumbs.cancel() }

        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        time.advance(by: 2)
        try navigation.push(ProductScreen(title: "Shoes"), animated: false)
        time.advance(by: 30)
        try navigation.pop(animated: false)
        XCTAssertEqual(
            takePrinted(), ["page view: Home 2.0 s", "showing Shoes", "page view: Shoes 30.0 s", "left: Shoes by pop"])
    }

    func testAppearance() throws {
        let window = Window()
        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        navigation.defaultNavigationBarColor = try RGBAColor(hex: "#F7F7F7")
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()  // a controller applies its screens' appearance once it is on screen

        let profile = ProfileScreen(title: "Profile")
        try navigation.push(profile, animated: true)
        print(navigation.navigationBar.appearance)  // [transparent, bar: #F7F7F7, item: #FFFFFF]
        profile.headerIsVisible = false  // the screen scrolled: the bar follows
        print(navigation.navigationBar.appearance)  // [bar: #F7F7F7]
        XCTAssertEqual(takePrinted(), ["[transparent, bar: #F7F7F7, item: #FFFFFF]", "[bar: #F7F7F7]"])

        // Hide the bar on every product screen without subclassing: a per-type override of the preference.
        let hideOnProducts = try Screen.prefersNavigationBarHidden.override(.type(ProductScreen.self)) { _ in
            { _, _ in true }
        }
        defer { hideOnProducts.cancel() }
        try navigation.push(ProductScreen(title: "Shoes"), animated: true)  // showing Shoes
        print(navigation.navigationBar.isHidden)  // true
        try navigation.pop(animated: true)  // the profile's bar comes back as it was
        print(navigation.navigationBar.appearance)  // [bar: #F7F7F7]
        XCTAssertEqual(takePrinted(), ["showing Shoes", "true", "[bar: #F7F7F7]"])
    }

    func testStatisticsAndLeaks() throws {
        let time = VirtualTime()
        let window = Window(time: time)
        let statistics = ScreenStatistics(time: time)  // in memory; pass fileURL: to persist, batched and atomic
        let leaks = LeakDetector(time: time, isEnabled: true) { report in print(report) }
        statistics.attach(to: window)
        leaks.attach(to: window)

        let navigation = try NavigationController(rootScreen: Screen(title: "Home"))
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        time.advance(by: 30)
        try navigation.push(ProductScreen(title: "Shoes"), animated: false)  // showing Shoes
        time.advance(by: 90)
        try navigation.pop(animated: false)
        XCTAssertEqual(takePrinted(), ["showing Shoes"])
        print(statistics.report(top: 2))  // Home, a plain Screen, was viewed again after the pop
        // [ProductScreen: stayed 1.500 (mins), viewed 1, resumed 0]
        // [Screen: stayed 0.500 (mins), viewed 2, resumed 0]
        XCTAssertEqual(
            takePrinted(),
            [
                """
                [ProductScreen: stayed 1.500 (mins), viewed 1, resumed 0]
                [Screen: stayed 0.500 (mins), viewed 2, resumed 0]
                """
            ])

        var keptByMistake: [Screen] = [Screen(title: "Receipt")]
        try navigation.push(keptByMistake[0], animated: false)
        try navigation.pop(animated: false)  // Receipt leaves the stack, but the array still holds it
        time.advance(by: 1.5)
        // suspected leak: Screen "Receipt" [Screen] removed by pop at 120.000 s, still alive at 121.500 s
        XCTAssertEqual(
            takePrinted(),
            ["suspected leak: Screen \"Receipt\" [Screen] removed by pop at 120.000 s, still alive at 121.500 s"])
        keptByMistake.removeAll()
        time.advance(by: 30)
        // released late: Screen "Receipt" [Screen] removed by pop at 120.000 s, released by 124.500 s
        XCTAssertEqual(
            takePrinted(),
            ["released late: Screen \"Receipt\" [Screen] removed by pop at 120.000 s, released by 124.500 s"])
    }
}
