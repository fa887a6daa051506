import HookKit
import Testing

/// Scopes on async points: the same four scopes, the same subclass isolation and the same typed refusals as
/// synchronous points.
@Suite("Async scopes")
struct AsyncScopeTests {
    @Test("each scope reaches exactly its receivers", arguments: ScopeCase.allCases)
    func scopeReachesItsReceivers(_ scopeCase: ScopeCase) async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncScopes.\(scopeCase)")
        let garage = Garage()
        let trace = Trace()
        try point.before(garage.scope(scopeCase)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        for vehicle in garage.all {
            await call(point, on: vehicle, trace: trace)
        }
        let expected: [ScopeCase: [String]] = [
            .all: [
                "hook(v)", "body(v)", "hook(c)", "body(c)", "hook(s)", "body(s)", "hook(t)", "body(t)", "hook(c2)",
                "body(c2)",
            ],
            .type: ["body(v)", "hook(c)", "body(c)", "hook(s)", "body(s)", "body(t)", "hook(c2)", "body(c2)"],
            .exactType: ["body(v)", "hook(c)", "body(c)", "body(s)", "body(t)", "hook(c2)", "body(c2)"],
            .instance: ["body(v)", "hook(c)", "body(c)", "body(s)", "body(t)", "body(c2)"],
        ]
        #expect(trace.all == expected[scopeCase])
    }

    @Test("an override on a subclass never reaches the superclass or a sibling")
    func subclassOverrideStaysInItsSubtree() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncScopes.subclass")
        try point.override(.type(Car.self)) { original in
            { vehicle, prefix in
                await Task.yield()
                return "car:" + (await original(vehicle, prefix))
            }
        }
        let trace = Trace()
        #expect(await call(point, on: Vehicle(name: "v"), trace: trace) == "v")
        #expect(await call(point, on: Truck(name: "t"), trace: trace) == "t")
        #expect(await call(point, on: Car(name: "c"), trace: trace) == "car:c")
        #expect(await call(point, on: SportsCar(name: "s"), trace: trace) == "car:s")
    }

    @Test("a type that is not a receiver type is refused with a typed error")
    func incompatibleType() throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncScopes.incompatible")
        #expect(throws: HookError.self) { try point.before(.type(Bicycle.self)) { _, _ in } }
        do {
            try point.override(.exactType(Bicycle.self)) { original in original.callAsFunction }
            Issue.record("the scope was accepted")
        } catch {
            #expect(error.code == .incompatibleScopeType)
            #expect(error.pointName == "AsyncScopes.incompatible")
        }
        #expect(point.hooks.isEmpty)
    }

    @Test("class methods: a type scope is refused with incompatibleScopeType; an exact type scope hooks one class")
    func classMethodScopes() async throws {
        let point = AsyncHookPoint<Vehicle.Type, Void, String>("AsyncScopes.classMethod")
        do {
            try point.before(.type(Car.Type.self)) { _, _ in }
            Issue.record("the scope was accepted")
        } catch {
            #expect(error.code == .incompatibleScopeType)
        }
        let trace = Trace()
        try point.before(.exactType(Car.Type.self), label: "cars") { type, _ in trace.record("hook(\(type))") }
        for type in [Vehicle.self, Car.self, SportsCar.self] as [Vehicle.Type] {
            _ = await point.invoke(type) { type in String(describing: type) }
        }
        #expect(trace.all == ["hook(Car)"])
        #expect(point.hooks.map(\.label) == ["cars"])
    }

    @Test("an instance scope on a value receiver, or on an object that is not a receiver, is refused")
    func refusedInstanceScopes() throws {
        let values = AsyncHookPoint<Meter, Void, Int>("AsyncScopes.values")
        do {
            try values.after(.object(Bicycle())) { _, _, _ in }
            Issue.record("the scope was accepted")
        } catch {
            #expect(error.code == .instanceScopeNeedsObjectReceiver)
        }
        let vehicles = AsyncHookPoint<Vehicle, String, String>("AsyncScopes.notAReceiver")
        do {
            try vehicles.before(.object(Bicycle())) { _, _ in }
            Issue.record("the scope was accepted")
        } catch {
            #expect(error.code == .objectIsNotAReceiver)
        }
    }

    @Test("an instance hook does not keep its object alive and goes away with it")
    func instanceHookIsWeak() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncScopes.weak")
        let trace = Trace()
        weak var released: Car?
        var token: HookToken?
        do {
            let car = Car(name: "gone")
            released = car
            token = try point.before(.instance(car), label: "instance") { _, _ in trace.record("hook") }
            await call(point, on: car, trace: trace)
        }
        #expect(released == nil)
        #expect(token?.isActive == false)
        #expect(point.hooks.isEmpty)
        #expect(trace.all == ["hook", "body(gone)"])
    }

    @Test("value receivers take type scopes; hooks and the body see the value")
    func valueReceivers() async throws {
        let point = AsyncHookPoint<Meter, Void, Int>("AsyncScopes.meter")
        try point.override(.exactType(Meter.self)) { original in
            { meter, _ in await original(Meter(reading: meter.reading * 10), ()) }
        }
        let result = await point.invoke(Meter(reading: 4)) { meter in meter.reading + 1 }
        #expect(result == 41)
    }
}
