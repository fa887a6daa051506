/// An immutable, published state of a hook point: its compiled chains, shared by every call
/// that protects it, and freed by ``_SnapshotReclamation`` once no call uses it.
@usableFromInline
final class _Snapshot<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Chain = _Chain<Receiver, Arguments, Result, Failure>

    /// `true` when every call runs ``every`` and ``every`` has no override: the call path then
    /// needs no chain lookup and no frame.
    @usableFromInline let isSimple: Bool
    /// The chain of receivers that match no scoped hook.
    @usableFromInline let every: Chain
    /// ``every``'s before hooks, repeated here so the simple path reads them with one load
    /// from a borrowed object (the optimizer retains a closure read through two objects).
    @usableFromInline let before: Chain.Before?
    /// ``every``'s after hooks, repeated here for the same reason.
    @usableFromInline let after: Chain.After?
    /// Chains of scoped receivers, or `nil` when there are no scoped hooks.
    @usableFromInline let scopes: _ScopeTable<Receiver, Arguments, Result, Failure>?
    /// The tracer the chains were compiled for, or `nil`.
    @usableFromInline let tracer: HookTracer?
    /// The version of the registrations this snapshot was compiled from.
    let version: UInt64

    init(
        every: Chain,
        scopes: _ScopeTable<Receiver, Arguments, Result, Failure>?,
        tracer: HookTracer?,
        version: UInt64
    ) {
        self.every = every
        self.before = every.before
        self.after = every.after
        self.scopes = scopes
        self.tracer = tracer
        self.isSimple = scopes == nil && tracer == nil && every.override == nil
        self.version = version
    }

    /// The chain a call on `receiver` runs.
    @inlinable
    func chain(for receiver: Receiver) -> Unmanaged<Chain> {
        if let scopes, let chain = scopes.chain(for: receiver) {
            return chain
        }
        return Unmanaged.passUnretained(every)
    }
}
