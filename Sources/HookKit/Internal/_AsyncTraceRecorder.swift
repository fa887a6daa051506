/// Collects, in order, the hooks that ran during one traced async call.
///
/// Created per call, only while a tracer is set, and reached through the call's ``_AsyncInvocation`` task-local
/// binding. Unlike the synchronous recorder it may be reached from several tasks at once (an override may call
/// `original` from child tasks), so it keeps its state under a lock.
@usableFromInline
final class _AsyncTraceRecorder: @unchecked Sendable {
    private let lock = _Lock()
    /// Guarded by `lock`.
    private var hooks: [HookDescription] = []
    /// Guarded by `lock`.
    private var bodyDidRun = false

    init() {}

    /// Records that `hook` started.
    func append(_ hook: HookDescription) {
        lock.withLock { hooks.append(hook) }
    }

    /// Records that the body started.
    @usableFromInline
    func markBodyRan() {
        lock.withLock { bodyDidRun = true }
    }

    /// The hooks that started, in order.
    var ran: [HookDescription] {
        lock.withLock { hooks }
    }

    /// Whether the body started at least once.
    var bodyRan: Bool {
        lock.withLock { bodyDidRun }
    }
}
