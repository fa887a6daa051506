import HookKit
import Synchronization
import Testing

/// Async overrides: `original` called zero, one or several times, after suspensions, on other executors, in child
/// tasks and in tasks that outlive the override or the point, around nested calls and inside other points'
/// overrides, always reaching the body of its own call; providers built again only when what they wrap changes.
@Suite("Async overrides")
struct AsyncOverrideTests {
    /// The point of the concurrent test: a `static let`, so that tasks can share it.
    static let relayed = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.relay")
    /// Points whose hooks call them again, or call each other.
    static let nestedBeforeOriginal = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.nestedBeforeOriginal")
    static let callInLaterTask = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.callInLaterTask")
    static let outerPoint = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.outerPoint")
    static let innerPoint = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.innerPoint")
    static let nestedHooksOriginal = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.nestedHooksOriginal")

    /// An actor on whose executor overrides call `original`.
    actor Relay {
        private(set) var relayed = 0

        func run(
            _ original: AsyncHookPoint<Vehicle, String, String>.Original, _ vehicle: Vehicle, _ prefix: String
        ) async -> String {
            relayed += 1
            return await original(vehicle, prefix)
        }
    }

    @Test("an override may call original zero, one or several times, with other arguments")
    func originalCalledAnyNumberOfTimes() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.times")
        let trace = Trace()
        let car = Car(name: "c")
        let twice = try point.override(label: "twice") { original in
            { vehicle, prefix in
                let first = await original(vehicle, prefix + "1")
                await Task.yield()
                let second = await original(vehicle, prefix + "2")
                return first + "|" + second
            }
        }
        #expect(await call(point, on: car, ">", trace: trace) == ">1c|>2c")
        #expect(trace.take() == ["body(c)", "body(c)"])
        twice.cancel()
        try point.override(label: "never") { _ in { _, _ in "replaced" } }
        #expect(await call(point, on: car, trace: trace) == "replaced")
        #expect(trace.take() == [])
    }

    @Test("objects' async overrides wrap their own type's chain as an every-receiver override comes and goes")
    func objectOverridesAroundTheirTypesChain() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.typeChains")
        let provided = Mutex<[String: Int]>([:])
        @discardableResult
        func override(_ scope: HookScope<Vehicle>, _ mark: String) throws -> HookToken {
            try point.override(scope) { original in
                provided.withLock { $0[mark, default: 0] += 1 }
                return { vehicle, prefix in await mark + "(" + original(vehicle, prefix) + ")" }
            }
        }
        let vehicles: [Vehicle] = (0..<60).map { index in
            index.isMultiple(of: 2) ? Car(name: "\(index)") : Truck(name: "\(index)")
        }
        for (index, vehicle) in vehicles.enumerated() { try override(.instance(vehicle), "i\(index)") }
        try override(.type(Car.self), "car")
        let every = try override(.all, "e")
        for (index, vehicle) in vehicles.enumerated() {
            let type = index.isMultiple(of: 2) ? "car(e(\(index)))" : "e(\(index))"
            #expect(await call(point, on: vehicle, trace: Trace()) == "i\(index)(\(type))")
        }
        every.cancel()
        for (index, vehicle) in vehicles.enumerated() {
            let type = index.isMultiple(of: 2) ? "car(\(index))" : "\(index)"
            #expect(await call(point, on: vehicle, trace: Trace()) == "i\(index)(\(type))")
        }
        let runs = provided.withLock { $0 }
        #expect(runs["car"] == 3 && runs["e"] == 1)
        for index in vehicles.indices {
            #expect(runs["i\(index)"] == (index.isMultiple(of: 2) ? 4 : 3), "i\(index)")
        }
    }

    @Test("original reaches the body of its own call after suspensions, on another actor, in 200 concurrent calls")
    func originalOnAnotherExecutor() async throws {
        let relay = Relay()
        try Self.relayed.override { original in
            { vehicle, prefix in
                await Task.yield()
                return await relay.run(original, vehicle, prefix)
            }
        }
        let car = Car(name: "c")
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<200 {
                group.addTask {
                    // Each call passes its own body (it captures `index`): original must reach this one.
                    let result = await Self.relayed.invoke(car, "\(index)") { _, prefix in
                        await Task.yield()
                        return "body \(index) got \(prefix)"
                    }
                    return (index, result)
                }
            }
            var results: [Int: String] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { index, result in result == "body \(index) got \(index)" })
        #expect(await relay.relayed == 200)
    }

    @Test("original called from child tasks (async let, task groups) reaches the call's body")
    func originalInChildTasks() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.children")
        try point.override(label: "async let") { original in
            { vehicle, prefix in
                async let left = original(vehicle, prefix + "L")
                async let right = original(vehicle, prefix + "R")
                return await left + "+" + right
            }
        }
        try point.override(.type(Car.self), label: "group") { original in
            { vehicle, prefix in
                await withTaskGroup(of: String.self) { group in
                    group.addTask { await original(vehicle, prefix + "g") }
                    return await group.next() ?? ""
                }
            }
        }
        let car = Car(name: "c")
        let result = await point.invoke(car, "") { vehicle, prefix in "[\(prefix)\(vehicle.name)]" }
        #expect(result == "[gLc]+[gRc]")
    }

    @Test("a task started with Task {} inside the override can call original after the call returned")
    func originalAfterTheCallReturned() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.late")
        let late = Locked<Task<String, Never>?>(nil)
        try point.override { original in
            { vehicle, prefix in
                // The unstructured task inherits the call's task-local values, hence its body.
                late.withLock { $0 = Task { await original(vehicle, prefix + "late ") } }
                return await original(vehicle, prefix)
            }
        }
        let result = await point.invoke(Car(name: "c"), "") { vehicle, prefix in prefix + "body of this call" }
        #expect(result == "body of this call")
        let lateResult = await late.withLock { $0 }?.value
        #expect(lateResult == "late body of this call")
    }

    @Test("nested calls of the same point each reach their own body")
    func nestedCalls() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.nested")
        try point.override { original in
            { vehicle, prefix in "<" + (await original(vehicle, prefix)) + ">" }
        }
        let outer = Car(name: "outer")
        let inner = Truck(name: "inner")
        let result = await point.invoke(outer, "") { vehicle, _ in
            let nested = await point.invoke(inner, "") { vehicle, _ in "body(\(vehicle.name))" }
            return "body(\(vehicle.name)) around " + nested
        }
        #expect(result == "<body(outer) around <body(inner)>>")
    }

    @Test("an original called from a nested call's override of the same point reaches the nested call's body")
    func originalInsideANestedCallOfTheSamePoint() async throws {
        // Documented in AsyncHookOriginal: `original` is one value per chain, not per call.
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.nestedOriginal")
        let kept = Locked<AsyncHookOriginal<Vehicle, String, String, Never>?>(nil)
        let fromNestedOverride = Locked<String?>(nil)
        try point.override { original in
            { vehicle, argument in
                if argument == "outer" {
                    kept.withLock { $0 = original }
                    _ = await point.invoke(vehicle, "nested") { _, argument in "nested body(\(argument))" }
                    kept.withLock { $0 = nil }
                } else if let outerOriginal = kept.withLock({ $0 }) {
                    let result = await outerOriginal(vehicle, "x")
                    fromNestedOverride.withLock { $0 = result }
                }
                return await original(vehicle, argument)
            }
        }
        let result = await point.invoke(Car(name: "c"), "outer") { _, argument in "outer body(\(argument))" }
        #expect(result == "outer body(outer)")
        #expect(fromNestedOverride.withLock { $0 } == "nested body(x)")
    }

    @Test("the outer call's original, called from a nested call's before and after hooks, reaches the outer body")
    func originalFromANestedCallsBeforeAndAfterHooks() async throws {
        // The call's before and after hooks run outside the binding of its body, as on a synchronous point.
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        let trace = Trace()
        try Self.nestedHooksOriginal.override { original in
            kept.withLock { $0 = original }
            return { vehicle, argument in
                guard argument == "outer" else { return "{" + (await original(vehicle, argument)) + "}" }
                let inner = await Self.nestedHooksOriginal.invoke(vehicle, "inner") { _, argument in
                    "inner body(\(argument))"
                }
                return inner + " / " + (await original(vehicle, argument))
            }
        }
        try Self.nestedHooksOriginal.before { vehicle, argument in
            guard argument == "inner", let original = kept.withLock({ $0 }) else { return }
            trace.record("before: " + (await original(vehicle, "from before")))
        }
        try Self.nestedHooksOriginal.after { vehicle, argument, _ in
            guard argument == "inner", let original = kept.withLock({ $0 }) else { return }
            trace.record("after: " + (await original(vehicle, "from after")))
        }
        let result = await Self.nestedHooksOriginal.invoke(Car(name: "c"), "outer") { _, argument in
            "outer body(\(argument))"
        }
        #expect(result == "{inner body(inner)} / outer body(outer)")
        #expect(trace.all == ["before: outer body(from before)", "after: outer body(from after)"])
    }

    @Test("nested calls made by a before hook and by an override before it calls original each reach their own body")
    func nestedCallsBeforeOriginal() async throws {
        let trace = Trace()
        try Self.nestedBeforeOriginal.override { original in
            { vehicle, argument in
                guard argument == "outer" else { return "[" + (await original(vehicle, argument)) + "]" }
                let inner = await Self.nestedBeforeOriginal.invoke(vehicle, "inner") { _, argument in
                    await Task.yield()
                    return "inner body(\(argument))"
                }
                await Task.yield()
                return inner + " + " + (await original(vehicle, argument))
            }
        }
        try Self.nestedBeforeOriginal.before { vehicle, argument in
            trace.record("before \(argument)")
            guard argument == "outer" else { return }
            let fromHook = await Self.nestedBeforeOriginal.invoke(vehicle, "hook") { _, argument in
                "hook body(\(argument))"
            }
            trace.record("hook's call: \(fromHook)")
        }
        let result = await Self.nestedBeforeOriginal.invoke(Car(name: "c"), "outer") { _, argument in
            await Task.yield()
            return "outer body(\(argument))"
        }
        #expect(result == "[inner body(inner)] + outer body(outer)")
        #expect(trace.all == ["before outer", "before hook", "hook's call: [hook body(hook)]", "before inner"])
    }

    @Test("in a Task {} started by an override, a call of the same point reaches its own body, then original the first")
    func callInATaskStartedByAnOverride() async throws {
        let gate = Gate()
        let later = Locked<Task<String, Never>?>(nil)
        try Self.callInLaterTask.override { original in
            { vehicle, argument in
                if argument == "first" {
                    later.withLock {
                        $0 = Task {
                            await gate.arrive()  // after the first call returned
                            let second = await Self.callInLaterTask.invoke(vehicle, "second") { _, argument in
                                "second body(\(argument))"
                            }
                            return second + " / " + (await original(vehicle, "again"))
                        }
                    }
                }
                return await original(vehicle, argument)
            }
        }
        let first = await Self.callInLaterTask.invoke(Car(name: "c"), "first") { _, argument in
            "first body(\(argument))"
        }
        #expect(first == "first body(first)")
        await gate.open()
        let task = try #require(later.withLock { $0 })
        #expect(await task.value == "second body(second) / first body(again)")
    }

    @Test("an original of one point, called inside another point's override, reaches its own call's body")
    func originalInsideAnotherPointsOverride() async throws {
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        try Self.outerPoint.override { original in
            { vehicle, _ in
                kept.withLock { $0 = original }
                return await Self.innerPoint.invoke(vehicle, "inner") { _, argument in "inner body(\(argument))" }
            }
        }
        try Self.innerPoint.override { original in
            { vehicle, argument in
                let outer = await kept.withLock { $0 }?(vehicle, "kept") ?? "none"
                return outer + " & " + (await original(vehicle, argument))
            }
        }
        let result = await Self.outerPoint.invoke(Car(name: "c"), "outer") { _, argument in
            "outer body(\(argument))"
        }
        #expect(result == "outer body(kept) & inner body(inner)")
        kept.withLock { $0 = nil }
    }

    @Test("originals outlive a local point: in a Task {} (body passed per call), in a detached task (declared body)")
    func originalsOutliveALocalPoint() async throws {
        let gate = Gate()
        let later = Locked<Task<String, Never>?>(nil)
        do {
            let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.localPoint")
            try point.override { original in
                { vehicle, argument in
                    later.withLock {
                        $0 = Task {
                            await gate.arrive()
                            return await original(vehicle, "later")
                        }
                    }
                    return await original(vehicle, argument)
                }
            }
            let result = await point.invoke(Car(name: "c"), "now") { vehicle, argument in
                "body(\(argument) \(vehicle.name))"
            }
            #expect(result == "body(now c)")
        }
        await gate.open()
        let task = try #require(later.withLock { $0 })
        #expect(await task.value == "body(later c)")
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        do {
            let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.localDeclared") { vehicle, argument in
                "declared(\(argument) \(vehicle.name))"
            }
            try point.override { original in
                kept.withLock { $0 = original }
                return { vehicle, argument in await original(vehicle, argument) }
            }
            #expect(await point.invoke(Car(name: "c"), "now") == "declared(now c)")
        }
        let original = try #require(kept.withLock { $0 })
        #expect(await Task.detached { await original(Car(name: "d"), "later") }.value == "declared(later d)")
    }

    @Test("a method without arguments passes a body of the receiver alone, hooked or not")
    func bodyWithoutArguments() async throws {
        let point = AsyncHookPoint<Vehicle, Void, String>("AsyncOverride.noArguments")
        let car = Car(name: "c")
        #expect(await point.invoke(car) { vehicle in "body(\(vehicle.name))" } == "body(c)")
        let token = try point.override { original in { vehicle, _ in "<" + (await original(vehicle, ())) + ">" } }
        #expect(await point.invoke(car) { vehicle in "body(\(vehicle.name))" } == "<body(c)>")
        token.cancel()
        #expect(await point.invoke(car) { vehicle in "body(\(vehicle.name))" } == "body(c)")
    }

    @Test("a provider runs when its chain is compiled, not per call")
    func providerRunsOnce() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.provider")
        let provided = Counter()
        try point.override { original in
            provided.increment()
            return { vehicle, prefix in await original(vehicle, prefix) }
        }
        for index in 0..<100 {
            _ = await point.invoke(Car(name: "c\(index)"), "") { vehicle, _ in vehicle.name }
        }
        #expect(provided.count == 1)
    }

    @Test("a provider runs again only when the part of the chain inside it changes")
    func providerRunsAgainOnlyForChangesInsideIt() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.providerInside")
        let provided = Counter()
        let trace = Trace()
        try point.override(label: "middle") { original in
            provided.increment()
            return { vehicle, prefix in "m(" + (await original(vehicle, prefix)) + ")" }
        }
        #expect(await call(point, on: Car(name: "c"), trace: trace) == "m(c)")
        #expect(provided.count == 1)
        // Hooks outside the middle override, or in no chain it is part of: it is not built again.
        let car = Car(name: "kept")
        let outside = try [
            point.before { _, _ in },
            point.after { _, _, _ in },
            point.override(priority: 1) { original in { vehicle, prefix in await original(vehicle, prefix) } },
            point.override(.type(Truck.self)) { original in { vehicle, prefix in await original(vehicle, prefix) } },
            point.before(.instance(Car(name: "gone"))) { _, _ in },
            point.after(.instance(car)) { _, _, _ in },
        ]
        #expect(await call(point, on: Truck(name: "t"), trace: trace) == "m(t)")
        #expect(await call(point, on: car, trace: trace) == "m(kept)")
        for token in outside { token.cancel() }
        #expect(provided.count == 1)
        // An override inside it: built again.
        let inner = try point.override(priority: -1) { original in
            { vehicle, prefix in await original(vehicle, prefix) }
        }
        #expect(provided.count == 2)
        inner.cancel()
        #expect(await call(point, on: Car(name: "c"), trace: trace) == "m(c)")
    }

    @Test("a type's override wrapping the same inner part in several chains is built once for them all")
    func providerSharedAcrossChains() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.sharedProvider")
        let provided = Counter()
        let cars = [Car(name: "a"), Car(name: "b")]
        for car in cars {
            try point.before(.instance(car)) { _, _ in }
        }
        try point.override(.type(Car.self)) { original in
            provided.increment()
            return { vehicle, prefix in "type(" + (await original(vehicle, prefix)) + ")" }
        }
        #expect(provided.count == 1)
        for car in cars {
            #expect(await point.invoke(car, "") { vehicle, _ in vehicle.name } == "type(\(car.name))")
        }
        #expect(provided.count == 1)
    }

    @Test("a declared body is reachable from anywhere, also from a detached task after the call returned")
    func declaredBody() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.declared") { vehicle, prefix in
            prefix + vehicle.name
        }
        let detached = Locked<Task<String, Never>?>(nil)
        try point.override { original in
            { vehicle, prefix in
                detached.withLock { $0 = Task.detached { await original(vehicle, "detached ") } }
                return "(" + (await original(vehicle, prefix)) + ")"
            }
        }
        #expect(await point.invoke(Car(name: "c"), "") == "(c)")
        #expect(await detached.withLock { $0 }?.value == "detached c")
        #expect(point.hooks.count == 1)
    }

    // Exit tests run in a child process: Swift Testing offers them where it can start one (not on iOS, tvOS, watchOS
    // or visionOS).
    #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test("original called from a detached task, outside its call, stops the program")
    func originalOutsideItsCall() async {
        await #expect(processExitsWith: .failure) {
            let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.outside")
            try point.override { original in
                { vehicle, prefix in
                    await Task.detached { await original(vehicle, prefix) }.value
                }
            }
            _ = await point.invoke(Car(name: "c"), "") { vehicle, _ in vehicle.name }
        }
    }

    /// Keeps an override's `original` from one call of a point named `name` and calls it from a before hook of a
    /// later call: the hooks of a call run outside the binding of its body, and a tracer only observes, so there is no
    /// body.
    static func callOriginalKeptFromAnEarlierCall(pointName name: String, traced: Bool) async throws {
        Hooks.tracer = traced ? HookTracer { _ in } : nil
        let point = AsyncHookPoint<Vehicle, String, String>(name)
        let kept = Locked<AsyncHookPoint<Vehicle, String, String>.Original?>(nil)
        try point.override { original in
            kept.withLock { $0 = original }
            return { vehicle, prefix in await original(vehicle, prefix) }
        }
        try point.before { vehicle, prefix in
            if prefix == "second", let original = kept.withLock({ $0 }) {
                _ = await original(vehicle, "from the hook")
            }
        }
        let car = Car(name: "c")
        _ = await point.invoke(car, "first") { vehicle, prefix in prefix + vehicle.name }
        _ = await point.invoke(car, "second") { vehicle, prefix in prefix + vehicle.name }
    }

    @Test("original kept from one call, called from a later call's before hook, stops the program")
    func originalFromALaterCallsHook() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await AsyncOverrideTests.callOriginalKeptFromAnEarlierCall(
                pointName: "AsyncOverride.laterHook", traced: false)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("an override of 'AsyncOverride.laterHook' called its `original` outside the call"))
    }

    @Test("original kept from one call, called from a later call's before hook while traced, stops the program")
    func originalFromALaterCallsHookWhileTraced() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await AsyncOverrideTests.callOriginalKeptFromAnEarlierCall(
                pointName: "AsyncOverride.laterHookTraced", traced: true)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains("an override of 'AsyncOverride.laterHookTraced' called its `original` outside the call"))
    }

    @Test("passing a body to a point that declares one stops the program once an override runs")
    func bodyPassedToDeclaredPoint() async {
        await #expect(processExitsWith: .failure) {
            let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.twoBodies") { vehicle, _ in
                vehicle.name
            }
            try point.override { original in { vehicle, prefix in await original(vehicle, prefix) } }
            _ = await point.invoke(Car(name: "c"), "") { _, _ in "another body" }
        }
    }

    @Test("invoke(_:_:) without a body, on a point created without one, stops the program")
    func invokeWithoutABody() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.noBody")
            _ = await point.invoke(Car(name: "c"), "")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("'AsyncOverride.noBody' was created without a body; pass one to invoke(_:_:_:)"))
    }

    @Test("with a tracer set, passing a body to a point that declares one still stops the program")
    func bodyPassedToDeclaredPointWhileTraced() async {
        await #expect(processExitsWith: .failure) {
            let point = AsyncHookPoint<Vehicle, String, String>("AsyncOverride.twoBodiesTraced") { vehicle, _ in
                vehicle.name
            }
            try point.override { original in { vehicle, prefix in await original(vehicle, prefix) } }
            Hooks.tracer = HookTracer { _ in }
            _ = await point.invoke(Car(name: "c"), "") { _, _ in "another body" }
        }
    }
    #endif
}
