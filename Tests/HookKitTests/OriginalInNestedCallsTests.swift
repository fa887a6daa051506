import HookKit
import Testing

/// An outer call's `original`, called while another hooked call runs outside that call's overrides, reaches its body.
@Suite("Original during nested calls")
struct OriginalInNestedCallsTests {
    @Test("the outer call's original, called from a nested call's before hook, reaches the outer call's body")
    func fromANestedCallsBeforeHook() throws {
        let point = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.before")
        let kept = Locked<HookOriginal<Vehicle, String, String, Never>?>(nil)
        let fromNestedBeforeHook = Locked<String?>(nil)
        try point.before { vehicle, argument in
            // The nested call's overrides have not started: the outer call's are the innermost running.
            if argument == "nested", let outerOriginal = kept.withLock({ $0 }) {
                fromNestedBeforeHook.withLock { $0 = outerOriginal(vehicle, "x") }
            }
        }
        try point.override { original in
            { vehicle, argument in
                if argument == "outer" {
                    kept.withLock { $0 = original }
                    _ = point.invoke(vehicle, "nested") { _, argument in "nested body(\(argument))" }
                    kept.withLock { $0 = nil }
                }
                return original(vehicle, argument)
            }
        }
        let result = point.invoke(Car(name: "c"), "outer") { _, argument in "outer body(\(argument))" }
        #expect(result == "outer body(outer)")
        #expect(fromNestedBeforeHook.withLock { $0 } == "outer body(x)")
    }

    @Test("original called inside another point's override, of the same types, reaches its own call's body")
    func insideAnotherPointsOverride() throws {
        let outer = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.outer")
        let other = HookPoint<Vehicle, String, String>("OriginalInNestedCalls.other")
        let kept = Locked<HookOriginal<Vehicle, String, String, Never>?>(nil)
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
