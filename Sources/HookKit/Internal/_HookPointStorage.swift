import Synchronization
import _HookKitRuntime

/// Everything a hook point keeps beyond its one-word handle: the registrations, the lock that
/// guards them, and the word that publishes the compiled snapshot to calls.
///
/// Created on a point's first registration and owned by the point and by its tokens (so a token
/// can cancel after the point is gone). Writers serialize on ``lock`` only to read or change the
/// registrations; compiling happens outside the lock (override providers are user code), and a
/// compiled snapshot is published only if no newer change happened meanwhile.
///
/// The properties guarded by ``lock`` are `@exclusivity(unchecked)`: the lock already keeps their accesses apart, and
/// the dynamic check Swift would otherwise make on each access of a class's stored property costs a thread-local
/// look-up.
@usableFromInline
final class _HookPointStorage<Receiver, Arguments, Result, Failure: Error>: _PointCompiling,
    @unchecked Sendable
{
    typealias Registration = _Registration<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Snapshot = _Snapshot<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Chain = _Chain<Receiver, Arguments, Result, Failure>
    typealias Link = _Link<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Body = (Receiver, Arguments) throws(Failure) -> Result

    /// The published snapshot's word, in a cell of its own that the point points to.
    @usableFromInline let cell: UnsafeMutablePointer<hk_point_cell>
    /// The point's name.
    @usableFromInline let name: String
    /// The body declared with the point, or `nil` when calls pass theirs.
    @usableFromInline let declaredBody: Chain.Implementation?
    /// Whether ``declaredBody`` is set (a flag, so that the call path does not copy the closure to test it).
    @usableFromInline let hasDeclaredBody: Bool
    /// The identity of this point's frames, which the closures that read them hold (see ``_FrameKey``).
    @usableFromInline let frameKey = _FrameKey()
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

    /// The innermost link of override chains that reach the body through the call's frame: those of points whose
    /// calls pass their body, and traced chains.
    ///
    /// Installed by the first override registration, from the registering module, so that the
    /// closure is specialized for the point's types (see ``makeBodyCall(owner:name:declaredBody:)``).
    /// Guarded by `lock`.
    @exclusivity(unchecked) var bodyLink: Link?

    init(name: String, declaredBody: Chain.Implementation?) {
        self.name = name
        self.declaredBody = declaredBody
        self.hasDeclaredBody = declaredBody != nil
        self.declaredBodyLink = declaredBody.map { Link(implementation: $0, next: nil) }
        self.cell = hk_point_cell_create(nil)
        cell.pointee.storage = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        closeCell()
    }

    /// The innermost `original` that reaches the body through the call's frame: finds this point's frame on the
    /// calling thread and calls its body (the body passed to `invoke`, or the declared one for a traced call).
    ///
    /// Inlinable so that the registering module creates it specialized for the point's types.
    @inlinable
    static func makeBodyCall(
        owner: _FrameKey, name: String, declaredBody: Chain.Implementation?
    ) -> Chain.Implementation {
        let site = _BodyCallSite(owner: owner, name: name, declaredBody: declaredBody)
        return { receiver, arguments throws(Failure) in try site.callBody(receiver, arguments) }
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
