import _HookKitRuntime

/// The hooked path of an async call.
///
/// A call reaches it after finding a published snapshot, which it holds (``_SnapshotLease``: a hold counted in the
/// snapshot's per-thread stripes, valid across suspensions and ended on whatever thread the call returns) until it
/// returns. It then runs the chain of its receiver in its caller's
/// isolation: every function and closure on this path is `nonisolated(nonsending)` or takes the caller's isolation as
/// an `isolated` parameter, so no hook, override or body call switches executors unless it is isolated elsewhere
/// itself (an actor's body, isolated to its receiver).
///
/// The split between what `invoke` inlines and what is out of line is measured, not arbitrary. In Swift 6.3 an
/// async function that awaits several different things pays an executor switch (about 70 instructions) after an
/// inlined `nonisolated(nonsending)` body, while a call that awaits one out-of-line async function pays a frame from
/// the task allocator (about 130). So `invoke` inlines the unhooked path (the body) and the choice of path, takes the
/// hold with one synchronous call (``_lease(_:)``), and each path is one out-of-line function that awaits as little as
/// it can: ``_runSimple(_:_:_:_:_:)``, which awaits only the body (inlined into it) and reads the hooks from the
/// snapshot without retaining anything, and ``_runGeneral(_:_:_:_:_:bodyIsDeclared:)`` for everything else.
extension _AsyncHookPointStorage {
    /// The published snapshot of the cell at `cellAddress`, with a hold the caller must end with
    /// ``_endLease(_:_:)``; `nil` when none is published (any more).
    ///
    /// Synchronous and out of line: it reaches the thread's reader record, which an async function must not do
    /// itself (see ``_SnapshotLease/end(_:cellAddress:snapshot:)``).
    @inlinable @inline(never)
    static func _lease(_ cellAddress: UInt) -> Unmanaged<Snapshot>? {
        let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: cellAddress).unsafelyUnwrapped
        let entry = hk_reader_enter(cell)
        guard let address = UnsafeMutableRawPointer(bitPattern: entry.snapshot) else {
            return nil  // nothing published: `hk_reader_enter` took no slot
        }
        let snapshot = Unmanaged<Snapshot>.fromOpaque(address)
        hk_async_hold(snapshot._withUnsafeGuaranteedRef { $0.holds })
        if _slowPath(hk_reader_exit(cell, entry)) {
            _SnapshotReclamation.help()
        }
        return snapshot
    }

    /// Ends the hold that ``_lease(_:)`` took on `snapshot`, published by the cell at `cellAddress`; the caller must
    /// not use `snapshot` after.
    @inlinable @inline(__always)
    static func _endLease(_ snapshot: Unmanaged<Snapshot>, _ cellAddress: UInt) {
        _SnapshotLease.end(
            snapshot._withUnsafeGuaranteedRef { $0.holds }, cellAddress: cellAddress, snapshot: snapshot.toOpaque())
    }

    /// The common case, for a body that is a plain implementation (passed to `invoke`, or declared): synchronous hooks
    /// for every receiver, no override, no tracer.
    ///
    /// Takes the body closure itself, so that the optimizer specializes this function for the closure literal at each
    /// call site and inlines the body into it.
    @inlinable @inline(never)
    nonisolated(nonsending) static func _runSimple(
        _ snapshot: Unmanaged<Snapshot>, _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments,
        _ body: @escaping Chain.Implementation
    ) async throws(Failure) -> Result {
        defer { _endLease(snapshot, cellAddress) }
        snapshot._withUnsafeGuaranteedRef { $0.before?(receiver, arguments) }
        let result = try await body(receiver, arguments)
        snapshot._withUnsafeGuaranteedRef { $0.after?(receiver, arguments, result) }
        return result
    }

    /// The common case for a body of another shape (an actor's `isolated` body, a body without arguments).
    @inlinable @inline(never)
    nonisolated(nonsending) static func _runSimple<Body: _AsyncBody>(
        _ snapshot: Unmanaged<Snapshot>, _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments,
        _ body: Body
    ) async throws(Failure) -> Result
    where Body.Receiver == Receiver, Body.Arguments == Arguments, Body.Result == Result, Body.Failure == Failure {
        defer { _endLease(snapshot, cellAddress) }
        snapshot._withUnsafeGuaranteedRef { $0.before?(receiver, arguments) }
        let result = try await body.call(receiver, arguments)
        snapshot._withUnsafeGuaranteedRef { $0.after?(receiver, arguments, result) }
        return result
    }

    /// Runs the chain of `receiver` in `snapshot`: the path for async hooks, scoped hooks, overrides and tracing; or
    /// only the body when the point stopped publishing a snapshot between the call's two loads (`snapshot` is `nil`).
    ///
    /// - Parameter bodyIsDeclared: Whether `body` is the point's declared body, which override chains end in without
    ///   a task-local binding.
    @inlinable @inline(never)
    nonisolated(nonsending) static func _runGeneral<Body: _AsyncBody>(
        _ lease: Unmanaged<Snapshot>?, _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments, _ body: Body,
        bodyIsDeclared: Bool
    ) async throws(Failure) -> Result
    where Body.Receiver == Receiver, Body.Arguments == Arguments, Body.Result == Result, Body.Failure == Failure {
        guard let lease else {
            return try await body.call(receiver, arguments)
        }
        defer { _endLease(lease, cellAddress) }
        // A strong reference, balanced by the optimizer; the hold keeps the snapshot alive until the call returns.
        let snapshot = lease.takeUnretainedValue()
        let chain = snapshot.chain(for: receiver)
        if _slowPath(snapshot.tracer != nil) {
            // A tracer only observes: the misuse stops the program here too.
            if !bodyIsDeclared && chain.override != nil && snapshot.site.declaredBody != nil {
                snapshot.site.bodyPassedToPointWithDeclaredBody()
            }
            return try await _runTraced(
                snapshot, chain, receiver, arguments, bodyIsDeclared ? nil : body.implementation(),
                isolation: #isolation
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
                result = try await _runBound(
                    invocation, snapshot.site, override, receiver, arguments, isolation: #isolation
                ).get()
            }
        } else {
            result = try await body.call(receiver, arguments)
        }
        await chain.runAfter(receiver, arguments, result)
        return result
    }

    /// Runs `override` with `invocation` bound to the task, in the caller's isolation.
    ///
    /// An explicit `isolated` parameter rather than `nonisolated(nonsending)`: in Swift 6.3 the closure a
    /// `nonisolated(nonsending)` function passes to `TaskLocal.withValue` runs on the global executor, while a closure
    /// that captures an `isolated` parameter runs in its isolation.
    @inlinable
    static func _runBound(
        _ invocation: Site.Invocation, _ site: Site, _ override: Chain.Implementation, _ receiver: Receiver,
        _ arguments: Arguments, isolation: isolated (any Actor)?
    ) async -> Swift.Result<Result, Failure> {
        await site.invocation.withValue(invocation) { () async -> Swift.Result<Result, Failure> in
            _ = isolation  // keeps the closure in the caller's isolation
            do throws(Failure) {
                return .success(try await override(receiver, arguments))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs a chain compiled for a tracer, with the call's recorder bound, then reports what ran.
    ///
    /// Not on the fast path: allocates the recorder and the event. Takes its isolation explicitly for the reason given
    /// in ``_runBound(_:_:_:_:_:isolation:)``.
    @usableFromInline
    static func _runTraced(
        _ snapshot: Snapshot, _ chain: Chain, _ receiver: Receiver, _ arguments: Arguments,
        _ body: Chain.Implementation?, isolation: isolated (any Actor)?
    ) async -> Swift.Result<Result, Failure> {
        let site = snapshot.site
        let recorder = _AsyncTraceRecorder()
        let invocation = Site.Invocation(body: body, recorder: recorder)
        // The before and after hooks (and the body, when no override runs) are recorded, but run outside the binding of
        // a passed body, as without a tracer: an `original` called from them reaches what it reached before the call
        // began. (A declared body that a kept `original` runs from them counts for this call, as from its overrides.)
        let hooks =
            body == nil ? invocation : Site.Invocation(recordingIn: recorder, around: site.invocation.get())
        await site.invocation.withValue(hooks) { () async in
            _ = isolation  // keeps the closure in the caller's isolation
            await chain.runBefore(receiver, arguments)
        }
        let outcome: Swift.Result<Result, Failure>
        if let override = chain.override {
            outcome = await site.invocation.withValue(invocation) { () async -> Swift.Result<Result, Failure> in
                _ = isolation  // keeps the closure in the caller's isolation
                do throws(Failure) {
                    return .success(try await override(receiver, arguments))
                } catch {
                    return .failure(error)
                }
            }
        } else {
            // No override: the body runs outside the binding of the call's body too, as without a tracer.
            recorder.markBodyRan()
            outcome = await site.invocation.withValue(hooks) { () async -> Swift.Result<Result, Failure> in
                _ = isolation  // keeps the closure in the caller's isolation
                do throws(Failure) {
                    if let body {
                        return .success(try await body(receiver, arguments))
                    }
                    return .success(try await site.declaredBody.unsafelyUnwrapped(receiver, arguments))
                } catch {
                    return .failure(error)
                }
            }
        }
        if case .success(let result) = outcome {
            await site.invocation.withValue(hooks) { () async in
                _ = isolation  // keeps the closure in the caller's isolation
                await chain.runAfter(receiver, arguments, result)
            }
        }
        let threw: Bool
        if case .failure = outcome { threw = true } else { threw = false }
        let dynamicType = _ScopeIndex<Receiver, Chain>.dynamicType(of: receiver)
        snapshot.tracer.unsafelyUnwrapped.record(
            HookTraceEvent(
                pointName: site.name, receiverType: String(reflecting: dynamicType),
                receiver: _ScopeIndex<Receiver, AnyObject>.objectIdentifier(of: receiver),
                hooks: recorder.ran, bodyRan: recorder.bodyRan, threw: threw))
        return outcome
    }
}
