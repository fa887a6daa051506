/// A method body as an async call receives it: called directly by a call without overrides, and turned into an
/// escaping implementation only when an override chain needs to reach it through the call's task-local binding.
///
/// The call path is generic over it, so that a body of another shape (an actor's `isolated` body, a body without
/// arguments) costs no wrapping closure, hence no allocation, on calls that only call it.
@usableFromInline
protocol _AsyncBody<Receiver, Arguments, Result, Failure>: Sendable {
    associatedtype Receiver
    associatedtype Arguments
    associatedtype Result
    associatedtype Failure: Error

    /// Calls the body.
    nonisolated(nonsending) func call(_ receiver: Receiver, _ arguments: Arguments) async throws(Failure) -> Result

    /// The body as an implementation an override chain can end in (may allocate a wrapping closure).
    func implementation() -> _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation
}
