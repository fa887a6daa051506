/// The hooks of one level of the order contract (every receiver, one type's subtypes, one exact
/// type, or one object), each kind kept sorted in call order as it is registered.
///
/// Call order within a level: higher ``HookDescription/priority`` sits further out, so its
/// before hook runs earlier, its after hook later and its override wraps the others; at equal
/// priority before hooks run oldest first, after hooks newest first, and the newest override is
/// the outermost.
struct _LevelHooks<Receiver, Arguments, Result, Failure: Error> {
    typealias Registration = _Registration<Receiver, Arguments, Result, Failure>

    /// Before hooks in the order they run.
    private(set) var befores: [Registration] = []
    /// Overrides, outermost first.
    private(set) var overrides: [Registration] = []
    /// After hooks in the order they run.
    private(set) var afters: [Registration] = []

    var isEmpty: Bool { befores.isEmpty && overrides.isEmpty && afters.isEmpty }

    /// Inserts a registration newer than every registration already in the level.
    mutating func insert(_ registration: Registration) {
        let priority = registration.priority
        switch registration.kind {
        case .before:
            // Priority descending; the newest goes after its equals.
            befores.insert(registration, at: Self.firstIndex(in: befores) { $0.priority < priority })
        case .override:
            // Priority descending; the newest goes before its equals (outermost).
            overrides.insert(registration, at: Self.firstIndex(in: overrides) { $0.priority <= priority })
        case .after:
            // Priority ascending; the newest goes before its equals.
            afters.insert(registration, at: Self.firstIndex(in: afters) { $0.priority >= priority })
        }
    }

    /// Removes the registration with `id`; `false` if the level does not hold it.
    mutating func remove(_ id: UInt64) -> Bool {
        if let index = befores.lastIndex(where: { $0.id == id }) {
            befores.remove(at: index)
        } else if let index = overrides.firstIndex(where: { $0.id == id }) {
            overrides.remove(at: index)
        } else if let index = afters.firstIndex(where: { $0.id == id }) {
            afters.remove(at: index)
        } else {
            return false
        }
        return true
    }

    /// The registrations a call runs for `levels` (most general first), in call order: before
    /// hooks general to specific, overrides and after hooks specific to general.
    static func callOrder(
        of levels: [Self]
    ) -> (befores: [Registration], overrides: [Registration], afters: [Registration]) {
        var befores: [Registration] = []
        var overrides: [Registration] = []
        var afters: [Registration] = []
        for level in levels {
            befores += level.befores
        }
        for level in levels.reversed() {
            overrides += level.overrides
            afters += level.afters
        }
        return (befores, overrides, afters)
    }

    /// All registrations of the level.
    var all: [Registration] { befores + overrides + afters }

    /// The first index whose element satisfies `isPast`, which must be false then true along
    /// the array (binary search).
    private static func firstIndex(in array: [Registration], where isPast: (Registration) -> Bool) -> Int {
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(array[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
