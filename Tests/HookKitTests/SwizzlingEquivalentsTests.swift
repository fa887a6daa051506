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
/// come out where each implementation that a subclass calls as `super` is a point of its own; nothing makes a
/// registration idempotent; a class method is hooked for a class and its subclasses by an every-receiver hook that
/// tests the class.
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

    /// RSSwizzle's calc on A, which returns the number.
    ///
    /// C's implementation calls it as `super`, so RSSwizzle's swizzle of A's method runs inside C's implementation. It
    /// is a point of its own, as A's method is apart from C's.
    static let calcOfA = Point("SwizzlingEquivalents.calcOfA") { _, number in number }
    /// RSSwizzle's calc: A's implementation, or on C and its subclasses C's, three times what A's returns.
    static let calc = Point("SwizzlingEquivalents.calc") { vehicle, number in
        let inherited = calcOfA.invoke(vehicle, number)
        return vehicle is Coupe ? inherited * 3 : inherited
    }

    @Test("RSSwizzle's calc: chained numeric overrides on C, D and A's own method compute its values")
    func chainedNumericOverrides() throws {
        var tokens = [
            try Self.calc.override(.type(Coupe.self), Self.transforming { $0 + 17 }),
            try Self.calc.override(.type(RallyCoupe.self), Self.transforming { $0 * 11 }),
            try Self.calc.override(.type(Coupe.self), Self.transforming { $0 * 5 }),
            try Self.calc.override(.type(RallyCoupe.self), Self.transforming { $0 - 20 }),
        ]
        defer { tokens.forEach { $0.cancel() } }
        let timesMinusOne = try Self.calcOfA.override(.all, Self.transforming { $0 * -1 })
        #expect(Self.calc.invoke(RallyCoupe(name: "d"), 2) == ((2 * -1 * 3) + 17) * 5 * 11 - 20)
        #expect(Self.calc.invoke(RallyCoupe(name: "d"), 2) == 585)
        #expect(Self.calc.invoke(ClubCoupe(name: "d2"), 2) == 55)
        #expect(Self.calc.invoke(Coupe(name: "c"), 2) == 55)
        #expect(Self.calc.invoke(Car(name: "b"), 2) == -2)
        // A change of A's that does not commute with C's tripling: it still runs inside it, as a swizzle of A's does.
        timesMinusOne.cancel()
        tokens.append(try Self.calcOfA.override(.all, Self.transforming { $0 + 100 }))
        #expect(Self.calc.invoke(RallyCoupe(name: "d"), 2) == (((2 + 100) * 3) + 17) * 5 * 11 - 20)
        #expect(Self.calc.invoke(RallyCoupe(name: "d"), 2) == 17745)
        #expect(Self.calc.invoke(ClubCoupe(name: "d2"), 2) == 1615)
        #expect(Self.calc.invoke(Car(name: "b"), 2) == 102)
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
