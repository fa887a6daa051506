import Foundation
import HookKit
import Synchronization
import XCTest

// Tests of process-wide switches (`Hooks.isEnabled`, `Hooks.tracer`) are XCTest cases on purpose:
// `swift test` runs XCTest in a process of its own, serially, before it runs the Swift Testing
// suites in parallel, so flipping a global switch here can never disturb another test.

/// `Hooks.isEnabled` and `Hooks.tracer`.
final class GlobalSwitchTests: XCTestCase {
    static let nested = HookPoint<Vehicle, String, String>("Global.tracer.nested")
    static let nestedOnce = HookPoint<Vehicle, String, String>("Global.tracer.nestedOnce")
    static let nestedHooksOriginal = HookPoint<Vehicle, String, String>("Global.tracer.nestedHooksOriginal")
    static let nestedWithoutOverride = HookPoint<Vehicle, String, String>("Global.tracer.nestedWithoutOverride")
    static let keptInnerOverride = HookPoint<Vehicle, String, String>("Global.tracer.keptInnerOverride")

    override func tearDown() {
        Hooks.isEnabled = true
        Hooks.tracer = nil
        super.tearDown()
    }

    /// A global switch recompiles every point, which reclaims the hooks of an object whose `deinit` runs, as any
    /// change of the point does (see HookPointsAndScopes): the `deinit`'s calls after it run without them.
    func testGlobalSwitchesDuringADeinitReclaimTheDyingObjectsHooks() throws {
        let switches: [(name: String, flip: @Sendable () -> Void)] = [
            (
                "tracer",
                {
                    Hooks.tracer = HookTracer { _ in }
                    Hooks.tracer = nil
                }
            ),
            (
                "isEnabled",
                {
                    Hooks.isEnabled = false
                    Hooks.isEnabled = true
                }
            ),
        ]
        for (name, flip) in switches {
            let point = HookPoint<Vehicle, String, String>("Global.duringDeinit.\(name)")
            let trace = Trace()
            var car: InstanceDeinitTests.LastWordsCar? = InstanceDeinitTests.LastWordsCar(name: "doomed")
            car?.lastWords = { this in
                call(point, on: this, "first ", trace: trace)
                flip()
                call(point, on: this, "second ", trace: trace)
            }
            let token = try point.before(.instance(car!)) { vehicle, prefix in
                trace.record("hook(\(prefix)\(vehicle.name))")
            }
            car = nil
            XCTAssertEqual(trace.all, ["hook(first doomed)", "body(doomed)", "body(doomed)"], name)
            XCTAssertFalse(token.isActive, name)
        }
    }

    func testDisablingKeepsRegistrationsAndReenablingRestoresThem() throws {
        let point = HookPoint<Vehicle, String, String>("Global.enabled")
        let trace = Trace()
        let token = try point.before(label: "before") { _, _ in trace.record("before") }
        try point.override(.type(Car.self), label: "override") { original in
            { vehicle, prefix in "!" + original(vehicle, prefix) }
        }
        let car = Car(name: "c")
        XCTAssertEqual(call(point, on: car, trace: trace), "!c")
        Hooks.isEnabled = false
        XCTAssertFalse(Hooks.isEnabled)
        XCTAssertEqual(call(point, on: car, trace: trace), "c")
        XCTAssertTrue(token.isActive)
        XCTAssertEqual(point.hooks.map(\.label), ["before", "override"])
        // Registering while disabled is recorded, and applies once enabled again.
        try point.after(label: "after") { _, _, _ in trace.record("after") }
        XCTAssertEqual(call(point, on: car, trace: trace), "c")
        Hooks.isEnabled = true
        XCTAssertEqual(call(point, on: car, trace: trace), "!c")
        XCTAssertEqual(
            trace.all, ["before", "body(c)", "body(c)", "body(c)", "before", "body(c)", "after"])
    }

