/// The two levels a scoped type contributes: hooks for the type and its subtypes, and hooks
/// for exactly the type.
struct _TypeLevels<Receiver, Arguments, Result, Failure: Error> {
    let type: Any.Type
    var subtypes = _LevelHooks<Receiver, Arguments, Result, Failure>()
    var exact = _LevelHooks<Receiver, Arguments, Result, Failure>()

    var isEmpty: Bool { subtypes.isEmpty && exact.isEmpty }
}
