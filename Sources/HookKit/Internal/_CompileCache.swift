/// The chains of a published snapshot, with what they were compiled from, so that the next compilation reuses every
/// chain whose levels did not change.
///
/// Registering a hook on one object then rebuilds that object's chain only, not every object's.
struct _CompileCache<Receiver, Chain: AnyObject, Registration: _LinkCaching> {
    /// A compiled chain of one object, and the level generation it was compiled from.
    struct Instance {
        let generation: UInt64
        let entry: _ScopeIndex<Receiver, Chain>.InstanceEntry
        let links: [_UsedLink<Registration>]
    }

    var traced = false
    /// The shared generation ``every`` and ``types`` were compiled from; `nil` when empty.
    var sharedGeneration: UInt64?
    var every: Chain?
    var types: [_ScopeIndex<Receiver, Chain>.TypeEntry] = []
    var sharedLinks: [_UsedLink<Registration>] = []
    var instances: [ObjectIdentifier: Instance] = [:]
}
