import HookKit
import XCTest

@testable import LifecycleKit

/// The window a screen's appearance is reported to, when no window in the process had observers at some point of it.
///
/// An XCTest case: LifecycleKit looks windows up only while some window in the process has observers, and this must
/// run where none has (XCTest runs serially, in a process of its own, before the parallel suites).
final class ObservedWindowTests: XCTestCase {
    func testAnAppearanceThatEndsWhileNoWindowHasObserversIsNotReportedToItsWindowLater() throws {
        XCTAssertFalse(_LifecycleObservers.hasObservedWindows, "the case needs no window with observers")
        let first = try NavigationHost(driver: .immediate)
        let second = try NavigationHost(driver: .immediate)
        let observer = RecordingObserver("1", first.log, kinds: [.begin, .end], accepts: { $0.label == "S" })
        let screen = first.screen("S")
        first.window.addObserver(observer)
        try first.navigation.push(screen, animated: false)  // appears in the first window, observed
        first.window.removeObserver(observer)  // no window has observers now
        try first.navigation.pop(animated: false)  // its appearance ends
        try second.navigation.push(screen, animated: false)  // appears in the second window
        first.window.addObserver(observer)
        defer { first.window.removeObserver(observer) }
        _ = first.log.take()
        try second.navigation.pop(animated: false)
        // The first window's observer hears nothing of a screen that disappears from the second window.
        XCTAssertEqual(first.log.take().filter { $0.hasPrefix("1 ") }, [])
    }
}
