/// The type-erased face of a hook point's storage, for tokens and the global registry.
protocol _AnyHookPointStorage: AnyObject, Sendable {
    /// The point's name.
    var name: String { get }
    /// Removes the registration with `id`; `false` if it was no longer registered.
    func cancel(_ id: UInt64) -> Bool
    /// Whether the registration with `id` is still registered (and, for an instance scope, its
    /// object is alive).
    func isRegistered(_ id: UInt64) -> Bool
    /// Recompiles and republishes after a change of the global configuration.
    func globalConfigurationDidChange()
    /// Forgets instance hooks whose objects died, republishing if there were any.
    func removeExpiredInstanceHooks()
}
