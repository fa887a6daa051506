/// Checking a requested scope against a point's receiver type.
extension _ResolvedScope {
    /// The validated form of `scope`, for the hook labelled `label` on a point named `pointName` whose receivers are
    /// `Receiver`s.
    ///
    /// Shared by every kind of point, so that synchronous and async points refuse the same scopes with the same
    /// typed errors, which name the hook's label (``HookError/label``).
    ///
    /// - Throws: ``HookError/Code-swift.struct/incompatibleScopeType`` for any type scope on a point whose receivers
    ///   are an existential (a protocol, `AnyObject`, `Any`) or an existential metatype (`any P.Type`, `AnyClass`),
    ///   for a type that is neither `Receiver` nor a subtype of it, or that is an existential, or for a non-exact type
    ///   scope on a point whose receivers are classes (class methods);
    ///   ``HookError/Code-swift.struct/instanceScopeNeedsObjectReceiver`` for an instance scope on a value-type
    ///   receiver, or given a value (or a metatype) boxed as an object;
    ///   ``HookError/Code-swift.struct/objectIsNotAReceiver`` for an object that is not a `Receiver`.
    static func resolve<Receiver>(
        _ scope: HookScope<Receiver>, pointName name: String, label: String?
    ) throws(HookError) -> Self {
        do throws(HookError) {
            return try resolution(of: scope, pointName: name)
        } catch {
            throw error.refusing(hookLabelled: label)
        }
    }

    /// ``resolve(_:pointName:label:)``, whose errors do not name the label yet.
    private static func resolution<Receiver>(
        of scope: HookScope<Receiver>, pointName name: String
    ) throws(HookError) -> Self {
        switch scope.kind {
        case .all:
            return .all
        case .type(let type, let exact):
            if let receiverClass = _TypeKind.classOfMetatype(Receiver.self) {
                return try resolveClassMethodScope(type, exact: exact, receiverClass: receiverClass, pointName: name)
            }
            if _TypeKind.isExistential(Receiver.self) || _TypeKind.isExistentialMetatype(Receiver.self) {
                // `Circle.self is (any Shape).Type` is false although `Circle` conforms: a protocol's (or
                // `AnyObject`'s, or `Any`'s) receivers are matched by object, never by type; so are the metatypes of
                // an existential metatype (`any Shape.Type`, `AnyClass`, `Any.Type`).
                throw HookError(
                    .incompatibleScopeType, pointName: name,
                    message: "'\(name)' hooks receivers of the existential type \(String(reflecting: Receiver.self)), "
                        + "which takes no type scope (\(String(reflecting: type)) given): "
                        + (_TypeKind.isExistentialMetatype(Receiver.self) || Receiver.self == (any Error).self
                            ? "hook every receiver and test the type inside the hook"
                            : "hook every receiver (and test the type inside the hook), or one object with .object(_:)")
                )
            }
            guard type is Receiver.Type else {
                throw HookError(
                    .incompatibleScopeType, pointName: name,
                    message: "'\(name)' hooks receivers of type \(String(reflecting: Receiver.self)); "
                        + "\(String(reflecting: type)) is neither that type nor a subtype of it")
            }
            if _TypeKind.isExistential(type) {
                throw HookError(
                    .incompatibleScopeType, pointName: name,
                    message: "'\(name)' hooks receivers of type \(String(reflecting: Receiver.self)); "
                        + "\(String(reflecting: type)) is an existential, which no receiver has as its dynamic type: "
                        + "hook every receiver (and test the type inside the hook), or one object with .object(_:)")
            }
            return exact ? .exactType(type) : .type(type)
        case .instance(let object):
            return try resolveObjectScope(object, receivers: Receiver.self, pointName: name)
        }
    }

