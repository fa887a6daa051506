import Synchronization
import _HookKitRuntime

/// Calling a hooked method.
extension ThrowingHookPoint {
    /// The signature of an implementation: the method's body, or an override.
    public typealias Implementation = @Sendable (Receiver, Arguments) throws(Failure) -> Result

    /// What an override receives as `original`.
    public typealias Original = HookOriginal<Receiver, Arguments, Result, Failure>

    /// Runs the hooks and overrides that apply to `receiver` around `body`, the original
    /// implementation.
    ///
    /// ```swift
    /// func submit(_ order: Order) -> Receipt {
    ///     Self.submit.invoke(self, order) { this, order in this.charge(order) }
    /// }
    /// ```
    ///
    /// The call uses one consistent snapshot of the point's hooks: a hook added or cancelled while it runs applies from
    /// the next call. It allocates nothing and takes no lock, except that a `once` hook that fires removes itself under
    /// the point's lock, as ``HookToken/cancel()`` does (and a call that finds replaced snapshots waiting frees them
    /// under a lock it only tries, never waiting for it).
    ///
    /// - Parameters:
    ///   - receiver: The object (or value) the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    ///   - body: The method's own implementation. It receives the receiver and the arguments
    ///     (possibly changed by an override) and should not capture `self`.
    /// - Returns: The result of the override chain, or of `body` when there is no override.
    /// - Throws: What `body` or an override throws. After hooks do not run for a call that throws.
    @inlinable
    public func invoke(
        _ receiver: Receiver, _ arguments: Arguments, _ body: (Receiver, Arguments) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Checked in debug builds only: an optimized call pays nothing for it (see ``init(_:body:)``).
        assert(_declaredBody == nil, _Misuse.declaredBodyPassedAgain(to: name))
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) {
            return try body(receiver, arguments)  // never hooked
        }
        if hk_point_cell_published(UnsafeMutablePointer(bitPattern: cell).unsafelyUnwrapped) == 0 {
            return try body(receiver, arguments)  // every hook cancelled, or hooks switched off
        }
        switch Self._invokeHooked(cell, receiver, arguments, body) {
        case .success(let result): return result
        case .failure(let error): throw error
        }
    }

    /// Runs the hooks and overrides that apply to `receiver` around the body declared with the point.
    ///
    /// ```swift
    /// static let submit = HookPoint<Checkout, Order, Receipt>("Checkout.submit") { checkout, order in
    ///     checkout.charge(order)
    /// }
    ///
    /// func submit(_ order: Order) -> Receipt {
    ///     Self.submit.invoke(self, order)
    /// }
    /// ```
    ///
    /// Available on points created with ``init(_:body:)``; calling it on a point without a declared body stops the
    /// program. The call uses one consistent snapshot of the point's hooks and allocates nothing; it takes no lock but
    /// where ``invoke(_:_:_:)`` does.
    ///
    /// - Parameters:
    ///   - receiver: The object (or value) the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    /// - Returns: The result of the override chain, or of the body when there is no override.
    /// - Throws: What the body or an override throws. After hooks do not run for a call that throws.
    @inlinable @inline(__always)
    public func invoke(_ receiver: Receiver, _ arguments: Arguments) throws(Failure) -> Result {
        if case .none = _declaredBody {
            _bodyNotDeclared()
        }
        // The body is called where it is stored, never copied: a copy would retain its context, an atomic write to
        // memory that every thread calling the method shares.
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) {
            return try _declaredBody.unsafelyUnwrapped(receiver, arguments)  // never hooked
        }
        if hk_point_cell_published(UnsafeMutablePointer(bitPattern: cell).unsafelyUnwrapped) == 0 {
            return try _declaredBody.unsafelyUnwrapped(receiver, arguments)  // every hook cancelled, or switched off
        }
        switch Self._invokeHookedDeclared(
            cell, receiver, arguments, _declaredBody.unsafelyUnwrapped, bodyIsDeclared: true)
        {
        case .success(let result): return result
        case .failure(let error): throw error
        }
    }

    /// Runs the hooks and overrides that apply to `receiver` around the body declared with the point, for a method
    /// without arguments.
    ///
    /// ```swift
    /// static let refresh = HookPoint<Feed, Void, Int>("Feed.refresh") { feed, _ in feed.reload() }
    ///
    /// func refresh() -> Int {
    ///     Self.refresh.invoke(self)
    /// }
    /// ```
    @inlinable
    public func invoke(_ receiver: Receiver) throws(Failure) -> Result where Arguments == Void {
        try invoke(receiver, ())
    }

    /// Runs the hooks and overrides that apply to `receiver` around `body`, for a method without
    /// arguments.
    ///
    /// ```swift
    /// static let refresh = HookPoint<Feed, Void, Int>("Feed.refresh")
    ///
    /// func refresh() -> Int {
    ///     Self.refresh.invoke(self) { this in this.reload() }
    /// }
    /// ```
    @inlinable
    public func invoke(
        _ receiver: Receiver, _ body: (Receiver) throws(Failure) -> Result
    ) throws(Failure) -> Result where Arguments == Void {
        try invoke(receiver, ()) { (receiver, _) throws(Failure) -> Result in try body(receiver) }
    }

    /// Stops the program: ``invoke(_:_:)`` was called on a point created without a body.
    ///
    /// Out of line, so that the message's formatting does not keep `invoke` from being inlined into the method.
    @usableFromInline @inline(never)
    func _bodyNotDeclared() -> Never {
        preconditionFailure(_Misuse.bodyNotDeclared(in: name))
    }

    /// The hooked path: protect the published snapshot, run the receiver's chain, leave.
    ///
    /// Runs the two common shapes itself: hooks for every receiver without an override, and with overrides on a
    /// point that declares its body (overrides alone are one closure call: the chain ends in the body). The rest is
    /// out of line, in ``_HookPointStorage/_runGeneral(_:_:_:_:_:bodyIsDeclared:)``. Writes only the calling thread's
    /// reader record (see ``_SnapshotReclamation``) and retains nothing.
    @inlinable @inline(never)
    static func _invokeHooked(
        _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments,
        _ body: (Receiver, Arguments) throws(Failure) -> Result
    ) -> Swift.Result<Result, Failure> {
        _runHooked(cellAddress, receiver, arguments, body, bodyIsDeclared: false)
    }

    /// ``_invokeHooked(_:_:_:_:)`` for a point that declares its body (`bodyIsDeclared` is always true).
    ///
    /// A function of its own, so that the far more common call that passes its body carries no flag (before-1: 98
    /// instructions instead of 102). The flag stays an argument here: with `true` folded in, the optimizer retains the
    /// override closure around its call (override-1-declared: 148 instructions instead of 137).
    @inlinable @inline(never)
    static func _invokeHookedDeclared(
        _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments,
        _ body: (Receiver, Arguments) throws(Failure) -> Result, bodyIsDeclared: Bool
    ) -> Swift.Result<Result, Failure> {
        _runHooked(cellAddress, receiver, arguments, body, bodyIsDeclared: bodyIsDeclared)
    }

    /// The body of ``_invokeHooked(_:_:_:_:)`` and ``_invokeHookedDeclared(_:_:_:_:bodyIsDeclared:)``: transparent,
    /// so that each is compiled as if it were written there (with `@inline(__always)` the declared one retained its
    /// override closure).
    @_transparent @usableFromInline
    static func _runHooked(
        _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments,
        _ body: (Receiver, Arguments) throws(Failure) -> Result, bodyIsDeclared: Bool
    ) -> Swift.Result<Result, Failure> {
        typealias Storage = _HookPointStorage<Receiver, Arguments, Result, Failure>
        let cell = UnsafeMutablePointer<hk_point_cell>(bitPattern: cellAddress).unsafelyUnwrapped
        let entry = hk_reader_enter(cell)
        guard let address = UnsafeRawPointer(bitPattern: entry.snapshot) else {
            return Swift.Result { () throws(Failure) -> Result in try body(receiver, arguments) }
        }
        // Protected by the thread's hazard slot until `hk_reader_exit`: borrowed, never retained.
        let outcome = Unmanaged<Storage.Snapshot>.fromOpaque(address)._withUnsafeGuaranteedRef {
            snapshot -> Swift.Result<Result, Failure> in
            let kind = snapshot.kind
            if _fastPath(kind == Storage.Snapshot.simple) {
                snapshot.before?(receiver, arguments)
                let result: Result
                do throws(Failure) {
                    result = try body(receiver, arguments)
                } catch {
                    return .failure(error)
                }
                snapshot.after?(receiver, arguments, result)
                return .success(result)
            }
            if kind == Storage.Snapshot.overrideOnly && bodyIsDeclared {
                // The override chain ends in the declared body, and no hook runs around it.
                do throws(Failure) {
                    return .success(try snapshot.override.unsafelyUnwrapped(receiver, arguments))
                } catch {
                    return .failure(error)
                }
            }
            if kind & Storage.Snapshot.everyWithOverride != 0 {
                if !bodyIsDeclared {
                    return Storage._runOverridePassingBody(cell, snapshot, receiver, arguments, body)
                }
                snapshot.before?(receiver, arguments)
                let result: Result
                do throws(Failure) {
                    // The override chain ends in the declared body: nothing to publish.
                    result = try snapshot.override.unsafelyUnwrapped(receiver, arguments)
                } catch {
                    return .failure(error)
                }
                snapshot.after?(receiver, arguments, result)
                return .success(result)
            }
            return Storage._runGeneral(cell, snapshot, receiver, arguments, body, bodyIsDeclared: bodyIsDeclared)
        }
        if _slowPath(hk_reader_exit(cell, entry)) {
            _SnapshotReclamation.help()
        }
        return outcome
    }
}
