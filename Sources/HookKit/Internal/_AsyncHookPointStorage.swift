import _HookKitRuntime

/// Everything an async hook point keeps beyond its one-word handle: the registrations, the lock that guards them,
/// and the cell that publishes the compiled snapshot to calls.
///
/// The async counterpart of ``_HookPointStorage``, sharing its bookkeeping (``_Levels``, ``_LevelHooks``,
/// ``_RegistrationList``, ``_AnyRegistration``, ``HookToken``, ``_GlobalRegistry``) and its publication and
/// reclamation (``hk_point_cell``, ``_SnapshotReclamation``); what differs is the chains, whose closures are
/// `async`, and the way a call reaches its body (``_AsyncInvocation``). Created on a point's first registration and
/// owned by the point and by its tokens.
///
/// As in ``_HookPointStorage``, the properties guarded by ``lock`` skip the dynamic exclusivity checks.
@usableFromInline
final class _AsyncHookPointStorage<Receiver, Arguments, Result, Failure: Error>: _PointCompiling,
    @unchecked Sendable
{
    typealias Registration = _AsyncRegistration<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Snapshot = _AsyncSnapshot<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Chain = _AsyncChain<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Site = _AsyncCallSite<Receiver, Arguments, Result, Failure>
    typealias Link = _AsyncLink<Receiver, Arguments, Result, Failure>

    /// The published snapshot's word, in a cell of its own that the point points to.
    let cell: UnsafeMutablePointer<hk_point_cell>
    /// The point's name, declared body and task-local key.
    @usableFromInline let site: Site
    /// The innermost link of untraced override chains when the point declares its body: the body itself.
    let declaredBodyLink: Link?

    let lock = _Lock()
    /// The types of the objects a change allocates, stored so that allocating one skips the look-up in the runtime's
    /// metadata cache (about 340 instructions) that naming a generic type costs unspecialized code every time.
    let registrationType = Registration.self
    /// See ``registrationType``.
    let chainType = Chain.self
    /// See ``registrationType``.
    let snapshotType = Snapshot.self
    /// See ``registrationType``.
    let linkType = Link.self
    /// See ``registrationType``.
    let scopeIndexType = _ScopeIndex<Receiver, Chain>.self
    /// Guarded by `lock`.
    @exclusivity(unchecked) var levels = _Levels()
    /// Guarded by `lock`.
    @exclusivity(unchecked) var registrations: [UInt64: _AnyRegistration] = [:]
    /// Bumped by every change that needs a new snapshot.
    ///
    /// Guarded by `lock`.
    @exclusivity(unchecked) var version: UInt64 = 0
    /// The chains of the published snapshot, for reuse by the next compilation.
    ///
    /// Guarded by `lock`.
    @exclusivity(unchecked) var compileCache = _CompileCache()
    /// The version of the published snapshot.
    ///
    /// Guarded by `lock`.
    @exclusivity(unchecked) var publishedVersion: UInt64 = 0
    /// The threads running one of this point's override providers now (see ``_PointBookkeeping/providerThreads``).
    ///
    /// Guarded by `lock`.
    @exclusivity(unchecked) var providerThreads: [UInt] = []
    /// The innermost link of override chains that reach the body through the call's task-local binding: those of
    /// points whose calls pass their body, and traced chains.
    ///
    /// Installed by the first override registration, from the registering module, so that the closure is specialized
    /// for the point's types (see ``makeBodyCall(site:)``). Guarded by `lock`.
    @exclusivity(unchecked) var bodyLink: Link?

    /// The point's name.
    var name: String { site.name }

    init(name: String, declaredBody: Chain.Implementation?) {
        self.site = Site(name: name, declaredBody: declaredBody)
        self.declaredBodyLink = declaredBody.map { Link(implementation: $0, next: nil) }
        self.cell = hk_point_cell_create(nil)
        cell.pointee.storage = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        closeCell()
    }

    /// The innermost `original` that reaches the body through the call's task-local binding: the body passed to
    /// `invoke`, or the declared one for a traced call.
    ///
    /// Inlinable so that the registering module creates it specialized for the point's types.
    @inlinable
    static func makeBodyCall(site: Site) -> Chain.Implementation {
        { receiver, arguments throws(Failure) in
            guard let invocation = site.invocation.get() else {
                // A point that declares its body needs no binding: its body runs from anywhere (unrecorded).
                guard let declaredBody = site.declaredBody else { site.originalCalledOutsideItsCall() }
                return try await declaredBody(receiver, arguments)
            }
            guard let body = invocation.body else {
                // The declared body; or, for a point whose calls pass theirs, a traced call's hooks outside any other
                // call of the point, where `original` has no body to reach, as without a tracer.
                guard let declaredBody = site.declaredBody else { site.originalCalledOutsideItsCall() }
                invocation.recorder?.markBodyRan()
                return try await declaredBody(receiver, arguments)
            }
            invocation.recorder?.markBodyRan()
            return try await body(receiver, arguments)
        }
    }

    /// Installs the innermost link if there is none yet.
    @usableFromInline
    func installBodyCall(_ call: @escaping Chain.Implementation) {
        lock.withLock {
            if bodyLink == nil {
                bodyLink = Link(implementation: call, next: nil)
            }
        }
    }
}
