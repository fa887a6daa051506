import HookKit
import XCTest

/// Installing, removing and changing `Hooks.tracer`: providers rebuilt once per switch, changes made by the tracer.
///
/// An XCTest case because the tracer is process-wide (see `GlobalSwitchTests`).
final class TracerSwitchTests: XCTestCase {
    override func tearDown() {
        Hooks.tracer = nil
        super.tearDown()
    }

    func testSettingAndRemovingATracerCallsEachProviderOnceMore() throws {
        let point = HookPoint<Vehicle, String, String>("TracerSwitch.providers")
        let builds = Trace()
        try point.override(label: "all") { original in
            builds.record("all")
            return { vehicle, prefix in original(vehicle, prefix) }
        }
        try point.before(.type(Truck.self)) { _, _ in }
        let car = Car(name: "c")
        let truck = Truck(name: "t")
        let calls = { () -> [String] in
            [call(point, on: car, trace: Trace()), call(point, on: truck, trace: Trace())]
        }
        XCTAssertEqual(calls(), ["c", "t"])
        XCTAssertEqual(builds.take(), ["all"])
        Hooks.tracer = HookTracer { _ in }
        XCTAssertEqual(calls(), ["c", "t"])
        XCTAssertEqual(builds.take(), ["all"])
        Hooks.tracer = nil
        XCTAssertEqual(calls(), ["c", "t"])
        XCTAssertEqual(builds.take(), ["all"])
    }

    func testATracerThatRemovesItselfAndRegistersAHook() throws {
        let point = HookPoint<Vehicle, String, String>("TracerSwitch.reentrant")
        let trace = Trace()
        try point.before { vehicle, _ in trace.record("before(\(vehicle.name))") }
        Hooks.tracer = HookTracer { event in
            guard event.pointName == "TracerSwitch.reentrant" else { return }
            trace.record("traced")
            Hooks.tracer = nil
            _ = try? point.after { vehicle, _, _ in trace.record("added(\(vehicle.name))") }
        }
        call(point, on: Car(name: "a"), trace: trace)
        call(point, on: Car(name: "b"), trace: trace)
        XCTAssertNil(Hooks.tracer)
        XCTAssertEqual(trace.all, ["before(a)", "body(a)", "traced", "before(b)", "body(b)", "added(b)"])
    }
}
