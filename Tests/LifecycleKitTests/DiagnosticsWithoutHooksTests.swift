import HookKit
import LifecycleKit
import XCTest

/// Statistics and leak detection with every hook switched off: they are the host's own work, not hooks.
///
/// An XCTest case because it flips the process-wide `Hooks.isEnabled` (see `GlobalAppearanceTests`).
final class DiagnosticsWithoutHooksTests: XCTestCase {
    override func tearDown() {
        Hooks.isEnabled = true
        super.tearDown()
    }

    func testStatisticsAndLeakDetectionDoNotDependOnHooks() throws {
        Hooks.isEnabled = false
        let time = VirtualTime()
        let window = Window(time: time)
        let navigation = try NavigationController(rootScreen: Home())
        let statistics = ScreenStatistics(time: time)
        var reports: [String] = []
        let detector = LeakDetector(time: time, isEnabled: true) { reports.append("\($0)") }
        statistics.attach(to: window)
        detector.attach(to: window)
        try window.setRootScreen(navigation)
        window.makeKeyAndVisible()
        let detail = ProductDetail(title: "Shoes")
        time.advance(by: 30)
        try navigation.push(detail, animated: false)
        time.advance(by: 15)
        try navigation.pop(animated: false)
        time.advance(by: 1.5)
        XCTAssertEqual(
            statistics.records.map(\.description),
            [
                "[Home: stayed 0.525 (mins), viewed 2, resumed 0]",
                "[ProductDetail: stayed 0.250 (mins), viewed 1, resumed 0]",
            ])
        XCTAssertEqual(
            reports,
            [
                #"suspected leak: ProductDetail "Shoes" [ProductDetail] removed by pop at 45.000 s"#
                    + #", still alive at 46.500 s"#
            ])
        // Nothing shows in the hook points' introspection.
        XCTAssertTrue(Screen.viewDidAppear.hooks.isEmpty)
        XCTAssertTrue(Screen.didLeaveHierarchy.hooks.isEmpty)
    }
}