    /// The validated form of an object scope for a point whose receivers are `Receiver`s.
    ///
    /// A function of its own: its cast to `Receiver` needs the metadata of `Receiver?`, which the generic `resolve`
    /// would otherwise look up for every scope, every-receiver ones included (about 300 instructions per
    /// registration).
    @inline(never)
    private static func resolveObjectScope<Receiver>(
        _ object: AnyObject, receivers _: Receiver.Type, pointName name: String
    ) throws(HookError) -> Self {
        if Receiver.self == (any Error).self {
            throw HookError(
                .instanceScopeNeedsObjectReceiver, pointName: name,
                message: "'\(name)' hooks receivers of type any Error, which reach each call in a box of their own (a "
                    + "new one for each conversion to any Error), so a call cannot be matched to an object; check "
                    + "the error inside an every-receiver hook ((error as? MyError) === object)")
        }
        // A value or a metatype passed as `AnyObject` is boxed, and the box casts to the receiver type: hooking it
        // would hook a box that dies at once. Only a receiver that is itself an object has an identity.
        if let receiver = object as? Receiver {
            let receiverType = Swift.type(of: receiver as Any)
            guard receiverType is AnyObject.Type else {
                throw HookError(
                    .instanceScopeNeedsObjectReceiver, pointName: name,
                    message: "'\(name)': the object scope was given a \(String(reflecting: receiverType)), "
                        + "which is not itself an object (passed as AnyObject, it is boxed, and a box has no "
                        + "identity); \(otherScopes(for: Receiver.self))")
            }
            // On a point whose receivers are `Any` or `AnyObject`, or a protocol that `NSObject` conforms to
            // (`any Hashable`, `any CustomStringConvertible`) where Foundation's box is an `NSObject`, the box itself
            // casts to the receiver type.
            guard !_TypeKind.isSwiftValueBox(object) else {
                throw HookError(
                    .instanceScopeNeedsObjectReceiver, pointName: name,
                    message: "'\(name)': the object scope was given a Swift value boxed as AnyObject, which has no "
                        + "identity of its own (calls pass the value, never this box); "
                        + otherScopes(for: Receiver.self))
            }
            return .instance(_WeakObject(object))
        }
        if _TypeKind.isValue(Receiver.self) {
            throw HookError(
                .instanceScopeNeedsObjectReceiver, pointName: name,
                message: "'\(name)' hooks values of type \(String(reflecting: Receiver.self)), which have no "
                    + "identity; use a type scope or check the value inside an every-receiver hook")
        }
        throw HookError(
            .objectIsNotAReceiver, pointName: name,
            message: "'\(name)' hooks receivers of type \(String(reflecting: Receiver.self)); the object of "
                + "type \(String(reflecting: Swift.type(of: object))) is not one")
    }

    /// What to use instead of an object scope that a point whose receivers are `Receiver`s refused: the type scopes it
    /// takes, if any, or an every-receiver hook.
    private static func otherScopes<Receiver>(for _: Receiver.Type) -> String {
        if let receiverClass = _TypeKind.classOfMetatype(Receiver.self) {
            return
                "use .exactType(_:) for the calls on one class (\(String(reflecting: receiverClass)) or a subclass), "
                + "or check the receiver inside an every-receiver hook"
        }
        if _TypeKind.isExistential(Receiver.self) || _TypeKind.isExistentialMetatype(Receiver.self) {
            return "check the receiver inside an every-receiver hook (a point whose receivers are "
                + "\(String(reflecting: Receiver.self)) takes no type scope)"
        }
        return "use a type scope or check the receiver inside an every-receiver hook"
    }

    /// The validated form of a type scope on a point that hooks class methods: its receivers are classes
    /// (`Base.self`, `Sub.self`), of types `Base.Type`, `Sub.Type`.
    ///
    /// Only exact scopes apply: a metatype has no superclass for a type scope to follow, so `.type(Base.Type.self)`
    /// would hook `Base`'s calls and not `Sub`'s. It is refused rather than half applied.
    private static func resolveClassMethodScope(
        _ type: Any.Type, exact: Bool, receiverClass: AnyClass, pointName name: String
    ) throws(HookError) -> Self {
        guard let scopeClass = _TypeKind.classOfMetatype(type),
            _TypeKind.isClass(scopeClass, inheritingFrom: receiverClass)
        else {
            throw HookError(
                .incompatibleScopeType, pointName: name,
                message: "'\(name)' hooks class methods of \(String(reflecting: receiverClass)) and its subclasses; "
                    + "\(String(reflecting: type)) is not the metatype of one of them")
        }
        guard exact else {
            throw HookError(
                .incompatibleScopeType, pointName: name,
                message: "'\(name)' hooks class methods, whose receivers are classes: a type scope cannot follow "
                    + "their hierarchy; use .exactType(\(String(reflecting: type)).self) for the calls on one class, "
                    + "or hook every receiver and test the class inside the hook")
        }
        return .exactType(type)
    }
}
