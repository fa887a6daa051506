/// A printable, `Sendable` description of the scope a hook was registered for.
///
/// Introspection (``ThrowingHookPoint/hooks``) and traces (``HookTraceEvent``) use it, so that they
/// never keep a hooked object alive.
public enum HookScopeDescription: Sendable, Hashable, CustomStringConvertible {
    /// Every receiver of the point.
    case all
    /// The named type and its subtypes.
    case type(String)
    /// Exactly the named type, not its subtypes.
    case exactType(String)
    /// One object, identified by its type name and its address at registration.
    case instance(typeName: String, address: UInt)

    /// A short form such as `all`, `type(Shop.Sub)`, `exactType(Shop.Sub)` or `instance(Shop.Sub<0x…>)`.
    public var description: String {
        switch self {
        case .all:
            return "all"
        case .type(let name):
            return "type(\(name))"
        case .exactType(let name):
            return "exactType(\(name))"
        case .instance(let typeName, let address):
            return "instance(\(typeName)<0x\(String(address, radix: 16))>)"
        }
    }
}
