import HookKit
import Testing

/// The order contract with four hooks of each kind at every level (every receiver, three supertypes, the exact type,
/// the instance; priorities 0, 5, -3, 0), on a subclass instance: literal traces, and every subset of the levels.
@Suite("Order at every level with priorities")
struct LevelOrderTests {
    enum Level: String, CaseIterable { case all, veh, car, sports, exact, inst }

    static func scope(_ level: Level, _ instance: Vehicle) -> HookScope<Vehicle> {
        switch level {
        case .all: .all
        case .veh: .type(Vehicle.self)
        case .car: .type(Car.self)
        case .sports: .type(SportsCar.self)
        case .exact: .exactType(SportsCar.self)
        case .inst: .object(instance)
        }
    }

    /// Registers, for each of `levels` in turn per round, a before, an override and an after hook, rounds "1" (0),
    /// "hi" (5), "lo" (-3), "2" (0).
    static func register(
        _ levels: [Level], on point: borrowing HookPoint<Vehicle, String, String>, instance: Vehicle, trace: Trace,
        labelSuffix: String = ""
    ) throws -> [HookToken] {
        var tokens: [HookToken] = []
        for (name, priority) in [("1", 0), ("hi", 5), ("lo", -3), ("2", 0)] {
            for level in levels {
                let scope = scope(level, instance)
                let b = "B-\(level.rawValue)\(labelSuffix)-\(name)"
                let o = "O-\(level.rawValue)\(labelSuffix)-\(name)"
                let a = "A-\(level.rawValue)\(labelSuffix)-\(name)"
                tokens.append(try point.after(scope, priority: priority, label: a) { _, _, _ in trace.record(a) })
                tokens.append(try point.before(scope, priority: priority, label: b) { _, _ in trace.record(b) })
                tokens.append(
                    try point.override(scope, priority: priority, label: o) { original in
                        { vehicle, prefix in
                            trace.record(o)
                            return original(vehicle, prefix)
                        }
                    })
            }
        }
        return tokens
    }

    static let everyAndInstance = [
        "B-all-hi", "B-all-1", "B-all-2", "B-all-lo", "B-inst-hi", "B-inst-1", "B-inst-2", "B-inst-lo",
        "O-inst-hi", "O-inst-2", "O-inst-1", "O-inst-lo", "O-all-hi", "O-all-2", "O-all-1", "O-all-lo",
        "body(s)",
        "A-inst-lo", "A-inst-2", "A-inst-1", "A-inst-hi", "A-all-lo", "A-all-2", "A-all-1", "A-all-hi",
    ]

    static let everyLevel = [
        "B-all-hi", "B-all-1", "B-all-2", "B-all-lo", "B-veh-hi", "B-veh-1", "B-veh-2", "B-veh-lo", "B-car-hi",
        "B-car-1", "B-car-2", "B-car-lo", "B-sports-hi", "B-sports-1", "B-sports-2", "B-sports-lo", "B-exact-hi",
        "B-exact-1", "B-exact-2", "B-exact-lo", "B-inst-hi", "B-inst-1", "B-inst-2", "B-inst-lo",
        "O-inst-hi", "O-inst-2", "O-inst-1", "O-inst-lo", "O-exact-hi", "O-exact-2", "O-exact-1", "O-exact-lo",
        "O-sports-hi", "O-sports-2", "O-sports-1", "O-sports-lo", "O-car-hi", "O-car-2", "O-car-1", "O-car-lo",
        "O-veh-hi", "O-veh-2", "O-veh-1", "O-veh-lo", "O-all-hi", "O-all-2", "O-all-1", "O-all-lo",
        "body(s)",
        "A-inst-lo", "A-inst-2", "A-inst-1", "A-inst-hi", "A-exact-lo", "A-exact-2", "A-exact-1", "A-exact-hi",
        "A-sports-lo", "A-sports-2", "A-sports-1", "A-sports-hi", "A-car-lo", "A-car-2", "A-car-1", "A-car-hi",
        "A-veh-lo", "A-veh-2", "A-veh-1", "A-veh-hi", "A-all-lo", "A-all-2", "A-all-1", "A-all-hi",
    ]

