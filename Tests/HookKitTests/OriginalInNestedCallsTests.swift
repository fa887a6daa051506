import HookKit
import Testing

/// Where an `original` kept by an outer call's override leads while a nested hooked call runs: the body of the
/// innermost call of the point whose overrides are running on the thread.
@Suite("Original during nested calls")
struct OriginalInNestedCallsTests {
    typealias Original = HookOriginal<Vehicle, String, String, Never>

    /// An override's provider that keeps its `original` in `kept` while a nested call runs.
    ///
    /// Called with "outer", the override keeps `original` while `nestedCall` calls the point again with "nested";
    /// called otherwise, it runs `otherwise` first. Both then return `original`'s result.
    private func keepingItsOriginal(
        in kept: Locked<Original?>, around nestedCall: @escaping @Sendable (Vehicle) -> Void,
        otherwise: @escaping @Sendable (Vehicle) -> Void = { _ in }
    ) -> @Sendable (Original) -> @Sendable (Vehicle, String) -> String {
        { original in
            { vehicle, argument in
                if argument == "outer" {
                    kept.withLock { $0 = original }
                    nestedCall(vehicle)
                    kept.withLock { $0 = nil }
                } else {
                    otherwise(vehicle)
                }
                return original(vehicle, argument)
            }
        }
    }

    @Test("the outer call's original, called from a nested call's before hook, reaches the outer call's body")
    func fromANestedCallsBeforeHook() throws {
        let point = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.before")
        let kept = Locked<Original?>(nil)
        let fromNestedBeforeHook = Locked<String?>(nil)
        try point.before { vehicle, argument in
            // The nested call's overrides have not started: the outer call's are the innermost running.
            if argument == "nested", let outerOriginal = kept.withLock({ $0 }) {
                fromNestedBeforeHook.withLock { $0 = outerOriginal(vehicle, "x") }
            }
        }
        try point.override(
            .all,
            keepingItsOriginal(in: kept) { vehicle in
                _ = point.invoke(vehicle, "nested") { _, argument in "nested body(\(argument))" }
            })
        let result = point.invoke(Car(name: "c"), "outer") { _, argument in "outer body(\(argument))" }
        #expect(result == "outer body(outer)")
        #expect(fromNestedBeforeHook.withLock { $0 } == "outer body(x)")
    }

    @Test("the outer call's original, called from the nested call's own override, reaches the nested call's body")
    func fromTheNestedCallsOverride() throws {
        // Documented in HookOriginal: `original` is one value per chain, not per call, so inside the nested call's
        // overrides even the outer call's `original` reaches the nested call's body.
        let point = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.override")
        let kept = Locked<Original?>(nil)
        let fromNestedOverride = Locked<String?>(nil)
        try point.override(
            .all,
            keepingItsOriginal(
                in: kept,
                around: { vehicle in
                    _ = point.invoke(vehicle, "nested") { _, argument in "nested body(\(argument))" }
                },
                otherwise: { vehicle in
                    if let outerOriginal = kept.withLock({ $0 }) {
                        fromNestedOverride.withLock { $0 = outerOriginal(vehicle, "x") }
                    }
                }))
        let result = point.invoke(Car(name: "c"), "outer") { _, argument in "outer body(\(argument))" }
        #expect(result == "outer body(outer)")
        #expect(fromNestedOverride.withLock { $0 } == "nested body(x)")
    }

    @Test("original called inside another point's override, of the same types, reaches its own call's body")
    func insideAnotherPointsOverride() throws {
        let outer = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.outer")
        let other = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.other")
        let kept = Locked<Original?>(nil)
        let fromOtherOverride = Locked<String?>(nil)
        try other.override { original in
            { vehicle, argument in
                if let outerOriginal = kept.withLock({ $0 }) {
                    fromOtherOverride.withLock { $0 = outerOriginal(vehicle, "x") }
                }
                return original(vehicle, argument)
            }
        }
        try outer.override { original in
            { vehicle, argument in
                kept.withLock { $0 = original }
                let nested = other.invoke(vehicle, "y") { _, argument in "other body(\(argument))" }
                kept.withLock { $0 = nil }
                return original(vehicle, argument) + " + " + nested
            }
        }
        let result = outer.invoke(Car(name: "c"), "z") { _, argument in "outer body(\(argument))" }
        #expect(result == "outer body(z) + other body(y)")
        #expect(fromOtherOverride.withLock { $0 } == "outer body(x)")
    }
}
