/// What one async call binds in its point's task-local value while it runs its override chain: the body passed to
/// `invoke` (which the innermost `original` calls) and, when traced, the call's recorder.
///
/// A synchronous call keeps this in a frame on its thread (``_InvocationFrame``). An async call cannot: after a
/// suspension the task may resume on another thread, and child tasks (`async let`, task groups) that an override
/// starts to call `original` run on other threads at the same time. A task-local value follows the task across
/// suspensions and executors and is inherited by its child tasks, so `original` finds the body of *its* call
/// wherever it is called from inside that call. Binding it costs a push and a pop on the task's own allocator, not a
/// heap allocation.
@usableFromInline
struct _AsyncInvocation<Receiver, Arguments, Result, Failure: Error>: Sendable {
    /// The body passed to `invoke`, or `nil` when the point declares its body (or, in the binding of a traced call's
    /// hooks outside any other call of the point, when there is no body to reach).
    @usableFromInline let body: _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation?
    /// The trace recorder of this call, or `nil` when no tracer is set.
    @usableFromInline let recorder: _AsyncTraceRecorder?

    /// The binding of a call's override chain: `original` reaches `body`.
    @inlinable
    init(
        body: _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation?, recorder: _AsyncTraceRecorder?
    ) {
        self.body = body
        self.recorder = recorder
    }

    /// The binding of a traced call's before and after hooks, on a point whose calls pass their body: the hooks that
    /// run are recorded in `recorder`, while `original`, called from them, reaches what it reached before the call
    /// began (`enclosing`: an enclosing call's body, whose runs count for that call, or none), as it does when no
    /// tracer is set and the hooks run outside the call's binding.
    @usableFromInline
    init(recordingIn recorder: _AsyncTraceRecorder, around enclosing: Self?) {
        self.body = enclosing?.body
        self.recorder = _AsyncTraceRecorder(hooksTo: recorder, bodiesTo: enclosing?.recorder)
    }
}
