import Foundation
import HookKit
import Testing

/// Hooks run on the thread that calls the hooked method, whichever thread registered them.
@Suite("Calling thread")
struct CallingThreadTests {
    @Test("a registration is seen by the next call on another thread, and its hook runs on that calling thread")
    func registrationSeenOnAnotherThread() throws {
        let point = HookPoint<Vehicle, String, String>("CallingThread.published")
        let trace = Trace()
        let caller = Locked<Thread?>(nil)
        let token = try point.before { vehicle, _ in
            let onCaller = caller.withLock { $0 } === Thread.current
            trace.record("hook(\(vehicle.name)) on the calling thread: \(onCaller)")
        }
        defer { token.cancel() }
        let finished = DispatchSemaphore(value: 0)
        Thread {
            caller.withLock { $0 = Thread.current }
            call(point, on: Car(name: "c"), trace: trace)
            finished.signal()
        }
        .start()
        finished.wait()
        #expect(trace.all == ["hook(c) on the calling thread: true", "body(c)"])
    }
}
