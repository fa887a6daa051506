import Dispatch
import Foundation
import HookKit
import XCTest

/// A hook's captures are released outside HookKit's locks: their `deinit` is user code, which may register, cancel
/// and list hooks, or read the global switches, without deadlock.
///
/// Most of these cases switch hooks off, so that no published snapshot holds the closures and the change that drops
/// them releases the last reference: an XCTest case, which runs serially in a process of its own (see
/// `GlobalSwitchTests`).
final class CaptureDeinitTests: XCTestCase {
    /// Runs its action when it is released.
    final class OnDeinit: Sendable {
        let action: @Sendable () -> Void

        init(_ action: @escaping @Sendable () -> Void) {
            self.action = action
        }

        deinit { action() }
    }

    override func tearDown() {
        Hooks.isEnabled = true
        Hooks.tracer = nil
        super.tearDown()
    }

    /// Runs `operation` on a thread of its own, and stops the test process if it has not returned after 60 seconds:
    /// a deadlock on HookKit's lock would otherwise hang every test after it.
    func expectNoDeadlock(_ what: String, _ operation: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            operation()
            finished.signal()
        }
        .start()
        if finished.wait(timeout: .now() + 60) == .timedOut {
            fatalError("HookKit deadlocked: \(what)")
        }
    }

    /// Registers a hook with `register`, capturing an object whose `deinit` registers and cancels another one with
    /// `register`, then cancels the first with hooks off: the cancellation releases the last reference.
    func expectCancellationReleasesOutsideTheLock(
        _ what: String, register: @escaping @Sendable (_ captured: OnDeinit?) throws -> HookToken
    ) throws {
        let trace = Trace()
        let token: HookToken
        do {
            let captured = OnDeinit {
                let inner = try? register(nil)
                trace.record("deinit registered: \(inner != nil), cancelled: \(inner?.cancel() ?? false)")
            }
            token = try register(captured)
        }
        Hooks.isEnabled = false
        expectNoDeadlock(what) {
            XCTAssertTrue(token.cancel())
        }
        XCTAssertEqual(trace.all, ["deinit registered: true, cancelled: true"])
    }

    func testCancellingAHookWhoseCaptureRegistersInItsDeinit() throws {
        let point = HookPoint<Vehicle, Int, Int>("CaptureDeinit.cancel")
        try expectCancellationReleasesOutsideTheLock("cancel() released a registration under the point's lock") {
            captured in try point.before { _, _ in _ = captured }
        }
        XCTAssertEqual(point.hooks, [])
    }

    func testReplacingAnOverridesCachedLinkWhoseCaptureListsHooksInItsDeinit() throws {
        let point = HookPoint<Vehicle, Int, Int>("CaptureDeinit.links")
        let trace = Trace()
        // Each link the provider makes captures an object that lists the point's hooks when it goes.
        try point.override(label: "outer") { original in
            let captured = OnDeinit { trace.record("link released, \(point.hooks.count) hooks") }
            return { vehicle, value in
                _ = captured
                return original(vehicle, value) + 1
            }
        }
        XCTAssertEqual(point.invoke(Car(name: "c"), 1) { _, value in value }, 2)
        // Switching hooks off drops the links the chains used.
        expectNoDeadlock("switching hooks off released a link under the point's lock") {
            Hooks.isEnabled = false
        }
        XCTAssertEqual(trace.all, ["link released, 1 hooks"])
        let inner = try point.override(priority: -1, label: "inner") { original in
            { vehicle, value in original(vehicle, value) }
        }
        Hooks.isEnabled = true
        XCTAssertEqual(point.invoke(Car(name: "c"), 1) { _, value in value }, 2)
        // Cancelling the inner override compiles a new link for the outer one and drops the one around the inner.
        expectNoDeadlock("a compilation released a replaced link under the point's lock") {
            XCTAssertTrue(inner.cancel())
        }
        XCTAssertEqual(trace.all, ["link released, 1 hooks", "link released, 1 hooks"])
        XCTAssertEqual(point.invoke(Car(name: "c"), 1) { _, value in value }, 2)
    }

    func testForgettingADeadObjectsHooksWhoseCaptureRegistersInItsDeinit() throws {
        let point = HookPoint<Vehicle, Int, Int>("CaptureDeinit.expired")
        let trace = Trace()
        Hooks.isEnabled = false
        do {
            let car = Car(name: "short-lived")
            let captured = OnDeinit {
                let inner = try? point.after { _, _, _ in }
                trace.record("deinit registered: \(inner != nil)")
                inner?.cancel()
            }
            try point.before(.instance(car)) { _, _ in _ = captured }
        }
        // Listing forgets the dead car's hooks first.
        expectNoDeadlock("removing expired instance hooks released them under the point's lock") {
            XCTAssertEqual(point.hooks, [])
        }
        XCTAssertEqual(trace.all, ["deinit registered: true"])
    }

    func testReplacingATracerWhoseCaptureReadsTheSwitchesInItsDeinit() {
        let trace = Trace()
        // Switched off, no snapshot holds the tracer: replacing it releases the last reference.
        Hooks.isEnabled = false
        do {
            let captured = OnDeinit { trace.record("tracer released, hooks enabled: \(Hooks.isEnabled)") }
            Hooks.tracer = HookTracer { _ in _ = captured }
        }
        expectNoDeadlock("setting the tracer released the previous one under the global lock") {
            Hooks.tracer = nil
        }
        XCTAssertEqual(trace.all, ["tracer released, hooks enabled: false"])
    }

    func testCancellingAnAsyncHookWhoseCaptureRegistersInItsDeinit() throws {
        let point = AsyncHookPoint<Vehicle, Int, Int>("CaptureDeinit.async")
        try expectCancellationReleasesOutsideTheLock("cancel() released an async registration under the point's lock") {
            captured in try point.before { _, _ in _ = captured }
        }
        XCTAssertEqual(point.hooks, [])
    }
}
