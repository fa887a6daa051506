import _HookKitRuntime

/// Compiling registrations into a snapshot, and publishing it.
///
/// The same plan as ``_HookPointStorage``'s (compile outside the lock, reuse every chain whose levels did not change,
/// publish only the newest version), for async chains.
extension _AsyncHookPointStorage {
    /// The snapshot of a compilation: the chains, and the call site their calls report to.
    func makeSnapshot(
        every: Chain, types: [_TypeChains], shards: [_InstanceTable], tracer: HookTracer?, version: UInt64
    ) -> Snapshot {
        let scopes = types.isEmpty && shards.isEmpty ? nil : scopeIndexType.init(types: types, shards: shards)
        return snapshotType.init(every: every, scopes: scopes, tracer: tracer, site: site, version: version)
    }

    /// The snapshot of a point whose hooks all apply to every receiver.
    func makeSnapshot(every: Chain, tracer: HookTracer?, version: UInt64) -> Snapshot {
        snapshotType.init(every: every, scopes: nil, tracer: tracer, site: site, version: version)
    }

    /// The snapshot of an untraced point whose hooks all apply to every receiver and include no override.
    func makeSnapshot(beforeAndAfterHooksOf level: _LevelHooks, version: UInt64) -> Snapshot {
        let every = makeChain(befores: level.befores, override: nil, afters: level.afters, traced: false)
        return snapshotType.init(every: every, scopes: nil, tracer: nil, site: site, version: version)
    }

