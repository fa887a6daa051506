import HookKit
import Testing

/// `once` hooks that a call reaches twice, or not at all: a once override replaces one entry into it, and a once hook
/// that a call does not reach (an override skipped by an outer one, an after hook of a call that throws, a hook scoped
/// to other receivers) stays registered for a later call.
@Suite("Once at the edges")
struct OnceEdgeTests {
    struct Failure: Error {}

    @Test("a once override entered twice in one call runs on the first entry; the second goes to what it wraps")
    func onceOverrideEnteredTwice() throws {
        let point = HookPoint<Vehicle, String, String>("OnceEdge.enteredTwice")
        let trace = Trace()
        try point.override(label: "inner") { original in
            { vehicle, prefix in "inner(" + original(vehicle, prefix) + ")" }
        }
        let once = try point.override(label: "once", once: true) { original in
            { vehicle, prefix in
                trace.record("once(\(prefix))")
                return "once(" + original(vehicle, prefix) + ")"
            }
        }
        try point.override(label: "twice") { original in
            { vehicle, prefix in original(vehicle, prefix + "1:") + " " + original(vehicle, prefix + "2:") }
        }
        #expect(call(point, on: Car(name: "a"), trace: trace) == "once(inner(1:a)) inner(2:a)")
        #expect(trace.take() == ["once(1:)", "body(a)", "body(a)"])
        #expect(!once.isActive)
        #expect(call(point, on: Car(name: "b"), trace: trace) == "inner(1:b) inner(2:b)")
        #expect(trace.take() == ["body(b)", "body(b)"])
        #expect(point.hooks.map(\.label) == ["inner", "twice"])
    }

    @Test("a once override that an outer override skips stays registered and wraps a later call")
    func onceOverrideSkippedByAnOuterOverride() throws {
        let point = HookPoint<Vehicle, String, String>("OnceEdge.skipped")
        let trace = Trace()
        let skipped = Car(name: "skipped")
        let once = try point.override(label: "once", once: true) { original in
            { vehicle, prefix in "once(" + original(vehicle, prefix) + ")" }
        }
        try point.override(.instance(skipped), label: "skip") { _ in { _, _ in "replaced" } }
        #expect(call(point, on: skipped, trace: trace) == "replaced")
        #expect(call(point, on: skipped, trace: trace) == "replaced")
        #expect(once.isActive)
        #expect(call(point, on: Car(name: "a"), trace: trace) == "once(a)")
        #expect(call(point, on: Car(name: "b"), trace: trace) == "b")
        #expect(!once.isActive)
        #expect(trace.all == ["body(a)", "body(b)"])
        #expect(point.hooks.map(\.label) == ["skip"])
    }

    @Test("a once after hook of a call that throws stays registered and runs after the next call that returns")
    func onceAfterHookOfAThrowingCall() throws {
        let point = ThrowingHookPoint<Vehicle, Bool, String, Failure>("OnceEdge.throwing")
        let trace = Trace()
        let onceBefore = try point.before(label: "once before", once: true) { vehicle, _ in
            trace.record("once before(\(vehicle.name))")
        }
        let onceAfter = try point.after(label: "once after", once: true) { vehicle, _, _ in
            trace.record("once after(\(vehicle.name))")
        }
        func run(_ name: String, failing: Bool) -> String? {
            try? point.invoke(Car(name: name), failing) { (vehicle, failing) throws(Failure) -> String in
                trace.record("body(\(vehicle.name))")
                if failing { throw Failure() }
                return vehicle.name
            }
        }
        #expect(run("a", failing: true) == nil)
        #expect(!onceBefore.isActive && onceAfter.isActive)
        #expect(point.hooks.map(\.label) == ["once after"])
        #expect(run("b", failing: true) == nil)
        #expect(run("c", failing: false) == "c")
        #expect(run("d", failing: false) == "d")
        #expect(trace.all == ["once before(a)", "body(a)", "body(b)", "body(c)", "once after(c)", "body(d)"])
        #expect(!onceAfter.isActive && point.hooks.isEmpty)
    }

