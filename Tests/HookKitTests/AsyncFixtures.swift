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
