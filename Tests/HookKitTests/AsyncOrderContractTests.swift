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
        let registrations = OrderContractFixture.registrations(instance: sportsCar)
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
        #expect(trace.all == OrderContractFixture.hookedInstance)
    }

    @Test("another instance of the most derived type runs every level but the instance")
    func otherInstanceOfMostDerivedType() async {
        await call(point, on: SportsCar(name: "s2"), trace: trace)
        #expect(trace.all == OrderContractFixture.otherInstance)
    }

    @Test("a middle type runs its own and its ancestors' levels only")
    func middleType() async {
        await call(point, on: Car(name: "c"), trace: trace)
        #expect(trace.all == OrderContractFixture.middleType)
    }

    @Test("a sibling runs only the shared levels")
    func sibling() async {
        await call(point, on: Truck(name: "t"), trace: trace)
        #expect(trace.all == OrderContractFixture.sibling)
    }

    @Test("introspection lists the hooks in call order")
    func introspectionMatchesCallOrder() async {
        await call(point, on: sportsCar, trace: trace)
        let labels = point.hooks(for: sportsCar).map { $0.label ?? "?" }
        #expect(labels == trace.all.filter { $0 != "body(s)" })
        #expect(point.hooks.count == 24)
        #expect(point.hooks(forType: Truck.self).map(\.label) == OrderContractFixture.siblingHooks)
    }
}
