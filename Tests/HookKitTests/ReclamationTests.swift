import Dispatch
import Foundation
import Synchronization
import XCTest

@testable import HookKit

/// Replaced snapshots are freed once no call can use them, the backlog stays bounded under churn, a blocked call
/// holds back only its own snapshot, and threads that exit give their reader records back.
///
/// An XCTest case because it reads process-wide counters (the retired list, the reader records): `swift test` runs
/// XCTest serially in a process of its own, so no parallel test disturbs them.
final class ReclamationTests: XCTestCase {
    private var reclamation: _SnapshotReclamation { .shared }

    /// What a spinning thread reports about itself, so that a fence test can tell a publication during which the
    /// thread ran throughout from one during which it left its CPU, preempted by the kernel or blocked (a writer then
    /// rightly finds it switched out, and needs no fence): the fence tests check that premise instead of assuming it.
    private final class ContextSwitchProbe: Sendable {
        private let switches = Atomic<Int>(0)
        private let fencesForItself = Atomic<Bool>(false)
        private let samples = Atomic<Int>(0)

        /// Called by the spinning thread on every turn of its loop.
        func sample() {
            switches.store(ReclamationTests.contextSwitchesOfCurrentThread(), ordering: .relaxed)
            fencesForItself.store(_SnapshotReclamation.currentThreadFencesForItself, ordering: .relaxed)
            samples.add(1, ordering: .releasing)
        }

        /// The spinner's context-switch count as of a sample it took entirely after this call began.
        func current() -> Int {
            state().switches
        }

        /// The spinner's context-switch count, and whether a writer had asked it to fence for itself, as of a sample
        /// it took entirely after this call began.
        func state() -> (switches: Int, fencesForItself: Bool) {
            let start = samples.load(ordering: .acquiring)
            while samples.load(ordering: .acquiring) < start + 2 {}
            return (switches.load(ordering: .relaxed), fencesForItself.load(ordering: .relaxed))
        }
    }

    /// How many times the calling thread has left its CPU, preempted by the kernel to run another thread or blocked
    /// (even for a moment, as a sanitizer's runtime may block it: involuntary and voluntary context switches), on
    /// Linux; 0 elsewhere.
    fileprivate static func contextSwitchesOfCurrentThread() -> Int {
        #if os(Linux)
        let rusageThread: Int32 = 1  // RUSAGE_THREAD, which Glibc declares only to GNU C
        var usage = rusage()
        getrusage(rusageThread, &usage)
        return usage.ru_nivcsw + usage.ru_nvcsw
        #else
        return 0
        #endif
    }

    /// Skips a test of what writers do with other threads' CPU-time clocks where they do not read them.
    fileprivate static func skipUnlessWritersReadClocks() throws {
        try XCTSkipUnless(
            _SnapshotReclamation.confirmsByCPUClock,
            "writers confirm threads by their CPU-time clocks only on Linux, with membarrier")
    }

    /// The CPU-time clock of the calling thread (Linux; 0 elsewhere, where the tests that use it skip).
    fileprivate static func cpuClockOfCurrentThread() -> Int32 {
        #if os(Linux)
        var clock = clockid_t()
        return pthread_getcpuclockid(pthread_self(), &clock) == 0 ? clock : 0
        #else
        return 0
        #endif
    }

    /// Waits until the thread whose CPU-time clock is `clock` is off its CPU.
    ///
    /// Off its CPU means two readings in a row agree: the writers' own test (see `reader_switched_out` in
    /// `_HookKitRuntime`). Returns false if that did not happen within `timeout` (a thread still running, or a clock
    /// that cannot be read).
    fileprivate static func awaitSwitchedOut(clock: Int32, timeout: Duration = .seconds(5)) -> Bool {
        #if os(Linux)
        let deadline = ContinuousClock.now + timeout
        var first = timespec()
        var second = timespec()
        while ContinuousClock.now < deadline {
            guard clock_gettime(clock, &first) == 0, clock_gettime(clock, &second) == 0 else { return false }
            if first.tv_sec == second.tv_sec && first.tv_nsec == second.tv_nsec { return true }
        }
        return false
        #else
        return false
        #endif
    }

    override func setUp() {
        super.setUp()
        XCTAssertEqual(reclamation.retiredCount, 0, "an earlier test left retired snapshots behind")
    }

