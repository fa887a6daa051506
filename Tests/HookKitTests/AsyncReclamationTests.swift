import HookKit
import Synchronization
import XCTest

@testable import HookKit

/// An async call holds its snapshot with a hold counted in the snapshot's per-thread stripes, not with a hazard slot:
/// while it is suspended, a replaced snapshot waits in the retired list, alive, and the call frees it when it returns,
/// on whatever thread it resumed; a suspended call holds back only its own snapshot; under churn, with calls moving
/// between threads, the backlog stays bounded and every snapshot is freed once calls return.
///
/// An XCTest case because it reads the process-wide retired list (see ReclamationTests).
final class AsyncReclamationTests: XCTestCase {
    /// An object that counts its deinitializations, for proving that every replaced snapshot was freed.
    private final class Tracked: Sendable {
        let released: Counter

        init(released: Counter) {
            self.released = released
        }

        deinit {
            released.increment()
        }
    }

    /// What one call saw, filled in by its hooks.
    final class CallRecord: Sendable {
        let sawBefore = Atomic<Bool>(false)
        let sawAfter = Atomic<Bool>(false)
    }

    static let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.suspended")

    private var reclamation: _SnapshotReclamation { .shared }

    static let holdingBackPoint = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.holdsBackItsOwn")
    static let churnedPoint = AsyncHookPoint<Vehicle, CallRecord, Int>("AsyncReclamation.churn")

    /// Starts a call of ``point`` (or ``holdingBackPoint``) in a task of its own; the call suspends in its body at
    /// `gate`.
    private static func startCall(holdingBack: Bool = false, suspendingAt gate: Gate) -> Task<String, Never> {
        Task {
            let body: AsyncHookPoint<Vehicle, String, String>.Implementation = { vehicle, _ in
                await gate.arrive()
                return vehicle.name
            }
            let car = Car(name: "c")
            return holdingBack
                ? await holdingBackPoint.invoke(car, "", body) : await point.invoke(car, "", body)
        }
    }

