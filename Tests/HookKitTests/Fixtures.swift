import Foundation
import Synchronization

@testable import HookKit

/// A value behind HookKit's own writer lock, for state that test threads share.
///
/// Not `Synchronization.Mutex`: ThreadSanitizer, which CI runs on these tests, does not see the slow path of a
/// contended `Mutex` and reports a false race there (see `_Lock`).
final class Locked<Value>: @unchecked Sendable {
    private let lock = _Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}

/// A thread-safe list of events, for comparing what ran with a literal expectation.
final class Trace: Sendable {
    private let events = Locked<[String]>([])

    func record(_ event: String) {
        events.withLock { $0.append(event) }
    }

    var all: [String] {
        events.withLock { $0 }
    }

    /// Returns the events recorded so far and starts over.
    func take() -> [String] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func increment(by amount: Int = 1) {
        value.wrappingAdd(amount, ordering: .relaxed)
    }

    var count: Int { value.load(ordering: .relaxed) }
}

/// Makes the first run of a hook last until another call has started, so that some call is sure to run the chain
/// the hook is in while the hook runs: a `once` hook's other runs are then refused by its claim, not by timing.
final class CallOverlap: Sendable {
    private let started = Atomic<Int>(0)
    private let isFirst = Atomic<Bool>(true)

    /// Counts a call that started (call it from the chain's first before hook).
    func callStarted() {
        started.add(1, ordering: .releasing)
    }

    /// The first time, returns once another call started after it did (or after 5 s, so that code that wrongly
    /// lets every call into the hook cannot hang the test); at once after that.
    func holdFirstRun() {
        guard isFirst.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let seen = started.load(ordering: .acquiring)
        let deadline = ContinuousClock.now + .seconds(5)
        while started.load(ordering: .acquiring) == seen && ContinuousClock.now < deadline {}
    }
}

/// A three-level hierarchy with a sibling, each hooked through the same point.
class Vehicle: @unchecked Sendable {
    let name: String

    required init(name: String) {
        self.name = name
    }

    static let describe = HookPoint<Vehicle, String, String>("Vehicle.describe")

    /// The hooked method: its body records itself in the trace it is given.
    func describe(_ prefix: String, trace: Trace) -> String {
        Self.describe.invoke(self, prefix) { this, prefix in
            trace.record("body")
            return "\(prefix)\(this.name)"
        }
    }
}

class Car: Vehicle, @unchecked Sendable {}

final class SportsCar: Car, @unchecked Sendable {}

final class Truck: Vehicle, @unchecked Sendable {}

/// A value-type receiver.
struct Meter {
    var reading: Int

    static let read = HookPoint<Meter, Void, Int>("Meter.read")

    func read() -> Int {
        Self.read.invoke(self) { this in this.reading }
    }
}

/// A type unrelated to `Vehicle`.
final class Bicycle {}

/// A fresh point per test, so that tests running in parallel never share hooks.
func makeVehiclePoint(_ name: String = #function) -> HookPoint<Vehicle, String, String> {
    HookPoint(name)
}

/// Calls `Vehicle.describe`'s shape through `point`, recording `body(<name>)`.
@discardableResult
func call(
    _ point: borrowing HookPoint<Vehicle, String, String>, on vehicle: Vehicle, _ prefix: String = "", trace: Trace
) -> String {
    point.invoke(vehicle, prefix) { this, prefix in
        trace.record("body(\(this.name))")
        return prefix + this.name
    }
}

/// Which receivers a scope under test names.
enum ScopeCase: String, CaseIterable, Sendable {
    case all
    case type
    case exactType
    case instance
}

/// The receivers every scope test calls, in this order.
struct Garage {
    let vehicle = Vehicle(name: "v")
    let car = Car(name: "c")
    let sportsCar = SportsCar(name: "s")
    let truck = Truck(name: "t")
    let otherCar = Car(name: "c2")

    var all: [Vehicle] { [vehicle, car, sportsCar, truck, otherCar] }

    func scope(_ scopeCase: ScopeCase) -> HookScope<Vehicle> {
        switch scopeCase {
        case .all: return .all
        case .type: return .type(Car.self)
        case .exactType: return .exactType(Car.self)
        case .instance: return .instance(car)
        }
    }
}

/// Runs `body(index)` on `count` threads that start together, and returns when all finished.
///
/// The threads wait on a shared gate until every one of them is running, so their calls overlap.
func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = Atomic<Int>(0)
    let finished = Counter()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            ready.wrappingAdd(1, ordering: .acquiringAndReleasing)
            while ready.load(ordering: .acquiring) < count {}
            body(index)
            finished.increment()
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count {
        done.wait()
    }
    precondition(finished.count == count)
}

/// Allocates objects with `make` until one lands at `address`, keeping the others alive in `keep` (so the allocator
/// cannot hand the same memory out twice); `nil` after `attempts`.
///
/// For tests of a dead object's address being reused. An allocator that keeps freed memory aside for a while
/// (AddressSanitizer's quarantine) hands the address out only much later: such a test has nothing to test then.
func newcomer<Object: AnyObject>(
    at address: ObjectIdentifier, attempts: Int = 10_000, keeping keep: inout [Object], _ make: (Int) -> Object
) -> Object? {
    keep.reserveCapacity(keep.count + attempts)
    for index in 0..<attempts {
        let object = make(index)
        if ObjectIdentifier(object) == address { return object }
        keep.append(object)
    }
    return nil
}

extension _HookPointStorage {
    /// How many hooked objects' chains the compile cache holds, over all its shards (read under the storage's lock).
    var cachedInstanceCount: Int {
        lock.withLock { compileCache.shards.reduce(0) { $0 + $1.instances.count } }
    }
}
