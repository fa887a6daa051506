import HookKit
import LifecycleKit
import XCTest

// Tests that change process-wide state (the shared global appearance, `Hooks.isEnabled`) are XCTest
// cases on purpose: `swift test` runs XCTest in a process of its own, serially, before it runs the
// Swift Testing suites in parallel, so these changes can never disturb another test.

/// The shared global appearance, and the host's appearance work with every hook switched off.
final class GlobalAppearanceTests: XCTestCase {
    override func tearDown() {
        NavigationBarAppearanceProxy.shared.attributes = NavigationBarAttributes()
        Hooks.isEnabled = true
        super.tearDown()
    }

    func testNavigationControllersReadTheSharedAppearanceByDefault() throws {
        NavigationBarAppearanceProxy.shared.update { appearance in
            appearance.barColor = .white
            appearance.shadowImage = "hairline"
        }
        let root = Screen(title: "root")
        let navigation = try NavigationController(rootScreen: root)
        XCTAssertTrue(navigation.navigationBarAppearanceProxy === NavigationBarAppearanceProxy.shared)
        let window = Window(time: VirtualTime())
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        XCTAssertEqual(navigation.navigationBar.appearance.description, "[bar: #FFFFFF, shadow: hairline]")
        // A screen outside any navigation controller resolves against the shared appearance too.
        XCTAssertEqual(Screen().resolvedNavigationBarAppearance.description, "[bar: #FFFFFF, shadow: hairline]")
        // A change applies from the next appearance, as in UIKit.
        NavigationBarAppearanceProxy.shared.attributes.barColor = .black
        XCTAssertEqual(navigation.navigationBar.appearance.barColor, .white)
        root.updateNavigationAppearance()
        XCTAssertEqual(navigation.navigationBar.appearance.description, "[bar: #000000, shadow: hairline]")
    }

    func testTheHostsAppearanceWorkDoesNotDependOnHooks() throws {
        final class Hiding: Screen {
            override var prefersNavigationBarHidden: Bool? { true }
            override var prefersStatusBarHidden: Bool { true }
        }
        let root = Screen(title: "root")
        let recolor = try Screen.preferredNavigationBarColor.override(.instance(root)) { _ in { _, _ in .black } }
        defer { recolor.cancel() }
        Hooks.isEnabled = false
        let navigation = try NavigationController(rootScreen: root)
        navigation.navigationBarAppearanceProxy = NavigationBarAppearanceProxy()
        let window = Window(time: VirtualTime())
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        // The override is off; the screens' own preferences, stash and restore, and the status bar still work.
        XCTAssertEqual(navigation.navigationBar.appearance.description, "[]")
        try navigation.push(Hiding(), animated: false)
        XCTAssertTrue(navigation.isNavigationBarHidden)
        XCTAssertTrue(window.statusBar.isHidden)
        XCTAssertEqual(root.stashedNavigationBarAppearance?.description, "[]")
        try navigation.pop(animated: false)
        XCTAssertFalse(navigation.isNavigationBarHidden)
        XCTAssertFalse(window.statusBar.isHidden)
        Hooks.isEnabled = true
        root.updateNavigationAppearance()
        XCTAssertEqual(navigation.navigationBar.appearance.description, "[bar: #000000]")
    }
}
