/// Registration, cancellation and introspection.
extension _HookPointStorage {
    /// Registers a hook and publishes the new chains before returning.
    func register(
        _ payload: Registration.Payload, scope: HookScope<Receiver>, priority: Int, label: String?, once: Bool
    ) throws(HookError) -> HookToken {
        let resolved = try _ResolvedScope.resolve(scope, pointName: name, label: label)
        let registration = registrationType.init(
            id: _RegistrationID.next(), payload: payload, scope: resolved, priority: priority, label: label,
            isOnce: once)
        try insert(registration)
        return HookToken(storage: self, hook: registration.hookDescription)
    }

    /// Registers an override (called from the inlinable ``ThrowingHookPoint/override(_:priority:label:once:_:)``).
    @usableFromInline
    func registerOverride(
        _ provider: @escaping @Sendable (HookOriginal<Receiver, Arguments, Result, Failure>) -> Chain.Implementation,
        scope: HookScope<Receiver>, priority: Int, label: String?,
        once: Bool
    ) throws(HookError) -> HookToken {
        try register(.override(provider), scope: scope, priority: priority, label: label, once: once)
    }
}