    /// The holds of the snapshot at `snapshot`, which this point published: async calls count in them.
    func asyncHolds(of snapshot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<hk_async_stripe>? {
        Unmanaged<Snapshot>.fromOpaque(snapshot)._withUnsafeGuaranteedRef { $0.holds }
    }

    /// Empties the compile cache if it holds chains, and returns them boxed, to be released after the lock.
    ///
    /// Written out in each storage, which reads and writes the stored property directly: in the protocol's extension
    /// each access would go through the property's witness and copy the whole cache (about 740 instructions more for
    /// a registration and its cancellation, measured with a probe).
    func discardCompileCache() -> AnyObject? {
        guard compileCache.every != nil else { return nil }
        let discarded = _ReleasedLater(compileCache)
        compileCache = _CompileCache()
        return discarded
    }

    /// A chain of this point's kind around the override chain whose outermost link is `override`.
    func makeChain(befores: _RegistrationList, override: Link?, afters: _RegistrationList, traced: Bool) -> Chain {
        chainType.init(
            before: composeBefores(befores, traced: traced), override: override?.implementation,
            after: composeAfters(afters, traced: traced))
    }

    /// The link every override chain ends in: the declared body itself, or the call that finds the body in the
    /// call's task-local binding (for points whose calls pass their body, and for traced chains, whose calls record
    /// that the body ran).
    func innermostLink(traced: Bool) -> Link {
        if !traced, let declaredBodyLink { return declaredBodyLink }
        if let installed = lock.withLock({ bodyLink }) { return installed }
        installBodyCall(Self.makeBodyCall(site: site))
        return lock.withLock { bodyLink.unsafelyUnwrapped }
    }

    /// Up to this many synchronous hooks of a kind are composed as a tree of closures, more are looped over.
    static var treeLimit: Int { 16 }

    /// All before hooks, in order, as one closure: synchronous if every one is, else `async`.
    func composeBefores(_ registrations: _RegistrationList, traced: Bool) -> (Chain.Before?, Chain.AsyncBefore?) {
        guard !registrations.isEmpty else { return (nil, nil) }
        let site = self.site
        let isAsync = registrations.contains { unsafeDowncast($0, to: Registration.self).payload.before == nil }
        if !isAsync && registrations.count <= Self.treeLimit {
            return (composeBeforeTree(registrations.array[...], traced: traced), nil)
        }
        if !isAsync {
            let sync: Chain.Before = { [weak self] receiver, arguments in
                for registration in registrations {
                    if registration.isOnce && !registration.claimOnce() { continue }
                    if traced { site.record(registration.hookDescription) }
                    unsafeDowncast(registration, to: Registration.self).payload.before.unsafelyUnwrapped(
                        receiver, arguments)
                    if registration.isOnce { _ = self?.cancel(registration.id) }
                }
            }
            return (sync, nil)
        }
        // The registrations themselves, not a closure per hook: compiling stays cheap (the list shares its chunks
        // with the levels it came from).
        // No capture list in an async closure: Swift 6.3 infers a closure with one as `@concurrent`, which would
        // switch to the global executor on every call.
        let cancel = canceller()
        let sequence: Chain.AsyncBefore = { receiver, arguments in
            for registration in registrations {
                if registration.isOnce && !registration.claimOnce() { continue }
                if traced { site.record(registration.hookDescription) }
                let payload = unsafeDowncast(registration, to: Registration.self).payload
                if let hook = payload.before {
                    hook(receiver, arguments)
                } else {
                    await payload.asyncBefore.unsafelyUnwrapped(receiver, arguments)
                }
                if registration.isOnce { cancel(registration.id) }
            }
        }
        return (nil, sequence)
    }

    /// A few synchronous before hooks as a balanced tree of paired closures.
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

    /// All after hooks, in order, as one closure: synchronous if every one is, else `async`.
    func composeAfters(_ registrations: _RegistrationList, traced: Bool) -> (Chain.After?, Chain.AsyncAfter?) {
        guard !registrations.isEmpty else { return (nil, nil) }
        let site = self.site
        let isAsync = registrations.contains { unsafeDowncast($0, to: Registration.self).payload.after == nil }
        if !isAsync && registrations.count <= Self.treeLimit {
            return (composeAfterTree(registrations.array[...], traced: traced), nil)
        }
        if !isAsync {
            let sync: Chain.After = { [weak self] receiver, arguments, result in
                for registration in registrations {
                    if registration.isOnce && !registration.claimOnce() { continue }
                    if traced { site.record(registration.hookDescription) }
                    unsafeDowncast(registration, to: Registration.self).payload.after.unsafelyUnwrapped(
                        receiver, arguments, result)
                    if registration.isOnce { _ = self?.cancel(registration.id) }
                }
            }
            return (sync, nil)
        }
        let cancel = canceller()
        let sequence: Chain.AsyncAfter = { receiver, arguments, result in
            for registration in registrations {
                if registration.isOnce && !registration.claimOnce() { continue }
                if traced { site.record(registration.hookDescription) }
                let payload = unsafeDowncast(registration, to: Registration.self).payload
                if let hook = payload.after {
                    hook(receiver, arguments, result)
                } else {
                    await payload.asyncAfter.unsafelyUnwrapped(receiver, arguments, result)
                }
                if registration.isOnce { cancel(registration.id) }
            }
        }
        return (nil, sequence)
    }

    /// A few synchronous after hooks as a balanced tree of paired closures.
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

    /// A synchronous before hook as a chain runs it: recording when traced, claiming when `once`.
    private func beforeLeaf(_ anyRegistration: _AnyRegistration, traced: Bool) -> Chain.Before {
        let registration = unsafeDowncast(anyRegistration, to: Registration.self)
        guard let hook = registration.payload.before else { preconditionFailure("not a synchronous before hook") }
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

    /// A synchronous after hook as a chain runs it: recording when traced, claiming when `once`.
    private func afterLeaf(_ anyRegistration: _AnyRegistration, traced: Bool) -> Chain.After {
        let registration = unsafeDowncast(anyRegistration, to: Registration.self)
        guard let hook = registration.payload.after else { preconditionFailure("not a synchronous after hook") }
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

    /// The link of an override around `next`: reused if this registration already wraps `next` (in the published
    /// chains, or in one this compilation built, which `used` and `shared` list), else built by calling the
    /// registration's provider (outside the lock).
    func link(
        _ registration: _AnyRegistration, around next: Link, traced: Bool, used: inout [_UsedLink], shared: [_UsedLink]
    ) -> Link {
        let registration = unsafeDowncast(registration, to: Registration.self)
        let key = ObjectIdentifier(next)
        if let cached = lock.withLock({ traced ? registration.tracedLinks[key] : registration.links[key] }) {
            let link = unsafeDowncast(cached, to: Link.self)
            used.append(_UsedLink(registration: registration, key: key, link: link))
            return link
        }
        if let shared = _UsedLink.link(of: registration, around: key, in: used, shared) {
            let link = unsafeDowncast(shared, to: Link.self)
            used.append(_UsedLink(registration: registration, key: key, link: link))
            return link
        }
        guard let provider = registration.payload.provider else { preconditionFailure("not an override") }
        let original = next.implementation
        var implementation = runProvider { provider(AsyncHookOriginal(original)) }
        if traced {
            let inner = implementation
            let record = recorder(for: registration, enteredAsOverride: true)
            implementation = { receiver, arguments throws(Failure) in
                record()
                return try await inner(receiver, arguments)
            }
        }
        if let claim = registration.onceClaim {
            // Captures the claim, not the registration: the registration keeps this link (see `_OnceClaim`).
            let inner = implementation
            let expire = expiry(of: registration)
            implementation = { receiver, arguments throws(Failure) in
                guard claim.claim() else { return try await original(receiver, arguments) }
                defer { expire() }
                return try await inner(receiver, arguments)
            }
        }
        let link = linkType.init(implementation: implementation, next: next)
        used.append(_UsedLink(registration: registration, key: key, link: link))
        return link
    }

    /// A closure that appends the registration to the trace of the call in progress (for an override, of the call
    /// whose chain it is part of: see ``_AsyncCallSite/recordOverride(_:)``).
    private func recorder(for registration: _AnyRegistration, enteredAsOverride: Bool = false) -> @Sendable () -> Void {
        let description = registration.hookDescription
        let site = self.site
        if enteredAsOverride {
            return { site.recordOverride(description) }
        }
        return { site.record(description) }
    }
}
