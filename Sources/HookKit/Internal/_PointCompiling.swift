import _HookKitRuntime

/// Compiling a point's registrations into a snapshot and publishing it, the same way for every kind of point: compile
/// outside the lock (providers are user code), reuse every chain whose levels did not change, publish only the
/// newest version, and hand the replaced snapshot to ``_SnapshotReclamation``.
///
/// A conforming storage supplies how one chain is built from its levels and how a snapshot is made from the chains.
protocol _PointCompiling: _PointBookkeeping {
    associatedtype Chain: AnyObject
    associatedtype Snapshot: AnyObject
    /// One link of an override chain (a `_Link` or an `_AsyncLink` of the point's types).
    associatedtype Link: AnyObject

    /// The published snapshot's word.
    var cell: UnsafeMutablePointer<hk_point_cell> { get }
    /// The chains of the published snapshot, for reuse by the next compilation.
    ///
    /// Guarded by `lock`.
    var compileCache: _CompileCache { get set }
    /// The version of the published snapshot.
    ///
    /// Guarded by `lock`.
    var publishedVersion: UInt64 { get set }

    /// A chain of the point's kind: the before and after hooks composed (recording when `traced`) around the
    /// override chain whose outermost link is `override` (`nil` without an override).
    func makeChain(befores: _RegistrationList, override: Link?, afters: _RegistrationList, traced: Bool) -> Chain

    /// The link every override chain ends in: the declared body itself, or the call that finds the body of the call in
    /// progress.
    func innermostLink(traced: Bool) -> Link

    /// The link of an override around `next`: reused if this registration already wraps `next` (in the published
    /// chains, or in one this compilation built, which `used` and `shared` list), else built by calling the
    /// registration's provider (outside the lock).
    func link(
        _ registration: _AnyRegistration, around next: Link, traced: Bool, used: inout [_UsedLink], shared: [_UsedLink]
    ) -> Link

    /// Makes the snapshot of a point whose hooks all apply to every receiver: one chain, no scope index.
    func makeSnapshot(every: Chain, tracer: HookTracer?, version: UInt64) -> Snapshot

    /// Makes the snapshot of an untraced point whose hooks all apply to every receiver and include no override: one
    /// chain of the level's before and after hooks, built without the compile cache.
    func makeSnapshot(beforeAndAfterHooksOf level: _LevelHooks, version: UInt64) -> Snapshot

    /// Empties ``compileCache`` if it holds chains: the snapshot being published was made without it, so its chains
    /// are out of date, and they must not keep closures (and the objects they capture) alive.
    ///
    /// Called under the lock. Returns the chains it took out, boxed (``_ReleasedLater``), for the caller to release
    /// once the lock is dropped; `nil` when the cache held none.
    func discardCompileCache() -> AnyObject?

    /// Makes the snapshot a compilation publishes.
    func makeSnapshot(
        every: Chain, types: [_TypeChains], shards: [_InstanceTable], tracer: HookTracer?, version: UInt64
    ) -> Snapshot

    /// The holds of async calls on the snapshot at `snapshot`, which this point published (see ``_SnapshotLease``);
    /// `nil` for a synchronous point, whose calls only ever hold hazard slots.
    func asyncHolds(of snapshot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<hk_async_stripe>?
}

extension _PointCompiling {
    /// Compiles the chain of a list of levels (most general first), per the order contract.
    ///
    /// Appends the links it uses to `used`, and reuses the links of `used` and `shared` (the links built before in
    /// the same compilation) where it has the same override around the same inner part.
    ///
    /// - Parameters:
    ///   - previous: The links the same chain used in the published snapshot, in the order it walked them; see
    ///     ``outermostLink(of:in:traced:used:shared:previous:inner:)``.
    ///   - inner: See ``outermostLink(of:in:traced:used:shared:previous:inner:)``.
    func chain(
        for levels: [_LevelHooks], traced: Bool, used: inout [_UsedLink], shared: [_UsedLink], previous: [_UsedLink],
        inner: inout AnyObject?
    ) -> Chain {
        let (befores, overrides, afters) = _LevelHooks.callOrder(of: levels)
        let override =
            overrides.isEmpty
            ? nil
            : outermostLink(
                of: overrides, in: levels, traced: traced, used: &used, shared: shared, previous: previous,
                inner: &inner)
        return makeChain(befores: befores, override: override, afters: afters, traced: traced)
    }

