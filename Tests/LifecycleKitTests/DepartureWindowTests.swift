import HookKit
import XCTest

@testable import LifecycleKit

/// The window a popped screen's departure names when its navigation controller left that window before the pop
/// completed.
///
/// An XCTest case: LifecycleKit once remembered that window only while some window in the process had observers, and
/// this must run where none has (XCTest runs serially, in a process of its own, before the parallel suites).
final class DepartureWindowTests: XCTestCase {
    /// Records the departures it hears of, with the window they name.
    final class Departures: ScreenLifecycleObserver, Sendable {
        let log: EventLog

        init(_ log: EventLog) {
            self.log = log
        }

        func screenDidLeaveHierarchy(_ screen: Screen, reason: LeaveReason, window: Window?) {
            log.add("\(screen.label) left (\(reason)) \(window.map { "\(ObjectIdentifier($0))" } ?? "no window")")
        }
    }

    func testAPoppedScreensDepartureNamesTheWindowItLeftWhateverOtherWindowsObserve() throws {
        XCTAssertFalse(_LifecycleObservers.hasObservedWindows, "the case needs no window with observers")
        let host = try NavigationHost()
        let log = EventLog()
        let popped = host.screen("B")
        let token = try Lifecycle.addObserver(Departures(log), scope: .instance(popped))
        defer { token.cancel() }
        try host.navigation.push(popped, animated: false)
        try host.navigation.pop(animated: true)
        // The navigation controller leaves the window (a log-out) while the pop animates.
        try host.window.setRootScreen(nil, animated: false)
        host.window.transitionDriver.completeAll()
        XCTAssertEqual(log.take(), ["B left (pop) \(ObjectIdentifier(host.window))"])
    }
}
