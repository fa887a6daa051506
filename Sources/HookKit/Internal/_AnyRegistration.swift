/// One registered hook, without its typed closure: what the bookkeeping (levels, ordering,
/// cancellation, introspection) works with.
///
/// Not generic, so that the writer-side collections of registrations are compiled once, fully
/// specialized, inside HookKit (generic collection code that is not specialized for the point's
/// types costs hundreds of instructions per element). The typed closure lives in the
/// ``_Registration`` subclass.
///
/// The properties guarded by the storage's lock are `@exclusivity(unchecked)`, as the storage's are: the lock keeps
/// their accesses apart, and a compilation reads them once for each override it links.
class _AnyRegistration: @unchecked Sendable {
    /// Identifies the registration for the life of the process; also its registration order.
    final let id: UInt64
    final let kind: HookKind
    final let scope: _ResolvedScope
    final let priority: Int
    final let label: String?
    /// The single run of a `once` hook, claimed by the first call; `nil` for other hooks.
    final let onceClaim: _OnceClaim?
    /// Whether the hook runs once.
    final var isOnce: Bool { onceClaim != nil }
    /// The override links built from this registration's provider for untraced chains, keyed by the identity of the
    /// link each one wraps.
    ///
    /// A compilation calls the provider again only when what lies inside the override changed. Each link is of the
    /// point's types, typed as `AnyObject`: a dictionary typed by the point's types would cost a look-up in the
    /// runtime's metadata cache for every registration made in unspecialized code.
    ///
    /// Guarded by the storage's lock.
    @exclusivity(unchecked) final var links: [ObjectIdentifier: AnyObject] = [:]
    /// The links built for traced chains, kept apart from the untraced ones.
    ///
    /// Guarded by the storage's lock.
    @exclusivity(unchecked) final var tracedLinks: [ObjectIdentifier: AnyObject] = [:]
    /// The publication that last counted this registration's links, and how many links it counted (see
    /// `_PointCompiling.remember`): scratch space that spares a publication a dictionary per registration.
    ///
    /// Guarded by the storage's lock.
    @exclusivity(unchecked) final var linkCount: (publication: UInt64, links: Int) = (0, 0)

    /// The scope as ``hookDescription`` describes it, worked out when the hook is registered: traced calls describe
    /// the hooks they run, and must not reflect type names (or take the name cache's lock) to do it.
    final let scopeDescription: HookScopeDescription

    init(id: UInt64, kind: HookKind, scope: _ResolvedScope, priority: Int, label: String?, isOnce: Bool) {
        self.id = id
        self.kind = kind
        self.scope = scope
        self.scopeDescription = scope.description
        self.priority = priority
        self.label = label
        self.onceClaim = isOnce ? _OnceClaim() : nil
    }

    /// Whether the registration still applies: a `once` hook that fired, or an instance hook
    /// whose object died, no longer does.
    final var isLive: Bool {
        if let onceClaim, onceClaim.hasFired { return false }
        if case .instance(let object) = scope { return object.isAlive }
        return true
    }

    /// Claims the single run of a `once` hook; `true` for exactly one caller.
    final func claimOnce() -> Bool {
        onceClaim.unsafelyUnwrapped.claim()
    }

    /// The public description.
    final var hookDescription: HookDescription {
        HookDescription(
            id: id, kind: kind, scope: scopeDescription, label: label, priority: priority, isOnce: isOnce)
    }
}
