import HookKit
import Testing

/// The order contract on a three-level hierarchy (`Vehicle > Car > SportsCar`), with hooks of
/// every kind and scope registered in a scrambled order.
@Suite("Order contract")
final class OrderContractTests: Sendable {
    let point = HookPoint<Vehicle, String, String>("OrderContract.describe")
    let trace = Trace()
    let sportsCar = SportsCar(name: "s")

    init() throws {
        let sportsCar = self.sportsCar
        let registrations = OrderContractFixture.registrations(instance: sportsCar)
        let trace = self.trace
        for (kind, scope, priority, label) in registrations {
            switch kind {
            case .before:
                try point.before(scope, priority: priority, label: label) { _, _ in trace.record(label) }
            case .after:
                try point.after(scope, priority: priority, label: label) { _, _, _ in trace.record(label) }
            case .override:
                try point.override(scope, priority: priority, label: label) { original in
                    { vehicle, prefix in
                        trace.record(label)
                        return original(vehicle, prefix)
                    }
                }
            }
        }
    }

    @Test("a hooked instance of the most derived type runs every level")
    func instanceOfMostDerivedType() {
        call(point, on: sportsCar, trace: trace)
        #expect(trace.all == OrderContractFixture.hookedInstance)
    }

    @Test("another instance of the most derived type runs every level but the instance")
    func otherInstanceOfMostDerivedType() {
        call(point, on: SportsCar(name: "s2"), trace: trace)
        #expect(trace.all == OrderContractFixture.otherInstance)
    }

    @Test("a middle type runs its own and its ancestors' levels only")
    func middleType() {
        call(point, on: Car(name: "c"), trace: trace)
        #expect(trace.all == OrderContractFixture.middleType)
    }

    @Test("a sibling runs only the shared levels")
    func sibling() {
        call(point, on: Truck(name: "t"), trace: trace)
        #expect(trace.all == OrderContractFixture.sibling)
    }

    @Test("introspection lists the hooks in call order")
    func introspectionMatchesCallOrder() {
        call(point, on: sportsCar, trace: trace)
        let labels = point.hooks(for: sportsCar).map { $0.label ?? "?" }
        #expect(labels == trace.all.filter { $0 != "body(s)" })
        #expect(point.hooks.count == 24)
        #expect(point.hooks(forType: Truck.self).map(\.label) == OrderContractFixture.siblingHooks)
    }
}
