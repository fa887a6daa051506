import XCTest

@testable import HookKit

/// An object that dies after the writer's death check and before the compilation (here: inside an every-receiver
/// override's provider, which the compilation calls before it builds the shards) keeps its entry in the published
/// snapshot until the point's next change; its hook never fires for another object, and that change releases it.
///
/// An XCTest case: some cases emulate Objective-C objects, a process-wide switch.
final class DeadDuringCompilationTests: XCTestCase {
    final class Box: @unchecked Sendable { var car: Car? }
    /// A size class of its own, so that the compilation's allocations do not take the victim's freed memory.
    final class BigCar: Car, @unchecked Sendable {
        var payload:
            (
                Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
                Int, Int, Int, Int, Int, Int, Int, Int, Int, Int
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    override func tearDown() {
        _WeakObject.holdsObjectsAsObjectiveCObjectsForTesting.store(false, ordering: .relaxed)
        super.tearDown()
    }

    /// Hooks `victim` (held only by `box`) with a capturing instance hook, then registers an every-receiver override
    /// whose provider drops the victim: it dies after the sweep, during the compilation.
    func killDuringCompilation(
        _ point: borrowing HookPoint<Vehicle, String, String>, trace: Trace
    ) throws -> (hook: CapturingHook, address: ObjectIdentifier, override: HookToken) {
        let box = Box()
        box.car = BigCar(name: "victim")
        let address = ObjectIdentifier(box.car!)
        let hook = try registerCapturing { object in
            try point.before(.instance(box.car!)) { vehicle, _ in
                _ = object
                trace.record("victim-hook(\(vehicle.name))")
            }
        }
        XCTAssertTrue(hook.token.isActive)
        let override = try point.override(.all) { original in
            box.car = nil  // the victim dies here, after the sweep
            return { vehicle, prefix in original(vehicle, prefix) }
        }
        XCTAssertNil(box.car)
        XCTAssertFalse(hook.token.isActive)
        return (hook, address, override)
    }

    func storage(
        _ point: borrowing HookPoint<Vehicle, String, String>
    ) throws
        -> _HookPointStorage<Vehicle, String, String, Never>
    {
        try XCTUnwrap(point.existingStorage)
    }

    /// The scenario is real: the dead object's entry is in the published snapshot.
    func testTheDeadObjectKeepsItsEntryUntilTheNextChange() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.deadEntry")
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        let storage = try storage(point)
        let entries = storage.cachedInstanceCount
        XCTAssertEqual(entries, 1, "the dead object's entry is expected in the snapshot")
        XCTAssertNotNil(hook.captured)  // documented: until the point's next change
    }

    /// Native objects: the entry's `unowned` reference keeps the address; no newcomer can get it.
    func testNativeNewcomersNeverGetTheDeadObjectsAddressWhileTheEntryExists() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.nativeReuse")
        let trace = Trace()
        let (_, address, _) = try killDuringCompilation(point, trace: trace)
        var keep: [BigCar] = []
        for index in 0..<20_000 {
            let car = BigCar(name: "n\(index)")
            XCTAssertNotEqual(ObjectIdentifier(car), address, "a newcomer got the dead object's address")
            if ObjectIdentifier(car) == address {
                call(point, on: car, trace: trace)
                XCTAssertEqual(trace.take(), ["body(\(car.name))"])
                break
            }
            keep.append(car)
        }
    }

    /// Objects held as Objective-C objects: the address can be reused; the call's identity check rejects the entry.
    func testForeignNewcomerAtTheDeadObjectsAddressDoesNotFireItsHook() throws {
        _WeakObject.holdsObjectsAsObjectiveCObjectsForTesting.store(true, ordering: .relaxed)
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.foreignReuse")
        let trace = Trace()
        let (_, address, _) = try killDuringCompilation(point, trace: trace)
        var keep: [BigCar] = []
        guard let reused = newcomer(at: address, keeping: &keep, { BigCar(name: "newcomer \($0)") }) else {
            throw XCTSkip("the allocator did not reuse the dead object's address")
        }
        call(point, on: reused, trace: trace)
        XCTAssertEqual(trace.take(), ["body(\(reused.name))"], "the dead object's hook fired for a newcomer")
        // The newcomer hooked at the same address gets its own hook only.
        let own = try point.before(.instance(reused)) { vehicle, _ in trace.record("own(\(vehicle.name))") }
        call(point, on: reused, trace: trace)
        XCTAssertEqual(trace.take(), ["own(\(reused.name))", "body(\(reused.name))"])
        own.cancel()
    }

    func testTheNextRegistrationReleasesTheDeadObjectsClosure() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.releaseOnRegister")
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        XCTAssertNotNil(hook.captured)
        let other = Car(name: "other")
        try point.after(.instance(other)) { _, _, _ in }
        XCTAssertNil(hook.captured, "the next registration left the dead object's closure alive")
    }

    func testTheNextCancellationReleasesTheDeadObjectsClosure() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.releaseOnCancel")
        let (hook, _, override) = try killDuringCompilation(point, trace: Trace())
        XCTAssertNotNil(hook.captured)
        override.cancel()
        XCTAssertNil(hook.captured, "the next cancellation left the dead object's closure alive")
    }

    func testTheNextTypeRegistrationReleasesTheDeadObjectsClosure() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.releaseOnType")
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        try point.before(.type(Car.self)) { _, _ in }
        XCTAssertNil(hook.captured, "the next registration left the dead object's closure alive")
    }

    func testIntrospectionReleasesTheDeadObjectsClosure() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.releaseOnIntrospection")
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        _ = point.hooks(for: Car(name: "x"))
        XCTAssertNil(hook.captured, "introspection left the dead object's closure alive")
    }

    /// Found by review (helper-227): asked for a type that no receiver can have, introspection returned before it
    /// looked at the dead objects.
    func testIntrospectionOfATypeNoReceiverHasReleasesTheDeadObjectsClosure() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.releaseOnForeignType")
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        XCTAssertEqual(point.hooks(forType: Bicycle.self), [])
        XCTAssertNil(hook.captured, "introspection left the dead object's closure alive")
    }

    func testForeignIntrospectionReleasesTheDeadObjectsClosure() throws {
        _WeakObject.holdsObjectsAsObjectiveCObjectsForTesting.store(true, ordering: .relaxed)
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.foreignRelease")
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        _ = point.hooks
        XCTAssertNil(hook.captured, "introspection left the dead object's closure alive")
    }

    /// Many hooked objects (several shards), one dies during a compilation: the next instance change in another shard
    /// releases it (the sweep logs it, so its shard is rebuilt too).
    func testDeadObjectInAnotherShardIsReleasedByAnIncrementalChange() throws {
        let point = HookPoint<Vehicle, String, String>("DeadDuringCompilation.shards")
        let others = (0..<100).map { Car(name: "o\($0)") }
        for object in others { try point.before(.instance(object)) { _, _ in } }
        let (hook, _, _) = try killDuringCompilation(point, trace: Trace())
        let storage = try storage(point)
        XCTAssertGreaterThan(storage.lock.withLock { storage.compileCache.shards.count }, 1)
        XCTAssertNotNil(hook.captured)
        let extra = Car(name: "extra")
        try point.before(.instance(extra)) { _, _ in }
        XCTAssertNil(hook.captured, "an incremental change left the dead object's closure alive")
        let entries = storage.cachedInstanceCount
        XCTAssertEqual(entries, 101)
    }
}
