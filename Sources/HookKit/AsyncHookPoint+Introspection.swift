/// Listing an async point's hooks.
extension AsyncThrowingHookPoint {
    /// Every registered hook of the point, in registration order.
    ///
    /// `once` hooks that fired and instance hooks whose object died are not listed (and the latter are removed from
    /// the point).
    public var hooks: [HookDescription] {
        existingStorage?.allHooks ?? []
    }

    /// The hooks a call on `receiver` runs, in call order: before hooks, overrides (outermost first), after hooks.
    ///
    /// While hooks are switched off (``Hooks/isEnabled``), it still lists them, although a call runs none.
    ///
    /// ```swift
    /// for hook in Client.fetch.hooks(for: client) {
    ///     print(hook)
    /// }
    /// ```
    public func hooks(for receiver: Receiver) -> [HookDescription] {
        guard let storage = existingStorage else { return [] }
        let dynamicType = _ScopeIndex<Receiver, AnyObject>.dynamicType(of: receiver)
        let object = _ScopeIndex<Receiver, AnyObject>.objectIdentifier(of: receiver)
        return storage.hooks(forType: dynamicType, object: object)
    }

    /// The hooks a call on a receiver of dynamic type `type` runs, in call order, leaving out instance hooks.
    ///
    /// On a point whose receiver is a class, a value type or an optional, a type that no receiver can have (neither
    /// the receiver type nor one of its subtypes) gets no hooks. On a point that hooks class methods (`Feed.Type`),
    /// pass a metatype: `hooks(forType: CachedFeed.Type.self)` for a subclass. On a point that hooks a protocol (or
    /// `AnyObject`, or `Any`), or whose receivers are an existential metatype (`any P.Type`, `AnyClass`), which take no
    /// type scopes, every type gets the hooks that apply to every receiver, whether or not a receiver can have it:
    /// conformance is not checked.
    public func hooks(forType type: Any.Type) -> [HookDescription] {
        guard let storage = existingStorage else { return [] }
        guard _TypeKind.canBeReceiver(type, of: Receiver.self) else {
            storage.removeExpiredInstanceHooks()  // as any introspection does, whatever it lists
            return []
        }
        return storage.hooks(forType: type, object: nil)
    }
}