    /// The outermost link of the override chain of `levels` (most general first), whose overrides in call order are
    /// `overrides` (not empty).
    ///
    /// - Parameters:
    ///   - previous: The links the same chain used in the published snapshot, in the order they were walked (from the
    ///     innermost out), or none. While the walk meets the same overrides around the same links, it takes their
    ///     links from `previous`, without the lock or a look-up in each registration's table (which keeps exactly
    ///     those links): a change of one override among many walks the ones inside it at the cost of a comparison.
    ///     From the first difference on, every link is looked up (see ``link(_:around:traced:used:shared:)``).
    ///   - inner: The link that the overrides of every level but the last form around the innermost link; `nil` to
    ///     build it, and then set to it. The chains of hooked objects of one type share it, each its object's
    ///     overrides around it (see ``buildShard(of:_:traced:used:everyLink:innerLinks:reusing:)``).
    func outermostLink(
        of overrides: _RegistrationList, in levels: [_LevelHooks], traced: Bool, used: inout [_UsedLink],
        shared: [_UsedLink], previous: [_UsedLink], inner: inout AnyObject?
    ) -> Link {
        var position = previous.startIndex  // where the walk is in `previous`, while it follows it
        func link(_ registration: _AnyRegistration, around next: Link) -> Link {
            if position < previous.endIndex, previous[position].registration === registration,
                previous[position].key == ObjectIdentifier(next)
            {
                // The entry's link holds the link it wraps, so the identity in the entry names a live link, which
                // can only be `next`: the registration wraps `next` in that link already.
                used.append(previous[position])
                position += 1
                return unsafeDowncast(previous[position - 1].link, to: Link.self)
            }
            position = previous.endIndex
            return self.link(registration, around: next, traced: traced, used: &used, shared: shared)
        }
        // The last level's overrides are the outermost; the other levels' form `inner`.
        let outermost = levels[levels.count - 1].overrides
        var next: Link
        if let inner {
            next = unsafeDowncast(inner, to: Link.self)
            position = previous.endIndex  // `previous` starts at the innermost link
        } else {
            next = innermostLink(traced: traced)
            for registration in overrides.array[outermost.count...].reversed() {
                next = link(registration, around: next)
            }
            inner = next
        }
        for registration in outermost.array.reversed() {
            next = link(registration, around: next)
        }
        return next
    }

    /// Makes sure a snapshot compiled from version `target` or newer is published before
    /// returning, so a registration applies to the caller's next call.
    ///
    /// Compiles outside the lock (providers are user code); if a newer change lands meanwhile,
    /// the stale result is dropped and the loop compiles again, unless another writer already
    /// published a version at least as new.
    ///
    /// The common change (a before or after hook registered or cancelled on a point whose hooks all apply to every
    /// receiver) takes a shorter path: its snapshot is made straight from the level, with no compile plan, cache or
    /// link bookkeeping. That path mentions no generic value type, so unspecialized code (the writer runs in this
    /// module, for every point's types) does not look their metadata up on every change.
    @inline(__always)
    func publish(atLeast requested: UInt64) {
        var target = requested
        // What the passes drop, released after the lock (see `_PointBookkeeping.lock`).
        var dead: [_AnyRegistration] = []
        defer { withExtendedLifetime(dead) {} }
        var lookedAtInstances = false
        while true {
            let step: _PublishStep = lock.withLock {
                guard publishedVersion < target else { return .upToDate }
                if !lookedAtInstances && !levels.instances.isEmpty {
                    let candidates = levels.instanceHoldersToCheck
                    if !candidates.isEmpty {
                        return .lookAtInstances(candidates)
                    }
                    lookedAtInstances = true
                }
                guard _GlobalRegistry.shared.isPlain, levels.types.isEmpty, levels.instances.isEmpty,
                    !levels.every.isEmpty, levels.every.overrides.isEmpty
                else { return .compile }
                return .beforeAndAfterHooks(levels.every, version: version)
            }
            switch step {
            case .upToDate:
                return
            case .lookAtInstances(let holders):
                // Dead objects' hooks are forgotten before compiling, without holding the live objects (see
                // `forgetDeadInstances(into:)`).
                lookedAtInstances = true
                if let removal = forgetDeadInstances(among: holders, into: &dead) {
                    target = max(target, removal)
                }
            case .beforeAndAfterHooks(let level, let planned):
                let snapshot = makeSnapshot(beforeAndAfterHooksOf: level, version: planned)
                var discarded: AnyObject?
                let installed = install(snapshot, compiledFrom: planned) { discarded = discardCompileCache() }
                withExtendedLifetime(discarded) {}  // released after the lock
                if installed {
                    return
                }
            case .compile:
                if compileAndPublish(atLeast: target) {
                    return
                }
            }
        }
    }

