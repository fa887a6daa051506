import HookKit
import Synchronization
import XCTest

/// Installing, removing and changing `Hooks.tracer`: providers rebuilt once per switch, changes made by the tracer,
/// calls in progress (or suspended) while the tracer changes, which are traced by the tracer they started with.
///
/// An XCTest case because the tracer is process-wide (see `GlobalSwitchTests`).
final class TracerSwitchTests: XCTestCase {
    static let inProgress = HookPoint<Vehicle, String, String>("TracerSwitch.inProgress")
    static let suspended = AsyncHookPoint<Vehicle, String, String>("TracerSwitch.suspended")
    static let calledByTheTracer = HookPoint<Vehicle, String, String>("TracerSwitch.calledByTheTracer")

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

    func testSettingAndRemovingATracerCallsEachAsyncProviderOnceMore() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("TracerSwitch.asyncProviders")
        let builds = Trace()
        try point.override(label: "all") { original in
            builds.record("all")
            return { vehicle, prefix in await original(vehicle, prefix) }
        }
        let car = Car(name: "c")
        _ = await call(point, on: car, trace: Trace())
        XCTAssertEqual(builds.take(), ["all"])
        Hooks.tracer = HookTracer { _ in }
        _ = await call(point, on: car, trace: Trace())
        XCTAssertEqual(builds.take(), ["all"])
        Hooks.tracer = nil
        _ = await call(point, on: car, trace: Trace())
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

    func testATracerThatCancelsAHookAndCallsAHookedMethodIsCalledForThatCallToo() throws {
        let trace = Trace()
        let victim = try Self.calledByTheTracer.after(label: "victim") { vehicle, _, _ in
            trace.record("victim(\(vehicle.name))")
        }
        try Self.calledByTheTracer.before(label: "keep") { _, _ in }
        let events = EventLog()
        let acted = Atomic<Bool>(false)
        Hooks.tracer = HookTracer { event in
            guard event.pointName == "TracerSwitch.calledByTheTracer" else { return }
            events.append(event)
            // Acts once only: a tracer that calls a hooked method each time it runs recurses without end.
            guard !acted.exchange(true, ordering: .relaxed) else { return }
            trace.record("cancelled: \(victim.cancel())")
            call(TracerSwitchTests.calledByTheTracer, on: Truck(name: "from the tracer"), trace: trace)
        }
        call(Self.calledByTheTracer, on: Car(name: "a"), trace: trace)
        call(Self.calledByTheTracer, on: Car(name: "b"), trace: trace)
        XCTAssertEqual(trace.all, ["body(a)", "victim(a)", "cancelled: true", "body(from the tracer)", "body(b)"])
        XCTAssertEqual(
            events.all.map(\.description),
            [
                "TracerSwitch.calledByTheTracer on HookKitTests.Car: before all 'keep', body, after all 'victim'",
                "TracerSwitch.calledByTheTracer on HookKitTests.Truck: before all 'keep', body",
                "TracerSwitch.calledByTheTracer on HookKitTests.Car: before all 'keep', body",
            ])
    }

    func testACallInProgressIsTracedByTheTracerItStartedWith() throws {
        let gate = CallGate()
        try Self.inProgress.before(label: "hold") { vehicle, _ in
            if vehicle.name.hasPrefix("held") { gate.hold() }
        }
        let first = EventLog()
        let second = EventLog()
        let cars = ["held a", "b", "held c", "held d", "e"].map { Car(name: $0) }
        let describe: @Sendable (Car) -> Void = { car in
            _ = TracerSwitchTests.inProgress.invoke(car, "") { vehicle, _ in vehicle.name }
        }
        // Set while a call is in progress: that call is not reported.
        var finished = gate.startHeldCall { describe(cars[0]) }
        Hooks.tracer = HookTracer { if $0.pointName == "TracerSwitch.inProgress" { first.append($0) } }
        gate.release()
        finished.wait()
        describe(cars[1])
        // Replaced while a call is in progress: it is reported to the tracer it started with, when it ends.
        finished = gate.startHeldCall { describe(cars[2]) }
        Hooks.tracer = HookTracer { if $0.pointName == "TracerSwitch.inProgress" { second.append($0) } }
        XCTAssertEqual(first.all.count, 1)
        gate.release()
        finished.wait()
        // Cleared while a call is in progress: the same.
        finished = gate.startHeldCall { describe(cars[3]) }
        Hooks.tracer = nil
        XCTAssertEqual(second.all.count, 0)
        gate.release()
        finished.wait()
        describe(cars[4])
        XCTAssertEqual(first.all.map(\.receiver), [ObjectIdentifier(cars[1]), ObjectIdentifier(cars[2])])
        XCTAssertEqual(second.all.map(\.receiver), [ObjectIdentifier(cars[3])])
        XCTAssertEqual(first.all.map { $0.hooks.map(\.label) }, [["hold"], ["hold"]])
    }

    func testASuspendedCallIsTracedByTheTracerItStartedWith() async throws {
        let gates = [Gate(), Gate()]
        try Self.suspended.before(label: "hold") { vehicle, _ in
            if vehicle.name == "held a" { await gates[0].arrive() }
            if vehicle.name == "held b" { await gates[1].arrive() }
        }
        let events = EventLog()
        let held = [Car(name: "held a"), Car(name: "held b")]
        // Set while a call is suspended: that call is not reported.
        let first = Task { await call(TracerSwitchTests.suspended, on: held[0], trace: Trace()) }
        await gates[0].waitForArrivals()
        Hooks.tracer = HookTracer { if $0.pointName == "TracerSwitch.suspended" { events.append($0) } }
        await gates[0].open()
        _ = await first.value
        XCTAssertEqual(events.all.count, 0)
        // Cleared while a call is suspended: it is reported to the cleared tracer, when it ends.
        let second = Task { await call(TracerSwitchTests.suspended, on: held[1], trace: Trace()) }
        await gates[1].waitForArrivals()
        Hooks.tracer = nil
        XCTAssertEqual(events.all.count, 0)
        await gates[1].open()
        _ = await second.value
        XCTAssertEqual(events.all.map(\.receiver), [ObjectIdentifier(held[1])])
        XCTAssertEqual(
            events.all.map(\.description), ["TracerSwitch.suspended on HookKitTests.Car: before all 'hold', body"])
    }
}
