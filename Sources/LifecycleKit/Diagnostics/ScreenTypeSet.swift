/// An editable set of screen types that matches a type and its subtypes.
///
/// Statistics and leak detection use it for their excluded types. Unlike the exact class-name lists
/// of RRViewControllerExtension, a member matches its subclasses too, so excluding
/// ``NavigationController`` also excludes every navigation-controller subclass.
///
/// ```swift
/// var excluded: ScreenTypeSet = [NavigationController.self]
/// excluded.insert(SplashScreen.self)
/// excluded.matches(CheckoutNavigation.self)   // true: a NavigationController subclass
/// excluded.contains(CheckoutNavigation.self)  // false: not a member itself
/// ```
public struct ScreenTypeSet: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The members, by type identity, with their names for descriptions.
    private var members: [ObjectIdentifier: String] = [:]

    /// Creates a set holding `types`.
    public init(_ types: [Screen.Type] = []) {
        for type in types {
            insert(type)
        }
    }

    /// Creates a set holding the listed types.
    public init(arrayLiteral types: Screen.Type...) {
        self.init(types)
    }

    /// The number of member types.
    public var count: Int { members.count }

    /// Whether the set has no member.
    public var isEmpty: Bool { members.isEmpty }

    /// Adds `type`; it then matches `type` and its subtypes.
    ///
    /// - Returns: Whether `type` was not a member yet.
    @discardableResult
    public mutating func insert(_ type: Screen.Type) -> Bool {
        members.updateValue(String(describing: type), forKey: ObjectIdentifier(type)) == nil
    }

    /// Removes `type` (not its subtypes, which are members only if inserted themselves).
    ///
    /// - Returns: Whether `type` was a member.
    @discardableResult
    public mutating func remove(_ type: Screen.Type) -> Bool {
        members.removeValue(forKey: ObjectIdentifier(type)) != nil
    }

    /// Whether `type` itself is a member.
    public func contains(_ type: Screen.Type) -> Bool {
        members[ObjectIdentifier(type)] != nil
    }

    /// Whether `type` or one of its superclasses is a member.
    public func matches(_ type: Screen.Type) -> Bool {
        guard !members.isEmpty else { return false }
        return Self._lineage(of: type).contains { members[$0] != nil }
    }

    /// The member type names, sorted, between brackets: `[NavigationController, SplashScreen]`.
    public var description: String {
        "[" + members.values.sorted().joined(separator: ", ") + "]"
    }

    /// `type`, then its superclasses up to ``Screen``, most specific first.
    static func _lineage(of type: Screen.Type) -> [ObjectIdentifier] {
        var lineage: [ObjectIdentifier] = []
        var current: AnyClass? = type
        while let candidate = current {
            lineage.append(ObjectIdentifier(candidate))
            if ObjectIdentifier(candidate) == ObjectIdentifier(Screen.self) { break }
            current = _getSuperclass(candidate)
        }
        return lineage
    }
}
