import HookKit

/// The order contract's test scenario, shared by the synchronous and the async order tests: 24 hooks of every kind,
/// scope and priority on a three-level hierarchy (`Vehicle > Car > SportsCar`, with the sibling `Truck`), registered
/// in a scrambled order, and the traces a call must produce.
enum OrderContractFixture {
    /// The registrations, in the order they are made: kind, scope, priority, label.
    static func registrations(instance sportsCar: SportsCar) -> [(HookKind, HookScope<Vehicle>, Int, String)] {
        [
            (.after, .type(Car.self), 0, "A-car"),
            (.before, .instance(sportsCar), 0, "B-inst"),
            (.override, .all, 0, "O-all"),
            (.before, .all, 0, "B-all-1"),
            (.after, .exactType(SportsCar.self), 0, "A-exact"),
            (.override, .type(Vehicle.self), 0, "O-veh"),
            (.before, .type(SportsCar.self), 0, "B-sports"),
            (.after, .all, 0, "A-all-1"),
            (.override, .instance(sportsCar), 0, "O-inst"),
            (.before, .type(Vehicle.self), 0, "B-veh"),
            (.after, .instance(sportsCar), 0, "A-inst"),
            (.override, .exactType(SportsCar.self), 0, "O-exact"),
            (.before, .exactType(SportsCar.self), 0, "B-exact"),
            (.after, .type(Vehicle.self), 0, "A-veh"),
            (.override, .type(Car.self), 0, "O-car"),
            (.before, .type(Car.self), 0, "B-car"),
            (.after, .type(SportsCar.self), 0, "A-sports"),
            (.override, .type(SportsCar.self), 0, "O-sports"),
            (.before, .all, 0, "B-all-2"),
            (.before, .all, 5, "B-all-hi"),
            (.after, .all, 0, "A-all-2"),
            (.after, .all, 5, "A-all-hi"),
            (.override, .all, 0, "O-all-2"),
            (.override, .all, -1, "O-all-lo"),
        ]
    }

    /// A call on the hooked `SportsCar` instance (named "s"): every level.
    static let hookedInstance = [
        "B-all-hi", "B-all-1", "B-all-2", "B-veh", "B-car", "B-sports", "B-exact", "B-inst",
        "O-inst", "O-exact", "O-sports", "O-car", "O-veh", "O-all-2", "O-all", "O-all-lo",
        "body(s)",
        "A-inst", "A-exact", "A-sports", "A-car", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
    ]

    /// A call on another `SportsCar` (named "s2"): every level but the instance.
    static let otherInstance = [
        "B-all-hi", "B-all-1", "B-all-2", "B-veh", "B-car", "B-sports", "B-exact",
        "O-exact", "O-sports", "O-car", "O-veh", "O-all-2", "O-all", "O-all-lo",
        "body(s2)",
        "A-exact", "A-sports", "A-car", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
    ]

    /// A call on a `Car` (named "c"): its own and its ancestors' levels only.
    static let middleType = [
        "B-all-hi", "B-all-1", "B-all-2", "B-veh", "B-car",
        "O-car", "O-veh", "O-all-2", "O-all", "O-all-lo",
        "body(c)",
        "A-car", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
    ]

    /// A call on a `Truck` (named "t"): only the levels it shares with `Car`.
    static let sibling = [
        "B-all-hi", "B-all-1", "B-all-2", "B-veh",
        "O-veh", "O-all-2", "O-all", "O-all-lo",
        "body(t)",
        "A-veh", "A-all-2", "A-all-1", "A-all-hi",
    ]

    /// The hooks a `Truck` runs, as introspection lists them.
    static let siblingHooks: [String?] = [
        "B-all-hi", "B-all-1", "B-all-2", "B-veh",
        "O-veh", "O-all-2", "O-all", "O-all-lo", "A-veh", "A-all-2", "A-all-1", "A-all-hi",
    ]
}
