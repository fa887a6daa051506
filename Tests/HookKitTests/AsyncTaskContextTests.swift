import HookKit
import Synchronization
import Testing

/// Async calls run in their caller's task: task-local values and cancellation reach hooks, overrides and the body,
/// also the body reached through `original` from a child task.
@Suite("Async task context")
struct AsyncTaskContextTests {
    enum Request {
        @TaskLocal static var id = "none"
    }

    /// Points of the cancellation tests, shared with the task that is cancelled.
    static let cancellable = AsyncThrowingHookPoint<Vehicle, String, String, any Error>("AsyncTaskContext.cancel")
    static let observed = AsyncHookPoint<Vehicle, String, String>("AsyncTaskContext.observe")

    @Test("task-local values reach synchronous and async hooks, overrides, and the body in child tasks")
    func taskLocalsPropagate() async throws {
        let point = AsyncHookPoint<Vehicle, String, String>("AsyncTaskContext.locals")
        let trace = Trace()
        try point.before { _, _ in trace.record("before \(Request.id)") }
        try point.before { _, _ in
            await Task.yield()
            trace.record("async before \(Request.id)")
        }
        try point.override { original in
            { vehicle, prefix in
                trace.record("override \(Request.id)")
                async let child = original(vehicle, prefix)
                return await child
            }
        }
        try point.after { _, _, _ in trace.record("after \(Request.id)") }
        let result = await Request.$id.withValue("r-42") {
            await point.invoke(Car(name: "c"), "") { vehicle, _ in
                trace.record("body \(Request.id)")
                return vehicle.name
            }
        }
        #expect(result == "c")
        #expect(
            trace.all == ["before r-42", "async before r-42", "override r-42", "body r-42", "after r-42"])
    }

    @Test("a task cancelled while a hook is suspended: the body sees it and throws, after hooks do not run")
    func cancellationWhileSuspended() async throws {
        let trace = Trace()
        let gate = Gate()
        try Self.cancellable.before(label: "gate") { _, _ in
            await gate.arrive()
            trace.record("before: cancelled \(Task.isCancelled)")
        }
        try Self.cancellable.override { original in
            { vehicle, prefix in
                trace.record("override: cancelled \(Task.isCancelled)")
                return try await original(vehicle, prefix)
            }
        }
        try Self.cancellable.after { _, _, _ in trace.record("after") }
        let task = Task {
            try await Self.cancellable.invoke(Car(name: "c"), "") { vehicle, _ in
                trace.record("body: cancelled \(Task.isCancelled)")
                try Task.checkCancellation()
                return vehicle.name
            }
        }
        await gate.waitForArrivals()
        task.cancel()
        await gate.open()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(trace.all == ["before: cancelled true", "override: cancelled true", "body: cancelled true"])
    }

    @Test("cancellation reaches a cancellation handler in the body, through an override's child task")
    func cancellationHandlerInBody() async throws {
        let gate = Gate()
        let handled = Counter()
        try Self.observed.override { original in
            { vehicle, prefix in
                await withTaskGroup(of: String.self) { group in
                    group.addTask { await original(vehicle, prefix) }
                    return await group.next() ?? ""
                }
            }
        }
        let task = Task {
            await Self.observed.invoke(Car(name: "c"), "") { vehicle, _ in
                await withTaskCancellationHandler {
                    await gate.arrive()
                    return "\(vehicle.name) cancelled \(Task.isCancelled)"
                } onCancel: {
                    handled.increment()
                }
            }
        }
        await gate.waitForArrivals()
        task.cancel()
        await gate.open()
        #expect(await task.value == "c cancelled true")
        #expect(handled.count == 1)
    }
}
