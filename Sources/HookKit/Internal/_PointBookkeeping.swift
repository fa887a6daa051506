/// The registration bookkeeping every kind of hook point keeps the same way: the registrations by identifier and by
/// level, the version that counts their changes, and the operations on them (add, cancel, expire, list).
///
/// The synchronous and the async storages conform; what differs between them (how a version is compiled and
/// published) stays behind ``publish(atLeast:)``.
protocol _PointBookkeeping: _AnyHookPointStorage {
    /// Guards everything below; held for bookkeeping only, never while user code runs.
    ///
    /// Nothing that holds a hook's closures is released under it either: a closure's captures may be the last
    /// references to objects whose `deinit` is user code (which may register, cancel or list hooks, and would
    /// deadlock on the lock). Registrations, links and chains that a change drops are kept in a local until the lock
    /// is released (`withExtendedLifetime`).
    var lock: _Lock { get }
    /// Every registration, arranged by level of the order contract.
    ///
    /// Guarded by `lock`.
    var levels: _Levels { get set }
    /// Every registration, by identifier.
    ///
    /// Guarded by `lock`.
    var registrations: [UInt64: _AnyRegistration] { get set }
    /// Bumped by every change that needs a new snapshot.
    ///
    /// Guarded by `lock`.
    var version: UInt64 { get set }
    /// The threads that run one of this point's override providers now, each identified by its reader record (a
    /// thread that runs several, nested, is listed once for each).
    ///
    /// A registration on the point from one of them is refused (`registrationInsideOverrideProvider`): publishing it
    /// would build the point's chains again, which calls the provider that asked again, before it returned, and so on
    /// without end.
    ///
    /// Guarded by `lock`.
    var providerThreads: [UInt] { get set }

    /// Makes sure a snapshot compiled from version `target` or newer is published before returning.
    func publish(atLeast target: UInt64)
}

extension _PointBookkeeping {
    /// Adds a registration (dropping registrations of a dead object whose address it reuses), then publishes.
    ///
    /// - Throws: `registrationInsideOverrideProvider` when the calling thread runs one of the point's
    ///   override providers (see ``providerThreads``); nothing is registered then.
    @inline(__always)
    func insert(_ registration: _AnyRegistration) throws(HookError) {
        var stale: [_AnyRegistration] = []
        var loaded: [AnyObject] = []
        let thread = _PointBookkeepingThread.current
        let target: UInt64? = lock.withLock {
            guard !providerThreads.contains(thread) else { return nil }
            registrations[registration.id] = registration
            stale = levels.insert(registration, loading: &loaded)
            for dropped in stale {
                registrations[dropped.id] = nil
            }
            version += 1
            return version
        }
        guard let target else {
            throw HookError(
                .registrationInsideOverrideProvider, pointName: name,
                message: "cannot register a hook on '\(name)' from inside one of its "
                    + "override providers: publishing it would call that provider again before it returned; register "
                    + "it before or after the registration that calls the provider"
            ).refusing(hookLabelled: registration.label)
        }
        // Released after the lock (see `lock`), and before publishing: the object being registered is not held any
        // longer than the registration's bookkeeping.
        loaded.removeAll()
        publish(atLeast: target)
        withExtendedLifetime(stale) {}  // released after the lock (see `lock`)
    }

    /// Runs an override's `provider` (user code, called without the lock), listing the calling thread in
    /// ``providerThreads`` meanwhile.
    func runProvider<Implementation>(_ provider: () -> Implementation) -> Implementation {
        let thread = _PointBookkeepingThread.current
        lock.withLock { providerThreads.append(thread) }
        defer {
            lock.withLock {
                if let index = providerThreads.lastIndex(of: thread) {
                    providerThreads.remove(at: index)
                }
            }
        }
        return provider()
    }

    @inline(__always)
    func cancel(_ id: UInt64) -> Bool {
        var removed: _AnyRegistration?
        let target: UInt64? = lock.withLock {
            guard let registration = registrations.removeValue(forKey: id) else { return nil }
            removed = registration
            _ = levels.remove(registration)
            version += 1
            return version
        }
        guard let target, let removed else { return false }
        publish(atLeast: target)
        // Asked after the lock: whether an instance hook's object is alive holds the object for a moment (see
        // `lock`). The registration is released after it.
        return removed.isLive
    }

