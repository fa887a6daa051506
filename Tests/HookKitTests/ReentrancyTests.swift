import HookKit
import Synchronization
import Testing

/// Hooks may register, cancel, and call hooked methods from inside a running hook.
@Suite("Re-entrancy")
struct ReentrancyTests {
    @Test("a hook that registers, cancels, and calls the same hooked method")
    func registerCancelAndCallFromAHook() throws {
        let point = HookPoint<Vehicle, String, String>("Reentrancy.before")
        let trace = Trace()
        let acted = Atomic<Bool>(false)
        let second = Locked<HookToken?>(nil)
        try point.before(label: "first") { vehicle, prefix in
            trace.record("first(\(vehicle.name))")
            guard !acted.exchange(true, ordering: .relaxed) else { return }
            _ = try? point.before(label: "late") { vehicle, _ in trace.record("late(\(vehicle.name))") }
            #expect(second.withLock { $0 }?.cancel() == true)
            call(point, on: Car(name: "inner"), trace: trace)
        }
        second.withLock {
            $0 = try? point.before(label: "second") { vehicle, _ in trace.record("second(\(vehicle.name))") }
        }
        call(point, on: Car(name: "outer"), trace: trace)
        // The outer call keeps its snapshot ("second" still runs, "late" does not); the nested call
        // is a new call and sees both changes.
        #expect(
            trace.take() == [
                "first(outer)", "first(inner)", "late(inner)", "body(inner)", "second(outer)", "body(outer)",
            ])
        call(point, on: Car(name: "next"), trace: trace)
        #expect(trace.take() == ["first(next)", "late(next)", "body(next)"])
    }

    @Test("a hook that cancels itself runs to the end of the current call only")
    func selfCancellation() throws {
        let point = HookPoint<Vehicle, String, String>("Reentrancy.self")
        let trace = Trace()
        let token = Locked<HookToken?>(nil)
        let registered = try point.after { vehicle, _, _ in
            trace.record("after(\(vehicle.name))")
            #expect(token.withLock { $0 }?.cancel() == true)
        }
        token.withLock { $0 = registered }
        call(point, on: Car(name: "a"), trace: trace)
        call(point, on: Car(name: "b"), trace: trace)
        #expect(trace.all == ["body(a)", "after(a)", "body(b)"])
    }

    @Test("an override that registers a hook and calls the method recursively through original")
    func overrideRecursion() throws {
        let point = HookPoint<Vehicle, String, String>("Reentrancy.override")
        let trace = Trace()
        try point.override { original in
            { vehicle, prefix in
                if prefix.count < 3 {
                    // Recursive call of the hooked method from inside the override.
                    return call(point, on: vehicle, prefix + ">", trace: trace) + "|" + original(vehicle, prefix)
                }
                return original(vehicle, prefix)
            }
        }
        #expect(call(point, on: Car(name: "c"), trace: trace) == ">>>c|>>c|>c|c")
        #expect(trace.all == ["body(c)", "body(c)", "body(c)", "body(c)"])
    }
}
