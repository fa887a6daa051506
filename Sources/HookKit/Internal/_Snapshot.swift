/// An immutable, published state of a hook point: its compiled chains, shared by every call
/// that protects it, and freed by ``_SnapshotReclamation`` once no call uses it.
@usableFromInline
final class _Snapshot<Receiver, Arguments, Result, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Chain = _Chain<Receiver, Arguments, Result, Failure>

    /// Keeps the fields every call reads off the cache lines of whatever the allocator places just before
    /// this object: another thread writing there would evict them from every core (false sharing).
    private let leadingPadding: _CacheLinePadding = .init()

    /// How a call runs this snapshot: ``simple``, ``general``, ``everyWithOverride`` or ``overrideOnly``.
    @usableFromInline let kind: UInt8
    /// Every call runs ``every``, which has no override: no chain lookup, no frame.
    @usableFromInline static var simple: UInt8 { 0 }
    /// Scoped chains, or tracing: ``_HookPointStorage/_runGeneral(_:_:_:_:_:bodyIsDeclared:)``.
    @usableFromInline static var general: UInt8 { 1 }
    /// Every call runs ``every``, which has an override: no chain lookup.
    ///
    /// A bit that ``overrideOnly`` shares, so that one test finds both.
    @usableFromInline static var everyWithOverride: UInt8 { 2 }
    /// ``everyWithOverride`` without before or after hooks: a call of a point that declares its body calls
    /// ``override`` and nothing else.
    @usableFromInline static var overrideOnly: UInt8 { 6 }
    /// The chain of receivers that match no scoped hook.
    @usableFromInline let every: Chain
    /// ``every``'s before hooks, repeated here so the simple path reads them with one load
    /// from a borrowed object (the optimizer retains a closure read through two objects).
    @usableFromInline let before: Chain.Before?
    /// ``every``'s after hooks, repeated here for the same reason.
    @usableFromInline let after: Chain.After?
    /// ``every``'s outermost override, repeated here for the same reason.
    @usableFromInline let override: Chain.Implementation?
    /// ``every``, for the call path: read without retaining it.
    @usableFromInline let everyChain: Unmanaged<Chain>
    /// Chains of scoped receivers, or `nil` when there are no scoped hooks.
    let scopes: _ScopeIndex<Receiver, Chain>?
    /// ``scopes``, for the call path: read without retaining it.
    @usableFromInline let scopeTable: Unmanaged<_ScopeIndex<Receiver, Chain>>?
    /// The tracer the chains were compiled for, or `nil`.
    @usableFromInline let tracer: HookTracer?
    /// Whether ``tracer`` is set (a flag, so that the call path does not copy the tracer to test it).
    @usableFromInline let isTraced: Bool
    /// Whether some call may need a frame: some chain has an override, or calls are traced.
    @usableFromInline let needsFrames: Bool
    /// The version of the registrations this snapshot was compiled from.
    let version: UInt64
    /// Keeps the fields every call reads off the cache lines of whatever follows this object.
    private let trailingPadding: _CacheLinePadding = .init()

    init(
        every: Chain,
        scopes: _ScopeIndex<Receiver, Chain>?, scopesHaveOverride: Bool,
        tracer: HookTracer?,
        version: UInt64
    ) {
        self.every = every
        self.everyChain = Unmanaged.passUnretained(every)
        self.before = every.before
        self.after = every.after
        self.override = every.override
        self.scopes = scopes
        if let scopes {
            self.scopeTable = Unmanaged.passUnretained(scopes)
        } else {
            self.scopeTable = nil
        }
        self.tracer = tracer
        self.isTraced = tracer != nil
        if scopes != nil || tracer != nil {
            self.kind = Self.general
        } else if !every.hasOverride {
            self.kind = Self.simple
        } else if every.before == nil && every.after == nil {
            self.kind = Self.overrideOnly
        } else {
            self.kind = Self.everyWithOverride
        }
        self.needsFrames = tracer != nil || every.hasOverride || scopesHaveOverride
        self.version = version
    }

    /// The snapshot of an untraced point whose hooks all apply to every receiver and include no override: one chain
    /// of before and after hooks, run by the simple path.
    ///
    /// `every` holds `before` and `after`, which are passed along so that the initializer stores what it is given
    /// and reads nothing: in unspecialized code, that needs no metadata look-up.
    init(every: Chain, before: Chain.Before?, after: Chain.After?, version: UInt64) {
        self.every = every
        self.everyChain = Unmanaged.passUnretained(every)
        self.before = before
        self.after = after
        self.override = nil
        self.scopes = nil
        self.scopeTable = nil
        self.tracer = nil
        self.isTraced = false
        self.kind = Self.simple
        self.needsFrames = false
        self.version = version
    }

    /// The chain a call on `receiver` runs.
    @inlinable @inline(__always)
    func chain(for receiver: Receiver) -> Unmanaged<Chain> {
        if let scopeTable, let chain = scopeTable._withUnsafeGuaranteedRef({ $0.chain(for: receiver) }) {
            return chain
        }
        return everyChain
    }
}
