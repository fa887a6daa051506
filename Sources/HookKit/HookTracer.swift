/// Observes every hooked call while it is installed with ``Hooks/tracer``.
///
/// ```swift
/// Hooks.tracer = HookTracer { event in print(event) }
/// defer { Hooks.tracer = nil }
/// ```
///
/// Tracing costs nothing while no tracer is installed: installing or removing one recompiles the
/// chains of every hook point, and only traced chains record. Calls of points that have no hooks
/// stay on the unhooked fast path and are not reported.
///
/// A tracer only observes: traced calls run the same hooks, in the same order, with the same results (what it is told
/// is recorded on the call's thread or task: see ``HookTraceEvent/hooks``). In
/// particular, a call's before and after hooks still run outside the frame (on an async point, the task-local
/// binding) of its body, so an `original` called from them reaches the body of an enclosing call of the point, or
/// stops the program where there is none, exactly as without a tracer.
///
/// The tracer is called like a hook, so it may register and cancel hooks, and change ``Hooks/tracer``. A hooked call
/// it makes is traced too, and calls it again: a tracer that calls hooked methods each time it runs recurses without
/// end. Record the event and act on it later, or call hooked methods only under a condition that stops.
public struct HookTracer: Sendable {
    let record: @Sendable (HookTraceEvent) -> Void

    /// Creates a tracer that passes each event to `record`, on the calling thread, after the call.
    public init(_ record: @escaping @Sendable (HookTraceEvent) -> Void) {
        self.record = record
    }
}