    func testASuspendedCallHoldsItsSnapshotWithoutAHazardSlotAndFreesItWhenItReturns() async throws {
        XCTAssertEqual(reclamation.retiredCount, 0, "an earlier test left retired snapshots behind")
        let gate = Gate()
        let trace = Trace()
        let before = try registerCapturing { object in
            try Self.point.before { _, _ in
                _ = object
                trace.record("before")
            }
        }
        let after = try Self.point.after { _, _, result in trace.record("after(\(result))") }
        let call = Self.startCall(suspendingAt: gate)
        await gate.waitForArrivals()
        // The call is suspended in its body, between the snapshot's before and after hooks, possibly to resume on
        // another thread.
        XCTAssertTrue(before.token.cancel())
        XCTAssertTrue(after.cancel())
        XCTAssertEqual(_SnapshotReclamation.occupiedHazardSlotCount, 0, "a suspended async call holds a hazard slot")
        XCTAssertEqual(reclamation.retiredCount, 1, "the snapshot the suspended call holds must wait, not be freed")
        XCTAssertNotNil(before.captured, "the snapshot was freed under a call that still runs it")
        await gate.open()
        let result = await call.value
        XCTAssertEqual(result, "c")
        XCTAssertEqual(trace.take(), ["before", "after(c)"], "the call ran the hooks of the snapshot it started with")
        XCTAssertNil(before.captured, "the call ended the last hold: it frees the snapshot as it returns")
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    func testASuspendedCallHoldsBackOnlyItsOwnSnapshot() async throws {
        XCTAssertEqual(reclamation.retiredCount, 0, "an earlier test left retired snapshots behind")
        let gate = Gate()
        let first = try Self.holdingBackPoint.before { _, _ in }
        let call = Self.startCall(holdingBack: true, suspendingAt: gate)
        await gate.waitForArrivals()
        first.cancel()
        // Writers neither wait for the suspended call nor pile up behind it.
        let churn = try registerAndCancelHooks { object in
            try Self.holdingBackPoint.after { _, _, _ in _ = object }
        }
        XCTAssertFalse(churn.lastCapturedIsAlive, "a snapshot the suspended call never used was kept")
        XCTAssertEqual(churn.largestBacklog, 1)
        await gate.open()
        _ = await call.value
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    func testUnderChurnCallsThatMoveBetweenThreadsSeeOneSnapshotAndEverySnapshotIsFreed() async throws {
        XCTAssertEqual(reclamation.retiredCount, 0, "an earlier test left retired snapshots behind")
        let callers = 8
        let callsPerCaller = 2_000
        let writers = 2
        let pairsPerWriter = 500
        let created = Counter()
        let released = Counter()
        let bodies = Counter()
        let callsMade = Counter()
        let inconsistent = Counter()
        let writersDone = Counter()
        let largestBacklog = Largest()
        let reclamation = reclamation
        // Synchronous hooks around an async body: the path whose holds count in stripes, without retains.
        try Self.churnedPoint.before(label: "permanent") { _, _ in }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<writers {
                group.addTask {
                    for _ in 0..<pairsPerWriter {
                        let tracked = Tracked(released: released)
                        created.increment()
                        // A call that ran the after hook ran the before hook too: they are cancelled after first.
                        let before = try! Self.churnedPoint.before { _, record in
                            _ = tracked
                            record.sawBefore.store(true, ordering: .relaxed)
                        }
                        let after = try! Self.churnedPoint.after { _, record, _ in
                            _ = tracked
                            record.sawAfter.store(true, ordering: .relaxed)
                        }
                        await Task.yield()
                        after.cancel()
                        before.cancel()
                        // Each call in progress holds at most one snapshot.
                        largestBacklog.record(reclamation.retiredCount)
                    }
                    writersDone.increment()
                }
            }
            for _ in 0..<callers {
                group.addTask {
                    var calls = 0
                    while calls < callsPerCaller || writersDone.count < writers {
                        calls += 1
                        let record = CallRecord()
                        // The body suspends, so the call may end on another thread than the one it started on.
                        let result = await Self.churnedPoint.invoke(Car(name: "c"), record) { _, _ in
                            await Task.yield()
                            bodies.increment()
                            return 1
                        }
                        let sawBefore = record.sawBefore.load(ordering: .relaxed)
                        let sawAfter = record.sawAfter.load(ordering: .relaxed)
                        if result != 1 || (sawAfter && !sawBefore) {
                            inconsistent.increment()
                        }
                    }
                    callsMade.increment(by: calls)
                }
            }
        }
        XCTAssertEqual(inconsistent.count, 0, "a call saw an after hook without the before hook of its snapshot")
        XCTAssertEqual(bodies.count, callsMade.count)
        XCTAssertLessThanOrEqual(largestBacklog.value, callers)
        XCTAssertEqual(reclamation.retiredCount, 0, "calls returned, yet retired snapshots wait")
        XCTAssertEqual(released.count, created.count, "a replaced snapshot was never freed")
        XCTAssertEqual(Self.churnedPoint.hooks.map(\.label), ["permanent"])
    }

    /// One hold keeps its snapshot whichever stripe its thread counts it in: each of many threads alive at once takes
    /// a hold in turn (through the call path's own `_lease`), the snapshot is replaced, and it must wait until that
    /// thread ends the hold.
    func testASingleHoldKeepsItsSnapshotInEveryStripe() throws {
        typealias Storage = _AsyncHookPointStorage<Vehicle, String, String, Never>
        XCTAssertEqual(reclamation.retiredCount, 0, "an earlier test left retired snapshots behind")
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.everyStripe")
        let permanent = try point.before { _, _ in }
        defer { permanent.cancel() }
        let cellAddress = point._cell.load(ordering: .acquiring)
        // Threads alive together claim records of their own; those beyond the records that exist are new, numbered
        // one after another, and 64 of them (the most stripes a snapshot has) count in every stripe.
        let threads = _SnapshotReclamation.readerRecordCount + 64
        let steps = (0..<threads).map { _ in DispatchSemaphore(value: 0) }
        let stepped = DispatchSemaphore(value: 0)
        let exit = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<threads {
            finished.enter()
            Thread {
                steps[index].wait()
                let lease = Storage._lease(cellAddress)
                stepped.signal()
                steps[index].wait()
                if let lease { Storage._endLease(lease, cellAddress) }
                stepped.signal()
                exit.wait()  // keeps the record claimed until every thread took its turn
                finished.leave()
            }
            .start()
        }
        var kept = 0
        for index in 0..<threads {
            steps[index].signal()
            stepped.wait()  // the thread holds the published snapshot
            let token = try point.after { _, _, _ in }  // replaces it
            if reclamation.retiredCount == 1 { kept += 1 }
            steps[index].signal()
            stepped.wait()  // the thread ended its hold, and freed the snapshot
            XCTAssertEqual(reclamation.retiredCount, 0, "thread \(index) ended its hold without freeing the snapshot")
            token.cancel()
        }
        for _ in 0..<threads { exit.signal() }
        finished.wait()
        XCTAssertEqual(kept, threads, "a snapshot held by one call was freed under it")
    }

    /// An async `once` override is released once it fired and its call returned, or when it is cancelled before.
    func testAOnceOverrideIsReleasedOnceItFiredAndItsCallReturnedOrWhenCancelled() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.onceOverride")
        let registerOnceOverride = { (object: CapturedByHook) throws -> HookToken in
            try point.override(once: true) { original in
                { vehicle, suffix in
                    _ = object
                    return await original(vehicle, suffix) + "!"
                }
            }
        }
        let car = Car(name: "c")
        let fired = try registerCapturing(registerOnceOverride)
        let result = await point.invoke(car, "") { vehicle, _ in vehicle.name }
        XCTAssertEqual(result, "c!")
        XCTAssertNil(fired.captured, "the fired once override is still alive")
        let second = await point.invoke(car, "") { vehicle, _ in vehicle.name }
        XCTAssertEqual(second, "c")
        XCTAssertFalse(fired.token.cancel())
        assertCancellingReleases(
            try registerCapturing(registerOnceOverride), "the cancelled once override is still alive")
    }

