import _HookKitRuntime

/// Compiling registrations into a snapshot, and publishing it.
extension _HookPointStorage {
    /// What a compilation works from, copied under the lock.
    struct Plan {
        let levels: _Levels
        let version: UInt64
        let configuration: _GlobalConfiguration
        let cache: CompileCache
    }

    /// The chains of the published snapshot, with what they were compiled from, so that the next compilation reuses
    /// every chain whose levels did not change.
    ///
    /// Registering a hook on one object then rebuilds that object's chain only, not every object's.
    struct CompileCache {
        /// A compiled chain of one object, and the level generation it was compiled from.
        struct Instance {
            let generation: UInt64
            let entry: _ScopeIndex<Receiver, Chain>.InstanceEntry
            let links: [UsedLink]
        }

        var traced = false
        /// The shared generation ``every`` and ``types`` were compiled from; `nil` when empty.
        var sharedGeneration: UInt64?
        var every: Chain?
        var types: [_ScopeIndex<Receiver, Chain>.TypeEntry] = []
        var sharedLinks: [UsedLink] = []
        var instances: [ObjectIdentifier: Instance] = [:]
    }

    /// A link built (or reused) by a compilation, to remember once the snapshot is published.
    struct UsedLink {
        let registration: Registration
        let key: ObjectIdentifier
        let link: Link
    }

    /// Makes sure a snapshot compiled from version `target` or newer is published before
    /// returning, so a registration applies to the caller's next call.
    ///
    /// Compiles outside the lock (providers are user code); if a newer change lands meanwhile,
    /// the stale result is dropped and the loop compiles again, unless another writer already
    /// published a version at least as new.
    func publish(atLeast target: UInt64) {
        while true {
            let plan: Plan? = lock.withLock {
                guard publishedVersion < target else { return nil }
                for registration in levels.removeDeadInstances() {
                    registrations[registration.id] = nil
                }
                return Plan(
                    levels: levels, version: version, configuration: _GlobalRegistry.shared.configuration,
                    cache: compileCache)
            }
            guard let plan else { return }
            var used: [UsedLink] = []
            var cache = plan.cache
            let snapshot = compile(plan, cache: &cache, used: &used)
            let replaced: UInt? = lock.withLock {
                guard plan.version == version, plan.version > publishedVersion else { return nil }
                publishedVersion = plan.version
                compileCache = cache
                remember(used, traced: plan.configuration.tracer != nil)
                let address = snapshot.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
                return hk_point_cell_exchange(cell, address)
            }
            if let replaced {
                if let snapshot = UnsafeMutableRawPointer(bitPattern: replaced) {
                    _SnapshotReclamation.shared.retire(snapshot, from: cell)
                }
                return
            }
        }
    }

    /// Keeps exactly the links the published snapshot uses.
    ///
    /// Called under the lock.
    private func remember(_ used: [UsedLink], traced: Bool) {
        var byRegistration: [UInt64: [ObjectIdentifier: Link]] = [:]
        for entry in used {
            byRegistration[entry.registration.id, default: [:]][entry.key] = entry.link
        }
        for entry in used {
            let links = byRegistration[entry.registration.id] ?? [:]
            if traced {
                entry.registration.tracedLinks = links
                entry.registration.links = [:]
            } else {
                entry.registration.links = links
                entry.registration.tracedLinks = [:]
            }
        }
    }

