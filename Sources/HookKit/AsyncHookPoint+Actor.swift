/// Hook points on methods of actors, whose bodies run isolated to the receiver.
///
/// ```swift
/// actor Inventory {
///     static let reserve = AsyncHookPoint<Inventory, String, Bool>("Inventory.reserve")
///
///     var stock: [String: Int] = ["shoes": 1]
///
///     func reserve(_ item: String) async -> Bool {
///         await Self.reserve.invoke(self, item) { inventory, item in
///             guard inventory.stock[item, default: 0] > 0 else { return false }
///             inventory.stock[item, default: 0] -= 1   // isolated: no `await`
///             return true
///         }
///     }
/// }
/// ```
///
/// The body's first parameter is `isolated`: the body runs on the executor of the receiver it is called with, and
/// touches the actor's state synchronously. The call itself, with its hooks and overrides, runs in the isolation of
/// the actor method that calls it, so when that method calls `invoke` on `self` the whole call runs on the actor
/// without switching executors. Arguments and result cross into the body's isolation, hence `Sendable`. See
/// <doc:AsyncMethodsAndActors>.
extension AsyncThrowingHookPoint where Receiver: Actor, Arguments: Sendable, Result: Sendable {
    /// The signature of an actor method's body: isolated to the receiver it is called with.
    public typealias IsolatedImplementation =
        @Sendable (isolated Receiver, Arguments) async throws(Failure) -> Result

    /// The signature of the body of an actor method without arguments (`Arguments == Void`): isolated to the receiver
    /// it is called with.
    public typealias IsolatedReceiverImplementation = @Sendable (isolated Receiver) async throws(Failure) -> Result

    /// Creates a hook point for a method of an actor, with the method's body, isolated to the receiver.
    ///
    /// ```swift
    /// actor Counter {
    ///     static let increment = AsyncHookPoint<Counter, Int, Int>("Counter.increment") { counter, amount in
    ///         counter.value += amount
    ///         return counter.value
    ///     }
    ///
    ///     var value = 0
    ///
    ///     func increment(by amount: Int) async -> Int {
    ///         await Self.increment.invoke(self, amount)
    ///     }
    /// }
    /// ```
    ///
    /// Call it with ``invoke(_:_:)-(_,Arguments)`` only: passing a body to `invoke` as well is a programming error, as
    /// for ``init(_:body:)-(_,Implementation)``. A debug build stops the program at that call; an optimized build runs
    /// the passed body until the call runs an override, and then stops.
    ///
    /// - Parameters:
    ///   - name: A name for people, conventionally `"Type.method"`.
    ///   - body: The method's implementation, isolated to the receiver it is called with.
    @inlinable
    public init(_ name: String, body: @escaping IsolatedImplementation) {
        self.init(name, body: _ActorBodyClosure(body).implementation())
    }

    /// Runs the hooks and overrides that apply to `receiver` around `body`, an actor method's implementation isolated
    /// to the receiver.
    ///
    /// ```swift
    /// func reserve(_ item: String) async -> Bool {
    ///     await Self.reserve.invoke(self, item) { inventory, item in inventory.take(item) }
    /// }
    /// ```
    ///
    /// The call runs isolated to `receiver` (an actor method calling its own point is already there); hooks and
    /// overrides run on the receiver's executor, and `original` runs the body isolated to the receiver it is given.
    ///
    /// - Parameters:
    ///   - receiver: The actor the method is called on.
    ///   - arguments: The method's arguments; a tuple for several.
    ///   - body: The method's own implementation, isolated to the receiver it is called with. It should capture
    ///     nothing: a closure that captures is allocated on every call.
    /// - Returns: The result of the override chain, or of `body` when there is no override.
    /// - Throws: What `body` or an override throws. After hooks do not run for a call that throws.
    @inlinable @inline(__always)
    public func invoke(
        _ receiver: isolated Receiver, _ arguments: Arguments, _ body: @escaping IsolatedImplementation
    ) async throws(Failure) -> Result {
        try await _invoke(receiver, arguments, _ActorBodyClosure(body))
    }

    /// Runs the hooks and overrides that apply to `receiver` around `body`, for an actor method without arguments.
    ///
    /// ```swift
    /// func drain() async -> Int {
    ///     await Self.drain.invoke(self) { inventory in inventory.removeAll() }
    /// }
    /// ```
    @inlinable @inline(__always)
    public func invoke(
        _ receiver: isolated Receiver, _ body: @escaping IsolatedReceiverImplementation
    ) async throws(Failure) -> Result where Arguments == Void {
        try await _invoke(receiver, (), _ActorReceiverBodyClosure(body))
    }
}
