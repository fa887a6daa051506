import HookKit
import XCTest

/// An instance hook holds its object weakly, but its closure is another matter: one that captures its own object
/// strongly keeps the object alive (the hook never expires) until it is cancelled; one that uses the receiver it is
/// given lets the object die, and expires with it.
///
/// An XCTest case because it checks that an object dies as `cancel()` returns (the reclamation lock is process-wide,
/// see `ReclamationTests`) and sweeps every point with `Hooks.removeExpiredInstanceHooks()` (see
/// `ExpiredInstanceHookTests`).
final class InstanceHookCaptureTests: XCTestCase {
    func testAHookThatCapturesItsObjectKeepsItAliveUntilItIsCancelled() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceHookCapture.strong")
        let trace = Trace()
        weak var weakCar: Car?
        let token: HookToken
        do {
            let car = Car(name: "captured")
            weakCar = car
            token = try point.before(.instance(car)) { _, _ in trace.record("hook(\(car.name))") }
        }
        Hooks.removeExpiredInstanceHooks()
        let car = try XCTUnwrap(weakCar, "the hook's closure did not keep its object alive")
        XCTAssertTrue(token.isActive)
        XCTAssertEqual(point.hooks.count, 1)
        call(point, on: car, trace: trace)
        XCTAssertEqual(trace.take(), ["hook(captured)", "body(captured)"])
        XCTAssertTrue(token.cancel())
        withExtendedLifetime(car) {}
    }

    func testCancellingAHookThatCapturesItsObjectLetsTheObjectDie() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceHookCapture.cancelled")
        weak var weakCar: Car?
        let token: HookToken
        do {
            let car = Car(name: "captured")
            weakCar = car
            token = try point.before(.instance(car)) { _, _ in _ = car }
        }
        XCTAssertNotNil(weakCar)
        XCTAssertTrue(token.cancel())
        XCTAssertNil(weakCar, "the cancelled hook's closure, and the object it captured, are still alive")
    }

    func testAHookThatUsesItsReceiverLetsTheObjectDieAndExpiresWithIt() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceHookCapture.receiver")
        let trace = Trace()
        weak var weakCar: Car?
        let token: HookToken
        do {
            let car = Car(name: "received")
            weakCar = car
            token = try point.before(.instance(car)) { vehicle, _ in trace.record("hook(\(vehicle.name))") }
            call(point, on: car, trace: trace)
        }
        XCTAssertNil(weakCar)
        XCTAssertFalse(token.isActive)
        Hooks.removeExpiredInstanceHooks()
        XCTAssertTrue(point.hooks.isEmpty)
        XCTAssertFalse(token.cancel())
        XCTAssertEqual(trace.all, ["hook(received)", "body(received)"])
    }
}
