/// One hooked call in progress on the current thread, linked to the call below it.
///
/// A frame lives on the stack of the `invoke` that pushed it, for exactly the duration of that
/// call. It carries what the compiled chain cannot capture ahead of time: the body of *this*
/// call (the innermost `original` of an override chain calls it) and, when a tracer is set, the
/// recorder that collects the hooks that ran.
@usableFromInline
struct _InvocationFrame {
    /// The frame pushed before this one on the same thread, if any.
    @usableFromInline var previous: UnsafeMutablePointer<_InvocationFrame>?
    /// The ``_FrameKey`` of the hook point that pushed the frame: a frame is only ever read by code compiled for the
    /// same point (which holds the key, so no other point can have its identity), so the types behind `body` always
    /// match.
    @usableFromInline let owner: ObjectIdentifier
    /// The address of the call's body closure (a ``_BodyBox``), or `nil` when the point declares its body.
    @usableFromInline let body: UnsafeRawPointer?
    /// The trace recorder of this call, or `nil` when no tracer is set.
    ///
    /// Not retained: the traced call that pushes the frame owns the recorder until the frame is popped, and an untraced
    /// call (the common case) then pays for no release.
    @usableFromInline unowned(unsafe) let recorder: _TraceRecorder?
    /// Whether the frame only records: a traced call runs its before and after hooks (and its body, when no override
    /// runs) in such a frame, so that they are recorded in its trace while `original`, called from them, reaches the
    /// body of an enclosing call of the point (or none), as it does when no tracer is set.
    @usableFromInline let recordsOnly: Bool
    /// Set by the innermost `original` when it calls the body (for traces).
    @usableFromInline var bodyRan = false

    @inlinable
    init(owner: ObjectIdentifier, body: UnsafeRawPointer?, recorder: _TraceRecorder?, recordsOnly: Bool = false) {
        self.previous = nil
        self.owner = owner
        self.body = body
        self.recorder = recorder
        self.recordsOnly = recordsOnly
    }
}
