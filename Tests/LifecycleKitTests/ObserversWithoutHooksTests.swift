import HookKit
import LifecycleKit
import XCTest

/// Lifecycle observers with every hook switched off: global registrations are hooks and stop, a window's observers
/// are the window's own work and go on.
///
/// An XCTest case because it flips the process-wide `Hooks.isEnabled` (see `GlobalAppearanceTests`).
final class ObserversWithoutHooksTests: XCTestCase {
    private final class Switched: TestScreen {}

    override func tearDown() {
        Hooks.isEnabled = true
        super.tearDown()
    }

    func testGlobalObserversStopAndWindowObserversGoOn() throws {
        let host = try NavigationHost(driver: .immediate)
        let kinds: Set<RecordingObserver.Kind> = [.end]
        let isSwitched: @Sendable (Screen) -> Bool = { $0 is Switched }
        let token = try Lifecycle.addObserver(
            RecordingObserver("global", host.log, kinds: kinds, accepts: isSwitched), scope: .type(Switched.self))
        defer { token.cancel() }
        host.window.addObserver(RecordingObserver("window", host.log, kinds: kinds, accepts: isSwitched))

        Hooks.isEnabled = false
        try host.navigation.push(Switched("B", host.log), animated: false)
        XCTAssertEqual(
            host.log.take().filter { $0.contains(" end ") }, ["window end B.load", "window end B.appear"])
        // The registration stays: it is only switched off.
        XCTAssertTrue(token.isActive)
        XCTAssertEqual(Lifecycle.observers.filter { $0.id == token.hook.id }.count, 1)

        Hooks.isEnabled = true
        try host.navigation.pop(animated: false)
        XCTAssertEqual(
            host.log.take().filter { $0.contains(" end ") }, ["window end B.disappear", "global end B.disappear"])
    }
}
