import _HookKitRuntime

/// The call path beyond the common case: scoped chains, overrides and tracing.
///
/// A call reaches it with its snapshot protected by its thread's hazard slot (see ``_SnapshotReclamation``);
/// nothing here touches memory that another thread writes.
extension _HookPointStorage {
    /// Runs the chain of `receiver` in `snapshot`: the path for scoped hooks, overrides and
    /// tracing, out of line from the common case.
    ///
    /// - Parameter bodyIsDeclared: Whether `body` is the point's declared body (called with
    ///   ``ThrowingHookPoint/invoke(_:_:)``), which override chains reach without a frame.
    @inlinable @inline(never)
    static func _runGeneral(
        _ cell: UnsafeMutablePointer<hk_point_cell>, _ snapshot: Snapshot, _ receiver: Receiver,
        _ arguments: Arguments, _ body: Body, bodyIsDeclared: Bool
    ) -> Swift.Result<Result, Failure> {
        let reader = hk_reader_current().unsafelyUnwrapped  // attached: the call protected its snapshot
        return Unmanaged<_HookPointStorage>.fromOpaque(cell.pointee.storage)._withUnsafeGuaranteedRef {
            $0._runGeneral(reader, snapshot, receiver, arguments, body, bodyIsDeclared: bodyIsDeclared)
        }
    }

    /// ``_runGeneral(_:_:_:_:_:bodyIsDeclared:)`` with the storage borrowed.
    @inlinable @inline(__always)
    func _runGeneral(
        _ reader: UnsafeMutablePointer<hk_reader>, _ snapshot: Snapshot, _ receiver: Receiver,
        _ arguments: Arguments, _ body: Body, bodyIsDeclared: Bool
    ) -> Swift.Result<Result, Failure> {
        let chain = snapshot.scopes?.chain(for: receiver) ?? Unmanaged.passUnretained(snapshot.every)
        return chain._withUnsafeGuaranteedRef { chain in
            if _slowPath(snapshot.tracer != nil) {
                return _runTraced(
                    chain, tracer: snapshot.tracer.unsafelyUnwrapped, reader, receiver, arguments, body,
                    bodyIsDeclared: bodyIsDeclared)
            }
            chain.before?(receiver, arguments)
            let outcome: Swift.Result<Result, Failure>
            if let override = chain.override {
                if bodyIsDeclared {
                    // The chain ends in the declared body: nothing to publish.
                    outcome = Swift.Result { () throws(Failure) -> Result in try override(receiver, arguments) }
                } else {
                    outcome = _runWithFrame(reader, body) { _ in
                        Swift.Result { () throws(Failure) -> Result in try override(receiver, arguments) }
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

    /// Runs `operation` with a frame on the calling thread that publishes the body this call was passed to the
    /// innermost `original` of the override chain.
    @inlinable
    func _runWithFrame<Value>(
        _ reader: UnsafeMutablePointer<hk_reader>, _ body: Body,
        recorder: _TraceRecorder? = nil, _ operation: (UnsafeMutablePointer<_InvocationFrame>) -> Value
    ) -> Value {
        if _slowPath(declaredBody != nil) {
            preconditionFailure(
                "HookKit: '\(name)' declares its body; call it with invoke(_:_:), without passing another body")
        }
        // The one way Swift offers to keep a non-escaping closure's address for the duration of this call.
        return withoutActuallyEscaping(body) { escapable in
            var box = _BodyBox(escapable)
            return withUnsafePointer(to: &box) { bodyPointer in
                _withFrame(reader, body: UnsafeRawPointer(bodyPointer), recorder: recorder, operation)
            }
        }
    }

    /// Pushes a frame for the duration of `operation`.
    @inlinable
    func _withFrame<Value>(
        _ reader: UnsafeMutablePointer<hk_reader>, body: UnsafeRawPointer?, recorder: _TraceRecorder?,
        _ operation: (UnsafeMutablePointer<_InvocationFrame>) -> Value
    ) -> Value {
        var frame = _InvocationFrame(owner: ObjectIdentifier(self), body: body, recorder: recorder)
        return withUnsafeMutablePointer(to: &frame) { framePointer in
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
        _ chain: Chain, tracer: HookTracer, _ reader: UnsafeMutablePointer<hk_reader>, _ receiver: Receiver,
        _ arguments: Arguments, _ body: Body, bodyIsDeclared: Bool
    ) -> Swift.Result<Result, Failure> {
        let recorder = _TraceRecorder()
        func run(_ frame: UnsafeMutablePointer<_InvocationFrame>) -> Swift.Result<Result, Failure> {
            defer { recorder.bodyRan = frame.pointee.bodyRan }
            chain.before?(receiver, arguments)
            let result: Result
            do throws(Failure) {
                if let override = chain.override {
                    result = try override(receiver, arguments)
                } else {
                    frame.pointee.bodyRan = true
                    result = try body(receiver, arguments)
                }
            } catch {
                return .failure(error)
            }
            chain.after?(receiver, arguments, result)
            return .success(result)
        }
        let outcome =
            bodyIsDeclared
            ? _withFrame(reader, body: nil, recorder: recorder, run)
            : _runWithFrame(reader, body, recorder: recorder, run)
        let threw: Bool
        if case .failure = outcome { threw = true } else { threw = false }
        let dynamicType = _ScopeTable<Receiver, Arguments, Result, Failure>.dynamicType(of: receiver)
        tracer.record(
            HookTraceEvent(
                pointName: name, receiverType: String(reflecting: dynamicType),
                receiver: dynamicType is AnyObject.Type ? ObjectIdentifier(receiver as AnyObject) : nil,
                hooks: recorder.ran,
                bodyRan: recorder.bodyRan, threw: threw))
        return outcome
    }
}
