/// What a writer's pass does next, decided under the point's lock (see ``_PointCompiling/publish(atLeast:)``).
///
/// Not generic: deciding it touches no type that depends on the point's types, whose metadata unspecialized code would
/// look up in the runtime's cache on every change.
enum _PublishStep {
    /// A snapshot compiled from the requested version or a newer one is already published.
    case upToDate
    /// First, find out outside the lock which of these hooked objects, the ones that may have died, did die (see
    /// ``_PointBookkeeping/forgetDeadInstances(among:into:)``).
    case lookAtInstances([_WeakObject])
    /// Every hook applies to every receiver and none is an override, and calls are not traced: the snapshot is one
    /// chain of before and after hooks, made from `level` without the compile cache.
    case beforeAndAfterHooks(_LevelHooks, version: UInt64)
    /// Anything else: scoped hooks, overrides, tracing, or nothing to run.
    case compile
}
