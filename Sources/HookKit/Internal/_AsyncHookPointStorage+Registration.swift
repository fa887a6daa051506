/// Registration, cancellation and introspection.
extension _AsyncHookPointStorage {
    /// Registers a hook and publishes the new chains before returning.
    func register(
        _ payload: Registration.Payload, scope: HookScope<Receiver>, priority: Int, label: String?, once: Bool
    ) throws(HookError) -> HookToken {
        let resolved = try _ResolvedScope.resolve(scope, pointName: name)
        let registration = Registration(
            id: _RegistrationID.next(), payload: payload, scope: resolved, priority: priority, label: label,
            isOnce: once)
        let target = lock.withLock {
            registrations[registration.id] = registration
            for stale in levels.insert(registration) {
                registrations[stale.id] = nil
            }
            version += 1
            return version
        }
        publish(atLeast: target)
        return HookToken(storage: self, hook: registration.hookDescription)
    }

    /// Registers an override (called from the inlinable
    /// ``AsyncThrowingHookPoint/override(_:priority:label:once:_:)``).
    @usableFromInline
    func registerOverride(
        _ provider:
            @escaping @Sendable (AsyncHookOriginal<Receiver, Arguments, Result, Failure>)
            -> Chain.Implementation,
        scope: HookScope<Receiver>, priority: Int, label: String?, once: Bool
    ) throws(HookError) -> HookToken {
        try register(.override(provider), scope: scope, priority: priority, label: label, once: once)
    }

    func cancel(_ id: UInt64) -> Bool {
        let change: (target: UInt64, wasLive: Bool)? = lock.withLock {
            guard let registration = registrations.removeValue(forKey: id) else { return nil }
            _ = levels.remove(registration)
            version += 1
            return (version, registration.isLive)
        }
        guard let change else { return false }
        publish(atLeast: change.target)
        return change.wasLive
    }

    func isRegistered(_ id: UInt64) -> Bool {
        lock.withLock { registrations[id]?.isLive ?? false }
    }

    func globalConfigurationDidChange() {
        let target = lock.withLock {
            version += 1
            return version
        }
        publish(atLeast: target)
    }

    /// Forgets instance hooks whose objects died, republishing if there were any.
    func removeExpiredInstanceHooks() {
        let target: UInt64? = lock.withLock {
            let dead = levels.removeDeadInstances()
            guard !dead.isEmpty else { return nil }
            for registration in dead {
                registrations[registration.id] = nil
            }
            version += 1
            return version
        }
        if let target {
            publish(atLeast: target)
        }
    }

    /// Every live registration, in registration order.
    var allHooks: [HookDescription] {
        removeExpiredInstanceHooks()
        return lock.withLock {
            registrations.values.filter(\.isLive).sorted { $0.id < $1.id }.map(\.hookDescription)
        }
    }

    /// The hooks a call on a receiver of dynamic type `type` (and, optionally, identity `object`) runs, in call
    /// order.
    func hooks(forType type: Any.Type, object: ObjectIdentifier?) -> [HookDescription] {
        removeExpiredInstanceHooks()
        let levels = lock.withLock { self.levels }
        let (befores, overrides, afters) = _LevelHooks.callOrder(of: levels.levels(forType: type, object: object))
        return (befores.array + overrides.array + afters.array).filter(\.isLive).map(\.hookDescription)
    }
}
