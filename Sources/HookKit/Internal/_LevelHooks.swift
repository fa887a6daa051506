/// The hooks of one level of the order contract (every receiver, one type's subtypes, one exact
/// type, or one object), each kind kept sorted in call order as it is registered.
///
/// Call order within a level: higher ``HookDescription/priority`` sits further out, so its
/// before hook runs earlier, its after hook later and its override wraps the others; at equal
/// priority before hooks run oldest first, after hooks newest first, and the newest override is
/// the outermost.
struct _LevelHooks {
    typealias Registration = _AnyRegistration

    /// Before hooks in the order they run.
    private(set) var befores = _RegistrationList()
    /// Overrides, outermost first.
    private(set) var overrides = _RegistrationList()
    /// After hooks in the order they run.
    private(set) var afters = _RegistrationList()

    var isEmpty: Bool { befores.isEmpty && overrides.isEmpty && afters.isEmpty }

    /// Inserts a registration newer than every registration already in the level.
    mutating func insert(_ registration: Registration) {
        let priority = registration.priority
        switch registration.kind {
        case .before:
            // Priority descending; the newest goes after its equals.
            befores.insert(registration) { $0.priority < priority }
        case .override:
            // Priority descending; the newest goes before its equals (outermost).
            overrides.insert(registration) { $0.priority <= priority }
        case .after:
            // Priority ascending; the newest goes before its equals.
            afters.insert(registration) { $0.priority >= priority }
        }
    }

    /// Removes the registration with `id`; `false` if the level does not hold it.
    mutating func remove(_ id: UInt64) -> Bool {
        befores.remove(id) || overrides.remove(id) || afters.remove(id)
    }

    /// The registrations a call runs for `levels` (most general first), in call order: before
    /// hooks general to specific, overrides and after hooks specific to general.
    static func callOrder(
        of levels: [Self]
    ) -> (befores: _RegistrationList, overrides: _RegistrationList, afters: _RegistrationList) {
        if levels.count == 1 {
            return (levels[0].befores, levels[0].overrides, levels[0].afters)  // the every-receiver chain
        }
        // Loops rather than `map(\.befores)` and the like: a key path costs about 150 instructions per level, and a
        // compilation joins the levels of every hooked object's chain.
        var befores = _RegistrationList()
        var overrides = _RegistrationList()
        var afters = _RegistrationList()
        for index in 0..<levels.count {
            befores.append(contentsOf: levels[index].befores)
            overrides.append(contentsOf: levels[levels.count - 1 - index].overrides)
            afters.append(contentsOf: levels[levels.count - 1 - index].afters)
        }
        return (befores, overrides, afters)
    }

    /// All registrations of the level.
    var all: [Registration] { befores.array + overrides.array + afters.array }
}
