import HookKit
import Testing

/// RSSwizzle's hierarchy: `Car` (RSSwizzle's B) gets a subclass `Coupe` (C), which has two subclasses of its own;
/// `Vehicle` is A, and `Truck` is A's other subclass.
private class Coupe: Car, @unchecked Sendable {}

/// RSSwizzle's D.
private final class RallyCoupe: Coupe, @unchecked Sendable {}

/// RSSwizzle's D2.
private final class ClubCoupe: Coupe, @unchecked Sendable {}

/// RSSwizzle's tests restated, as the swizzling article maps them: overrides stacked on several levels of a
/// hierarchy, several times on one level, compose like swizzles made in that order, and RSSwizzle's numeric results
/// come out; nothing makes a registration idempotent; a class method is hooked for a class and its subclasses by an
/// every-receiver hook that tests the class.
@Suite("Swizzling equivalents")
struct SwizzlingEquivalentsTests {
    typealias Point = HookPoint<Vehicle, Int, Int>

    /// An override that records `tag` and calls `original`.
    static func recording(_ tag: String, _ trace: Trace) -> @Sendable (Point.Original) -> Point.Implementation {
        { original in
            { vehicle, number in
                trace.record(tag)
                return original(vehicle, number)
            }
        }
    }

    /// An override that applies `transform` to the result of `original`.
    static func transforming(
        _ transform: @escaping @Sendable (Int) -> Int
    ) -> @Sendable (Point.Original) -> Point.Implementation {
        { original in { vehicle, number in transform(original(vehicle, number)) } }
    }

    @Test("overrides on D twice, C twice, D2 and A run most specific first, the newest of a level outermost")
    func overridesAcrossTheHierarchy() throws {
        let point = Point("SwizzlingEquivalents.hierarchy")
        let trace = Trace()
        try point.override(.type(RallyCoupe.self), Self.recording("D", trace))
        try point.override(.type(Coupe.self), Self.recording("C", trace))
        try point.override(.type(ClubCoupe.self), Self.recording("D2", trace))
        try point.override(.type(RallyCoupe.self), Self.recording("D'", trace))
        try point.override(.type(Coupe.self), Self.recording("C'", trace))
        try point.override(.type(Vehicle.self), Self.recording("A", trace))
        func run(_ vehicle: Vehicle) -> [String] {
            _ = point.invoke(vehicle, 0) { _, number in
                trace.record("body")
                return number
            }
            return trace.take()
        }
        #expect(run(RallyCoupe(name: "d")) == ["D'", "D", "C'", "C", "A", "body"])
        #expect(run(ClubCoupe(name: "d2")) == ["D2", "C'", "C", "A", "body"])
        #expect(run(Coupe(name: "c")) == ["C'", "C", "A", "body"])
        #expect(run(Car(name: "b")) == ["A", "body"])
        #expect(run(Truck(name: "t")) == ["A", "body"])
    }

    @Test("RSSwizzle's calc: chained numeric overrides on C, D and A compute its values")
    func chainedNumericOverrides() throws {
        // The method's body: C overrides it to triple the number, and D and D2 inherit that.
        let point = Point("SwizzlingEquivalents.calc") { vehicle, number in vehicle is Coupe ? number * 3 : number }
        try point.override(.type(Coupe.self), Self.transforming { $0 + 17 })
        try point.override(.type(RallyCoupe.self), Self.transforming { $0 * 11 })
        try point.override(.type(Coupe.self), Self.transforming { $0 * 5 })
        try point.override(.type(RallyCoupe.self), Self.transforming { $0 - 20 })
        try point.override(.type(Vehicle.self), Self.transforming { $0 * -1 })
        #expect(point.invoke(RallyCoupe(name: "d"), 2) == ((2 * 3 * -1) + 17) * 5 * 11 - 20)
        #expect(point.invoke(RallyCoupe(name: "d"), 2) == 585)
        #expect(point.invoke(ClubCoupe(name: "d2"), 2) == 55)
        #expect(point.invoke(Coupe(name: "c"), 2) == 55)
        #expect(point.invoke(Car(name: "b"), 2) == -2)
    }

    @Test("registering the same override three times on A and B adds six hooks: nothing makes a swizzle idempotent")
    func everyRegistrationAddsAHook() throws {
        let point = Point("SwizzlingEquivalents.always")
        let trace = Trace()
        for _ in 0..<3 {
            try point.override(.type(Vehicle.self), Self.recording("A", trace))
            try point.override(.type(Car.self), Self.recording("B", trace))
        }
        _ = point.invoke(Car(name: "b"), 0) { _, number in number }
        #expect(trace.take() == ["B", "B", "B", "A", "A", "A"])
        _ = point.invoke(Vehicle(name: "a"), 0) { _, number in number }
        #expect(trace.take() == ["A", "A", "A"])
        #expect(point.hooks.count == 6)
    }

    @Test("a class method hooked for a class and its subclasses by an every-receiver override that tests the class")
    func classMethodForASubclassTree() throws {
        let point = HookPoint<Vehicle.Type, (Float, Double), Double>("SwizzlingEquivalents.classMethod")
        try point.override { original in
            { type, arguments in
                let result = original(type, arguments)
                return type is Car.Type ? result * 2 : result
            }
        }
        let sums = [Vehicle.self, Car.self, Coupe.self, Truck.self].map { type in
            point.invoke(type, (0.5, 1.5)) { _, arguments in Double(arguments.0) + arguments.1 }
        }
        #expect(sums == [2, 4, 4, 2])
    }
}
