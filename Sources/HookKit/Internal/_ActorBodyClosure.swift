/// An actor method's body, isolated to the receiver it is called with.
///
/// Calling it from the call path (which runs in the caller's isolation) switches to the receiver's executor, which
/// costs nothing more than a check when the caller is already isolated to that receiver, as an actor method calling
/// its own point is. Its arguments and result cross that boundary, hence `Sendable`.
@usableFromInline
struct _ActorBodyClosure<Receiver: Actor, Arguments: Sendable, Result: Sendable, Failure: Error>: _AsyncBody {
    @usableFromInline let body: @Sendable (isolated Receiver, Arguments) async throws(Failure) -> Result

    @inlinable
    init(_ body: @escaping @Sendable (isolated Receiver, Arguments) async throws(Failure) -> Result) {
        self.body = body
    }

    @inlinable
    nonisolated(nonsending) func call(_ receiver: Receiver, _ arguments: Arguments) async throws(Failure) -> Result {
        try await body(receiver, arguments)
    }

    @inlinable
    func implementation() -> _AsyncChain<Receiver, Arguments, Result, Failure>.Implementation {
        // No capture list: Swift 6.3 infers a closure with one as `@concurrent`, not `nonisolated(nonsending)`.
        let body = self.body
        return { receiver, arguments throws(Failure) in try await body(receiver, arguments) }
    }
}