    func testACancelledHookIsReleasedWhenCancelReturnsIfNoCallUsesIt() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.prompt")
        let car = Car(name: "c")
        let hook = try registerCapturing { object in try point.before { _, _ in _ = object } }
        XCTAssertEqual(call(point, on: car, trace: Trace()), "c")
        assertCancellingReleases(hook, "the replaced snapshot still holds the hook's closure")
    }

    /// The compile cache keeps one compiled chain per hooked object and is updated in place: cancelling the only hook
    /// of one object among others must drop that object's chain (and the closure it holds) from it at once.
    func testAnInstanceHookCancelledAmongOthersIsReleasedWhenCancelReturns() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.instances")
        let cars = (0..<3).map { Car(name: "c\($0)") }
        let trace = Trace()
        let tokens = try [cars[0], cars[2]].map { car in
            try point.before(.instance(car)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        }
        let hook = try registerCapturing { object in
            try point.before(.instance(cars[1])) { _, _ in
                _ = object
                trace.record("captured")
            }
        }
        for car in cars {
            XCTAssertEqual(call(point, on: car, trace: trace), car.name)
        }
        XCTAssertEqual(
            trace.take(), ["hook(c0)", "body(c0)", "captured", "body(c1)", "hook(c2)", "body(c2)"])
        assertCancellingReleases(hook, "the compile cache still holds the cancelled instance hook's chain")
        for car in cars {
            XCTAssertEqual(call(point, on: car, trace: trace), car.name)
        }
        XCTAssertEqual(trace.take(), ["hook(c0)", "body(c0)", "body(c1)", "hook(c2)", "body(c2)"])
        for token in tokens { token.cancel() }
    }

    /// A `once` override removes itself after its run: its closure is released when the call that ran it returns, or
    /// when it is cancelled before it ran (its link must not keep it through the registration).
    func testAOnceOverrideIsReleasedOnceItFiredAndItsCallReturnedOrWhenCancelled() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.onceOverride")
        let registerOnceOverride = { (object: CapturedByHook) throws -> HookToken in
            try point.override(once: true) { original in
                { vehicle, suffix in
                    _ = object
                    return original(vehicle, suffix) + "!"
                }
            }
        }
        let car = Car(name: "c")
        let fired = try registerCapturing(registerOnceOverride)
        XCTAssertEqual(point.invoke(car, "") { vehicle, _ in vehicle.name }, "c!")
        XCTAssertNil(fired.captured, "the fired once override is still alive")
        XCTAssertEqual(point.invoke(car, "") { vehicle, _ in vehicle.name }, "c")
        XCTAssertFalse(fired.token.cancel())
        assertCancellingReleases(
            try registerCapturing(registerOnceOverride), "the cancelled once override is still alive")
    }

    /// Publishing a point whose hooks all apply to every receiver skips the compile cache: the chains the cache kept
    /// from an earlier compilation (here, the type hook's) must not outlive the change that made them stale.
    func testAScopedHookIsReleasedWhenOnlyEveryReceiverHooksRemain() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.scopedThenEvery")
        let car = Car(name: "c")
        let trace = Trace()
        try point.before { _, _ in trace.record("every") }
        let hook = try registerCapturing { object in
            try point.before(.type(Car.self)) { _, _ in
                _ = object
                trace.record("car")
            }
        }
        XCTAssertEqual(call(point, on: car, trace: trace), "c")
        XCTAssertEqual(trace.take(), ["every", "car", "body(c)"])
        XCTAssertTrue(hook.token.cancel())
        XCTAssertNil(hook.captured, "a stale compiled chain still holds the cancelled type hook's closure")
        XCTAssertEqual(call(point, on: car, trace: trace), "c")
        XCTAssertEqual(trace.take(), ["every", "body(c)"])
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    func testASnapshotInUseIsFreedWhenTheCallThatUsesItReturns() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.inUse")
        let car = Car(name: "c")
        let observations = Locked<[String]>([])
        let tokenBox = Locked<HookToken?>(nil)
        let hook = try registerCapturing { [reclamation] object in
            try point.before { _, _ in
                _ = object
                // Cancel this very hook while its call runs: its snapshot is replaced but still in use.
                let removed = tokenBox.withLock { $0 }?.cancel() ?? false
                observations.withLock { $0.append("cancelled \(removed), retired \(reclamation.retiredCount)") }
            }
        }
        tokenBox.withLock { $0 = hook.token }
        _ = point.invoke(car, "") { vehicle, _ in
            observations.withLock { $0.append("body, retired \(self.reclamation.retiredCount)") }
            return vehicle.name
        }
        XCTAssertEqual(observations.withLock { $0 }, ["cancelled true, retired 1", "body, retired 1"])
        XCTAssertEqual(reclamation.retiredCount, 0, "the call that used the snapshot returned: nothing may wait")
        XCTAssertNil(hook.captured)
        tokenBox.withLock { $0 = nil }
    }

    /// A call keeps its snapshot whatever the depth of its slot.
    ///
    /// In the first block of slots or a later one, at a block's last slot, and with more slots occupied than the
    /// scan's scratch space first holds (64). Inside its hook, the call first makes nested calls that return (they
    /// must not take its slot), then cancels its own hook.
    func testASnapshotUsedAtAnyNestingDepthIsKeptUntilItsCallReturns() throws {
        let nesting = try Nest.enter.before { _, _ in }
        defer { nesting.cancel() }
        let point = HookPoint<Vehicle, String, String>("Reclamation.atDepth")
        for depth in [0, 1, 14, 15, 16, 17, 31, 32, 47, 48, 63, 64, 65, 80] {
            let retiredInside = Atomic<Int>(-1)
            let tokenBox = Locked<HookToken?>(nil)
            let hook = try registerCapturing { object in
                try point.before { _, _ in
                    _ = object
                    _ = Nest().enter(40) {}  // 40 nested calls that come and go, above this call's slot
                    let cancelled = tokenBox.withLock { $0 }?.cancel() ?? false
                    retiredInside.store(cancelled ? _SnapshotReclamation.shared.retiredCount : -1, ordering: .relaxed)
                }
            }
            tokenBox.withLock { $0 = hook.token }
            let result = Nest().enter(depth) { _ = point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name } }
            XCTAssertEqual(result, depth)
            XCTAssertEqual(
                retiredInside.load(ordering: .relaxed), 1, "depth \(depth): the snapshot was freed under its call")
            XCTAssertNil(hook.captured, "depth \(depth): the call returned without freeing its snapshot")
            XCTAssertEqual(reclamation.retiredCount, 0)
            tokenBox.withLock { $0 = nil }
        }
    }

    /// A call whose slot held a snapshot for a moment, until it found the snapshot replaced, leaves nothing behind.
    ///
    /// A call stores the published snapshot in its slot and loads the word again. A writer that replaces the snapshot
    /// in between and scans before the call's second load sees it in the slot and keeps it; the call retries with the
    /// new snapshot, and leaves that one. The retry must make sure that the kept snapshot is freed, as a call that
    /// used it would on leaving: with the new snapshot, when the call leaves; with nothing published any more, at once
    /// (the call then runs the plain body, and has no exit). The writer is the calling thread itself, in the test
    /// probe between the two loads. The calls are nested 16 deep, where calls enter out of line (the probe's only
    /// place) on every platform, and where the call that retried is not its thread's outermost (which helps anyway).
    func testACallThatRetriesAfterAPublicationLeavesNoSnapshotBehind() throws {
        try retryAfterAPublication(unpublishing: false)
    }

    /// The same, when the publication between the call's two loads removes the point's last hook.
    func testACallThatRetriesAfterTheLastHookIsCancelledLeavesNoSnapshotBehind() throws {
        try retryAfterAPublication(unpublishing: true)
    }

    private func retryAfterAPublication(unpublishing: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let nesting = try Nest.enter.before { _, _ in }
        defer { nesting.cancel() }
        let point = HookPoint<Vehicle, String, String>("Reclamation.retry.\(unpublishing)")
        let trace = Trace()
        let kept = unpublishing ? nil : try point.before { _, _ in trace.record("kept") }
        defer { kept?.cancel() }
        let replaced = try registerCapturing { object in
            try point.before { _, _ in
                _ = object
                trace.record("replaced")
            }
        }
        defer { _SnapshotReclamation.setProbeBetweenLoads(nil) }
        let cancelledBetweenLoads = Atomic<Bool>(false)
        var retiredAfterTheCall = -1
        var releasedAfterTheCall = false
        _ = Nest().enter(16) {
            Self.runBetweenLoads { [token = replaced.token] in
                cancelledBetweenLoads.store(token.cancel(), ordering: .relaxed)
            }
            let result = point.invoke(Car(name: "c"), "") { vehicle, _ in
                trace.record("body")
                return vehicle.name
            }
            XCTAssertEqual(result, "c", file: file, line: line)
            retiredAfterTheCall = reclamation.retiredCount
            releasedAfterTheCall = replaced.captured == nil
        }
        XCTAssertTrue(cancelledBetweenLoads.load(ordering: .relaxed), "the probe did not run", file: file, line: line)
        XCTAssertEqual(trace.take(), unpublishing ? ["body"] : ["kept", "body"], file: file, line: line)
        XCTAssertEqual(
            retiredAfterTheCall, 0, "the snapshot kept for the slot's moment was left behind", file: file, line: line)
        XCTAssertTrue(releasedAfterTheCall, "the cancelled hook outlived the call", file: file, line: line)
    }

    /// Where in a call's out-of-line entry a test probe runs.
    private enum ProbeSite {
        /// Between the entry's slot store and its second load of the published word.
        case betweenLoads
        /// Between the entry's first load of the published word and its first slot store.
        case beforeSlotStore
        /// Between a writer's last look at a thread's clock and its mark of the request to fence for itself.
        case beforeMark
    }

    /// What the probe at each site runs next (see ``runBetweenLoads(_:)``, ``runBeforeSlotStore(_:)``).
    private static let probeActions = Mutex<[ProbeSite: @Sendable () -> Void]>([:])

    /// Runs, once, the action set for `site` (called from the runtime's probe, a C function that captures nothing).
    private static func runProbeAction(at site: ProbeSite) {
        probeActions.withLock { $0.removeValue(forKey: site) }?()
    }

    /// Runs `action` once, in the next out-of-line entry of a hooked call, between its slot store and its second load
    /// of the published word.
    private static func runBetweenLoads(_ action: @escaping @Sendable () -> Void) {
        probeActions.withLock { $0[.betweenLoads] = action }
        _SnapshotReclamation.setProbeBetweenLoads { ReclamationTests.runProbeAction(at: .betweenLoads) }
    }

    /// Runs `action` once, in the next out-of-line entry of a hooked call, between its first load of the published
    /// word and its first slot store.
    private static func runBeforeSlotStore(_ action: @escaping @Sendable () -> Void) {
        probeActions.withLock { $0[.beforeSlotStore] = action }
        _SnapshotReclamation.setProbeBeforeSlotStore { ReclamationTests.runProbeAction(at: .beforeSlotStore) }
    }

    /// Runs `action` once, in the next writer that asks a switched-out thread to fence for itself, between its last
    /// look at the thread's clock and its mark.
    private static func runBeforeMark(_ action: @escaping @Sendable () -> Void) {
        probeActions.withLock { $0[.beforeMark] = action }
        _SnapshotReclamation.setProbeBeforeMark { ReclamationTests.runProbeAction(at: .beforeMark) }
    }

    /// A writer delayed between its look at a thread's clock and its mark cannot mark the request once the thread
    /// has run and withdrawn it: writers would then skip a thread whose calls fence lightly again (helper-296 found
    /// this in a first version, which stored the mark without checking).
    func testARequestWithdrawnBeforeTheWriterMarksItIsNotMarked() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.lateMark")
        try point.before { _, _ in }
        defer { _SnapshotReclamation.setProbeBeforeMark(nil) }
        let called = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let ranAgain = DispatchSemaphore(value: 0)
        let check = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let clock = Atomic<Int32>(0)
        let observed = Locked<[String]>([])
        Thread {
            _ = point.invoke(Car(name: "reader"), "") { vehicle, _ in vehicle.name }  // a reader record
            clock.store(Self.cpuClockOfCurrentThread(), ordering: .releasing)
            called.signal()
            go.wait()
            // While the writer is between its look and its mark: asked (so this call is out of line), then withdrawn.
            let result = point.invoke(Car(name: "reader"), "again") { vehicle, argument in
                "\(vehicle.name) \(argument)"
            }
            observed.withLock { $0.append(result) }
            ranAgain.signal()
            check.wait()
            let marked = _SnapshotReclamation.currentThreadFencesForItself
            observed.withLock { $0.append(marked ? "marked" : "not marked") }
            finished.signal()
        }
        .start()
        called.wait()
        XCTAssertTrue(Self.awaitSwitchedOut(clock: clock.load(ordering: .acquiring)), "the reader kept running")
        let probeRan = Atomic<Bool>(false)
        Self.runBeforeMark {
            probeRan.store(true, ordering: .relaxed)
            go.signal()
            ranAgain.wait()
        }
        // One publication (a cancellation would be a second one, which may find the reader blocked again and ask it
        // anew): it finds the reader blocked, asks it, and runs the probe.
        let token = try point.after { _, _, _ in }
        XCTAssertTrue(probeRan.load(ordering: .relaxed), "no writer asked the reader to fence for itself")
        check.signal()
        finished.wait()
        token.cancel()
        XCTAssertEqual(observed.withLock { $0 }, ["reader again", "not marked"])
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    func testTheBacklogStaysBoundedUnderChurnAndEmptiesOnceCallsReturn() throws {
        let point = HookPoint<Vehicle, Int, Int>("Reclamation.churn")
        try point.before { _, _ in }
        let callers = 2
        let pairs = 20_000
        let stop = Atomic<Bool>(false)
        let largestBacklog = Largest()
        let calls = Counter()
        let wrongResults = Counter()
        runConcurrently(threads: callers + 1) { index in
            if index == callers {
                for _ in 0..<pairs {
                    try! point.before { _, _ in }.cancel()
                    largestBacklog.record(_SnapshotReclamation.shared.retiredCount)
                }
                stop.store(true, ordering: .releasing)
            } else {
                let car = Car(name: "caller \(index)")
                var made = 0
                while !stop.load(ordering: .acquiring) {
                    if point.invoke(car, 1, { vehicle, argument in argument + 1 }) != 2 { wrongResults.increment() }
                    made += 1
                }
                calls.increment(by: made)
            }
        }
        XCTAssertGreaterThan(calls.count, pairs, "the callers did not overlap the churn")
        XCTAssertEqual(wrongResults.count, 0)
        // One retired snapshot at most per hooked call in progress: each caller runs one call at a time.
        XCTAssertLessThanOrEqual(largestBacklog.value, callers)
        XCTAssertEqual(reclamation.retiredCount, 0, "churn stopped and every call returned: nothing may wait")
    }

    func testACallBlockedInAHookHoldsBackOnlyItsOwnSnapshot() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.blocked")
        let gate = CallGate()
        let blocking = try point.before(label: "blocks once", once: true) { _, _ in gate.hold() }
        let finished = DispatchSemaphore(value: 0)
        let blocked = Thread {
            _ = point.invoke(Car(name: "blocked"), "") { vehicle, _ in vehicle.name }
            finished.signal()
        }
        blocked.start()
        gate.awaitHeldCall()
        // The blocked call holds the snapshot it started with. Writers neither wait for it nor pile up behind it.
        let churn = try registerAndCancelHooks { object in try point.after { _, _, _ in _ = object } }
        XCTAssertFalse(churn.lastCapturedIsAlive, "a snapshot the blocked call never used was kept")
        XCTAssertEqual(churn.largestBacklog, 1)
        XCTAssertFalse(blocking.isActive)
        gate.release()
        finished.wait()
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    /// While a blocked call holds a replaced snapshot, other calls do not help (a shared write and a scan each).
    ///
    /// On the path that relies on writers' fences, a thread's first call after the writer's request helps once; on
    /// the portable path, only calls whose own snapshot was replaced help. CI runs this test on both.
    func testACallBlockedWithAReplacedSnapshotDoesNotMakeOtherCallsHelp() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.noHelpStorm")
        let gate = CallGate()
        let blocking = try point.before { vehicle, _ in
            if vehicle.name == "blocked" { gate.hold() }
        }
        defer { blocking.cancel() }
        let finished = gate.startHeldCall { _ = point.invoke(Car(name: "blocked"), "") { vehicle, _ in vehicle.name } }
        let token = try point.after { _, _, _ in }  // replaces the snapshot the blocked call holds
        XCTAssertEqual(reclamation.retiredCount, 1)
        let helpsBefore = reclamation.helpCount.load(ordering: .relaxed)
        let calls = 1_000
        joinThreads(2) { _ in
            for _ in 0..<calls { _ = point.invoke(Car(name: "free"), "") { vehicle, _ in vehicle.name } }
        }
        let helps = reclamation.helpCount.load(ordering: .relaxed) - helpsBefore
        XCTAssertLessThanOrEqual(helps, 2, "\(helps) of \(2 * calls) calls helped while one call held a snapshot")
        XCTAssertEqual(reclamation.retiredCount, 1, "the blocked call's snapshot was freed under it")
        gate.release()
        finished.wait()
        XCTAssertEqual(reclamation.retiredCount, 0)
        token.cancel()
    }

    /// A blocked thread is looked at by the first publications only.
    ///
    /// They confirm it by its clock and ask it to fence for itself; the later ones confirm it without a look. When it
    /// runs again, its calls work as before.
    func testAWriterConfirmsBlockedThreadsWithoutInterruptingThem() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.blockedThreads")
        try point.before { _, _ in }
        let helpers = 3
        let called = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let clocks = Locked<[Int32]>([])
        let results = Locked<[String]>([])
        for index in 0..<helpers {
            finished.enter()
            Thread {
                // A hooked call gives the thread a reader record; then it blocks outside any call.
                _ = point.invoke(Car(name: "helper \(index)"), "") { vehicle, _ in vehicle.name }
                clocks.withLock { $0.append(Self.cpuClockOfCurrentThread()) }
                called.signal()
                release.wait()
                // Asked to fence for itself while it waited: its next calls do, and the outermost one withdraws it.
                let asked = _SnapshotReclamation.currentThreadFencesForItself
                for call in 0..<3 {
                    let result = point.invoke(Car(name: "helper \(index)"), "\(call)") { vehicle, argument in
                        "\(vehicle.name) \(argument)"
                    }
                    results.withLock { $0.append(result) }
                }
                let withdrawn = !_SnapshotReclamation.currentThreadFencesForItself
                results.withLock { $0.append("asked \(asked), withdrawn \(withdrawn)") }
                finished.leave()
            }
            .start()
        }
        for _ in 0..<helpers { called.wait() }
        // Each helper signals before it blocks: wait until all are off their CPUs.
        for clock in clocks.withLock({ $0 }) {
            XCTAssertTrue(Self.awaitSwitchedOut(clock: clock), "a helper kept running")
        }
        let fencesBefore = _SnapshotReclamation.heavyFenceCount
        let confirmationsBefore = _SnapshotReclamation.clockConfirmationCount
        let pairs = 200
        for _ in 0..<pairs {
            try point.after { _, _, _ in }.cancel()
        }
        let fences = _SnapshotReclamation.heavyFenceCount - fencesBefore
        let confirmations = _SnapshotReclamation.clockConfirmationCount - confirmationsBefore
        for _ in 0..<helpers { release.signal() }
        finished.wait()
        // Each of the 400 publications finds the helpers blocked, so none needs `membarrier` (a spurious wake-up may
        // set a helper running while a writer looks). Their clocks are read by the first two or three publications
        // only (one for the snapshot published before the request, one to confirm that it was made while they were
        // out), not 400 times each.
        XCTAssertGreaterThanOrEqual(confirmations, UInt64(helpers))
        XCTAssertLessThanOrEqual(
            confirmations, UInt64(helpers * 8), "\(confirmations) clock looks in \(2 * pairs) publications")
        XCTAssertLessThanOrEqual(fences, 8, "\(fences) of \(2 * pairs) publications interrupted every thread")
        XCTAssertEqual(
            results.withLock { $0.sorted() },
            Array(repeating: "asked true, withdrawn true", count: helpers)
                + (0..<helpers).flatMap { index in (0..<3).map { "helper \(index) \($0)" } })
        try point.after { _, _, _ in }.cancel()
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    /// A writer reads at most `HK_MAX_CLOCK_LOOKS` (16) threads' clocks per publication, then prefers the fence.
    func testAWriterLooksAtMostSixteenClocksPerPublication() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.manyIdle")
        try point.before { _, _ in }
        let batches = 4
        let perBatch = 10
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for batch in 0..<batches {
            let called = DispatchSemaphore(value: 0)
            let clocks = Locked<[Int32]>([])
            for index in 0..<perBatch {
                finished.enter()
                Thread {
                    _ = point.invoke(Car(name: "idle \(batch).\(index)"), "") { vehicle, _ in vehicle.name }
                    clocks.withLock { $0.append(Self.cpuClockOfCurrentThread()) }
                    called.signal()
                    release.wait()
                    finished.leave()
                }
                .start()
            }
            for _ in 0..<perBatch { called.wait() }
            for clock in clocks.withLock({ $0 }) { _ = Self.awaitSwitchedOut(clock: clock) }
            // A publication while this batch is idle marks its threads (the earlier batches are marked already).
            try point.after { _, _, _ in }.cancel()
        }
        let confirmationsBefore = _SnapshotReclamation.clockConfirmationCount
        let pairs = 20
        for _ in 0..<pairs { try point.after { _, _, _ in }.cancel() }
        let confirmations = _SnapshotReclamation.clockConfirmationCount - confirmationsBefore
        for _ in 0..<(batches * perBatch) { release.signal() }
        finished.wait()
        XCTAssertLessThanOrEqual(
            confirmations, UInt64(2 * pairs * 16), "\(confirmations) clock looks in \(2 * pairs) publications")
    }

    func testACallBlockedInsideItsHooksNeedsNoFenceAndFreesItsSnapshotWhenItReturns() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.blockedInside")
        let gate = CallGate()
        let finished = DispatchSemaphore(value: 0)
        let blocking = try point.before { _, _ in gate.hold() }
        defer { blocking.cancel() }
        let cycles = 50
        var fences: UInt64 = 0
        for cycle in 0..<cycles {
            let result = Locked<String?>(nil)
            let clock = Atomic<Int32>(0)
            Thread {
                clock.store(Self.cpuClockOfCurrentThread(), ordering: .releasing)
                let value = point.invoke(Car(name: "blocked \(cycle)"), "") { vehicle, _ in vehicle.name }
                result.withLock { $0 = value }
                finished.signal()
            }
            .start()
            gate.awaitHeldCall()
            // The thread signals before it blocks: wait until it is off its CPU (under ThreadSanitizer, or on a busy
            // machine, it can take longer to reach `wait()` than a writer waits before it fences).
            XCTAssertTrue(
                Self.awaitSwitchedOut(clock: clock.load(ordering: .acquiring)), "the blocked thread kept running")
            // The call blocks inside its hook, using the published snapshot, which this change replaces.
            let fencesBefore = _SnapshotReclamation.heavyFenceCount
            let token = try point.after { _, _, _ in }
            fences += _SnapshotReclamation.heavyFenceCount - fencesBefore
            XCTAssertEqual(reclamation.retiredCount, 1, "the blocked call's snapshot must wait for it")
            gate.release()
            finished.wait()
            // Leaving, the call saw the request for attention (set while its thread was switched out) and freed it.
            XCTAssertEqual(
                reclamation.retiredCount, 0, "cycle \(cycle): the call returned without freeing its snapshot")
            XCTAssertEqual(result.withLock { $0 }, "blocked \(cycle)")
            token.cancel()
        }
        // A spurious wake-up may set a thread running while the writer looks; the others need no `membarrier`.
        XCTAssertLessThanOrEqual(fences, UInt64(cycles / 10), "\(fences) of \(cycles) publications fenced")
    }

    func testOnlyTheThreadThatHoldsAKeptSnapshotIsAskedToFreeIt() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.onlyHoldersHelp")
        let gate = CallGate()
        let blocking = try point.before { vehicle, _ in
            if vehicle.name == "blocked" { gate.hold() }
        }
        defer { blocking.cancel() }
        _ = point.invoke(Car(name: "free"), "") { vehicle, _ in vehicle.name }  // this thread's reader record
        let clock = Atomic<Int32>(0)
        let finished = gate.startHeldCall {
            clock.store(Self.cpuClockOfCurrentThread(), ordering: .releasing)
            _ = point.invoke(Car(name: "blocked"), "") { vehicle, _ in vehicle.name }
        }
        XCTAssertTrue(Self.awaitSwitchedOut(clock: clock.load(ordering: .acquiring)), "the blocked thread kept running")
        let helpsBefore = reclamation.helpCount.load(ordering: .relaxed)
        let token = try point.after { _, _, _ in }  // replaces the snapshot the blocked call holds
        XCTAssertEqual(reclamation.retiredCount, 1, "the blocked call's snapshot must wait for it")
        // Every thread was confirmed before the scan that kept the snapshot, so only its holder is asked: this
        // thread's calls leave inline, as if nothing were retired.
        for _ in 0..<1_000 { _ = point.invoke(Car(name: "free"), "") { vehicle, _ in vehicle.name } }
        XCTAssertEqual(
            reclamation.helpCount.load(ordering: .relaxed) - helpsBefore, 0, "a call that held nothing helped")
        XCTAssertEqual(reclamation.retiredCount, 1, "the blocked call's snapshot was freed under it")
        gate.release()
        finished.wait()
        XCTAssertEqual(reclamation.retiredCount, 0, "the blocked call returned without freeing its snapshot")
        XCTAssertGreaterThanOrEqual(reclamation.helpCount.load(ordering: .relaxed) - helpsBefore, 1)
        token.cancel()
    }

    /// A thread that stores a kept snapshot for a moment after a holders-only announcement still frees it.
    ///
    /// Confirmed while switched out between its load of the word and its slot store, the thread holds nothing when
    /// the writer's exact scan keeps the snapshot for another thread, so it is not asked for attention; then it stores
    /// the replaced snapshot in its slot for a moment (and retries). A scan that sees that moment keeps the snapshot,
    /// and the retrying thread must still make sure it is freed.
    func testAThreadThatStoresAKeptSnapshotAfterTheAnnouncementStillFreesIt() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.lateRetrier")
        let holderGate = CallGate()
        let blocking = try point.before { vehicle, _ in
            if vehicle.name == "holder" { holderGate.hold() }
        }
        defer { blocking.cancel() }
        let nesting = try Nest.enter.before { _, _ in }
        defer { nesting.cancel() }
        defer {
            _SnapshotReclamation.setProbeBeforeSlotStore(nil)
            _SnapshotReclamation.setProbeBetweenLoads(nil)
        }
        // The holder: blocked inside a call that uses P.
        let holderClock = Atomic<Int32>(0)
        let holderFinished = holderGate.startHeldCall {
            holderClock.store(Self.cpuClockOfCurrentThread(), ordering: .releasing)
            _ = point.invoke(Car(name: "holder"), "") { vehicle, _ in vehicle.name }
        }
        XCTAssertTrue(Self.awaitSwitchedOut(clock: holderClock.load(ordering: .acquiring)), "the holder kept running")
        // The late thread: a first call gives it a record and clears the attention a record reused from an exited
        // thread may carry; then a call 16 deep (out of line) loads P and is switched out before its slot store.
        let beforeStore = CallGate()
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let lateFinished = DispatchSemaphore(value: 0)
        let lateClock = Atomic<Int32>(0)
        Thread {
            lateClock.store(Self.cpuClockOfCurrentThread(), ordering: .releasing)
            _ = point.invoke(Car(name: "warm-up"), "") { vehicle, _ in vehicle.name }
            ready.signal()
            go.wait()
            _ = Nest().enter(16) { _ = point.invoke(Car(name: "late"), "") { vehicle, _ in vehicle.name } }
            lateFinished.signal()
        }
        .start()
        ready.wait()
        Self.runBeforeSlotStore { beforeStore.hold() }
        go.signal()
        beforeStore.awaitHeldCall()
        XCTAssertTrue(
            Self.awaitSwitchedOut(clock: lateClock.load(ordering: .acquiring)), "the late thread kept running")
        // P -> Q: both threads are confirmed by their clocks; the exact scan keeps P for the holder.
        let token = try point.after { _, _, _ in }
        XCTAssertEqual(reclamation.retiredCount, 1, "the holder's snapshot must wait for it")
        // The late thread stores P in its slot and stops before its second load.
        let betweenLoads = CallGate()
        Self.runBetweenLoads { betweenLoads.hold() }
        beforeStore.release()
        betweenLoads.awaitHeldCall()
        // The holder returns and helps: its scan sees P in the late thread's slot, and keeps it.
        holderGate.release()
        holderFinished.wait()
        XCTAssertEqual(reclamation.retiredCount, 1, "P was freed while a slot held it")
        // The late thread finds Q published, retries, and returns.
        betweenLoads.release()
        lateFinished.wait()
        XCTAssertEqual(reclamation.retiredCount, 0, "every call returned, and P was left in the retired list")
        token.cancel()
    }

    /// The point of the test below: its hook makes inner calls, so its thread shows each new snapshot while its
    /// outer call still uses the one it started with.
    private static let runningInsidePoint = HookPoint<Vehicle, String, String>("Reclamation.runningInside")

    func testAWriterFencesForACallThatKeepsRunningInsideItsHooks() throws {
        try Self.skipUnlessWritersReadClocks()
        try XCTSkipUnless(ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two CPUs")
        let spinning = Atomic<Bool>(true)
        let innerCalls = Atomic<Int>(0)
        let nested = Atomic<Bool>(false)  // only the spinner's thread calls the point
        let probe = ContextSwitchProbe()
        let finished = DispatchSemaphore(value: 0)
        let spinner = try Self.runningInsidePoint.before { _, _ in
            guard !nested.load(ordering: .relaxed) else { return }
            nested.store(true, ordering: .relaxed)
            while spinning.load(ordering: .relaxed) {
                _ = Self.runningInsidePoint.invoke(Car(name: "inner"), "") { vehicle, _ in vehicle.name }
                innerCalls.add(1, ordering: .relaxed)
                probe.sample()
            }
        }
        defer { spinner.cancel() }
        // The writer (this thread) and the spinner each get a CPU of their own, so the spinner runs throughout.
        try XCTSkipUnless(_SnapshotReclamation.pinCurrentThread(toCPU: 0), "threads cannot be pinned to CPUs here")
        defer { _ = _SnapshotReclamation.pinCurrentThread(toCPU: nil) }
        Thread {
            _ = _SnapshotReclamation.pinCurrentThread(toCPU: 1)
            _ = Self.runningInsidePoint.invoke(Car(name: "outer"), "") { vehicle, _ in vehicle.name }
            finished.signal()
        }
        .start()
        while innerCalls.load(ordering: .relaxed) == 0 {}  // the outer call is running inside its hook
        // The inner calls show the new snapshot at once, but the outer call still uses the one this change replaces
        // and keeps running: it may read its `attention` at any moment, so only the heavy fence makes sure that it
        // sees the request to free the snapshot.
        let switchesBefore = probe.current()
        let fencesBefore = _SnapshotReclamation.heavyFenceCount
        let change = try Self.runningInsidePoint.after { _, _, _ in }
        let fences = _SnapshotReclamation.heavyFenceCount - fencesBefore
        let switchedOut = probe.current() - switchesBefore
        XCTAssertEqual(reclamation.retiredCount, 1, "the running call's snapshot must wait for it")
        spinning.store(false, ordering: .relaxed)
        finished.wait()
        XCTAssertEqual(reclamation.retiredCount, 0, "the call returned without freeing its snapshot")
        change.cancel()
        try XCTSkipIf(switchedOut > 0, "the call's thread left its CPU during the change: it did not run throughout")
        XCTAssertGreaterThanOrEqual(fences, 1, "a call running on another CPU was asked for attention without a fence")
    }

    func testAWriterFencesForAThreadThatIsRunningOtherCode() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.runningThread")
        try point.before { _, _ in }
        // Each change is two publications (register, cancel).
        let (quietChanges, quietFences) = try changesWhileAThreadRunsOtherCode(
            givingItAReaderRecord: { _ = point.invoke(Car(name: "spinner"), "") { vehicle, _ in vehicle.name } },
            changes: 50
        ) {
            try point.after { _, _, _ in }.cancel()
        }
        let quietPublications = 2 * quietChanges
        XCTAssertEqual(reclamation.retiredCount, 0)
        try XCTSkipIf(quietPublications < 50, "the spinner left its CPU during most publications: a busy machine")
        // The spinner's clock advances, so it is not taken for a thread that is switched out: publications fence.
        // (A few may find it truly stopped: a virtual machine's hypervisor can take its CPU away for a moment. A
        // writer that finds it so asks it to fence for itself, and then needs no fence for it: the quiet changes
        // counted here are those made while it had not been asked.)
        XCTAssertGreaterThanOrEqual(
            quietFences, UInt64(quietPublications * 9 / 10),
            "a running thread was confirmed in \(quietPublications) publications")
    }

    /// A thread found blocked is asked to fence for itself: when it then runs code that makes no hooked call, writers
    /// need no fence for it, and its next hooked call withdraws the request.
    func testAThreadAskedToFenceForItselfNeedsNoFenceWhileItRunsOtherCode() throws {
        try Self.skipUnlessWritersReadClocks()
        try XCTSkipUnless(ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two CPUs")
        let point = HookPoint<Vehicle, String, String>("Reclamation.fencesForItself")
        try point.before { _, _ in }
        let probe = ContextSwitchProbe()
        let called = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let spinning = Atomic<Bool>(true)
        let spins = Atomic<Int>(0)
        let clock = Atomic<Int32>(0)
        let afterwards = Locked<[String]>([])
        // The writer (this thread) and the spinner each get a CPU of their own, so the spinner runs throughout.
        try XCTSkipUnless(_SnapshotReclamation.pinCurrentThread(toCPU: 0), "threads cannot be pinned to CPUs here")
        defer { _ = _SnapshotReclamation.pinCurrentThread(toCPU: nil) }
        Thread {
            _ = _SnapshotReclamation.pinCurrentThread(toCPU: 1)
            _ = point.invoke(Car(name: "spinner"), "") { vehicle, _ in vehicle.name }  // a reader record
            clock.store(Self.cpuClockOfCurrentThread(), ordering: .releasing)
            called.signal()
            go.wait()
            while spinning.load(ordering: .relaxed) {
                spins.add(1, ordering: .relaxed)
                probe.sample()
            }
            let result = point.invoke(Car(name: "spinner"), "again") { vehicle, argument in
                "\(vehicle.name) \(argument)"
            }
            afterwards.withLock {
                $0 = [result, _SnapshotReclamation.currentThreadFencesForItself ? "asked" : "withdrawn"]
            }
            finished.signal()
        }
        .start()
        called.wait()
        XCTAssertTrue(Self.awaitSwitchedOut(clock: clock.load(ordering: .acquiring)), "the spinner kept running")
        try point.after { _, _, _ in }.cancel()  // finds it blocked: asks it to fence for itself
        go.signal()
        while spins.load(ordering: .relaxed) == 0 {}  // the spinner is running
        XCTAssertTrue(probe.state().fencesForItself, "the spinner was not asked to fence for itself")
        var quietChanges = 0
        var quietFences: UInt64 = 0
        for _ in 0..<50 {
            let switchesBefore = probe.current()
            let fencesBefore = _SnapshotReclamation.heavyFenceCount
            try point.after { _, _, _ in }.cancel()
            let fences = _SnapshotReclamation.heavyFenceCount - fencesBefore
            if probe.current() == switchesBefore {
                quietChanges += 1
                quietFences += fences
            }
        }
        spinning.store(false, ordering: .relaxed)
        finished.wait()
        XCTAssertEqual(afterwards.withLock { $0 }, ["spinner again", "withdrawn"])
        XCTAssertEqual(reclamation.retiredCount, 0)
        try XCTSkipIf(quietChanges < 25, "the spinner left its CPU during most changes: a busy machine")
        XCTAssertLessThanOrEqual(
            quietFences, UInt64(quietChanges / 10), "\(quietFences) fences in \(2 * quietChanges) publications")
    }

    /// Cancelling a point's last hook publishes nothing, which no running thread can show: the writer must fence for a
    /// thread that runs other code, as it does when it replaces a snapshot.
    func testAWriterFencesWhenItUnpublishesWhileAThreadRunsOtherCode() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.unpublishing")
        let other = HookPoint<Vehicle, String, String>("Reclamation.unpublishing.other")
        let otherHook = try other.before { _, _ in }
        defer { otherHook.cancel() }
        let (quietUnpublications, quietFences) = try changesWhileAThreadRunsOtherCode(
            givingItAReaderRecord: { _ = other.invoke(Car(name: "spinner"), "") { vehicle, _ in vehicle.name } },
            changes: 50, countingThoseWhileItFencesForItself: true
        ) {
            // The point's only hook: registering replaces no snapshot, cancelling replaces it with nothing.
            try point.before { _, _ in }.cancel()
        }
        XCTAssertEqual(reclamation.retiredCount, 0)
        try XCTSkipIf(quietUnpublications < 25, "the spinner left its CPU during most unpublications: a busy machine")
        XCTAssertGreaterThanOrEqual(
            quietFences, UInt64(quietUnpublications * 9 / 10),
            "a running thread was confirmed in \(quietUnpublications) unpublications")
    }

    /// Makes `changes` changes, each a call of `change`, while another thread spins on a CPU of its own in code
    /// that makes no hooked call (after `givingItAReaderRecord`, a hooked call that gives it a reader record); this
    /// thread runs on another CPU.
    ///
    /// - Parameter countingThoseWhileItFencesForItself: Whether a change counts as quiet while a writer has asked
    ///   the spinner to fence for itself (after finding it switched out, or its virtual CPU stopped, for a moment):
    ///   then no change needs a fence for it, except one that unpublishes. When false, the spinner withdraws such a
    ///   request at once, with one hooked call.
    /// - Returns: How many changes ran while the spinner stayed on its CPU, and how many heavy fences those changes
    ///   issued. Skips where writers do not confirm threads by their clocks, with one CPU, or where threads cannot
    ///   be pinned.
    private func changesWhileAThreadRunsOtherCode(
        givingItAReaderRecord: @escaping @Sendable () -> Void, changes: Int,
        countingThoseWhileItFencesForItself: Bool = false, _ change: () throws -> Void
    ) throws -> (quietChanges: Int, quietFences: UInt64) {
        try Self.skipUnlessWritersReadClocks()
        try XCTSkipUnless(ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two CPUs")
        let spinning = Atomic<Bool>(true)
        let spins = Atomic<Int>(0)
        let withdrawals = Atomic<Int>(0)
        let probe = ContextSwitchProbe()
        let finished = DispatchSemaphore(value: 0)
        // The writer (this thread) and the spinner each get a CPU of their own, so the spinner runs throughout.
        try XCTSkipUnless(_SnapshotReclamation.pinCurrentThread(toCPU: 0), "threads cannot be pinned to CPUs here")
        defer { _ = _SnapshotReclamation.pinCurrentThread(toCPU: nil) }
        Thread {
            _ = _SnapshotReclamation.pinCurrentThread(toCPU: 1)
            givingItAReaderRecord()
            while spinning.load(ordering: .relaxed) {
                if !countingThoseWhileItFencesForItself && _SnapshotReclamation.currentThreadFencesForItself {
                    givingItAReaderRecord()  // a hooked call withdraws the request
                    withdrawals.add(1, ordering: .relaxed)
                }
                spins.add(1, ordering: .relaxed)
                probe.sample()
            }
            finished.signal()
        }
        .start()
        defer {
            spinning.store(false, ordering: .relaxed)
            finished.wait()
        }
        while spins.load(ordering: .relaxed) == 0 {}  // the spinner is running
        var quietChanges = 0
        var quietFences: UInt64 = 0
        for _ in 0..<changes {
            let before = probe.state()
            let withdrawalsBefore = withdrawals.load(ordering: .relaxed)
            let fencesBefore = _SnapshotReclamation.heavyFenceCount
            try change()
            let fences = _SnapshotReclamation.heavyFenceCount - fencesBefore
            let after = probe.state()
            // Only a hooked call withdraws a request: unasked before and after, with no withdrawal in between, means
            // unasked throughout.
            let unasked =
                !before.fencesForItself && !after.fencesForItself
                && withdrawals.load(ordering: .relaxed) == withdrawalsBefore
            if after.switches == before.switches && (countingThoseWhileItFencesForItself || unasked) {
                quietChanges += 1
                quietFences += fences
            }
        }
        return (quietChanges, quietFences)
    }

    /// A hook that cancels itself, while every other thread is idle, interrupts no thread.
    ///
    /// The change replaces the snapshot its own call uses, in its own thread's slot: that thread is the writer, which
    /// sees the request to help without a fence, and every other thread is confirmed by its standing clock.
    func testAHookThatReplacesItsOwnSnapshotNeedsNoFenceWhileOtherThreadsAreIdle() throws {
        try Self.skipUnlessWritersReadClocks()
        let point = HookPoint<Vehicle, String, String>("Reclamation.replacesItsOwn")
        let permanent = try point.after { _, _, _ in }  // so that each change publishes a snapshot
        defer { permanent.cancel() }
        let changes = 50
        let fences = Atomic<UInt64>(0)
        for _ in 0..<changes {
            let tokenBox = Locked<HookToken?>(nil)
            let token = try point.before { _, _ in
                let fencesBefore = _SnapshotReclamation.heavyFenceCount
                _ = tokenBox.withLock { $0 }?.cancel()
                fences.add(_SnapshotReclamation.heavyFenceCount - fencesBefore, ordering: .relaxed)
            }
            tokenBox.withLock { $0 = token }
            XCTAssertEqual(point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name }, "c")
            XCTAssertFalse(token.isActive)
            XCTAssertEqual(reclamation.retiredCount, 0, "the call returned without freeing its snapshot")
            tokenBox.withLock { $0 = nil }
        }
        // A spurious wake-up may set another thread running while the writer looks; the others need no `membarrier`.
        let fenced = fences.load(ordering: .relaxed)
        XCTAssertLessThanOrEqual(fenced, UInt64(changes / 10), "\(fenced) of \(changes) self-replacements fenced")
    }

    func testSnapshotsStayValidWhileCallersKeepLeavingTheirCPUs() throws {
        final class Canary: Sendable {
            let value = 0x5EED
        }
        let point = HookPoint<Vehicle, Int, Int>("Reclamation.leavingCPUs")
        try point.before { _, _ in }
        let callers = 3
        let stop = Atomic<Bool>(false)
        let wrong = Counter()
        let calls = Counter()
        let askedWhileOut = Counter()
        runConcurrently(threads: callers + 1) { index in
            if index == callers {
                for _ in 0..<5_000 {
                    let canary = Canary()
                    try! point.before { _, _ in
                        if canary.value != 0x5EED { wrong.increment() }
                    }
                    .cancel()
                }
                stop.store(true, ordering: .releasing)
            } else {
                let car = Car(name: "caller \(index)")
                var made = 0
                while !stop.load(ordering: .acquiring) {
                    if point.invoke(car, 1, { vehicle, argument in argument + 1 }) != 2 { wrong.increment() }
                    made += 1
                    if made % 64 == 0 {
                        // Leave the CPU (this is the workload, not a wait): writers then confirm this thread by its
                        // standing CPU-time clock and ask it to fence for itself, or find it running again. Its next
                        // call goes out of line and withdraws the request.
                        usleep(1)
                        if _SnapshotReclamation.currentThreadFencesForItself { askedWhileOut.increment() }
                    }
                }
                calls.increment(by: made)
            }
        }
        XCTAssertGreaterThan(calls.count, 0)
        XCTAssertEqual(wrong.count, 0)
        XCTAssertEqual(reclamation.retiredCount, 0, "churn stopped and every call returned: nothing may wait")
        if _SnapshotReclamation.confirmsByCPUClock {
            XCTAssertGreaterThan(
                askedWhileOut.count, 0, "no caller was asked to fence for itself: that path went untested")
        }
    }

    /// CI runs the HookKit tests a second time with `HOOKKIT_PORTABLE_FENCES=1`, so that Linux runs the path that
    /// platforms without `membarrier` take (Apple's): this test checks that the run really took it, and what the path
    /// does wherever it is taken.
    func testThePortablePathTakesOverWhenTheEnvironmentAsksForIt() throws {
        let requested = ProcessInfo.processInfo.environment["HOOKKIT_PORTABLE_FENCES"] == "1"
        try XCTSkipUnless(
            requested || !_SnapshotReclamation.usesAsymmetricFences,
            "runs only on the portable path: HOOKKIT_PORTABLE_FENCES=1 (as CI's second run sets), or no membarrier")
        XCTAssertFalse(_SnapshotReclamation.usesAsymmetricFences, "calls still rely on membarrier")
        XCTAssertFalse(_SnapshotReclamation.confirmsByCPUClock, "writers still read other threads' clocks")
        let point = HookPoint<Vehicle, String, String>("Reclamation.portable")
        try point.before { _, _ in }
        let stop = Atomic<Bool>(false)
        let wrong = Counter()
        let fences = Atomic<UInt64>(0)
        let pairs = 500
        runConcurrently(threads: 2) { index in
            if index == 0 {
                let before = _SnapshotReclamation.heavyFenceCount
                for _ in 0..<pairs {
                    try! point.after { _, _, _ in }.cancel()
                }
                fences.store(_SnapshotReclamation.heavyFenceCount - before, ordering: .relaxed)
                stop.store(true, ordering: .releasing)
            } else {
                while !stop.load(ordering: .acquiring) {
                    if point.invoke(Car(name: "p"), "", { vehicle, _ in vehicle.name }) != "p" { wrong.increment() }
                }
            }
        }
        // Without `membarrier`, no thread can be confirmed by what it shows: every publication fences.
        XCTAssertGreaterThanOrEqual(fences.load(ordering: .relaxed), UInt64(2 * pairs))
        XCTAssertEqual(wrong.count, 0)
        XCTAssertEqual(reclamation.retiredCount, 0)
    }

    /// A thread that ends inside a hook (`pthread_exit`) never reaches its call's exit, which would have freed the
    /// snapshot retired meanwhile: its thread-exit destructor does it instead. (The test checks the retired list, not
    /// the captures: `pthread_exit` unwinds Swift frames without releasing what they retained, which an unoptimized
    /// call path does.)
    func testASnapshotHeldByAThreadThatEndsInsideAHookIsFreedWhenTheThreadEnds() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.endsInside")
        let gate = CallGate()
        let ending = try point.before { _, _ in
            gate.hold()
            pthread_exit(nil)
        }
        let retiredWhileInside = Atomic<Int>(-1)
        Thread {
            gate.awaitHeldCall()
            // The call runs the snapshot this cancellation replaces: it must wait for the call.
            ending.cancel()
            retiredWhileInside.store(_SnapshotReclamation.shared.retiredCount, ordering: .releasing)
            gate.release()
        }
        .start()
        // Joined: the thread's exit destructor has run when `joinThreads` returns.
        joinThreads(1) { _ in _ = point.invoke(Car(name: "ending"), "") { vehicle, _ in vehicle.name } }
        XCTAssertEqual(retiredWhileInside.load(ordering: .acquiring), 1)
        XCTAssertEqual(reclamation.retiredCount, 0, "the snapshot of the thread that ended stayed retired")
    }

    /// Counting the retired snapshots holds the reclamation lock: a call that asks for help meanwhile leaves its
    /// request to the holder, which must serve it like every other holder. (Reading the count is for tests, whose
    /// leak checks would otherwise see snapshots that no call holds.)
    func testAHelpRequestMadeWhileTheRetiredSnapshotsAreCountedIsServed() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.countWhileHelping")
        let gate = CallGate()
        let blockNextCall = Atomic<Bool>(false)
        try point.before { _, _ in
            if blockNextCall.exchange(false, ordering: .acquiringAndReleasing) { gate.hold() }
        }
        var left = 0
        for _ in 0..<200 {
            blockNextCall.store(true, ordering: .releasing)
            let finished = gate.startHeldCall { _ = point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name } }
            let token = try point.after { _, _, _ in }  // replaces the snapshot the blocked call runs
            let counting = Atomic<Bool>(true)
            let stoppedCounting = DispatchSemaphore(value: 0)
            Thread {
                while counting.load(ordering: .relaxed) { _ = _SnapshotReclamation.shared.retiredCount }
                stoppedCounting.signal()
            }
            .start()
            gate.release()
            finished.wait()  // the call returned, and helped
            counting.store(false, ordering: .relaxed)
            stoppedCounting.wait()
            if reclamation.retiredCount != 0 { left += 1 }
            token.cancel()
        }
        XCTAssertEqual(left, 0, "\(left) of 200 returned calls left their snapshot retired")
    }

    func testThreadsThatExitGiveTheirReaderRecordsBack() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.threads")
        try point.before { _, _ in }
        _ = point.invoke(Car(name: "main"), "") { vehicle, _ in vehicle.name }  // this thread's record
        let recordsBefore = _SnapshotReclamation.readerRecordCount
        let claimedBefore = _SnapshotReclamation.claimedReaderRecordCount
        let batch = 8
        let calls = Counter()
        for _ in 0..<250 {
            // Joined POSIX threads: when `joinThreads` returns, their thread-exit destructors have run.
            joinThreads(batch) { index in
                if point.invoke(Car(name: "t\(index)"), "", { vehicle, _ in vehicle.name }) == "t\(index)" {
                    calls.increment()
                }
            }
        }
        XCTAssertEqual(calls.count, 2_000)
        // 2,000 threads called the point, never more than `batch` at once: their records were reused, and each
        // one was given back when its thread ended.
        XCTAssertLessThanOrEqual(_SnapshotReclamation.readerRecordCount, recordsBefore + batch)
        // (A thread of an earlier test may still have been exiting when `claimedBefore` was read.)
        XCTAssertLessThanOrEqual(_SnapshotReclamation.claimedReaderRecordCount, claimedBefore)
    }

    /// A thread that registers, cancels and lists hooks, without calling a hooked method, claims no reader record:
    /// every writer's pass confirms each claimed record's thread (a look at its CPU-time clock while it waits), for
    /// as long as the thread lives.
    func testThreadsThatOnlyRegisterHooksClaimNoReaderRecord() throws {
        let point = HookPoint<Vehicle, String, String>("Reclamation.registeringThread")
        let asyncPoint = AsyncHookPoint<Vehicle, String, String>("Reclamation.registeringThreadAsync")
        let observed = Locked<[String]>([])
        let providerRegistrations = Locked<[String]>([])
        joinThreads(1) { _ in
            func note(_ what: String) {
                let record = _SnapshotReclamation.currentThreadHasReaderRecord
                observed.withLock { $0.append("\(what): \(record ? "record" : "none")") }
            }
            let car = Car(name: "car")
            do {
                var tokens = [
                    try point.before { _, _ in },
                    try point.after(.type(Car.self)) { _, _, _ in },
                    try asyncPoint.before { _, _ in },
                ]
                // The point still knows the thread while it runs the provider: a registration from there is refused.
                tokens.append(
                    try point.override(.object(car)) { original in
                        do throws(HookError) {
                            try point.before { _, _ in }
                            providerRegistrations.withLock { $0.append("registered") }
                        } catch {
                            providerRegistrations.withLock { $0.append("\(error.code)") }
                        }
                        return { receiver, arguments in original(receiver, arguments) + "!" }
                    })
                note("registered")
                observed.withLock { $0.append("hooks: \(point.hooks.count + asyncPoint.hooks.count)") }
                for token in tokens { token.cancel() }
                note("cancelled")
                try point.before { _, _ in }.cancel()
                note("registered and cancelled again")
                try point.before { _, _ in }
            } catch {
                observed.withLock { $0.append("\(error)") }
            }
            observed.withLock { $0.append(point.invoke(car, "call") { _, arguments in arguments }) }
            note("called")
        }
        XCTAssertEqual(
            observed.withLock { $0 },
            [
                "registered: none", "hooks: 4", "cancelled: none", "registered and cancelled again: none", "call",
                "called: record",
            ])
        let refusals = providerRegistrations.withLock { $0 }
        XCTAssertFalse(refusals.isEmpty)
        XCTAssertEqual(Set(refusals), ["registrationInsideOverrideProvider"])
    }

    func testCallsNestedDeeperThanOneBlockOfSlotsStayProtected() throws {
        let permanent = try Countdown.descend.before { _, _ in }
        defer { permanent.cancel() }
        let stop = Atomic<Bool>(false)
        let wrong = Counter()
        runConcurrently(threads: 2) { index in
            if index == 0 {
                for _ in 0..<2_000 {
                    try! Countdown.descend.after { _, _, _ in }.cancel()
                }
                stop.store(true, ordering: .releasing)
            } else {
                let countdown = Countdown()
                while !stop.load(ordering: .acquiring) {
                    // 41 nested hooked calls: deeper than the 16 slots of a record's first block.
                    if countdown.descend(40) != 40 { wrong.increment() }
                }
            }
        }
        XCTAssertEqual(wrong.count, 0)
        XCTAssertEqual(reclamation.retiredCount, 0)
    }
}

