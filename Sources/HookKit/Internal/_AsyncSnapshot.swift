import _HookKitRuntime

/// An immutable, published state of an async point: its compiled chains, shared by every call that holds it.
///
/// Published and retired exactly as a synchronous ``_Snapshot`` is; an async call keeps it alive across its
/// suspensions with a hold counted in ``holds`` (see ``_SnapshotLease``), which writers read before they free it.
@usableFromInline
final class _AsyncSnapshot<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Chain = _AsyncChain<Receiver, Arguments, Result, Failure>

    /// `true` when every call runs ``every``, and ``every`` has no override and no `async` hook: the call then needs no
    /// chain lookup, binds nothing and awaits nothing but the body.
    @usableFromInline let isSimple: Bool
    /// The chain of receivers that match no scoped hook.
    @usableFromInline let every: Chain
    /// ``every``'s synchronous before hooks, repeated here so that the simple path reads them with one load from a
    /// borrowed object (the optimizer retains a closure read through two objects).
    @usableFromInline let before: Chain.Before?
    /// ``every``'s synchronous after hooks, repeated here.
    @usableFromInline let after: Chain.After?
    /// Chains of scoped receivers, or `nil` when there are no scoped hooks.
    @usableFromInline let scopes: _ScopeIndex<Receiver, Chain>?
    /// The tracer the chains were compiled for, or `nil`.
    @usableFromInline let tracer: HookTracer?
    /// The point's name, declared body and task-local key.
    @usableFromInline let site: _AsyncCallSite<Receiver, Arguments, Result, Failure>
    /// The version of the registrations this snapshot was compiled from.
    let version: UInt64
    /// How many async calls hold the snapshot, counted in per-thread stripes (see ``_SnapshotLease``).
    @usableFromInline let holds: UnsafeMutablePointer<hk_async_stripe>

    init(
        every: Chain, scopes: _ScopeIndex<Receiver, Chain>?, tracer: HookTracer?,
        site: _AsyncCallSite<Receiver, Arguments, Result, Failure>, version: UInt64
    ) {
        self.every = every
        (self.before, self.after) = (every.before, every.after)
        self.scopes = scopes
        self.tracer = tracer
        self.site = site
        self.isSimple =
            scopes == nil && tracer == nil && every.override == nil && every.asyncBefore == nil
            && every.asyncAfter == nil
        self.version = version
        self.holds = hk_async_holds_create()
    }

    deinit {
        hk_async_holds_destroy(holds)
    }

    /// The chain a call on `receiver` runs.
    @inlinable
    func chain(for receiver: Receiver) -> Chain {
        if let scopes, let chain = scopes.chain(for: receiver) {
            return chain.takeUnretainedValue()
        }
        return every
    }
}
