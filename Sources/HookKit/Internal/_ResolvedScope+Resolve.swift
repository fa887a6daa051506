/// Checking a requested scope against a point's receiver type.
extension _ResolvedScope {
    /// The validated form of `scope` for a point named `pointName` whose receivers are `Receiver`s.
    ///
    /// Shared by every kind of point, so that synchronous and async points refuse the same scopes with the same
    /// typed errors.
    ///
    /// - Throws: ``HookError/Code-swift.struct/incompatibleScopeType`` for a type that is neither `Receiver` nor a
    ///   subtype of it, or that is an existential (a protocol receiver's own type), ``HookError/Code-swift.struct/instanceScopeNeedsObjectReceiver`` for an instance scope on a
    ///   value-type receiver, ``HookError/Code-swift.struct/objectIsNotAReceiver`` for an object that is not a
    ///   `Receiver`.
    static func resolve<Receiver>(_ scope: HookScope<Receiver>, pointName name: String) throws(HookError) -> Self {
        switch scope.kind {
        case .all:
            return .all
        case .type(let type, let exact):
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
            if object is Receiver {
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
    }
}
