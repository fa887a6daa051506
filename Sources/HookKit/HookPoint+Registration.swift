/// Registering before hooks, after hooks and overrides.
extension ThrowingHookPoint {
    /// Registers a hook that runs before the implementation.
    ///
    /// ```swift
    /// let token = try Checkout.submit.before(.type(GiftCheckout.self), label: "wrap") { checkout, order in
    ///     checkout.addWrapping(to: order)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The receivers the hook applies to; every receiver by default. A closure stored in a
    ///     variable, or written inside the parentheses, goes after a scope (`.all`): passed alone it would be taken
    ///     for the scope. Write a closure literal as a trailing closure.
    ///   - priority: Higher runs earlier than other before hooks of the same scope level.
    ///   - label: A name for introspection (``HookDescription``) and traces.
    ///   - once: Run at most once (also under concurrent calls), then remove itself.
    ///   - hook: Receives the receiver and the arguments.
    /// - Returns: A token that cancels the hook.
    /// - Throws: ``HookError`` when the scope does not fit the point's receiver type, or when called from inside one
    ///   of the point's override providers (``HookError/Code-swift.struct/registrationInsideOverrideProvider``).
    @discardableResult
    public func before(
        _ scope: HookScope<Receiver> = .all, priority: Int = 0, label: String? = nil, once: Bool = false,
        _ hook: @escaping @Sendable (_ receiver: Receiver, _ arguments: Arguments) -> Void
    ) throws(HookError) -> HookToken {
        try storage.register(.before(hook), scope: scope, priority: priority, label: label, once: once)
    }

    /// Registers a hook that runs after the implementation, with its result.
    ///
    /// After hooks do not run for a call that throws.
    ///
    /// ```swift
    /// try Checkout.submit.after { checkout, order, receipt in
    ///     analytics.record(receipt)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The receivers the hook applies to; every receiver by default. A closure stored in a
    ///     variable, or written inside the parentheses, goes after a scope (`.all`): passed alone it would be taken
    ///     for the scope. Write a closure literal as a trailing closure.
    ///   - priority: Higher runs later than other after hooks of the same scope level (it sits
    ///     further out, symmetric with before hooks).
    ///   - label: A name for introspection (``HookDescription``) and traces.
    ///   - once: Run at most once (also under concurrent calls), then remove itself.
    ///   - hook: Receives the receiver, the arguments and the result.
    /// - Returns: A token that cancels the hook.
    /// - Throws: ``HookError`` when the scope does not fit the point's receiver type, or when called from inside one
    ///   of the point's override providers (``HookError/Code-swift.struct/registrationInsideOverrideProvider``).
    @discardableResult
    public func after(
        _ scope: HookScope<Receiver> = .all, priority: Int = 0, label: String? = nil, once: Bool = false,
        _ hook: @escaping @Sendable (_ receiver: Receiver, _ arguments: Arguments, _ result: Result) -> Void
    ) throws(HookError) -> HookToken {
        try storage.register(.after(hook), scope: scope, priority: priority, label: label, once: once)
    }

    /// Registers a replacement implementation, built from the original it may call.
    ///
    /// `provider` receives `original`, the next implementation down the chain (another override,
    /// or finally the method's body), and returns the replacement. The replacement may call
    /// `original` zero, one or several times, with changed arguments, and may change the result:
    ///
    /// ```swift
    /// try Checkout.submit.override(.instance(checkout)) { original in
    ///     { checkout, order in
    ///         var receipt = original(checkout, order.withDiscount(0.1))
    ///         receipt.note = "discounted"
    ///         return receipt
    ///     }
    /// }
    /// ```
    ///
    /// Overrides chain like subclassing: the most specific scope is outermost, and within a scope level the higher
    /// priority, then the newest, is outermost. Cancelling any link leaves a correct chain. HookKit calls `provider`
    /// when it compiles a chain this override is part of, and again only when the part of the chain inside it changes;
    /// keep the provider free of side effects (a hook it registers on this point, on its thread, is refused with
    /// ``HookError/Code-swift.struct/registrationInsideOverrideProvider``). Call `original` only while the replacement
    /// runs, on its thread (otherwise it stops the program), unless the point declares its body (``init(_:body:)``):
    /// then `original` ends in that body and works anywhere.
    ///
    /// - Parameters:
    ///   - scope: The receivers the override applies to; every receiver by default. A closure stored in a
    ///     variable, or written inside the parentheses, goes after a scope (`.all`): passed alone it would be taken
    ///     for the scope. Write a closure literal as a trailing closure.
    ///   - priority: Higher wraps the other overrides of the same scope level.
    ///   - label: A name for introspection (``HookDescription``) and traces.
    ///   - once: Replace one entry only (also under concurrent calls), then remove itself: the first time a call
    ///     reaches the override. An outer override that calls `original` twice reaches it once, then what it wraps.
    ///   - provider: Builds the replacement from `original`.
    /// - Returns: A token that cancels the override.
    /// - Throws: ``HookError`` when the scope does not fit the point's receiver type, or when called from inside one
    ///   of the point's override providers (``HookError/Code-swift.struct/registrationInsideOverrideProvider``).
    @inlinable @discardableResult
    public func override(
        _ scope: HookScope<Receiver> = .all, priority: Int = 0, label: String? = nil, once: Bool = false,
        _ provider: @escaping @Sendable (_ original: Original) -> Implementation
    ) throws(HookError) -> HookToken {
        let storage = self.storage
        // Created here, in the registering module, so that it is specialized for the point's types.
        storage.installBodyCall(
            _HookPointStorage.makeBodyCall(
                owner: storage.frameKey, name: name, declaredBody: storage.declaredBody))
        return try storage.registerOverride(provider, scope: scope, priority: priority, label: label, once: once)
    }
}
