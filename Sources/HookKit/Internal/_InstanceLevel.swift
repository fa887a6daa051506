/// The level one hooked object contributes.
struct _InstanceLevel {
    let object: _WeakObject
    var hooks = _LevelHooks()
    /// Changes whenever ``hooks`` changes, so a compiled chain can be reused while it does not.
    var generation: UInt64 = 0
}
