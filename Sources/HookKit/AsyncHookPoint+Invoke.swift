import Synchronization
import _HookKitRuntime

/// Calling a hooked `async` method.
extension AsyncThrowingHookPoint {
    /// The signature of an implementation: the method's body, or an override.
    ///
    /// `nonisolated(nonsending)`: it runs in the isolation of its caller, so calling it never switches executors.
    public typealias Implementation =
        nonisolated(nonsending) @Sendable (Receiver, Arguments) async throws(Failure) -> Result

    /// What an override receives as `original`.
    public typealias Original = AsyncHookOriginal<Receiver, Arguments, Result, Failure>

    /// Runs the hooks and overrides that apply to `receiver` around `body`, the original implementation.
    ///
    /// ```swift
    /// func fetch(_ id: Int) async throws -> String {
    ///     try await Self.fetch.invoke(self, id) { client, id in try await client.load(id) }
    /// }
    /// ```
    ///
    /// The call runs in its caller's isolation, hooks and overrides included, and uses one consistent snapshot of
    /// the point's hooks from start to end, across its suspensions: a hook added or cancelled while it runs applies
    /// from the next call. It takes no lock. With an override, the body is bound to the call's task (a task-local
    /// value, on the task's own allocator), which is how `original` finds it after suspensions, on other threads and
    /// in child tasks.
    ///
    /// - Parameters:
    ///   - receiver: The object (or value) the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    ///   - body: The method's own implementation. It receives the receiver and the arguments (possibly changed by an
    ///     override), and should capture nothing: a closure that captures is allocated on every call.
    /// - Returns: The result of the override chain, or of `body` when there is no override.
    /// - Throws: What `body` or an override throws. After hooks do not run for a call that throws.
    @inlinable
    public nonisolated(nonsending) func invoke(
        _ receiver: Receiver, _ arguments: Arguments, _ body: @escaping Implementation
    ) async throws(Failure) -> Result {
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) {
            return try await body(receiver, arguments)  // never hooked
        }
        if hk_point_cell_published(UnsafeMutablePointer(bitPattern: cell).unsafelyUnwrapped) == 0 {
            return try await body(receiver, arguments)  // every hook cancelled, or hooks switched off
        }
        return try await _AsyncHookPointStorage._invokeHooked(
            cell, receiver, arguments, _AsyncBodyClosure(body), bodyIsDeclared: false)
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
    /// Available on points created with ``init(_:body:)``; calling it on a point without a declared body stops the
    /// program. Overrides reach the declared body without any per-call binding.
    ///
    /// - Parameters:
    ///   - receiver: The object (or value) the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    /// - Returns: The result of the override chain, or of the body when there is no override.
    /// - Throws: What the body or an override throws. After hooks do not run for a call that throws.
    @inlinable
    public nonisolated(nonsending) func invoke(
        _ receiver: Receiver, _ arguments: Arguments
    ) async throws(Failure) -> Result {
        guard let body = _declaredBody else {
            preconditionFailure("HookKit: '\(name)' was created without a body; pass one to invoke(_:_:_:)")
        }
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) {
            return try await body(receiver, arguments)  // never hooked
        }
        if hk_point_cell_published(UnsafeMutablePointer(bitPattern: cell).unsafelyUnwrapped) == 0 {
            return try await body(receiver, arguments)  // every hook cancelled, or hooks switched off
        }
        return try await _AsyncHookPointStorage._invokeHooked(
            cell, receiver, arguments, _AsyncBodyClosure(body), bodyIsDeclared: true)
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
    @inlinable
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
    @inlinable
    public nonisolated(nonsending) func invoke(
        _ receiver: Receiver,
        _ body: nonisolated(nonsending) @escaping @Sendable (Receiver) async throws(Failure) -> Result
    ) async throws(Failure) -> Result where Arguments == Void {
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) {
            return try await body(receiver)  // never hooked
        }
        if hk_point_cell_published(UnsafeMutablePointer(bitPattern: cell).unsafelyUnwrapped) == 0 {
            return try await body(receiver)  // every hook cancelled, or hooks switched off
        }
        return try await _AsyncHookPointStorage._invokeHooked(
            cell, receiver, (), _AsyncReceiverBodyClosure(body), bodyIsDeclared: false)
    }
}
