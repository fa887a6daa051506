import _HookKitRuntime

/// The call path beyond the common case: scoped chains, overrides and tracing.
///
/// A call reaches it with its snapshot protected by its thread's hazard slot (see ``_SnapshotReclamation``);
/// nothing here touches memory that another thread writes.
extension _HookPointStorage {
    /// Runs the chain of `receiver` in `snapshot`, out of line from the common case.
    ///
    /// Handles scoped hooks, tracing, and override chains that must find this call's body in a frame.
    ///
    /// - Parameter bodyIsDeclared: Whether `body` is the point's declared body, which override chains reach
    ///   without a frame.
    @inlinable @inline(never)
    static func _runGeneral(
        _ cell: UnsafeMutablePointer<hk_point_cell>, _ snapshot: Snapshot, _ receiver: Receiver,
        _ arguments: Arguments, _ body: Body, bodyIsDeclared: Bool
    ) -> Swift.Result<Result, Failure> {
        let storage = Unmanaged<_HookPointStorage>.fromOpaque(cell.pointee.storage)
        guard !bodyIsDeclared && snapshot.needsFrames else {
            return storage._withUnsafeGuaranteedRef {
                $0._runGeneral(snapshot, receiver, arguments, body, frameBody: nil)
            }
        }
        if _slowPath(storage._withUnsafeGuaranteedRef { $0.hasDeclaredBody }) {
            storage._withUnsafeGuaranteedRef { $0.declaredBodyPassedAgain() }
        }
        // The one way Swift offers to keep a non-escaping closure's address for the duration of this call. Here,
        // on a parameter this function also calls directly (above), so that the optimizer specializes the function
        // for the method's body and the conversion needs no heap box.
        return withoutActuallyEscaping(body) { escapable in
            var box = _BodyBox(escapable)
            return _withUnprotectedUnsafePointer(to: &box) { frameBody in
                storage._withUnsafeGuaranteedRef {
                    $0._runGeneral(snapshot, receiver, arguments, escapable, frameBody: UnsafeRawPointer(frameBody))
                }
            }
        }
    }

    /// Runs the every-receiver hooks of `snapshot`, with `body` in a frame of the calling thread, where the override
    /// chain's innermost link (``makeBodyCall(owner:name:declaredBody:)``) finds it.
    ///
    /// The common overridden call of a point whose calls pass their body, without the scope look-up and tracing of
    /// ``_runGeneral(_:_:_:_:_:bodyIsDeclared:)``.
    @inlinable @inline(never)
    static func _runOverridePassingBody(
        _ cell: UnsafeMutablePointer<hk_point_cell>, _ snapshot: Snapshot, _ receiver: Receiver,
        _ arguments: Arguments, _ body: Body
    ) -> Swift.Result<Result, Failure> {
        let storage = Unmanaged<_HookPointStorage>.fromOpaque(cell.pointee.storage)
        if _slowPath(storage._withUnsafeGuaranteedRef { $0.hasDeclaredBody }) {
            storage._withUnsafeGuaranteedRef { $0.declaredBodyPassedAgain() }
        }
        guard _fastPath(snapshot.kind & Snapshot.everyWithOverride != 0) else {
            // Not reached for a snapshot of this kind. Calling `body` directly here also lets the optimizer
            // specialize this function for the method's body, so that the conversion below needs no heap box.
            return Swift.Result { () throws(Failure) -> Result in try body(receiver, arguments) }
        }
        snapshot.before?(receiver, arguments)
        // See `_runGeneral`: the one way to keep a non-escaping closure's address for the duration of this call.
        let outcome = withoutActuallyEscaping(body) { escapable in
            var box = _BodyBox(escapable)
            return _withUnprotectedUnsafePointer(to: &box) { boxPointer in
                storage._withUnsafeGuaranteedRef {
                    $0._withFrame(body: UnsafeRawPointer(boxPointer), recorder: nil) { _ in
                        Swift.Result { () throws(Failure) -> Result in
                            try snapshot.override.unsafelyUnwrapped(receiver, arguments)
                        }
                    }
                }
            }
        }
        if case .success(let result) = outcome {
            snapshot.after?(receiver, arguments, result)
        }
        return outcome
    }

    /// The chain of `receiver` in `snapshot`, run with the storage and the snapshot borrowed.
    ///
    /// Reads every closure it calls from borrowed objects, without copying it: a copy would retain the closure's
    /// context, an atomic write to memory that every thread calling the point shares.
    ///
    /// - Parameter frameBody: The address of a ``_BodyBox`` holding `body`, for override chains that reach the body
    ///   through the call's frame; `nil` when the body is the declared one.
    @inlinable @inline(__always)
    func _runGeneral(
        _ snapshot: Snapshot, _ receiver: Receiver, _ arguments: Arguments, _ body: Body,
        frameBody: UnsafeRawPointer?
    ) -> Swift.Result<Result, Failure> {
        if _slowPath(snapshot.isTraced) {
            return snapshot.chain(for: receiver)._withUnsafeGuaranteedRef { chain in
                _runTraced(chain, tracer: snapshot.tracer.unsafelyUnwrapped, receiver, arguments, body, frameBody)
            }
        }
        return snapshot.chain(for: receiver)._withUnsafeGuaranteedRef { chain in
            chain.before?(receiver, arguments)
            let outcome: Swift.Result<Result, Failure>
            if chain.hasOverride {
                if let frameBody {
                    outcome = _withFrame(body: frameBody, recorder: nil) { _ in
                        Swift.Result { () throws(Failure) -> Result in
                            try chain.override.unsafelyUnwrapped(receiver, arguments)
                        }
                    }
                } else {
                    // The chain ends in the declared body: nothing to publish.
                    outcome = Swift.Result { () throws(Failure) -> Result in
                        try chain.override.unsafelyUnwrapped(receiver, arguments)
                    }
                }
            } else {
                outcome = Swift.Result { () throws(Failure) -> Result in try body(receiver, arguments) }
            }
            if case .success(let result) = outcome {
                chain.after?(receiver, arguments, result)
            }
            return outcome
        }
    }

