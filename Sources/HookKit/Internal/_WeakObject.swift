/// A hooked instance, held so that it is never kept alive and never mistaken for another.
///
/// - The `weak` reference tells whether the object is still alive (`nil` once it died), so the
///   registration can be dropped and its storage reclaimed.
/// - The `unowned` reference keeps the object's *memory* allocated (not the object alive: its
///   `deinit` runs as usual) until this holder goes away. While a hook's entry exists, no other
///   object can therefore be allocated at its address, and a call can identify the hooked object
///   by address alone, without loading the weak reference.
@usableFromInline
final class _WeakObject: @unchecked Sendable {
    @usableFromInline weak var object: AnyObject?
    private unowned(safe) let anchor: AnyObject
    @usableFromInline let identifier: ObjectIdentifier
    let dynamicType: Any.Type
    let address: UInt

    init(_ object: AnyObject) {
        self.object = object
        self.anchor = object
        self.identifier = ObjectIdentifier(object)
        self.dynamicType = type(of: object)
        self.address = UInt(bitPattern: identifier)
    }

    /// Whether the referenced object is still alive.
    var isAlive: Bool { object != nil }
}