    /// Compiles a plan; `nil` when calls should take the unhooked path.
    ///
    /// Reuses the chains in `cache` whose levels did not change, and leaves in `cache` the
    /// chains of the result.
    func compile(_ plan: Plan, cache: inout CompileCache, used: inout [UsedLink]) -> Snapshot? {
        let levels = plan.levels
        guard plan.configuration.isEnabled, !levels.isEmpty else {
            // Nothing to run: keep no chain (and no hooked object's memory) alive.
            cache = CompileCache()
            return nil
        }
        let tracer = plan.configuration.tracer
        let traced = tracer != nil
        if cache.traced != traced {
            cache = CompileCache(traced: traced)
        }
        let every: Chain
        let types: [_ScopeIndex<Receiver, Chain>.TypeEntry]
        if let cachedEvery = cache.every, cache.sharedGeneration == levels.sharedGeneration {
            every = cachedEvery
            types = cache.types
            used += cache.sharedLinks
        } else {
            // Every-receiver or type hooks changed: every chain depends on them.
            cache.instances = [:]
            var sharedLinks: [UsedLink] = []
            every = chain(for: [levels.every], traced: traced, used: &sharedLinks)
            types = levels.types.map { key, typeLevels in
                _ScopeIndex<Receiver, Chain>.TypeEntry(
                    type: key,
                    exact: chain(for: levels.levels(forType: typeLevels.type), traced: traced, used: &sharedLinks),
                    inherited: chain(
                        for: levels.levels(forType: typeLevels.type, includingExact: false), traced: traced,
                        used: &sharedLinks))
            }
            (cache.sharedGeneration, cache.every, cache.types, cache.sharedLinks) =
                (levels.sharedGeneration, every, types, sharedLinks)
            used += sharedLinks
        }
        var instances: [_ScopeIndex<Receiver, Chain>.InstanceEntry] = []
        var cachedInstances: [ObjectIdentifier: CompileCache.Instance] = [:]
        for (key, level) in levels.instances where level.object.isAlive {
            var compiled = cache.instances[key]
            if compiled?.generation != level.generation || compiled?.entry.object !== level.object {
                var links: [UsedLink] = []
                let chainLevels = levels.levels(forType: level.object.dynamicType, object: key)
                let entry = _ScopeIndex<Receiver, Chain>.InstanceEntry(
                    object: level.object, chain: chain(for: chainLevels, traced: traced, used: &links))
                compiled = CompileCache.Instance(generation: level.generation, entry: entry, links: links)
            }
            if let compiled {
                instances.append(compiled.entry)
                cachedInstances[key] = compiled
                used += compiled.links
            }
        }
        cache.instances = cachedInstances
        let scopes =
            types.isEmpty && instances.isEmpty ? nil : _ScopeIndex<Receiver, Chain>(types: types, instances: instances)
        let scopesHaveOverride =
            types.contains { $0.exact.hasOverride || $0.inherited.hasOverride }
            || instances.contains { $0.chain.hasOverride }
        return Snapshot(
            every: every, scopes: scopes, scopesHaveOverride: scopesHaveOverride, tracer: tracer, version: plan.version)
    }

    /// Compiles the chain of a list of levels (most general first) per the order contract.
    func chain(
        for levels: [_LevelHooks], traced: Bool, used: inout [UsedLink]
    ) -> Chain {
        let (befores, overrides, afters) = _LevelHooks.callOrder(of: levels)
        var next = innermostLink(traced: traced)
        for registration in overrides.array.reversed() {
            next = link(unsafeDowncast(registration, to: Registration.self), around: next, traced: traced, used: &used)
        }
        return Chain(
            before: composeBefores(befores, traced: traced),
            override: overrides.isEmpty ? nil : next.implementation,
            after: composeAfters(afters, traced: traced))
    }

    /// The link every override chain ends in: the declared body itself, or the call that finds the body in the
    /// call's frame (for points whose calls pass their body, and for traced chains, whose calls record that the body
    /// ran).
    func innermostLink(traced: Bool) -> Link {
        if !traced, let declaredBodyLink { return declaredBodyLink }
        if let installed = lock.withLock({ bodyLink }) { return installed }
        let call = Self.makeBodyCall(owner: ObjectIdentifier(self), name: name, declaredBody: declaredBody)
        installBodyCall(call)
        return lock.withLock { bodyLink.unsafelyUnwrapped }
    }

    /// All before hooks, in order, as one closure.
    ///
    /// A few are paired into a balanced tree of closures, so a call is a few direct closure calls
    /// with no iteration and no retain; many are looped over, so compiling stays linear. The
    /// closures never pass through a generic container as bare function values (which would
    /// store them maximally abstracted and add a reabstraction thunk to every call).
    func composeBefores(_ registrations: _RegistrationList, traced: Bool) -> Chain.Before? {
        guard registrations.count > Self.treeLimit else {
            return composeBeforeTree(registrations.array[...], traced: traced)
        }
        // The registrations themselves, not a closure per hook: compiling stays cheap (the list
        // shares its chunks with the levels it came from).
        let owner = ObjectIdentifier(self)
        return { [weak self] receiver, arguments in
            for registration in registrations {
                if registration.isOnce && !registration.claimOnce() { continue }
                if traced {
                    _FrameStack.frame(of: owner)?.pointee.recorder?.ran.append(registration.hookDescription)
                }
                unsafeDowncast(registration, to: Registration.self).payload.before.unsafelyUnwrapped(
                    receiver, arguments)
                if registration.isOnce { _ = self?.cancel(registration.id) }
            }
        }
    }

    /// A few before hooks as a balanced tree of paired closures.
    private func composeBeforeTree(_ registrations: ArraySlice<_AnyRegistration>, traced: Bool) -> Chain.Before? {
        switch registrations.count {
        case 0:
            return nil
        case 1:
            return beforeLeaf(registrations[registrations.startIndex], traced: traced)
        default:
            let middle = registrations.startIndex + registrations.count / 2
            let first = composeBeforeTree(registrations[..<middle], traced: traced)!
            let second = composeBeforeTree(registrations[middle...], traced: traced)!
            return { receiver, arguments in
                first(receiver, arguments)
                second(receiver, arguments)
            }
        }
    }

