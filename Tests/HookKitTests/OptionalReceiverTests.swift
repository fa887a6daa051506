import HookKit
import Testing

/// A point whose receivers are optional (`HookPoint<Car?, …>`) hooks values: it takes `.all`, and a type or exact-type
/// scope naming the optional type itself, which apply to every call, `nil` receivers included; a scope naming the
/// wrapped class or a subclass, or one object, is refused.
@Suite("Optional receivers")
struct OptionalReceiverTests {
    @Test("every-receiver and optional-type scopes are accepted and run for every call, nil receivers included")
    func acceptedScopes() throws {
        let point = HookPoint<Car?, String, String>("OptionalReceiver.accepted")
        let trace = Trace()
        try point.before(.all, label: "all") { car, _ in trace.record("all(\(car?.name ?? "nil"))") }
        try point.override(.type(Car?.self), label: "override") { original in
            { car, prefix in "[" + original(car, prefix) + "]" }
        }
        try point.after(.type(Car?.self), label: "after") { car, _, result in
            trace.record("after(\(car?.name ?? "nil")) \(result)")
        }
        var results: [String] = []
        for car in [Car(name: "c"), SportsCar(name: "s"), nil] {
            results.append(
                point.invoke(car, "") { car, _ in
                    trace.record("body")
                    return car?.name ?? "nil"
                })
        }
        #expect(results == ["[c]", "[s]", "[nil]"])
        #expect(
            trace.all == [
                "all(c)", "body", "after(c) [c]",
                "all(s)", "body", "after(s) [s]",
                "all(nil)", "body", "after(nil) [nil]",
            ])
        #expect(point.hooks(forType: Car?.self).map(\.label) == ["all", "override", "after"])
        #expect(point.hooks(forType: Car.self).isEmpty)
    }

    @Test("an exact-type scope naming the optional type applies to every call, like the type scope")
    func exactOptionalType() throws {
        let point = HookPoint<Car?, String, String>("OptionalReceiver.exact")
        let trace = Trace()
        try point.before(.exactType(Car?.self), label: "exact") { car, _ in
            trace.record("exact(\(car?.name ?? "nil"))")
        }
        for car in [Car(name: "c"), SportsCar(name: "s"), nil] {
            _ = point.invoke(car, "") { car, _ in car?.name ?? "nil" }
        }
        #expect(trace.all == ["exact(c)", "exact(s)", "exact(nil)"])
        #expect(point.hooks(forType: Car?.self).map(\.label) == ["exact"])
    }

    @Test("a type scope naming the wrapped class or a subclass, and an object scope, are refused")
    func refusedScopes() {
        let point = HookPoint<Car?, String, String>("OptionalReceiver.refused")
        var codes: [HookError.Code] = []
        let typeScopes: [HookScope<Car?>] = [.type(Car.self), .exactType(Car.self), .type(SportsCar?.self)]
        for scope in typeScopes {
            do {
                try point.before(scope) { _, _ in }
            } catch {
                codes.append(error.code)
            }
        }
        #expect(codes == Array(repeating: .incompatibleScopeType, count: 3))
        do {
            try point.before(.object(Car(name: "c"))) { _, _ in }
            Issue.record("the object scope was accepted")
        } catch {
            #expect(error.code == .instanceScopeNeedsObjectReceiver)
            #expect(error.message.contains("Optional<HookKitTests.Car>"))
        }
        #expect(point.hooks.isEmpty)
    }

    @Test("an object scope naming no receiver at all is refused as needing an object receiver, not as no receiver")
    func objectThatIsNoReceiver() {
        let point = HookPoint<Car?, Void, Void>("OptionalReceiver.notAReceiver")
        do {
            try point.before(.object(Bicycle())) { _, _ in }
            Issue.record("the object scope was accepted")
        } catch {
            #expect(error.code == .instanceScopeNeedsObjectReceiver)
            #expect(
                error.message
                    == "'OptionalReceiver.notAReceiver' hooks values of type Swift.Optional<HookKitTests.Car>, which "
                    + "have no identity; use a type scope or check the value inside an every-receiver hook")
        }
        #expect(point.hooks.isEmpty)
    }
}
