import HookKit
import XCTest

@testable import HookKit

/// An async call holds its snapshot with a counted reference, not with a hazard slot: while it is suspended, a
/// replaced snapshot leaves the retired list at once and stays alive until the call returns.
///
/// An XCTest case because it reads the process-wide retired list (see ReclamationTests).
final class AsyncReclamationTests: XCTestCase {
    private final class Captured: Sendable {}

    static let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.suspended")

    /// Starts a call of the point in a task of its own.
    private static func startCall() -> Task<String, Never> {
        Task { await point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name } }
    }

    func testASuspendedCallKeepsItsSnapshotAliveWithoutHoldingAHazardSlot() async throws {
        let reclamation = _SnapshotReclamation.shared
        XCTAssertEqual(reclamation.retiredCount, 0, "an earlier test left retired snapshots behind")
        let gate = Gate()
        weak var captured: Captured?
        let token: HookToken
        do {
            let object = Captured()
            captured = object
            token = try Self.point.before { _, _ in
                _ = object
                await gate.arrive()
            }
        }
        let call = Self.startCall()
        await gate.waitForArrivals()
        // The call is suspended inside the snapshot's hook, possibly to resume on another thread.
        XCTAssertTrue(token.cancel())
        XCTAssertEqual(reclamation.retiredCount, 0, "a suspended async call must not hold a hazard slot")
        XCTAssertNotNil(captured, "the snapshot was freed under a call that still runs it")
        await gate.open()
        let result = await call.value
        XCTAssertEqual(result, "c")
        XCTAssertNil(captured, "the call returned: its reference was the last")
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    /// As for synchronous points: publishing a point whose hooks all apply to every receiver skips the compile cache,
    /// whose chains (here, the type hook's) must not outlive the change that made them stale.
    func testAScopedHookIsReleasedWhenOnlyEveryReceiverHooksRemain() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.scopedThenEvery")
        let car = Car(name: "c")
        let trace = Trace()
        try point.before { _, _ in trace.record("every") }
        weak var captured: Captured?
        let token: HookToken
        do {
            let object = Captured()
            captured = object
            token = try point.before(.type(Car.self)) { _, _ in
                _ = object
                trace.record("car")
            }
        }
        let first = await call(point, on: car, trace: trace)
        XCTAssertEqual(first, "c")
        XCTAssertEqual(trace.take(), ["every", "car", "body(c)"])
        XCTAssertTrue(token.cancel())
        XCTAssertNil(captured, "a stale compiled chain still holds the cancelled type hook's closure")
        let second = await call(point, on: car, trace: trace)
        XCTAssertEqual(second, "c")
        XCTAssertEqual(trace.take(), ["every", "body(c)"])
    }
}
