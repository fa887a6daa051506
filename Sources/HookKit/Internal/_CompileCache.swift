/// The chains of a published snapshot, with what they were compiled from, so that the next compilation reuses every
/// chain whose levels did not change.
///
/// Registering a hook on one object then rebuilds that object's chain and its shard of the instance index only, not
/// every object's.
struct _CompileCache<Receiver, Chain: AnyObject, Registration: _LinkCaching> {
    /// A compiled chain of one object, and the level generation it was compiled from.
    final class Instance {
        let generation: UInt64
        let object: _WeakObject
        let chain: Chain
        let links: [_UsedLink<Registration>]
        /// Whether `links` holds any: read by every compilation for every object it rebuilds, where asking the array
        /// would look up its generic metadata (unspecialized code, about 700 instructions each time).
        let hasLinks: Bool

        init(generation: UInt64, object: _WeakObject, chain: Chain, links: [_UsedLink<Registration>]) {
            self.generation = generation
            self.object = object
            self.chain = chain
            self.links = links
            self.hasLinks = !links.isEmpty
        }
    }

    /// One shard of the hooked objects (see ``_InstanceTable``): the compiled chain of each of its objects, the table
    /// a snapshot shares, and the links its chains use.
    final class Shard {
        /// Each object's ``Instance``, stored as `AnyObject` (see ``_CompileCache/instance(_:in:)``).
        let instances: [ObjectIdentifier: AnyObject]
        let table: _InstanceTable
        /// The links of the shard's chains: some exactly when a chain has an override (``_InstanceTable/hasOverride``,
        /// which the compilation asks instead of the array: see ``Instance/hasLinks``).
        let links: [_UsedLink<Registration>]

        init(instances: [ObjectIdentifier: AnyObject], table: _InstanceTable, links: [_UsedLink<Registration>]) {
            self.instances = instances
            self.table = table
            self.links = links
        }
    }

    var traced = false
    /// The shared generation ``every`` and ``types`` were compiled from; `nil` when empty.
    var sharedGeneration: UInt64?
    var every: Chain?
    var types: [_ScopeIndex<Receiver, Chain>.TypeEntry] = []
    var sharedLinks: [_UsedLink<Registration>] = []
    /// The shards of the hooked objects (a power of two of them, or none), each a ``Shard`` stored as `AnyObject`: an
    /// array of a concrete type is specialized, where one of `Shard`s would be generic code that looks up metadata
    /// for every access.
    var shards: [AnyObject] = []
    /// The position in the point's log of instance changes (``_Levels/instanceChanges``) up to which ``shards``
    /// reflect them.
    var instanceChangePosition: UInt64 = 0

    /// The shard at `index`.
    @inline(__always)
    func shard(_ index: Int) -> Shard {
        unsafeDowncast(shards[index], to: Shard.self)
    }

    /// The compiled chain of the object `key` in `shard`, if it holds one.
    @inline(__always)
    static func instance(_ key: ObjectIdentifier, in shard: Shard) -> Instance? {
        guard let stored = shard.instances[key] else { return nil }
        return unsafeDowncast(stored, to: Instance.self)
    }

    /// How many shards the objects of a point with `count` hooked objects are spread over, given the `current` number
    /// (0 when the cache holds none).
    ///
    /// About the square root of eight times their number, rounded up to a power of two, so that a change rebuilds a
    /// shard of about `sqrt(count / 8)` objects and copies about `sqrt(8 count)` references to shards. The current
    /// number stays while it is within a factor of two of that, so that objects hooked and unhooked around a
    /// boundary do not rebuild every shard at each change. A few objects share one shard: the index goes from one
    /// shard to several past 32 objects, and back to one at 8 or fewer.
    static func shardCount(forObjects count: Int, current: Int) -> Int {
        var wanted = 1
        while wanted * wanted < 8 * count { wanted *= 2 }
        if current <= 1 {
            return count <= 32 ? 1 : wanted
        }
        if count <= 8 {
            return 1
        }
        return current <= 2 * wanted && wanted <= 2 * current ? current : wanted
    }
}
