/// The `original` an override receives: the implementation it replaces.
///
/// It is the next override down the chain, or finally the method's body. Call it like a
/// function, zero, one or several times, with the arguments the override received or others:
///
/// ```swift
/// try Checkout.submit.override { original in
///     { checkout, order in
///         original(checkout, order.withDiscount(0.1))
///     }
/// }
/// ```
///
/// On a point whose calls pass their body to ``ThrowingHookPoint/invoke(_:_:_:)``, call it only while the override
/// runs, on the thread it runs on: it reaches the body of the innermost call of the point whose overrides are running
/// on that thread. An `original` is one value for every call that runs its chain, not one per call: when an override
/// calls the same point again, an `original` called from inside the nested call's overrides (even one kept from the
/// outer call) reaches the nested call's body. Called when no call of its point is running its overrides on the
/// calling thread (after the call returned, or from another thread), it has no body to run and stops the program,
/// with a message that names the point, also once the point itself is gone and inside calls of other points. On a
/// point that declares its body (``ThrowingHookPoint/init(_:body:)``), `original` ends in that body and may be called
/// at any time, from any thread, also after the point is gone.
///
/// Spelled ``ThrowingHookPoint/Original`` on a point.
public struct HookOriginal<Receiver, Arguments, Result, Failure: Error>: Sendable {
    @usableFromInline let implementation: @Sendable (Receiver, Arguments) throws(Failure) -> Result

    init(_ implementation: @escaping @Sendable (Receiver, Arguments) throws(Failure) -> Result) {
        self.implementation = implementation
    }

    /// Calls the original implementation with `receiver` and `arguments` (which may differ from the ones the
    /// override received).
    ///
    /// The rest of the chain is the one chosen for the receiver the call was made on: passing another receiver
    /// changes what the inner overrides and the body receive, not which of them run. An inner override scoped to a
    /// type may then receive an object of another type; pass the receiver you were given unless the inner links
    /// expect otherwise.
    @inlinable
    public func callAsFunction(_ receiver: Receiver, _ arguments: Arguments) throws(Failure) -> Result {
        try implementation(receiver, arguments)
    }
}
