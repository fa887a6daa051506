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
public struct HookTracer: Sendable {
    let record: @Sendable (HookTraceEvent) -> Void

    /// Creates a tracer that passes each event to `record`, on the calling thread, after the call.
    public init(_ record: @escaping @Sendable (HookTraceEvent) -> Void) {
        self.record = record
    }
}