/// A recursive hooked method.
private final class Countdown: Sendable {
    static let descend = HookPoint<Countdown, Int, Int>("Reclamation.Countdown.descend")

    /// Counts down to 0 through `depth + 1` nested hooked calls; returns `depth`.
    func descend(_ depth: Int) -> Int {
        Self.descend.invoke(self, depth) { this, depth in depth == 0 ? 0 : 1 + this.descend(depth - 1) }
    }
}

/// A recursive hooked method that runs a closure at the bottom.
private final class Nest: Sendable {
    static let enter = HookPoint<Nest, Int, Int>("Reclamation.Nest.enter")

    /// Runs `innermost` inside `depth` nested hooked calls; returns `depth`.
    func enter(_ depth: Int, _ innermost: () -> Void) -> Int {
        guard depth > 0 else {
            innermost()
            return 0
        }
        return Self.enter.invoke(self, depth) { this, depth in 1 + this.enter(depth - 1, innermost) }
    }
}

/// Runs `body(index)` on `count` POSIX threads and joins them all.
private func joinThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Work: Sendable {
        let index: Int
        let body: @Sendable (Int) -> Void

        init(index: Int, body: @escaping @Sendable (Int) -> Void) {
            self.index = index
            self.body = body
        }
    }
    /// The start routine's argument: optional in Glibc's declaration, not in Darwin's.
    func unwrapped(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer { argument! }
    var threads: [pthread_t] = []
    for index in 0..<count {
        #if canImport(Darwin)
        var created: pthread_t?  // Darwin's `pthread_t` is a non-optional pointer
        #else
        var created = pthread_t()
        #endif
        let work = Unmanaged.passRetained(Work(index: index, body: body)).toOpaque()
        let status = pthread_create(
            &created, nil,
            { argument in
                let work = Unmanaged<Work>.fromOpaque(unwrapped(argument)).takeRetainedValue()
                work.body(work.index)
                return nil
            }, work)
        precondition(status == 0, "pthread_create failed with \(status)")
        #if canImport(Darwin)
        threads.append(created!)
        #else
        threads.append(created)
        #endif
    }
    for thread in threads {
        pthread_join(thread, nil)
    }
}
