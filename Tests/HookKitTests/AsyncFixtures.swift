import HookKit

/// A fresh async point per test, so that tests running in parallel never share hooks.
func makeAsyncVehiclePoint(_ name: String = #function) -> AsyncHookPoint<Vehicle, String, String> {
    AsyncHookPoint(name)
}

/// Calls `Vehicle.describe`'s shape through an async `point`, recording `body(<name>)` after a suspension.
@discardableResult
func call(
    _ point: borrowing AsyncHookPoint<Vehicle, String, String>, on vehicle: Vehicle, _ prefix: String = "",
    trace: Trace
) async -> String {
    await point.invoke(vehicle, prefix) { this, prefix in
        await Task.yield()
        trace.record("body(\(this.name))")
        return prefix + this.name
    }
}

/// A rendezvous for tests that must act while a call is suspended, without sleeping: the call `arrive()`s and stays
/// suspended until the test, which waited for the arrival, calls `open()`.
actor Gate {
    private var arrivals = 0
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private var openWaiters: [CheckedContinuation<Void, Never>] = []

    /// Records an arrival, then suspends until the gate is open.
    func arrive() async {
        arrivals += 1
        for waiter in arrivalWaiters { waiter.resume() }
        arrivalWaiters = []
        guard !isOpen else { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    /// Suspends until `count` calls arrived.
    func waitForArrivals(_ count: Int = 1) async {
        while arrivals < count {
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    /// Lets every arrived and future call through.
    func open() {
        isOpen = true
        for waiter in openWaiters { waiter.resume() }
        openWaiters = []
    }
}
