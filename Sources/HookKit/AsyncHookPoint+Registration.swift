/// Registering before hooks, after hooks and overrides on an async point.
extension AsyncThrowingHookPoint {
    /// The signature of an `async` before hook.
    ///
    /// It runs in the isolation of the call, without switching executors. Write it without a capture list: Swift 6.3
    /// infers an async closure that has one as `@concurrent`, which runs off the caller's actor; and pass a function
    /// or a stored closure only if it is `nonisolated(nonsending)` (declared so, or stored with this type), for the
    /// same reason (see <doc:AsyncMethodsAndActors>).
    public typealias AsyncBeforeHook =
        nonisolated(nonsending) @Sendable (_ receiver: Receiver, _ arguments: Arguments) async -> Void

    /// The signature of an `async` after hook.
    ///
    /// It runs in the isolation of the call, without switching executors. Write it without a capture list: Swift 6.3
    /// infers an async closure that has one as `@concurrent`, which runs off the caller's actor; and pass a function
    /// or a stored closure only if it is `nonisolated(nonsending)` (declared so, or stored with this type), for the
    /// same reason (see <doc:AsyncMethodsAndActors>).
    public typealias AsyncAfterHook =
        nonisolated(nonsending) @Sendable (_ receiver: Receiver, _ arguments: Arguments, _ result: Result) async -> Void

    /// Registers a synchronous hook that runs before the implementation.
    ///
    /// ```swift
    /// let token = try Client.fetch.before(label: "audit") { client, id in
    ///     audit.record(id)
    /// }
    /// ```
    ///
    /// A synchronous hook runs inline, in the call's isolation, without an async call of its own.
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

    /// Registers an `async` hook that runs before the implementation.
    ///
    /// ```swift
    /// try Client.fetch.before(label: "rate limit") { client, id in
    ///     await limiter.waitForTurn()
    /// }
    /// ```
    ///
    /// The call awaits the hook before it runs the next one: before hooks run one after another, in contract order,
    /// in the call's isolation.
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
        _ hook: @escaping AsyncBeforeHook
    ) throws(HookError) -> HookToken {
        try storage.register(.asyncBefore(hook), scope: scope, priority: priority, label: label, once: once)
    }

    /// Registers a synchronous hook that runs after the implementation, with its result.
    ///
    /// After hooks do not run for a call that throws.
    ///
    /// ```swift
    /// try Client.fetch.after { client, id, item in
    ///     cache.store(item, for: id)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The receivers the hook applies to; every receiver by default. A closure stored in a
    ///     variable, or written inside the parentheses, goes after a scope (`.all`): passed alone it would be taken
    ///     for the scope. Write a closure literal as a trailing closure.
    ///   - priority: Higher runs later than other after hooks of the same scope level (it sits further out,
    ///     symmetric with before hooks).
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

    /// Registers an `async` hook that runs after the implementation, with its result.
    ///
    /// After hooks do not run for a call that throws.
    ///
    /// ```swift
    /// try Client.fetch.after { client, id, item in
    ///     await analytics.record(item)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The receivers the hook applies to; every receiver by default. A closure stored in a
    ///     variable, or written inside the parentheses, goes after a scope (`.all`): passed alone it would be taken
    ///     for the scope. Write a closure literal as a trailing closure.
    ///   - priority: Higher runs later than other after hooks of the same scope level.
    ///   - label: A name for introspection (``HookDescription``) and traces.
    ///   - once: Run at most once (also under concurrent calls), then remove itself.
    ///   - hook: Receives the receiver, the arguments and the result.
    /// - Returns: A token that cancels the hook.
    /// - Throws: ``HookError`` when the scope does not fit the point's receiver type, or when called from inside one
    ///   of the point's override providers (``HookError/Code-swift.struct/registrationInsideOverrideProvider``).
    @discardableResult
    public func after(
        _ scope: HookScope<Receiver> = .all, priority: Int = 0, label: String? = nil, once: Bool = false,
        _ hook: @escaping AsyncAfterHook
    ) throws(HookError) -> HookToken {
        try storage.register(.asyncAfter(hook), scope: scope, priority: priority, label: label, once: once)
    }

    /// Registers a replacement implementation, built from the original it may call.
    ///
    /// `provider` receives `original`, the next implementation down the chain (another override, or finally the
    /// method's body), and returns the replacement. The replacement may call `original` zero, one or several times,
    /// with changed arguments, before or after suspension points, and may change the result:
    ///
    /// ```swift
    /// try Client.fetch.override(.instance(client)) { original in
    ///     { client, id in
    ///         let item = try await original(client, id)
    ///         return item.uppercased()
    ///     }
    /// }
    /// ```
    ///
    /// Overrides chain like subclassing: the most specific scope is outermost, and within a scope level the higher
    /// priority, then the newest, is outermost. HookKit calls `provider` when it compiles a chain this override is part
    /// of, and again only when the part of the chain inside it changes; keep the provider free of side effects (a hook
    /// it registers on this point, on its thread, is refused with
    /// ``HookError/Code-swift.struct/registrationInsideOverrideProvider``). Call `original` inside the replacement, in
    /// tasks it starts, or after it returned from tasks it started with `Task {}`; not from a detached task, unless the
    /// point declares its body.
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
        storage.installBodyCall(_AsyncHookPointStorage.makeBodyCall(site: storage.site))
        return try storage.registerOverride(provider, scope: scope, priority: priority, label: label, once: once)
    }
}