    /// Setting `isEnabled` to the value it has, or clearing the tracer when none is set, changes nothing: no chain is
    /// built again, so no provider is called.
    ///
    /// Found by review (helper-227, helper-232): a provider that did either (a no-op, one would think) had every point
    /// built again, which called the provider again before it returned, without end (SIGSEGV).
    func testSettingAValueTheSwitchHasBuildsNothingAgainAndAProviderMayDoIt() throws {
        let unchangedSwitches: [(name: String, set: @Sendable () -> Void)] = [
            ("isEnabled", { Hooks.isEnabled = true }),
            ("tracer", { Hooks.tracer = nil }),
        ]
        for (name, setUnchanged) in unchangedSwitches {
            let point = HookPoint<Vehicle, String, String>("Global.unchanged.\(name)")
            let providerCalls = Counter()
            let token = try point.override { original in
                providerCalls.increment()
                setUnchanged()
                return { vehicle, prefix in "!" + original(vehicle, prefix) }
            }
            XCTAssertEqual(providerCalls.count, 1, name)
            setUnchanged()
            XCTAssertEqual(providerCalls.count, 1, name)
            XCTAssertEqual(point.invoke(Car(name: "c"), "") { vehicle, prefix in prefix + vehicle.name }, "!c", name)
            XCTAssertTrue(token.cancel(), name)
        }
        // A change does build again: switched off and on, the override is built once more.
        let point = HookPoint<Vehicle, String, String>("Global.changed")
        let providerCalls = Counter()
        let token = try point.override { original in
            providerCalls.increment()
            return { vehicle, prefix in "!" + original(vehicle, prefix) }
        }
        Hooks.isEnabled = false
        Hooks.isEnabled = true
        XCTAssertEqual(providerCalls.count, 2)
        XCTAssertTrue(token.cancel())
    }

    /// Found by review (helper-254), documented in the order contract since.
    func testAProviderThatSwitchesHooksOffHasTheLastWordOverTheAssignmentThatCalledIt() throws {
        let point = HookPoint<Vehicle, String, String>("Global.providerSwitchesOff")
        let switchOff = Locked(false)
        let token = try point.override { original in
            if switchOff.withLock({ $0 }) { Hooks.isEnabled = false }
            return { vehicle, prefix in "!" + original(vehicle, prefix) }
        }
        Hooks.isEnabled = false
        switchOff.withLock { $0 = true }
        Hooks.isEnabled = true
        XCTAssertFalse(Hooks.isEnabled)
        XCTAssertEqual(point.invoke(Car(name: "c"), "") { vehicle, prefix in prefix + vehicle.name }, "c")
        switchOff.withLock { $0 = false }
        Hooks.isEnabled = true
        XCTAssertTrue(Hooks.isEnabled)
        XCTAssertEqual(point.invoke(Car(name: "c"), "") { vehicle, prefix in prefix + vehicle.name }, "!c")
        XCTAssertTrue(token.cancel())
    }

