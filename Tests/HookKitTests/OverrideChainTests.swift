import HookKit
import Testing

/// A chain of three overrides stays correct when its links are cancelled in any order.
@Suite("Override chains")
struct OverrideChainTests {
    /// All orders of cancelling links 0, 1 and 2.
    static let cancellationOrders: [[Int]] = [
        [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
    ]

    @Test("cancelling three chained overrides in each of the six orders", arguments: cancellationOrders)
    func cancellationOrder(order: [Int]) throws {
        let point = HookPoint<Vehicle, String, String>("Chain.\(order)")
        let names = ["a", "b", "c"]
        var tokens: [HookToken] = []
        for name in names {
            tokens.append(
                try point.override(label: name) { original in
                    { vehicle, prefix in name + "(" + original(vehicle, prefix) + ")" }
                })
        }
        let car = Car(name: "x")
        let trace = Trace()
        // The newest override is the outermost.
        #expect(call(point, on: car, trace: trace) == "c(b(a(x)))")
        var remaining = [0, 1, 2]
        for index in order {
            #expect(tokens[index].cancel())
            remaining.removeAll { $0 == index }
            let expected = remaining.reduce("x") { inner, link in names[link] + "(" + inner + ")" }
            #expect(call(point, on: car, trace: trace) == expected)
        }
        #expect(trace.all == Array(repeating: "body(x)", count: 4))
        #expect(point.hooks.isEmpty)
    }

    @Test("a provider runs again only when the part of the chain inside it changes")
    func providersAreReused() throws {
        let point = HookPoint<Vehicle, String, String>("Chain.providers")
        let builds = Trace()
        let inner = try point.override(label: "inner") { original in
            builds.record("inner")
            return { vehicle, prefix in original(vehicle, prefix) }
        }
        try point.override(label: "outer") { original in
            builds.record("outer")
            return { vehicle, prefix in original(vehicle, prefix) }
        }
        // Adding "outer" leaves what "inner" wraps (the body) unchanged: "inner" is not rebuilt.
        #expect(builds.take() == ["inner", "outer"])
        // Adding a before hook changes nothing inside either override.
        try point.before { _, _ in }
        #expect(builds.take() == [])
        // Removing the inner override changes what the outer one wraps.
        inner.cancel()
        #expect(builds.take() == ["outer"])
    }

    @Test("among many overrides, a change builds again exactly the overrides outside it, change after change")
    func manyOverridesRebuildOnlyWhatIsOutsideTheChange() throws {
        let point = HookPoint<Vehicle, String, String>("Chain.manyOverrides")
        let builds = Trace()
        let names = (0..<12).map { "o\($0)" }
        var tokens: [String: HookToken] = [:]
        func register(_ name: String, priority: Int = 0) throws {
            tokens[name] = try point.override(priority: priority, label: name) { original in
                builds.record(name)
                return { vehicle, prefix in name + "(" + original(vehicle, prefix) + ")" }
            }
        }
        for name in names {
            try register(name)
        }
        #expect(builds.take() == names)
        let car = Car(name: "c")
        let describe = { point.invoke(car, "") { this, prefix in prefix + this.name } }
        let all = names.reduce("c") { inner, name in name + "(" + inner + ")" }
        #expect(describe() == all)
        // One more outermost override, registered and cancelled again and again: only it is built, and cancelling it
        // builds nothing (what every other override wraps is as before).
        for _ in 0..<3 {
            try register("x")
            #expect(builds.take() == ["x"])
            #expect(describe() == "x(" + all + ")")
            #expect(tokens["x"]!.cancel())
            #expect(builds.take() == [])
            #expect(describe() == all)
        }
        // A change in the middle (a lower priority runs inside): the overrides outside it are built again, in order
        // from the inside out, and the ones inside it are not.
        try register("m", priority: -1)
        #expect(builds.take() == ["m"] + names)
        #expect(describe() == names.reduce("m(c)") { inner, name in name + "(" + inner + ")" })
        #expect(tokens["o5"]!.cancel())
        #expect(builds.take() == Array(names[6...]))
        #expect(tokens["m"]!.cancel())
        #expect(builds.take() == Array(names[0..<5]) + Array(names[6...]))
        let withoutO5 = names.filter { $0 != "o5" }.reduce("c") { inner, name in name + "(" + inner + ")" }
        #expect(describe() == withoutO5)
        #expect(builds.take() == [])
    }

    @Test("an object's override is built again only when the part of the object's chain inside it changes")
    func instanceProvidersAreReused() throws {
        let point = HookPoint<Vehicle, String, String>("Chain.instanceProviders")
        let builds = Trace()
        let car = Car(name: "c")
        try point.override(.instance(car), label: "mine") { original in
            builds.record("mine")
            return { vehicle, prefix in "mine(" + original(vehicle, prefix) + ")" }
        }
        #expect(builds.take() == ["mine"])
        // The object's chain is compiled again (its own level changed, then every chain's), around the same body.
        try point.before(.instance(car)) { _, _ in }
        #expect(builds.take() == [])
        try point.before { _, _ in }
        #expect(builds.take() == [])
        // A type override goes inside the object's: both are built, once.
        try point.override(.type(Car.self), label: "type") { original in
            builds.record("type")
            return { vehicle, prefix in "type(" + original(vehicle, prefix) + ")" }
        }
        #expect(builds.take() == ["type", "mine"])
        try point.before(.instance(car)) { _, _ in }
        #expect(builds.take() == [])
        let trace = Trace()
        #expect(call(point, on: car, trace: trace) == "mine(type(c))")
        #expect(call(point, on: Car(name: "d"), trace: trace) == "type(d)")
        #expect(trace.all == ["body(c)", "body(d)"])
        #expect(builds.take() == [])
    }

    @Test("a type's override wrapping the same inner part in several chains is built once for them all")
    func providersAreSharedAcrossChains() throws {
        let point = HookPoint<Vehicle, String, String>("Chain.sharedProviders")
        let builds = Trace()
        let cars = [Car(name: "a"), Car(name: "b")]
        for car in cars {
            try point.before(.instance(car)) { _, _ in }
        }
        // Car's exact and inherited chains and both cars' chains have the type override around the body.
        try point.override(.type(Car.self), label: "type") { original in
            builds.record("type")
            return { vehicle, prefix in "type(" + original(vehicle, prefix) + ")" }
        }
        #expect(builds.take() == ["type"])
        // An instance override goes around it (the most specific is the outermost): the type's link stays as it is.
        try point.override(.instance(cars[0]), label: "mine") { original in
            builds.record("mine")
            return { vehicle, prefix in "mine(" + original(vehicle, prefix) + ")" }
        }
        #expect(builds.take() == ["mine"])
        let describe: (Vehicle) -> String = { vehicle in
            point.invoke(vehicle, "") { this, prefix in prefix + this.name }
        }
        #expect(describe(cars[0]) == "mine(type(a))")
        #expect(describe(cars[1]) == "type(b)")
        #expect(describe(SportsCar(name: "s")) == "type(s)")
        #expect(describe(Vehicle(name: "v")) == "v")
        #expect(builds.take() == [])
    }
}
