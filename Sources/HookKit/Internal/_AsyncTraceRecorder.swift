/// Collects, in order, the hooks that ran during one traced async call.
///
/// Created per call, only while a tracer is set, and reached through the call's ``_AsyncInvocation`` task-local
/// binding. Unlike the synchronous recorder it may be reached from several tasks at once (an override may call
/// `original` from child tasks), so it keeps its state under a lock.
///
/// The binding of a traced call's before and after hooks holds a *forwarding* recorder: the hooks that run go to the
/// call's recorder, and the overrides and the body that an `original` kept from another call's chain reaches from
/// them are recorded by the recorder of the call whose body it is (an enclosing call of the point, or none).
@usableFromInline
final class _AsyncTraceRecorder: @unchecked Sendable {
    private let lock = _Lock()
    /// Guarded by `lock`.
    private var hooks: [HookDescription] = []
    /// Guarded by `lock`.
    private var bodyDidRun = false
    /// Where a forwarding recorder sends the before and after hooks it records; `nil` for a call's own recorder.
    private let hookRecorder: _AsyncTraceRecorder?
    /// Where a forwarding recorder sends the overrides and the body's runs it records (`nil`: nowhere, outside any
    /// other call of the point).
    private let bodyRecorder: _AsyncTraceRecorder?

    /// A call's own recorder.
    init() {
        hookRecorder = nil
        bodyRecorder = nil
    }

    /// A forwarding recorder: before and after hooks go to `call`, overrides and the body's runs to `enclosing`.
    init(hooksTo call: _AsyncTraceRecorder, bodiesTo enclosing: _AsyncTraceRecorder?) {
        hookRecorder = call
        bodyRecorder = enclosing
    }

    /// Records that `hook` started.
    func append(_ hook: HookDescription) {
        if let hookRecorder {
            hookRecorder.append(hook)
        } else {
            lock.withLock { hooks.append(hook) }
        }
    }

    /// Records that the override `hook` started: on a forwarding recorder, for the call whose body its chain reaches
    /// (an override entered through a kept `original` from a traced call's hooks belongs to that call's chain).
    func appendOverride(_ hook: HookDescription) {
        if hookRecorder != nil {
            bodyRecorder?.appendOverride(hook)
        } else {
            lock.withLock { hooks.append(hook) }
        }
    }

    /// Records that the body started.
    @usableFromInline
    func markBodyRan() {
        if hookRecorder != nil {
            bodyRecorder?.markBodyRan()
        } else {
            lock.withLock { bodyDidRun = true }
        }
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