    /// Stops the program: a point that declares its body was called with another body.
    @usableFromInline
    func declaredBodyPassedAgain() -> Never {
        preconditionFailure(_Misuse.declaredBodyPassedAgain(to: name))
    }

    /// Pushes a frame for the duration of `operation`.
    ///
    /// - Parameter recordsOnly: Whether the frame only records hooks for `recorder` (a traced call's before and after
    ///   hooks, and its body when no override runs), so that `original` skips it for the body of an enclosing call.
    @inlinable
    func _withFrame<Value>(
        body: UnsafeRawPointer?, recorder: _TraceRecorder?, recordsOnly: Bool = false,
        _ operation: (UnsafeMutablePointer<_InvocationFrame>) -> Value
    ) -> Value {
        // Attached: the call protected its snapshot, which claims the thread's record first.
        let reader = hk_reader_peek().unsafelyUnwrapped
        assert(hk_reader_is_attached(reader), "HookKit: a frame pushed outside a protected call")
        var frame = _InvocationFrame(
            owner: ObjectIdentifier(frameKey), body: body, recorder: recorder, recordsOnly: recordsOnly)
        return _withUnprotectedUnsafeMutablePointer(to: &frame) { framePointer in
            framePointer.pointee.previous = reader.pointee.frame?.assumingMemoryBound(to: _InvocationFrame.self)
            reader.pointee.frame = UnsafeMutableRawPointer(framePointer)
            defer { reader.pointee.frame = UnsafeMutableRawPointer(framePointer.pointee.previous) }
            return operation(framePointer)
        }
    }

    /// Runs a chain compiled for a tracer, then reports what ran.
    ///
    /// Not on the fast path.
    @usableFromInline
    func _runTraced(
        _ chain: Chain, tracer: HookTracer, _ receiver: Receiver, _ arguments: Arguments, _ body: Body,
        _ frameBody: UnsafeRawPointer?
    ) -> Swift.Result<Result, Failure> {
        let recorder = _TraceRecorder()
        // The frames do not retain the recorder: this call keeps it alive until they are popped. The before and after
        // hooks (and the body, when no override runs) run in a frame that only records, so that an `original` called
        // from them reaches the body of an enclosing call of the point, as it does without a tracer; only the override
        // chain runs in a frame that carries the call's body.
        // (A declared body that a kept `original` runs from those hooks counts for this call, as from its overrides.)
        let outcome = withExtendedLifetime(recorder) { () -> Swift.Result<Result, Failure> in
            /// Runs `operation` in a frame of this call, carrying its body or only recording, and counts for the call
            /// a body that the frame saw run.
            func inFrame<Value>(carryingBody: Bool, _ operation: () -> Value) -> Value {
                _withFrame(body: carryingBody ? frameBody : nil, recorder: recorder, recordsOnly: !carryingBody) {
                    frame in
                    defer { recorder.bodyRan = recorder.bodyRan || frame.pointee.bodyRan }
                    return operation()
                }
            }
            inFrame(carryingBody: false) { chain.before?(receiver, arguments) }
            let outcome: Swift.Result<Result, Failure>
            if chain.hasOverride {
                outcome = inFrame(carryingBody: true) {
                    Swift.Result { () throws(Failure) -> Result in
                        try chain.override.unsafelyUnwrapped(receiver, arguments)
                    }
                }
            } else {
                // No override: the body runs outside a frame of its own too, as without a tracer.
                recorder.bodyRan = true
                outcome = inFrame(carryingBody: false) {
                    Swift.Result { () throws(Failure) -> Result in try body(receiver, arguments) }
                }
            }
            if case .success(let result) = outcome {
                inFrame(carryingBody: false) { chain.after?(receiver, arguments, result) }
            }
            return outcome
        }
        let threw: Bool
        if case .failure = outcome { threw = true } else { threw = false }
        let dynamicType = _ScopeIndex<Receiver, AnyObject>.dynamicType(of: receiver)
        tracer.record(
            HookTraceEvent(
                pointName: name, receiverType: String(reflecting: dynamicType),
                receiver: _ScopeIndex<Receiver, AnyObject>.objectIdentifier(of: receiver),
                hooks: recorder.ran,
                bodyRan: recorder.bodyRan, threw: threw))
        return outcome
    }
}
