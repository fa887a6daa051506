/// The chains of a published snapshot, with what they were compiled from, so that the next compilation reuses every
/// chain whose levels did not change.
///
/// Registering a hook on one object then rebuilds that object's chain only, not every object's.
struct _CompileCache<Receiver, Chain: AnyObject, Registration: _LinkCaching> {
    /// A compiled chain of one object, and the level generation it was compiled from.
    final class Instance {
        let generation: UInt64
        let entry: _ScopeIndex<Receiver, Chain>.InstanceEntry
        let links: [_UsedLink<Registration>]
        /// Whether `links` holds any: read by every compilation for every object, where asking the array would look
        /// up its generic metadata (unspecialized code, about 700 instructions each time).
        let hasLinks: Bool

        init(generation: UInt64, entry: _ScopeIndex<Receiver, Chain>.InstanceEntry, links: [_UsedLink<Registration>]) {
            self.generation = generation
            self.entry = entry
            self.links = links
            self.hasLinks = !links.isEmpty
        }
    }

    var traced = false
    /// The shared generation ``every`` and ``types`` were compiled from; `nil` when empty.
    var sharedGeneration: UInt64?
    var every: Chain?
    var types: [_ScopeIndex<Receiver, Chain>.TypeEntry] = []
    var sharedLinks: [_UsedLink<Registration>] = []
    /// Each hooked object's ``Instance``, stored as `AnyObject`; read it with ``instance(_:)``.
    ///
    /// A dictionary of concrete types is specialized, where one of `Instance`s would be generic code that looks up
    /// metadata for every access, and the compilation reads it once per hooked object.
    var instances: [ObjectIdentifier: AnyObject] = [:]

    /// The compiled chain of the object `key`, if the cache holds one.
    @inline(__always)
    func instance(_ key: ObjectIdentifier) -> Instance? {
        guard let stored = instances[key] else { return nil }
        return unsafeDowncast(stored, to: Instance.self)
    }
}
