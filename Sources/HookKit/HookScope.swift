/// The receivers a hook applies to: every receiver, a type and its subtypes, exactly one type,
/// or one object.
///
/// ```swift
/// try Screen.viewDidAppear.before(.all) { screen, _ in log(screen) }               // every screen
/// try Screen.viewDidAppear.before(.type(ProductScreen.self)) { screen, _ in }       // and subclasses
/// try Screen.viewDidAppear.before(.exactType(ProductScreen.self)) { screen, _ in }  // not subclasses
/// try Screen.viewDidAppear.before(.instance(cartScreen)) { screen, _ in }           // one object
/// ```
///
/// A type scope must name the point's receiver type or one of its subtypes; any other type is
/// refused at registration with ``HookError/Code-swift.struct/incompatibleScopeType``. Hooking a
/// subclass never affects its superclass or its siblings: the classic swizzling bug cannot happen.
///
/// An instance scope holds its object weakly: it never keeps the object alive, never fires for
/// another object that later reuses the dead object's address, and its storage is reclaimed after
/// the object dies, at the point's next successful registration or cancellation, or introspection, or by
/// ``Hooks/removeExpiredInstanceHooks()``. A method the object calls from its own `deinit` still runs
/// the object's instance hooks, although weak references to the object (and ``HookToken/isActive``)
/// already read it as gone: a hook can see its object's last calls, until the point next changes. The
/// object counts as dead from the start of its `deinit`, so the first of those reclamations made meanwhile,
/// on any thread (a `once` hook that fires is a cancellation; changing ``Hooks/tracer`` or ``Hooks/isEnabled``
/// recompiles every point and reclaims too), removes its hooks: the `deinit`'s calls after it run without
/// them. An instance hook registered for the object during its `deinit` is inactive from the start and
/// never runs. Objective-C objects on Apple platforms (such as view controllers) are the exception:
/// HookKit cannot keep a dead one's address from being reused, so a call on one that has instance hooks
/// confirms that it is alive (a weak-reference load: a lock and a retain in the Objective-C runtime, where
/// the rest of the call path writes nothing shared), and methods called from its `deinit` run without the
/// instance hooks.
public struct HookScope<Receiver> {
    enum Kind {
        case all
        case type(Any.Type, exact: Bool)
        case instance(AnyObject)
    }

    let kind: Kind

    /// Every receiver of the point: the outermost (most general) level of the order contract.
    public static var all: HookScope { HookScope(kind: .all) }

    /// Receivers whose dynamic type is `type` or one of its subtypes (subclasses, for classes).
    ///
    /// - Parameter type: The point's receiver type or a subtype of it; not an existential (`any Renderer`): a point
    ///   that hooks a protocol (or `AnyObject`, or `Any`) takes ``all`` or ``object(_:)`` scopes only. Not on a
    ///   point that hooks class methods (receivers `Feed.Type`), whose metatypes have no superclass to follow: use
    ///   ``exactType(_:)`` there.
    public static func type(_ type: Any.Type) -> HookScope {
        HookScope(kind: .type(type, exact: false))
    }

    /// Receivers whose dynamic type is exactly `type`: subtypes are not included.
    ///
    /// - Parameter type: The point's receiver type or a subtype of it; not an existential (a point that hooks a
    ///   protocol, `AnyObject` or `Any` takes no type scope). On a point that hooks class methods, the metatype of the
    ///   class or of one of its subclasses (`CachedFeed.Type.self`).
    public static func exactType(_ type: Any.Type) -> HookScope {
        HookScope(kind: .type(type, exact: true))
    }

    /// One object, held weakly by the registration.
    ///
    /// The scope value itself holds the object strongly until it is dropped: keep it no longer than the registration
    /// needs it. Only available when the receiver is a class: value receivers have no identity, so the
    /// instance scope does not compile for them. The hook's closure must not capture the object
    /// strongly: HookKit keeps the closure until the hook is cancelled or, once the object died, until the point's
    /// next successful registration or cancellation, or introspection (or ``Hooks/removeExpiredInstanceHooks()``),
    /// removes the hook, so such a capture keeps the object alive. Use the receiver the hook is given, which is that
    /// object.
    public static func instance(_ object: Receiver) -> HookScope where Receiver: AnyObject {
        HookScope(kind: .instance(object))
    }

    /// One object, for points whose receiver type is a protocol or another non-class type.
    ///
    /// The object must be a `Receiver`. Registration throws ``HookError/Code-swift.struct/objectIsNotAReceiver``
    /// otherwise, and ``HookError/Code-swift.struct/instanceScopeNeedsObjectReceiver`` for a receiver that is not
    /// itself an object (a value, a metatype or an optional passed as `AnyObject` is boxed, and a box has no identity
    /// of its own), on every point, those whose receivers are `AnyObject`, `Any` or a protocol that Foundation's box
    /// conforms to as an `NSObject` (`any Hashable`) included, and for any object on a point whose receivers are `any
    /// Error`: an error reaches each call in a box of its own, a new one for each conversion, so no call can be matched
    /// to the object (test the error inside an every-receiver hook: `(error as? MyError) === object`). In a program
    /// that uses Foundation (on Linux as on Apple platforms), a value that Foundation bridges to one of its own objects
    /// instead of a box (`nil` to `NSNull`, a number to `NSNumber`, a string to `NSString`) cannot be told from an
    /// object the app made: it is accepted, and its hooks run only for calls passed that same object.
    public static func object(_ object: AnyObject) -> HookScope {
        HookScope(kind: .instance(object))
    }
}
