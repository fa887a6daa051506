import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HookKit

/// Instance hooks hold their object weakly, never fire for another object, not even one that
/// reuses a dead object's address, and are reclaimed after their object dies.
@Suite("Instance scope")
struct InstanceScopeTests {
    @Test("an instance hook does not keep its object alive")
    func doesNotRetain() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.weak")
        weak var weakCar: Car?
        let token: HookToken
        do {
            let car = Car(name: "c")
            weakCar = car
            token = try point.before(.instance(car)) { _, _ in }
            try point.override(.instance(car)) { original in { v, p in original(v, p) } }
            try point.after(.instance(car)) { _, _, _ in }
            #expect(token.isActive)
            call(point, on: car, trace: Trace())
        }
        #expect(weakCar == nil)
        #expect(!token.isActive)
        #expect(!token.cancel())
    }

    @Test("a writer on another thread does not keep hooked objects alive while it changes the point")
    func writersDoNotHoldHookedObjects() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.writerHolds")
        weak var weakCar: Car?
        var car: Car? = Car(name: "c")
        weakCar = car
        try point.before(.instance(car.unsafelyUnwrapped)) { _, _ in }
        // A registration whose compilation waits (its provider runs outside the lock, while the writer publishes),
        // on another thread: the writer looked at the hooked objects before it compiles.
        let compiling = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let waits = Mutex(true)
        Thread {
            let token = try? point.override { original in
                if waits.withLock({ $0 }) {
                    compiling.signal()
                    proceed.wait()
                }
                return { vehicle, prefix in original(vehicle, prefix) }
            }
            token?.cancel()
            done.signal()
        }.start()
        compiling.wait()
        // The writer is in the middle of its pass: the hooked object dies with its last reference all the same.
        car = nil
        let diedDuringThePass = weakCar == nil
        waits.withLock { $0 = false }
        proceed.signal()
        done.wait()
        #expect(diedDuringThePass)
        #expect(weakCar == nil)
    }

    @Test("an instance hook never fires for another object, not even one at a dead object's address")
    func addressReuse() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.reuse")
        let trace = Trace()
        var deadAddress: ObjectIdentifier?
        do {
            let car = Car(name: "dead")
            deadAddress = ObjectIdentifier(car)
            try point.before(.instance(car)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
            call(point, on: car, trace: trace)
        }
        #expect(trace.take() == ["hook(dead)", "body(dead)"])
        // While the point still holds the dead car's hook, its address is not handed out again, so
        // no newcomer can be mistaken for it. (All candidates stay alive, in arrays reserved up
        // front, so that no other free or growth disturbs the allocator between the steps.)
        var keep: [Car] = []
        keep.reserveCapacity(20_000)
        for index in 0..<10_000 {
            keep.append(Car(name: "new\(index)"))
        }
        #expect(!keep.contains { ObjectIdentifier($0) == deadAddress })
        for car in keep.prefix(100) {
            call(point, on: car, trace: trace)
        }
        #expect(!trace.take().contains { $0.hasPrefix("hook") })
        // Once the point forgot the dead car (listing its hooks reclaims dead objects' entries), its
        // address may be reused; the point keeps nothing that could match a newcomer there.
        #expect(point.hooks.isEmpty)
        let existing = point.existingStorage
        let storage = try #require(existing)
        #expect(storage.lock.withLock { storage.levels.instances.isEmpty && storage.compileCache.shards.isEmpty })
        var newcomers: [Car] = []
        newcomers.reserveCapacity(1_000)
        for index in 0..<1_000 {
            let newcomer = Car(name: "after\(index)")
            newcomers.append(newcomer)
            call(point, on: newcomer, trace: trace)
        }
        #expect(!trace.take().contains { $0.hasPrefix("hook") })
        // A newcomer (wherever it was allocated) can have instance hooks of its own.
        let newcomer = newcomers[newcomers.count - 1]
        try point.before(.instance(newcomer)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        call(point, on: newcomer, trace: trace)
        #expect(trace.take() == ["hook(\(newcomer.name))", "body(\(newcomer.name))"])
    }

    @Test("after many hooked objects die, the point holds no entries for them")
    func storageIsReclaimed() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.reclaim")
        let survivor = Car(name: "survivor")
        try point.before(.instance(survivor), label: "survivor") { _, _ in }
        for index in 0..<1_000 {
            let car = Car(name: "\(index)")
            try point.before(.instance(car)) { _, _ in }
            try point.after(.instance(car)) { _, _, _ in }
            call(point, on: car, trace: Trace())
        }
        #expect(point.hooks.map(\.label) == ["survivor"])
        let existing = point.existingStorage
        let storage = try #require(existing)
        #expect(storage.lock.withLock { storage.levels.instances.count } == 1)
        #expect(storage.lock.withLock { storage.registrations.count } == 1)
    }

    @Test("instance hooks apply on top of the object's type hooks")
    func instanceOnTopOfType() throws {
        let point = HookPoint<Vehicle, String, String>("Instance.layers")
        let trace = Trace()
        let car = SportsCar(name: "s")
        try point.before(.instance(car)) { _, _ in trace.record("instance") }
        try point.before(.type(Car.self)) { _, _ in trace.record("car") }
        try point.before(.exactType(SportsCar.self)) { _, _ in trace.record("exact") }
        call(point, on: car, trace: trace)
        #expect(trace.all == ["car", "exact", "instance", "body(s)"])
    }
}
