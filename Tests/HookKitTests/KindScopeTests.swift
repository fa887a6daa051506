import HookKit
import Testing

/// Each kind of hook in each scope, on a hierarchy `Vehicle > Car > SportsCar` plus `Truck`.
@Suite("Kinds × scopes")
struct KindScopeTests {
    @Test("before hook", arguments: ScopeCase.allCases)
    func before(scopeCase: ScopeCase) throws {
        let point = HookPoint<Vehicle, String, String>("before.\(scopeCase)")
        let garage = Garage()
        let trace = Trace()
        try point.before(garage.scope(scopeCase)) { vehicle, prefix in
            trace.record("before(\(vehicle.name),\(prefix))")
        }
        for vehicle in garage.all {
            call(point, on: vehicle, "p", trace: trace)
        }
        let expected: [ScopeCase: [String]] = [
            .all: [
                "before(v,p)", "body(v)", "before(c,p)", "body(c)", "before(s,p)", "body(s)", "before(t,p)",
                "body(t)", "before(c2,p)", "body(c2)",
            ],
            .type: [
                "body(v)", "before(c,p)", "body(c)", "before(s,p)", "body(s)", "body(t)", "before(c2,p)", "body(c2)",
            ],
            .exactType: ["body(v)", "before(c,p)", "body(c)", "body(s)", "body(t)", "before(c2,p)", "body(c2)"],
            .instance: ["body(v)", "before(c,p)", "body(c)", "body(s)", "body(t)", "body(c2)"],
        ]
        #expect(trace.all == expected[scopeCase])
    }

    @Test("after hook sees the result", arguments: ScopeCase.allCases)
    func after(scopeCase: ScopeCase) throws {
        let point = HookPoint<Vehicle, String, String>("after.\(scopeCase)")
        let garage = Garage()
        let trace = Trace()
        try point.after(garage.scope(scopeCase)) { vehicle, prefix, result in
            trace.record("after(\(vehicle.name),\(prefix))=\(result)")
        }
        for vehicle in garage.all {
            call(point, on: vehicle, "p", trace: trace)
        }
        let expected: [ScopeCase: [String]] = [
            .all: [
                "body(v)", "after(v,p)=pv", "body(c)", "after(c,p)=pc", "body(s)", "after(s,p)=ps", "body(t)",
                "after(t,p)=pt", "body(c2)", "after(c2,p)=pc2",
            ],
            .type: [
                "body(v)", "body(c)", "after(c,p)=pc", "body(s)", "after(s,p)=ps", "body(t)", "body(c2)",
                "after(c2,p)=pc2",
            ],
            .exactType: ["body(v)", "body(c)", "after(c,p)=pc", "body(s)", "body(t)", "body(c2)", "after(c2,p)=pc2"],
            .instance: ["body(v)", "body(c)", "after(c,p)=pc", "body(s)", "body(t)", "body(c2)"],
        ]
        #expect(trace.all == expected[scopeCase])
    }

    @Test("override changes arguments and result", arguments: ScopeCase.allCases)
    func override(scopeCase: ScopeCase) throws {
        let point = HookPoint<Vehicle, String, String>("override.\(scopeCase)")
        let garage = Garage()
        let trace = Trace()
        try point.override(garage.scope(scopeCase)) { original in
            { vehicle, prefix in
                trace.record("override(\(vehicle.name))")
                return original(vehicle, prefix.uppercased()) + "!"
            }
        }
        let results = garage.all.map { call(point, on: $0, "p", trace: trace) }
        let expected: [ScopeCase: (trace: [String], results: [String])] = [
            .all: (
                [
                    "override(v)", "body(v)", "override(c)", "body(c)", "override(s)", "body(s)", "override(t)",
                    "body(t)", "override(c2)", "body(c2)",
                ],
                ["Pv!", "Pc!", "Ps!", "Pt!", "Pc2!"]
            ),
            .type: (
                ["body(v)", "override(c)", "body(c)", "override(s)", "body(s)", "body(t)", "override(c2)", "body(c2)"],
                ["pv", "Pc!", "Ps!", "pt", "Pc2!"]
            ),
            .exactType: (
                ["body(v)", "override(c)", "body(c)", "body(s)", "body(t)", "override(c2)", "body(c2)"],
                ["pv", "Pc!", "ps", "pt", "Pc2!"]
            ),
            .instance: (
                ["body(v)", "override(c)", "body(c)", "body(s)", "body(t)", "body(c2)"],
                ["pv", "Pc!", "ps", "pt", "pc2"]
            ),
        ]
        #expect(trace.all == expected[scopeCase]?.trace)
        #expect(results == expected[scopeCase]?.results)
    }

    @Test("an override may skip the original or call it several times")
    func overrideCallsOriginalZeroOrManyTimes() throws {
        let point = HookPoint<Vehicle, String, String>("override.count")
        let car = Car(name: "c")
        let trace = Trace()
        let skip = try point.override(.exactType(Truck.self)) { _ in
            { _, _ in "replaced" }
        }
        try point.override(.instance(car)) { original in
            { vehicle, prefix in
                original(vehicle, prefix + "1") + "+" + original(vehicle, prefix + "2")
            }
        }
        #expect(call(point, on: car, "p", trace: trace) == "p1c+p2c")
        #expect(trace.take() == ["body(c)", "body(c)"])
        #expect(call(point, on: Truck(name: "t"), trace: trace) == "replaced")
        #expect(trace.take() == [])
        skip.cancel()
        #expect(call(point, on: Truck(name: "t"), trace: trace) == "t")
        #expect(trace.take() == ["body(t)"])
    }

    @Test("hooks of all three kinds on a method without arguments, on a value receiver")
    func valueReceiver() throws {
        let trace = Trace()
        let point = HookPoint<Meter, Void, Int>("Meter.read.local")
        try point.before { meter, _ in trace.record("before(\(meter.reading))") }
        try point.override(.type(Meter.self)) { original in
            { meter, arguments in original(meter, arguments) * 10 }
        }
        try point.after { meter, _, result in trace.record("after(\(meter.reading))=\(result)") }
        let meter = Meter(reading: 4)
        let value = point.invoke(meter) { meter in
            trace.record("body")
            return meter.reading
        }
        #expect(value == 40)
        #expect(trace.all == ["before(4)", "body", "after(4)=40"])
    }
}
