import HookKit
import Testing

/// An override cancelled while a call runs: the call keeps the chain it started with, the next call drops it.
@Suite("Cancelling an override during a call")
struct CancelDuringCallTests {
    @Test("an override cancelled by a before hook of the same call still wraps that call and is gone from the next")
    func overrideCancelledByABeforeHook() throws {
        let point = HookPoint<Vehicle, String, String>("CancelDuringCall.override")
        let trace = Trace()
        let target = Locked<HookToken?>(nil)
        try point.before(label: "canceller") { _, _ in
            trace.record("cancelled \(target.withLock { $0 }?.cancel() ?? false)")
        }
        let wrap = try point.override(.type(Car.self), label: "wrap") { original in
            { vehicle, prefix in "[" + original(vehicle, prefix) + "]" }
        }
        target.withLock { $0 = wrap }
        #expect(call(point, on: Car(name: "a"), trace: trace) == "[a]")
        #expect(call(point, on: Car(name: "b"), trace: trace) == "b")
        #expect(trace.all == ["cancelled true", "body(a)", "cancelled false", "body(b)"])
        #expect(point.hooks.map(\.label) == ["canceller"])
    }
}
