import HookKit
import XCTest

// XCTest cases on purpose, like GlobalSwitchTests: they flip process-wide switches, and `swift test` runs XCTest
// serially in a process of its own, before the Swift Testing suites.

/// `Hooks.isEnabled` and `Hooks.tracer` on async points.
final class AsyncGlobalSwitchTests: XCTestCase {
    static let nestedHooksOriginal = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.tracer.nestedHooksOriginal")
    static let nestedWithoutOverride = AsyncHookPoint<Vehicle, String, String>(
        "AsyncGlobal.tracer.nestedWithoutOverride")
    static let keptInnerOverride = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.tracer.keptInnerOverride")

    override func tearDown() {
        Hooks.isEnabled = true
        Hooks.tracer = nil
        super.tearDown()
    }

    func testDisablingKeepsRegistrationsAndReenablingRestoresThem() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.enabled")
        let trace = Trace()
        let token = try point.before(label: "before") { _, _ in
            await Task.yield()
            trace.record("before")
        }
        try point.override(.type(Car.self), label: "override") { original in
            { vehicle, prefix in "!" + (await original(vehicle, prefix)) }
        }
        let car = Car(name: "c")
        let first = await call(point, on: car, trace: trace)
        XCTAssertEqual(first, "!c")
        Hooks.isEnabled = false
        let disabled = await call(point, on: car, trace: trace)
        XCTAssertEqual(disabled, "c")
        XCTAssertTrue(token.isActive)
        XCTAssertEqual(point.hooks.map(\.label), ["before", "override"])
        try point.after(label: "after") { _, _, _ in trace.record("after") }
        Hooks.isEnabled = true
        let enabled = await call(point, on: car, trace: trace)
        XCTAssertEqual(enabled, "!c")
        XCTAssertEqual(trace.all, ["before", "body(c)", "body(c)", "before", "body(c)", "after"])
    }

    /// An async override cancelled while hooks are switched off is released when `cancel()` returns, as on a
    /// synchronous point (see GlobalSwitchTests).
    func testAnOverrideCancelledWhileHooksAreOffIsReleased() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.cancelledWhileOff")
        let car = Car(name: "c")
        let trace = Trace()
        // The newer override runs outside the older one.
        let inner = try registerCapturing { object in
            try point.override { original in
                { vehicle, prefix in
                    let inside = await original(vehicle, prefix)
                    return withExtendedLifetime(object) { "[" + inside + "]" }
                }
            }
        }
        let outer = try point.override { original in
            { vehicle, prefix in "<" + (await original(vehicle, prefix)) + ">" }
        }
        let hooked = await call(point, on: car, trace: trace)
        XCTAssertEqual(hooked, "<[c]>")
        Hooks.isEnabled = false
        assertCancellingReleases(inner, "the cancelled async override's closure outlived cancel()")
        Hooks.isEnabled = true
        let again = await call(point, on: car, trace: trace)
        XCTAssertEqual(again, "<c>")
        XCTAssertTrue(outer.cancel())
    }

    /// A tracer only observes: a nested call's before and after hooks run outside the binding of its body with a
    /// tracer set too, so that the outer call's `original`, called from them, reaches the outer body.
    func testTracedNestedCallsHooksReachTheOuterBodyThroughTheOuterOriginal() async throws {
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        let trace = Trace()
        try Self.nestedHooksOriginal.override(label: "override") { original in
            kept.withLock { $0 = original }
            return { vehicle, argument in
                guard argument == "outer" else { return "{" + (await original(vehicle, argument)) + "}" }
                let inner = await Self.nestedHooksOriginal.invoke(vehicle, "inner") { _, argument in
                    await Task.yield()
                    return "inner body(\(argument))"
                }
                return inner + " / " + (await original(vehicle, argument))
            }
        }
        try Self.nestedHooksOriginal.before(label: "before") { vehicle, argument in
            guard argument == "inner", let original = kept.withLock({ $0 }) else { return }
            trace.record("before: " + (await original(vehicle, "from before")))
        }
        try Self.nestedHooksOriginal.after(label: "after") { vehicle, argument, _ in
            guard argument == "inner", let original = kept.withLock({ $0 }) else { return }
            trace.record("after: " + (await original(vehicle, "from after")))
        }
        for traced in [false, true] {
            let events = EventLog()
            Hooks.tracer = traced ? HookTracer { events.append($0) } : nil
            let result = await Self.nestedHooksOriginal.invoke(Car(name: "c"), "outer") { _, argument in
                "outer body(\(argument))"
            }
            XCTAssertEqual(result, "{inner body(inner)} / outer body(outer)", "traced: \(traced)")
            XCTAssertEqual(
                trace.take(), ["before: outer body(from before)", "after: outer body(from after)"], "traced: \(traced)")
            XCTAssertEqual(
                events.all.map(\.description),
                traced
                    ? [
                        "AsyncGlobal.tracer.nestedHooksOriginal on HookKitTests.Car: before all 'before', override "
                            + "all 'override', body, after all 'after'",
                        "AsyncGlobal.tracer.nestedHooksOriginal on HookKitTests.Car: before all 'before', override "
                            + "all 'override', body, after all 'after'",
                    ] : [])
        }
    }

    /// A tracer only observes: the body of a call that runs no override runs outside the binding of its body with a
    /// tracer set too, so that an enclosing call's `original`, called from it, reaches the enclosing body.
    func testTracedCallWithoutOverrideLeavesOriginalToTheEnclosingCall() async throws {
        let outer = Car(name: "outer")
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        try Self.nestedWithoutOverride.override(.instance(outer), label: "override") { original in
            kept.withLock { $0 = original }
            return { vehicle, argument in
                // A nested call on another receiver, which no override applies to.
                let inner = await Self.nestedWithoutOverride.invoke(Car(name: "inner"), "inner") { _, _ in
                    let original = kept.withLock({ $0 })!
                    return "inner body[" + (await original(outer, "from the inner body")) + "]"
                }
                return inner + " / " + (await original(vehicle, argument))
            }
        }
        for traced in [false, true] {
            let events = EventLog()
            Hooks.tracer = traced ? HookTracer { events.append($0) } : nil
            let result = await Self.nestedWithoutOverride.invoke(outer, "outer") { _, argument in
                "outer body(\(argument))"
            }
            XCTAssertEqual(
                result, "inner body[outer body(from the inner body)] / outer body(outer)", "traced: \(traced)")
            XCTAssertEqual(events.all.map(\.bodyRan), traced ? [true, true] : [])
        }
    }

    /// An override entered through an `original` kept from another call's chain, from a nested call's hook, belongs
    /// to that other call's trace, with the body it leads to.
    func testAnOverrideReachedFromANestedCallsHookIsTracedForTheCallWhoseChainItIs() async throws {
        let outer = Car(name: "outer")
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        try Self.keptInnerOverride.override(.instance(outer), priority: 10, label: "outer override") { original in
            kept.withLock { $0 = original }  // the inner override's link
            return { _, _ in
                let nested = await Self.keptInnerOverride.invoke(Car(name: "nested"), "nested") { _, _ in
                    "nested body"
                }
                return "[" + nested + "]"
            }
        }
        try Self.keptInnerOverride.override(.instance(outer), label: "inner override") { original in
            { vehicle, argument in "inner(" + (await original(vehicle, argument)) + ")" }
        }
        let reached = Locked<String?>(nil)
        try Self.keptInnerOverride.before(label: "before") { _, argument in
            guard argument == "nested", let original = kept.withLock({ $0 }) else { return }
            let value = await original(outer, "from the hook")
            reached.withLock { $0 = value }
        }
        let events = EventLog()
        Hooks.tracer = HookTracer { events.append($0) }
        let result = await Self.keptInnerOverride.invoke(outer, "outer") { _, argument in "outer body(\(argument))" }
        XCTAssertEqual(result, "[nested body]")
        XCTAssertEqual(reached.withLock { $0 }, "inner(outer body(from the hook))")
        XCTAssertEqual(
            events.all.map { $0.hooks.map { $0.label ?? "" } },
            [["before"], ["before", "outer override", "inner override"]])
        XCTAssertEqual(events.all.map(\.bodyRan), [true, true])
    }

    func testTracerSeesHooksThatRanInOrderAcrossSuspensions() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.tracer")
        let events = EventLog()
        try point.before(label: "log") { _, _ in await Task.yield() }
        try point.after(label: "once", once: true) { _, _, _ in }
        try point.override(.type(Car.self), label: "outer") { original in
            { vehicle, prefix in
                async let child = original(vehicle, prefix)
                return await child
            }
        }
        await call(point, on: Car(name: "untraced"), trace: Trace())
        Hooks.tracer = HookTracer { events.append($0) }
        let car = Car(name: "c")
        await call(point, on: car, trace: Trace())
        await call(point, on: Vehicle(name: "v"), trace: Trace())
        Hooks.tracer = nil
        await call(point, on: Car(name: "after tracing"), trace: Trace())
        let recorded = events.all
        XCTAssertEqual(recorded.map(\.pointName), ["AsyncGlobal.tracer", "AsyncGlobal.tracer"])
        XCTAssertEqual(recorded.first?.receiver, ObjectIdentifier(car))
        XCTAssertEqual(recorded.map { $0.hooks.map { $0.label ?? "" } }, [["log", "outer"], ["log"]])
        XCTAssertEqual(recorded.map(\.bodyRan), [true, true])
        XCTAssertEqual(
            recorded.first?.description,
            "AsyncGlobal.tracer on HookKitTests.Car: before all 'log', override type(HookKitTests.Car) 'outer', body")
    }

    func testTracedCallsOfDeclaredBodiesActorsAndThrowingBodies() async throws {
        struct Failure: Error {}
        let declared = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.declared") { vehicle, _ in vehicle.name }
        let throwing = AsyncThrowingHookPoint<Vehicle, Int, Int, any Error>("AsyncGlobal.throwing")
        let actorPoint = AsyncHookPoint<Account, Int, Int>("AsyncGlobal.actor")
        let events = EventLog()
        try declared.override(label: "blocker") { _ in { _, _ in "blocked" } }
        try throwing.before(label: "before") { _, _ in }
        try throwing.after(label: "after") { _, _, _ in }
        try actorPoint.override(label: "double") { original in
            { account, amount in await original(account, 2 * amount) }
        }
        Hooks.tracer = HookTracer { events.append($0) }
        let blocked = await declared.invoke(Car(name: "c"), "")
        XCTAssertEqual(blocked, "blocked")
        do {
            _ = try await throwing.invoke(Car(name: "c"), 1) { _, _ in throw Failure() }
            XCTFail("the body did not throw")
        } catch {}
        let account = Account("traced")
        let balance = await account.deposit(4, via: actorPoint)
        XCTAssertEqual(balance, 8)
        Hooks.tracer = nil
        XCTAssertEqual(
            events.all.map(\.description),
            [
                "AsyncGlobal.declared on HookKitTests.Car: override all 'blocker'",
                "AsyncGlobal.throwing on HookKitTests.Car: before all 'before', body, threw",
                "AsyncGlobal.actor on HookKitTests.Account: override all 'double', body",
            ])
    }

    func testTracerListsAnOverrideOncePerEntryAndReportsOnlyCallsOfHookedPoints() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.tracer.entries")
        let unhooked = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.tracer.unhooked")
        let otherCars = AsyncHookPoint<Vehicle, String, String>("AsyncGlobal.tracer.otherCars")
        let events = EventLog()
        try point.before(label: "before") { _, _ in await Task.yield() }
        try point.override(label: "outer") { original in
            { vehicle, prefix in
                guard prefix != "skip" else { return "skipped" }
                _ = await original(vehicle, prefix)
                return await original(vehicle, prefix)
            }
        }
        try point.override(priority: -1, label: "inner") { original in
            { vehicle, prefix in await original(vehicle, prefix) }
        }
        try point.after(label: "once", once: true) { _, _, _ in }
        let other = Car(name: "other")
        try otherCars.before(.instance(other), label: "other's") { _, _ in }
        Hooks.tracer = HookTracer { events.append($0) }
        let car = Car(name: "c")
        await call(point, on: car, "twice", trace: Trace())
        await call(point, on: car, "skip", trace: Trace())
        await call(unhooked, on: car, trace: Trace())
        await call(otherCars, on: car, trace: Trace())
        Hooks.tracer = nil
        XCTAssertEqual(
            events.all.map(\.description),
            [
                "AsyncGlobal.tracer.entries on HookKitTests.Car: before all 'before', override all 'outer', "
                    + "override all 'inner', override all 'inner', body, after all 'once'",
                "AsyncGlobal.tracer.entries on HookKitTests.Car: before all 'before', override all 'outer'",
                "AsyncGlobal.tracer.otherCars on HookKitTests.Car: body",
            ])
        XCTAssertEqual(events.all.map(\.bodyRan), [true, false, true])
        withExtendedLifetime(other) {}
    }
}
