/// The level one hooked object contributes.
struct _InstanceLevel<Receiver, Arguments, Result, Failure: Error> {
    let object: _WeakObject
    var hooks = _LevelHooks<Receiver, Arguments, Result, Failure>()
}
