import Synchronization

/// Calling a hooked `async` method.
extension AsyncThrowingHookPoint {
    /// The signature of an implementation: the method's body, or an override.
    ///
    /// `nonisolated(nonsending)`: it runs in the isolation of its caller, so calling it never switches executors.
    /// Write it without a capture list: Swift 6.3 infers an async closure that has one as `@concurrent`, which runs
    /// off the caller's actor; a function or a stored closure passed as one must be `nonisolated(nonsending)` too
    /// (declared so, or stored with this type; see <doc:AsyncMethodsAndActors>).
    public typealias Implementation =
        nonisolated(nonsending) @Sendable (Receiver, Arguments) async throws(Failure) -> Result

    /// What an override receives as `original`.
    public typealias Original = AsyncHookOriginal<Receiver, Arguments, Result, Failure>

    /// The signature of the body of a method without arguments (`Arguments == Void`): it receives the receiver only.
    public typealias ReceiverImplementation =
        nonisolated(nonsending) @Sendable (Receiver) async throws(Failure) -> Result

    /// Runs the hooks and overrides that apply to `receiver` around `body`, the original implementation.
    ///
    /// ```swift
    /// func fetch(_ id: Int) async throws -> String {
    ///     try await Self.fetch.invoke(self, id) { client, id in try await client.load(id) }
    /// }
    /// ```
    ///
    /// The call runs in its caller's isolation, hooks and overrides included (an actor's point called with an
    /// `isolated` body runs isolated to the receiver instead), and uses one consistent snapshot of the point's hooks
    /// from start to end, across its suspensions: a hook added or cancelled while it runs applies from the next call.
    /// It takes no lock, except that a `once` hook that fires removes itself under the point's lock, as
    /// ``HookToken/cancel()`` does (and a call that finds replaced snapshots waiting frees them under a lock it only
    /// tries, never waiting for it). With an override, the body is bound to the call's task (a task-local value, on the
    /// task's own allocator), which is how `original` finds it after suspensions, on other threads and in child tasks.
    ///
    /// - Parameters:
    ///   - receiver: The object (or value) the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    ///   - body: The method's own implementation. It receives the receiver and the arguments (possibly changed by an
    ///     override), and should capture nothing: a closure that captures is allocated on every call.
    /// - Returns: The result of the override chain, or of `body` when there is no override.
    /// - Throws: What `body` or an override throws. After hooks do not run for a call that throws.
    @inlinable @inline(__always)
    public nonisolated(nonsending) func invoke(
        _ receiver: Receiver, _ arguments: Arguments, _ body: @escaping Implementation
    ) async throws(Failure) -> Result {
        // Checked in debug builds only: an optimized call pays nothing for it (see ``init(_:body:)``).
        assert(_declaredBody == nil, _Misuse.declaredBodyPassedAgain(to: name))
        return try await _invoke(receiver, arguments, body, bodyIsDeclared: false)
    }

    /// Runs the hooks and overrides that apply to `receiver` around the body declared with the point.
    ///
    /// ```swift
    /// static let fetch = AsyncThrowingHookPoint<Client, Int, String, any Error>("Client.fetch") { client, id in
    ///     try await client.load(id)
    /// }
    ///
    /// func fetch(_ id: Int) async throws -> String {
    ///     try await Self.fetch.invoke(self, id)
    /// }
    /// ```
    ///
    /// Available on points created with ``init(_:body:)-(_,Implementation)``; calling it on a point without a declared
    /// body stops the program. Overrides reach the declared body without any per-call binding.
    ///
    /// - Parameters:
    ///   - receiver: The object (or value) the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    /// - Returns: The result of the override chain, or of the body when there is no override.
    /// - Throws: What the body or an override throws. After hooks do not run for a call that throws.
    @inlinable @inline(__always)
    public nonisolated(nonsending) func invoke(
        _ receiver: Receiver, _ arguments: Arguments
    ) async throws(Failure) -> Result {
        guard let body = _declaredBody else {
            preconditionFailure(_Misuse.bodyNotDeclared(in: name))
        }
        return try await _invoke(receiver, arguments, body, bodyIsDeclared: true)
    }

