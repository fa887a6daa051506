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

    /// A global observer that attaches an observer to a screen's window when its viewWillAppear or viewWillDisappear
    /// is about to run.
    final class Attacher: ScreenLifecycleObserver, Sendable {
        let observer: RecordingObserver

        init(_ observer: RecordingObserver) {
            self.observer = observer
        }

        func screen(_ screen: Screen, willRun call: LifecycleCall) {
            switch call {
            case .viewWillAppear, .viewWillDisappear: screen.window?.addObserver(observer)
            default: break
            }
        }
    }

    func testAWindowObserverAttachedFromAGlobalWillCallbackHearsFromTheNextEventOnInBothDirections() throws {
        XCTAssertFalse(_LifecycleObservers.hasObservedWindows, "the case needs no window with observers")
        let host = try NavigationHost(driver: .immediate)
        let screen = host.screen("B")
        let observer = RecordingObserver("W", host.log, kinds: [.did, .end], accepts: { $0.label == "B" })
        let token = try Lifecycle.addObserver(Attacher(observer), scope: .instance(screen))
        defer { token.cancel() }
        try host.navigation.push(screen, animated: false)
        host.window.removeObserver(observer)
        XCTAssertEqual(
            host.log.take().filter { $0.hasPrefix("W ") }.first, "W did B.viewWillAppear(animated: false)")
        try host.navigation.pop(animated: false)
        host.window.removeObserver(observer)
        XCTAssertEqual(
            host.log.take().filter { $0.hasPrefix("W ") }.first, "W did B.viewWillDisappear(animated: false)")
    }
}
