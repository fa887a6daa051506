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

    @Test("on protocol and Any points, hooks(forType:) lists every-receiver hooks; hooks(for:) adds an object's own")
    func hooksOnExistentialPoints() throws {
        typealias Circle = ProtocolReceiverTests.Circle
        typealias Square = ProtocolReceiverTests.Square
        let shapes = HookPoint<any ProtocolReceiverTests.Shape, Void, Void>("IntrospectionOrder.shapes")
        let circle = Circle(name: "c1")
        try shapes.before(label: "all") { _, _ in }
        try shapes.after(.object(circle), label: "mine") { _, _, _ in }
        #expect(shapes.hooks(forType: Circle.self).map(\.label) == ["all"])
        #expect(shapes.hooks(for: circle).map(\.label) == ["all", "mine"])
        #expect(shapes.hooks(for: Circle(name: "c2")).map(\.label) == ["all"])
        let drawables = HookPoint<any ProtocolReceiverTests.Drawable, Void, Void>("IntrospectionOrder.drawables")
        try drawables.before(label: "draw") { _, _ in }
        #expect(drawables.hooks(forType: Square.self).map(\.label) == ["draw"])
        #expect(drawables.hooks(for: Square(name: "s")).map(\.label) == ["draw"])
        let values = HookPoint<Any, Void, Void>("IntrospectionOrder.any")
        try values.before(label: "every") { _, _ in }
        #expect(values.hooks(forType: Int.self).map(\.label) == ["every"])
        #expect(values.hooks(for: 3).map(\.label) == ["every"])
        // Async points alike, conformance unchecked: a type that is no receiver gets the every-receiver hooks too.
        let asyncShapes = AsyncHookPoint<any ProtocolReceiverTests.Shape, Void, Void>("IntrospectionOrder.asyncShapes")
        try asyncShapes.before(label: "all") { _, _ in }
        #expect(asyncShapes.hooks(forType: Circle.self).map(\.label) == ["all"])
        #expect(asyncShapes.hooks(forType: Bicycle.self).map(\.label) == ["all"])
    }

    @Test("class-method points list a subclass's hooks for its metatype; existential metatype points take any type")
    func hooksForTypeOnMetatypePoints() throws {
        let classes = HookPoint<Vehicle.Type, Void, String>("IntrospectionOrder.classMethod")
        try classes.before(label: "all") { _, _ in }
        try classes.after(.exactType(Car.Type.self), label: "car") { _, _, _ in }
        #expect(classes.hooks(forType: Vehicle.Type.self).map(\.label) == ["all"])
        #expect(classes.hooks(forType: Car.Type.self).map(\.label) == ["all", "car"])
        #expect(classes.hooks(forType: SportsCar.Type.self).map(\.label) == ["all"])
        #expect(classes.hooks(for: Car.self).map(\.label) == ["all", "car"])
        #expect(classes.hooks(forType: Bicycle.Type.self).isEmpty && classes.hooks(forType: Car.self).isEmpty)
        let asyncClasses = AsyncHookPoint<Vehicle.Type, Void, String>("IntrospectionOrder.asyncClassMethod")
        try asyncClasses.before(label: "all") { _, _ in }
        #expect(asyncClasses.hooks(forType: SportsCar.Type.self).map(\.label) == ["all"])
        typealias Wheeled = any IntrospectionWheeled.Type
        for (name, hooks) in [
            ("any P.Type", try Self.everyReceiverHooks(HookPoint<Wheeled, Void, Void>("IntrospectionOrder.p"))),
            ("AnyClass", try Self.everyReceiverHooks(HookPoint<AnyClass, Void, Void>("IntrospectionOrder.anyClass"))),
            ("Any.Type", try Self.everyReceiverHooks(HookPoint<Any.Type, Void, Void>("IntrospectionOrder.anyType"))),
        ] {
            #expect(hooks == ["all", "all"], "\(name)")
        }
    }

    /// Registers an every-receiver hook on `point`, whose receivers are an existential metatype, checks that a type
    /// scope is refused as on a protocol's point, and lists the hooks for two types.
    static func everyReceiverHooks<Receiver>(_ point: borrowing HookPoint<Receiver, Void, Void>) throws -> [String?] {
        try point.before(label: "all") { _, _ in }
        let refusal = #expect(throws: HookError.self) { try point.before(.exactType(Car.Type.self)) { _, _ in } }
        #expect(refusal?.code == .incompatibleScopeType)
        #expect(refusal?.message.contains("takes no type scope") == true)
        return point.hooks(forType: Car.Type.self).map(\.label) + point.hooks(forType: Int.Type.self).map(\.label)
    }

    @Test("async points list hooks in registration order, and for a type in call order without instance hooks")
    func asyncOrders() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("IntrospectionOrder.async")
        let car = SportsCar(name: "s")
        try point.after(.instance(car), label: "1") { _, _, _ in await Task.yield() }
        try point.before(priority: 4, label: "2") { _, _ in await Task.yield() }
        try point.before(.type(Car.self), label: "3") { _, _ in }
        try point.override(.exactType(SportsCar.self), label: "4") { original in { await original($0, $1) } }
        try point.after(label: "5", once: true) { _, _, _ in }
        #expect(point.hooks.map(\.label) == ["1", "2", "3", "4", "5"])
        #expect(point.hooks.map(\.kind) == [.after, .before, .before, .override, .after])
        #expect(point.hooks(forType: SportsCar.self).map(\.label) == ["2", "3", "4", "5"])
        #expect(point.hooks(for: car).map(\.label) == ["2", "3", "4", "1", "5"])
        // A once hook that fired is no longer listed.
        await call(point, on: Car(name: "c"), trace: Trace())
        #expect(point.hooks.map(\.label) == ["1", "2", "3", "4"])
    }
}

/// A protocol that no class of the tests conforms to.
private protocol IntrospectionWheeled: AnyObject {}
