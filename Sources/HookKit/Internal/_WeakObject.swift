/// A weak reference to a hooked instance, with the facts about it that outlive it.
///
/// The identifier is only a lookup key: after the object dies, another object may get the same
/// address. ``isIdentical(to:)`` therefore also loads the weak reference, which is `nil` for a
/// dead object, so a newcomer at the same address is never mistaken for it.
@usableFromInline
final class _WeakObject: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?
    @usableFromInline let identifier: ObjectIdentifier
    let dynamicType: Any.Type
    let address: UInt

    init(_ object: AnyObject) {
        self.object = object
        self.identifier = ObjectIdentifier(object)
        self.dynamicType = type(of: object)
        self.address = UInt(bitPattern: identifier)
    }

    /// Whether the referenced object is still alive.
    var isAlive: Bool { object != nil }

    /// Whether `candidate` is the referenced object itself (not a successor at its address).
    @usableFromInline
    func isIdentical(to candidate: AnyObject) -> Bool {
        object === candidate
    }
}