    /// Runs the hooks and overrides that apply to `receiver` around the body declared with the point, for a method
    /// without arguments.
    ///
    /// ```swift
    /// static let sync = AsyncHookPoint<Mailbox, Void, Int>("Mailbox.sync") { mailbox, _ in await mailbox.pull() }
    ///
    /// func sync() async -> Int {
    ///     await Self.sync.invoke(self)
    /// }
    /// ```
    @inlinable @inline(__always)
    public nonisolated(nonsending) func invoke(_ receiver: Receiver) async throws(Failure) -> Result
    where Arguments == Void {
        try await invoke(receiver, ())
    }

    /// Runs the hooks and overrides that apply to `receiver` around `body`, for a method without arguments.
    ///
    /// ```swift
    /// static let sync = AsyncHookPoint<Mailbox, Void, Int>("Mailbox.sync")
    ///
    /// func sync() async -> Int {
    ///     await Self.sync.invoke(self) { mailbox in await mailbox.pull() }
    /// }
    /// ```
    @inlinable @inline(__always)
    public nonisolated(nonsending) func invoke(
        _ receiver: Receiver, _ body: @escaping ReceiverImplementation
    ) async throws(Failure) -> Result where Arguments == Void {
        try await _invoke(receiver, (), _AsyncReceiverBodyClosure(body))
    }

    /// The call path of ``invoke(_:_:_:)-(_,_,Implementation)`` and ``invoke(_:_:)-(_,Arguments)``, inlined into the
    /// hooked method: the unhooked path (one load and a branch, or two loads once the point has had hooks), else a
    /// hold on the published snapshot and the choice between the common case and the general one (see
    /// ``_AsyncHookPointStorage``'s call path).
    @inlinable @inline(__always)
    nonisolated(nonsending) func _invoke(
        _ receiver: Receiver, _ arguments: Arguments, _ body: @escaping Implementation, bodyIsDeclared: Bool
    ) async throws(Failure) -> Result {
        typealias Storage = _AsyncHookPointStorage<Receiver, Arguments, Result, Failure>
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) || Self._publishesNothing(cell) {
            return try await body(receiver, arguments)
        }
        let snapshot = Storage._lease(cell)
        if let snapshot, _fastPath(snapshot._withUnsafeGuaranteedRef { $0.isSimple }) {
            return try await Storage._runSimple(snapshot, cell, receiver, arguments, body)
        }
        return try await Storage._runGeneral(
            snapshot, cell, receiver, arguments, _AsyncBodyClosure(body), bodyIsDeclared: bodyIsDeclared)
    }

    /// ``_invoke(_:_:_:bodyIsDeclared:)`` for a body of another shape (an actor's `isolated` body, a body without
    /// arguments), passed to `invoke`.
    @inlinable @inline(__always)
    nonisolated(nonsending) func _invoke<Body: _AsyncBody>(
        _ receiver: Receiver, _ arguments: Arguments, _ body: Body
    ) async throws(Failure) -> Result
    where Body.Receiver == Receiver, Body.Arguments == Arguments, Body.Result == Result, Body.Failure == Failure {
        // Checked in debug builds only, as in ``invoke(_:_:_:)-(_,_,Implementation)``.
        assert(_declaredBody == nil, _Misuse.declaredBodyPassedAgain(to: name))
        typealias Storage = _AsyncHookPointStorage<Receiver, Arguments, Result, Failure>
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) || Self._publishesNothing(cell) {
            return try await body.call(receiver, arguments)
        }
        let snapshot = Storage._lease(cell)
        if let snapshot, _fastPath(snapshot._withUnsafeGuaranteedRef { $0.isSimple }) {
            return try await Storage._runSimple(snapshot, cell, receiver, arguments, body)
        }
        return try await Storage._runGeneral(snapshot, cell, receiver, arguments, body, bodyIsDeclared: false)
    }
}
