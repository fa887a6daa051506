/// The level one hooked object contributes.
struct _InstanceLevel<Receiver, Arguments, Result, Failure: Error> {
    let object: _WeakObject
    var hooks = _LevelHooks<Receiver, Arguments, Result, Failure>()
    /// Changes whenever ``hooks`` changes, so a compiled chain can be reused while it does not.
    var generation: UInt64 = 0
}
