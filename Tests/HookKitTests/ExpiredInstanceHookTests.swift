import XCTest

@testable import HookKit

/// `Hooks.removeExpiredInstanceHooks()`.
///
/// An XCTest case because it sweeps every point in the process: `swift test` runs XCTest in a process of its own,
/// serially, so the sweep cannot free a dead object that a parallel test keeps registered on purpose (see
/// `InstanceScopeTests.addressReuse`).
final class ExpiredInstanceHookTests: XCTestCase {
    private final class Captured: Sendable {}

    func testADeadObjectsHooksStayUntilThePointChangesOrTheyAreRemovedOnRequest() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.expired")
        weak var captured: Captured?
        let token: HookToken
        do {
            let car = Car(name: "short-lived")
            let object = Captured()
            captured = object
            token = try point.before(.instance(car)) { _, _ in _ = object }
            _ = call(point, on: car, trace: Trace())
        }
        let storage = try XCTUnwrap(point.existingStorage)
        XCTAssertFalse(token.isActive)
        // Nothing changed on the point since the object died: its entry still holds the hook's closure.
        XCTAssertEqual(storage.lock.withLock { storage.registrations.count }, 1)
        XCTAssertNotNil(captured)
        Hooks.removeExpiredInstanceHooks()
        XCTAssertEqual(storage.lock.withLock { storage.registrations.count }, 0)
        XCTAssertEqual(storage.lock.withLock { storage.levels.instances.count }, 0)
        XCTAssertNil(captured)
        XCTAssertFalse(token.cancel())
    }
}
