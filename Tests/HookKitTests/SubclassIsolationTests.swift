import HookKit
import Testing

/// A generic subclass: each specialization is a class of its own.
private final class Fleet<Tag>: Car, @unchecked Sendable {}

/// Hooking a subclass never changes its superclass or its siblings: the classic swizzling bug,
/// where replacing `Sub`'s method patches `Base` for everyone, cannot happen.
@Suite("Subclass isolation")
struct SubclassIsolationTests {
    @Test("an override for a subclass leaves the base class and a sibling unaffected")
    func subclassOverride() throws {
        let point = HookPoint<Vehicle, String, String>("Isolation.override")
        let trace = Trace()
        try point.override(.type(Car.self)) { original in
            { vehicle, prefix in "car:" + original(vehicle, prefix) }
        }
        #expect(call(point, on: Vehicle(name: "v"), trace: trace) == "v")
        #expect(call(point, on: Truck(name: "t"), trace: trace) == "t")
        #expect(call(point, on: Car(name: "c"), trace: trace) == "car:c")
        #expect(call(point, on: SportsCar(name: "s"), trace: trace) == "car:s")
        #expect(trace.all == ["body(v)", "body(t)", "body(c)", "body(s)"])
    }

    @Test("subclass and superclass overrides compose like subclassing, in either registration order")
    func subclassAndSuperclassBothHooked() throws {
        for subclassFirst in [true, false] {
            let point = HookPoint<Vehicle, String, String>("Isolation.both")
            let register = {
                if subclassFirst {
                    try point.override(.type(Car.self)) { original in { v, p in "car(" + original(v, p) + ")" } }
                    try point.override(.type(Vehicle.self)) { original in { v, p in "veh(" + original(v, p) + ")" } }
                } else {
                    try point.override(.type(Vehicle.self)) { original in { v, p in "veh(" + original(v, p) + ")" } }
                    try point.override(.type(Car.self)) { original in { v, p in "car(" + original(v, p) + ")" } }
                }
            }
            try register()
            let trace = Trace()
            #expect(call(point, on: Car(name: "c"), trace: trace) == "car(veh(c))")
            #expect(call(point, on: Vehicle(name: "v"), trace: trace) == "veh(v)")
            #expect(call(point, on: Truck(name: "t"), trace: trace) == "veh(t)")
        }
    }

    @Test("cancelling the superclass's hook leaves the subclass's in place, and the reverse")
    func outOfOrderRevert() throws {
        let point = HookPoint<Vehicle, String, String>("Isolation.revert")
        let trace = Trace()
        let base = try point.override(.type(Vehicle.self)) { original in { v, p in "veh(" + original(v, p) + ")" } }
        let sub = try point.override(.type(Car.self)) { original in { v, p in "car(" + original(v, p) + ")" } }
        #expect(base.cancel())
        #expect(call(point, on: Car(name: "c"), trace: trace) == "car(c)")
        #expect(call(point, on: Vehicle(name: "v"), trace: trace) == "v")
        let base2 = try point.override(.type(Vehicle.self)) { original in { v, p in "veh(" + original(v, p) + ")" } }
        #expect(sub.cancel())
        #expect(call(point, on: Car(name: "c"), trace: trace) == "veh(c)")
        #expect(base2.cancel())
        #expect(call(point, on: Car(name: "c"), trace: trace) == "c")
    }

    @Test("each specialization of a generic subclass is a type of its own: a hook on one leaves the others")
    func genericSubclassSpecializations() throws {
        let point = HookPoint<Vehicle, String, String>("Isolation.generic")
        let trace = Trace()
        try point.before(.type(Fleet<Int>.self)) { vehicle, _ in trace.record("Fleet<Int>(\(vehicle.name))") }
        for vehicle in [Fleet<Int>(name: "i"), Fleet<String>(name: "s"), Car(name: "c")] {
            call(point, on: vehicle, trace: trace)
        }
        #expect(trace.all == ["Fleet<Int>(i)", "body(i)", "body(s)", "body(c)"])
    }
}
