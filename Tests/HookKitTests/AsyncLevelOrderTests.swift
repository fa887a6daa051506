import HookKit
import Testing

/// On async points, synchronous and async hooks of one level run in one order, by registration, never grouped by
/// kind; and priority orders hooks within their level only, whatever mix of synchronous and async hooks it holds.
@Suite("Async order by level and priority")
struct AsyncLevelOrderTests {
    @Test("synchronous and async hooks of one level interleave in registration order, on both call paths")
    func synchronousAndAsyncHooksInterleave() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncLevelOrder.interleave")
        let trace = Trace()
        for index in 0..<6 {
            if index.isMultiple(of: 2) {
                try point.before { _, _ in trace.record("sync before \(index)") }
                try point.after { _, _, _ in trace.record("sync after \(index)") }
            } else {
                try point.before { _, _ in
                    await Task.yield()
                    trace.record("async before \(index)")
                }
                try point.after { _, _, _ in
                    await Task.yield()
                    trace.record("async after \(index)")
                }
            }
        }
        let car = Car(name: "c")
        await call(point, on: car, trace: trace)
        let befores = [
            "sync before 0", "async before 1", "sync before 2", "async before 3", "sync before 4", "async before 5",
        ]
        let afters = [
            "async after 5", "sync after 4", "async after 3", "sync after 2", "async after 1", "sync after 0",
        ]
        #expect(trace.take() == befores + ["body(c)"] + afters)
        // With a scoped hook, calls on the car take the general path rather than the one for every-receiver hooks.
        try point.before(.instance(car)) { _, _ in trace.record("instance before") }
        await call(point, on: car, trace: trace)
        #expect(trace.take() == befores + ["instance before", "body(c)"] + afters)
    }

    @Test("a low priority on the instance and a high one on every receiver keep the levels' order, async hooks too")
    func priorityDoesNotCrossLevels() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncLevelOrder.priority")
        let trace = Trace()
        let car = SportsCar(name: "s")
        try point.before(.instance(car), priority: -1_000) { _, _ in trace.record("before instance -1000") }
        try point.before(priority: 1_000) { _, _ in trace.record("before all 1000") }
        try point.before(.type(Car.self), priority: .min) { _, _ in
            await Task.yield()
            trace.record("before Car min")
        }
        try point.override(priority: 1_000) { original in
            { vehicle, prefix in
                trace.record("override all 1000")
                await Task.yield()
                return await original(vehicle, prefix)
            }
        }
        try point.override(.instance(car), priority: -1_000) { original in
            { vehicle, prefix in
                trace.record("override instance -1000")
                return await original(vehicle, prefix)
            }
        }
        try point.after(priority: -1_000) { _, _, _ in trace.record("after all -1000") }
        try point.after(.instance(car), priority: 1_000) { _, _, _ in
            await Task.yield()
            trace.record("after instance 1000")
        }
        await call(point, on: car, trace: trace)
        #expect(
            trace.all == [
                "before all 1000", "before Car min", "before instance -1000",
                "override instance -1000", "override all 1000", "body(s)",
                "after instance 1000", "after all -1000",
            ])
    }
}
