/// The `original` an async override receives: the implementation it replaces.
///
/// It is the next override down the chain, or finally the method's body. Call it like an async function, zero, one
/// or several times, with the arguments the override received or others, before or after any number of suspension
/// points:
///
/// ```swift
/// try Client.fetch.override { original in
///     { client, id in
///         do {
///             return try await original(client, id)
///         } catch {
///             try await Task.sleep(for: .milliseconds(100))
///             return try await original(client, id)   // one retry
///         }
///     }
/// }
/// ```
///
/// It runs in the isolation of whoever calls it, and reaches the body of the call its override is running for, also
/// after the task resumed on another thread, and from child tasks (`async let`, task groups) or tasks started with
/// `Task {}` inside the override, which inherit the call's task-local values. As with ``HookOriginal``, it is one
/// value for every call that runs its chain: when an override calls the same point again, an `original` called from
/// inside the nested call's overrides (even one kept from the outer call) reaches the nested call's body. A point
/// that declares its body has no such case: its `original` ends in that body. Spelled
/// ``AsyncThrowingHookPoint/Original`` on a point. See <doc:AsyncMethodsAndActors>.
public struct AsyncHookOriginal<Receiver, Arguments, Result, Failure: Error>: Sendable {
    @usableFromInline let implementation: _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation

    init(_ implementation: @escaping _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation) {
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
    public nonisolated(nonsending) func callAsFunction(
        _ receiver: Receiver, _ arguments: Arguments
    ) async throws(Failure) -> Result {
        try await implementation(receiver, arguments)
    }
}
