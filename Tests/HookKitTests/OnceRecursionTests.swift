import HookKit
import Testing

/// `once` hooks under recursion: a nested call of the same point that reaches a once hook first uses it up.
@Suite("Once under recursion")
struct OnceRecursionTests {
    static let asyncRecursion = AsyncHookPoint<Vehicle, String, String>("OnceRecursion.async")

    @Test("a once hook reached first by a nested call of the same point does not run again in the outer call")
    func onceBeforeHookReachedByANestedCall() throws {
        let point = HookPoint<Vehicle, String, String>("OnceRecursion.before")
        let trace = Trace()
        try point.before(label: "recurse") { vehicle, prefix in
            trace.record("recurse(\(prefix))")
            if prefix.isEmpty { call(point, on: vehicle, ">", trace: trace) }
        }
        let once = try point.before(label: "once", once: true) { _, prefix in trace.record("once(\(prefix))") }
        call(point, on: Car(name: "a"), trace: trace)
        // The outer call started with the once hook, but the nested call ran it first.
        #expect(trace.take() == ["recurse()", "recurse(>)", "once(>)", "body(a)", "body(a)"])
        #expect(!once.isActive)
        call(point, on: Car(name: "b"), trace: trace)
        #expect(trace.take() == ["recurse()", "recurse(>)", "body(b)", "body(b)"])
    }

    @Test("a once override that calls the method again: the nested call runs without it")
    func onceOverrideThatRecurses() throws {
        let point = HookPoint<Vehicle, String, String>("OnceRecursion.override")
        let trace = Trace()
        try point.override(once: true) { original in
            { vehicle, prefix in
                let nested = call(point, on: vehicle, prefix + "nested:", trace: trace)
                return "(" + original(vehicle, prefix) + "|" + nested + ")"
            }
        }
        #expect(call(point, on: Car(name: "a"), trace: trace) == "(a|nested:a)")
        #expect(call(point, on: Car(name: "b"), trace: trace) == "b")
        #expect(trace.all == ["body(a)", "body(a)", "body(b)"])
        #expect(point.hooks.isEmpty)
    }

    @Test("async: a once hook reached first by a nested call of the same point does not run again")
    func asyncOnceBeforeHookReachedByANestedCall() async throws {
        let trace = Trace()
        try Self.asyncRecursion.before(label: "recurse") { vehicle, prefix in
            trace.record("recurse(\(prefix))")
            if prefix.isEmpty { await call(Self.asyncRecursion, on: vehicle, ">", trace: trace) }
        }
        let once = try Self.asyncRecursion.before(label: "once", once: true) { _, prefix in
            await Task.yield()
            trace.record("once(\(prefix))")
        }
        await call(Self.asyncRecursion, on: Car(name: "a"), trace: trace)
        #expect(trace.take() == ["recurse()", "recurse(>)", "once(>)", "body(a)", "body(a)"])
        #expect(!once.isActive)
        await call(Self.asyncRecursion, on: Car(name: "b"), trace: trace)
        #expect(trace.take() == ["recurse()", "recurse(>)", "body(b)", "body(b)"])
    }
}
