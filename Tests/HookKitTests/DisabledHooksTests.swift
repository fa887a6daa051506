import HookKit
import XCTest

/// `Hooks.isEnabled` switched off: a once hook waits unfired, and a call already running keeps its chain.
///
/// An XCTest case because the switch is process-wide (see `GlobalSwitchTests`).
final class DisabledHooksTests: XCTestCase {
    override func tearDown() {
        Hooks.isEnabled = true
        super.tearDown()
    }

    func testAOnceHookDoesNotFireWhileHooksAreOffAndFiresOnceTheyAreBack() throws {
        let point = HookPoint<Vehicle, String, String>("DisabledHooks.once")
        let trace = Trace()
        Hooks.isEnabled = false
        let token = try point.before(label: "once", once: true) { vehicle, _ in trace.record("once(\(vehicle.name))") }
        call(point, on: Car(name: "off"), trace: trace)
        XCTAssertTrue(token.isActive)
        XCTAssertEqual(point.hooks.map(\.label), ["once"])
        Hooks.isEnabled = true
        call(point, on: Car(name: "on"), trace: trace)
        call(point, on: Car(name: "again"), trace: trace)
        XCTAssertEqual(trace.all, ["body(off)", "once(on)", "body(on)", "body(again)"])
        XCTAssertFalse(token.isActive)
    }

    func testSwitchingHooksOffInsideAHookLetsThatCallFinishWithItsChain() throws {
        let point = HookPoint<Vehicle, String, String>("DisabledHooks.insideACall")
        let trace = Trace()
        try point.before { vehicle, _ in
            trace.record("before(\(vehicle.name))")
            Hooks.isEnabled = false
        }
        try point.override { original in { vehicle, prefix in "[" + original(vehicle, prefix) + "]" } }
        try point.after { vehicle, _, _ in trace.record("after(\(vehicle.name))") }
        XCTAssertEqual(call(point, on: Car(name: "a"), trace: trace), "[a]")
        XCTAssertEqual(call(point, on: Car(name: "b"), trace: trace), "b")
        XCTAssertEqual(trace.all, ["before(a)", "body(a)", "after(a)", "body(b)"])
    }
}