    /// Publishes `snapshot` (or, when `nil`, the unhooked path) compiled from version `planned`, and hands the snapshot
    /// it replaces to reclamation; `false`, publishing nothing, when a newer change landed meanwhile or a version at
    /// least as new is already published.
    ///
    /// `updateCache` brings ``compileCache`` in line with the snapshot, under the lock.
    @inline(__always)
    private func install(
        _ snapshot: Snapshot?, compiledFrom planned: UInt64, updatingCache updateCache: () -> Void
    ) -> Bool {
        let replaced: UInt? = lock.withLock {
            guard planned == version, planned > publishedVersion else { return nil }
            publishedVersion = planned
            updateCache()
            // The log of instance changes is kept from the position the cache reflects. With no object hooked, or no
            // shard in the cache (hooks switched off, or no hooked object when the snapshot was planned), all of it
            // goes: the next compilation with hooked objects builds every shard, and reads no log.
            if !levels.instanceChanges.isEmpty {
                let reflected =
                    levels.instances.isEmpty || compileCache.shards.isEmpty
                    ? levels.instanceChangesEnd : compileCache.instanceChangePosition
                levels.forgetInstanceChanges(before: reflected)
            }
            guard let snapshot else { return hk_point_cell_exchange(cell, 0) }
            return hk_point_cell_exchange(
                cell, UInt(bitPattern: Unmanaged<AnyObject>.passRetained(snapshot).toOpaque()))
        }
        guard let replaced else { return false }
        retire(replaced)
        return true
    }

    /// Hands the snapshot at `replaced`, which the cell no longer publishes, to reclamation, with its async holds;
    /// nothing when it is 0 (no snapshot was published).
    ///
    /// Inlined: in the writer's code, which is not specialized for the point's types, a call to a generic method of
    /// the protocol's extension costs about 150 instructions of metadata look-ups per publication.
    @inline(__always)
    private func retire(_ replaced: UInt) {
        if let snapshot = UnsafeMutableRawPointer(bitPattern: replaced) {
            _SnapshotReclamation.shared.retire(snapshot, holds: asyncHolds(of: snapshot), from: cell)
        }
    }

    /// Unpublishes the point for good, hands its last snapshot to reclamation and frees the cell: what the storage's
    /// `deinit` does.
    ///
    /// No call can be in progress: calls borrow the point, which owns the storage.
    func closeCell() {
        retire(hk_point_cell_exchange(cell, 0))
        hk_point_cell_destroy(cell)
    }

    /// One pass of the general compilation: plans under the lock, compiles outside it, and publishes unless a newer
    /// change landed meanwhile; `false` when the pass must be repeated.
    func compileAndPublish(atLeast target: UInt64) -> Bool {
        let plan: _CompilePlan? = lock.withLock {
            guard publishedVersion < target else { return nil }
            return _CompilePlan(
                levels: levels, version: version, configuration: _GlobalRegistry.shared.configuration,
                cache: compileCache)
        }
        guard let plan else { return true }
        var used: [_UsedLink] = []
        var cache = plan.cache
        let snapshot = compile(plan, cache: &cache, used: &used)
        // What the publication replaces, released after the lock (see `_PointBookkeeping.lock`).
        var replacedCache: _CompileCache?
        var replacedLinks: [[ObjectIdentifier: AnyObject]] = []
        let installed = install(snapshot, compiledFrom: plan.version) {
            replacedCache = compileCache
            compileCache = cache
            replacedLinks = remember(
                used, publication: plan.version, traced: plan.configuration.tracer != nil,
                publishesNothing: snapshot == nil,
                replacing: replacedCache.unsafelyUnwrapped)
        }
        withExtendedLifetime((replacedCache, replacedLinks)) {}
        return installed
    }

