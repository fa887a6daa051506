import HookKit
import Synchronization
import Testing

/// Many tasks calling async points while other tasks register and cancel hooks; `once` under concurrent tasks;
/// tokens cancelled from many tasks; hooks that register, cancel and call while they run.
@Suite("Async concurrency")
struct AsyncConcurrencyTests {
    /// What one call saw, filled in by its hooks.
    final class CallRecord: Sendable {
        let sawFirst = Atomic<Bool>(false)
        let sawSecond = Atomic<Bool>(false)
        let overrideDepth = Atomic<Int>(0)
    }

    static let churned = AsyncHookPoint<Vehicle, CallRecord, Int>("AsyncConcurrency.churn")
    static let onceBefore = AsyncHookPoint<Vehicle, String, String>("AsyncConcurrency.onceBefore")
    static let onceOverride = AsyncHookPoint<Vehicle, String, String>("AsyncConcurrency.onceOverride")
    static let cancelled = AsyncHookPoint<Vehicle, String, String>("AsyncConcurrency.cancelled")
    static let reentrant = AsyncHookPoint<Vehicle, Int, Int>("AsyncConcurrency.reentrant")

    static let callers = 8
    static let callsPerCaller = 1_000
    static let writers = 2
    static let pairsPerWriter = 500

    @Test("8 calling tasks and 2 registering tasks: every call sees one snapshot across its suspensions")
    func callersAndWriters() async throws {
        let permanent = Counter()
        let bodies = Counter()
        let firsts = Counter()
        let seconds = Counter()
        let inconsistent = Counter()
        // A permanent async hook, so that every call suspends inside its snapshot while writers replace it.
        try Self.churned.before(label: "permanent") { _, _ in
            await Task.yield()
            permanent.increment()
        }
        let car = Car(name: "c")
        let writersDone = Counter()
        let callsMade = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.writers {
                group.addTask {
                    // A pair is a before hook, then an after hook and an instance override, cancelled in varying
                    // order: a call that saw the second must have seen the first, in the same call.
                    for round in 0..<Self.pairsPerWriter {
                        let first = try! Self.churned.before(label: "first") { _, record in
                            record.sawFirst.store(true, ordering: .relaxed)
                            firsts.increment()
                        }
                        let second = try! Self.churned.after(label: "second") { _, record, _ in
                            await Task.yield()
                            record.sawSecond.store(true, ordering: .relaxed)
                            seconds.increment()
                        }
                        let override = try! Self.churned.override(.instance(car), label: "override") { original in
                            { vehicle, record in
                                record.overrideDepth.wrappingAdd(1, ordering: .relaxed)
                                await Task.yield()
                                return await original(vehicle, record) + 1
                            }
                        }
                        await Task.yield()
                        if round % 2 == 0 {
                            override.cancel()
                            second.cancel()
                        } else {
                            second.cancel()
                            override.cancel()
                        }
                        first.cancel()
                    }
                    writersDone.increment()
                }
            }
            for _ in 0..<Self.callers {
                group.addTask {
                    var calls = 0
                    while calls < Self.callsPerCaller || writersDone.count < Self.writers {
                        calls += 1
                        let record = CallRecord()
                        let result = await Self.churned.invoke(car, record) { _, _ in
                            await Task.yield()
                            bodies.increment()
                            return 0
                        }
                        let sawFirst = record.sawFirst.load(ordering: .relaxed)
                        let sawSecond = record.sawSecond.load(ordering: .relaxed)
                        if (sawSecond && !sawFirst) || result != record.overrideDepth.load(ordering: .relaxed) {
                            inconsistent.increment()
                        }
                    }
                    callsMade.increment(by: calls)
                }
            }
        }
        #expect(inconsistent.count == 0)
        #expect(bodies.count == callsMade.count)
        #expect(permanent.count == bodies.count)
        #expect(seconds.count <= firsts.count)
        #expect(Self.churned.hooks.map(\.label) == ["permanent"])
    }

    @Test("once hooks fire exactly once under 8 concurrent tasks, synchronous or async")
    func onceUnderConcurrentTasks() async throws {
        let fired = Counter()
        let asyncFired = Counter()
        let bodies = Counter()
        let replaced = Counter()
        let once = try Self.onceBefore.before(once: true) { _, _ in fired.increment() }
        let asyncOnce = try Self.onceBefore.before(once: true) { _, _ in
            await Task.yield()
            asyncFired.increment()
        }
        try Self.onceOverride.override(once: true) { _ in
            { _, _ in
                await Task.yield()
                return "replaced"
            }
        }
        let car = Car(name: "c")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        _ = await Self.onceBefore.invoke(car, "") { _, _ in
                            bodies.increment()
                            return ""
                        }
                        if await Self.onceOverride.invoke(car, "", { _, _ in "original" }) == "replaced" {
                            replaced.increment()
                        }
                    }
                }
            }
        }
        #expect(fired.count == 1)
        #expect(asyncFired.count == 1)
        #expect(replaced.count == 1)
        #expect(bodies.count == 4_000)
        #expect(!once.isActive && !asyncOnce.isActive)
        #expect(Self.onceBefore.hooks.isEmpty)
        #expect(Self.onceOverride.hooks.isEmpty)
    }

    @Test("200 tokens cancelled twice each from 8 tasks, in any order: each is removed exactly once")
    func tokensCancelledFromManyTasks() async throws {
        let tokens = try (0..<200).map { index in
            try Self.cancelled.before(label: "hook \(index)") { _, _ in }
        }
        let removals = Counter()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Every token is cancelled by two tasks, in different orders.
                    let mine = tokens.enumerated().filter { $0.offset % 4 == task % 4 }.map(\.element)
                    for token in task < 4 ? mine : mine.reversed() where token.cancel() {
                        removals.increment()
                    }
                }
            }
        }
        #expect(removals.count == 200)
        #expect(tokens.allSatisfy { !$0.isActive })
        #expect(Self.cancelled.hooks.isEmpty)
        #expect(await Self.cancelled.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name } == "c")
    }

    @Test("a running async hook registers a hook, cancels itself and calls the hooked method, without deadlock")
    func hooksThatRegisterCancelAndCall() async throws {
        let trace = Trace()
        let selfToken = Locked<HookToken?>(nil)
        let token = try Self.reentrant.before(label: "reentrant") { vehicle, depth in
            guard depth == 0 else { return }
            await Task.yield()
            let added = try! Self.reentrant.after(label: "added") { _, depth, _ in
                trace.record("added after \(depth)")
            }
            trace.record("cancelled itself: \(selfToken.withLock { $0 }?.cancel() ?? false)")
            let nested = await Self.reentrant.invoke(vehicle, 1) { _, depth in depth * 10 }
            trace.record("nested call returned \(nested)")
            _ = added
        }
        selfToken.withLock { $0 = token }
        let result = await Self.reentrant.invoke(Car(name: "c"), 0) { _, depth in depth + 1 }
        #expect(result == 1)
        #expect(trace.all == ["cancelled itself: true", "added after 1", "nested call returned 10"])
        #expect(Self.reentrant.hooks.map(\.label) == ["added"])
        selfToken.withLock { $0 = nil }
    }
}
