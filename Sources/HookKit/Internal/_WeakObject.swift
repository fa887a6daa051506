import Synchronization
import _HookKitRuntime

#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// A hooked instance, held so that it is never kept alive and never mistaken for another.
///
/// - The `weak` reference tells whether the object is still alive (`nil` once it died), so the
///   registration can be dropped and its storage reclaimed.
/// - The `unowned` reference keeps the object's *memory* allocated (not the object alive: its
///   `deinit` runs as usual) until this holder goes away. While a hook's entry exists, no other
///   object can therefore be allocated at its address, and a call can identify the hooked object
///   by address alone, without loading the weak reference.
/// - Objective-C objects on Apple platforms are the exception: the runtime implements `unowned`
///   references to them as weak references, which keep no memory, so a dead object's address can be
///   reused while its entry exists. For them (``checksIdentity``), a call whose receiver is at the
///   entry's address also loads the weak reference: the entry matches only while its object lives.
@usableFromInline
final class _WeakObject: @unchecked Sendable {
    @usableFromInline weak let object: AnyObject?
    /// Keeps the object's memory; `nil` when an `unowned` reference would not (``checksIdentity``).
    private unowned(safe) let anchor: AnyObject?
    @usableFromInline let identifier: ObjectIdentifier
    let dynamicType: Any.Type
    let address: UInt
    /// Whether a call at ``address`` must confirm through the weak reference that the object there is still this
    /// one: the object's memory may be reused while this holder exists.
    let checksIdentity: Bool
    /// ``address`` with its low bit set when ``checksIdentity`` is (objects are aligned, so the bit is free): the key
    /// under which instance tables and the death check keep the object.
    var taggedAddress: UInt { checksIdentity ? address | 1 : address }

    /// Makes every object registered from now on be held as an Objective-C object is on Apple platforms, without an
    /// `unowned` reference to keep its memory (for tests, which run on Linux, of the identity check).
    static let holdsObjectsAsObjectiveCObjectsForTesting = Atomic<Bool>(false)

    init(_ object: AnyObject) {
        let checksIdentity = !Self.unownedReferenceKeepsMemory(of: object)
        self.object = object
        self.anchor = checksIdentity ? nil : object
        self.identifier = ObjectIdentifier(object)
        self.dynamicType = type(of: object)
        self.address = UInt(bitPattern: identifier)
        self.checksIdentity = checksIdentity
    }

    /// Whether the referenced object is still alive (its `deinit` has not begun, as weak references read it).
    ///
    /// For an object whose memory the `unowned` reference keeps, the runtime's reference count is read where it lies,
    /// without the retain and release (through the object's side table) of a weak load, as the death check of every
    /// change does for every hooked object (``_WatchedObjects``).
    var isAlive: Bool {
        checksIdentity ? object != nil : !Self.isDeinitializing(nativeObjectAt: address)
    }

    /// Whether the native Swift object at `address`, whose memory an `unowned` reference keeps, has begun its
    /// `deinit`: its reference count, read where it lies (no retain, so no `deinit` can run here).
    static func isDeinitializing(nativeObjectAt address: UInt) -> Bool {
        hk_object_is_deinitializing(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// Whether an `unowned` reference to `object` keeps its memory allocated: true for Swift's native reference
    /// counting, false for Objective-C objects (where the Objective-C runtime exists: classes whose root is not
    /// Swift's, such as `NSObject` and `NSProxy` and their subclasses).
    static func unownedReferenceKeepsMemory(of object: AnyObject) -> Bool {
        if holdsObjectsAsObjectiveCObjectsForTesting.load(ordering: .relaxed) { return false }
        #if canImport(ObjectiveC)
        var root: AnyClass = type(of: object)
        while let superclass = class_getSuperclass(root) { root = superclass }
        return swiftRootClassNames.contains(String(cString: class_getName(root)))
        #else
        return true
        #endif
    }

    #if canImport(ObjectiveC)
    /// The names the Objective-C runtime gives the root class of Swift's native classes, `Swift._SwiftObject`.
    ///
    /// An object of any other root is treated as an Objective-C object: were the root named otherwise, Swift objects
    /// would only pay an identity check they do not need.
    private static let swiftRootClassNames: Set<String> = ["_TtCs12_SwiftObject", "Swift._SwiftObject"]
    #endif
}
