import HookKit
import Testing

/// How a `once` hook leaves: it counts as fired from the start of its run, and a fired override leaves its chain whole.
@Suite("Once removal")
struct OnceRemovalTests {
    @Test("inside its own run a once hook reads as fired: inactive, unlisted, and cancelling its token returns false")
    func onceHookReadsAsFiredInsideItsRun() throws {
        let point = HookPoint<Vehicle, String, String>("OnceRemoval.inside")
        let token = Locked<HookToken?>(nil)
        let seen = Trace()
        let registered = try point.before(label: "once", once: true) { _, _ in
            guard let token = token.withLock({ $0 }) else { return }
            seen.record("active \(token.isActive)")
            seen.record("listed \(point.hooks.map { $0.label ?? "?" })")
            seen.record("cancel \(token.cancel())")
        }
        token.withLock { $0 = registered }
        try point.after(label: "other") { _, _, _ in }
        call(point, on: Car(name: "c"), trace: Trace())
        #expect(seen.all == ["active false", "listed [\"other\"]", "cancel false"])
        #expect(point.hooks.map(\.label) == ["other"])
    }

    @Test("a once override in the middle of a chain wraps one call; the next call's chain closes over the gap")
    func onceOverrideInTheMiddleOfAChain() throws {
        let point = HookPoint<Vehicle, String, String>("OnceRemoval.middle")
        for (label, once) in [("inner", false), ("middle", true), ("outer", false)] {
            try point.override(label: label, once: once) { original in
                { vehicle, prefix in label + "(" + original(vehicle, prefix) + ")" }
            }
        }
        let trace = Trace()
        #expect(call(point, on: Car(name: "c"), trace: trace) == "outer(middle(inner(c)))")
        #expect(call(point, on: Car(name: "c"), trace: trace) == "outer(inner(c))")
        #expect(point.hooks.map(\.label) == ["inner", "outer"])
    }
}
