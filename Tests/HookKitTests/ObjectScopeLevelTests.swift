import HookKit
import Testing

/// On a class point, `.instance` and `.object` of one object are one level with one registration order.
@Suite("Object scope level")
struct ObjectScopeLevelTests {
    @Test(".instance and .object of one object interleave by registration order, at every kind")
    func instanceAndObjectShareALevel() throws {
        let point = HookPoint<Vehicle, String, String>("ObjectScopeLevel.shared")
        let trace = Trace()
        let car = Car(name: "c")
        let scopes: [(HookScope<Vehicle>, String)] = [
            (.object(car), "obj1"), (.instance(car), "inst"), (.object(car), "obj2"),
        ]
        for (scope, name) in scopes {
            try point.before(scope, label: "B-\(name)") { _, _ in trace.record("B-\(name)") }
            try point.after(scope, label: "A-\(name)") { _, _, _ in trace.record("A-\(name)") }
            try point.override(scope, label: "O-\(name)") { original in
                { vehicle, prefix in
                    trace.record("O-\(name)")
                    return original(vehicle, prefix)
                }
            }
        }
        call(point, on: car, trace: trace)
        let expected = [
            "B-obj1", "B-inst", "B-obj2", "O-obj2", "O-inst", "O-obj1", "body(c)", "A-obj2", "A-inst", "A-obj1",
        ]
        #expect(trace.all == expected)
        #expect(point.hooks(for: car).map(\.label) == expected.filter { $0 != "body(c)" })
    }
}