    /// A `Car` (the middle type) with instance hooks of its own: every-receiver, Vehicle, Car, its instance.
    static let middleInstance = [
        "B-all-hi", "B-all-1", "B-all-2", "B-all-lo", "B-veh-hi", "B-veh-1", "B-veh-2", "B-veh-lo", "B-car-hi",
        "B-car-1", "B-car-2", "B-car-lo", "B-inst-c-hi", "B-inst-c-1", "B-inst-c-2", "B-inst-c-lo",
        "O-inst-c-hi", "O-inst-c-2", "O-inst-c-1", "O-inst-c-lo", "O-car-hi", "O-car-2", "O-car-1", "O-car-lo",
        "O-veh-hi", "O-veh-2", "O-veh-1", "O-veh-lo", "O-all-hi", "O-all-2", "O-all-1", "O-all-lo",
        "body(c)",
        "A-inst-c-lo", "A-inst-c-2", "A-inst-c-1", "A-inst-c-hi", "A-car-lo", "A-car-2", "A-car-1", "A-car-hi",
        "A-veh-lo", "A-veh-2", "A-veh-1", "A-veh-hi", "A-all-lo", "A-all-2", "A-all-1", "A-all-hi",
    ]

    @Test("instance and every-receiver hooks, then every type level, then the types cancelled")
    func everyCombination() throws {
        let point = HookPoint<Vehicle, String, String>("LevelOrder.all")
        let trace = Trace()
        let sportsCar = SportsCar(name: "s")
        let car = Car(name: "c")
        // Phase 1: no type hooked (the superclass walk is skipped).
        _ = try Self.register([.inst, .all], on: point, instance: sportsCar, trace: trace)
        call(point, on: sportsCar, trace: trace)
        #expect(trace.take() == Self.everyAndInstance)
        #expect(point.hooks(for: sportsCar).map { $0.label ?? "?" } == Self.everyAndInstance.filter { $0 != "body(s)" })
        // Phase 2: every type level, registered after the instance's chain exists, scrambled.
        let typeTokens = try Self.register([.exact, .car, .sports, .veh], on: point, instance: sportsCar, trace: trace)
        call(point, on: sportsCar, trace: trace)
        #expect(trace.take() == Self.everyLevel)
        #expect(point.hooks(for: sportsCar).map { $0.label ?? "?" } == Self.everyLevel.filter { $0 != "body(s)" })
        // A middle-type instance hooked after the types (its shard built incrementally).
        _ = try Self.register([.inst], on: point, instance: car, trace: trace, labelSuffix: "-c")
        call(point, on: car, trace: trace)
        #expect(trace.take() == Self.middleInstance)
        call(point, on: sportsCar, trace: trace)
        #expect(trace.take() == Self.everyLevel)
        // Phase 3: the types cancelled: back to phase 1.
        for token in typeTokens { token.cancel() }
        call(point, on: sportsCar, trace: trace)
        #expect(trace.take() == Self.everyAndInstance)
    }

    /// Every subset of the six levels (64 points): the trace is the full literal restricted to the subset's levels.
    @Test("every subset of the levels")
    func everySubset() throws {
        let all = Level.allCases
        for mask in 0..<(1 << all.count) {
            let chosen = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
            let point = HookPoint<Vehicle, String, String>("LevelOrder.subset.\(mask)")
            let trace = Trace()
            let sportsCar = SportsCar(name: "s")
            // Registered most specific first, so instance chains exist before the types.
            _ = try Self.register(chosen.reversed(), on: point, instance: sportsCar, trace: trace)
            call(point, on: sportsCar, trace: trace)
            let names = Set(chosen.map(\.rawValue))
            let expected = Self.everyLevel.filter {
                $0 == "body(s)" || names.contains(String($0.split(separator: "-")[1]))
            }
            #expect(trace.take() == expected, "levels \(chosen)")
        }
    }
}
