import HookKit
import Synchronization
import Testing

/// `once` on async points around suspensions: a once hook is spent when its run begins, so the calls that overlap
/// its suspended run go without it; a once override under concurrent calls leaves the rest of the chain to the
/// others; one cancelled by an earlier hook of its call, after a suspension, still runs in that call.
@Suite("Async once")
struct AsyncOnceTests {
    static let suspendedOnce = AsyncHookPoint<Vehicle, String, String>("AsyncOnce.suspended")
    static let onceOverride = AsyncHookPoint<Vehicle, String, String>("AsyncOnce.override")
    static let manyHooks = AsyncHookPoint<Vehicle, String, String>("AsyncOnce.manyHooks")

    @Test("a once hook suspended in its only run: 63 concurrent calls finish without it, and it is already gone")
    func onceHookSuspendedWhileOthersCall() async throws {
        let fired = Counter()
        let gate = Gate()
        let isFirst = Atomic<Bool>(true)
        let once = try Self.suspendedOnce.before(label: "once", once: true) { _, _ in
            fired.increment()
            if isFirst.exchange(false, ordering: .relaxed) { await gate.arrive() }
        }
        try Self.suspendedOnce.after(label: "after") { _, _, _ in }
        let (finished, reportFinished) = AsyncStream.makeStream(of: Void.self)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    await call(Self.suspendedOnce, on: Car(name: "c\(index)"), trace: Trace())
                    reportFinished.yield()
                }
            }
            await gate.waitForArrivals()
            var others = 0
            for await _ in finished {
                others += 1
                if others == 63 { break }
            }
            #expect(fired.count == 1)
            #expect(!once.isActive && !once.cancel())
            #expect(Self.suspendedOnce.hooks.map(\.label) == ["after"])
            await gate.open()
        }
        #expect(fired.count == 1)
    }

    /// Past 16 synchronous hooks of a kind the chain loops over the registrations: a path of its own.
    @Test("synchronous once hooks among 20 hooks of their kind on an async point fire once under 64 concurrent calls")
    func onceAmongManySynchronousHooks() async throws {
        let others = Counter()
        let firedBefore = Counter()
        let firedAfter = Counter()
        let beforeOverlap = CallOverlap()
        let afterOverlap = CallOverlap()
        for index in 0..<20 {
            if index == 0 {
                try Self.manyHooks.before { _, _ in
                    beforeOverlap.callStarted()
                    afterOverlap.callStarted()
                    others.increment()
                }
                try Self.manyHooks.after { _, _, _ in others.increment() }
            } else if index == 10 {
                try Self.manyHooks.before(once: true) { _, _ in
                    firedBefore.increment()
                    beforeOverlap.holdFirstRun()
                }
                try Self.manyHooks.after(once: true) { _, _, _ in
                    firedAfter.increment()
                    afterOverlap.holdFirstRun()
                }
            } else {
                try Self.manyHooks.before { _, _ in others.increment() }
                try Self.manyHooks.after { _, _, _ in others.increment() }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    for _ in 0..<50 {
                        _ = await Self.manyHooks.invoke(Car(name: "c\(index)"), "") { _, _ in "" }
                    }
                }
            }
        }
        #expect(firedBefore.count == 1)
        #expect(firedAfter.count == 1)
        #expect(others.count == 64 * 50 * 38)
        #expect(Self.manyHooks.hooks.count == 38)
    }

    @Test("a once override under 64 concurrent calls wraps one of them; the others run the rest of the chain")
    func onceOverrideAmongConcurrentCalls() async throws {
        try Self.onceOverride.override(label: "inner") { original in
            { vehicle, prefix in "inner(" + (await original(vehicle, prefix)) + ")" }
        }
        try Self.onceOverride.override(label: "once", once: true) { original in
            { vehicle, prefix in
                await Task.yield()
                return "once(" + (await original(vehicle, prefix)) + ")"
            }
        }
        let results = await withTaskGroup(of: String.self, returning: [String].self) { group in
            for _ in 0..<64 {
                group.addTask {
                    await Self.onceOverride.invoke(Car(name: "c"), "") { _, _ in
                        await Task.yield()
                        return "body"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 == "once(inner(body))" }.count == 1)
        #expect(results.filter { $0 == "inner(body)" }.count == 63)
        #expect(Self.onceOverride.hooks.map(\.label) == ["inner"])
    }

    @Test("a once hook cancelled by an earlier hook of the same call, after a suspension, still runs in that call")
    func onceHookCancelledByAnEarlierHook() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOnce.cancelledEarlier")
        let trace = Trace()
        let target = Locked<HookToken?>(nil)
        try point.before(priority: 1, label: "canceller") { vehicle, _ in
            await Task.yield()
            let removed = target.withLock { $0 }?.cancel()
            trace.record("canceller(\(vehicle.name)): \(removed.map(String.init(describing:)) ?? "none")")
        }
        let once = try point.before(label: "once", once: true) { vehicle, _ in trace.record("once(\(vehicle.name))") }
        target.withLock { $0 = once }
        await call(point, on: Car(name: "a"), trace: trace)
        await call(point, on: Car(name: "b"), trace: trace)
        #expect(trace.all == ["canceller(a): true", "once(a)", "body(a)", "canceller(b): false", "body(b)"])
        #expect(!once.isActive)
        target.withLock { $0 = nil }
    }
}