    func isRegistered(_ id: UInt64) -> Bool {
        // Whether it is live is asked after the lock (see `cancel(_:)`).
        let registration = lock.withLock { registrations[id] }
        return registration?.isLive ?? false
    }

    @inline(__always)
    func globalConfigurationDidChange() {
        let target = lock.withLock {
            version += 1
            return version
        }
        publish(atLeast: target)
    }

    /// Forgets instance hooks whose objects died, republishing if there were any.
    @inline(__always)
    func removeExpiredInstanceHooks() {
        var dead: [_AnyRegistration] = []
        defer { withExtendedLifetime(dead) {} }  // released after the lock (see `lock`)
        if let target = forgetDeadInstances(into: &dead) {
            publish(atLeast: target)
        }
    }

    /// Forgets the registrations of hooked objects that died, appending them to `dead` for the caller to release
    /// after the lock (see `lock`); returns the version that counts the change, or `nil` if no object died.
    ///
    /// Takes the lock. A native Swift object is asked under it without being held (``_Levels/instanceHoldersToCheck``);
    /// an object whose liveness only a weak load tells is asked outside it, one object at a time: the load holds the
    /// object for that moment, and under the lock the object's `deinit` (user code) would run there if another
    /// thread dropped its last reference meanwhile. Holding the objects any longer (until the writer's pass ends)
    /// would keep every hooked object of the point alive for the pass, long enough for a leak detector on another
    /// thread to take a released screen for a leak.
    func forgetDeadInstances(into dead: inout [_AnyRegistration]) -> UInt64? {
        let holders = lock.withLock { levels.instanceHoldersToCheck }
        guard !holders.isEmpty else { return nil }
        return forgetDeadInstances(among: holders, into: &dead)
    }

    /// ``forgetDeadInstances(into:)`` for the holders of hooked objects that may have died, taken under the lock
    /// before (``_Levels/instanceHoldersToCheck``); called without it.
    func forgetDeadInstances(among holders: [_WeakObject], into dead: inout [_AnyRegistration]) -> UInt64? {
        let died = holders.filter { !$0.isAlive }
        guard !died.isEmpty else { return nil }
        return lock.withLock {
            let removed = levels.removeInstances(of: died)
            guard !removed.isEmpty else { return nil }
            for registration in removed {
                registrations[registration.id] = nil
            }
            dead += removed
            version += 1
            return version
        }
    }

    /// Every live registration, in registration order.
    var allHooks: [HookDescription] {
        removeExpiredInstanceHooks()
        // Filtered after the lock (see `cancel(_:)`).
        let all = lock.withLock { Array(registrations.values) }
        return all.filter(\.isLive).sorted { $0.id < $1.id }.map(\.hookDescription)
    }

    /// The hooks a call on a receiver of dynamic type `type` (and, optionally, identity `object`) runs, in call
    /// order.
    func hooks(forType type: Any.Type, object: ObjectIdentifier?) -> [HookDescription] {
        removeExpiredInstanceHooks()
        let levels = lock.withLock { self.levels }
        let (befores, overrides, afters) = _LevelHooks.callOrder(of: levels.levels(forType: type, object: object))
        return (befores.array + overrides.array + afters.array).filter(\.isLive).map(\.hookDescription)
    }

    /// A closure that removes a fired `once` registration.
    ///
    /// Holds the storage weakly: snapshots are owned by the storage, and must not own it back.
    func expiry(of registration: _AnyRegistration) -> @Sendable () -> Void {
        let id = registration.id
        return { [weak self] in
            _ = self?.cancel(id)
        }
    }

    /// A closure that removes a fired `once` registration, given its identifier.
    ///
    /// Holds the storage weakly: snapshots are owned by the storage, and must not own it back.
    func canceller() -> @Sendable (UInt64) -> Void {
        { [weak self] id in
            _ = self?.cancel(id)
        }
    }
}
