/// Per-type on/off switches, matched on a type and its superclasses: the most specific switch wins.
struct _TypeSwitches: Sendable, Hashable {
    private var switches: [ObjectIdentifier: Bool] = [:]

    /// Sets the switch of `type` (and, unless they have their own, its subtypes); `nil` removes it.
    mutating func set(_ enabled: Bool?, for type: Screen.Type) {
        switches[ObjectIdentifier(type)] = enabled
    }

    /// The switch of `type` itself, or of its nearest superclass that has one.
    func value(for type: Screen.Type) -> Bool? {
        guard !switches.isEmpty else { return nil }
        for identifier in ScreenTypeSet._lineage(of: type) {
            if let enabled = switches[identifier] { return enabled }
        }
        return nil
    }
}
