import HookKit
import Testing

/// A Swift object's calls from its own `deinit` still run its instance hooks, although it already reads as gone.
@Suite("Instance hooks during deinit")
struct InstanceDeinitTests {
    /// A car that makes a last call from its `deinit`.
    final class LastWordsCar: Car, @unchecked Sendable {
        var lastWords: (@Sendable (LastWordsCar) -> Void)?

        deinit { lastWords?(self) }
    }

    @Test("a method called from the object's deinit runs its instance hooks, whose token already reads inactive")
    func deinitCallRunsInstanceHooks() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceDeinit.lastCall")
        let trace = Trace()
        let token = Locked<HookToken?>(nil)
        var car: LastWordsCar? = LastWordsCar(name: "doomed")
        car?.lastWords = { this in call(point, on: this, "last ", trace: trace) }
        let registered = try point.before(.instance(car!)) { vehicle, prefix in
            trace.record("hook(\(prefix)\(vehicle.name), active \(token.withLock { $0 }?.isActive ?? false))")
        }
        token.withLock { $0 = registered }
        call(point, on: car!, trace: trace)
        car = nil
        #expect(
            trace.all == [
                "hook(doomed, active true)", "body(doomed)", "hook(last doomed, active false)", "body(doomed)",
            ])
        #expect(!registered.isActive)
        #expect(!registered.cancel())
    }

    @Test("a change of the point during the deinit reclaims the object's hooks: the deinit's later calls run without")
    func changeDuringDeinitReclaimsTheHooks() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceDeinit.changedMeanwhile")
        let trace = Trace()
        var car: LastWordsCar? = LastWordsCar(name: "doomed")
        car?.lastWords = { this in
            call(point, on: this, "first ", trace: trace)
            trace.record("hooks listed: \(point.hooks.count)")  // introspection is a change that reclaims
            call(point, on: this, "second ", trace: trace)
        }
        let token = try point.before(.instance(car!)) { vehicle, prefix in
            trace.record("hook(\(prefix)\(vehicle.name))")
        }
        car = nil
        #expect(trace.all == ["hook(first doomed)", "body(doomed)", "hooks listed: 0", "body(doomed)"])
        #expect(!token.isActive)
    }

    @Test("an instance hook registered for an object whose deinit has begun never runs, and its closure is released")
    func registrationDuringDeinitDoesNothing() throws {
        let point = HookPoint<Vehicle, String, String>("InstanceDeinit.registeredTooLate")
        let trace = Trace()
        let late = Locked<CapturingHook?>(nil)
        var car: LastWordsCar? = LastWordsCar(name: "doomed")
        car?.lastWords = { this in
            let hook = try? registerCapturing { captured in
                try point.before(.instance(this)) { _, _ in trace.record("late hook \(captured)") }
            }
            late.withLock { $0 = hook }
            trace.record("active: \(hook?.token.isActive ?? true), released: \(hook?.captured == nil)")
            call(point, on: this, trace: trace)
        }
        car = nil
        #expect(trace.all == ["active: false, released: true", "body(doomed)"])
        let hook = try #require(late.withLock { $0 })
        #expect(hook.captured == nil)
        #expect(!hook.token.cancel())
        #expect(point.hooks.isEmpty)
    }
}