    @Test("a once hook scoped to a type is spent by the first call it applies to, not by other receivers' calls")
    func scopedOnceHook() throws {
        let point = HookPoint<Vehicle, String, String>("OnceEdge.scoped")
        let trace = Trace()
        let once = try point.before(.type(Car.self), once: true) { vehicle, _ in trace.record("once(\(vehicle.name))") }
        for vehicle in [Truck(name: "t"), Vehicle(name: "v"), SportsCar(name: "s"), Car(name: "c")] {
            call(point, on: vehicle, trace: trace)
        }
        #expect(trace.all == ["body(t)", "body(v)", "once(s)", "body(s)", "body(c)"])
        #expect(!once.isActive)
    }

    @Test("async: a once override entered twice in one call runs on the first entry only")
    func asyncOnceOverrideEnteredTwice() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("OnceEdge.asyncEnteredTwice")
        let trace = Trace()
        let once = try point.override(label: "once", once: true) { original in
            { vehicle, prefix in
                trace.record("once(\(prefix))")
                return "once(" + (await original(vehicle, prefix)) + ")"
            }
        }
        try point.override(label: "twice") { original in
            { vehicle, prefix in
                let first = await original(vehicle, prefix + "1:")
                await Task.yield()
                return first + " " + (await original(vehicle, prefix + "2:"))
            }
        }
        #expect(await call(point, on: Car(name: "a"), trace: trace) == "once(1:a) 2:a")
        #expect(trace.take() == ["once(1:)", "body(a)", "body(a)"])
        #expect(!once.isActive)
        #expect(await call(point, on: Car(name: "b"), trace: trace) == "1:b 2:b")
        #expect(point.hooks.map(\.label) == ["twice"])
    }

    @Test("async: a once override that an outer override skips stays registered and wraps a later call")
    func asyncOnceOverrideSkippedByAnOuterOverride() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("OnceEdge.asyncSkipped")
        let trace = Trace()
        let skipped = Car(name: "skipped")
        let once = try point.override(label: "once", once: true) { original in
            { vehicle, prefix in "once(" + (await original(vehicle, prefix)) + ")" }
        }
        try point.override(.instance(skipped), label: "skip") { _ in
            { _, _ in
                await Task.yield()
                return "replaced"
            }
        }
        #expect(await call(point, on: skipped, trace: trace) == "replaced")
        #expect(once.isActive)
        #expect(await call(point, on: Car(name: "a"), trace: trace) == "once(a)")
        #expect(await call(point, on: Car(name: "b"), trace: trace) == "b")
        #expect(!once.isActive)
        #expect(trace.all == ["body(a)", "body(b)"])
    }

    @Test("async: a once after hook of a call that throws stays registered and runs after the next call that returns")
    func asyncOnceAfterHookOfAThrowingCall() async throws {
        let point = AsyncThrowingHookPoint<Vehicle, Bool, String, Failure>("OnceEdge.asyncThrowing")
        let trace = Trace()
        let onceBefore = try point.before(label: "once before", once: true) { vehicle, _ in
            trace.record("once before(\(vehicle.name))")
        }
        let onceAfter = try point.after(label: "once after", once: true) { vehicle, _, _ in
            await Task.yield()
            trace.record("once after(\(vehicle.name))")
        }
        func run(_ name: String, failing: Bool) async -> String? {
            try? await point.invoke(Car(name: name), failing) { (vehicle, failing) async throws(Failure) -> String in
                await Task.yield()
                trace.record("body(\(vehicle.name))")
                if failing { throw Failure() }
                return vehicle.name
            }
        }
        #expect(await run("a", failing: true) == nil)
        #expect(!onceBefore.isActive && onceAfter.isActive)
        #expect(point.hooks.map(\.label) == ["once after"])
        #expect(await run("b", failing: false) == "b")
        #expect(await run("c", failing: false) == "c")
        #expect(trace.all == ["once before(a)", "body(a)", "body(b)", "once after(b)", "body(c)"])
        #expect(!onceAfter.isActive && point.hooks.isEmpty)
    }
}
