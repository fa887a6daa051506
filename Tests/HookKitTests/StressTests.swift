import HookKit
import Synchronization
import Testing

/// Calls on several threads while other threads register and cancel hooks.
@Suite("Concurrency stress")
struct StressTests {
    /// What one call saw, filled in by its hooks.
    final class CallRecord: Sendable {
        let sawFirst = Atomic<Bool>(false)
        let sawSecond = Atomic<Bool>(false)
        let overrideDepth = Atomic<Int>(0)
    }

    static let callers = 4
    static let writers = 2
    static let callsPerCaller = 20_000
    static let pairsPerWriter = 2_000

    @Test("4 callers and 2 writers: every call sees one snapshot, and the counts add up")
    func callersAndWriters() throws {
        let point = ThrowingHookPoint<Vehicle, CallRecord, Int, Never>("Stress.point")
        let bodies = Counter()
        let firsts = Counter()
        let seconds = Counter()
        let inconsistent = Counter()
        let permanent = Counter()
        // One permanent hook per kind, so that every call goes through a snapshot.
        try point.before(label: "permanent") { _, _ in permanent.increment() }
        let car = Car(name: "c")
        let writersDone = Atomic<Int>(0)
        let callsMade = Counter()
        runConcurrently(threads: Self.callers + Self.writers) { index in
            if index < Self.writers {
                // Each writer registers a pair (a before hook, then an after hook and an override),
                // then cancels it in the reverse order; a call that saw the second must have seen
                // the first, in the same call.
                for round in 0..<Self.pairsPerWriter {
                    let first = try! point.before(label: "first") { _, record in
                        record.sawFirst.store(true, ordering: .relaxed)
                        firsts.increment()
                    }
                    let second = try! point.after(label: "second") { _, record, _ in
                        record.sawSecond.store(true, ordering: .relaxed)
                        seconds.increment()
                    }
                    let override = try! point.override(.instance(car), label: "override") { original in
                        { vehicle, record in
                            record.overrideDepth.wrappingAdd(1, ordering: .relaxed)
                            return original(vehicle, record) + 1
                        }
                    }
                    if round % 2 == 0 {
                        override.cancel()
                        second.cancel()
                    } else {
                        second.cancel()
                        override.cancel()
                    }
                    first.cancel()
                }
                writersDone.wrappingAdd(1, ordering: .releasing)
            } else {
                var calls = 0
                while calls < Self.callsPerCaller || writersDone.load(ordering: .acquiring) < Self.writers {
                    let record = CallRecord()
                    let result = point.invoke(car, record) { _, _ in
                        bodies.increment()
                        return 0
                    }
                    let sawFirst = record.sawFirst.load(ordering: .relaxed)
                    let sawSecond = record.sawSecond.load(ordering: .relaxed)
                    if (sawSecond && !sawFirst) || result != record.overrideDepth.load(ordering: .relaxed) {
                        inconsistent.increment()
                    }
                    calls += 1
                }
                callsMade.increment(by: calls)
            }
        }
        #expect(inconsistent.count == 0)
        #expect(bodies.count == callsMade.count)
        #expect(permanent.count == bodies.count)
        #expect(seconds.count <= firsts.count)
        #expect(point.hooks.map(\.label) == ["permanent"])
    }

    @Test("instance hooks on objects created and destroyed while other threads call")
    func instanceChurn() throws {
        let point = HookPoint<Vehicle, String, String>("Stress.instances")
        let hits = Counter()
        let mismatches = Counter()
        let shared = Car(name: "shared")
        try point.before(.instance(shared)) { _, _ in hits.increment() }
        runConcurrently(threads: 4) { index in
            for round in 0..<2_000 {
                if index < 2 {
                    let car = Car(name: "t\(index)-\(round)")
                    let name = car.name
                    let token = try! point.before(.instance(car)) { vehicle, _ in
                        // Capturing `car` itself would keep it alive: capture what identifies it.
                        if vehicle.name != name { mismatches.increment() }
                    }
                    _ = point.invoke(car, "") { _, _ in "" }
                    if round % 2 == 0 { token.cancel() }
                } else {
                    _ = point.invoke(shared, "") { _, _ in "" }
                }
            }
        }
        #expect(hits.count == 4_000)
        #expect(mismatches.count == 0)
        #expect(point.hooks.count == 1)
    }
}
