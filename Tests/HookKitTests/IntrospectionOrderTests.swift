import HookKit
import Testing

/// Introspection's two orders: `hooks` in registration order, `hooks(forType:)` in call order without instance hooks.
@Suite("Introspection order")
struct IntrospectionOrderTests {
    @Test("hooks lists every registration in registration order, whatever its kind, scope and priority")
    func hooksInRegistrationOrder() throws {
        let point = HookPoint<Vehicle, String, String>("IntrospectionOrder.registration")
        let car = Car(name: "c")
        try point.after(.instance(car), priority: -3, label: "1") { _, _, _ in }
        try point.before(.all, priority: 9, label: "2") { _, _ in }
        try point.override(.exactType(Car.self), label: "3") { original in { original($0, $1) } }
        try point.before(.type(Car.self), priority: 100, label: "4") { _, _ in }
        #expect(point.hooks.map(\.label) == ["1", "2", "3", "4"])
        #expect(point.hooks.map(\.priority) == [-3, 9, 0, 100])
    }

    @Test("hooks(forType:) leaves out instance hooks, and an exact type scope applies to that type only")
    func hooksForTypeLeaveOutInstances() throws {
        let point = HookPoint<Vehicle, String, String>("IntrospectionOrder.forType")
        let car = Car(name: "c")
        try point.after(.instance(car), label: "instance") { _, _, _ in }
        try point.before(.all, label: "all") { _, _ in }
        try point.override(.exactType(Car.self), label: "exact") { original in { original($0, $1) } }
        try point.before(.type(Car.self), label: "type") { _, _ in }
        #expect(point.hooks(forType: Car.self).map(\.label) == ["all", "type", "exact"])
        #expect(point.hooks(forType: SportsCar.self).map(\.label) == ["all", "type"])
        #expect(point.hooks(forType: Vehicle.self).map(\.label) == ["all"])
        #expect(point.hooks(for: car).map(\.label) == ["all", "type", "exact", "instance"])
    }

    @Test("hooks(forType:) lists nothing for a type no receiver can have; protocol and AnyObject points take any type")
    func hooksForTypeOutsideTheReceivers() throws {
        let point = HookPoint<Car, String, String>("IntrospectionOrder.foreignType")
        try point.before(.all, label: "all") { _, _ in }
        #expect(point.hooks(forType: Car.self).map(\.label) == ["all"])
        #expect(point.hooks(forType: Vehicle.self).isEmpty && point.hooks(forType: Int.self).isEmpty)
        let asyncPoint = AsyncHookPoint<Car, String, String>("IntrospectionOrder.foreignTypeAsync")
        try asyncPoint.before(.all, label: "all") { _, _ in }
        #expect(asyncPoint.hooks(forType: SportsCar.self).map(\.label) == ["all"])
        #expect(asyncPoint.hooks(forType: String.self).isEmpty)
        let protocolPoint = HookPoint<AnyObject, Void, String>("IntrospectionOrder.anyObject")
        try protocolPoint.before(.all, label: "all") { _, _ in }
        #expect(protocolPoint.hooks(forType: Car.self).map(\.label) == ["all"])
        // Conformance is not checked: a type no receiver can have gets the every-receiver hooks, as documented.
        #expect(protocolPoint.hooks(forType: Int.self).map(\.label) == ["all"])
        let wheeledPoint = HookPoint<any IntrospectionWheeled, Void, Void>("IntrospectionOrder.protocol")
        try wheeledPoint.before(.all, label: "all") { _, _ in }
        #expect(wheeledPoint.hooks(forType: Vehicle.self).map(\.label) == ["all"])
    }
}

/// A protocol that no class of the tests conforms to.
private protocol IntrospectionWheeled: AnyObject {}
