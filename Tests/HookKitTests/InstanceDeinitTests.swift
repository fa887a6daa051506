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
}
