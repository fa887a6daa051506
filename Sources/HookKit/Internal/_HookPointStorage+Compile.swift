import _HookKitRuntime

/// Compiling registrations into a snapshot, and publishing it.
extension _HookPointStorage {
    /// `nil`: synchronous calls hold their snapshot with hazard slots only.
    func asyncHolds(of snapshot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<hk_async_stripe>? {
        nil
    }

    /// The snapshot of a compilation: the chains, and whether some scoped chain has an override (so that calls
    /// know when they may need a frame).
    func makeSnapshot(
        every: Chain, types: [_TypeChains], shards: [_InstanceTable], tracer: HookTracer?, version: UInt64
    ) -> Snapshot {
        let scopes = types.isEmpty && shards.isEmpty ? nil : scopeIndexType.init(types: types, shards: shards)
        let scopesHaveOverride =
            types.contains {
                unsafeDowncast($0.exact, to: Chain.self).hasOverride
                    || unsafeDowncast($0.inherited, to: Chain.self).hasOverride
            } || shards.contains { $0.hasOverride }
        return snapshotType.init(
            every: every, scopes: scopes, scopesHaveOverride: scopesHaveOverride, tracer: tracer, version: version)
    }

    /// The snapshot of a point whose hooks all apply to every receiver.
    func makeSnapshot(every: Chain, tracer: HookTracer?, version: UInt64) -> Snapshot {
        snapshotType.init(every: every, scopes: nil, scopesHaveOverride: false, tracer: tracer, version: version)
    }

    /// The snapshot of an untraced point whose hooks all apply to every receiver and include no override.
    func makeSnapshot(beforeAndAfterHooksOf level: _LevelHooks, version: UInt64) -> Snapshot {
        let before = composeBefores(level.befores, traced: false)
        let after = composeAfters(level.afters, traced: false)
        let every = chainType.init(before: before, override: nil, after: after)
        return snapshotType.init(every: every, before: before, after: after, version: version)
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
    /// call's frame (for points whose calls pass their body, and for traced chains, whose calls record that the body
    /// ran).
    func innermostLink(traced: Bool) -> Link {
        if !traced, let declaredBodyLink { return declaredBodyLink }
        if let installed = lock.withLock({ bodyLink }) { return installed }
        let call = Self.makeBodyCall(owner: frameKey, name: name, declaredBody: declaredBody)
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
        // The key's identity, not the key: these closures run only in calls of this point, which keep its storage,
        // and so its key, alive (unlike an override's link, which a kept `original` can carry past the point), and
        // holding the key would cost every compilation a retain and a release.
        let owner = ObjectIdentifier(frameKey)
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
        let owner = ObjectIdentifier(frameKey)  // see `composeBefores`
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
        var implementation = runProvider { provider(HookOriginal(original)) }
        if traced {
            let inner = implementation
            let record = recorder(for: registration, enteredAsOverride: true)
            implementation = { receiver, arguments throws(Failure) in
                record()
                return try inner(receiver, arguments)
            }
        }
        if let claim = registration.onceClaim {
            // Captures the claim, not the registration: the registration keeps this link (see `_OnceClaim`).
            let inner = implementation
            let expire = expiry(of: registration)
            implementation = { receiver, arguments throws(Failure) in
                guard claim.claim() else { return try original(receiver, arguments) }
                defer { expire() }
                return try inner(receiver, arguments)
            }
        }
        let link = linkType.init(implementation: implementation, next: next)
        used.append(_UsedLink(registration: registration, key: key, link: link))
        return link
    }

    /// A closure that appends the registration to the trace of the call in progress: the innermost call of the point
    /// on this thread, or, for an override on a point whose calls pass their body, the call whose body its chain
    /// reaches (an override entered through a kept `original` from a traced call's hooks belongs to the enclosing
    /// call's chain, as the body it leads to does).
    private func recorder(for registration: _AnyRegistration, enteredAsOverride: Bool = false) -> @Sendable () -> Void {
        let description = registration.hookDescription
        let owner = frameKey
        if enteredAsOverride && declaredBody == nil {
            return {
                _FrameStack.frame(of: ObjectIdentifier(owner), reachingBody: true)?.pointee.recorder?.ran.append(
                    description)
            }
        }
        return {
            _FrameStack.frame(of: ObjectIdentifier(owner))?.pointee.recorder?.ran.append(description)
        }
    }
}
