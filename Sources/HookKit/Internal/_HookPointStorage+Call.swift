import Synchronization

/// The call path: acquiring the published snapshot, running a chain, releasing the snapshot.
extension _HookPointStorage {
    /// Acquires the published snapshot, or returns `nil` when there is none (no hooks, or hooks switched off).
    ///
    /// Lock-free: one `fetch_add`. The caller (`invoke`) has just seen a snapshot published, so an empty word is
    /// rare here; counting an acquisition on an empty word is harmless, as the next publication replaces the whole
    /// word and the count of an empty word is never owed to anything.
    @inlinable @inline(__always)
    static func _acquire(_ cell: UnsafeMutablePointer<_PointCell>) -> UnsafeMutableRawPointer? {
        let word = cell.pointee.published.wrappingAdd(_SnapshotWord.one, ordering: .acquiring).oldValue
        guard let address = _SnapshotWord.address(of: word) else { return nil }
        if _slowPath(Int64(bitPattern: word) < 0) {
            _transfer(cell, from: address)
        }
        return address
    }

    /// Releases a snapshot acquired by ``_acquire()``, freeing it if it was retired and this
    /// was its last call.
    @inlinable @inline(__always)
    static func _release(_ address: UnsafeMutableRawPointer) {
        let snapshot = Unmanaged<Snapshot>.fromOpaque(address)
        let remaining = snapshot._withUnsafeGuaranteedRef {
            $0.references.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
        }
        if remaining == 0 {
            snapshot.release()
        }
    }

    /// Moves a chunk of the word's acquisition count into the snapshot's `references`, so the count never overflows.
    ///
    /// Credits first and debits second, so the total is never short; takes the credit back if the snapshot was replaced
    /// meanwhile.
    @usableFromInline
    static func _transfer(_ cell: UnsafeMutablePointer<_PointCell>, from address: UnsafeMutableRawPointer) {
        let snapshot = Unmanaged<Snapshot>.fromOpaque(address).takeUnretainedValue()
        let chunk = _SnapshotWord.transferChunk
        snapshot.references.wrappingAdd(Int(chunk), ordering: .acquiringAndReleasing)
        var word = cell.pointee.published.load(ordering: .acquiring)
        while _SnapshotWord.address(of: word) == address && _SnapshotWord.count(of: word) >= chunk {
            let (exchanged, original) = cell.pointee.published.compareExchange(
                expected: word, desired: word - chunk * _SnapshotWord.one, ordering: .acquiringAndReleasing)
            if exchanged { return }
            word = original
        }
        // Replaced, or another caller already moved the count: take the credit back. This call
        // still holds its own acquisition, so `references` cannot reach zero here.
        snapshot.references.wrappingSubtract(Int(chunk), ordering: .acquiringAndReleasing)
    }

    /// Runs the chain of `receiver` in `snapshot`: the path for scoped hooks, overrides and
    /// tracing, out of line from the common case.
    @inlinable @inline(never)
    static func _runGeneral(
        _ cell: UnsafeMutablePointer<_PointCell>, _ snapshot: Snapshot, _ receiver: Receiver,
        _ arguments: Arguments, _ body: Body
    ) -> Swift.Result<Result, Failure> {
        Unmanaged<_HookPointStorage>.fromOpaque(cell.pointee.storage)._withUnsafeGuaranteedRef {
            $0._runGeneral(snapshot, receiver, arguments, body)
        }
    }

    /// ``_runGeneral(_:_:_:_:_:)`` with the storage borrowed.
    @inlinable @inline(__always)
    func _runGeneral(
        _ snapshot: Snapshot, _ receiver: Receiver, _ arguments: Arguments, _ body: Body
    ) -> Swift.Result<Result, Failure> {
        let chain = snapshot.scopes?.chain(for: receiver) ?? Unmanaged.passUnretained(snapshot.every)
        return chain._withUnsafeGuaranteedRef { chain in
            if _slowPath(snapshot.tracer != nil) {
                return _runTraced(chain, tracer: snapshot.tracer.unsafelyUnwrapped, receiver, arguments, body)
            }
            if chain.override != nil {
                return _runWithOverride(chain, receiver, arguments, body)
            }
            chain.before?(receiver, arguments)
            let result: Result
            do throws(Failure) {
                result = try body(receiver, arguments)
            } catch {
                return .failure(error)
            }
            chain.after?(receiver, arguments, result)
            return .success(result)
        }
    }

    /// Runs a chain that has overrides: publishes the body in a frame for the innermost
    /// `original`, then runs before hooks, the override chain and after hooks.
    @inlinable @inline(__always)
    func _runWithOverride(
        _ chain: Chain, _ receiver: Receiver, _ arguments: Arguments, _ body: Body
    ) -> Swift.Result<Result, Failure> {
        chain.before?(receiver, arguments)
        let outcome = _withFrame(body, recorder: nil) { _ in
            Swift.Result { () throws(Failure) -> Result in
                try chain.override.unsafelyUnwrapped(receiver, arguments)
            }
        }
        if case .success(let result) = outcome {
            chain.after?(receiver, arguments, result)
        }
        return outcome
    }

    /// Runs `operation` with a frame on the calling thread that publishes this call's body (and
    /// trace recorder) to the innermost `original` of the override chain.
    @inlinable
    func _withFrame<Value>(
        _ body: Body, recorder: _TraceRecorder?, _ operation: (UnsafeMutablePointer<_InvocationFrame>) -> Value
    ) -> Value {
        withoutActuallyEscaping(body) { escapable in
            var box = _BodyBox(escapable)
            return withUnsafePointer(to: &box) { bodyPointer in
                var frame = _InvocationFrame(
                    owner: ObjectIdentifier(self), body: UnsafeRawPointer(bodyPointer), recorder: recorder)
                return withUnsafeMutablePointer(to: &frame) { framePointer in
                    let slot = _FrameStack.slot(frameKey)
                    framePointer.pointee.previous = slot.pointee
                    slot.pointee = framePointer
                    defer { slot.pointee = framePointer.pointee.previous }
                    return operation(framePointer)
                }
            }
        }
    }

    /// Runs a chain compiled for a tracer, then reports what ran.
    ///
    /// Not on the fast path.
    @usableFromInline
    func _runTraced(
        _ chain: Chain, tracer: HookTracer, _ receiver: Receiver, _ arguments: Arguments, _ body: Body
    ) -> Swift.Result<Result, Failure> {
        let recorder = _TraceRecorder()
        let outcome = _withFrame(body, recorder: recorder) { frame -> Swift.Result<Result, Failure> in
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
