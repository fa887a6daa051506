/// A validated scope, as stored with a registration.
enum _ResolvedScope {
    /// Every receiver of the point.
    case all
    /// A type and its subtypes.
    case type(Any.Type)
    /// Exactly one type.
    case exactType(Any.Type)
    /// One object, held weakly.
    case instance(_WeakObject)

    /// The public description of the scope.
    var description: HookScopeDescription {
        switch self {
        case .all:
            return .all
        case .type(let type):
            return .type(_TypeNames.shared.name(of: type))
        case .exactType(let type):
            return .exactType(_TypeNames.shared.name(of: type))
        case .instance(let object):
            return .instance(typeName: _TypeNames.shared.name(of: object.dynamicType), address: object.address)
        }
    }
}