    /// ``compile(_:cache:used:)`` for a point whose hooks all apply to every receiver (global hooks, the common
    /// case): one chain and no scope index, without building the generic ``_ScopeIndex`` (in code that is not
    /// specialized, allocating it costs a look-up in the runtime's metadata cache).
    @inline(never)
    func compileEveryReceiverOnly(
        _ plan: _CompilePlan, tracer: HookTracer?, cache: inout _CompileCache, used: inout [_UsedLink]
    ) -> Snapshot {
        let levels = plan.levels
        let every: Chain
        if let cachedEvery = cache.every, cache.sharedGeneration == levels.sharedGeneration {
            every = unsafeDowncast(cachedEvery, to: Chain.self)
            used += cache.sharedLinks
        } else {
            var sharedLinks: [_UsedLink] = []
            var inner: AnyObject?
            every = chain(
                for: [levels.every], traced: tracer != nil, used: &sharedLinks, shared: [], previous: cache.sharedLinks,
                inner: &inner)
            if !cache.types.isEmpty {
                cache.types = []
            }
            (cache.sharedGeneration, cache.every, cache.sharedLinks) = (levels.sharedGeneration, every, sharedLinks)
            used += sharedLinks
        }
        if !cache.shards.isEmpty {
            cache.shards = []
        }
        return makeSnapshot(every: every, tracer: tracer, version: plan.version)
    }

    /// Keeps exactly the links the published snapshot uses; returns the link tables it replaced, for the caller to
    /// release after the lock.
    ///
    /// A registration that uses one link, and keeps that link alone already (an override whose inner links did not
    /// change: every override of a point hooked for every receiver, but the one registered or cancelled and those
    /// outside it), keeps its table as it is. Only the others get new tables, so that a change of one override among
    /// many allocates and frees a table for the links it changed, not one for every override.
    ///
    /// - Parameters:
    ///   - publication: The version of the snapshot being published, which marks the registrations counted.
    ///   - publishesNothing: Whether calls take the unhooked path from now on (hooks switched off, or none left).
    ///   - previous: The compile cache of the snapshot being replaced, whose links list the registrations that keep
    ///     links now.
    ///
    /// Called under the lock.
    @inline(__always)
    private func remember(
        _ used: [_UsedLink], publication: UInt64, traced: Bool, publishesNothing: Bool,
        replacing previous: borrowing _CompileCache
    ) -> [[ObjectIdentifier: AnyObject]] {
        guard !used.isEmpty else {
            // No override runs. While hooks are on, every registered override is compiled, so none keeps links. Once
            // they are switched off, the overrides still registered drop their links, whose closures hold the next
            // overrides' (a cancelled one among them) until hooks are switched on again.
            return publishesNothing ? forgetLinks(of: previous) : []
        }
        for entry in used {
            let registration = entry.registration
            if registration.linkCount.publication == publication {
                registration.linkCount.links += 1
            } else {
                registration.linkCount = (publication, 1)
            }
        }
        var replaced: [[ObjectIdentifier: AnyObject]] = []
        var several: [UInt64: [ObjectIdentifier: AnyObject]] = [:]
        for entry in used {
            let registration = entry.registration
            guard registration.linkCount.links == 1 else {
                several[registration.id, default: [:]][entry.key] = entry.link
                continue
            }
            let (kept, other) =
                traced ? (registration.tracedLinks, registration.links) : (registration.links, registration.tracedLinks)
            if kept.count == 1, other.isEmpty, let only = kept.first, only.key == entry.key, only.value === entry.link {
                continue  // already kept
            }
            keep([entry.key: entry.link], for: registration, traced: traced, replacing: &replaced)
        }
        guard !several.isEmpty else { return replaced }
        for entry in used {
            guard let links = several.removeValue(forKey: entry.registration.id) else { continue }  // one, or done
            keep(links, for: entry.registration, traced: traced, replacing: &replaced)
        }
        return replaced
    }

    /// Makes `links` the links `registration` keeps for chains traced or not, and empties the other table, appending
    /// both tables it replaces to `replaced`.
    @inline(__always)
    private func keep(
        _ links: [ObjectIdentifier: AnyObject], for registration: _AnyRegistration, traced: Bool,
        replacing replaced: inout [[ObjectIdentifier: AnyObject]]
    ) {
        replaced.append(registration.links)
        replaced.append(registration.tracedLinks)
        if traced {
            registration.tracedLinks = links
            registration.links = [:]
        } else {
            registration.links = links
            registration.tracedLinks = [:]
        }
    }