    /// Found by review (helper-254): in generic code `receiver as AnyObject` answered the error's box, a new one for
    /// each conversion to `any Error`; a continuation's error is a box inside a box.
    func testATracedCallOnAnErrorReportsTheErrorObjectAsItsReceiver() async throws {
        final class Failure: Error {}
        let point = HookPoint<any Error, Void, Int>("Global.tracer.error")
        let token = try point.before { _, _ in }
        let failure = Failure()
        var errors: [any Error] = [failure]
        do {
            _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                continuation.resume(throwing: failure)
            }
        } catch {
            errors.append(error)
        }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        for error in errors {
            _ = point.invoke(error) { _ in 0 }
        }
        Hooks.tracer = nil
        XCTAssertEqual(events.all.map(\.receiver), [ObjectIdentifier(failure), ObjectIdentifier(failure)])
        XCTAssertTrue(token.cancel())
    }

    /// An override cancelled while hooks are switched off is released when `cancel()` returns, as when they run.
    ///
    /// An override built around it (whose link held it) is still registered; switched on again, that one runs
    /// without it. Found by a review: the outer override's links kept the cancelled one until hooks were switched on.
    func testAnOverrideCancelledWhileHooksAreOffIsReleased() throws {
        for scoped in [false, true] {
            let point = HookPoint<Vehicle, String, String>("Global.cancelledWhileOff.\(scoped)")
            let car = Car(name: "c")
            let trace = Trace()
            // The newer override of a level runs outside the older one; an instance's outside a type's.
            let inner = try registerCapturing { object in
                try point.override(scoped ? .type(Car.self) : .all) { original in
                    { vehicle, prefix in withExtendedLifetime(object) { "[" + original(vehicle, prefix) + "]" } }
                }
            }
            let outer = try point.override(scoped ? .instance(car) : .all) { original in
                { vehicle, prefix in "<" + original(vehicle, prefix) + ">" }
            }
            XCTAssertEqual(call(point, on: car, trace: trace), "<[c]>")
            Hooks.isEnabled = false
            XCTAssertEqual(call(point, on: car, trace: trace), "c")
            assertCancellingReleases(inner, "the cancelled override's closure outlived cancel() (scoped: \(scoped))")
            Hooks.isEnabled = true
            XCTAssertEqual(call(point, on: car, trace: trace), "<c>")
            XCTAssertTrue(outer.cancel())
        }
    }

    /// A kept `original` of a point that declares its body runs that body after the point is gone.
    ///
    /// Also inside a call of another point of the same types that got the dead point's memory: it never takes that
    /// call's frames, and body, for its own (found by a review: frames were keyed by the storage's address, which the
    /// kept `original` did not keep from being reused). A tracer makes the declared body's chain read frames.
    func testAKeptOriginalOfADeadPointNeverRunsAnotherPointsBody() throws {
        Hooks.tracer = HookTracer { _ in }
        let car = Car(name: "c")
        for round in 0..<200 {
            let kept = Mutex<HookOriginal<Vehicle, Int, Int, Never>?>(nil)
            do {
                let dead = HookPoint<Vehicle, Int, Int>("Global.keptOriginal.dead") { _, value in value + 1 }
                let token = try dead.override { original in
                    kept.withLock { $0 = original }
                    return { vehicle, value in original(vehicle, value) }
                }
                XCTAssertEqual(dead.invoke(car, 1), 2)
                token.cancel()
            }
            let keptOriginal = try XCTUnwrap(kept.withLock { $0 })
            let living = HookPoint<Vehicle, Int, Int>("Global.keptOriginal.living")
            let token = try living.override { original in
                { vehicle, value in keptOriginal(vehicle, value) * 10 + original(vehicle, value) }
            }
            XCTAssertEqual(living.invoke(car, 7) { _, value in value * 1000 }, 8 * 10 + 7000, "round \(round)")
            token.cancel()
        }
    }

    /// Overrides keep their traced and untraced links apart: a change while a tracer is set builds only what it
    /// changed, traced; and once the tracer goes, every override's untraced link is built again, so that no traced link
    /// runs (and reports) in an untraced chain, and none outlives the tracer.
    func testOverridesLinksFollowTheTracerChangeAfterChange() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.overrideLinks")
        let builds = Trace()
        let events = EventLog()
        func register(_ name: String) throws -> HookToken {
            try point.override(label: name) { original in
                builds.record(name)
                return { vehicle, prefix in name + "(" + original(vehicle, prefix) + ")" }
            }
        }
        let describe = { point.invoke(Car(name: "c"), "") { this, prefix in prefix + this.name } }
        for name in ["a", "b", "c"] {
            _ = try register(name)
        }
        XCTAssertEqual(builds.take(), ["a", "b", "c"])
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(builds.take(), ["a", "b", "c"])
        for _ in 0..<2 {
            let outer = try register("x")
            XCTAssertEqual(builds.take(), ["x"])
            XCTAssertEqual(describe(), "x(c(b(a(c))))")
            XCTAssertTrue(outer.cancel())
            XCTAssertEqual(builds.take(), [])
            XCTAssertEqual(describe(), "c(b(a(c)))")
        }
        XCTAssertEqual(
            events.all.map { $0.hooks.map { $0.label ?? "" } },
            [["x", "c", "b", "a"], ["c", "b", "a"], ["x", "c", "b", "a"], ["c", "b", "a"]])
        Hooks.tracer = nil
        XCTAssertEqual(builds.take(), ["a", "b", "c"])
        let outer = try register("x")
        XCTAssertEqual(builds.take(), ["x"])
        XCTAssertTrue(outer.cancel())
        XCTAssertEqual(builds.take(), [])
        XCTAssertEqual(describe(), "c(b(a(c)))")
        XCTAssertEqual(events.all.count, 4)
    }

    func testTracerSeesHooksThatRanInOrder() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer")
        let events = EventLog()
        try point.before(label: "log") { _, _ in }
        try point.after(label: "once", once: true) { _, _, _ in }
        try point.override(.type(Car.self), label: "outer") { original in
            { vehicle, prefix in original(vehicle, prefix) }
        }
        let untraced = Car(name: "u")
        call(point, on: untraced, trace: Trace())
        Hooks.tracer = HookTracer { events.append($0) }
        let car = Car(name: "c")
        call(point, on: car, trace: Trace())
        call(point, on: Vehicle(name: "v"), trace: Trace())
        Hooks.tracer = nil
        call(point, on: Car(name: "after-tracing"), trace: Trace())
        let recorded = events.all
        XCTAssertEqual(recorded.count, 2)
        XCTAssertEqual(recorded.map(\.pointName), ["Global.tracer", "Global.tracer"])
        XCTAssertEqual(recorded.map(\.receiverType), ["HookKitTests.Car", "HookKitTests.Vehicle"])
        XCTAssertEqual(recorded.first?.receiver, ObjectIdentifier(car))
        // The once hook fired on the untraced call, before the tracer was set.
        XCTAssertEqual(recorded[0].hooks.map { $0.label ?? "" }, ["log", "outer"])
        XCTAssertEqual(recorded[1].hooks.map { $0.label ?? "" }, ["log"])
        XCTAssertEqual(recorded.map(\.bodyRan), [true, true])
        XCTAssertEqual(
            recorded[0].description,
            "Global.tracer on HookKitTests.Car: before all 'log', override type(HookKitTests.Car) 'outer', body")
    }

    func testTraceDescriptionListsTheBodyBetweenTheOverridesAndTheAfterHooks() throws {
        struct Failure: Error {}
        let point = ThrowingHookPoint<Vehicle, String, String, any Error>("Global.tracer.description")
        let events = EventLog()
        try point.before(label: "log") { _, _ in }
        try point.override(label: "wrap") { original in { vehicle, prefix in try original(vehicle, prefix) } }
        try point.after(label: "audit") { _, _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(try point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name }, "c")
        XCTAssertThrowsError(try point.invoke(Car(name: "c"), "") { _, _ in throw Failure() })
        XCTAssertEqual(
            events.all.map(\.description),
            [
                "Global.tracer.description on HookKitTests.Car: before all 'log', override all 'wrap', body, "
                    + "after all 'audit'",
                "Global.tracer.description on HookKitTests.Car: before all 'log', override all 'wrap', body, threw",
            ])
    }

    /// A kept `original` of a point that declares its body calls that body from anywhere, traced or not.
    func testTracedPointWithDeclaredBodyLetsOriginalRunAfterTheCallOnAnotherThread() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.keptOriginal") { vehicle, prefix in
            prefix + vehicle.name
        }
        let kept = Locked<HookOriginal<Vehicle, String, String, Never>?>(nil)
        try point.override(label: "keep") { original in
            kept.withLock { $0 = original }
            return { vehicle, prefix in "[" + original(vehicle, prefix) + "]" }
        }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(point.invoke(Car(name: "c"), "> "), "[> c]")
        let original = try XCTUnwrap(kept.withLock { $0 })
        let results = Locked<[String]>([])
        runConcurrently(threads: 1) { _ in
            results.withLock { $0.append(original(Car(name: "later"), "> ")) }
        }
        XCTAssertEqual(results.withLock { $0 }, ["> later"])
        XCTAssertEqual(original(Car(name: "here"), "> "), "> here")
        XCTAssertEqual(events.all.map(\.bodyRan), [true])
    }

    /// The async form: a kept `original` of an async point that declares its body runs it from a detached task after
    /// the call returned, with a tracer set.
    func testTracedAsyncPointWithDeclaredBodyLetsOriginalRunFromADetachedTask() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("Global.tracer.asyncKeptOriginal") { vehicle, prefix in
            prefix + vehicle.name
        }
        try point.override(label: "detach") { original in
            { vehicle, prefix in
                await Task.detached { await original(vehicle, prefix) }.value + "!"
            }
        }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        let result = await point.invoke(Car(name: "c"), "> ")
        XCTAssertEqual(result, "> c!")
        // The body ran in the detached task, which does not inherit the call's binding: the trace does not count it.
        XCTAssertEqual(events.all.map { $0.hooks.map(\.label) }, [["detach"]])
        XCTAssertEqual(events.all.map(\.bodyRan), [false])
    }

    func testTracerSeesCallsOfAPointThatDeclaresItsBody() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.declared") { vehicle, prefix in
            prefix + vehicle.name
        }
        let events = EventLog()
        try point.before(label: "log") { _, _ in }
        try point.override(label: "wrap") { original in { vehicle, prefix in "[" + original(vehicle, prefix) + "]" } }
        try point.override(.type(Car.self), label: "skip") { _ in { _, _ in "skipped" } }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(point.invoke(Vehicle(name: "v"), "> "), "[> v]")
        XCTAssertEqual(point.invoke(Car(name: "c"), "> "), "skipped")
        Hooks.tracer = nil
        XCTAssertEqual(point.invoke(Vehicle(name: "v"), "> "), "[> v]")
        let recorded = events.all
        XCTAssertEqual(recorded.map { $0.hooks.map { $0.label ?? "" } }, [["log", "wrap"], ["log", "skip"]])
        XCTAssertEqual(recorded.map(\.bodyRan), [true, false])
    }

    func testTracerReportsOverridesThatDidNotCallTheOriginal() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.skip")
        let events = EventLog()
        try point.override(label: "inner") { original in { vehicle, prefix in original(vehicle, prefix) } }
        try point.override(label: "blocker") { _ in { _, _ in "blocked" } }
        try point.after(label: "once", once: true) { _, _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(call(point, on: Car(name: "c"), trace: Trace()), "blocked")
        XCTAssertEqual(call(point, on: Car(name: "c"), trace: Trace()), "blocked")
        let recorded = events.all
        XCTAssertEqual(recorded.map { $0.hooks.map { $0.label ?? "" } }, [["blocker", "once"], ["blocker"]])
        XCTAssertEqual(recorded.map(\.bodyRan), [false, false])
    }

    func testTracerListsAnOverrideOncePerEntryAndReportsCallsThatRunNoHook() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.entries")
        let events = EventLog()
        try point.override(label: "inner") { original in { vehicle, prefix in original(vehicle, prefix) } }
        try point.override(label: "outer") { original in
            { vehicle, prefix in original(vehicle, prefix) + original(vehicle, prefix) }
        }
        let scoped = HookPoint<Vehicle, String, String>("Global.tracer.unapplied")
        try scoped.before(.type(Truck.self), label: "trucks") { _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        _ = call(point, on: Car(name: "c"), trace: Trace())
        _ = call(scoped, on: Car(name: "c"), trace: Trace())
        XCTAssertEqual(
            events.all.map(\.description),
            [
                "Global.tracer.entries on HookKitTests.Car: override all 'outer', override all 'inner', "
                    + "override all 'inner', body",
                "Global.tracer.unapplied on HookKitTests.Car: body",
            ])
    }

    func testTracerReportsANestedCallApartFromTheCallThatMadeIt() throws {
        let events = EventLog()
        let trace = Trace()
        let outer = Car(name: "outer")
        let inner = Truck(name: "inner")
        // The outer call's override never calls its original, but makes a nested call whose body runs.
        try Self.nested.override(.instance(outer), label: "skip") { _ in
            { _, _ in call(GlobalSwitchTests.nested, on: inner, trace: trace) }
        }
        try Self.nested.before(.type(Truck.self), label: "trucks") { _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(call(Self.nested, on: outer, trace: trace), "inner")
        XCTAssertEqual(trace.all, ["body(inner)"])
        let recorded = events.all
        XCTAssertEqual(recorded.map(\.receiverType), ["HookKitTests.Truck", "HookKitTests.Car"])
        XCTAssertEqual(recorded.map { $0.hooks.map(\.label) }, [["trucks"], ["skip"]])
        XCTAssertEqual(recorded.map(\.bodyRan), [true, false])
    }

    func testValueReceiversHaveNoIdentity() throws {
        let point = HookPoint<Meter, Void, Int>("Global.tracer.value")
        let events = EventLog()
        try point.before(label: "read") { _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(point.invoke(Meter(reading: 3)) { $0.reading }, 3)
        XCTAssertEqual(events.all.map(\.receiverType), ["HookKitTests.Meter"])
        XCTAssertNil(events.all.first?.receiver)
    }

    func testOptionalReceiversAreValuesWhateverTheyWrap() throws {
        let point = HookPoint<Vehicle?, Void, String>("Global.tracer.optional")
        let events = EventLog()
        try point.before(label: "read") { _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        let car: Vehicle? = Car(name: "c")
        XCTAssertEqual(point.invoke(car) { $0?.name ?? "none" }, "c")
        XCTAssertEqual(events.all.map(\.receiverType), ["Swift.Optional<HookKitTests.Vehicle>"])
        XCTAssertNil(events.all.first?.receiver)
    }

    /// A tracer only observes: a nested call's before and after hooks run outside its body's frame with a tracer set
    /// too, so that the outer call's `original`, called from them, reaches the outer body.
    func testTracedNestedCallsHooksReachTheOuterBodyThroughTheOuterOriginal() throws {
        let kept = Locked<HookPoint<Vehicle, String, String>.Original?>(nil)
        let trace = Trace()
        try Self.nestedHooksOriginal.override(label: "override") { original in
            kept.withLock { $0 = original }
            return { vehicle, argument in
                guard argument == "outer" else { return "{" + original(vehicle, argument) + "}" }
                let inner = Self.nestedHooksOriginal.invoke(vehicle, "inner") { _, argument in
                    "inner body(\(argument))"
                }
                return inner + " / " + original(vehicle, argument)
            }
        }
        try Self.nestedHooksOriginal.before(label: "before") { vehicle, argument in
            guard argument == "inner", let original = kept.withLock({ $0 }) else { return }
            trace.record("before: " + original(vehicle, "from before"))
        }
        try Self.nestedHooksOriginal.after(label: "after") { vehicle, argument, _ in
            guard argument == "inner", let original = kept.withLock({ $0 }) else { return }
            trace.record("after: " + original(vehicle, "from after"))
        }
        for traced in [false, true] {
            let events = EventLog()
            Hooks.tracer = traced ? HookTracer { events.append($0) } : nil
            let result = Self.nestedHooksOriginal.invoke(Car(name: "c"), "outer") { _, argument in
                "outer body(\(argument))"
            }
            XCTAssertEqual(result, "{inner body(inner)} / outer body(outer)", "traced: \(traced)")
            XCTAssertEqual(
                trace.take(), ["before: outer body(from before)", "after: outer body(from after)"], "traced: \(traced)")
            // The inner call's trace ends first; each lists its own hooks, and each call's body ran.
            XCTAssertEqual(
                events.all.map(\.description),
                traced
                    ? [
                        "Global.tracer.nestedHooksOriginal on HookKitTests.Car: before all 'before', override all "
                            + "'override', body, after all 'after'",
                        "Global.tracer.nestedHooksOriginal on HookKitTests.Car: before all 'before', override all "
                            + "'override', body, after all 'after'",
                    ] : [])
        }
    }

    /// A tracer only observes: the body of a call that runs no override runs outside a frame of its own with a tracer
    /// set too, so that an enclosing call's `original`, called from it, reaches the enclosing body.
    func testTracedCallWithoutOverrideLeavesOriginalToTheEnclosingCall() throws {
        let outer = Car(name: "outer")
        let kept = Locked<HookPoint<Vehicle, String, String>.Original?>(nil)
        try Self.nestedWithoutOverride.override(.instance(outer), label: "override") { original in
            kept.withLock { $0 = original }
            return { vehicle, argument in
                // A nested call on another receiver, which no override applies to.
                let inner = Self.nestedWithoutOverride.invoke(Car(name: "inner"), "inner") { vehicle, _ in
                    "inner body[" + kept.withLock({ $0 })!(outer, "from the inner body") + "]"
                }
                return inner + " / " + original(vehicle, argument)
            }
        }
        for traced in [false, true] {
            let events = EventLog()
            Hooks.tracer = traced ? HookTracer { events.append($0) } : nil
            let result = Self.nestedWithoutOverride.invoke(outer, "outer") { _, argument in "outer body(\(argument))" }
            XCTAssertEqual(
                result, "inner body[outer body(from the inner body)] / outer body(outer)", "traced: \(traced)")
            XCTAssertEqual(events.all.map(\.bodyRan), traced ? [true, true] : [])
        }
    }

    /// An override entered through an `original` kept from another call's chain, from a nested call's hook, belongs
    /// to that other call's trace, with the body it leads to.
    func testAnOverrideReachedFromANestedCallsHookIsTracedForTheCallWhoseChainItIs() throws {
        let outer = Car(name: "outer")
        let kept = Locked<HookPoint<Vehicle, String, String>.Original?>(nil)
        try Self.keptInnerOverride.override(.instance(outer), priority: 10, label: "outer override") { original in
            kept.withLock { $0 = original }  // the inner override's link
            return { vehicle, _ in
                "[" + Self.keptInnerOverride.invoke(Car(name: "nested"), "nested") { _, _ in "nested body" } + "]"
            }
        }
        try Self.keptInnerOverride.override(.instance(outer), label: "inner override") { original in
            { vehicle, argument in "inner(" + original(vehicle, argument) + ")" }
        }
        let reached = Locked<String?>(nil)
        try Self.keptInnerOverride.before(label: "before") { _, argument in
            guard argument == "nested", let original = kept.withLock({ $0 }) else { return }
            reached.withLock { $0 = original(outer, "from the hook") }
        }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        let result = Self.keptInnerOverride.invoke(outer, "outer") { _, argument in "outer body(\(argument))" }
        XCTAssertEqual(result, "[nested body]")
        XCTAssertEqual(reached.withLock { $0 }, "inner(outer body(from the hook))")
        // The nested call ran its before hook and its own body; the outer call's chain ran both overrides (the inner
        // one entered from the nested call's hook) and reached the outer body.
        XCTAssertEqual(
            events.all.map { $0.hooks.map { $0.label ?? "" } },
            [["before"], ["before", "outer override", "inner override"]])
        XCTAssertEqual(events.all.map(\.bodyRan), [true, true])
    }

    func testThrowingCallsAreTracedAsThrown() throws {
        struct Failure: Error {}
        let point = ThrowingHookPoint<Vehicle, Int, Int, any Error>("Global.tracer.throw")
        let events = EventLog()
        try point.before(label: "before") { _, _ in }
        try point.after(label: "after") { _, _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertThrowsError(try point.invoke(Car(name: "c"), 1) { _, _ in throw Failure() })
        XCTAssertEqual(events.all.map(\.threw), [true])
        XCTAssertEqual(events.all.first?.hooks.map(\.label), ["before"])
        // The body ran, and threw: both are reported.
        XCTAssertEqual(events.all.map(\.bodyRan), [true])
        XCTAssertEqual(
            events.all.map(\.description),
            ["Global.tracer.throw on HookKitTests.Car: before all 'before', body, threw"])
    }

    func testCallsOfPointsWithoutHooksAreNotReportedNeverHookedOrEveryHookCancelled() throws {
        let never = HookPoint<Vehicle, String, String>("Global.tracer.neverHooked")
        let emptied = HookPoint<Vehicle, String, String>("Global.tracer.emptied")
        let hooked = HookPoint<Vehicle, String, String>("Global.tracer.hookedForTrucks")
        try emptied.before { _, _ in }.cancel()
        try emptied.override { original in { original($0, $1) } }.cancel()
        try hooked.before(.type(Truck.self)) { _, _ in }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        call(never, on: Car(name: "c"), trace: Trace())
        call(emptied, on: Car(name: "c"), trace: Trace())
        call(hooked, on: Car(name: "c"), trace: Trace())
        XCTAssertEqual(events.all.map(\.description), ["Global.tracer.hookedForTrucks on HookKitTests.Car: body"])
    }

    func testCallsWhileHooksAreSwitchedOffAreNotReported() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.switchedOff")
        try point.before(label: "b") { _, _ in }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        Hooks.isEnabled = false
        call(point, on: Car(name: "off"), trace: Trace())
        Hooks.isEnabled = true
        call(point, on: Car(name: "on"), trace: Trace())
        XCTAssertEqual(
            events.all.map(\.description), ["Global.tracer.switchedOff on HookKitTests.Car: before all 'b', body"])
    }

    func testTheTracerRunsOnTheCallingThreadAfterTheCallsAfterHooks() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.callingThread")
        let trace = Trace()
        let caller = Locked<Thread?>(nil)
        let onCaller = { @Sendable () -> Bool in caller.withLock { $0 } === Thread.current }
        try point.after { _, _, _ in trace.record("after hook on the caller: \(onCaller())") }
        Hooks.tracer = HookTracer { _ in trace.record("tracer on the caller: \(onCaller())") }
        let finished = DispatchSemaphore(value: 0)
        Thread {
            caller.withLock { $0 = Thread.current }
            call(point, on: Car(name: "c"), trace: trace)
            trace.record("returned")
            finished.signal()
        }
        .start()
        finished.wait()
        XCTAssertEqual(
            trace.all, ["body(c)", "after hook on the caller: true", "tracer on the caller: true", "returned"])
    }

    /// The order contract's example, traced: the line "Thread safety and cost" abbreviates.
    func testTheOrderContractExampleIsTracedAsOneLine() throws {
        typealias Shape = OrderContractExample.Shape
        typealias Polygon = OrderContractExample.Polygon
        let square = OrderContractExample.Square()
        let tokens = [
            try Shape.draw.after(.all, label: "after all") { _, _, _ in },
            try Shape.draw.before(.instance(square), label: "before instance") { _, _ in },
            try Shape.draw.override(.type(Polygon.self), label: "override Polygon") { original in
                { original($0, $1) }
            },
            try Shape.draw.before(.all, label: "before all") { _, _ in },
            try Shape.draw.after(.type(Polygon.self), label: "after Polygon") { _, _, _ in },
            try Shape.draw.override(.instance(square), label: "override instance") { original in
                { original($0, $1) }
            },
            try Shape.draw.before(.type(Polygon.self), label: "before Polygon") { _, _ in },
            try Shape.draw.after(.instance(square), label: "after instance") { _, _, _ in },
            try Shape.draw.override(.all, label: "override all") { original in { original($0, $1) } },
        ]
        defer { tokens.forEach { $0.cancel() } }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        _ = square.draw()
        let module = "HookKitTests.OrderContractExample"
        let address = String(UInt(bitPattern: ObjectIdentifier(square)), radix: 16)
        let instance = "instance(\(module).Square<0x\(address)>)"
        XCTAssertEqual(
            events.all.map(\.description),
            [
                "Shape.draw on \(module).Square: before all 'before all', before type(\(module).Polygon) "
                    + "'before Polygon', before \(instance) 'before instance', override \(instance) "
                    + "'override instance', override type(\(module).Polygon) 'override Polygon', override all "
                    + "'override all', body, after \(instance) 'after instance', after type(\(module).Polygon) "
                    + "'after Polygon', after all 'after all'"
            ])
    }

    func testTheSwitchSetOnAnotherThreadAppliesToTheNextCall() throws {
        let point = HookPoint<Vehicle, String, String>("Global.enabledFromAnotherThread")
        let trace = Trace()
        try point.before { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        runConcurrently(threads: 1) { _ in Hooks.isEnabled = false }
        call(point, on: Car(name: "off"), trace: trace)
        runConcurrently(threads: 1) { _ in Hooks.isEnabled = true }
        call(point, on: Car(name: "on"), trace: trace)
        XCTAssertEqual(trace.all, ["body(off)", "hook(on)", "body(on)"])
    }

    func testTracerReportsAnOverrideThatThrowsWithoutCallingTheOriginal() throws {
        struct Refused: Error {}
        let point = ThrowingHookPoint<Vehicle, String, String, any Error>("Global.tracer.refused")
        let events = EventLog()
        try point.before(label: "b") { _, _ in }
        try point.override(label: "refuse") { _ in { _, _ in throw Refused() } }
        try point.after(label: "a") { _, _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertThrowsError(try point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name })
        XCTAssertEqual(
            events.all.map(\.description),
            ["Global.tracer.refused on HookKitTests.Car: before all 'b', override all 'refuse', threw"])
        XCTAssertEqual(events.all.map(\.bodyRan), [false])
    }

    /// A declared body that a kept `original` runs during another call of the same point, on the same thread, counts
    /// for that call.
    func testAKeptOriginalsDeclaredBodyCountsForTheCallItRunsIn() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.keptBody") { vehicle, prefix in
            prefix + vehicle.name
        }
        let kept = Locked<HookOriginal<Vehicle, String, String, Never>?>(nil)
        try point.override(label: "skip") { original in
            kept.withLock { $0 = original }
            return { _, prefix in prefix == "skip" ? "skipped" : original(Car(name: "x"), prefix) }
        }
        try point.before(label: "runs kept") { vehicle, prefix in
            if prefix == "skip", let original = kept.withLock({ $0 }) { _ = original(vehicle, "kept ") }
        }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(point.invoke(Car(name: "c"), "skip"), "skipped")
        XCTAssertEqual(
            events.all.map(\.description),
            ["Global.tracer.keptBody on HookKitTests.Car: before all 'runs kept', override all 'skip', body"])
    }

    func testTracerListsAOnceOverrideForItsOnlyEntryAndNotAOnceHookANestedCallFired() throws {
        let point = HookPoint<Vehicle, String, String>("Global.tracer.onceEntries")
        let events = EventLog()
        try point.override(label: "inner") { original in { original($0, $1) } }
        try point.override(label: "once", once: true) { original in { original($0, $1) } }
        try point.override(label: "outer") { original in { original($0, $1) + original($0, $1) } }
        Hooks.tracer = HookTracer { events.append($0) }
        XCTAssertEqual(call(point, on: Car(name: "c"), trace: Trace()), "cc")
        XCTAssertEqual(
            events.take().map(\.description),
            [
                "Global.tracer.onceEntries on HookKitTests.Car: override all 'outer', override all 'once', "
                    + "override all 'inner', override all 'inner', body"
            ])
        // A once before hook that a nested call, made by an earlier hook, fired first.
        let trace = Trace()
        try Self.nestedOnce.before(label: "caller") { vehicle, prefix in
            if prefix == "outer" { call(GlobalSwitchTests.nestedOnce, on: vehicle, "inner", trace: trace) }
        }
        try Self.nestedOnce.before(label: "once", once: true) { _, prefix in trace.record("once(\(prefix))") }
        call(Self.nestedOnce, on: Car(name: "c"), "outer", trace: trace)
        XCTAssertEqual(trace.all, ["once(inner)", "body(c)", "body(c)"])
        XCTAssertEqual(events.all.map { $0.hooks.map(\.label) }, [["caller", "once"], ["caller"]])
    }
}

/// A thread-safe list of trace events.
final class EventLog: Sendable {
    private let trace = Locked<[HookTraceEvent]>([])

    func append(_ event: HookTraceEvent) {
        trace.withLock { $0.append(event) }
    }

    var all: [HookTraceEvent] {
        trace.withLock { $0 }
    }

    /// Returns the events recorded so far and starts over.
    func take() -> [HookTraceEvent] {
        trace.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
