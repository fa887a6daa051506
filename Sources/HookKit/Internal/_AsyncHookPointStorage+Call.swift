/// The hooked path of an async call.
///
/// A call reaches it after finding a published snapshot. It leases the snapshot (``_SnapshotLease``: a counted
/// reference, valid across suspensions), then runs the chain of its receiver in its caller's isolation: every
/// function and closure on this path is `nonisolated(nonsending)`, so no hook, override or body call switches
/// executors unless it is isolated elsewhere itself.
extension _AsyncHookPointStorage {
    /// Leases the published snapshot and runs the receiver's chain around `body`.
    ///
    /// Kept small for the common case (hooks for every receiver, no override, no tracer); the rest is in
    /// ``_runGeneral(_:_:_:_:bodyIsDeclared:)``, out of line.
    ///
    /// - Parameter bodyIsDeclared: Whether `body` is the point's declared body, which override chains end in without
    ///   a task-local binding.
    @inlinable @inline(never)
    nonisolated(nonsending) static func _invokeHooked<Body: _AsyncBody>(
        _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments, _ body: Body, bodyIsDeclared: Bool
    ) async throws(Failure) -> Result
    where Body.Receiver == Receiver, Body.Arguments == Arguments, Body.Result == Result, Body.Failure == Failure {
        guard let address = _SnapshotLease.acquire(cellAddress) else {
            return try await body.call(receiver, arguments)  // unpublished since the caller looked
        }
        // Owns the lease's reference: released when the call ends, on whatever thread it ends.
        let snapshot = Unmanaged<Snapshot>.fromOpaque(address).takeRetainedValue()
        guard _fastPath(snapshot.isSimple) else {
            return try await _runGeneral(snapshot, receiver, arguments, body, bodyIsDeclared: bodyIsDeclared)
        }
        let chain = snapshot.every
        await chain.runBefore(receiver, arguments)
        let result = try await body.call(receiver, arguments)
        await chain.runAfter(receiver, arguments, result)
        return result
    }

    /// Runs the chain of `receiver` in `snapshot`: the path for scoped hooks, overrides and tracing.
    @inlinable @inline(never)
    nonisolated(nonsending) static func _runGeneral<Body: _AsyncBody>(
        _ snapshot: Snapshot, _ receiver: Receiver, _ arguments: Arguments, _ body: Body, bodyIsDeclared: Bool
    ) async throws(Failure) -> Result
    where Body.Receiver == Receiver, Body.Arguments == Arguments, Body.Result == Result, Body.Failure == Failure {
        let chain = snapshot.chain(for: receiver)
        if _slowPath(snapshot.tracer != nil) {
            return try await _runTraced(
                snapshot, chain, receiver, arguments, bodyIsDeclared ? nil : body.implementation()
            ).get()
        }
        await chain.runBefore(receiver, arguments)
        let result: Result
        if let override = chain.override {
            if bodyIsDeclared {
                // The chain ends in the declared body: nothing to bind.
                result = try await override(receiver, arguments)
            } else {
                if _slowPath(snapshot.site.declaredBody != nil) {
                    snapshot.site.bodyPassedToPointWithDeclaredBody()
                }
                let invocation = Site.Invocation(body: body.implementation(), recorder: nil)
                result = try await snapshot.site.invocation.withValue(invocation) {
                    () async -> Swift.Result<Result, Failure> in
                    do throws(Failure) {
                        return .success(try await override(receiver, arguments))
                    } catch {
                        return .failure(error)
                    }
                }.get()
            }
        } else {
            result = try await body.call(receiver, arguments)
        }
        await chain.runAfter(receiver, arguments, result)
        return result
    }

    /// Runs a chain compiled for a tracer, with the call's recorder bound, then reports what ran.
    ///
    /// Not on the fast path: allocates the recorder and the event.
    @usableFromInline
    nonisolated(nonsending) static func _runTraced(
        _ snapshot: Snapshot, _ chain: Chain, _ receiver: Receiver, _ arguments: Arguments,
        _ body: Chain.Implementation?
    ) async -> Swift.Result<Result, Failure> {
        let site = snapshot.site
        let recorder = _AsyncTraceRecorder()
        let invocation = Site.Invocation(body: body, recorder: recorder)
        let outcome = await site.invocation.withValue(invocation) { () async -> Swift.Result<Result, Failure> in
            await chain.runBefore(receiver, arguments)
            let result: Result
            do throws(Failure) {
                if let override = chain.override {
                    result = try await override(receiver, arguments)
                } else {
                    recorder.markBodyRan()
                    if let body {
                        result = try await body(receiver, arguments)
                    } else {
                        result = try await site.declaredBody.unsafelyUnwrapped(receiver, arguments)
                    }
                }
            } catch {
                return .failure(error)
            }
            await chain.runAfter(receiver, arguments, result)
            return .success(result)
        }
        let threw: Bool
        if case .failure = outcome { threw = true } else { threw = false }
        let dynamicType = _ScopeIndex<Receiver, Chain>.dynamicType(of: receiver)
        snapshot.tracer.unsafelyUnwrapped.record(
            HookTraceEvent(
                pointName: site.name, receiverType: String(reflecting: dynamicType),
                receiver: dynamicType is AnyObject.Type ? ObjectIdentifier(receiver as AnyObject) : nil,
                hooks: recorder.ran, bodyRan: recorder.bodyRan, threw: threw))
        return outcome
    }
}