    /// Empties the links of the registrations that `cache`'s chains use, and returns the tables, for the caller to
    /// release after the lock.
    ///
    /// Called under the lock, when the published snapshot uses no link.
    private func forgetLinks(of cache: borrowing _CompileCache) -> [[ObjectIdentifier: AnyObject]] {
        var replaced: [[ObjectIdentifier: AnyObject]] = []
        for shard in cache.shards where !shard.links.isEmpty {
            forgetLinks(of: shard.links, into: &replaced)
        }
        forgetLinks(of: cache.sharedLinks, into: &replaced)
        return replaced
    }

    /// Empties the links of the registrations in `used` that keep any, appending the tables to `replaced`.
    private func forgetLinks(of used: [_UsedLink], into replaced: inout [[ObjectIdentifier: AnyObject]]) {
        for entry in used where !entry.registration.links.isEmpty || !entry.registration.tracedLinks.isEmpty {
            keep([:], for: entry.registration, traced: false, replacing: &replaced)
        }
    }

    /// Compiles a plan; `nil` when calls should take the unhooked path.
    ///
    /// Reuses the chains in `cache` whose levels did not change, and leaves in `cache` the
    /// chains of the result.
    @inline(__always)
    func compile(
        _ plan: _CompilePlan, cache: inout _CompileCache, used: inout [_UsedLink]
    ) -> Snapshot? {
        let levels = plan.levels
        guard plan.configuration.isEnabled, !levels.isEmpty else {
            // Nothing to run: keep no chain (and no hooked object's memory) alive.
            cache = _CompileCache()
            return nil
        }
        let tracer = plan.configuration.tracer
        let traced = tracer != nil
        if cache.traced != traced {
            cache = _CompileCache(traced: traced)
        }
        if levels.types.isEmpty && levels.instances.isEmpty {
            return compileEveryReceiverOnly(plan, tracer: tracer, cache: &cache, used: &used)
        }
        let every: Chain
        let types: [_TypeChains]
        if let cachedEvery = cache.every, cache.sharedGeneration == levels.sharedGeneration {
            every = unsafeDowncast(cachedEvery, to: Chain.self)
            types = cache.types
            used += cache.sharedLinks
        } else {
            // Every-receiver or type hooks changed: every chain depends on them.
            cache.shards = []
            var sharedLinks: [_UsedLink] = []
            var inner: AnyObject?
            every = chain(
                for: [levels.every], traced: traced, used: &sharedLinks, shared: [], previous: cache.sharedLinks,
                inner: &inner)
            let everyLink = everyReceiverLink(of: levels, in: sharedLinks)
            // A type's chain of the every-receiver level alone is the every-receiver chain; one of that level and one
            // of the type's is that type level's overrides around `everyLink`. Neither walks the every-receiver
            // overrides again, nor lists their links a second time. Returns the chain with its outermost override link.
            func typeChain(of typeLevels: [_LevelHooks]) -> (chain: Chain, link: AnyObject?) {
                guard typeLevels.count > 1 else { return (every, everyLink) }
                var inner = typeLevels.count == 2 ? everyLink : nil
                let chain = chain(
                    for: typeLevels, traced: traced, used: &sharedLinks, shared: [], previous: [], inner: &inner)
                // The last level's overrides are the outermost, the last links walked; without any, the other levels'.
                let outermost = typeLevels[typeLevels.count - 1].overrides.isEmpty ? inner : sharedLinks.last?.link
                return (chain, outermost)
            }
            types = levels.types.map { key, typeLevels in
                let exact = typeChain(of: levels.levels(forType: typeLevels.type))
                return _TypeChains(
                    type: key, exact: exact.chain,
                    inherited: typeChain(of: levels.levels(forType: typeLevels.type, includingExact: false)).chain,
                    exactLink: exact.link)
            }
            (cache.sharedGeneration, cache.every, cache.types, cache.sharedLinks) =
                (levels.sharedGeneration, every, types, sharedLinks)
            used += sharedLinks
        }
        let shards = compileInstances(levels, traced: traced, cache: &cache, used: &used)
        return makeSnapshot(every: every, types: types, shards: shards, tracer: tracer, version: plan.version)
    }

