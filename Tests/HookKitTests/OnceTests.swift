import HookKit
import Testing

/// `once` hooks fire exactly once, also when many threads call at the same time.
@Suite("Once")
struct OnceTests {
    @Test("a once before hook under 8 concurrent callers fires exactly once")
    func onceBeforeUnderConcurrency() throws {
        let point = HookPoint<Vehicle, String, String>("Once.before")
        let fired = Counter()
        let bodies = Counter()
        let token = try point.before(once: true) { _, _ in fired.increment() }
        let car = Car(name: "c")
        runConcurrently(threads: 8) { _ in
            for _ in 0..<2_000 {
                _ = point.invoke(car, "") { _, _ in
                    bodies.increment()
                    return ""
                }
            }
        }
        #expect(fired.count == 1)
        #expect(bodies.count == 16_000)
        #expect(!token.isActive)
        #expect(!token.cancel())
        #expect(point.hooks.isEmpty)
    }

    @Test("a once override replaces exactly one of many concurrent calls")
    func onceOverrideUnderConcurrency() throws {
        let point = HookPoint<Vehicle, String, String>("Once.override")
        let replaced = Counter()
        let originals = Counter()
        try point.override(once: true) { _ in
            { _, _ in "replaced" }
        }
        let car = Car(name: "c")
        runConcurrently(threads: 8) { _ in
            for _ in 0..<2_000 {
                let result = point.invoke(car, "") { _, _ in "original" }
                if result == "replaced" { replaced.increment() } else { originals.increment() }
            }
        }
        #expect(replaced.count == 1)
        #expect(originals.count == 15_999)
    }

    @Test("once after hooks and other hooks keep running")
    func onceAmongOthers() throws {
        let point = HookPoint<Vehicle, String, String>("Once.mixed")
        let trace = Trace()
        try point.after(label: "once", once: true) { _, _, _ in trace.record("once") }
        try point.after(label: "always") { _, _, _ in trace.record("always") }
        #expect(point.hooks.map(\.isOnce) == [true, false])
        call(point, on: Car(name: "a"), trace: trace)
        call(point, on: Car(name: "b"), trace: trace)
        #expect(trace.all == ["body(a)", "always", "once", "body(b)", "always"])
        #expect(point.hooks.map(\.label) == ["always"])
    }

    @Test("a once hook cancelled by an earlier hook of the same call still runs in that call")
    func cancelledByAnEarlierHookOfTheSameCall() throws {
        let point = HookPoint<Vehicle, String, String>("Once.cancelledEarlier")
        let trace = Trace()
        let onceToken = Locked<HookToken?>(nil)
        let cancelled = Locked<Bool?>(nil)
        try point.before(label: "canceller") { _, _ in
            if let token = onceToken.withLock({ $0 }), cancelled.withLock({ $0 }) == nil {
                cancelled.withLock { $0 = token.cancel() }
            }
        }
        onceToken.withLock { $0 = try? point.before(label: "once", once: true) { _, _ in trace.record("once") } }
        call(point, on: Car(name: "a"), trace: trace)
        call(point, on: Car(name: "b"), trace: trace)
        #expect(cancelled.withLock { $0 } == true)  // the cancellation removed it...
        #expect(trace.all == ["once", "body(a)", "body(b)"])  // ...from the next call: this one started with it
        #expect(onceToken.withLock { $0 }?.isActive == false)
    }
}
