/// Collects, in order, the hooks that ran during one traced call.
///
/// Created per call, only while a tracer is set, and reached through that call's
/// ``_InvocationFrame`` on the calling thread, so it is never shared between threads.
@usableFromInline
final class _TraceRecorder {
    var ran: [HookDescription] = []
    var bodyRan = false

    @usableFromInline
    init() {}
}