    /// The every-receiver chain's overrides as one link: that chain's outermost link, the last of its links, which come
    /// first in `links` (a compilation's shared links), one for each of its overrides; `nil` without such an override.
    ///
    /// Inlined, as ``retire(_:)`` is: the writer's code is not specialized for the point's types.
    @inline(__always)
    private func everyReceiverLink(of levels: _Levels, in links: [_UsedLink]) -> AnyObject? {
        let overrides = levels.every.overrides.count
        guard overrides != 0 else { return nil }
        // The chain's walk lists one link for each override, from the innermost out: the last is the first override in
        // call order.
        assert(
            links.count >= overrides
                && links[overrides - 1].registration === levels.every.overrides.first { _ in true },
            "the every-receiver chain's links are missing")
        return links[overrides - 1].link
    }

    /// Brings the shards of hooked objects in `cache` up to date with `levels`, compiling the chain of each object
    /// whose level changed, and returns the shards' tables for the snapshot.
    ///
    /// Only the shards of the objects logged in ``_Levels/instanceChanges`` since the cache's position are rebuilt;
    /// the others are shared with the snapshot being replaced. All of them are rebuilt when the cache holds none
    /// (every-receiver or type hooks changed, so every chain must be compiled again) or when the number of objects has
    /// moved far from what the number of shards suits (``_CompileCache/shardCount(forObjects:current:)``), reusing
    /// every chain whose level did not change. Appends to `used` the links of every shard's chains.
    private func compileInstances(
        _ levels: _Levels, traced: Bool, cache: inout _CompileCache, used: inout [_UsedLink]
    ) -> [_InstanceTable] {
        defer { cache.instanceChangePosition = levels.instanceChangesEnd }
        guard !levels.instances.isEmpty else {
            if !cache.shards.isEmpty {
                cache.shards = []
            }
            return []
        }
        let current = cache.shards.count
        let wanted = _CompileCache.shardCount(forObjects: levels.instances.count, current: current)
        // The link that the overrides of every level but the object's own form, for each type of hooked object: a
        // scoped type's exact chain's, else built by the first chain of that type and shared by the others.
        var innerLinks: [ObjectIdentifier: AnyObject] = [:]
        for typeChains in cache.types {
            if let link = typeChains.exactLink { innerLinks[typeChains.type] = link }
        }
        // For an object whose type has no hooks of its own, that link is the every-receiver chain's.
        let everyLink = everyReceiverLink(of: levels, in: cache.sharedLinks)
        if current != 0, wanted == current, let changes = levels.instanceChanges(since: cache.instanceChangePosition) {
            // Only the shards of the logged objects change: rebuilt from the objects they held and the logged ones they
            // did not (each once).
            let mask = current - 1
            func rebuild(_ index: Int, adding keys: [ObjectIdentifier]) {
                let old = cache.shards[index]
                var members = Array(old.instances.keys)
                if keys.count == 1 {
                    if old.instances[keys[0]] == nil { members.append(keys[0]) }
                } else {
                    var added: Set<ObjectIdentifier> = []
                    for key in keys where old.instances[key] == nil && added.insert(key).inserted {
                        members.append(key)
                    }
                }
                cache.shards[index] = buildShard(
                    of: members, levels, traced: traced, used: used, everyLink: everyLink, innerLinks: &innerLinks
                ) { old.instances[$0] }
            }
            if changes.count == 1 {
                // The common change: one object's hooks (no dictionary to group by shard).
                let key = changes[changes.startIndex]
                rebuild(_InstanceTable.shard(of: UInt(bitPattern: key), mask: mask), adding: [key])
            } else {
                var changed: [Int: [ObjectIdentifier]] = [:]
                for key in changes {
                    changed[_InstanceTable.shard(of: UInt(bitPattern: key), mask: mask), default: []].append(key)
                }
                for (index, keys) in changed {
                    rebuild(index, adding: keys)
                }
            }
        } else {
            let mask = wanted - 1
            var members = Array(repeating: [ObjectIdentifier](), count: wanted)
            for key in levels.instances.keys {
                members[_InstanceTable.shard(of: UInt(bitPattern: key), mask: mask)].append(key)
            }
            let old = cache.shards
            let oldMask = old.count - 1
            var shards: [_CompileCache.Shard] = []
            shards.reserveCapacity(wanted)
            for index in 0..<wanted {
                let shard = buildShard(
                    of: members[index], levels, traced: traced, used: used, everyLink: everyLink,
                    innerLinks: &innerLinks
                ) { key in
                    guard oldMask >= 0 else { return nil }
                    return old[_InstanceTable.shard(of: UInt(bitPattern: key), mask: oldMask)].instances[key]
                }
                shards.append(shard)
            }
            cache.shards = shards
        }
        var tables: [_InstanceTable] = []
        tables.reserveCapacity(cache.shards.count)
        for shard in cache.shards {
            tables.append(shard.table)
            if shard.table.hasOverride {
                used += shard.links
            }
        }
        return tables
    }

