import HookKit
import Testing

/// Priority orders hooks within one scope level only: even the extreme values never move a hook to another level.
@Suite("Priority across levels")
struct PriorityAcrossLevelsTests {
    @Test("Int.max on every receiver and Int.min on the instance keep the levels' order for every kind")
    func extremePrioritiesDoNotCrossLevels() throws {
        let point = HookPoint<Vehicle, String, String>("PriorityAcrossLevels.extremes")
        let trace = Trace()
        let car = SportsCar(name: "s")
        let levels: [(HookScope<Vehicle>, String, Int)] = [
            (.instance(car), "inst", .min), (.exactType(SportsCar.self), "exact", -5),
            (.type(SportsCar.self), "sports", 0), (.type(Vehicle.self), "veh", 50), (.all, "all", .max),
        ]
        for (scope, name, priority) in levels {
            try point.before(scope, priority: priority, label: "B-\(name)") { _, _ in trace.record("B-\(name)") }
            try point.after(scope, priority: priority, label: "A-\(name)") { _, _, _ in trace.record("A-\(name)") }
            try point.override(scope, priority: priority, label: "O-\(name)") { original in
                { vehicle, prefix in
                    trace.record("O-\(name)")
                    return original(vehicle, prefix)
                }
            }
        }
        call(point, on: car, trace: trace)
        let expected = [
            "B-all", "B-veh", "B-sports", "B-exact", "B-inst",
            "O-inst", "O-exact", "O-sports", "O-veh", "O-all",
            "body(s)",
            "A-inst", "A-exact", "A-sports", "A-veh", "A-all",
        ]
        #expect(trace.all == expected)
        #expect(point.hooks(for: car).map(\.label) == expected.filter { $0 != "body(s)" })
    }
}
