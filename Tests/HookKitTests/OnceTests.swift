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

    /// Past 16 hooks of a kind the chain loops over the registrations instead of nesting closures: a path of its own.
    @Test("a once before and a once after hook among 20 hooks of their kind fire once under 8 concurrent callers")
    func onceAmongManyHooksUnderConcurrency() throws {
        let point = HookPoint<Vehicle, String, String>("Once.manyHooks")
        let others = Counter()
        let firedBefore = Counter()
        let firedAfter = Counter()
        let beforeOverlap = CallOverlap()
        let afterOverlap = CallOverlap()
        for index in 0..<20 {
            if index == 0 {
                try point.before { _, _ in
                    beforeOverlap.callStarted()
                    afterOverlap.callStarted()
                    others.increment()
                }
                try point.after { _, _, _ in others.increment() }
            } else if index == 10 {
                try point.before(once: true) { _, _ in
                    firedBefore.increment()
                    beforeOverlap.holdFirstRun()
                }
                try point.after(once: true) { _, _, _ in
                    firedAfter.increment()
                    afterOverlap.holdFirstRun()
                }
            } else {
                try point.before { _, _ in others.increment() }
                try point.after { _, _, _ in others.increment() }
            }
        }
        let car = Car(name: "c")
        runConcurrently(threads: 8) { _ in
            for _ in 0..<2_000 {
                _ = point.invoke(car, "") { _, _ in "" }
            }
        }
        #expect(firedBefore.count == 1)
        #expect(firedAfter.count == 1)
        #expect(others.count == 16_000 * 38)
        #expect(point.hooks.count == 38)
        #expect(point.hooks.allSatisfy { !$0.isOnce })
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