    /// Builds the shard of the hooked objects `keys` (each once; some may no longer be hooked), reusing each chain that
    /// `previous` finds compiled from the object's current level.
    ///
    /// An object that died since the writer looked (``_PointBookkeeping/forgetDeadInstances(into:)``) keeps its entry
    /// until the next change: its memory stays allocated while the entry exists, or, for an object whose identity a
    /// call confirms (``_WeakObject/checksIdentity``), the call finds it dead; either way no other object matches it.
    ///
    /// - Parameters:
    ///   - shared: The links built so far in this compilation, which chains reuse where they have the same override
    ///     around the same inner part.
    ///   - everyLink: The outermost link of the every-receiver chain, `nil` when it has no override: the inner link of
    ///     every object whose type has no hooks of its own (see `innerLinks`).
    ///   - innerLinks: For each type of hooked object, the link that the overrides of the levels other than the
    ///     object's own form: a scoped type's exact chain's, or the one the first chain of that type in this
    ///     compilation built. An object's chain is its own overrides around it: a change of every-receiver or type
    ///     hooks rebuilds each object's own links, not the whole chain through every override. Those inner links are
    ///     the chains of ``_CompileCache/every`` and ``_CompileCache/types``, whose links ``_CompileCache/sharedLinks``
    ///     lists. Only the first object of a type that has neither (an unscoped subclass of a scoped type) walks them,
    ///     and lists them too; the others list their own overrides' links only.
    private func buildShard(
        of keys: [ObjectIdentifier], _ levels: _Levels, traced: Bool, used shared: [_UsedLink], everyLink: AnyObject?,
        innerLinks: inout [ObjectIdentifier: AnyObject],
        reusing previous: (ObjectIdentifier) -> _CompileCache.Instance?
    ) -> _CompileCache.Shard {
        var instances: [ObjectIdentifier: _CompileCache.Instance] = [:]
        instances.reserveCapacity(keys.count)
        var objects: [_WeakObject] = []
        objects.reserveCapacity(keys.count)
        var chains: [AnyObject] = []
        chains.reserveCapacity(keys.count)
        var links: [_UsedLink] = []
        var hasOverride = false
        for position in 0..<keys.count {
            let key = keys[position]
            guard let level = levels.instances[key] else { continue }
            let compiled: _CompileCache.Instance
            if let cached = previous(key), cached.generation == level.generation, cached.object === level.object {
                compiled = cached
            } else {
                var chainLinks: [_UsedLink] = []
                let chainLevels = levels.levels(forType: level.object.dynamicType, object: key)
                let type = ObjectIdentifier(level.object.dynamicType)
                let chainHasOverride = chainLevels.contains { !$0.overrides.isEmpty }
                // Looked up only for a chain with an override: no other chain builds or uses the shared part. Levels
                // of every receiver and the object alone: the type has no hooks of its own.
                var inner = chainHasOverride ? (chainLevels.count == 2 ? everyLink : nil) ?? innerLinks[type] : nil
                let known = inner != nil
                let chain = self.chain(
                    for: chainLevels, traced: traced, used: &chainLinks, shared: shared, previous: [], inner: &inner)
                if chainHasOverride && !known { innerLinks[type] = inner }
                compiled = _CompileCache.Instance(
                    generation: level.generation, object: level.object, chain: chain, links: chainLinks,
                    hasOverride: chainHasOverride)
            }
            instances[key] = compiled
            objects.append(compiled.object)
            chains.append(compiled.chain)
            if !compiled.links.isEmpty {
                links += compiled.links
            }
            hasOverride = hasOverride || compiled.hasOverride
        }
        let table = _InstanceTable(objects: objects, chains: chains, overrides: hasOverride)
        return _CompileCache.Shard(instances: instances, table: table, links: links)
    }
}
