/// The chains of a published snapshot, with what they were compiled from, so that the next compilation reuses every
/// chain whose levels did not change.
///
/// Registering a hook on one object then rebuilds that object's chain and its shard of the instance index only, not
/// every object's.
///
/// Not generic: chains are stored as `AnyObject` (a `_Chain` or an `_AsyncChain` of the point's types) and cast back
/// with `unsafeDowncast` where they are read. The writer's code is not specialized for a point's types, so a generic
/// cache cost a look-up in the runtime's metadata cache (hundreds of instructions) at each access: most of what a
/// registration cost.
struct _CompileCache {
    /// A compiled chain of one object, and the level generation it was compiled from.
    final class Instance {
        let generation: UInt64
        let object: _WeakObject
        /// The object's chain (a `_Chain` or an `_AsyncChain` of the point's types).
        let chain: AnyObject
        /// The links the chain walked: its object's overrides, around a part that the chains of other objects of its
        /// type share (see ``_PointCompiling/outermostLink(of:in:traced:used:shared:previous:inner:)``), whose links
        /// only the chain that built that part in its compilation lists (they are also ``sharedLinks``).
        let links: [_UsedLink]
        /// Whether the chain has an override (its own, or one of the part it shares).
        let hasOverride: Bool

        init(generation: UInt64, object: _WeakObject, chain: AnyObject, links: [_UsedLink], hasOverride: Bool) {
            self.generation = generation
            self.object = object
            self.chain = chain
            self.links = links
            self.hasOverride = hasOverride
        }
    }

    /// One shard of the hooked objects (see ``_InstanceTable``): the compiled chain of each of its objects, the table
    /// a snapshot shares, and the links its chains use.
    final class Shard {
        /// Each object's compiled chain.
        let instances: [ObjectIdentifier: Instance]
        let table: _InstanceTable
        /// The links the shard's chains walked (see ``Instance/links``).
        let links: [_UsedLink]

        init(instances: [ObjectIdentifier: Instance], table: _InstanceTable, links: [_UsedLink]) {
            self.instances = instances
            self.table = table
            self.links = links
        }
    }

    var traced = false
    /// The shared generation ``every`` and ``types`` were compiled from; `nil` when empty.
    var sharedGeneration: UInt64?
    var every: AnyObject?
    var types: [_TypeChains] = []
    var sharedLinks: [_UsedLink] = []
    /// The shards of the hooked objects: a power of two of them, or none.
    var shards: [Shard] = []
    /// The position in the point's log of instance changes (``_Levels/instanceChanges``) up to which ``shards``
    /// reflect them.
    var instanceChangePosition: UInt64 = 0

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
