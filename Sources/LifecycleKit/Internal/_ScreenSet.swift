/// Screens by identity, in the order they were added: a search of the list while it holds few, a hash set of their
/// identities once it holds more.
///
/// Transitions ask "is this screen among those?" of lists that hold one or two screens in nearly every call, and
/// thousands when a container with that many children goes on or off screen: a hash set costs the small lists an
/// allocation and hashing, a search costs the large ones time in proportion to the square of their size.
struct _ScreenSet {
    /// The screens, in the order they were added.
    private(set) var screens: [Screen]
    /// The screens' identities, once there are more than ``linearLimit``.
    private var identities: Set<ObjectIdentifier>?

    /// The most screens searched one by one.
    static let linearLimit = 16

    /// A set of `screens` (a screen they repeat is kept twice in ``screens``, and found all the same).
    init(_ screens: [Screen] = []) {
        self.screens = screens
        if screens.count > Self.linearLimit {
            identities = Set(screens.map(ObjectIdentifier.init))
        }
    }

    /// Whether `screen` is in the set.
    func contains(_ screen: Screen) -> Bool {
        if let identities {
            return identities.contains(ObjectIdentifier(screen))
        }
        return screens.contains { $0 === screen }
    }

    /// Adds `screen` at the end unless it is in the set already; whether it was added.
    @discardableResult
    mutating func insert(_ screen: Screen) -> Bool {
        if identities != nil {
            guard identities?.insert(ObjectIdentifier(screen)).inserted == true else { return false }
        } else {
            guard !screens.contains(where: { $0 === screen }) else { return false }
            if screens.count == Self.linearLimit {
                identities = Set(screens.map(ObjectIdentifier.init) + [ObjectIdentifier(screen)])
            }
        }
        screens.append(screen)
        return true
    }
}
