import HookKit
import Testing

/// An async call runs the hooks it started with across all its suspensions: calls started between changes each keep
/// their own, links cancelled while a call runs them finish that call, and the simple path (synchronous hooks for
/// every receiver around an async body) keeps its hooks across the body's suspension while the point churns.
@Suite("Async snapshots")
struct AsyncSnapshotTests {
    static let threeCalls = AsyncHookPoint<Vehicle, String, String>("AsyncSnapshot.threeCalls")
    static let runningLinks = AsyncHookPoint<Vehicle, String, String>("AsyncSnapshot.runningLinks")
    static let simplePath = AsyncHookPoint<Vehicle, String, String>("AsyncSnapshot.simplePath")

    @Test("three calls suspended at once, each started between two changes, each run the hooks they started with")
    func threeSuspendedCallsThreeSnapshots() async throws {
        let traces = [Trace(), Trace(), Trace()]
        let gate = Gate()
        try Self.threeCalls.before(priority: 1, label: "gate") { _, index in
            traces[Int(index)!].record("gate")
            await gate.arrive()
        }
        let first = try Self.threeCalls.before(label: "first") { _, index in traces[Int(index)!].record("first") }
        func start(_ index: Int) -> Task<String, Never> {
            Task { await call(Self.threeCalls, on: Car(name: "c"), "\(index)", trace: traces[index]) }
        }
        var calls = [start(0)]
        await gate.waitForArrivals(1)
        try Self.threeCalls.after(label: "second") { _, index, _ in traces[Int(index)!].record("second") }
        calls.append(start(1))
        await gate.waitForArrivals(2)
        #expect(first.cancel())
        calls.append(start(2))
        await gate.waitForArrivals(3)
        await gate.open()
        for task in calls { _ = await task.value }
        #expect(traces[0].all == ["gate", "first", "body(c)"])
        #expect(traces[1].all == ["gate", "first", "body(c)", "second"])
        #expect(traces[2].all == ["gate", "body(c)", "second"])
    }

    @Test("an inner override and an after hook cancelled while they run finish that call and are gone from the next")
    func linksCancelledWhileTheyRun() async throws {
        let trace = Trace()
        let outerGate = Gate()
        let afterGate = Gate()
        try Self.runningLinks.override(label: "outer") { original in
            { vehicle, prefix in
                trace.record("outer(\(prefix))")
                if prefix == "1" { await outerGate.arrive() }  // suspended before it calls original
                return await original(vehicle, prefix)
            }
        }
        let inner = try Self.runningLinks.override(priority: -1, label: "inner") { original in
            { vehicle, prefix in
                trace.record("inner(\(prefix))")
                return await original(vehicle, prefix)
            }
        }
        let after = try Self.runningLinks.after(label: "suspending after") { _, prefix, _ in
            trace.record("after begins(\(prefix))")
            if prefix == "2" { await afterGate.arrive() }  // suspended inside itself
            trace.record("after ends(\(prefix))")
        }
        let first = Task { await call(Self.runningLinks, on: Car(name: "c"), "1", trace: trace) }
        await outerGate.waitForArrivals()
        #expect(inner.cancel())
        await outerGate.open()
        #expect(await first.value == "1c")
        #expect(trace.take() == ["outer(1)", "inner(1)", "body(c)", "after begins(1)", "after ends(1)"])
        let second = Task { await call(Self.runningLinks, on: Car(name: "c"), "2", trace: trace) }
        await afterGate.waitForArrivals()
        #expect(after.cancel() && !after.isActive)
        await afterGate.open()
        #expect(await second.value == "2c")
        await call(Self.runningLinks, on: Car(name: "c"), "3", trace: trace)
        #expect(
            trace.take() == [
                "outer(2)", "body(c)", "after begins(2)", "after ends(2)",
                "outer(3)", "body(c)",
            ])
        #expect(Self.runningLinks.hooks.map(\.label) == ["outer"])
    }

    @Test("simple path: an after hook cancelled while the body is suspended still runs in that call, despite churn")
    func simplePathKeepsItsHooksAcrossTheBodysSuspension() async throws {
        let trace = Trace()
        let gate = Gate()
        try Self.simplePath.before(label: "before") { _, prefix in trace.record("before(\(prefix))") }
        let after = try Self.simplePath.after(label: "after") { _, prefix, _ in trace.record("after(\(prefix))") }
        let suspended = Task {
            await Self.simplePath.invoke(Car(name: "c"), "1") { vehicle, prefix in
                await gate.arrive()
                trace.record("body(\(vehicle.name))")
                return prefix + vehicle.name
            }
        }
        await gate.waitForArrivals()
        #expect(after.cancel())
        try Self.simplePath.after(label: "new after") { _, prefix, _ in trace.record("new after(\(prefix))") }
        // Each change replaces the snapshot the suspended call holds.
        for _ in 0..<50 {
            try Self.simplePath.before { _, _ in }.cancel()
        }
        await gate.open()
        #expect(await suspended.value == "1c")
        #expect(trace.take() == ["before(1)", "body(c)", "after(1)"])
        await call(Self.simplePath, on: Car(name: "c"), "2", trace: trace)
        #expect(trace.take() == ["before(2)", "body(c)", "new after(2)"])
    }
}
