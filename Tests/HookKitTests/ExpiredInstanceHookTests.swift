import XCTest

@testable import HookKit

/// `Hooks.removeExpiredInstanceHooks()`.
///
/// An XCTest case because it sweeps every point in the process: `swift test` runs XCTest in a process of its own,
/// serially, so the sweep cannot free a dead object that a parallel test keeps registered on purpose (see
/// `InstanceScopeTests.addressReuse`).
final class ExpiredInstanceHookTests: XCTestCase {
    func testADeadObjectsHooksStayUntilThePointChangesOrTheyAreRemovedOnRequest() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.expired")
        let hook: CapturingHook
        do {
            let car = Car(name: "short-lived")
            hook = try registerCapturing { object in try point.before(.instance(car)) { _, _ in _ = object } }
            _ = call(point, on: car, trace: Trace())
        }
        let storage = try XCTUnwrap(point.existingStorage)
        XCTAssertFalse(hook.token.isActive)
        // Nothing changed on the point since the object died: its entry still holds the hook's closure.
        XCTAssertEqual(storage.lock.withLock { storage.registrations.count }, 1)
        XCTAssertNotNil(hook.captured)
        Hooks.removeExpiredInstanceHooks()
        XCTAssertEqual(storage.lock.withLock { storage.registrations.count }, 0)
        XCTAssertEqual(storage.lock.withLock { storage.levels.instances.count }, 0)
        XCTAssertNil(hook.captured)
        XCTAssertFalse(hook.token.cancel())
    }
}
