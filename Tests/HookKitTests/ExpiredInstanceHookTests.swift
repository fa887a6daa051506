import XCTest

@testable import HookKit

/// A dead object's instance hooks: kept until the point changes or is introspected, or
/// `Hooks.removeExpiredInstanceHooks()` removes them.
///
/// An XCTest case because the sweep covers every point in the process: `swift test` runs XCTest in a process of its
/// own, serially, so the sweep cannot free a dead object that a parallel test keeps registered on purpose (see
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

    /// The log of instance changes that lets a compilation rebuild only the changed shards holds only changes that the
    /// published snapshot does not reflect yet: it stays small while hooks are switched off (an XCTest case for the
    /// switch, see `GlobalSwitchTests`).
    func testChangesToInstanceHooksWhileHooksAreSwitchedOffLeaveNoLogBehind() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.switchedOffLog")
        let keeper = Car(name: "keeper")
        try point.before(.instance(keeper)) { _, _ in }
        Hooks.isEnabled = false
        defer { Hooks.isEnabled = true }
        let car = Car(name: "churned")
        for _ in 0..<5_000 {
            try point.before(.instance(car)) { _, _ in }.cancel()
        }
        let storage = try XCTUnwrap(point.existingStorage)
        XCTAssertEqual(storage.lock.withLock { storage.levels.instanceChanges.count }, 0)
        Hooks.isEnabled = true
        let trace = Trace()
        try point.before(.instance(car)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        call(point, on: car, trace: trace)
        call(point, on: keeper, trace: trace)
        XCTAssertEqual(trace.take(), ["hook(churned)", "body(churned)", "body(keeper)"])
    }

    func testHooksForTypeReleasesADeadObjectsClosure() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.expiredForType")
        let hook: CapturingHook
        do {
            let car = Car(name: "short-lived")
            hook = try registerCapturing { object in try point.before(.instance(car)) { _, _ in _ = object } }
            call(point, on: car, trace: Trace())
        }
        XCTAssertNotNil(hook.captured)
        XCTAssertEqual(point.hooks(forType: Car.self), [])
        XCTAssertNil(hook.captured, "hooks(forType:) left the dead object's closure alive")
    }

    func testAnAsyncPointReleasesADeadObjectsClosureAtItsNextRegistrationOrOnRequest() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("Instance.expiredAsync")
        let first: CapturingHook
        do {
            let car = Car(name: "short-lived")
            first = try registerCapturing { object in try point.before(.instance(car)) { _, _ in _ = object } }
            _ = await call(point, on: car, trace: Trace())
        }
        XCTAssertNotNil(first.captured)
        let trucks = try point.before(.type(Truck.self)) { _, _ in }
        XCTAssertNil(first.captured, "the next registration left the dead object's closure alive")
        let second: CapturingHook
        do {
            let car = Car(name: "short-lived too")
            second = try registerCapturing { object in try point.after(.instance(car)) { _, _, _ in _ = object } }
            _ = await call(point, on: car, trace: Trace())
        }
        XCTAssertNotNil(second.captured)
        Hooks.removeExpiredInstanceHooks()
        XCTAssertNil(second.captured, "removeExpiredInstanceHooks() left the async point's dead closure alive")
        XCTAssertEqual(point.hooks.map(\.scope), [.type("HookKitTests.Truck")])
        trucks.cancel()
    }
}