    /// Fired `once` before hooks, synchronous and async, are released once the call that ran them returned; a body
    /// passed per call is released when its call returns, or, when a `Task {}` started by an override may still reach
    /// it through `original`, when that task ends.
    func testFiredOnceHooksAndBodiesPassedPerCallAreReleasedOnceNothingCanRunThem() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.firedAndBodies")
        let syncOnce = try registerCapturing { object in try point.before(once: true) { _, _ in _ = object } }
        let asyncOnce = try registerCapturing { object in
            try point.before(once: true) { _, _ in
                await Task.yield()
                _ = object
            }
        }
        let gate = Gate()
        let later = Locked<Task<String, Never>?>(nil)
        try point.override { original in
            { vehicle, prefix in
                if prefix == "keep " {
                    later.withLock {
                        $0 = Task {
                            await gate.arrive()
                            return await original(vehicle, "later ")
                        }
                    }
                }
                return await original(vehicle, prefix)
            }
        }
        let released = Counter()
        func callWithTrackedBody(_ prefix: String) async -> String {
            let tracked = Tracked(released: released)
            return await point.invoke(Car(name: "c"), prefix) { vehicle, prefix in
                withExtendedLifetime(tracked) { prefix + vehicle.name }
            }
        }
        let plain = await callWithTrackedBody("plain ")
        XCTAssertEqual(plain, "plain c")
        XCTAssertNil(syncOnce.captured, "the fired synchronous once hook is still alive")
        XCTAssertNil(asyncOnce.captured, "the fired async once hook is still alive")
        XCTAssertEqual(released.count, 1, "the body outlived its call")
        let kept = await callWithTrackedBody("keep ")
        XCTAssertEqual(kept, "keep c")
        XCTAssertEqual(released.count, 1, "the body was released while a Task {} could still reach it")
        await gate.open()
        let fromTask = await later.withLock { $0 }?.value
        XCTAssertEqual(fromTask, "later c")
        later.withLock { $0 = nil }
        XCTAssertEqual(released.count, 2, "the body outlived the Task {} that could reach it")
    }

    /// As for synchronous points: publishing a point whose hooks all apply to every receiver skips the compile cache,
    /// whose chains (here, the type hook's) must not outlive the change that made them stale.
    func testAScopedHookIsReleasedWhenOnlyEveryReceiverHooksRemain() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncReclamation.scopedThenEvery")
        let car = Car(name: "c")
        let trace = Trace()
        try point.before { _, _ in trace.record("every") }
        let hook = try registerCapturing { object in
            try point.before(.type(Car.self)) { _, _ in
                _ = object
                trace.record("car")
            }
        }
        let first = await call(point, on: car, trace: trace)
        XCTAssertEqual(first, "c")
        XCTAssertEqual(trace.take(), ["every", "car", "body(c)"])
        XCTAssertTrue(hook.token.cancel())
        XCTAssertNil(hook.captured, "a stale compiled chain still holds the cancelled type hook's closure")
        let second = await call(point, on: car, trace: trace)
        XCTAssertEqual(second, "c")
        XCTAssertEqual(trace.take(), ["every", "body(c)"])
    }
}
