import Synchronization

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
    /// The call uses one consistent snapshot of the point's hooks: a hook added or cancelled
    /// while it runs applies from the next call. It takes no lock and allocates nothing.
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
        let cell = _cell.load(ordering: .acquiring)
        if _fastPath(cell == 0) {
            return try body(receiver, arguments)  // never hooked
        }
        if UnsafeMutablePointer<_PointCell>(bitPattern: cell).unsafelyUnwrapped.pointee.published
            .load(ordering: .relaxed) & _SnapshotWord.addressMask == 0
        {
            return try body(receiver, arguments)  // every hook cancelled, or hooks switched off
        }
        switch Self._invokeHooked(cell, receiver, arguments, body) {
        case .success(let result): return result
        case .failure(let error): throw error
        }
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

    /// The hooked path: acquire the published snapshot, run the receiver's chain, release.
    ///
    /// Kept small for the common case (hooks for every receiver, no override, no tracer); the
    /// rest is in ``_HookPointStorage/_runGeneral(_:_:_:_:)``, out of line.
    @inlinable @inline(never)
    static func _invokeHooked(
        _ cellAddress: UInt, _ receiver: Receiver, _ arguments: Arguments,
        _ body: (Receiver, Arguments) throws(Failure) -> Result
    ) -> Swift.Result<Result, Failure> {
        typealias Storage = _HookPointStorage<Receiver, Arguments, Result, Failure>
        let cell = UnsafeMutablePointer<_PointCell>(bitPattern: cellAddress).unsafelyUnwrapped
        guard let address = Storage._acquire(cell) else {
            return Swift.Result { () throws(Failure) -> Result in try body(receiver, arguments) }
        }
        let outcome = Unmanaged<Storage.Snapshot>.fromOpaque(address)._withUnsafeGuaranteedRef {
            snapshot -> Swift.Result<Result, Failure> in
            guard _fastPath(snapshot.isSimple) else {
                return Storage._runGeneral(cell, snapshot, receiver, arguments, body)
            }
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
        Storage._release(address)
        return outcome
    }
}
