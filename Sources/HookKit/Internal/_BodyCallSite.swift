/// What the innermost `original` of a point's override chains captures: one reference, so that
/// calling it loads a single context word.
@usableFromInline
final class _BodyCallSite<Receiver, Arguments, Result, Failure: Error>: Sendable {
    /// The identity of the frames this site reads, held so that no other point gets its address (see ``_FrameKey``).
    @usableFromInline let owner: _FrameKey
    /// The point's name, for the message of a misuse.
    let name: String
    /// The body declared with the point, called when no frame of the point carries a passed body: a traced call of
    /// such a point, or an `original` called outside any call of the point on this thread.
    @usableFromInline let declaredBody: (@Sendable (Receiver, Arguments) throws(Failure) -> Result)?

    @usableFromInline
    init(
        owner: _FrameKey, name: String,
        declaredBody: (@Sendable (Receiver, Arguments) throws(Failure) -> Result)?
    ) {
        self.owner = owner
        self.name = name
        self.declaredBody = declaredBody
    }

    /// Finds the point's frame on the calling thread and calls its body: the body passed to `invoke`, or the declared
    /// one for a traced call.
    ///
    /// A point that declares its body needs no frame: outside a call of the point on this thread (an `original` kept
    /// and called later, or on another thread, while a tracer is set), the declared body runs, unrecorded; inside
    /// another call of the point on this thread, it counts as that call's body.
    ///
    /// The common case, a frame with a passed body, is inlined; the others are out of line, so that the common case
    /// needs few registers (saving and restoring the others cost every override call about 20 instructions).
    @inlinable @inline(__always)
    func callBody(_ receiver: Receiver, _ arguments: Arguments) throws(Failure) -> Result {
        if let frame = _FrameStack.frame(of: ObjectIdentifier(owner)), let body = frame.pointee.body {
            frame.pointee.bodyRan = true
            return try body.assumingMemoryBound(to: _BodyBox<Receiver, Arguments, Result, Failure>.self)
                .pointee(receiver, arguments)
        }
        return try callDeclaredBody(receiver, arguments)
    }

    /// ``callBody(_:_:)`` when the innermost frame of the point carries no passed body: the declared body (recorded as
    /// the body of the innermost call of the point on this thread, if there is one); for a point that declares none,
    /// the body of the nearest frame that does not only record (the innermost frame records a traced call's before or
    /// after hooks, which reach an enclosing call's body, as without a tracer), or a stop.
    @inlinable @inline(never)
    func callDeclaredBody(_ receiver: Receiver, _ arguments: Arguments) throws(Failure) -> Result {
        if let declaredBody {
            _FrameStack.frame(of: ObjectIdentifier(owner))?.pointee.bodyRan = true
            return try declaredBody(receiver, arguments)
        }
        guard let frame = _FrameStack.frame(of: ObjectIdentifier(owner), reachingBody: true),
            let body = frame.pointee.body
        else {
            originalCalledOutsideItsCall()
        }
        frame.pointee.bodyRan = true
        return try body.assumingMemoryBound(to: _BodyBox<Receiver, Arguments, Result, Failure>.self)
            .pointee(receiver, arguments)
    }

    /// Stops the program: `original` was called with no call of its point running its overrides on this
    /// thread, so there is no body to call and no result to return.
    @usableFromInline
    func originalCalledOutsideItsCall() -> Never {
        fatalError(
            "HookKit: an override of '\(name)' called its `original` while no call of '\(name)' ran its "
                + "overrides on this thread (after the call returned, on another thread, or inside a call of another "
                + "point). Call `original` only while the override runs, on its thread, or declare the point's body "
                + "with HookPoint(_:body:) to call it at any time.")
    }
}
