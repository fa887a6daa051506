import Synchronization
import Testing

@testable import HookKit

/// Instance hooks on hundreds of objects, which the index spreads over shards that a change rebuilds one at a time.
@Suite("Instance shards")
struct InstanceShardTests {
    /// Writers register and cancel instance hooks on hundreds of objects (crossing shard counts), objects die and are
    /// replaced, callers call objects with permanent hooks: every hook fires exactly when registered, only for its
    /// object.
    @Test("concurrent instance registrations over many shards")
    func concurrentInstanceHooks() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceShards.concurrent")
        let permanentObjects = (0..<300).map { Car(name: "p\($0)") }
        let permanentCounts = (0..<300).map { _ in Counter() }
        let wrongObject = Counter()
        for (index, object) in permanentObjects.enumerated() {
            let expected = ObjectIdentifier(object)
            let counter = permanentCounts[index]
            try point.before(.instance(object)) { vehicle, _ in
                if ObjectIdentifier(vehicle) != expected { wrongObject.increment() }
                counter.increment()
            }
        }
        let missed = Counter()
        let extra = Counter()
        let permanentMisses = Counter()
        let done = Atomic<Int>(0)
        runConcurrently(threads: 4) { thread in
            if thread < 2 {
                var objects = (0..<250).map { Car(name: "w\(thread).\($0)") }
                var generator = SystemRandomNumberGenerator()
                for round in 0..<12 {
                    var tokens: [HookToken] = []
                    var counters: [Counter] = []
                    for index in objects.indices {
                        let counter = Counter()
                        let expected = ObjectIdentifier(objects[index])
                        let token = try! point.before(.instance(objects[index])) { vehicle, _ in
                            if ObjectIdentifier(vehicle) != expected { wrongObject.increment() }
                            counter.increment()
                        }
                        call(point, on: objects[index], trace: Trace())
                        if counter.count != 1 { missed.increment() }
                        tokens.append(token)
                        counters.append(counter)
                    }
                    // Cancel half, let a quarter die (replaced by newcomers), keep the rest.
                    for index in objects.indices {
                        switch Int.random(in: 0..<4, using: &generator) {
                        case 0, 1:
                            tokens[index].cancel()
                            call(point, on: objects[index], trace: Trace())
                            if counters[index].count != 1 { extra.increment() }
                        case 2:
                            objects[index] = Car(name: "w\(thread).\(index).\(round)")
                            call(point, on: objects[index], trace: Trace())
                        default:
                            call(point, on: objects[index], trace: Trace())
                            if counters[index].count != 2 { missed.increment() }
                            tokens[index].cancel()
                        }
                    }
                }
                done.wrappingAdd(1, ordering: .relaxed)
            } else {
                var generator = SystemRandomNumberGenerator()
                while done.load(ordering: .relaxed) < 2 {
                    let index = Int.random(in: 0..<permanentObjects.count, using: &generator)
                    let before = permanentCounts[index].count
                    call(point, on: permanentObjects[index], trace: Trace())
                    // Only this thread's calls can change the other callers' objects' counts upward, so at least 1.
                    if permanentCounts[index].count < before + 1 { permanentMisses.increment() }
                }
            }
        }
        #expect(missed.count == 0)
        #expect(extra.count == 0)
        #expect(permanentMisses.count == 0)
        #expect(wrongObject.count == 0)
        #expect(point.hooks.count == 300)
        let existing = point.existingStorage
        let storage = try #require(existing)
        #expect(storage.lock.withLock { storage.levels.instances.count } == 300)
    }

    /// The order contract: an override's provider runs once for all the chains that have it around the same inner
    /// part, and again only when what lies inside it changed.
    @Test("a type override's provider runs once while objects are hooked one by one across shard counts")
    func providerRunsOnce() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceShards.provider")
        let provided = Counter()
        try point.override(.type(Car.self)) { original in
            provided.increment()
            return { vehicle, prefix in original(vehicle, "o" + prefix) }
        }
        #expect(provided.count == 1)
        var cars: [Car] = []
        var tokens: [HookToken] = []
        for index in 0..<600 {
            let car = index % 3 == 0 ? SportsCar(name: "\(index)") : Car(name: "\(index)")
            cars.append(car)
            tokens.append(try point.before(.instance(car)) { _, _ in })
            #expect(call(point, on: car, trace: Trace()) == "o\(index)")
        }
        for index in stride(from: 0, to: 600, by: 2) { tokens[index].cancel() }
        cars.removeSubrange(0..<100)
        _ = point.hooks
        for car in cars { #expect(call(point, on: car, trace: Trace()) == "o" + car.name) }
        #expect(provided.count == 1)
    }

    /// An instance override on each of many objects: each object's chain runs only its own override.
    @Test("instance overrides over many shards stay with their objects")
    func instanceOverrides() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceShards.overrides")
        var cars: [Car] = []
        var tokens: [HookToken] = []
        let providerRuns = Counter()
        for index in 0..<400 {
            let car = Car(name: "\(index)")
            cars.append(car)
            let mark = "[\(index)]"
            tokens.append(
                try point.override(.instance(car)) { original in
                    providerRuns.increment()
                    return { vehicle, prefix in original(vehicle, mark + prefix) }
                })
        }
        #expect(providerRuns.count == 400)
        for (index, car) in cars.enumerated() {
            #expect(call(point, on: car, trace: Trace()) == "[\(index)]\(index)")
        }
        for index in stride(from: 1, to: 400, by: 2) { tokens[index].cancel() }
        for (index, car) in cars.enumerated() {
            #expect(call(point, on: car, trace: Trace()) == (index % 2 == 0 ? "[\(index)]\(index)" : "\(index)"))
        }
        // Each override's provider ran once: a cached chain was reused for every other object.
        #expect(providerRuns.count == 400)
    }

    /// An object's chain is its own overrides around the part that the chains of its type share.
    ///
    /// Every-receiver and type overrides that come and go leave each object's overrides outermost, around the chain of
    /// its own type, and each provider runs once for each inner part its override wraps, not once for each object.
    @Test("objects' overrides wrap their own type's chain as every-receiver and type overrides change")
    func objectOverridesAroundTheirTypesChain() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceShards.typeChains")
        let provided = Mutex<[String: Int]>([:])
        @discardableResult
        func override(_ scope: HookScope<Vehicle>, _ mark: String) throws -> HookToken {
            try point.override(scope) { original in
                provided.withLock { $0[mark, default: 0] += 1 }
                return { vehicle, prefix in mark + "(" + original(vehicle, prefix) + ")" }
            }
        }
        // Four types, interleaved over the shards: Car (scoped with its subtypes), SportsCar (a subtype of Car, not
        // scoped itself), Truck (scoped exactly), Vehicle (every receiver only).
        let vehicles: [Vehicle] = (0..<160).map { index in
            switch index % 4 {
            case 0: Car(name: "\(index)")
            case 1: SportsCar(name: "\(index)")
            case 2: Truck(name: "\(index)")
            default: Vehicle(name: "\(index)")
            }
        }
        for (index, vehicle) in vehicles.enumerated() { try override(.instance(vehicle), "i\(index)") }
        var everyMarks: [String] = []
        func expectEveryChain() {
            for (index, vehicle) in vehicles.enumerated() {
                var inner = vehicle.name
                for mark in everyMarks { inner = mark + "(" + inner + ")" }
                switch index % 4 {
                case 0, 1: inner = "car(" + inner + ")"
                case 2: inner = "truck(" + inner + ")"
                default: break
                }
                #expect(call(point, on: vehicle, trace: Trace()) == "i\(index)(" + inner + ")")
            }
        }
        try override(.type(Car.self), "car")
        try override(.exactType(Truck.self), "truck")
        expectEveryChain()
        let first = try override(.all, "e0")
        everyMarks = ["e0"]
        expectEveryChain()
        try override(.all, "e1")
        everyMarks = ["e0", "e1"]
        expectEveryChain()
        first.cancel()  // the innermost: every link outside it is rebuilt
        everyMarks = ["e1"]
        expectEveryChain()
        let runs = provided.withLock { $0 }
        // Each type's override, once per every-receiver chain it wrapped: the body, e0, e1(e0), e1.
        #expect(runs["car"] == 4 && runs["truck"] == 4 && runs["e0"] == 1 && runs["e1"] == 2)
        // Each object's override, once per inner part: its type's chain at each change that reached it.
        for index in vehicles.indices {
            #expect(runs["i\(index)"] == (index % 4 == 3 ? 4 : 5), "i\(index)")
        }
    }

    /// The log of instance changes, from which a compilation rebuilds only the changed shards, holds only the changes
    /// the published snapshot does not reflect yet: none once a change to hooked objects is published.
    @Test("each publication empties the log of instance changes")
    func changeLogIsTrimmed() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceShards.log")
        let cars = [Car(name: "a"), Car(name: "b")]
        let trace = Trace()
        var tokens: [HookToken] = []
        for car in cars {
            tokens.append(try point.before(.instance(car)) { vehicle, _ in trace.record("hook(\(vehicle.name))") })
        }
        let existing = point.existingStorage
        let storage = try #require(existing)
        #expect(storage.lock.withLock { storage.levels.instanceChanges.count } == 0)
        for _ in 0..<3 {
            try point.before(.instance(cars[1])) { _, _ in }.cancel()
            #expect(storage.lock.withLock { storage.levels.instanceChanges.count } == 0)
        }
        tokens[0].cancel()
        #expect(storage.lock.withLock { storage.levels.instanceChanges.count } == 0)
        for car in cars { call(point, on: car, trace: trace) }
        #expect(trace.all == ["body(a)", "hook(b)", "body(b)"])
    }

    /// An object whose hooks went away: no chain of its is kept in any shard of the compile cache.
    @Test("the compile cache keeps no chain of a cancelled or dead object")
    func cacheHoldsNoDeadChains() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceShards.cache")
        let survivors = (0..<100).map { Car(name: "s\($0)") }
        for car in survivors { try point.before(.instance(car)) { _, _ in } }
        weak var weakCapture: Trace?
        do {
            let capture = Trace()
            weakCapture = capture
            let dying = Car(name: "dying")
            try point.before(.instance(dying)) { _, _ in capture.record("x") }
        }
        // A change on another object: the dead one is forgotten, and its closure released.
        try point.before(.instance(survivors[0])) { _, _ in }
        let existing = point.existingStorage
        let storage = try #require(existing)
        let cached = storage.cachedInstanceCount
        #expect(cached == 100)
        #expect(weakCapture == nil)
    }
}