    /// All after hooks, in order, as one closure; see ``composeBefores(_:traced:)``.
    func composeAfters(_ registrations: _RegistrationList, traced: Bool) -> Chain.After? {
        guard registrations.count > Self.treeLimit else {
            return composeAfterTree(registrations.array[...], traced: traced)
        }
        let owner = ObjectIdentifier(self)
        return { [weak self] receiver, arguments, result in
            for registration in registrations {
                if registration.isOnce && !registration.claimOnce() { continue }
                if traced {
                    _FrameStack.frame(of: owner)?.pointee.recorder?.ran.append(registration.hookDescription)
                }
                unsafeDowncast(registration, to: Registration.self).payload.after.unsafelyUnwrapped(
                    receiver, arguments, result)
                if registration.isOnce { _ = self?.cancel(registration.id) }
            }
        }
    }

    /// A few after hooks as a balanced tree of paired closures.
    private func composeAfterTree(_ registrations: ArraySlice<_AnyRegistration>, traced: Bool) -> Chain.After? {
        switch registrations.count {
        case 0:
            return nil
        case 1:
            return afterLeaf(registrations[registrations.startIndex], traced: traced)
        default:
            let middle = registrations.startIndex + registrations.count / 2
            let first = composeAfterTree(registrations[..<middle], traced: traced)!
            let second = composeAfterTree(registrations[middle...], traced: traced)!
            return { receiver, arguments, result in
                first(receiver, arguments, result)
                second(receiver, arguments, result)
            }
        }
    }

    /// Up to this many hooks of a kind are composed as a tree, more are looped over.
    static var treeLimit: Int { 16 }

    /// A before hook as a chain runs it: recording when traced, claiming when `once`.
    func beforeLeaf(_ anyRegistration: _AnyRegistration, traced: Bool) -> Chain.Before {
        let registration = unsafeDowncast(anyRegistration, to: Registration.self)
        guard let hook = registration.payload.before else { preconditionFailure("not a before hook") }
        var leaf = hook
        if traced {
            let record = recorder(for: registration)
            leaf = { receiver, arguments in
                record()
                hook(receiver, arguments)
            }
        }
        if registration.isOnce {
            let inner = leaf
            let expire = expiry(of: registration)
            leaf = { receiver, arguments in
                guard registration.claimOnce() else { return }
                defer { expire() }
                inner(receiver, arguments)
            }
        }
        return leaf
    }

    /// An after hook as a chain runs it: recording when traced, claiming when `once`.
    func afterLeaf(_ anyRegistration: _AnyRegistration, traced: Bool) -> Chain.After {
        let registration = unsafeDowncast(anyRegistration, to: Registration.self)
        guard let hook = registration.payload.after else { preconditionFailure("not an after hook") }
        var leaf = hook
        if traced {
            let record = recorder(for: registration)
            leaf = { receiver, arguments, result in
                record()
                hook(receiver, arguments, result)
            }
        }
        if registration.isOnce {
            let inner = leaf
            let expire = expiry(of: registration)
            leaf = { receiver, arguments, result in
                guard registration.claimOnce() else { return }
                defer { expire() }
                inner(receiver, arguments, result)
            }
        }
        return leaf
    }

    /// The link of an override around `next`: reused if this registration already wraps `next`,
    /// else built by calling the registration's provider (outside the lock).
    func link(_ registration: Registration, around next: Link, traced: Bool, used: inout [UsedLink]) -> Link {
        let key = ObjectIdentifier(next)
        if let cached = lock.withLock({ traced ? registration.tracedLinks[key] : registration.links[key] }) {
            used.append(UsedLink(registration: registration, key: key, link: cached))
            return cached
        }
        guard let provider = registration.payload.provider else { preconditionFailure("not an override") }
        let original = next.implementation
        var implementation = provider(HookOriginal(original))
        if traced {
            let inner = implementation
            let record = recorder(for: registration)
            implementation = { receiver, arguments throws(Failure) in
                record()
                return try inner(receiver, arguments)
            }
        }
        if registration.isOnce {
            let inner = implementation
            let expire = expiry(of: registration)
            implementation = { receiver, arguments throws(Failure) in
                guard registration.claimOnce() else { return try original(receiver, arguments) }
                defer { expire() }
                return try inner(receiver, arguments)
            }
        }
        let link = Link(implementation: implementation, next: next)
        used.append(UsedLink(registration: registration, key: key, link: link))
        return link
    }

    /// A closure that appends the registration to the trace of the call in progress.
    private func recorder(for registration: _AnyRegistration) -> @Sendable () -> Void {
        let description = registration.hookDescription
        let owner = ObjectIdentifier(self)
        return {
            _FrameStack.frame(of: owner)?.pointee.recorder?.ran.append(description)
        }
    }

    /// A closure that removes a fired `once` registration.
    ///
    /// Holds the storage weakly: snapshots are owned by the storage, and must not own it back.
    private func expiry(of registration: _AnyRegistration) -> @Sendable () -> Void {
        let id = registration.id
        return { [weak self] in
            _ = self?.cancel(id)
        }
    }
}
