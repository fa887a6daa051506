/// The two levels a scoped type contributes: hooks for the type and its subtypes, and hooks
/// for exactly the type.
struct _TypeLevels {
    let type: Any.Type
    var subtypes = _LevelHooks()
    var exact = _LevelHooks()

    var isEmpty: Bool { subtypes.isEmpty && exact.isEmpty }
}
