import XCTest

@testable import HookKit

/// Instance hooks on objects whose memory an `unowned` reference does not keep (Objective-C objects on Apple
/// platforms, whose `unowned` references are weak ones): a dead object's address can be reused while its entry
/// exists, so a call matches the entry only while the entry's object lives.
///
/// Linux has no such objects: the tests make HookKit hold every object the way it holds an Objective-C object
/// (`_WeakObject.holdsObjectsAsObjectiveCObjectsForTesting`), a process-wide switch, hence an XCTest case (`swift
/// test` runs XCTest serially in a process of its own).
final class ForeignObjectIdentityTests: XCTestCase {
    override func setUp() {
        super.setUp()
        _WeakObject.holdsObjectsAsObjectiveCObjectsForTesting.store(true, ordering: .relaxed)
    }

    override func tearDown() {
        _WeakObject.holdsObjectsAsObjectiveCObjectsForTesting.store(false, ordering: .relaxed)
        super.tearDown()
    }

    func testAnInstanceHookNeverFiresForANewcomerAtItsDeadObjectsAddress() throws {
        let point = HookPoint<Vehicle, String, String>("ForeignIdentity.reuse")
        let trace = Trace()
        let hooked = Car(name: "hooked")
        let token = try point.before(.instance(hooked)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        XCTAssertEqual(call(point, on: hooked, trace: trace), "hooked")
        XCTAssertEqual(trace.take(), ["hook(hooked)", "body(hooked)"])
        // The registration holds no `unowned` reference: the object's memory goes with it, and the snapshot still
        // holds its entry (nothing republished since).
        var keep: [Car] = []
        let address = ObjectIdentifier(hooked)
        _ = consume hooked
        guard let reused = newcomer(at: address, keeping: &keep, { Car(name: "newcomer \($0)") }) else {
            throw XCTSkip("the allocator did not reuse the dead object's address")
        }
        XCTAssertEqual(call(point, on: reused, trace: trace), reused.name)
        XCTAssertEqual(trace.take(), ["body(\(reused.name))"], "the dead object's hook fired for a newcomer")
        XCTAssertFalse(token.isActive)
        // The newcomer can have instance hooks of its own, at the same address; the dead object's are dropped.
        let own = try point.before(.instance(reused)) { vehicle, _ in trace.record("own(\(vehicle.name))") }
        XCTAssertEqual(call(point, on: reused, trace: trace), reused.name)
        XCTAssertEqual(trace.take(), ["own(\(reused.name))", "body(\(reused.name))"])
        XCTAssertEqual(point.hooks.count, 1)
        own.cancel()
    }

    /// The difference from Swift objects: a call the object makes from its own `deinit` finds it gone (a weak
    /// reference to an object being deinitialized reads `nil`), so its instance hooks do not run there.
    func testAnObjectsOwnDeinitRunsWithoutItsInstanceHooks() throws {
        final class Mortal: Car, @unchecked Sendable {
            let onDeinit: @Sendable (Mortal) -> Void
            init(onDeinit: @escaping @Sendable (Mortal) -> Void) {
                self.onDeinit = onDeinit
                super.init(name: "mortal")
            }
            required init(name: String) { fatalError("unused") }
            deinit { onDeinit(self) }
        }
        let point = HookPoint<Vehicle, String, String>("ForeignIdentity.deinit")
        let trace = Trace()
        var mortal: Mortal? = Mortal { this in _ = call(point, on: this, "last ", trace: trace) }
        try point.before(.instance(mortal!)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
        _ = call(point, on: mortal!, trace: trace)
        mortal = nil
        XCTAssertEqual(trace.take(), ["hook(mortal)", "body(mortal)", "body(mortal)"])
    }
}
