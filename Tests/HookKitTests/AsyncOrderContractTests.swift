import HookKit
import Testing

/// The order contract of async points: the synchronous order tests' registrations and expected traces, with every
/// other hook `async` and suspending, and a body that suspends.
@Suite("Async order contract")
final class AsyncOrderContractTests: Sendable {
    let point = AsyncHookPoint<Vehicle, String, String>("AsyncOrderContract.describe")
    let trace = Trace()
    let sportsCar = SportsCar(name: "s")

    init() throws {
        let sportsCar = self.sportsCar
        let registrations: [(HookKind, HookScope<Vehicle>, Int, String)] = [
            (.after, .type(Car.self), 0, "A-car"),
            (.before, .instance(sportsCar), 0, "B-inst"),
            (.override, .all, 0, "O-all"),
            (.before, .all, 0, "B-all-1"),
            (.after, .exactType(SportsCar.self), 0, "A-exact"),
            (.override, .type(Vehicle.self), 0, "O-veh"),
            (.before, .type(SportsCar.self), 0, "B-sports"),
            (.after, .all, 0, "A-all-1"),
            (.override, .instance(sportsCar), 0, "O-inst"),
            (.before, .type(Vehicle.self), 0, "B-veh"),
            (.after, .instance(sportsCar), 0, "A-inst"),
            (.override, .exactType(SportsCar.self), 0, "O-exact"),
            (.before, .exactType(SportsCar.self), 0, "B-exact"),
            (.after, .type(Vehicle.self), 0, "A-veh"),
            (.override, .type(Car.self), 0, "O-car"),
            (.before, .type(Car.self), 0, "B-car"),
            (.after, .type(SportsCar.self), 0, "A-sports"),
            (.override, .type(SportsCar.self), 0, "O-sports"),
            (.before, .all, 0, "B-all-2"),
            (.before, .all, 5, "B-all-hi"),
            (.after, .all, 0, "A-all-2"),
            (.after, .all, 5, "A-all-hi"),
            (.override, .all, 0, "O-all-2"),
            (.override, .all, -1, "O-all-lo"),
        ]
        let trace = self.trace
        for (index, (kind, scope, priority, label)) in registrations.enumerated() {
            let suspends = index % 2 == 0
            switch (kind, suspends) {
            case (.before, false):
                try point.before(scope, priority: priority, label: label) { _, _ in trace.record(label) }
            case (.before, true):
                try point.before(scope, priority: priority, label: label) { _, _ in
                    await Task.yield()
                    trace.record(label)
                }
            case (.after, false):
                try point.after(scope, priority: priority, label: label) { _, _, _ in trace.record(label) }
            case (.after, true):
                try point.after(scope, priority: priority, label: label) { _, _, _ in
                    await Task.yield()
                    trace.record(label)
                }
            case (.override, _):
                try point.override(scope, priority: priority, label: label) { original in
                    { vehicle, prefix in
                        if suspends { await Task.yield() }
                        trace.record(label)
                        return await original(vehicle, prefix)
                    }
                }
            }
        }
    }

    @Test("a hooked instance of the most derived type runs every level")
    func instanceOfMostDerivedType() async {
        await call(point, on: sportsCar, trace: trace)
        #expect(
            trace.all == [
                "B-all-hi", "B-all-1", "B-all-2", "B-veh", "B-car", "B-sports", "B-exact", "B-inst",
                "O-inst", "O-exact", "O-sports", "O-car", "O-veh", "O-all-2", "O-all", "O-all-lo",
                "body(s)",
                "A-inst", "A-exact", "A-sports", "A-car", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
            ])
    }

    @Test("another instance of the most derived type runs every level but the instance")
    func otherInstanceOfMostDerivedType() async {
        await call(point, on: SportsCar(name: "s2"), trace: trace)
        #expect(
            trace.all == [
                "B-all-hi", "B-all-1", "B-all-2", "B-veh", "B-car", "B-sports", "B-exact",
                "O-exact", "O-sports", "O-car", "O-veh", "O-all-2", "O-all", "O-all-lo",
                "body(s2)",
                "A-exact", "A-sports", "A-car", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
            ])
    }

    @Test("a middle type runs its own and its ancestors' levels only")
    func middleType() async {
        await call(point, on: Car(name: "c"), trace: trace)
        #expect(
            trace.all == [
                "B-all-hi", "B-all-1", "B-all-2", "B-veh", "B-car",
                "O-car", "O-veh", "O-all-2", "O-all", "O-all-lo",
                "body(c)",
                "A-car", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
            ])
    }

    @Test("a sibling runs only the shared levels")
    func sibling() async {
        await call(point, on: Truck(name: "t"), trace: trace)
        #expect(
            trace.all == [
                "B-all-hi", "B-all-1", "B-all-2", "B-veh",
                "O-veh", "O-all-2", "O-all", "O-all-lo",
                "body(t)",
                "A-veh", "A-all-2", "A-all-1", "A-all-hi",
            ])
    }

    @Test("introspection lists the hooks in call order")
    func introspectionMatchesCallOrder() async {
        await call(point, on: sportsCar, trace: trace)
        let labels = point.hooks(for: sportsCar).map { $0.label ?? "?" }
        #expect(labels == trace.all.filter { $0 != "body(s)" })
        #expect(point.hooks.count == 24)
        #expect(
            point.hooks(forType: Truck.self).map(\.label) == [
                "B-all-hi", "B-all-1", "B-all-2", "B-veh",
                "O-veh", "O-all-2", "O-all", "O-all-lo", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
            ])
    }
}
