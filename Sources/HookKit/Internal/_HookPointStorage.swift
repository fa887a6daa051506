import Synchronization

/// Everything a hook point keeps beyond its one-word handle: the registrations, the lock that
/// guards them, and the word that publishes the compiled snapshot to calls.
///
/// Created on a point's first registration and owned by the point and by its tokens (so a token
/// can cancel after the point is gone). Writers serialize on ``lock`` only to read or change the
/// registrations; compiling happens outside the lock (override providers are user code), and a
/// compiled snapshot is published only if no newer change happened meanwhile.
@usableFromInline
final class _HookPointStorage<Receiver, Arguments, Result, Failure: Error>: _AnyHookPointStorage,
    @unchecked Sendable
{
    typealias Registration = _Registration<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Snapshot = _Snapshot<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Chain = _Chain<Receiver, Arguments, Result, Failure>
    typealias Link = _Link<Receiver, Arguments, Result, Failure>
    @usableFromInline typealias Body = (Receiver, Arguments) throws(Failure) -> Result

    /// The published snapshot word, in a cell of its own that the point points to.
    @usableFromInline let cell: UnsafeMutablePointer<_PointCell>
    /// The thread-specific-data key of the frame stack, copied here so calls need no global.
    @usableFromInline let frameKey: UInt
    /// The point's name.
    @usableFromInline let name: String

    let lock = _Lock()
    /// Guarded by `lock`.
    var levels = _Levels()
    /// Guarded by `lock`.
    var registrations: [UInt64: _AnyRegistration] = [:]
    /// Bumped by every change that needs a new snapshot.
    ///
    /// Guarded by `lock`.
    var version: UInt64 = 0
    /// The chains of the published snapshot, for reuse by the next compilation.
    ///
    /// Guarded by `lock`.
    var compileCache = CompileCache()
    /// The version of the published snapshot.
    ///
    /// Guarded by `lock`.
    var publishedVersion: UInt64 = 0

    /// The innermost link of every override chain: calls the body of the call in progress.
    ///
    /// Installed by the first override registration, from the registering module, so that the
    /// closure is specialized for the point's types (see ``makeBodyCall(owner:key:name:)``).
    /// Guarded by `lock`.
    var bodyLink: Link?

    init(name: String) {
        self.name = name
        self.frameKey = _FrameStack.keyValue
        self.cell = .allocate(capacity: 1)
        cell.initialize(to: _PointCell(storage: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())))
    }

    deinit {
        let word = cell.pointee.published.exchange(0, ordering: .acquiringAndReleasing)
        Self.retire(word)
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// The innermost `original`: finds this point's frame on the calling thread and calls its body.
    ///
    /// Inlinable so that the registering module creates it specialized for the point's types.
    @inlinable
    static func makeBodyCall(owner: ObjectIdentifier, key: UInt, name: String) -> Chain.Implementation {
        let site = _BodyCallSite(owner: owner, key: key, name: name)
        return { receiver, arguments throws(Failure) in
            guard let frame = _FrameStack.frame(of: site.owner, key: site.key) else {
                site.originalCalledOutsideItsCall()
            }
            frame.pointee.bodyRan = true
            return try frame.pointee.body.assumingMemoryBound(to: _BodyBox<Receiver, Arguments, Result, Failure>.self)
                .pointee.call(receiver, arguments)
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

    /// Hands the old word's snapshot over to the calls still using it (see ``_SnapshotWord``).
    ///
    /// Called outside the lock: freeing a snapshot releases user closures.
    static func retire(_ word: UInt64) {
        guard let address = _SnapshotWord.address(of: word) else { return }
        let snapshot = Unmanaged<Snapshot>.fromOpaque(address)
        let owed = Int(_SnapshotWord.count(of: word)) - _SnapshotWord.bias
        let remaining = snapshot._withUnsafeGuaranteedRef {
            $0.references.wrappingAdd(owed, ordering: .acquiringAndReleasing).newValue
        }
        if remaining == 0 {
            snapshot.release()
        }
    }
}
